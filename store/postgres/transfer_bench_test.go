package postgres_test

import (
	"testing"

	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/storetest"
)

// BenchmarkTransfer imports and exports groups of 30,000 and 300,000 rows
// in a Postgres ledger (see storetest.BenchTransfer).
func BenchmarkTransfer(b *testing.B) {
	for _, rows := range []int{30000, 300000} {
		storetest.BenchTransfer(b, func(tb testing.TB) storetest.TransferLedger { return pgtest.Open(tb) }, rows)
	}
}
