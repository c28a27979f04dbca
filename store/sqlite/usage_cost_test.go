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

func TestUsageCostUpgradeContract(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ledger.db")
	var now func() time.Time
	exec := func(t *testing.T, query string, args ...any) {
		t.Helper()
		db, err := sql.Open("sqlite", path)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if _, err := db.Exec(query, args...); err != nil {
			t.Fatalf("%.60s: %v", query, err)
		}
	}
	storetest.TestUsageCostUpgrade(t, func(t *testing.T, clock func() time.Time) groupmem.Ledger {
		now = clock
		return openAt(t, path, clock)
	}, storetest.CostUpgrade{
		Rewind: func(t *testing.T, _ groupmem.Ledger) {
			var text string
			for _, name := range []string{"schema/0018_usage.sql", "schema/0020_usage_running_totals.sql"} {
				b, err := os.ReadFile(name)
				if err != nil {
					t.Fatal(err)
				}
				text += string(b) + ";\n"
			}
			exec(t, `DROP TRIGGER evolution_runs_usage_insert; DROP TRIGGER evolution_runs_usage_update;
				DROP TRIGGER usage_delta_add; DROP VIEW usage_delta; DROP TABLE usage_days; DROP TABLE usage_groups; DROP TABLE usage_all_days;
				`+text+`
				DELETE FROM schema_migrations WHERE name = '0023_usage_cost_nanos'`)
		},
		SetTokens: func(t *testing.T, _ groupmem.Ledger, id, tokens string) {
			exec(t, `UPDATE evolution_runs SET tokens = ? WHERE id = ?`, tokens, id)
		},
		Tokens: func(t *testing.T, _ groupmem.Ledger, id string) string {
			db, err := sql.Open("sqlite", path)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			var tokens string
			if err := db.QueryRow(`SELECT tokens FROM evolution_runs WHERE id = ?`, id).Scan(&tokens); err != nil {
				t.Fatal(err)
			}
			return tokens
		},
		Migrate: func(t *testing.T, _ groupmem.Ledger) groupmem.Ledger {
			return openAt(t, path, now) // migrates
		},
	})
}
