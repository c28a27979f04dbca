package sqlite_test

import (
	"database/sql"
	"os"
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

func TestUsageExactCostContract(t *testing.T) {
	storetest.TestUsageExactCost(t, func(t *testing.T, now func() time.Time) groupmem.Ledger {
		return openAt(t, filepath.Join(t.TempDir(), "ledger.db"), now)
	})
}

func TestUsageLateFinishContract(t *testing.T) {
	storetest.TestUsageLateFinish(t, func(t *testing.T, now func() time.Time) groupmem.Ledger {
		return openAt(t, filepath.Join(t.TempDir(), "ledger.db"), now)
	})
}

func TestUsageBackfillContract(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ledger.db")
	var now func() time.Time
	storetest.TestUsageBackfill(t, func(t *testing.T, clock func() time.Time) groupmem.Ledger {
		now = clock
		return openAt(t, path, clock)
	}, func(t *testing.T, _ groupmem.Ledger) groupmem.Ledger {
		before, err := os.ReadFile("schema/0018_usage.sql")
		if err != nil {
			t.Fatal(err)
		}
		db, err := sql.Open("sqlite", path)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if _, err := db.Exec(`DROP TRIGGER evolution_runs_usage_insert; DROP TRIGGER evolution_runs_usage_update;
			DROP TRIGGER usage_delta_add; DROP VIEW usage_delta; DROP TABLE usage_days; DROP TABLE usage_groups; DROP TABLE usage_all_days;
			` + string(before) + `;
			DELETE FROM schema_migrations WHERE name IN ('0020_usage_running_totals', '0023_usage_cost_nanos')`); err != nil {
			t.Fatalf("rewind to migration 0018: %v", err)
		}
		return openAt(t, path, now)
	})
}
