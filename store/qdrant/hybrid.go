package qdrant

import (
	"context"
	"fmt"
	"slices"

	"github.com/qdrant/go-client/qdrant"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/keyword"
)

// SearchHybrid implements groupmem.Index in Qdrant: one batch request
// runs the dense and the sparse side (max(HybridCandidates·Limit, 50)
// candidates each, with their payloads), and the two are fused here by
// keyword.Combine as every backend fuses them. The keyword side is BM25 as Qdrant computes
// it: the term weights of the point's sparse vector and the IDF modifier,
// over the whole collection. With one side, that side's ranking and
// scores. Returned memories carry no Embedding.
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
	sides, err := x.hybridSides(ctx, denseQ, sparseQ, groupFilter(q.GroupID, groupmem.StatusActive), n, qdrant.NewWithPayload(true))
	if err != nil {
		return nil, fmt.Errorf("search memories: %w", err)
	}
	// The dense side keeps only scores strictly above the cut (Qdrant's
	// threshold lets equal ones through).
	dense := slices.DeleteFunc(slices.Clone(sides[0]), func(p *qdrant.ScoredPoint) bool { return float64(p.GetScore()) <= cut })
	words := scoredPoints(sides[1], pointUUID)
	sems := scoredPoints(dense, pointUUID)
	ranked := words
	switch {
	case sparseQ == nil:
		ranked = sems
	case denseQ != nil:
		ranked = keyword.Combine(words, sems, int(n))
	}
	semScore, wordScore := sideScores(sems), sideScores(words)
	mustBeSimilar := q.Threshold != nil || denseQ != nil && sparseQ == nil
	kept := make([]keyword.Scored, 0, min(q.Limit, len(ranked)))
	for _, r := range ranked {
		if len(kept) == q.Limit {
			break
		}
		if _, similar := semScore[r.ID]; !mustBeSimilar || similar {
			kept = append(kept, r) // a threshold cuts what is not similar enough, whatever its keywords
		}
	}
	return hybridHits(q.GroupID, kept, carried(sides), semScore, wordScore)
}

// scoredPoints is a side's ranking as keyword.Scored, each point named by
// id(p).
func scoredPoints(pts []*qdrant.ScoredPoint, id func(*qdrant.ScoredPoint) string) []keyword.Scored {
	out := make([]keyword.Scored, len(pts))
	for i, p := range pts {
		out[i] = keyword.Scored{ID: id(p), Score: float64(p.GetScore())}
	}
	return out
}

func pointUUID(p *qdrant.ScoredPoint) string { return p.GetId().GetUuid() }

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
// scores, from the payloads they came with; a point not of the group, or
// no longer active, is left out.
func hybridHits(groupID string, kept []keyword.Scored, payloads map[string]map[string]*qdrant.Value,
	semScore, wordScore map[string]float64) ([]groupmem.HybridHit, error) {
	out := make([]groupmem.HybridHit, 0, len(kept))
	for _, p := range kept {
		m, err := decodeMemory(qdrant.NewIDUUID(p.ID), payloads[p.ID])
		if err != nil {
			return nil, fmt.Errorf("search memories: %w", err)
		}
		if m.GroupID != groupID || m.Status != groupmem.StatusActive {
			continue
		}
		hit := groupmem.HybridHit{Memory: m, Score: p.Score}
		if v, ok := semScore[p.ID]; ok {
			hit.Semantic = &v
		}
		if v, ok := wordScore[p.ID]; ok {
			hit.Keyword = &v
		}
		out = append(out, hit)
	}
	return out, nil
}

// carried maps each point of the sides to the payload it came with.
func carried(sides [2][]*qdrant.ScoredPoint) map[string]map[string]*qdrant.Value {
	out := make(map[string]map[string]*qdrant.Value, len(sides[0])+len(sides[1]))
	for _, side := range sides {
		for _, p := range side {
			out[p.GetId().GetUuid()] = p.GetPayload()
		}
	}
	return out
}

// hybridSides runs, in one batch request, the sides of a hybrid search
// given (nil: left out), each asking for at most n points with the
// payload of with: sides[0] is the dense side's ranking, sides[1] the
// sparse side's.
func (x *Index) hybridSides(ctx context.Context, denseQ, sparseQ *qdrant.PrefetchQuery, filter *qdrant.Filter,
	n uint64, with *qdrant.WithPayloadSelector) ([2][]*qdrant.ScoredPoint, error) {
	var sides [2][]*qdrant.ScoredPoint
	var reqs []*qdrant.QueryPoints
	var slot []int
	for i, pq := range []*qdrant.PrefetchQuery{denseQ, sparseQ} {
		if pq == nil {
			continue
		}
		reqs = append(reqs, &qdrant.QueryPoints{CollectionName: x.cfg.Collection, Query: pq.Query, Using: pq.Using, Filter: filter,
			Limit: &n, ScoreThreshold: pq.ScoreThreshold, WithPayload: with})
		slot = append(slot, i)
	}
	if len(reqs) == 0 {
		return sides, nil
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
			sides[slot[i]] = r.GetResult()
		}
		return nil
	})
	return sides, err
}
