package postgres_test

import (
	"testing"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/storetest"
)

// BenchmarkMembers pages through the 10,000 members of a group of
// 1,000,000 messages on the Postgres of GROUPMEM_TEST_POSTGRES_URL (see
// storetest.BenchMembers); seeding takes a minute or two.
func BenchmarkMembers(b *testing.B) {
	storetest.BenchMembers(b, func(b *testing.B) groupmem.Ledger { return pgtest.Open(b) }, 10000, 1000000)
}
