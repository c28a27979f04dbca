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
