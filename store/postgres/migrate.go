package postgres

import (
	"context"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/groupmem/groupmem/migrations"
)

// migrateLockID keys the advisory lock that serialises migrators.
const migrateLockID = 0x67726f75706d656d // "groupmem"

// Migrate applies every migration not yet recorded, in name order, each
// recorded in schema_migrations in the same transaction. It is idempotent
// and safe to run from several processes at once: each waits for the one
// before it. Inside its transaction, statements and lock waits are bounded
// by Config.MigrateTimeout instead of the session's timeouts. It returns the
// names it applied.
func (l *Ledger) Migrate(ctx context.Context) ([]string, error) {
	names, err := fs.Glob(migrations.FS, "*.sql")
	if err != nil {
		return nil, fmt.Errorf("list migrations: %w", err)
	}
	slices.Sort(names)
	var applied []string
	err = l.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SELECT set_config('lock_timeout', $1, true), set_config('statement_timeout', $1, true)",
			millis(l.migrateTimeout)); err != nil {
			return fmt.Errorf("set migration timeouts: %w", err)
		}
		if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", int64(migrateLockID)); err != nil {
			return fmt.Errorf("lock migrations: %w", err)
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
			name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`); err != nil {
			return fmt.Errorf("create schema_migrations: %w", err)
		}
		rows, err := tx.Query(ctx, "SELECT name FROM schema_migrations")
		if err != nil {
			return fmt.Errorf("read schema_migrations: %w", err)
		}
		done, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			return fmt.Errorf("read schema_migrations: %w", err)
		}
		for _, name := range names {
			if slices.Contains(done, strings.TrimSuffix(name, ".sql")) {
				continue
			}
			sql, err := fs.ReadFile(migrations.FS, name)
			if err != nil {
				return fmt.Errorf("read %s: %w", name, err)
			}
			if _, err := tx.Exec(ctx, string(sql)); err != nil {
				return fmt.Errorf("apply %s: %w", name, err)
			}
			if _, err := tx.Exec(ctx, "INSERT INTO schema_migrations (name) VALUES ($1)", strings.TrimSuffix(name, ".sql")); err != nil {
				return fmt.Errorf("record %s: %w", name, err)
			}
			applied = append(applied, name)
		}
		return nil
	})
	return applied, err
}
