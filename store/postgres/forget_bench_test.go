package postgres_test

import (
	"testing"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/storetest"
)

// BenchmarkForget: purge, redaction and retention on the Postgres at
// GROUPMEM_TEST_POSTGRES_URL (see storetest.BenchForget).
func BenchmarkForget(b *testing.B) {
	storetest.BenchForget(b, func(b *testing.B) groupmem.Ledger { return pgtest.Open(b) }, 10000, 1000)
}
