package sqlite_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/storetest"
)

func TestUsageContract(t *testing.T) {
	storetest.TestUsage(t, func(t *testing.T, now func() time.Time) groupmem.Ledger {
		return openAt(t, filepath.Join(t.TempDir(), "ledger.db"), now)
	})
}

func TestUsageOrderContract(t *testing.T) {
	storetest.TestUsageOrder(t, func(t *testing.T, now func() time.Time) groupmem.Ledger {
		return openAt(t, filepath.Join(t.TempDir(), "ledger.db"), now)
	})
}

func TestUsageBadCostContract(t *testing.T) {
	storetest.TestUsageBadCost(t, func(t *testing.T, now func() time.Time) groupmem.Ledger {
		return openAt(t, filepath.Join(t.TempDir(), "ledger.db"), now)
	})
}

func TestUsageLateFinishContract(t *testing.T) {
	storetest.TestUsageLateFinish(t, func(t *testing.T, now func() time.Time) groupmem.Ledger {
		return openAt(t, filepath.Join(t.TempDir(), "ledger.db"), now)
	})
}
