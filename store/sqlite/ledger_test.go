package sqlite_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/sqlite"
	"github.com/groupmem/groupmem/store/storetest"
)

// open returns a Ledger on a fresh file in the test's temporary directory,
// closed when the test ends.
func open(tb testing.TB) *sqlite.Ledger {
	tb.Helper()
	return openAt(tb, filepath.Join(tb.TempDir(), "ledger.db"), nil)
}

// openAt opens path with the clock now (time.Now when nil).
func openAt(tb testing.TB, path string, now func() time.Time) *sqlite.Ledger {
	tb.Helper()
	l, err := sqlite.Open(context.Background(), sqlite.Config{Path: path, Now: now})
	if err != nil {
		tb.Fatalf("open %s: %v", path, err)
	}
	tb.Cleanup(func() {
		if err := l.Close(); err != nil {
			tb.Errorf("close %s: %v", path, err)
		}
	})
	return l
}

func TestLedgerContract(t *testing.T) {
	storetest.TestLedger(t, func(t *testing.T) groupmem.Ledger { return open(t) })
}

func TestDirectInsertContract(t *testing.T) {
	storetest.TestDirectInserts(t, func(t *testing.T) storetest.DirectFixture {
		path := filepath.Join(t.TempDir(), "ledger.db")
		l := openAt(t, path, nil)
		db := rawDB(t, path)
		return storetest.DirectFixture{
			Ledger: l,
			Insert: func(ctx context.Context, g, id string, seq *int64) error {
				if seq == nil {
					_, err := db.ExecContext(ctx, `INSERT INTO messages (group_id, message_id, content, sent_at) VALUES (?, ?, 'direct', ?)`, g, id, time.Now().UnixNano())
					return err
				}
				_, err := db.ExecContext(ctx, `INSERT INTO messages (group_id, seq, message_id, content, sent_at) VALUES (?, ?, ?, 'direct', ?)`, g, *seq, id, time.Now().UnixNano())
				return err
			},
			Exec: func(ctx context.Context, sql string) error {
				_, err := db.ExecContext(ctx, sql)
				return err
			},
		}
	})
}
