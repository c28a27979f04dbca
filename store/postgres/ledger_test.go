package postgres_test

import (
	"testing"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/storetest"
)

func TestLedgerContract(t *testing.T) {
	storetest.TestLedger(t, func(t *testing.T) groupmem.Ledger { return pgtest.Open(t) })
}
