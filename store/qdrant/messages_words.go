package qdrant

import (
	"context"

	"github.com/qdrant/go-client/qdrant"

	"github.com/groupmem/groupmem/keyword"
	"github.com/groupmem/groupmem/msgsearch"
)

// exactTerms is how many of the points that share a term with a query the
// keyword side scores. When more do, the exactTerms Qdrant ranks best by
// its own score are scored, each term's document frequency counted among
// them.
const exactTerms = 2000

// maxTerms bounds the different numbers of terms a group's messages hold:
// a message of groupmem.MaxMessageBytes, with its sender's name, holds
// fewer.
const maxTerms = 1 << 16

// keywordSide ranks the group's points that share a term with q.Text (pts,
// as searchQueries asks for them) by BM25 within the group, as the
// in-process index does: bm25Rank over the group's numbers of documents and
// terms (groupStats). It keeps the n best within q's bounds. If a point was
// written by an earlier groupmem (without its number of terms), Qdrant's
// own scores rank them instead, until the message index is rebuilt.
func (m *Messages) keywordSide(ctx context.Context, q msgsearch.Query, pts []*qdrant.ScoredPoint, n int) ([]keyword.Scored, error) {
	pts = pts[:min(len(pts), exactTerms)]
	docs := make([]bm25Doc, len(pts))
	for i, p := range pts {
		d, ok := bm25Point(p)
		if !ok {
			return qdrantRanked(q, pts, n), nil
		}
		docs[i] = d
	}
	if len(docs) == 0 {
		return nil, nil
	}
	count, total, err := m.groupStats(ctx, q.GroupID)
	if err != nil {
		return nil, err
	}
	return bm25Rank(q.Text, docs, count, total, n, func(i int) bool { return inBounds(q, pts[i].GetPayload()) }), nil
}

// bm25Point reads a point as keywordSide scores it; false when it lacks
// its number of terms.
func bm25Point(p *qdrant.ScoredPoint) (bm25Doc, bool) {
	length, ok := p.GetPayload()[keyTerms].GetKind().(*qdrant.Value_IntegerValue)
	if !ok {
		return bm25Doc{}, false
	}
	v := p.GetVectors().GetVectors().GetVectors()[vecSparse]
	idx, val := v.GetSparse().GetIndices(), v.GetSparse().GetValues()
	if v.GetSparse() == nil { // the deprecated form of a sparse vector
		idx, val = v.GetIndices().GetData(), v.GetData()
	}
	return bm25Doc{id: messageID(p), length: int(length.IntegerValue), idx: idx, val: val}, true
}

// qdrantRanked is the n best of pts within q's bounds by Qdrant's scores.
func qdrantRanked(q msgsearch.Query, pts []*qdrant.ScoredPoint, n int) []keyword.Scored {
	var out []keyword.Scored
	for _, p := range pts {
		if len(out) < n && inBounds(q, p.GetPayload()) {
			out = append(out, keyword.Scored{ID: messageID(p), Score: float64(p.GetScore())})
		}
	}
	return out
}

// groupStats returns how many documents the group's points hold and how
// many terms all of them hold, from one exact facet over their numbers of
// terms.
func (m *Messages) groupStats(ctx context.Context, group string) (count int, total int64, err error) {
	var hits []*qdrant.FacetHit
	err = m.x.call(ctx, func(ctx context.Context, c *qdrant.Client) error {
		var err error
		hits, err = c.Facet(ctx, &qdrant.FacetCounts{CollectionName: m.x.cfg.Collection, Key: keyTerms,
			Filter: &qdrant.Filter{Must: []*qdrant.Condition{inGroup(group)}}, Limit: qdrant.PtrOf(uint64(maxTerms)), Exact: qdrant.PtrOf(true)})
		return err
	})
	for _, h := range hits {
		count += int(h.GetCount())
		total += h.GetValue().GetIntegerValue() * int64(h.GetCount())
	}
	return count, total, err
}
