package worker_test

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/embed"
	"github.com/groupmem/groupmem/store/inmem"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/sqlite"
	"github.com/groupmem/groupmem/store/storetest"
	"github.com/groupmem/groupmem/worker"
)

// transferDim is the dimension of storetest.FillGroup's vectors.
const transferDim = 4

// transferService returns a service on l, whose ledger records embedder
// as the maker of its vectors.
func transferService(t *testing.T, l groupmem.Ledger, embedder string) *worker.Service {
	t.Helper()
	if err := l.SetMeta(context.Background(), groupmem.MetaEmbedder, embedder); err != nil {
		t.Fatal(err)
	}
	e, err := embed.NewHashing(transferDim)
	if err != nil {
		t.Fatal(err)
	}
	x, err := inmem.NewIndex(transferDim)
	if err != nil {
		t.Fatal(err)
	}
	return worker.New(worker.Deps{Ledger: l, Index: x, Locker: inmem.NewLocker(), Embedder: e}, worker.Config{})
}

func openSQLite(t *testing.T) *sqlite.Ledger {
	t.Helper()
	l, err := sqlite.Open(context.Background(), sqlite.Config{Path: filepath.Join(t.TempDir(), "ledger.db")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	return l
}

// export returns group g's archive from svc.
func export(t *testing.T, svc *worker.Service, g string) string {
	t.Helper()
	var b bytes.Buffer
	if _, err := svc.Export(context.Background(), &b, g, worker.ExportOptions{Messages: true, Runs: true, Producer: "test"}); err != nil {
		t.Fatalf("Export: %v", err)
	}
	return b.String()
}

// withoutTime is an archive with its header's exported_at blanked.
func withoutTime(file string) string {
	header, rest, _ := strings.Cut(file, "\n")
	i := strings.Index(header, `"exported_at":"`)
	if i < 0 {
		return file
	}
	j := i + len(`"exported_at":"`) + len("2006-01-02T15:04:05.000000Z")
	return header[:i] + header[j+1:] + "\n" + rest
}

// TestExportImportAcrossLedgers holds the round trip: a group exported
// from SQLite, imported into Postgres and exported again gives the same
// file but for the header's time; and back from Postgres into SQLite.
func TestExportImportAcrossLedgers(t *testing.T) {
	ctx := context.Background()
	lite := openSQLite(t)
	storetest.FillGroup(t, lite, "team-a")
	first := export(t, transferService(t, lite, "test-4"), "team-a")

	pg := transferService(t, pgtest.Open(t), "test-4")
	got, err := pg.Import(ctx, "team-a", strings.NewReader(first))
	if err != nil {
		t.Fatalf("Import into Postgres: %v", err)
	}
	if got.Reembedded || got.GroupCounts != (groupmem.GroupCounts{Runs: 4, Messages: 5, Memories: 3, Changes: 4}) {
		t.Fatalf("Import = %+v", got)
	}
	second := export(t, pg, "team-a")
	if diff := cmp.Diff(withoutTime(first), withoutTime(second)); diff != "" {
		t.Fatalf("SQLite → Postgres → export differs (-sqlite +postgres):\n%s", diff)
	}

	back := transferService(t, openSQLite(t), "test-4")
	if _, err := back.Import(ctx, "team-a", strings.NewReader(second)); err != nil {
		t.Fatalf("Import into SQLite: %v", err)
	}
	if diff := cmp.Diff(withoutTime(second), withoutTime(export(t, back, "team-a"))); diff != "" {
		t.Fatalf("Postgres → SQLite → export differs (-postgres +sqlite):\n%s", diff)
	}
}

// TestImportReembedsAnotherEmbeddersVectors holds that vectors of another
// embedder never enter the ledger: the versions are embedded again.
func TestImportReembedsAnotherEmbeddersVectors(t *testing.T) {
	ctx := context.Background()
	src := openSQLite(t)
	ids := storetest.FillGroup(t, src, "g")
	file := export(t, transferService(t, src, "old-embedder"), "g")
	dst := openSQLite(t)
	got, err := transferService(t, dst, "new-embedder").Import(ctx, "g", strings.NewReader(file))
	if err != nil || !got.Reembedded {
		t.Fatalf("Import = %+v, %v; want the versions embedded again", got, err)
	}
	before, _ := src.Memory(ctx, ids[0])
	after, err := dst.Memory(ctx, ids[0])
	if err != nil || len(after.Embedding) != transferDim || cmp.Equal(before.Embedding, after.Embedding) {
		t.Fatalf("embedding after import = %v (before %v), %v", after.Embedding, before.Embedding, err)
	}
}

// TestImportRefusedWritesNothing holds that an import refused at any line
// leaves the group empty, on both ledgers.
func TestImportRefusedWritesNothing(t *testing.T) {
	ctx := context.Background()
	src := openSQLite(t)
	storetest.FillGroup(t, src, "g")
	file := export(t, transferService(t, src, "e"), "g")
	lines := strings.SplitAfter(file, "\n")
	// The version made 3 is the first version 2 of the file, whose line
	// depends on the order of the random lineage ids.
	cycle := fmt.Sprintf("line %d:", strings.Count(file[:strings.Index(file, `"version":2`)], "\n")+1)
	for name, l := range map[string]groupmem.Ledger{"sqlite": openSQLite(t), "postgres": pgtest.Open(t)} {
		svc := transferService(t, l, "e")
		for _, bad := range []struct{ name, file, want string }{
			{"cut short", strings.Join(lines[:len(lines)-2], ""), "cut short"},
			{"cycle", strings.Replace(file, `"version":2`, `"version":3`, 1), cycle},
			{"another format", strings.Replace(file, `"format":1`, `"format":2`, 1), "format version 2"},
		} {
			_, err := svc.Import(ctx, "g", strings.NewReader(bad.file))
			if groupmem.ErrorCode(err) != groupmem.EINVALID || !strings.Contains(err.Error(), bad.want) {
				t.Errorf("%s, %s: Import = %v, want invalid naming %q", name, bad.name, err, bad.want)
			}
			page, _ := l.Memories(ctx, groupmem.MemoryQuery{GroupID: "g", Limit: 1})
			if page.Total != 0 {
				t.Fatalf("%s, %s: a refused import wrote %d versions", name, bad.name, page.Total)
			}
		}
	}
}
