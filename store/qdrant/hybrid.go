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
// keyword.Combine as every backend fuses them. The keyword side is BM25
// as Qdrant computes it: the term weights of the point's sparse vector
// and the IDF modifier over the whole collection, so its scores, unlike
// the in-process index's, count other groups' memories (README). With one
// side asked for (no vector, or no text), that side's ranking and scores.
// Returned memories carry no Embedding.
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
	n := max(q.Limit*groupmem.HybridCandidates, 50)
	cut := 0.0
	if q.Threshold != nil {
		cut = *q.Threshold
	}
	denseQ, sparseQ := x.hybridQueries(q, uint64(n), cut)
	sides, err := x.queryBatch(ctx, denseQ, sparseQ)
	if err != nil {
		return nil, fmt.Errorf("search memories: %w", err)
	}
	// The dense side keeps only scores strictly above the cut (Qdrant's
	// threshold lets equal ones through).
	dense := slices.DeleteFunc(slices.Clone(sides[0]), func(p *qdrant.ScoredPoint) bool { return float64(p.GetScore()) <= cut })
	words, sems := scoredPoints(sides[1], pointUUID), scoredPoints(dense, pointUUID)
	semScore, wordScore := sideScores(sems), sideScores(words)
	kept := rankHybrid(q, words, sems, n)
	return hybridHits(q.GroupID, kept, carried(sides[0], sides[1]), semScore, wordScore)
}

// rankHybrid ranks the sides' candidates (n asked of each) as the
// in-process index does: by the side q asks for alone (no vector, or no
// text), else fused by keyword.Combine. It keeps the best q.Limit, and
// under a threshold only those similar enough, whatever their keywords.
func rankHybrid(q groupmem.HybridQuery, words, sems []keyword.Scored, n int) []keyword.Scored {
	var ranked []keyword.Scored
	switch {
	case q.Vector == nil:
		ranked = words
	case q.Text == "":
		ranked = sems
	default:
		ranked = keyword.Combine(words, sems, n)
	}
	similar := sideScores(sems)
	kept := make([]keyword.Scored, 0, min(q.Limit, len(ranked)))
	for _, r := range ranked {
		if len(kept) == q.Limit {
			break
		}
		if _, ok := similar[r.ID]; q.Threshold == nil || ok {
			kept = append(kept, r)
		}
	}
	return kept
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

// hybridQueries are the two requests of a hybrid search, each nil when q
// leaves its side out: the dense query and the sparse one, each asking
// for n candidates of the group's active memories with their payloads,
// the dense one above the cut.
func (x *Index) hybridQueries(q groupmem.HybridQuery, n uint64, cut float64) (denseQ, sparseQ *qdrant.QueryPoints) {
	active := groupFilter(q.GroupID, groupmem.StatusActive)
	if idx, val := sparseQuery(q.Text); len(idx) > 0 {
		sparseQ = &qdrant.QueryPoints{CollectionName: x.cfg.Collection, Query: qdrant.NewQuerySparse(idx, val), Using: qdrant.PtrOf(vecSparse),
			Filter: active, Limit: &n, WithPayload: qdrant.NewWithPayload(true)}
	}
	if q.Vector != nil && !zero(q.Vector) {
		denseQ = &qdrant.QueryPoints{CollectionName: x.cfg.Collection, Query: qdrant.NewQueryDense(q.Vector), Using: qdrant.PtrOf(vecDense),
			Filter: active, Limit: &n, ScoreThreshold: qdrant.PtrOf(threshold32(cut)), WithPayload: qdrant.NewWithPayload(true)}
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

// carried maps each point of the lists to the payload it came with.
func carried(lists ...[]*qdrant.ScoredPoint) map[string]map[string]*qdrant.Value {
	out := map[string]map[string]*qdrant.Value{}
	for _, l := range lists {
		for _, p := range l {
			if p.GetPayload() != nil {
				out[p.GetId().GetUuid()] = p.GetPayload()
			}
		}
	}
	return out
}

// queryBatch runs the queries given (nil: left out) in one batch request
// and returns each one's points, in order (nil for a query left out).
func (x *Index) queryBatch(ctx context.Context, queries ...*qdrant.QueryPoints) ([][]*qdrant.ScoredPoint, error) {
	out := make([][]*qdrant.ScoredPoint, len(queries))
	var reqs []*qdrant.QueryPoints
	var slot []int
	for i, q := range queries {
		if q != nil {
			reqs, slot = append(reqs, q), append(slot, i)
		}
	}
	if len(reqs) == 0 {
		return out, nil
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
			out[slot[i]] = r.GetResult()
		}
		return nil
	})
	return out, err
}
