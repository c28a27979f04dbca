package sqlite

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/groupmem/groupmem"
)

// ClaimOutbox implements groupmem.Ledger: the oldest pending entries whose
// lease is free or ran out, in id order. The claim is one statement in a
// write transaction, which holds the file's write lock, so two claimers
// (in one process or several) never hold the same entry at once.
func (l *Ledger) ClaimOutbox(ctx context.Context, limit int, lease time.Duration) ([]groupmem.OutboxEntry, error) {
	if limit <= 0 {
		return nil, nil
	}
	now := l.now()
	var entries []groupmem.OutboxEntry
	err := l.inTx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `
			UPDATE outbox SET claimed_until = ?2, attempts = attempts + 1
			WHERE id IN (
				SELECT id FROM outbox
				WHERE done_at IS NULL AND (claimed_until IS NULL OR claimed_until <= ?1)
				ORDER BY id LIMIT ?3)
			RETURNING id, group_id, kind, memory_id, attempts, created_at`, nanos(now), nanos(now.Add(lease)), limit)
		if err != nil {
			return fmt.Errorf("claim outbox: %w", err)
		}
		entries, err = collect(rows, func(row *sql.Rows) (groupmem.OutboxEntry, error) {
			var e groupmem.OutboxEntry
			var created int64
			err := row.Scan(&e.ID, &e.GroupID, &e.Kind, &e.MemoryID, &e.Attempts, &created)
			e.CreatedAt = fromNanos(created)
			return e, err
		})
		if err != nil {
			return fmt.Errorf("claim outbox: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	// RETURNING gives rows in no promised order.
	slices.SortFunc(entries, func(a, b groupmem.OutboxEntry) int { return cmp.Compare(a.ID, b.ID) })
	return entries, nil
}

// CompleteOutbox implements groupmem.Ledger. OutboxMessages and
// OutboxForget entries are deleted, the others marked done; entries already done, and unknown ids,
// are left as they are.
func (l *Ledger) CompleteOutbox(ctx context.Context, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	list, _ := json.Marshal(ids) // an []int64 always marshals
	now := nanos(l.now())
	return l.inTx(ctx, func(tx *sql.Tx) error { return completeOutbox(ctx, tx, string(list), now) })
}

// completeOutbox completes the entries of list (a JSON array of ids) in
// tx at now: OutboxMessages and OutboxForget entries are deleted, the
// others marked done.
func completeOutbox(ctx context.Context, tx *sql.Tx, list string, now int64) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM outbox
		WHERE id IN (SELECT value FROM json_each(?1)) AND kind IN ('messages', 'forget')`, list); err != nil {
		return fmt.Errorf("complete outbox: %w", err)
	}
	_, err := tx.ExecContext(ctx, `UPDATE outbox SET done_at = ?2
		WHERE id IN (SELECT value FROM json_each(?1)) AND done_at IS NULL`, list, now)
	if err != nil {
		return fmt.Errorf("complete outbox: %w", err)
	}
	return nil
}

// CompleteOutboxIfCurrent implements groupmem.Ledger: the check and
// the completion share one write transaction.
func (l *Ledger) CompleteOutboxIfCurrent(ctx context.Context, run groupmem.Run, ids []int64) (bool, error) {
	if len(ids) == 0 {
		return true, nil
	}
	list, _ := json.Marshal(ids) // an []int64 always marshals
	now := nanos(l.now())
	ok := false
	err := l.inTx(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM group_state g JOIN evolution_runs r ON r.group_id = g.group_id
			WHERE g.group_id = ?1 AND g.fence = ?2 AND r.id = ?3)`, run.GroupID, run.Fence, run.ID).Scan(&ok)
		if err != nil || !ok {
			return err
		}
		return completeOutbox(ctx, tx, string(list), now)
	})
	if err != nil {
		return false, fmt.Errorf("complete outbox: %w", err)
	}
	return ok, nil
}

// OutboxLag implements groupmem.Ledger.
func (l *Ledger) OutboxLag(ctx context.Context) (int, time.Duration, error) {
	var n int
	var oldest sql.NullInt64
	err := l.read.QueryRowContext(ctx, `SELECT count(*), min(created_at) FROM outbox WHERE done_at IS NULL`).Scan(&n, &oldest)
	if err != nil {
		return 0, 0, interpretError(fmt.Errorf("read outbox lag: %w", err))
	}
	if !oldest.Valid {
		return 0, 0, nil
	}
	return n, max(l.now().Sub(fromNanos(oldest.Int64)), 0), nil
}
