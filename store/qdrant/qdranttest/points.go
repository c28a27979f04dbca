package qdranttest

import (
	"cmp"
	"context"
	"maps"
	"slices"

	"github.com/qdrant/go-client/qdrant"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

type pointsService struct {
	qdrant.UnimplementedPointsServer
	st *store
}

// completed is the answer to every successful write: the server applies a
// write before it answers, which is what wait=true asks for.
func completed() *qdrant.PointsOperationResponse {
	return &qdrant.PointsOperationResponse{Result: &qdrant.UpdateResult{Status: qdrant.UpdateStatus_Completed}}
}

// checkWrite rejects write options the server does not model. Qdrant with
// wait=false acknowledges before applying and hides errors; the server only
// models wait=true.
func checkWrite(wait *bool, ordering *qdrant.WriteOrdering, shards *qdrant.ShardKeySelector) error {
	switch {
	case wait == nil || !*wait:
		return unimplemented("writes without wait=true")
	case ordering != nil:
		return unimplemented("write ordering")
	case shards != nil:
		return unimplemented("shard key selectors")
	}
	return nil
}

// Upsert writes whole points: a point with an existing id is replaced,
// payload and vector. Every point is checked before any is written.
func (s *pointsService) Upsert(_ context.Context, req *qdrant.UpsertPoints) (*qdrant.PointsOperationResponse, error) {
	if err := checkWrite(req.Wait, req.Ordering, req.ShardKeySelector); err != nil {
		return nil, err
	}
	if req.UpdateFilter != nil || req.GetUpdateMode() != qdrant.UpdateMode_Upsert {
		return nil, unimplemented("update filters and update modes other than upsert")
	}
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	c, err := s.st.get(req.GetCollectionName())
	if err != nil {
		return nil, err
	}
	pts := make([]*point, 0, len(req.GetPoints()))
	for _, p := range req.GetPoints() {
		id, err := pointKey(p.GetId())
		if err != nil {
			return nil, err
		}
		pt := &point{id: id, payload: p.GetPayload()}
		if named := p.GetVectors().GetVectors(); named != nil {
			pt.named, pt.sparse, err = c.namedVectors(named.GetVectors())
		} else {
			pt.vector, err = c.vector(p.GetVectors())
		}
		if err != nil {
			return nil, err
		}
		pts = append(pts, pt)
	}
	for _, p := range pts {
		c.points[p.id] = p
	}
	return completed(), nil
}

// vector checks a point's vector against the collection and returns it as
// stored.
func (c *collection) vector(v *qdrant.Vectors) ([]float32, error) {
	if v.GetVectors() != nil {
		return nil, unimplemented("named vectors")
	}
	vec := v.GetVector()
	if vec == nil {
		return nil, status.Error(codes.InvalidArgument, "Wrong input: point has no vector")
	}
	data := vec.GetDense().GetData()
	if vec.GetDense() == nil {
		if vec.GetVector() != nil || vec.GetIndices() != nil || vec.VectorsCount != nil {
			return nil, unimplemented("vectors other than dense ones")
		}
		data = vec.GetData() // the deprecated plain form of a dense vector
	}
	return c.prepare(data)
}

// prepare checks a vector's size and normalises it for cosine distance.
func (c *collection) prepare(v []float32) ([]float32, error) {
	if uint64(len(v)) != c.size {
		return nil, status.Errorf(codes.InvalidArgument, "Wrong input: Vector dimension error: expected dim: %d, got %d", c.size, len(v))
	}
	if c.distance == qdrant.Distance_Cosine {
		return normalize(v), nil
	}
	return slices.Clone(v), nil
}

// Delete removes the selected points; ids that name no point are ignored.
func (s *pointsService) Delete(_ context.Context, req *qdrant.DeletePoints) (*qdrant.PointsOperationResponse, error) {
	if err := checkWrite(req.Wait, req.Ordering, req.ShardKeySelector); err != nil {
		return nil, err
	}
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	c, err := s.st.get(req.GetCollectionName())
	if err != nil {
		return nil, err
	}
	ids, err := c.selectPoints(req.GetPoints(), false)
	if err != nil {
		return nil, err
	}
	for _, id := range ids {
		delete(c.points, id)
	}
	return completed(), nil
}

// SetPayload merges the given keys into the payload of the selected points.
// Like Qdrant it fails with NotFound, writing nothing, when an id names no
// point.
func (s *pointsService) SetPayload(_ context.Context, req *qdrant.SetPayloadPoints) (*qdrant.PointsOperationResponse, error) {
	if err := checkWrite(req.Wait, req.Ordering, req.ShardKeySelector); err != nil {
		return nil, err
	}
	if req.Key != nil {
		return nil, unimplemented("set_payload with a nested key")
	}
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	c, err := s.st.get(req.GetCollectionName())
	if err != nil {
		return nil, err
	}
	ids, err := c.selectPoints(req.GetPointsSelector(), true)
	if err != nil {
		return nil, err
	}
	for _, id := range ids {
		p := c.points[id]
		payload := maps.Clone(p.payload)
		if payload == nil {
			payload = make(map[string]*qdrant.Value, len(req.GetPayload()))
		}
		maps.Copy(payload, req.GetPayload())
		c.points[id] = &point{id: id, vector: p.vector, named: p.named, sparse: p.sparse, payload: payload}
	}
	return completed(), nil
}

// selectPoints returns the ids a selector names. With mustExist an id that
// names no point is a NotFound error; otherwise it is left out.
func (c *collection) selectPoints(sel *qdrant.PointsSelector, mustExist bool) ([]string, error) {
	switch {
	case sel.GetFilter() != nil:
		match, err := compileFilter(sel.GetFilter())
		if err != nil {
			return nil, err
		}
		var ids []string
		for id, p := range c.points {
			if match(p.payload) {
				ids = append(ids, id)
			}
		}
		return ids, nil
	case sel.GetPoints() != nil:
		ids := make([]string, 0, len(sel.GetPoints().GetIds()))
		for _, pid := range sel.GetPoints().GetIds() {
			id, err := pointKey(pid)
			if err != nil {
				return nil, err
			}
			if _, ok := c.points[id]; ok {
				ids = append(ids, id)
			} else if mustExist {
				return nil, status.Errorf(codes.NotFound, "Not found: No point with id %s found", id)
			}
		}
		return ids, nil
	}
	return nil, status.Error(codes.InvalidArgument, "Wrong input: no points selector")
}

// CreateFieldIndex records a keyword or integer payload index. Creating an index that
// exists replaces it, as in Qdrant.
func (s *pointsService) CreateFieldIndex(_ context.Context, req *qdrant.CreateFieldIndexCollection) (*qdrant.PointsOperationResponse, error) {
	if err := checkWrite(req.Wait, req.Ordering, nil); err != nil {
		return nil, err
	}
	kind := qdrant.PayloadSchemaType_Keyword
	switch req.GetFieldType() {
	case qdrant.FieldType_FieldTypeKeyword:
	case qdrant.FieldType_FieldTypeInteger:
		kind = qdrant.PayloadSchemaType_Integer
	default:
		return nil, unimplemented("payload indexes other than keyword and integer")
	}
	if req.FieldType == nil {
		return nil, unimplemented("payload indexes without a field type")
	}
	params := req.GetFieldIndexParams()
	if params != nil && ((kind == qdrant.PayloadSchemaType_Keyword && params.GetKeywordIndexParams() == nil) ||
		(kind == qdrant.PayloadSchemaType_Integer && params.GetIntegerIndexParams() == nil)) {
		return nil, status.Errorf(codes.InvalidArgument, "Wrong input: index params do not match field type %s", kind)
	}
	if req.GetFieldName() == "" {
		return nil, status.Error(codes.InvalidArgument, "Wrong input: field name is empty")
	}
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	c, err := s.st.get(req.GetCollectionName())
	if err != nil {
		return nil, err
	}
	info := &qdrant.PayloadSchemaInfo{DataType: kind}
	if params != nil {
		info.Params = proto.Clone(params).(*qdrant.PayloadIndexParams)
	}
	c.schema[req.GetFieldName()] = info
	return completed(), nil
}

// Scroll returns points in id order, starting at the offset id inclusive,
// and the id of the first point of the next page, if any. With order_by,
// as Qdrant documents it
// (https://qdrant.tech/documentation/concepts/points/#order-points-by-payload-key),
// points come ordered by the value of an integer payload key that has a
// range (integer) index, ascending or descending (ties by id), points
// without the key are left out, an offset id is refused, and no next
// page offset is given: the caller pages with a range filter on the key.
func (s *pointsService) Scroll(_ context.Context, req *qdrant.ScrollPoints) (*qdrant.ScrollResponse, error) {
	switch {
	case req.OrderBy != nil && (req.Offset != nil || req.OrderBy.StartFrom != nil):
		return nil, unimplemented("order_by with an offset or start_from")
	case req.ReadConsistency != nil || req.ShardKeySelector != nil:
		return nil, unimplemented("read consistency and shard key selectors")
	case req.WithPayload == nil:
		return nil, unimplemented("scroll without an explicit with_payload")
	}
	limit := int(req.GetLimit())
	if req.Limit == nil {
		limit = 10
	}
	if limit < 1 {
		return nil, status.Error(codes.InvalidArgument, "Validation error in body: [limit: value 0 invalid, must be 1 or larger]")
	}
	var from string
	if req.Offset != nil {
		var err error
		if from, err = pointKey(req.Offset); err != nil {
			return nil, err
		}
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
	if req.OrderBy != nil {
		return c.scrollOrdered(req.OrderBy, match, limit, sel)
	}
	var found []*point
	for id, p := range c.points {
		if id >= from && match(p.payload) {
			found = append(found, p)
		}
	}
	slices.SortFunc(found, func(a, b *point) int { return cmp.Compare(a.id, b.id) })
	resp := &qdrant.ScrollResponse{}
	if len(found) > limit {
		resp.NextPageOffset = qdrant.NewIDUUID(found[limit].id)
		found = found[:limit]
	}
	for _, p := range found {
		payload, vectors := sel.apply(p)
		resp.Result = append(resp.Result, &qdrant.RetrievedPoint{Id: qdrant.NewIDUUID(p.id), Payload: payload, Vectors: vectors})
	}
	return resp, nil
}

// scrollOrdered answers a scroll with order_by: up to limit matching
// points by the integer value of the key, as Scroll describes.
func (c *collection) scrollOrdered(o *qdrant.OrderBy, match predicate, limit int, sel selectors) (*qdrant.ScrollResponse, error) {
	key := o.GetKey()
	if info := c.schema[key]; info == nil || info.GetDataType() != qdrant.PayloadSchemaType_Integer {
		return nil, status.Errorf(codes.InvalidArgument, "Bad request: No range index for `order_by` key: `%s`. Please create one to use `order_by`.", key)
	}
	type ordered struct {
		p *point
		v int64
	}
	var found []ordered
	for _, p := range c.points {
		v, ok := p.payload[key].GetKind().(*qdrant.Value_IntegerValue)
		if ok && match(p.payload) {
			found = append(found, ordered{p, v.IntegerValue})
		}
	}
	desc := o.GetDirection() == qdrant.Direction_Desc
	slices.SortFunc(found, func(a, b ordered) int {
		if c := cmp.Compare(a.v, b.v); c != 0 {
			if desc {
				return -c
			}
			return c
		}
		return cmp.Compare(a.p.id, b.p.id)
	})
	resp := &qdrant.ScrollResponse{}
	for _, f := range found[:min(len(found), limit)] {
		payload, vectors := sel.apply(f.p)
		resp.Result = append(resp.Result, &qdrant.RetrievedPoint{Id: qdrant.NewIDUUID(f.p.id), Payload: payload, Vectors: vectors})
	}
	return resp, nil
}
