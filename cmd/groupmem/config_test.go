package main

import (
	"testing"
	"time"

	"github.com/groupmem/groupmem/store/postgres"
)

// The Postgres session timeouts reach the ledger: by default the ledger's
// own defaults, else from the environment or from their flags, which win.
func TestPostgresTimeoutsReachTheLedger(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		args []string
		want [4]time.Duration // idle in transaction, lock, statement, migrate
	}{
		{"defaults", nil, nil, [4]time.Duration{postgres.DefaultIdleInTxTimeout, postgres.DefaultLockTimeout,
			postgres.DefaultStatementTimeout, postgres.DefaultMigrateTimeout}},
		{"environment and flag", map[string]string{
			"GROUPMEM_POSTGRES_IDLE_TX_TIMEOUT": "90s", "GROUPMEM_POSTGRES_LOCK_TIMEOUT": "3s",
			"GROUPMEM_POSTGRES_STATEMENT_TIMEOUT": "45s", "GROUPMEM_POSTGRES_MIGRATE_TIMEOUT": "1h",
		}, []string{"-postgres-lock-timeout", "2s"}, [4]time.Duration{90 * time.Second, 2 * time.Second, 45 * time.Second, time.Hour}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs := newFlagSet()
			cfg, err := bindConfig(fs, func(k string) (string, bool) { v, ok := tt.env[k]; return v, ok })
			if err != nil {
				t.Fatal(err)
			}
			if err := fs.Parse(tt.args); err != nil {
				t.Fatal(err)
			}
			if err := cfg.validate(); err != nil {
				t.Fatal(err)
			}
			pc := postgresConfig(cfg)
			got := [4]time.Duration{pc.IdleInTxTimeout, pc.LockTimeout, pc.StatementTimeout, pc.MigrateTimeout}
			if got != tt.want {
				t.Errorf("ledger timeouts %v, want %v", got, tt.want)
			}
		})
	}
}
