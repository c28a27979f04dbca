package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/groupmem/groupmem"
)

// Meta implements groupmem.Ledger.
func (l *Ledger) Meta(ctx context.Context, key string) (string, error) {
	var v string
	err := l.read.QueryRowContext(ctx, `SELECT value FROM ledger_meta WHERE key = ?`, key).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return v, interpretError(err)
}

// SetMeta implements groupmem.Ledger.
func (l *Ledger) SetMeta(ctx context.Context, key, value string) error {
	return l.inTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO ledger_meta (key, value, updated_at) VALUES (?1, ?2, ?3)
			ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`, key, value, nanos(l.now()))
		return err
	})
}

// SetEmbeddings implements groupmem.Ledger.
func (l *Ledger) SetEmbeddings(ctx context.Context, vectors map[string][]float32) error {
	for id := range vectors {
		if err := groupmem.CheckID(id); err != nil {
			return err
		}
	}
	return l.inTx(ctx, func(tx *sql.Tx) error {
		for id, v := range vectors {
			if _, err := tx.ExecContext(ctx, `UPDATE memory_versions SET embedding = ? WHERE memory_id = ?`, encodeVector(v), id); err != nil {
				return fmt.Errorf("set embeddings: %w", err)
			}
		}
		return nil
	})
}
