package qdrant

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/qdrant/go-client/qdrant"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/keyword"
)

// SearchHybrid implements groupmem.Index in Qdrant: with both sides, one
// Query API request whose dense and sparse prefetches (the candidates of
// each side, max(HybridCandidates·Limit, 50)) are fused by Qdrant's RRF
// (https://qdrant.tech/documentation/concepts/hybrid-queries/), and the
// parts of each hit's score from the same two lists, read alongside. The
// keyword side is BM25 as Qdrant computes it: the term weights of the
// point's sparse vector and the IDF modifier, over the whole collection.
// With one side, that side's ranking and scores. Returned memories carry
// no Embedding.
func (x *Index) SearchHybrid(ctx context.Context, q groupmem.HybridQuery) ([]groupmem.HybridHit, error) {
	if err := checkGroup(q.GroupID, ""); err != nil {
		return nil, fmt.Errorf("search memories: %w", err)
	}
	switch {
	case q.Limit < 0:
		return nil, fmt.Errorf("search memories: %w", groupmem.Errorf(groupmem.EINVALID, "limit must not be negative"))
	case q.Vector != nil && len(q.Vector) != x.cfg.Dimension:
		return nil, fmt.Errorf("search memories: %w", groupmem.Errorf(groupmem.EINVALID, "query vector has %d dimensions; the index has %d", len(q.Vector), x.cfg.Dimension))
	case q.Limit == 0:
		return nil, nil
	}
	n := uint64(max(q.Limit*groupmem.HybridCandidates, 50))
	cut := 0.0
	if q.Threshold != nil {
		cut = *q.Threshold
	}
	denseQ, sparseQ := hybridQueries(q, n, cut)
	// With a threshold, fused hits that are not similar enough are left
	// out: the fused ranking then holds every candidate, ids and scores
	// only, and the payload is read for the hits kept.
	limit, with := uint64(q.Limit), qdrant.NewWithPayload(true)
	if q.Threshold != nil {
		limit, with = n, qdrant.NewWithPayload(false)
	}
	lists, err := x.hybridLists(ctx, denseQ, sparseQ, groupFilter(q.GroupID, groupmem.StatusActive), n, limit, with)
	if err != nil {
		return nil, fmt.Errorf("search memories: %w", err)
	}
	// The dense list keeps only scores strictly above the cut (Qdrant's
	// threshold lets equal ones through).
	dense := slices.DeleteFunc(slices.Clone(lists[1]), func(p *qdrant.ScoredPoint) bool { return float64(p.GetScore()) <= cut })
	ranked := lists[0]
	if sparseQ == nil {
		ranked = dense
	} else if denseQ != nil {
		ranked = keywordsFirst(ranked, lists[2], lists[1])
	}
	semScore, wordScore := pointScores(dense), pointScores(lists[2])
	mustBeSimilar := q.Threshold != nil || denseQ != nil && sparseQ == nil
	kept := make([]*qdrant.ScoredPoint, 0, min(q.Limit, len(ranked)))
	for _, p := range ranked {
		if len(kept) == q.Limit {
			break
		}
		if _, similar := semScore[p.GetId().GetUuid()]; !mustBeSimilar || similar {
			kept = append(kept, p) // a threshold cuts what is not similar enough, whatever its keywords
		}
	}
	payloads, err := x.payloads(ctx, kept, q.Threshold != nil)
	if err != nil {
		return nil, fmt.Errorf("search memories: %w", err)
	}
	return hybridHits(q.GroupID, kept, payloads, semScore, wordScore)
}

// hybridQueries are the two sides of a hybrid search, each nil when q
// leaves it out: the dense query above the cut and the sparse one, each
// asking for n candidates.
func hybridQueries(q groupmem.HybridQuery, n uint64, cut float64) (denseQ, sparseQ *qdrant.PrefetchQuery) {
	if q.Vector != nil && !zero(q.Vector) {
		denseQ = &qdrant.PrefetchQuery{Query: qdrant.NewQueryDense(q.Vector), Using: qdrant.PtrOf(vecDense), Limit: &n,
			ScoreThreshold: qdrant.PtrOf(threshold32(cut))}
	}
	if idx, val := sparseQuery(q.Text); len(idx) > 0 {
		sparseQ = &qdrant.PrefetchQuery{Query: qdrant.NewQuerySparse(idx, val), Using: qdrant.PtrOf(vecSparse), Limit: &n}
	}
	return denseQ, sparseQ
}

// hybridHits decodes the kept points, in order, with the parts of their
// scores; a point whose payload went, or changed group or status, between
// the reads is left out.
func hybridHits(groupID string, kept []*qdrant.ScoredPoint, payloads []map[string]*qdrant.Value,
	semScore, wordScore map[string]float64) ([]groupmem.HybridHit, error) {
	out := make([]groupmem.HybridHit, 0, len(kept))
	for i, p := range kept {
		if payloads[i] == nil {
			continue // deleted between the two reads
		}
		m, err := decodeMemory(p.GetId(), payloads[i])
		if err != nil {
			return nil, fmt.Errorf("search memories: %w", err)
		}
		if m.GroupID != groupID || m.Status != groupmem.StatusActive {
			continue // changed between the two reads
		}
		id := p.GetId().GetUuid()
		hit := groupmem.HybridHit{Memory: m, Score: float64(p.GetScore())}
		if v, ok := semScore[id]; ok {
			hit.Semantic = &v
		}
		if v, ok := wordScore[id]; ok {
			hit.Keyword = &v
		}
		out = append(out, hit)
	}
	return out, nil
}

// payloads returns the payload of each point, in order: the one it came
// with, or, when read is set, the one Qdrant holds now, read in one Get
// request (nil for a point deleted since).
func (x *Index) payloads(ctx context.Context, pts []*qdrant.ScoredPoint, read bool) ([]map[string]*qdrant.Value, error) {
	out := make([]map[string]*qdrant.Value, len(pts))
	if !read {
		for i, p := range pts {
			out[i] = p.GetPayload()
		}
		return out, nil
	}
	if len(pts) == 0 {
		return out, nil
	}
	ids := make([]*qdrant.PointId, len(pts))
	for i, p := range pts {
		ids[i] = p.GetId()
	}
	err := x.call(ctx, func(ctx context.Context, c *qdrant.Client) error {
		got, err := c.Get(ctx, &qdrant.GetPoints{CollectionName: x.cfg.Collection, Ids: ids, WithPayload: qdrant.NewWithPayload(true)})
		if err != nil {
			return err
		}
		byID := make(map[string]map[string]*qdrant.Value, len(got))
		for _, p := range got {
			byID[p.GetId().GetUuid()] = p.GetPayload()
		}
		for i, p := range pts {
			out[i] = byID[p.GetId().GetUuid()]
		}
		return nil
	})
	return out, err
}

// keywordsFirst orders points of equal fused score as keyword.Fuse does:
// the better rank on the keyword side first, then on the semantic side
// (a point missing from a side ranks after every point in it). Qdrant's
// own order among equal scores is unspecified.
func keywordsFirst(fused, words, similar []*qdrant.ScoredPoint) []*qdrant.ScoredPoint {
	rank := func(side []*qdrant.ScoredPoint) map[string]int {
		out := make(map[string]int, len(side))
		for i, p := range side {
			out[p.GetId().GetUuid()] = i
		}
		return out
	}
	wordRank, simRank := rank(words), rank(similar)
	at := func(ranks map[string]int, p *qdrant.ScoredPoint) int {
		if r, ok := ranks[p.GetId().GetUuid()]; ok {
			return r
		}
		return len(ranks)
	}
	out := slices.Clone(fused)
	slices.SortStableFunc(out, func(a, b *qdrant.ScoredPoint) int {
		return cmp.Or(cmp.Compare(b.GetScore(), a.GetScore()), cmp.Compare(at(wordRank, a), at(wordRank, b)),
			cmp.Compare(at(simRank, a), at(simRank, b)))
	})
	return out
}

// pointScores maps each point's id to its score.
func pointScores(pts []*qdrant.ScoredPoint) map[string]float64 {
	out := make(map[string]float64, len(pts))
	for _, p := range pts {
		out[p.GetId().GetUuid()] = float64(p.GetScore())
	}
	return out
}

// rrfK is the k sent with every RRF fusion. Qdrant counts ranks from 0 and
// the in-process indexes (keyword.Fuse) from 1, so k = keyword.RRFK + 1
// gives every backend the same fused scores and order; Qdrant's own
// default (2) would rank differently. A parametrized RRF needs Qdrant
// 1.16 or later ("Parametrized RRF", hybrid-queries documentation).
var rrfK = uint32(keyword.RRFK + 1)

// hybridLists runs, in one batch request, what a hybrid search needs of
// the sides given (nil: left out). lists[0] is the ranking: with both
// sides the Query API request that fuses their prefetches by RRF, with one
// that side's own; it holds at most limit points, with the payload of
// with. lists[1] and lists[2] are the dense and the sparse side's own
// rankings of at most n points, ids and scores only, which give the
// parts of the fused scores (with one side, lists[0] is also its own).
func (x *Index) hybridLists(ctx context.Context, denseQ, sparseQ *qdrant.PrefetchQuery, filter *qdrant.Filter,
	n, limit uint64, with *qdrant.WithPayloadSelector) ([3][]*qdrant.ScoredPoint, error) {
	var lists [3][]*qdrant.ScoredPoint
	side := func(pq *qdrant.PrefetchQuery, limit uint64, with *qdrant.WithPayloadSelector) *qdrant.QueryPoints {
		return &qdrant.QueryPoints{CollectionName: x.cfg.Collection, Query: pq.Query, Using: pq.Using, Filter: filter,
			Limit: &limit, ScoreThreshold: pq.ScoreThreshold, WithPayload: with}
	}
	var reqs []*qdrant.QueryPoints
	switch {
	case denseQ != nil && sparseQ != nil:
		none := qdrant.NewWithPayload(false)
		reqs = append(reqs, &qdrant.QueryPoints{CollectionName: x.cfg.Collection, Prefetch: []*qdrant.PrefetchQuery{denseQ, sparseQ},
			Query: qdrant.NewQueryRRF(&qdrant.Rrf{K: &rrfK}), Filter: filter, Limit: &limit, WithPayload: with},
			side(denseQ, n, none), side(sparseQ, n, none))
	case denseQ != nil:
		reqs = append(reqs, side(denseQ, limit, with))
	case sparseQ != nil:
		reqs = append(reqs, side(sparseQ, limit, with))
	default:
		return lists, nil
	}
	err := x.call(ctx, func(ctx context.Context, c *qdrant.Client) error {
		res, err := c.QueryBatch(ctx, &qdrant.QueryBatchPoints{CollectionName: x.cfg.Collection, QueryPoints: reqs})
		if err != nil {
			return err
		}
		if len(res) != len(reqs) {
			return groupmem.Errorf(groupmem.EINTERNAL, "qdrant answered %d of %d batched queries", len(res), len(reqs))
		}
		for i, r := range res {
			lists[i] = r.GetResult()
		}
		return nil
	})
	switch {
	case denseQ != nil && sparseQ == nil:
		lists[1] = lists[0]
	case denseQ == nil && sparseQ != nil:
		lists[2] = lists[0]
	}
	return lists, err
}
