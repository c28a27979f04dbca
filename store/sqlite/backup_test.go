package sqlite_test

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/sqlite"
)

func batch(g string, from, n int) []groupmem.Message {
	out := make([]groupmem.Message, n)
	for i := range out {
		out[i] = groupmem.Message{GroupID: g, ID: fmt.Sprintf("m%06d", from+i), SenderID: "u1", SenderName: "Ann",
			Content: fmt.Sprintf("line %d", from+i), SentAt: time.Date(2026, 11, 1, 0, 0, from+i, 0, time.UTC)}
	}
	return out
}

func count(t *testing.T, l *sqlite.Ledger, g string) int {
	t.Helper()
	n, err := l.CountMessages(context.Background(), g, 0, math.MaxInt64)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// A backup taken while a writer goes on holds every message committed
// before it began, is a sound ledger of this schema, and restores.
func TestBackupWhileWriting(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "ledger.db")
	l := openAt(t, path, nil)
	if _, err := l.InsertMessages(ctx, batch("g", 0, 500)); err != nil {
		t.Fatal(err)
	}
	var written atomic.Int64
	written.Store(500)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		for i := 500; ; i += 50 {
			select {
			case <-stop:
				return
			default:
			}
			if _, err := l.InsertMessages(ctx, batch("g", i, 50)); err != nil {
				t.Error(err)
				return
			}
			written.Store(int64(i + 50))
		}
	})
	time.Sleep(20 * time.Millisecond)
	before := written.Load()
	out := filepath.Join(dir, "backup.db")
	err := sqlite.Backup(ctx, path, out)
	after := written.Load()
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if err := sqlite.Backup(ctx, path, out); err == nil || !strings.Contains(err.Error(), "exists") {
		t.Errorf("a second backup to the same file: %v, want a refusal", err)
	}
	b := openAt(t, out, nil)
	if n := count(t, b, "g"); int64(n) < before || int64(n) > after+50 || n%50 != 0 {
		t.Errorf("the backup holds %d messages; %d were committed before it began, %d when it ended, in batches of 50", n, before, after)
	}
	b.Close()

	// Restored over the live file (its writer stopped), the ledger is the backup.
	want := count(t, openAt(t, out, nil), "g")
	l.Close()
	if err := sqlite.Restore(ctx, out, path); err != nil {
		t.Fatal(err)
	}
	if got := count(t, openAt(t, path, nil), "g"); got != want {
		t.Errorf("after the restore the ledger holds %d messages, the backup %d", got, want)
	}
}

// Restore refuses a backup of another schema version, a file that is not
// a groupmem ledger, and a damaged one, naming why; the ledger stays.
func TestRestoreRefuses(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "ledger.db")
	l := openAt(t, path, nil)
	if _, err := l.InsertMessages(ctx, batch("g", 0, 10)); err != nil {
		t.Fatal(err)
	}
	l.Close()

	newer := filepath.Join(dir, "newer.db")
	if err := sqlite.Backup(ctx, path, newer); err != nil {
		t.Fatal(err)
	}
	exec(t, newer, `INSERT INTO schema_migrations (name, applied_at) VALUES ('9999_from_a_later_build', 0)`)
	older := filepath.Join(dir, "older.db")
	if err := sqlite.Backup(ctx, path, older); err != nil {
		t.Fatal(err)
	}
	exec(t, older, `DELETE FROM schema_migrations WHERE name = '`+sqlite.Schema()+`'`)
	foreign := filepath.Join(dir, "foreign.db")
	exec(t, foreign, `CREATE TABLE notes (x TEXT)`)
	garbage := filepath.Join(dir, "garbage.db")
	if err := os.WriteFile(garbage, []byte(strings.Repeat("not a database ", 400)), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ file, want string }{
		{newer, "schema 9999_from_a_later_build"},
		{older, "this build reads schema " + sqlite.Schema()},
		{foreign, "not a groupmem ledger"},
		{garbage, ""},
		{filepath.Join(dir, "missing.db"), "no backup file"},
	} {
		err := sqlite.Restore(ctx, c.file, path)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("restore %s: %v, want a refusal naming %q", filepath.Base(c.file), err, c.want)
		}
	}
	if n := count(t, openAt(t, path, nil), "g"); n != 10 {
		t.Errorf("after the refusals the ledger holds %d messages, want its 10", n)
	}
}

// exec runs one statement on a SQLite file directly.
func exec(t *testing.T, path, stmt string) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(stmt); err != nil {
		t.Fatal(err)
	}
}
