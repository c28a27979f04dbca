package qdranttest

import (
	"cmp"
	"context"

	"github.com/qdrant/go-client/qdrant"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

// Query answers nearest-neighbour queries on a dense or sparse vector
// (named by using, or the unnamed dense one), fusion queries over
// prefetches, and requests without a query, which list the points the
// filter matches in id order, unscored, as a scroll would. Like Qdrant's
// Query API (https://qdrant.tech/documentation/concepts/hybrid-queries/),
// each prefetch runs first with its own query, using, filter,
// score_threshold and limit (default 10), the request's filter applying to
// it as well; the main query (only RRF fusion here) then ranks the union
// of their results. Points come by descending score (ties by id), after
// offset, at most limit (default 10).
func (s *pointsService) Query(_ context.Context, req *qdrant.QueryPoints) (*qdrant.QueryResponse, error) {
	switch {
	case req.Params != nil:
		return nil, unimplemented("search params")
	case req.LookupFrom != nil || req.ReadConsistency != nil || req.ShardKeySelector != nil:
		return nil, unimplemented("lookup_from, read consistency and shard key selectors")
	}
	limit := req.GetLimit()
	if req.Limit == nil {
		limit = 10
	}
	sel, err := compileSelectors(req.WithPayload, req.WithVectors)
	if err != nil {
		return nil, err
	}
	match, err := compileFilter(req.GetFilter())
	if err != nil {
		return nil, err
	}
	s.st.mu.RLock()
	defer s.st.mu.RUnlock()
	c, err := s.st.get(req.GetCollectionName())
	if err != nil {
		return nil, err
	}
	var hits []*qdrant.ScoredPoint
	switch {
	case len(req.Prefetch) > 0:
		hits, err = c.fusion(req, match)
	case req.Query == nil:
		hits, err = c.unscored(req, match)
	default:
		hits, err = c.nearestQuery(req.GetQuery(), req.GetUsing(), match, req.ScoreThreshold)
	}
	if err != nil {
		return nil, err
	}
	hits = hits[min(uint64(len(hits)), req.GetOffset()):]
	hits = hits[:min(uint64(len(hits)), limit)]
	for _, h := range hits {
		h.Payload, h.Vectors = sel.apply(c.points[h.Id.GetUuid()])
	}
	return &qdrant.QueryResponse{Result: hits}, nil
}

// unscored lists the points match keeps in id order, each with score 0.
func (c *collection) unscored(req *qdrant.QueryPoints, match predicate) ([]*qdrant.ScoredPoint, error) {
	if req.ScoreThreshold != nil || req.Using != nil {
		return nil, unimplemented("score_threshold or using without a query")
	}
	var hits []*qdrant.ScoredPoint
	for id, p := range c.points {
		if match(p.payload) {
			hits = append(hits, &qdrant.ScoredPoint{Id: qdrant.NewIDUUID(id)})
		}
	}
	sortScored(hits)
	return hits, nil
}

// nearestQuery runs one nearest query.
func (c *collection) nearestQuery(q *qdrant.Query, using string, match predicate, threshold *float32) ([]*qdrant.ScoredPoint, error) {
	in := q.GetNearest()
	if in == nil {
		return nil, unimplemented("queries other than nearest and fusion")
	}
	return c.nearest(in, using, match, threshold)
}

// fusion runs the prefetches of req and fuses their results by RRF.
func (c *collection) fusion(req *qdrant.QueryPoints, match predicate) ([]*qdrant.ScoredPoint, error) {
	k := uint32(defaultRRFK)
	switch q := req.GetQuery(); {
	case q.GetFusion() == qdrant.Fusion_RRF && q.GetRrf() == nil:
	case q.GetRrf() != nil && len(q.GetRrf().GetWeights()) == 0:
		k = cmp.Or(q.GetRrf().GetK(), k)
	default:
		return nil, unimplemented("main queries over prefetches other than RRF fusion")
	}
	if req.ScoreThreshold != nil || req.Using != nil {
		return nil, unimplemented("score_threshold or using on a fusion query")
	}
	lists := make([][]*qdrant.ScoredPoint, 0, len(req.Prefetch))
	for _, pf := range req.Prefetch {
		if pf == nil {
			return nil, status.Error(codes.InvalidArgument, "Wrong input: empty prefetch")
		}
		if len(pf.Prefetch) > 0 || pf.Params != nil || pf.LookupFrom != nil {
			return nil, unimplemented("nested prefetches, params and lookup_from in a prefetch")
		}
		own, err := compileFilter(pf.GetFilter())
		if err != nil {
			return nil, err
		}
		hits, err := c.nearestQuery(pf.GetQuery(), pf.GetUsing(), func(p map[string]*qdrant.Value) bool { return match(p) && own(p) }, pf.ScoreThreshold)
		if err != nil {
			return nil, err
		}
		n := pf.GetLimit()
		if pf.Limit == nil {
			n = 10
		}
		lists = append(lists, hits[:min(uint64(len(hits)), n)])
	}
	return fuseRRF(lists, k), nil
}

// QueryBatch answers several queries on one collection in one request, as
// Qdrant's batch query does
// (https://qdrant.tech/documentation/concepts/hybrid-queries/#batch-queries):
// each as Query would, results in the order of the queries.
func (s *pointsService) QueryBatch(ctx context.Context, req *qdrant.QueryBatchPoints) (*qdrant.QueryBatchResponse, error) {
	if req.ReadConsistency != nil {
		return nil, unimplemented("read consistency")
	}
	resp := &qdrant.QueryBatchResponse{}
	for _, q := range req.GetQueryPoints() {
		if q == nil {
			return nil, status.Error(codes.InvalidArgument, "Wrong input: empty query in a batch")
		}
		q = proto.Clone(q).(*qdrant.QueryPoints)
		q.CollectionName = req.GetCollectionName()
		r, err := s.Query(ctx, q)
		if err != nil {
			return nil, err
		}
		resp.Result = append(resp.Result, &qdrant.BatchResult{Result: r.GetResult()})
	}
	return resp, nil
}
