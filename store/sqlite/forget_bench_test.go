package sqlite_test

import (
	"testing"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/storetest"
)

// BenchmarkForget: purge, redaction and retention on a SQLite file (see
// storetest.BenchForget).
func BenchmarkForget(b *testing.B) {
	storetest.BenchForget(b, func(b *testing.B) groupmem.Ledger { return open(b) }, 10000, 1000)
}
