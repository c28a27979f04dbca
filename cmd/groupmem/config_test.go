package main

import (
	"strings"
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

// GROUPMEM_JOB_LEASE is 0 (derived from the lock's) or at least
// GROUPMEM_LOCK_TTL; anything else is refused, naming the setting.
func TestJobLeaseIsValidated(t *testing.T) {
	tests := []struct {
		env map[string]string
		ok  bool
	}{
		{nil, true},
		{map[string]string{"GROUPMEM_JOB_LEASE": "45s"}, true},
		{map[string]string{"GROUPMEM_JOB_LEASE": "10s", "GROUPMEM_LOCK_TTL": "10s"}, true},
		{map[string]string{"GROUPMEM_JOB_LEASE": "20s"}, false}, // below the default lock ttl of 30s
		{map[string]string{"GROUPMEM_JOB_LEASE": "-1m"}, false},
	}
	for _, tt := range tests {
		cfg, err := bindConfig(newFlagSet(), func(k string) (string, bool) { v, ok := tt.env[k]; return v, ok })
		if err != nil {
			t.Fatal(err)
		}
		err = cfg.validate()
		if tt.ok != (err == nil) || err != nil && !strings.Contains(err.Error(), "GROUPMEM_JOB_LEASE") {
			t.Errorf("validate(%v) = %v; want ok %v, an error naming GROUPMEM_JOB_LEASE", tt.env, err, tt.ok)
		}
	}
}
