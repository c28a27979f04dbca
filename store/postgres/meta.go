package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/groupmem/groupmem"
)

// Meta implements groupmem.Ledger.
func (l *Ledger) Meta(ctx context.Context, key string) (string, error) {
	var v string
	err := l.pool.QueryRow(ctx, `SELECT value FROM ledger_meta WHERE key = $1`, key).Scan(&v)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil
	}
	return v, interpretError(err)
}

// SetMeta implements groupmem.Ledger.
func (l *Ledger) SetMeta(ctx context.Context, key, value string) error {
	_, err := l.pool.Exec(ctx, `INSERT INTO ledger_meta (key, value) VALUES ($1, $2)
		ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`, key, value)
	return interpretError(err)
}

// SetEmbeddings implements groupmem.Ledger.
func (l *Ledger) SetEmbeddings(ctx context.Context, vectors map[string][]float32) error {
	if len(vectors) == 0 {
		return nil
	}
	batch := &pgx.Batch{}
	for id, v := range vectors {
		if err := groupmem.CheckID(id); err != nil {
			return err
		}
		batch.Queue(`UPDATE memory_versions SET embedding = $2 WHERE memory_id = $1`, id, v)
	}
	tx, err := l.pool.Begin(ctx)
	if err != nil {
		return interpretError(fmt.Errorf("set embeddings: %w", err))
	}
	defer tx.Rollback(ctx)
	if err := tx.SendBatch(ctx, batch).Close(); err != nil {
		return interpretError(fmt.Errorf("set embeddings: %w", err))
	}
	return interpretError(tx.Commit(ctx))
}
