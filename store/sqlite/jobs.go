package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/ledger"
)

// The job queue of scheduled evolutions (groupmem.Queue) lives in the
// ledger's file, table evolution_jobs, so every process that opens the file
// shares the queue. Every write runs in a write transaction, which holds
// the file's write lock from its start: claimers are serialised, which is
// what keeps two of them from holding one job.

var _ groupmem.Queue = (*Ledger)(nil)

// DueGroups implements groupmem.Queue. group_state.next_seq - 1 - watermark
// (the seqs handed out past the watermark) bounds a group's new messages
// from above and filters cheaply; the count of stored messages past the
// watermark (at most minNew of them, by the (group_id, seq) key) makes it
// exact, so resent duplicates, which take a seq but store nothing, never
// make a group look due.
func (l *Ledger) DueGroups(ctx context.Context, minNew int, after string, limit int) ([]string, error) {
	if limit <= 0 {
		return nil, nil
	}
	rows, err := l.read.QueryContext(ctx, `
		SELECT g.group_id FROM group_state g
		WHERE g.next_seq - 1 - g.watermark >= ?1 AND g.group_id > ?2
			AND (SELECT count(*) FROM (SELECT 1 FROM messages m
				WHERE m.group_id = g.group_id AND m.seq > g.watermark LIMIT ?1)) >= ?1
		ORDER BY g.group_id LIMIT ?3`, max(minNew, 1), after, limit)
	if err != nil {
		return nil, interpretError(fmt.Errorf("read due groups: %w", err))
	}
	groups, err := collect(rows, func(r *sql.Rows) (string, error) {
		var g string
		return g, r.Scan(&g)
	})
	if err != nil {
		return nil, interpretError(fmt.Errorf("read due groups: %w", err))
	}
	return groups, nil
}

// EnqueueJobs implements groupmem.Queue in one statement: the unique
// (slot, group) key and the one-unfinished-job-per-group index make every
// duplicate a no-op, and the write lock orders concurrent callers. Jobs
// get ids in group name order. A bad group id, or a slot outside the years
// 1678 to 2261, is EINVALID and nothing is added.
func (l *Ledger) EnqueueJobs(ctx context.Context, slot time.Time, groups []string) (int, error) {
	for _, g := range groups {
		if err := groupmem.CheckGroupID(g); err != nil {
			return 0, err
		}
	}
	if !storable(slot) {
		return 0, groupmem.Errorf(groupmem.EINVALID, "a job slot must lie between the years 1678 and 2261, got %s", slot)
	}
	if len(groups) == 0 {
		return 0, nil
	}
	list, _ := json.Marshal(slices.Sorted(slices.Values(groups))) // a []string always marshals
	now := nanos(l.now())
	var added int64
	err := l.inTx(ctx, func(tx *sql.Tx) error {
		// WHERE true tells the parser that ON CONFLICT belongs to the INSERT.
		// A new job is due at ledger.JobPlace: the oldest pending
		// message by the (group_id, seq) key, the backlog from the seq
		// allocator.
		res, err := tx.ExecContext(ctx, `
			INSERT INTO evolution_jobs (slot, group_id, next_attempt_at, created_at, updated_at)
			SELECT ?1, j.value,
				min(?2, coalesce((SELECT m.inserted_at FROM messages m
					WHERE m.group_id = j.value AND m.seq > s.watermark ORDER BY m.seq LIMIT 1), ?2))
				- min(max(coalesce(s.next_seq - 1 - s.watermark, 0), 0), ?4) * ?5,
				?2, ?2
			FROM json_each(?3) AS j LEFT JOIN group_state s ON s.group_id = j.value WHERE true
			ON CONFLICT DO NOTHING`, nanos(slot), now, string(list),
			int64(groupmem.MaxBacklogAdvance/groupmem.BacklogStep), groupmem.BacklogStep.Nanoseconds())
		if err != nil {
			return fmt.Errorf("enqueue jobs: %w", err)
		}
		if added, err = res.RowsAffected(); err != nil {
			return fmt.Errorf("enqueue jobs: %w", err)
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return int(added), nil
}

// ClaimJobs implements groupmem.Queue. The claim is one statement in a
// write transaction, so claimers (in one process or several) take turns
// and a job has one holder at a time; jobs come oldest due first
// (next_attempt_at, then id), so a job that keeps failing, pushed back by
// its backoff, never holds up the others. Every job of one call gets the
// same fresh claim token. A lease that is not positive is EINVALID.
func (l *Ledger) ClaimJobs(ctx context.Context, limit int, lease time.Duration) ([]groupmem.Job, error) {
	if limit <= 0 {
		return nil, nil
	}
	if lease <= 0 {
		return nil, groupmem.Errorf(groupmem.EINVALID, "a job lease must be positive, got %s", lease)
	}
	now := l.now()
	var jobs []groupmem.Job
	err := l.inTx(ctx, func(tx *sql.Tx) error {
		// SET expressions read the row as it was before the update.
		rows, err := tx.QueryContext(ctx, `
			UPDATE evolution_jobs SET status = 'running', claim = ?3, claimed_until = ?2, updated_at = ?1,
				attempts = attempts + (status = 'running'),
				last_error = CASE WHEN status = 'running' THEN ?5 ELSE last_error END
			WHERE id IN (
				SELECT id FROM evolution_jobs
				WHERE status IN ('pending','running') AND next_attempt_at <= ?1
					AND (claimed_until IS NULL OR claimed_until <= ?1)
				ORDER BY next_attempt_at, id LIMIT ?4)
			RETURNING `+jobColumns, nanos(now), nanos(now.Add(lease)), groupmem.NewID(), limit, groupmem.JobLeaseLost)
		if err != nil {
			return fmt.Errorf("claim jobs: %w", err)
		}
		if jobs, err = collect(rows, scanJob); err != nil {
			return fmt.Errorf("claim jobs: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	// RETURNING gives rows in no promised order.
	slices.SortFunc(jobs, ledger.CompareJobs)
	return jobs, nil
}

// RenewJobs implements groupmem.Queue in one write transaction; only rows
// whose claim token and running status match are changed.
func (l *Ledger) RenewJobs(ctx context.Context, p groupmem.RenewJobsParams) ([]int64, error) {
	if err := ledger.CheckRenewal(p); err != nil {
		return nil, err
	}
	if len(p.Jobs) == 0 {
		return nil, nil
	}
	until := nanos(l.now().Add(p.Lease))
	var kept []int64
	err := l.inTx(ctx, func(tx *sql.Tx) error {
		kept = kept[:0]
		for _, j := range p.Jobs {
			res, err := tx.ExecContext(ctx, `
				UPDATE evolution_jobs SET claimed_until = ?1
				WHERE id = ?2 AND claim = ?3 AND status = 'running'`, until, j.ID, j.Claim)
			if err != nil {
				return fmt.Errorf("renew jobs: %w", err)
			}
			if n, err := res.RowsAffected(); err != nil {
				return fmt.Errorf("renew jobs: %w", err)
			} else if n == 1 {
				kept = append(kept, j.ID)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.Sort(kept)
	return kept, nil
}

// FinishJob implements groupmem.Queue. It applies only while job.Claim is
// the job's current claim and the job is running; otherwise ECONFLICT and
// nothing changes. A job without a valid claim token, a run id that is not
// a UUID, an unknown outcome kind or a negative delay is EINVALID. The run
// status is recorded only with a run id.
func (l *Ledger) FinishJob(ctx context.Context, job groupmem.Job, o groupmem.JobOutcome) error {
	status, failed, err := ledger.JobEffect(o, job)
	if err != nil {
		return err
	}
	now := l.now()
	return l.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `
			UPDATE evolution_jobs SET status = ?3, attempts = attempts + ?4,
				next_attempt_at = CASE WHEN ?3 = 'pending' THEN ?5 ELSE next_attempt_at END,
				last_error = CASE WHEN ?4 = 1 THEN ?6 ELSE last_error END,
				run_id = coalesce(?7, run_id), run_status = CASE WHEN ?7 IS NULL THEN run_status ELSE ?8 END,
				claim = NULL, claimed_until = NULL, updated_at = ?9, follow_ups = follow_ups + ?10
			WHERE id = ?1 AND claim = ?2 AND status = 'running'`,
			job.ID, job.Claim, string(status), failed, nanos(now.Add(o.Delay)), ledger.CleanError(o.Error),
			nullString(o.RunID), string(o.RunStatus), nanos(now), ledger.FollowUps(o))
		if err != nil {
			return fmt.Errorf("finish job: %w", err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return fmt.Errorf("finish job: %w", err)
		}
		if n != 1 {
			return groupmem.Errorf(groupmem.ECONFLICT, "job %d is no longer held by this claim", job.ID)
		}
		return nil
	})
}

// PruneJobs implements groupmem.Queue.
func (l *Ledger) PruneJobs(ctx context.Context, before time.Time) (int, error) {
	var n int64
	err := l.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `
			DELETE FROM evolution_jobs WHERE status IN ('done','given_up') AND updated_at < ?`, nanos(before))
		if err != nil {
			return fmt.Errorf("prune jobs: %w", err)
		}
		if n, err = res.RowsAffected(); err != nil {
			return fmt.Errorf("prune jobs: %w", err)
		}
		return nil
	})
	return int(n), err
}

// Jobs returns every job enqueued for slot, by group id: what an operator
// reads to see how a night went.
func (l *Ledger) Jobs(ctx context.Context, slot time.Time) ([]groupmem.Job, error) {
	rows, err := l.read.QueryContext(ctx, `SELECT `+jobColumns+` FROM evolution_jobs WHERE slot = ? ORDER BY group_id`, nanos(slot))
	if err != nil {
		return nil, interpretError(fmt.Errorf("read jobs: %w", err))
	}
	jobs, err := collect(rows, scanJob)
	if err != nil {
		return nil, interpretError(fmt.Errorf("read jobs: %w", err))
	}
	return jobs, nil
}

// CountJobs implements groupmem.Queue.
func (l *Ledger) CountJobs(ctx context.Context, slot time.Time) (groupmem.JobCounts, error) {
	var c groupmem.JobCounts
	rows, err := l.read.QueryContext(ctx, `SELECT status, count(*) FROM evolution_jobs WHERE slot = ? GROUP BY status`, nanos(slot))
	if err != nil {
		return c, interpretError(fmt.Errorf("count jobs: %w", err))
	}
	defer rows.Close()
	for rows.Next() {
		var st string
		var n int
		if err := rows.Scan(&st, &n); err != nil {
			return c, interpretError(fmt.Errorf("count jobs: %w", err))
		}
		c.Add(groupmem.JobStatus(st), n)
	}
	if err := rows.Err(); err != nil {
		return c, interpretError(fmt.Errorf("count jobs: %w", err))
	}
	return c, nil
}

const jobColumns = `id, slot, group_id, status, attempts, next_attempt_at, claim, claimed_until,
	last_error, run_id, run_status, created_at, updated_at, follow_ups`

func scanJob(r *sql.Rows) (groupmem.Job, error) {
	var j groupmem.Job
	var slot, next, created, updated int64
	var claim, runID sql.NullString
	var until sql.NullInt64
	err := r.Scan(&j.ID, &slot, &j.GroupID, &j.Status, &j.Attempts, &next, &claim, &until,
		&j.LastError, &runID, &j.RunStatus, &created, &updated, &j.FollowUps)
	j.Slot, j.NextAttemptAt, j.ClaimedUntil = fromNanos(slot), fromNanos(next), fromNullNanos(until)
	j.Claim, j.RunID = claim.String, runID.String
	j.CreatedAt, j.UpdatedAt = fromNanos(created), fromNanos(updated)
	return j, err
}
