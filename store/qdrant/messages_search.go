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
// ledger, then answers q. With text, one batch request asks for the dense
// side's candidates (max(5·Limit, 50)) and for the points that share a term
// with the text, which the keyword side ranks by BM25 within the group as
// the in-process index does (keywordSide); the sides are fused by
// keyword.Combine, as every backend fuses them, or one ranks alone as
// q.Mode says. Without text, messages come newest first by seq. Time and
// sender bounds filter in Qdrant and again, exactly, on the messages read
// back from the ledger.
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
	if q.Text == "" {
		return m.newestFirst(ctx, q, m.filter(q))
	}
	dense, err := m.queryVector(ctx, q)
	if err != nil {
		return nil, err
	}
	n := max(q.Limit*candidates, 50)
	denseQ, wordsQ := m.searchQueries(q, dense, n)
	sides, err := m.x.queryBatch(ctx, denseQ, wordsQ)
	if err != nil {
		return nil, err
	}
	sems := scoredPoints(sides[0], messageID)
	words, err := m.keywordSide(ctx, q, sides[1], n)
	if err != nil {
		return nil, err
	}
	return m.resolve(ctx, q, rankMessages(q, words, sems, n))
}

// rankMessages ranks the sides' candidates (n asked of each) by q.Mode as
// the in-process index does, keyword.Combine fusing them for Hybrid, and
// returns the best q.Limit as hits with their parts, and a few spare ones:
// some may be gone from the ledger.
func rankMessages(q msgsearch.Query, words, sems []keyword.Scored, n int) []msgsearch.Hit {
	var ranked []keyword.Scored
	switch q.Mode {
	case msgsearch.Keyword:
		ranked = words
	case msgsearch.Semantic:
		ranked = sems
	default:
		ranked = keyword.Combine(words, sems, n)
	}
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
	return hits
}

func messageID(p *qdrant.ScoredPoint) string { return p.GetPayload()[keyMessageID].GetStringValue() }

// queryVector is q's dense vector when its mode uses one: q.Vector, or the
// text embedded; nil for a text without meaning (a zero vector).
func (m *Messages) queryVector(ctx context.Context, q msgsearch.Query) ([]float32, error) {
	if q.Mode == msgsearch.Keyword {
		return nil, nil
	}
	dense := q.Vector
	if dense == nil {
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
		return nil, nil
	}
	return dense, nil
}

// searchQueries are the two requests of a search with text, each nil when
// q leaves its side out: the dense side's n best within q's bounds, and the
// group's points that share a term with the text (exactTerms + 1 at most,
// best first by Qdrant's own score), with what keywordSide reads of them.
func (m *Messages) searchQueries(q msgsearch.Query, dense []float32, n int) (denseQ, wordsQ *qdrant.QueryPoints) {
	if dense != nil && q.Mode != msgsearch.Keyword {
		denseQ = &qdrant.QueryPoints{CollectionName: m.x.cfg.Collection, Query: qdrant.NewQueryDense(dense), Using: qdrant.PtrOf(vecDense),
			Filter: m.filter(q), Limit: qdrant.PtrOf(uint64(n)), ScoreThreshold: qdrant.PtrOf(float32(0)),
			WithPayload: qdrant.NewWithPayloadInclude(keyMessageID)}
	}
	if idx, val := sparseQuery(q.Text); len(idx) > 0 && q.Mode != msgsearch.Semantic {
		wordsQ = &qdrant.QueryPoints{CollectionName: m.x.cfg.Collection, Query: qdrant.NewQuerySparse(idx, val), Using: qdrant.PtrOf(vecSparse),
			Filter: &qdrant.Filter{Must: []*qdrant.Condition{inGroup(q.GroupID)}}, Limit: qdrant.PtrOf(uint64(exactTerms + 1)),
			WithPayload: qdrant.NewWithPayloadInclude(keyMessageID, keyTerms, keySeq, keySentAt, keySenderID, keySenderName),
			WithVectors: qdrant.NewWithVectorsInclude(vecSparse)}
	}
	return denseQ, wordsQ
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
	if q.Before > 0 {
		f.Must = append(f.Must, qdrant.NewRange(keySeq, &qdrant.Range{Lt: qdrant.PtrOf(float64(q.Before))}))
	}
	return f
}

// inBounds reports whether a point's payload meets q's bounds as filter
// puts them to Qdrant (times by the second).
func inBounds(q msgsearch.Query, p map[string]*qdrant.Value) bool {
	at := p[keySentAt].GetIntegerValue()
	switch {
	case !q.Since.IsZero() && at < q.Since.Unix(), !q.Until.IsZero() && at > q.Until.Unix():
		return false
	case q.Sender != "" && q.Sender != p[keySenderID].GetStringValue() && q.Sender != p[keySenderName].GetStringValue():
		return false
	}
	return q.Before <= 0 || p[keySeq].GetIntegerValue() < q.Before
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

// within reports whether x meets q's bounds exactly.
func within(q msgsearch.Query, x groupmem.Message) bool {
	switch {
	case !q.Since.IsZero() && x.SentAt.Before(q.Since):
		return false
	case !q.Until.IsZero() && !x.SentAt.Before(q.Until):
		return false
	case q.Sender != "" && q.Sender != x.SenderID && q.Sender != x.SenderName:
		return false
	}
	return q.Before <= 0 || x.Seq < q.Before
}
