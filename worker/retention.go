package worker

import (
	"context"
	"errors"
	"time"

	"github.com/groupmem/groupmem"
)

// RetentionConfig says what the scheduler forgets on its own. Both are off
// (0) by default.
type RetentionConfig struct {
	// MessageDays removes the text of messages sent more than this many
	// days ago once they have been fused (GROUPMEM_RETAIN_MESSAGES_DAYS).
	// Their rows stay; memories are kept.
	MessageDays int
	// IdleGroupDays purges groups that have had no message and no run for
	// this many days (GROUPMEM_PURGE_IDLE_GROUPS_DAYS).
	IdleGroupDays int
}

// RetentionReport counts what one Retain removed.
type RetentionReport struct {
	Messages int // messages whose text went
	Groups   int // groups purged
	Rows     int // rows those purges removed
}

// retentionPage bounds the idle groups one Retain purges.
const retentionPage = 1000

// Retain applies cfg at the service's clock: it expires old fused
// messages, and has the message index remove what it held of them
// (RelayConfig.ExpireMessages; what fails, the relay finishes in its next
// round), and purges idle groups (each under its lock; a group being
// evolved is skipped, not idle anyway), logging and returning what it
// removed.
func (s *Service) Retain(ctx context.Context, cfg RetentionConfig) (RetentionReport, error) {
	var r RetentionReport
	now := s.now()
	if cfg.MessageDays > 0 {
		cutoff := now.Add(-time.Duration(cfg.MessageDays) * 24 * time.Hour)
		expired, err := s.ledger.ExpireMessages(ctx, cutoff, "retention")
		if err != nil {
			return r, err
		}
		// Every message hit is read back from the ledger, so an expired
		// text is never returned; the message index lets go of what it
		// holds of it (points, vectors, texts) now, or the relay does in
		// its next round.
		r.Messages = groupmem.Total(expired)
		for g := range expired {
			s.relay.expire(g, cutoff)
		}
		s.forgetNow(ctx, "retention")
	}
	if cfg.IdleGroupDays > 0 {
		ids, err := s.ledger.IdleGroups(ctx, now.Add(-time.Duration(cfg.IdleGroupDays)*24*time.Hour), retentionPage)
		if err != nil {
			return r, err
		}
		var errs []error
		for _, g := range ids {
			removal, err := s.Purge(ctx, g, "retention")
			if err != nil {
				if groupmem.ErrorCode(err) != groupmem.EBUSY {
					errs = append(errs, err)
				}
				continue
			}
			r.Groups++
			r.Rows += removal.Total()
		}
		if err := errors.Join(errs...); err != nil {
			return r, err
		}
	}
	if r.Messages > 0 || r.Groups > 0 {
		s.log.InfoContext(ctx, "retention", "messages_expired", r.Messages, "groups_purged", r.Groups, "rows_removed", r.Rows)
	}
	return r, nil
}

// forgetNow has the relay's message index forget what is queued, within
// projectTimeout; a failure is logged, and the relay retries.
func (s *Service) forgetNow(ctx context.Context, why string) {
	pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), projectTimeout)
	defer cancel()
	if _, err := s.relay.forgetPending(pctx); err != nil {
		s.log.WarnContext(ctx, why+": the message index keeps forgotten messages until the relay's next round", "err", err)
	}
}
