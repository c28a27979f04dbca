package postgres

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/ledger"
)

// The job queue of scheduled evolutions (groupmem.Queue) lives in the
// ledger's database, table evolution_jobs, so every replica that shares the
// ledger shares the queue.

var _ groupmem.Queue = (*Ledger)(nil)

// DueGroups implements groupmem.Queue. The number of new messages of a group
// is read as group_state.next_seq - 1 - watermark: the sequence numbers
// handed out past the watermark. It never undercounts; it overcounts by
// the resent duplicates whose insert was skipped after taking a number.
func (l *Ledger) DueGroups(ctx context.Context, minNew int, after string, limit int) ([]string, error) {
	if limit <= 0 {
		return nil, nil
	}
	// The allocator bound filters cheaply; the count of stored messages
	// (at most minNew of them, by the (group_id, seq) key) makes it exact,
	// so resent duplicates never make a group look due.
	rows, err := l.pool.Query(ctx, dueGroupsSQL, max(minNew, 1), after, limit)
	if err != nil {
		return nil, interpretError(fmt.Errorf("read due groups: %w", err))
	}
	groups, err := pgx.CollectRows(rows, pgx.RowTo[string])
	return groups, interpretError(err)
}

// EnqueueJobs implements groupmem.Queue in one statement: the unique
// (slot, group) key and the one-unfinished-job-per-group index make every
// duplicate a no-op, also between concurrent callers. A bad group id is
// EINVALID and nothing is added.
func (l *Ledger) EnqueueJobs(ctx context.Context, slot time.Time, groups []string) (int, error) {
	for _, g := range groups {
		if err := groupmem.CheckGroupID(g); err != nil {
			return 0, err
		}
	}
	if len(groups) == 0 {
		return 0, nil
	}
	// In name order, so concurrent callers take the index entries' locks
	// in one order and cannot deadlock.
	groups = slices.Sorted(slices.Values(groups))
	now := l.now().UTC()
	// A new job is due at ledger.JobPlace: the oldest pending message by
	// the (group_id, seq) key, the backlog from the seq allocator.
	tag, err := l.pool.Exec(ctx, enqueueJobsSQL, slot.UTC(), now, groups,
		int64(groupmem.MaxBacklogAdvance/groupmem.BacklogStep), groupmem.BacklogStep.Microseconds())
	if err != nil {
		return 0, interpretError(fmt.Errorf("enqueue jobs: %w", err))
	}
	return int(tag.RowsAffected()), nil
}

// ClaimJobs implements groupmem.Queue. Claimers skip rows another claimer
// has locked (SKIP LOCKED) and rows still leased, so a job has one holder
// at a time; jobs come oldest due first (next_attempt_at, then id), so a
// job that keeps failing, being pushed back by its backoff, never holds up
// the others. Every job of one call gets the same fresh claim token.
func (l *Ledger) ClaimJobs(ctx context.Context, limit int, lease time.Duration) ([]groupmem.Job, error) {
	if limit <= 0 {
		return nil, nil
	}
	if lease <= 0 {
		return nil, groupmem.Errorf(groupmem.EINVALID, "a job lease must be positive, got %s", lease)
	}
	now := l.now().UTC()
	rows, err := l.pool.Query(ctx, claimJobsSQL, now, now.Add(lease), groupmem.NewID(), limit, groupmem.JobLeaseLost)
	if err != nil {
		return nil, interpretError(fmt.Errorf("claim jobs: %w", err))
	}
	jobs, err := pgx.CollectRows(rows, scanJob)
	if err != nil {
		return nil, interpretError(fmt.Errorf("claim jobs: %w", err))
	}
	slices.SortFunc(jobs, ledger.CompareJobs)
	return jobs, nil
}

// RenewJobs implements groupmem.Queue in one statement; only rows whose
// claim token and running status match are changed (and locked).
func (l *Ledger) RenewJobs(ctx context.Context, p groupmem.RenewJobsParams) ([]int64, error) {
	if err := ledger.CheckRenewal(p); err != nil {
		return nil, err
	}
	if len(p.Jobs) == 0 {
		return nil, nil
	}
	ids, claims := make([]int64, len(p.Jobs)), make([]string, len(p.Jobs))
	for i, j := range p.Jobs {
		ids[i], claims[i] = j.ID, j.Claim
	}
	rows, err := l.pool.Query(ctx, renewJobsSQL, l.now().UTC().Add(p.Lease), ids, claims)
	if err != nil {
		return nil, interpretError(fmt.Errorf("renew jobs: %w", err))
	}
	kept, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, interpretError(fmt.Errorf("renew jobs: %w", err))
	}
	slices.Sort(kept)
	return kept, nil
}

// FinishJob implements groupmem.Queue. It applies only while job.Claim is
// the job's current claim and the job is running; otherwise ECONFLICT and
// nothing changes. An unknown outcome kind or a negative delay is EINVALID.
func (l *Ledger) FinishJob(ctx context.Context, job groupmem.Job, o groupmem.JobOutcome) error {
	status, failed, err := ledger.JobEffect(o, job)
	if err != nil {
		return err
	}
	now := l.now().UTC()
	var runID *string
	if o.RunID != "" {
		runID = &o.RunID
	}
	tag, err := l.pool.Exec(ctx, finishJobSQL,
		job.ID, job.Claim, string(status), failed, now.Add(o.Delay), ledger.CleanError(o.Error),
		runID, string(o.RunStatus), now, ledger.FollowUps(o))
	if err != nil {
		return interpretError(fmt.Errorf("finish job: %w", err))
	}
	if tag.RowsAffected() != 1 {
		return groupmem.Errorf(groupmem.ECONFLICT, "job %d is no longer held by this claim", job.ID)
	}
	return nil
}

// PruneJobs implements groupmem.Queue.
func (l *Ledger) PruneJobs(ctx context.Context, before time.Time) (int, error) {
	tag, err := l.pool.Exec(ctx, pruneJobsSQL, before.UTC())
	if err != nil {
		return 0, interpretError(fmt.Errorf("prune jobs: %w", err))
	}
	return int(tag.RowsAffected()), nil
}

// Jobs returns every job enqueued for slot, by group id: what an operator
// reads to see how a night went.
func (l *Ledger) Jobs(ctx context.Context, slot time.Time) ([]groupmem.Job, error) {
	rows, err := l.pool.Query(ctx, slotJobsSQL, slot.UTC())
	if err != nil {
		return nil, interpretError(fmt.Errorf("read jobs: %w", err))
	}
	jobs, err := pgx.CollectRows(rows, scanJob)
	return jobs, interpretError(err)
}

// CountJobs implements groupmem.Queue.
func (l *Ledger) CountJobs(ctx context.Context, slot time.Time) (groupmem.JobCounts, error) {
	var c groupmem.JobCounts
	rows, err := l.pool.Query(ctx, countJobsSQL, slot.UTC())
	if err != nil {
		return c, interpretError(fmt.Errorf("count jobs: %w", err))
	}
	var st string
	var n int
	_, err = pgx.ForEachRow(rows, []any{&st, &n}, func() error {
		c.Add(groupmem.JobStatus(st), n)
		return nil
	})
	return c, interpretError(err)
}

const jobColumns = `id, slot, group_id, status, attempts, next_attempt_at, claim, claimed_until,
	last_error, run_id, run_status, created_at, updated_at, follow_ups`

func scanJob(row pgx.CollectableRow) (groupmem.Job, error) {
	var j groupmem.Job
	var claim, runID *string
	var until *time.Time
	err := row.Scan(&j.ID, &j.Slot, &j.GroupID, &j.Status, &j.Attempts, &j.NextAttemptAt, &claim, &until,
		&j.LastError, &runID, &j.RunStatus, &j.CreatedAt, &j.UpdatedAt, &j.FollowUps)
	if claim != nil {
		j.Claim = *claim
	}
	if runID != nil {
		j.RunID = *runID
	}
	if until != nil {
		j.ClaimedUntil = *until
	}
	return j, err
}

// The statements on the job tables. Each is answered from an index at any
// size of the queue (TestJobQueriesUseIndexes reads their plans).
const (
	dueGroupsSQL = `
		SELECT g.group_id FROM group_state g
		WHERE g.next_seq - 1 - g.watermark >= $1 AND g.group_id > $2
			AND (SELECT count(*) FROM (SELECT 1 FROM messages m
				WHERE m.group_id = g.group_id AND m.seq > g.watermark LIMIT $1) n) >= $1
		ORDER BY g.group_id LIMIT $3`
	enqueueJobsSQL = `
		INSERT INTO evolution_jobs (slot, group_id, next_attempt_at, created_at, updated_at)
		SELECT $1, g.id,
			least($2, coalesce((SELECT m.inserted_at FROM messages m
				WHERE m.group_id = g.id AND m.seq > s.watermark ORDER BY m.seq LIMIT 1), $2))
			- least(greatest(coalesce(s.next_seq - 1 - s.watermark, 0), 0), $4) * $5::bigint * interval '1 microsecond',
			$2, $2
		FROM unnest($3::text[]) AS g(id)
			LEFT JOIN LATERAL (SELECT watermark, next_seq FROM group_state WHERE group_id = g.id LIMIT 1) s ON true
		ON CONFLICT DO NOTHING`
	claimJobsSQL = `
		UPDATE evolution_jobs j SET status = 'running', claim = $3, claimed_until = $2, updated_at = $1,
			attempts = j.attempts + (j.status = 'running')::int,
			last_error = CASE WHEN j.status = 'running' THEN $5 ELSE j.last_error END
		WHERE j.id IN (
			SELECT id FROM evolution_jobs
			WHERE status IN ('pending', 'running') AND next_attempt_at <= $1
				AND (claimed_until IS NULL OR claimed_until <= $1)
			ORDER BY next_attempt_at, id LIMIT $4 FOR UPDATE SKIP LOCKED)
		RETURNING ` + jobColumns
	renewJobsSQL = `
		UPDATE evolution_jobs j SET claimed_until = $1
		FROM unnest($2::bigint[], $3::text[]::uuid[]) AS r(id, claim)
		WHERE j.id = r.id AND j.claim = r.claim AND j.status = 'running'
		RETURNING j.id`
	finishJobSQL = `
		UPDATE evolution_jobs SET status = $3, attempts = attempts + $4,
			next_attempt_at = CASE WHEN $3 = 'pending' THEN $5 ELSE next_attempt_at END,
			last_error = CASE WHEN $4 = 1 THEN $6 ELSE last_error END,
			run_id = coalesce($7, run_id), run_status = CASE WHEN $7 IS NULL THEN run_status ELSE $8 END,
			claim = NULL, claimed_until = NULL, updated_at = $9, follow_ups = follow_ups + $10
		WHERE id = $1 AND claim = $2 AND status = 'running'`
	pruneJobsSQL = `
		DELETE FROM evolution_jobs WHERE status IN ('done', 'given_up') AND updated_at < $1`
	slotJobsSQL  = `SELECT ` + jobColumns + ` FROM evolution_jobs WHERE slot = $1 ORDER BY group_id`
	countJobsSQL = `SELECT status, count(*) FROM evolution_jobs WHERE slot = $1 GROUP BY status`
)
