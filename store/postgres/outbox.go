package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/groupmem/groupmem"
)

// ClaimOutbox implements groupmem.Ledger. Claimers skip rows another
// claimer has locked (SKIP LOCKED) and rows whose lease has not run out,
// so two relays never hold the same entry at once.
func (l *Ledger) ClaimOutbox(ctx context.Context, limit int, lease time.Duration) ([]groupmem.OutboxEntry, error) {
	if limit <= 0 {
		return nil, nil
	}
	now := l.now().UTC()
	rows, err := l.pool.Query(ctx, `
		UPDATE outbox SET claimed_until = $2, attempts = attempts + 1
		WHERE id IN (
			SELECT id FROM outbox
			WHERE done_at IS NULL AND (claimed_until IS NULL OR claimed_until <= $1)
			ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED)
		RETURNING id, group_id, kind, memory_id, attempts, created_at`, now, now.Add(lease), limit)
	if err != nil {
		return nil, interpretError(fmt.Errorf("claim outbox: %w", err))
	}
	entries, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (groupmem.OutboxEntry, error) {
		var e groupmem.OutboxEntry
		err := row.Scan(&e.ID, &e.GroupID, &e.Kind, &e.MemoryID, &e.Attempts, &e.CreatedAt)
		return e, err
	})
	return entries, interpretError(err)
}

// CompleteOutbox implements groupmem.Ledger: OutboxMessages and
// OutboxForget entries are deleted, the others marked done, in one transaction.
//
// The transaction commits without waiting for its WAL to reach the disk
// (synchronous_commit off): it is visible at once, and only a crash of
// Postgres within a fraction of a second can lose it. What such a crash
// loses is the completion alone, never anything completed: the entries
// are pending again and the relay carries them out again, which every
// kind of entry allows (a projection writes the ledger's current state
// and checks it afterwards; removing points or catching an index up
// twice changes nothing the first time did not). No commit that comes
// later can outlive it: Postgres writes WAL in order, so a later commit
// that waits for the disk takes this one along.
func (l *Ledger) CompleteOutbox(ctx context.Context, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	b := &pgx.Batch{}
	b.Queue(`SELECT set_config('synchronous_commit', 'off', true)`)
	// Both statements look up pending entries only, by their index: done
	// entries pile up, and a scan of them costs more than the rest of
	// the call.
	b.Queue(`DELETE FROM outbox WHERE id = ANY($1) AND done_at IS NULL AND kind IN ('messages', 'forget')`, ids)
	b.Queue(`UPDATE outbox SET done_at = $2 WHERE id = ANY($1) AND done_at IS NULL`, ids, l.now().UTC())
	return interpretError(l.pool.SendBatch(ctx, b).Close())
}

// CompleteOutboxIfCurrent implements groupmem.Ledger: one statement
// checks the group's fence and the run's record and completes the
// entries as CompleteOutbox does, all in one snapshot, without waiting for
// the disk (see CompleteOutbox for why that is safe).
func (l *Ledger) CompleteOutboxIfCurrent(ctx context.Context, run groupmem.Run, ids []int64) (bool, error) {
	if len(ids) == 0 {
		return true, nil
	}
	b := &pgx.Batch{}
	b.Queue(`SELECT set_config('synchronous_commit', 'off', true)`)
	b.Queue(`
		WITH cur AS (
			SELECT EXISTS (SELECT 1 FROM group_state g JOIN evolution_runs r ON r.group_id = g.group_id
				WHERE g.group_id = $2 AND g.fence = $3 AND r.id = $4) AS ok
		), gone AS (
			DELETE FROM outbox WHERE id = ANY($1) AND done_at IS NULL AND kind IN ('messages', 'forget')
				AND (SELECT ok FROM cur)
		), done AS (
			UPDATE outbox SET done_at = $5 WHERE id = ANY($1) AND done_at IS NULL AND kind NOT IN ('messages', 'forget')
				AND (SELECT ok FROM cur)
		)
		SELECT ok FROM cur`, ids, run.GroupID, run.Fence, run.ID, l.now().UTC())
	br := l.pool.SendBatch(ctx, b)
	var ok bool
	_, err := br.Exec()
	if err == nil {
		err = br.QueryRow().Scan(&ok)
	}
	if cerr := br.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return false, interpretError(fmt.Errorf("complete outbox: %w", err))
	}
	return ok, nil
}

// OutboxLag implements groupmem.Ledger.
func (l *Ledger) OutboxLag(ctx context.Context) (int, time.Duration, error) {
	var n int
	var oldest *time.Time
	err := l.pool.QueryRow(ctx, `SELECT count(*), min(created_at) FROM outbox WHERE done_at IS NULL`).Scan(&n, &oldest)
	if err != nil {
		return 0, 0, interpretError(fmt.Errorf("read outbox lag: %w", err))
	}
	if oldest == nil {
		return 0, 0, nil
	}
	return n, max(l.now().Sub(*oldest), 0), nil
}
