package worker

import (
	"context"
	"fmt"
	"time"

	"github.com/groupmem/groupmem"
)

// BusyError says who holds a group that a caller found busy: it is the
// cause of the EBUSY errors of Evolve, Start, Delete, Restore and
// SetStrength, whose message says the same in words. Lock keys never
// appear in it.
type BusyError struct {
	GroupID string
	// RunID is the holder's run, the group's running run in the ledger;
	// "" when the holder has not recorded its run yet.
	RunID     string
	Trigger   string    // the holder run's trigger
	StartedAt time.Time // when the holder's run began
	// RetryAfter is how long the holder's lock lasts unless its holder
	// renews it: the earliest time worth trying again. It is the lock ttl
	// when the lock could not be read.
	RetryAfter time.Duration
	err        error // the lock's refusal
}

// Error says who holds the group.
func (e *BusyError) Error() string {
	if e.RunID == "" {
		return fmt.Sprintf("group %s is busy: another worker is evolving or changing it", e.GroupID)
	}
	doing := "evolved"
	if e.Trigger == groupmem.TriggerAdmin {
		doing = "changed by hand"
	}
	return fmt.Sprintf("group %s is being %s by run %s, started at %s", e.GroupID, doing, e.RunID,
		e.StartedAt.UTC().Format(time.RFC3339))
}

// Unwrap returns the lock's refusal.
func (e *BusyError) Unwrap() error { return e.err }

// busy turns the lock's refusal of groupID into an EBUSY error in the
// caller's terms: the group's running run and when to try again. What
// cannot be looked up is left out.
func (s *Service) busy(ctx context.Context, groupID string, refusal error) error {
	b := &BusyError{GroupID: groupID, RetryAfter: s.cfg.LockTTL, err: refusal}
	if left, held, err := s.locker.Held(ctx, lockKey(groupID)); err == nil && held {
		b.RetryAfter = left
	}
	runs, err := s.ledger.RunningRuns(ctx, groupmem.RunningRunsQuery{GroupID: groupID, Limit: 1})
	if err == nil && len(runs) > 0 {
		b.RunID, b.Trigger, b.StartedAt = runs[0].ID, runs[0].Trigger, runs[0].StartedAt
	}
	return groupmem.WrapError(groupmem.EBUSY, b.Error(), b)
}

// lostLease returns why lease was lost while its holder still worked
// under it (the cause of its context: ESTALE or EUNAVAILABLE), or nil when
// it was not lost: it is still held, was released, or parent ended.
func lostLease(parent context.Context, lease groupmem.Lease) error {
	lctx := lease.Context()
	if parent.Err() != nil || lctx.Err() == nil {
		return nil
	}
	cause := context.Cause(lctx)
	switch groupmem.ErrorCode(cause) {
	case groupmem.ESTALE, groupmem.EUNAVAILABLE:
		return cause
	}
	return nil
}

// leaseLostError is the error of work on groupID that failed with err
// after its lease was lost for cause: what happened, in the caller's
// terms, and that nothing was applied. Its code is the cause's: ESTALE
// when the lock ran out or was taken over, EUNAVAILABLE when it could not
// be renewed in time. err and cause stay in the chain, for logs.
func leaseLostError(groupID string, cause, err error) error {
	code, why := groupmem.ESTALE, "it ran out, or another worker took it over"
	if groupmem.ErrorCode(cause) == groupmem.EUNAVAILABLE {
		code, why = groupmem.EUNAVAILABLE, "it could not be renewed in time: the lock store did not answer, or this worker stalled"
	}
	msg := fmt.Sprintf("the lock on group %s was lost before the change was committed (%s); nothing was applied; try again", groupID, why)
	return groupmem.WrapError(code, msg, fmt.Errorf("%w (lock: %w)", err, cause))
}
