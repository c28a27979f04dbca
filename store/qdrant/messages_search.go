package qdrant

import (
	"context"

	"github.com/qdrant/go-client/qdrant"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/keyword"
	"github.com/groupmem/groupmem/msgsearch"
)

// candidates is how many hits of each side enter the fusion, per hit asked
// (as in msgsearch).
const candidates = 5

// Search implements msgsearch.Searcher: it catches the group up with the
// ledger, then answers q. With text, Hybrid runs the dense and the sparse
// side in one batch request (5 candidates per hit asked, each) and fuses
// their scores here by keyword.Combine, as every backend does. Semantic
// and Keyword query one side. Without text, messages
// come newest first by seq. Time and sender bounds filter in Qdrant and
// again, exactly, on the messages read back from the ledger.
func (m *Messages) Search(ctx context.Context, q msgsearch.Query) ([]msgsearch.Hit, error) {
	if err := groupmem.CheckGroupID(q.GroupID); err != nil {
		return nil, err
	}
	if q.Limit <= 0 {
		return nil, nil
	}
	if err := m.CatchUp(ctx, q.GroupID); err != nil {
		return nil, err
	}
	filter := m.filter(q)
	if q.Text == "" {
		return m.newestFirst(ctx, q, filter)
	}
	dense := q.Vector
	if q.Mode != msgsearch.Keyword && dense == nil {
		vecs, err := m.embed.Embed(ctx, []string{q.Text})
		if err != nil {
			return nil, err
		}
		if len(vecs) != 1 {
			return nil, groupmem.Errorf(groupmem.EUNAVAILABLE, "embedder returned %d vectors for 1 query", len(vecs))
		}
		dense = vecs[0]
	}
	if zero(dense) {
		dense = nil
	}
	idx, val := sparseQuery(q.Text)
	n := uint64(q.Limit * candidates)
	var denseQ, sparseQ *qdrant.PrefetchQuery
	if dense != nil && q.Mode != msgsearch.Keyword {
		denseQ = &qdrant.PrefetchQuery{Query: qdrant.NewQueryDense(dense), Using: qdrant.PtrOf(vecDense), Limit: &n,
			ScoreThreshold: qdrant.PtrOf(float32(0))}
	}
	if len(idx) > 0 && q.Mode != msgsearch.Semantic {
		sparseQ = &qdrant.PrefetchQuery{Query: qdrant.NewQuerySparse(idx, val), Using: qdrant.PtrOf(vecSparse), Limit: &n}
	}
	sides, err := m.x.hybridSides(ctx, denseQ, sparseQ, filter, n, qdrant.NewWithPayloadInclude(keyMessageID))
	if err != nil {
		return nil, err
	}
	messageID := func(p *qdrant.ScoredPoint) string { return p.GetPayload()[keyMessageID].GetStringValue() }
	sems, words := scoredPoints(sides[0], messageID), scoredPoints(sides[1], messageID)
	ranked := words
	switch {
	case sparseQ == nil:
		ranked = sems
	case denseQ != nil:
		ranked = keyword.Combine(words, sems, int(n))
	}
	// The ranking holds spare hits: some may be gone from the ledger.
	ranked = ranked[:min(len(ranked), q.Limit+candidates)]
	semScore, wordScore := sideScores(sems), sideScores(words)
	hits := make([]msgsearch.Hit, 0, len(ranked))
	for _, r := range ranked {
		h := msgsearch.Hit{Message: groupmem.Message{ID: r.ID}, Score: r.Score}
		if s, ok := semScore[r.ID]; ok {
			h.Semantic = &s
		}
		if s, ok := wordScore[r.ID]; ok {
			h.Keyword = &s
		}
		hits = append(hits, h)
	}
	return m.resolve(ctx, q, hits)
}

// sideScores maps each id of a side to its score.
func sideScores(side []keyword.Scored) map[string]float64 {
	out := make(map[string]float64, len(side))
	for _, s := range side {
		out[s.ID] = s.Score
	}
	return out
}

// filter is q's group, time and sender bounds as a Qdrant filter.
func (m *Messages) filter(q msgsearch.Query) *qdrant.Filter {
	f := &qdrant.Filter{Must: []*qdrant.Condition{inGroup(q.GroupID)}}
	if !q.Since.IsZero() || !q.Until.IsZero() {
		r := &qdrant.Range{}
		if !q.Since.IsZero() {
			r.Gte = qdrant.PtrOf(float64(q.Since.Unix()))
		}
		if !q.Until.IsZero() {
			r.Lte = qdrant.PtrOf(float64(q.Until.Unix())) // seconds: the exact bound is checked on the ledger's message
		}
		f.Must = append(f.Must, qdrant.NewRange(keySentAt, r))
	}
	if q.Sender != "" {
		f.Must = append(f.Must, qdrant.NewFilterAsCondition(&qdrant.Filter{Should: []*qdrant.Condition{
			qdrant.NewMatchKeyword(keySenderID, q.Sender), qdrant.NewMatchKeyword(keySenderName, q.Sender)}}))
	}
	if q.Before > 0 && q.Text == "" {
		f.Must = append(f.Must, qdrant.NewRange(keySeq, &qdrant.Range{Lt: qdrant.PtrOf(float64(q.Before))}))
	}
	return f
}

// newestFirst pages through the group's messages by seq, newest first.
func (m *Messages) newestFirst(ctx context.Context, q msgsearch.Query, filter *qdrant.Filter) ([]msgsearch.Hit, error) {
	var pts []*qdrant.RetrievedPoint
	err := m.x.call(ctx, func(ctx context.Context, c *qdrant.Client) error {
		var err error
		pts, err = c.Scroll(ctx, &qdrant.ScrollPoints{CollectionName: m.x.cfg.Collection, Filter: filter,
			OrderBy: &qdrant.OrderBy{Key: keySeq, Direction: qdrant.Direction_Desc.Enum()},
			Limit:   qdrant.PtrOf(uint32(q.Limit + candidates)), WithPayload: qdrant.NewWithPayloadInclude(keyMessageID)})
		return err
	})
	if err != nil {
		return nil, err
	}
	hits := make([]msgsearch.Hit, len(pts))
	for i, p := range pts {
		hits[i].Message.ID = p.GetPayload()[keyMessageID].GetStringValue()
	}
	return m.resolve(ctx, q, hits)
}

// resolve reads the hits' messages from the ledger, in the hits' order:
// a hit the ledger no longer holds, or holds without text, is left out and
// its point removed; so is one outside q's exact bounds. At most q.Limit
// come back.
func (m *Messages) resolve(ctx context.Context, q msgsearch.Query, hits []msgsearch.Hit) ([]msgsearch.Hit, error) {
	ids := make([]string, len(hits))
	for i, h := range hits {
		ids[i] = h.Message.ID
	}
	msgs, err := m.src.MessagesByID(ctx, q.GroupID, ids)
	if err != nil {
		return nil, err
	}
	byID := make(map[string]groupmem.Message, len(msgs))
	for _, x := range msgs {
		byID[x.ID] = x
	}
	var gone []string
	out := hits[:0]
	for _, h := range hits {
		x, ok := byID[h.Message.ID]
		if !ok || x.Content == "" {
			gone = append(gone, h.Message.ID)
			continue
		}
		if !within(q, x) {
			continue
		}
		h.Message = x
		out = append(out, h)
	}
	if len(gone) > 0 {
		if err := m.Forget(ctx, q.GroupID, gone...); err != nil {
			return nil, err
		}
	}
	return out[:min(len(out), q.Limit)], nil
}

// within reports whether x meets q's time and sender bounds exactly.
func within(q msgsearch.Query, x groupmem.Message) bool {
	switch {
	case !q.Since.IsZero() && x.SentAt.Before(q.Since):
		return false
	case !q.Until.IsZero() && !x.SentAt.Before(q.Until):
		return false
	case q.Sender != "" && q.Sender != x.SenderID && q.Sender != x.SenderName:
		return false
	}
	return true
}
