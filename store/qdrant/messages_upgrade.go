package qdrant

import (
	"context"
	"fmt"

	"github.com/qdrant/go-client/qdrant"

	"github.com/groupmem/groupmem"
)

// upgrade gives every point an earlier groupmem wrote without its number
// of terms (keyTerms, which the keyword side needs) that number, counted
// on the ledger's copy of its message; a point whose message the ledger no
// longer holds with its text goes. Nothing is embedded again: the points
// keep their vectors. OpenMessages runs it when cfg.Upgrade is set
// (groupmem reindex); until then, searches of a group holding such points
// rank its keywords by Qdrant's own scores.
func (m *Messages) upgrade(ctx context.Context) error {
	lacking := &qdrant.Filter{Must: []*qdrant.Condition{qdrant.NewIsEmpty(keyTerms)}}
	for last := ""; ; {
		var pts []*qdrant.RetrievedPoint
		err := m.x.call(ctx, func(ctx context.Context, c *qdrant.Client) error {
			var err error
			pts, err = c.Scroll(ctx, &qdrant.ScrollPoints{CollectionName: m.x.cfg.Collection, Filter: lacking,
				Limit: qdrant.PtrOf(uint32(catchUpBatch)), WithPayload: qdrant.NewWithPayloadInclude(keyGroup, keyMessageID)})
			return err
		})
		if err != nil || len(pts) == 0 {
			return err
		}
		first := pts[0].GetId().GetUuid()
		if first == last {
			return fmt.Errorf("upgrade the message index: point %s keeps lacking its number of terms", first)
		}
		last = first
		byGroup := map[string]map[string]*qdrant.PointId{} // group → message id → point
		for _, p := range pts {
			g, id := p.GetPayload()[keyGroup].GetStringValue(), p.GetPayload()[keyMessageID].GetStringValue()
			if byGroup[g] == nil {
				byGroup[g] = map[string]*qdrant.PointId{}
			}
			byGroup[g][id] = p.GetId()
		}
		for g, points := range byGroup {
			if err := m.countTerms(ctx, g, points); err != nil {
				return fmt.Errorf("upgrade the message index: %w", err)
			}
		}
	}
}

// countTerms sets the number of terms of points, by the id of their
// message of group, from the ledger's copy; a point whose message the
// ledger no longer holds with its text goes. Every point is set or gone.
func (m *Messages) countTerms(ctx context.Context, group string, points map[string]*qdrant.PointId) error {
	ids := make([]string, 0, len(points))
	for id := range points {
		ids = append(ids, id)
	}
	var held []groupmem.Message
	if groupmem.CheckGroupID(group) == nil { // else not groupmem's point: it goes
		var err error
		if held, err = m.src.MessagesByID(ctx, group, ids); err != nil {
			return err
		}
	}
	byLength := map[int][]*qdrant.PointId{}
	for _, x := range held {
		if pid := points[x.ID]; pid != nil && x.Content != "" {
			_, _, n := sparseDoc(x.SenderName + " " + x.Content)
			byLength[n] = append(byLength[n], pid)
			delete(points, x.ID)
		}
	}
	gone := make([]*qdrant.PointId, 0, len(points))
	for _, pid := range points {
		gone = append(gone, pid)
	}
	return m.x.call(ctx, func(ctx context.Context, c *qdrant.Client) error {
		for n, pids := range byLength {
			_, err := c.SetPayload(ctx, &qdrant.SetPayloadPoints{CollectionName: m.x.cfg.Collection, Wait: qdrant.PtrOf(true),
				Payload: qdrant.NewValueMap(map[string]any{keyTerms: int64(n)}), PointsSelector: qdrant.NewPointsSelector(pids...)})
			if err != nil {
				return err
			}
		}
		if len(gone) == 0 {
			return nil
		}
		_, err := c.Delete(ctx, &qdrant.DeletePoints{CollectionName: m.x.cfg.Collection, Wait: qdrant.PtrOf(true), Points: qdrant.NewPointsSelector(gone...)})
		return err
	})
}
