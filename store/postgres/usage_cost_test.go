package postgres_test

import (
	"context"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/migrations"
	"github.com/groupmem/groupmem/store/postgres"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/storetest"
)

func TestUsageCostUpgradeContract(t *testing.T) {
	exec := func(t *testing.T, l groupmem.Ledger, sql string, args ...any) {
		t.Helper()
		if _, err := l.(*postgres.Ledger).Pool().Exec(context.Background(), sql, args...); err != nil {
			t.Fatalf("%.60s: %v", sql, err)
		}
	}
	storetest.TestUsageCostUpgrade(t, func(t *testing.T, now func() time.Time) groupmem.Ledger {
		return pgtest.OpenWith(t, pgtest.Options{Now: now})
	}, storetest.CostUpgrade{
		Rewind: func(t *testing.T, l groupmem.Ledger) {
			var text string
			for _, name := range []string{"0018_usage.sql", "0020_usage_running_totals.sql"} {
				b, err := migrations.FS.ReadFile(name)
				if err != nil {
					t.Fatal(err)
				}
				text += string(b) + ";\n"
			}
			exec(t, l, `DROP FUNCTION usage_fold_purged(text);
				DROP TRIGGER evolution_runs_usage_insert ON evolution_runs; DROP TRIGGER evolution_runs_usage_update ON evolution_runs;
				DROP FUNCTION evolution_runs_usage(); DROP FUNCTION usage_days_add(text, timestamptz, jsonb, integer); DROP FUNCTION run_used(jsonb);
				DROP TABLE usage_days, usage_groups, usage_all_days;
				`+text+`
				DELETE FROM schema_migrations WHERE name IN ('0023_usage_cost_nanos', '0024_usage_fast_path')`)
		},
		SetTokens: func(t *testing.T, l groupmem.Ledger, id, tokens string) {
			exec(t, l, `UPDATE evolution_runs SET tokens = $2::jsonb WHERE id = $1`, id, tokens)
		},
		Tokens: func(t *testing.T, l groupmem.Ledger, id string) string {
			var tokens string
			if err := l.(*postgres.Ledger).Pool().QueryRow(context.Background(),
				`SELECT tokens::text FROM evolution_runs WHERE id = $1`, id).Scan(&tokens); err != nil {
				t.Fatal(err)
			}
			return tokens
		},
		Migrate: func(t *testing.T, l groupmem.Ledger) groupmem.Ledger {
			applied, err := l.(*postgres.Ledger).Migrate(context.Background())
			if err != nil || len(applied) != 2 {
				t.Fatalf("Migrate = %v, %v; want the nano-unit migration and the one after it", applied, err)
			}
			return l
		},
	})
}
