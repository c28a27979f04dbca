package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/groupmem/groupmem/store/sqlite"
	"github.com/groupmem/groupmem/store/storetest"
)

// groupmem export writes a group's archive to a file, whole; groupmem
// import restores it into an empty group of another ledger, and refuses
// it in a ledger that holds its ids already, naming the line.
func TestExportImportCommands(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	src := filepath.Join(dir, "a.db")
	l, err := sqlite.Open(ctx, sqlite.Config{Path: src})
	if err != nil {
		t.Fatal(err)
	}
	vectors := map[string][]float32{}
	for i, id := range storetest.FillGroup(t, l, "team-a") {
		vectors[id] = []float32{1, float32(i), 0, 0, 0, 0, 0, 1}
	}
	if err := l.SetEmbeddings(ctx, vectors); err != nil {
		t.Fatal(err)
	}
	l.Close()
	file := filepath.Join(dir, "team-a.jsonl")
	// The embedder that made the vectors, by their dimension.
	env := map[string]string{"GROUPMEM_SQLITE_PATH": src, "GROUPMEM_LOCAL_EMBEDDER": "hashing", "GROUPMEM_EMBED_DIM": "8"}
	if _, _, err := runCmd(t, env, "export", "-o", file); err == nil || !strings.Contains(err.Error(), "-group") {
		t.Errorf("export without a group = %v", err)
	}
	if _, stderr, err := runCmd(t, env, "export", "-group", "team-a", "-messages", "-o", file); err != nil ||
		!strings.Contains(stderr, "3 memory versions, 4 changes, 3 runs, 5 messages") {
		t.Fatalf("export = %v\n%s", err, stderr)
	}
	body, err := os.ReadFile(file)
	if err != nil || !strings.HasSuffix(string(body), "}\n") || strings.Count(string(body), "\n") != 1+3+5+3+4+1 {
		t.Fatalf("the file holds %d lines: %v", strings.Count(string(body), "\n"), err)
	}
	if _, _, err := runCmd(t, env, "import", "-group", "team-b", file); err == nil || !strings.Contains(err.Error(), "line 2:") {
		t.Errorf("import into the same ledger = %v; want its first run refused", err)
	}
	dst := map[string]string{"GROUPMEM_SQLITE_PATH": filepath.Join(dir, "b.db"), "GROUPMEM_LOCAL_EMBEDDER": "hashing", "GROUPMEM_EMBED_DIM": "8"}
	out, stderr, err := runCmd(t, dst, "import", "-group", "team-b", file)
	if err != nil || !strings.Contains(out, `imported group "team-b": 3 memory versions, 4 changes, 3 runs, 5 messages`) {
		t.Fatalf("import = %q, %v\n%s", out, err, stderr)
	}
	again, _, err := runCmd(t, dst, "export", "-group", "team-b", "-messages")
	_, head, _ := strings.Cut(string(body), "\n")
	_, tail, _ := strings.Cut(again, "\n")
	if err != nil || head != tail {
		t.Fatalf("the import exports another file: %v\n%s\n%s", err, head, tail)
	}
}
