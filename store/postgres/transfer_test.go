package postgres_test

import (
	"testing"

	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/storetest"
)

func TestTransferContract(t *testing.T) {
	storetest.TestTransfer(t, func(t *testing.T) storetest.TransferLedger { return pgtest.Open(t) })
}
