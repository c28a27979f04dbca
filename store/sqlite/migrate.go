package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"slices"
	"strings"
)

// schemaFS holds the SQLite migrations, named NNNN_description.sql.
//
//go:embed schema/*.sql
var schemaFS embed.FS

// migrate applies every migration not yet recorded in schema_migrations, in
// name order, in one write transaction that also records them. It is
// idempotent, and safe with several processes opening the file at once:
// the transaction holds the write lock from its start.
func (l *Ledger) migrate(ctx context.Context) error {
	names, err := fs.Glob(schemaFS, "schema/*.sql")
	if err != nil {
		return fmt.Errorf("list migrations: %w", err)
	}
	slices.Sort(names)
	return l.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
			name TEXT NOT NULL PRIMARY KEY, applied_at INTEGER NOT NULL) STRICT`); err != nil {
			return fmt.Errorf("create schema_migrations: %w", err)
		}
		done, err := recordedMigrations(ctx, tx)
		if err != nil {
			return err
		}
		now := l.now().UnixNano()
		for _, file := range names {
			name := strings.TrimSuffix(strings.TrimPrefix(file, "schema/"), ".sql")
			if done[name] {
				continue
			}
			text, err := fs.ReadFile(schemaFS, file)
			if err != nil {
				return fmt.Errorf("read %s: %w", file, err)
			}
			if _, err := tx.ExecContext(ctx, string(text)); err != nil {
				return fmt.Errorf("apply %s: %w", name, err)
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)`, name, now); err != nil {
				return fmt.Errorf("record %s: %w", name, err)
			}
		}
		return nil
	})
}

func recordedMigrations(ctx context.Context, tx *sql.Tx) (map[string]bool, error) {
	rows, err := tx.QueryContext(ctx, `SELECT name FROM schema_migrations`)
	if err != nil {
		return nil, fmt.Errorf("read schema_migrations: %w", err)
	}
	defer rows.Close()
	done := map[string]bool{}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return nil, fmt.Errorf("read schema_migrations: %w", err)
		}
		done[name] = true
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read schema_migrations: %w", err)
	}
	return done, nil
}
