package qdranttest

import (
	"cmp"
	"context"
	"slices"

	"github.com/qdrant/go-client/qdrant"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// Count counts the points the filter matches
// (https://qdrant.tech/documentation/concepts/points/#counting-points).
// The count is always exact, which Qdrant's approximate count may also be.
func (s *pointsService) Count(_ context.Context, req *qdrant.CountPoints) (*qdrant.CountResponse, error) {
	if req.ReadConsistency != nil || req.ShardKeySelector != nil {
		return nil, unimplemented("read consistency and shard key selectors")
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
	var n uint64
	for _, p := range c.points {
		if match(p.payload) {
			n++
		}
	}
	return &qdrant.CountResponse{Result: &qdrant.CountResult{Count: n}}, nil
}

// defaultFacetLimit is how many values a facet returns unless asked.
const defaultFacetLimit = 10

// Facet counts, among the points the filter matches, the points that hold
// each value of a payload key, as Qdrant's facet API does
// (https://qdrant.tech/documentation/concepts/payload/#facet-counts). The
// key needs a keyword index (its string values are counted) or an integer
// index with lookup (its integer values); a list counts each distinct value
// once per point. Values come by descending count, ties by ascending value,
// at most limit (default 10, at least 1). Counts are always exact.
func (s *pointsService) Facet(_ context.Context, req *qdrant.FacetCounts) (*qdrant.FacetResponse, error) {
	if req.ReadConsistency != nil || req.ShardKeySelector != nil {
		return nil, unimplemented("read consistency and shard key selectors")
	}
	limit := req.GetLimit()
	if req.Limit == nil {
		limit = defaultFacetLimit
	}
	if limit < 1 {
		return nil, status.Error(codes.InvalidArgument, "Validation error in body: [limit: value 0 invalid, must be 1 or larger]")
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
	kind, err := c.facetKind(req.GetKey())
	if err != nil {
		return nil, err
	}
	counts := map[facetKey]uint64{}
	for _, p := range c.points {
		if match(p.payload) {
			for _, v := range facetValues(p.payload[req.GetKey()], kind) {
				counts[v]++
			}
		}
	}
	return &qdrant.FacetResponse{Hits: facetHits(counts, limit)}, nil
}

// facetKey is one value a facet counts: a string or an integer.
type facetKey struct {
	isInt bool
	s     string
	i     int64
}

// facetKind returns the type of the payload index on key a facet can
// count, or Qdrant's error when there is none.
func (c *collection) facetKind(key string) (qdrant.PayloadSchemaType, error) {
	info := c.schema[key]
	switch info.GetDataType() {
	case qdrant.PayloadSchemaType_Keyword:
		return info.GetDataType(), nil
	case qdrant.PayloadSchemaType_Integer:
		if p := info.GetParams().GetIntegerIndexParams(); p == nil || p.Lookup == nil || p.GetLookup() {
			return info.GetDataType(), nil
		}
	}
	return 0, status.Errorf(codes.InvalidArgument,
		"Bad request: Index required but not found for %q of one of the following types: [keyword, integer with lookup]", key)
}

// facetValues returns the distinct values of v (one value or a list) of
// the index's kind.
func facetValues(v *qdrant.Value, kind qdrant.PayloadSchemaType) []facetKey {
	vals := []*qdrant.Value{v}
	if list := v.GetListValue(); list != nil {
		vals = list.GetValues()
	}
	var out []facetKey
	for _, e := range vals {
		var k facetKey
		switch x := e.GetKind().(type) {
		case *qdrant.Value_StringValue:
			if kind != qdrant.PayloadSchemaType_Keyword {
				continue
			}
			k.s = x.StringValue
		case *qdrant.Value_IntegerValue:
			if kind != qdrant.PayloadSchemaType_Integer {
				continue
			}
			k.isInt, k.i = true, x.IntegerValue
		default:
			continue
		}
		if !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}

// facetHits orders counts by descending count, ties by value, and keeps
// the first limit.
func facetHits(counts map[facetKey]uint64, limit uint64) []*qdrant.FacetHit {
	keys := make([]facetKey, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b facetKey) int {
		return cmp.Or(cmp.Compare(counts[b], counts[a]), cmp.Compare(a.i, b.i), cmp.Compare(a.s, b.s))
	})
	keys = keys[:min(uint64(len(keys)), limit)]
	hits := make([]*qdrant.FacetHit, len(keys))
	for i, k := range keys {
		v := &qdrant.FacetValue{Variant: &qdrant.FacetValue_StringValue{StringValue: k.s}}
		if k.isInt {
			v = &qdrant.FacetValue{Variant: &qdrant.FacetValue_IntegerValue{IntegerValue: k.i}}
		}
		hits[i] = &qdrant.FacetHit{Value: v, Count: counts[k]}
	}
	return hits
}
