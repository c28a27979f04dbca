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
// messages and purges idle groups (each under its lock; a group being
// evolved is skipped, not idle anyway), logging and returning what it
// removed.
func (s *Service) Retain(ctx context.Context, cfg RetentionConfig) (RetentionReport, error) {
	var r RetentionReport
	now := s.now()
	if cfg.MessageDays > 0 {
		expired, err := s.ledger.ExpireMessages(ctx, now.Add(-time.Duration(cfg.MessageDays)*24*time.Hour), "retention")
		if err != nil {
			return r, err
		}
		// Every message hit is read back from the ledger, so an expired
		// text is never returned; an in-process index also lets go of the
		// texts it holds. (Qdrant's points carry ids, no text; their
		// vectors go when the group is reindexed.)
		r.Messages = groupmem.Total(expired)
		if f := s.relay.cfg.RereadMessages; f != nil {
			for g := range expired {
				if err := f(ctx, g); err != nil {
					s.log.WarnContext(ctx, "retention: the message index keeps expired text in memory until it reads the group again", "group_id", g, "err", err)
				}
			}
		}
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
