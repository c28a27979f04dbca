package ledger

import "github.com/groupmem/groupmem"

// CheckFinish checks a run before FinishRun records its end: a valid run
// id and one of the statuses FinishRun records (noop, failed, review,
// dry_run; a succeeded run ends in CommitPlan). EINVALID otherwise.
func CheckFinish(run groupmem.Run) error {
	if err := groupmem.CheckID(run.ID); err != nil {
		return err
	}
	switch run.Status {
	case groupmem.RunNoop, groupmem.RunFailed, groupmem.RunReview, groupmem.RunDryRun:
		return nil
	}
	return groupmem.Errorf(groupmem.EINVALID, "FinishRun records noop, failed, review or dry_run runs, not %q", groupmem.Truncate(string(run.Status), 40))
}
