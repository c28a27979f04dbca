package sqlite_test

import (
	"testing"

	"github.com/groupmem/groupmem/store/storetest"
)

func TestTransferContract(t *testing.T) {
	storetest.TestTransfer(t, func(t *testing.T) storetest.TransferLedger { return open(t) })
}
