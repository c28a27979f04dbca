package ledger

import (
	"cmp"
	"time"

	"github.com/groupmem/groupmem"
)

// JobPlace returns when a new job of a group is due: when the group's
// oldest pending message was stored (oldest; zero when it has none),
// moved earlier by groupmem.BacklogStep for each of its pending messages (backlog)
// up to groupmem.MaxBacklogAdvance, and never later than now. Ledgers compute the
// same in SQL; this is the rule their tests check against.
func JobPlace(now, oldest time.Time, backlog int64) time.Time {
	at := now
	if !oldest.IsZero() && oldest.Before(now) {
		at = oldest
	}
	steps := min(max(backlog, 0), int64(groupmem.MaxBacklogAdvance/groupmem.BacklogStep))
	return at.Add(-time.Duration(steps) * groupmem.BacklogStep)
}

// CompareJobs orders jobs as ClaimJobs hands them out: oldest due first,
// then by id.
func CompareJobs(a, b groupmem.Job) int {
	if c := a.NextAttemptAt.Compare(b.NextAttemptAt); c != 0 {
		return c
	}
	return cmp.Compare(a.ID, b.ID)
}

// JobEffect checks a job's outcome before a queue records it, and returns the
// status it leaves the job in and how many failed attempts it counts (0 or
// 1); FollowUps says how many follow-ups it counts. groupmem.EINVALID for a job without a valid claim token, a run id that is not
// a UUID, a negative delay or an unknown kind. Every Queue calls it, so they
// accept and record exactly the same outcomes.
func JobEffect(o groupmem.JobOutcome, job groupmem.Job) (groupmem.JobStatus, int, error) {
	if !groupmem.ValidID(job.Claim) {
		return "", 0, groupmem.Errorf(groupmem.EINVALID, "job %d carries no valid claim", job.ID)
	}
	if o.RunID != "" {
		if err := groupmem.CheckID(o.RunID); err != nil {
			return "", 0, err
		}
	}
	if o.Delay < 0 {
		return "", 0, groupmem.Errorf(groupmem.EINVALID, "a retry delay must not be negative, got %s", o.Delay)
	}
	switch o.Kind {
	case groupmem.OutcomeDone:
		return groupmem.JobDone, 0, nil
	case groupmem.OutcomeRetry:
		return groupmem.JobPending, 1, nil
	case groupmem.OutcomeGiveUp:
		return groupmem.JobGivenUp, 1, nil
	case groupmem.OutcomeRelease, groupmem.OutcomeContinue:
		return groupmem.JobPending, 0, nil
	}
	return "", 0, groupmem.Errorf(groupmem.EINVALID, "unknown job outcome %q", groupmem.Truncate(string(o.Kind), 40))
}

// FollowUps returns how many follow-ups recording the outcome counts: 1
// for groupmem.OutcomeContinue, 0 otherwise.
func FollowUps(o groupmem.JobOutcome) int {
	if o.Kind == groupmem.OutcomeContinue {
		return 1
	}
	return 0
}

// CheckRenewal checks a renewal of claims before a queue records it:
// EINVALID for a lease that is not positive or a job without a valid
// claim token.
func CheckRenewal(p groupmem.RenewJobsParams) error {
	if p.Lease <= 0 {
		return groupmem.Errorf(groupmem.EINVALID, "a job lease must be positive, got %s", p.Lease)
	}
	for _, j := range p.Jobs {
		if !groupmem.ValidID(j.Claim) {
			return groupmem.Errorf(groupmem.EINVALID, "job %d has no valid claim token", j.ID)
		}
	}
	return nil
}
