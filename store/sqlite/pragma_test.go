package sqlite

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// Every connection runs with the settings the ledger's guarantees rest on.
func TestConnectionPragmas(t *testing.T) {
	ctx := context.Background()
	l, err := Open(ctx, Config{Path: filepath.Join(t.TempDir(), "ledger.db"), BusyTimeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	read := func(db *sql.DB) map[string]string {
		t.Helper()
		got := map[string]string{}
		for _, p := range []string{"journal_mode", "foreign_keys", "synchronous", "busy_timeout", "query_only"} {
			var v string
			if err := db.QueryRowContext(ctx, "PRAGMA "+p).Scan(&v); err != nil {
				t.Fatalf("PRAGMA %s: %v", p, err)
			}
			got[p] = v
		}
		return got
	}
	// synchronous 1 is NORMAL.
	want := map[string]string{"journal_mode": "wal", "foreign_keys": "1", "synchronous": "1", "busy_timeout": "2000", "query_only": "0"}
	if diff := cmp.Diff(want, read(l.write)); diff != "" {
		t.Errorf("write connection (-want +got):\n%s", diff)
	}
	want["query_only"] = "1"
	if diff := cmp.Diff(want, read(l.read)); diff != "" {
		t.Errorf("read connection (-want +got):\n%s", diff)
	}
	if _, err := l.read.ExecContext(ctx, `DELETE FROM outbox`); err == nil {
		t.Error("a read connection could write")
	}
}
