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
