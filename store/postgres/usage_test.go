package postgres_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/postgres"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/storetest"
)

func TestUsageContract(t *testing.T) {
	storetest.TestUsage(t, func(t *testing.T, now func() time.Time) groupmem.Ledger {
		return pgtest.OpenWith(t, pgtest.Options{Now: now})
	})
}

func TestUsageOrderContract(t *testing.T) {
	storetest.TestUsageOrder(t, func(t *testing.T, now func() time.Time) groupmem.Ledger {
		return pgtest.OpenWith(t, pgtest.Options{Now: now})
	})
}

func TestUsageExactCostContract(t *testing.T) {
	storetest.TestUsageExactCost(t, func(t *testing.T, now func() time.Time) groupmem.Ledger {
		return pgtest.OpenWith(t, pgtest.Options{Now: now})
	})
}

func TestUsageLateFinishContract(t *testing.T) {
	storetest.TestUsageLateFinish(t, func(t *testing.T, now func() time.Time) groupmem.Ledger {
		return pgtest.OpenWith(t, pgtest.Options{Now: now})
	})
}

func TestUsageBackfillContract(t *testing.T) {
	storetest.TestUsageBackfill(t, func(t *testing.T, now func() time.Time) groupmem.Ledger {
		return pgtest.OpenWith(t, pgtest.Options{Now: now})
	}, func(t *testing.T, l groupmem.Ledger) groupmem.Ledger {
		ctx := context.Background()
		before, err := os.ReadFile("../../migrations/0018_usage.sql")
		if err != nil {
			t.Fatal(err)
		}
		pl := l.(*postgres.Ledger)
		if _, err := pl.Pool().Exec(ctx, `DROP FUNCTION usage_fold_purged(text);
			DROP TRIGGER evolution_runs_usage_insert ON evolution_runs; DROP TRIGGER evolution_runs_usage_update ON evolution_runs;
			DROP FUNCTION evolution_runs_usage(); DROP FUNCTION usage_days_add(text, timestamptz, jsonb, integer); DROP FUNCTION run_used(jsonb);
			DROP TABLE usage_days, usage_groups, usage_all_days;
			`+string(before)+`;
			DELETE FROM schema_migrations WHERE name IN ('0020_usage_running_totals', '0023_usage_cost_nanos', '0024_usage_fast_path')`); err != nil {
			t.Fatalf("rewind to migration 0018: %v", err)
		}
		if _, err := pl.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		return pl
	})
}
