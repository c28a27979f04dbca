package worker

import (
	"context"
	"fmt"

	"github.com/groupmem/groupmem"
)

// sweepBatch bounds the running runs one sweep looks at; a sweep that
// finds more leaves the rest to the next one.
const sweepBatch = 100

// Sweep closes abandoned runs. A run still running, begun more than one
// lock ttl ago, whose group's lock nobody holds, lost its worker: it
// crashed, stalled, or lost its lease. Sweep records each such run as
// failed with groupmem.AbandonedLease and advances its group's fencing
// token in the same transaction (Ledger.AbandonRun), so that its worker,
// should it wake up, can never commit. It returns how many runs it
// closed. A run that ends meanwhile keeps its own ending.
//
// The relay's loop calls Sweep every round, so on every replica running
// it an abandoned run is closed within one lock ttl plus one relay
// interval, by whichever replica comes first. Sweep trusts the Locker to
// see every writer's locks: with Config.UnsharedLock it does nothing.
func (s *Service) Sweep(ctx context.Context) (int, error) {
	if s.cfg.UnsharedLock {
		return 0, nil
	}
	runs, err := s.ledger.RunningRuns(ctx, groupmem.RunningRunsQuery{MinAge: s.cfg.LockTTL, Limit: sweepBatch})
	if err != nil {
		return 0, fmt.Errorf("list running runs: %w", err)
	}
	closed := 0
	for _, run := range runs {
		_, held, err := s.locker.Held(ctx, lockKey(run.GroupID))
		if err != nil {
			return closed, fmt.Errorf("check the lock of group %s: %w", run.GroupID, err)
		}
		if held {
			continue // its worker is alive, or a later run is about to begin
		}
		gone, err := s.ledger.AbandonRun(ctx, groupmem.AbandonRunParams{RunID: run.ID, Reason: groupmem.AbandonedLease})
		switch {
		case groupmem.ErrorCode(err) == groupmem.ECONFLICT:
			continue // it ended meanwhile
		case err != nil:
			return closed, fmt.Errorf("close run %s: %w", run.ID, err)
		}
		closed++
		s.log.WarnContext(ctx, "closed an abandoned run: nobody held its group's lock", "run_id", gone.ID,
			"group_id", gone.GroupID, "trigger", gone.Trigger, "started_at", gone.StartedAt)
		s.observe(gone)
	}
	return closed, nil
}
