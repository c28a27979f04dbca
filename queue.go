package groupmem

import (
	"context"
	"time"
)

// Queue is the job queue that spreads scheduled evolutions across
// replicas: the scheduler writes one job per (slot, group) and every
// replica's Pool claims jobs from it. store/postgres implements it on the
// ledger's database, so every replica sharing that database shares the
// queue. Implementations return *groupmem.Error values: EINVALID for bad
// arguments, EUNAVAILABLE when the store cannot be reached.
type Queue interface {
	// DueGroups returns up to limit groups, in name order after the group
	// named after ("" to start), that have at least minNew stored messages
	// past their watermark (minNew below 1 counts as 1).
	DueGroups(ctx context.Context, minNew int, after string, limit int) ([]string, error)

	// EnqueueJobs adds one pending job per group for slot and returns how
	// many it added. It is idempotent: a group that already has a job for
	// slot, or an unfinished job from any slot, gets none, so two replicas
	// ticking the same slot add each group once, and a group whose job
	// did not finish in its night keeps that job and its place. A new job
	// is due at its group's place (see JobPlace), so claims take the
	// groups whose messages have waited longest and whose backlogs are
	// largest first.
	EnqueueJobs(ctx context.Context, slot time.Time, groups []string) (int, error)

	// ClaimJobs leases up to limit jobs whose next attempt is due and
	// that nobody holds (or whose holder's lease ran out), oldest due
	// first, for lease. Two claimers never hold the same job at once. A job
	// claimed again after its lease ran out counts that lost attempt as a
	// failed one.
	ClaimJobs(ctx context.Context, limit int, lease time.Duration) ([]Job, error)

	// RenewJobs extends the claims of p.Jobs, each with the claim token it
	// was claimed with, to now + p.Lease, and returns the ids of the jobs it
	// extended, in id order. A job whose claim no longer holds (another
	// claimer took it after its lease ran out, or it was finished) is left
	// as it is and missing from the ids: its holder has lost it. A claim
	// whose lease ran out but that nobody took yet is still held, and is
	// extended. A lease that is not positive, or a job without a valid claim
	// token, is EINVALID, and nothing is renewed.
	RenewJobs(ctx context.Context, p RenewJobsParams) ([]int64, error)

	// FinishJob records how a claimed job ended (see JobOutcome). ECONFLICT
	// when job's claim no longer holds: its lease ran out and another
	// claimer took it, or it was already finished.
	FinishJob(ctx context.Context, job Job, o JobOutcome) error

	// Jobs returns every job of slot, in id order: how a night went.
	Jobs(ctx context.Context, slot time.Time) ([]Job, error)

	// CountJobs returns how many jobs of slot are in each state: a
	// night's progress, read from an index at any size of the queue.
	CountJobs(ctx context.Context, slot time.Time) (JobCounts, error)

	// PruneJobs deletes finished (done or given up) jobs last changed
	// before before, and returns how many.
	PruneJobs(ctx context.Context, before time.Time) (int, error)
}

// JobLeaseLost is the LastError of a job whose holder's lease ran out
// before it finished the job (it stopped, or lost its claim): a claimer
// that takes the job counts that attempt as a failed one.
const JobLeaseLost = "the worker holding the job stopped before finishing it (its lease ran out)"

// RenewJobsParams are the claims Queue.RenewJobs extends.
type RenewJobsParams struct {
	Jobs  []Job         // the held jobs, as claimed: ID and Claim are read
	Lease time.Duration // the new lease, from now
}

// JobStatus is the state of a queued job.
type JobStatus string

// The states of a job.
const (
	JobPending JobStatus = "pending"  // waiting for its next attempt
	JobRunning JobStatus = "running"  // claimed; held until its lease runs out
	JobDone    JobStatus = "done"     // evolved: succeeded, noop or review
	JobGivenUp JobStatus = "given_up" // failed its last allowed attempt; LastError says why
)

// JobCounts is how many jobs of one slot are in each state.
type JobCounts struct {
	Pending, Running, Done, GivenUp int
}

// Left is how many jobs of the slot are not finished yet.
func (c JobCounts) Left() int { return c.Pending + c.Running }

// Add counts n jobs in state st; an unknown state counts nowhere.
func (c *JobCounts) Add(st JobStatus, n int) {
	switch st {
	case JobPending:
		c.Pending += n
	case JobRunning:
		c.Running += n
	case JobDone:
		c.Done += n
	case JobGivenUp:
		c.GivenUp += n
	}
}

// Job is one scheduled evolution of one group for one slot.
type Job struct {
	ID            int64
	Slot          time.Time // the schedule time it was enqueued for
	GroupID       string
	Status        JobStatus
	Attempts      int       // failed attempts so far
	FollowUps     int       // times it continued with more messages (OutcomeContinue)
	NextAttemptAt time.Time // when it may be claimed next
	Claim         string    // the token of the current claim; FinishJob checks it
	ClaimedUntil  time.Time // end of the current lease (zero when not claimed)
	LastError     string    // why the last failed attempt failed
	RunID         string    // the last run it started ("" before any)
	RunStatus     RunStatus
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

// OutcomeKind says what FinishJob does with a job.
type OutcomeKind string

// The ways a claimed job can end.
const (
	// OutcomeDone finishes the job: status done.
	OutcomeDone OutcomeKind = "done"
	// OutcomeRetry counts a failed attempt, records the error and makes
	// the job pending again after Delay.
	OutcomeRetry OutcomeKind = "retry"
	// OutcomeGiveUp counts a failed attempt, records the error and gives
	// the job up; the group waits for the next slot.
	OutcomeGiveUp OutcomeKind = "give_up"
	// OutcomeRelease makes the job pending again after Delay without
	// counting an attempt: it did not run (the group was busy) or was
	// abandoned by a shutdown.
	OutcomeRelease OutcomeKind = "release"
	// OutcomeContinue makes the job pending again after Delay (usually
	// none) and counts one follow-up, no attempt: its run applied a full
	// batch and more messages wait. Due jobs are claimed oldest due first,
	// so the follow-up comes after every job that was already due.
	OutcomeContinue OutcomeKind = "continue"
)

// JobOutcome is how one claimed job ended.
type JobOutcome struct {
	Kind      OutcomeKind
	RunID     string        // the run the attempt started, if any
	RunStatus RunStatus     // its status, if it ended
	Error     string        // why it failed (Retry, GiveUp)
	Delay     time.Duration // wait before the next attempt (Retry, Release)
}

// The place of a new job in the queue. A group's oldest pending message
// sets it; every message pending gains the group BacklogStep on the others,
// up to MaxBacklogAdvance: a group with 300 new messages since this
// morning goes before one with 3 since last night, and a group left over
// from an earlier night goes before tonight's.
const (
	BacklogStep       = time.Minute
	MaxBacklogAdvance = 24 * time.Hour
)
