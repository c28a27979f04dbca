package qdrant

import (
	"context"
	"time"

	"github.com/qdrant/go-client/qdrant"

	"github.com/groupmem/groupmem"
)

// Forget implements msgsearch.Searcher: it removes the points of ids of
// group, or of the whole group without ids.
func (m *Messages) Forget(ctx context.Context, group string, ids ...string) error {
	sel := qdrant.NewPointsSelectorFilter(&qdrant.Filter{Must: []*qdrant.Condition{inGroup(group)}})
	if len(ids) > 0 {
		pids := make([]*qdrant.PointId, len(ids))
		for i, id := range ids {
			pids[i] = qdrant.NewIDUUID(messagePointID(group, id))
		}
		sel = qdrant.NewPointsSelector(pids...)
	}
	return m.x.call(ctx, func(ctx context.Context, c *qdrant.Client) error {
		_, err := c.Delete(ctx, &qdrant.DeletePoints{CollectionName: m.x.cfg.Collection, Wait: qdrant.PtrOf(true), Points: sel})
		return err
	})
}

// ForgetExpired removes the points of the group's messages sent before
// before whose text the ledger no longer holds: what retention expired, and
// any such point an earlier pass left. It reads the group's points sent
// up to that second, page by page, and checks each against the ledger, so
// a message that keeps its text keeps its point. EINVALID for a bad group
// id.
func (m *Messages) ForgetExpired(ctx context.Context, group string, before time.Time) error {
	if err := groupmem.CheckGroupID(group); err != nil {
		return err
	}
	return m.forgetTextlessIn(ctx, group, &qdrant.Filter{Must: []*qdrant.Condition{inGroup(group),
		qdrant.NewRange(keySentAt, &qdrant.Range{Lte: qdrant.PtrOf(float64(before.Unix()))})}})
}

// ForgetTextless removes the points of every message of the group whose
// text the ledger no longer holds, whatever removed it (a redaction,
// retention): the relay's part of an OutboxForget entry, which outlives
// the process that queued it. It reads all the group's points, page by
// page, and checks each against the ledger. EINVALID for a bad group id.
func (m *Messages) ForgetTextless(ctx context.Context, group string) error {
	if err := groupmem.CheckGroupID(group); err != nil {
		return err
	}
	return m.forgetTextlessIn(ctx, group, &qdrant.Filter{Must: []*qdrant.Condition{inGroup(group)}})
}

// forgetTextlessIn removes the points filter selects, of group, whose
// message the ledger no longer holds with its text.
func (m *Messages) forgetTextlessIn(ctx context.Context, group string, filter *qdrant.Filter) error {
	var offset *qdrant.PointId
	for {
		var pts []*qdrant.RetrievedPoint
		var next *qdrant.PointId
		err := m.x.call(ctx, func(ctx context.Context, c *qdrant.Client) error {
			var err error
			pts, next, err = c.ScrollAndOffset(ctx, &qdrant.ScrollPoints{CollectionName: m.x.cfg.Collection, Filter: filter, Offset: offset,
				Limit: qdrant.PtrOf(uint32(catchUpBatch)), WithPayload: qdrant.NewWithPayloadInclude(keyMessageID)})
			return err
		})
		if err != nil {
			return err
		}
		ids := make([]string, len(pts))
		for i, p := range pts {
			ids[i] = p.GetPayload()[keyMessageID].GetStringValue()
		}
		if err := m.forgetTextless(ctx, group, ids); err != nil {
			return err
		}
		if next == nil {
			return nil
		}
		offset = next
	}
}

// forgetTextless removes the points of those of ids, messages of group,
// that the ledger no longer holds with their text.
func (m *Messages) forgetTextless(ctx context.Context, group string, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	held, err := m.src.MessagesByID(ctx, group, ids)
	if err != nil {
		return err
	}
	hasText := make(map[string]bool, len(held))
	for _, x := range held {
		hasText[x.ID] = x.Content != ""
	}
	var gone []string
	for _, id := range ids {
		if !hasText[id] {
			gone = append(gone, id)
		}
	}
	if len(gone) == 0 {
		return nil
	}
	return m.Forget(ctx, group, gone...)
}

// recheck reads back from the ledger the messages a catch-up step just
// wrote (msgs, as read before the write). A purge meanwhile would have the
// group's points back: when the ledger lost one of them, or holds it at
// another seq, every point of the group goes again and recheck reports the
// group purged. The points of those whose text went meanwhile (redaction,
// retention) go.
func (m *Messages) recheck(ctx context.Context, group string, msgs []groupmem.Message) (purged bool, err error) {
	if len(msgs) == 0 {
		return false, nil
	}
	ids := make([]string, len(msgs))
	for i, x := range msgs {
		ids[i] = x.ID
	}
	held, err := m.src.MessagesByID(ctx, group, ids)
	if err != nil {
		return false, err
	}
	now := make(map[string]groupmem.Message, len(held))
	for _, x := range held {
		now[x.ID] = x
	}
	var gone []string
	for _, x := range msgs {
		y, ok := now[x.ID]
		if !ok || y.Seq != x.Seq {
			return true, m.Forget(ctx, group)
		}
		if x.Content != "" && y.Content == "" {
			gone = append(gone, x.ID)
		}
	}
	if len(gone) == 0 {
		return false, nil
	}
	return false, m.Forget(ctx, group, gone...)
}
