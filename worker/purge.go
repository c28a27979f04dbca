package worker

import (
	"context"

	"github.com/groupmem/groupmem"
)

// Purge forgets group g: under its lock, the ledger removes every row of
// it in one transaction (and records the removal without its text), then
// the index drops the group's points. If the index cannot be reached, the
// purge's outbox entry has the relay finish it. Purging a group with
// nothing left removes nothing. EBUSY while the group is being evolved.
func (s *Service) Purge(ctx context.Context, g, actor string) (groupmem.Removal, error) {
	if err := groupmem.CheckGroupID(g); err != nil {
		return groupmem.Removal{}, err
	}
	var r groupmem.Removal
	err := s.withGroup(ctx, g, func(ctx context.Context) error {
		var err error
		r, err = s.ledger.PurgeGroup(ctx, g, actor)
		return err
	})
	if err != nil {
		return groupmem.Removal{}, err
	}
	if r.Total() > 0 {
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), projectTimeout)
		defer cancel()
		if _, err := s.relay.RunOnce(ctx); err != nil {
			s.log.WarnContext(ctx, "finish a purge in the index; the relay will retry", "group_id", g, "err", err)
		}
		s.log.InfoContext(ctx, "purged group", "group_id", g, "actor", actor, "rows", r.Total())
	}
	return r, nil
}

// Redact removes the text of message id of group g, under the group's
// lock so that no evolution reads it meanwhile (see Ledger.RedactMessage
// for what it does to the memories that quoted it), then projects the
// versions it rewrote into the index and has the message index forget the
// message (RelayConfig.ForgetMessageText); what fails there, the relay
// finishes in its next round. Every active memory that cited the
// message without quoting it gets a new version marked for review (see
// markForReview), listed in Redaction.Review. If that step fails, the
// redaction stands and the error is returned; asking again finishes it.
// EBUSY while the group is being evolved; ENOTFOUND for an unknown
// message.
func (s *Service) Redact(ctx context.Context, g, id, actor string) (groupmem.Redaction, error) {
	var r groupmem.Redaction
	err := s.withGroup(ctx, g, func(ctx context.Context) error {
		var err error
		if r, err = s.ledger.RedactMessage(ctx, g, id, actor); err != nil {
			return err
		}
		r.Review, err = s.markForReview(ctx, g, id, actor)
		return err
	})
	if err != nil {
		return groupmem.Redaction{}, err
	}
	// The message index forgets the message, whether this call removed
	// its text or an earlier one did, and the rewritten versions are
	// projected.
	s.relay.forgetText(g, id)
	pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), projectTimeout)
	defer cancel()
	finish := s.relay.forgetPending
	if len(r.Redacted) > 0 {
		finish = s.relay.Drain
	}
	if _, err := finish(pctx); err != nil {
		s.log.WarnContext(ctx, "finish a redaction in the indexes; the relay will retry", "group_id", g, "err", err)
	}
	if r.ID != 0 || len(r.Review) > 0 {
		s.log.InfoContext(ctx, "redacted message", "group_id", g, "actor", actor, "versions", len(r.Redacted), "review", len(r.Review))
	}
	return r, nil
}
