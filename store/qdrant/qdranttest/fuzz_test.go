package qdranttest

import (
	"context"
	"fmt"
	"testing"

	"github.com/qdrant/go-client/qdrant"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

// The fuzz tests call the handlers directly, past the recovering
// interceptor, with requests decoded from arbitrary bytes: a panic fails
// them. Their seeds are the requests store/qdrant sends, so `go test` runs
// those on every handler.

// fuzzCollection is the collection the fuzzed requests address.
const fuzzCollection = "c"

// fuzzServer returns the services of a server holding a collection laid out
// as store/qdrant lays out its message collection (a named dense vector of
// 4 dimensions, a sparse one with the IDF modifier, its payload indexes),
// and points of every kind: with both vectors, with the sparse one only (a
// wordless line), with neither, and with a payload of odd types.
func fuzzServer(t testing.TB) (*collectionsService, *pointsService) {
	t.Helper()
	st := &store{collections: map[string]*collection{}}
	cs, ps := &collectionsService{st: st}, &pointsService{st: st}
	ctx := context.Background()
	if _, err := cs.Create(ctx, fuzzCreate(fuzzCollection)); err != nil {
		t.Fatal(err)
	}
	for _, ix := range fuzzIndexes() {
		if _, err := ps.CreateFieldIndex(ctx, ix); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := ps.Upsert(ctx, fuzzUpsert()); err != nil {
		t.Fatal(err)
	}
	return cs, ps
}

func fuzzCreate(name string) *qdrant.CreateCollection {
	return &qdrant.CreateCollection{CollectionName: name,
		VectorsConfig:       qdrant.NewVectorsConfigMap(map[string]*qdrant.VectorParams{"dense": {Size: 4, Distance: qdrant.Distance_Cosine}}),
		SparseVectorsConfig: qdrant.NewSparseVectorsConfig(map[string]*qdrant.SparseVectorParams{"keywords": {Modifier: qdrant.Modifier_Idf.Enum()}}),
		HnswConfig:          &qdrant.HnswConfigDiff{M: qdrant.PtrOf(uint64(0)), PayloadM: qdrant.PtrOf(uint64(16))},
	}
}

func fuzzIndexes() []*qdrant.CreateFieldIndexCollection {
	ix := func(field string, kind qdrant.FieldType, p *qdrant.PayloadIndexParams) *qdrant.CreateFieldIndexCollection {
		return &qdrant.CreateFieldIndexCollection{CollectionName: fuzzCollection, Wait: qdrant.PtrOf(true), FieldName: field,
			FieldType: kind.Enum(), FieldIndexParams: p}
	}
	return []*qdrant.CreateFieldIndexCollection{
		ix("group_id", qdrant.FieldType_FieldTypeKeyword, qdrant.NewPayloadIndexParamsKeyword(&qdrant.KeywordIndexParams{IsTenant: qdrant.PtrOf(true)})),
		ix("seq", qdrant.FieldType_FieldTypeInteger, qdrant.NewPayloadIndexParamsInt(&qdrant.IntegerIndexParams{Lookup: qdrant.PtrOf(false), Range: qdrant.PtrOf(true)})),
		ix("terms", qdrant.FieldType_FieldTypeInteger, nil),
	}
}

func fuzzID(n int) *qdrant.PointId {
	return qdrant.NewID(fmt.Sprintf("00000000-0000-4000-8000-%012d", n))
}

func fuzzUpsert() *qdrant.UpsertPoints {
	payload := func(seq int64, terms int64) map[string]*qdrant.Value {
		return qdrant.NewValueMap(map[string]any{"group_id": "g", "seq": seq, "message_id": fmt.Sprint("m", seq), "terms": terms, "sent_at": 1700000000 + seq})
	}
	return &qdrant.UpsertPoints{CollectionName: fuzzCollection, Wait: qdrant.PtrOf(true), Points: []*qdrant.PointStruct{
		{Id: fuzzID(1), Payload: payload(1, 2), Vectors: qdrant.NewVectorsMap(map[string]*qdrant.Vector{
			"dense": qdrant.NewVectorDense([]float32{1, 0, 0, 0}), "keywords": qdrant.NewVectorSparse([]uint32{7, 3}, []float32{1, 0.5})})},
		{Id: fuzzID(2), Payload: payload(2, 1), Vectors: qdrant.NewVectorsMap(map[string]*qdrant.Vector{
			"keywords": qdrant.NewVectorSparse([]uint32{7}, []float32{1})})},
		{Id: fuzzID(3), Payload: payload(3, 0), Vectors: qdrant.NewVectorsMap(map[string]*qdrant.Vector{})},
		{Id: fuzzID(4), Payload: qdrant.NewValueMap(map[string]any{"group_id": []any{"g", 3}, "seq": 2.5, "terms": "x"}),
			Vectors: qdrant.NewVectorsMap(map[string]*qdrant.Vector{"dense": qdrant.NewVectorDense([]float32{0, 0, 0, 0})})},
	}}
}

// fuzzFilter is a filter as store/qdrant's message search makes one:
// the group, a time range and a sender.
func fuzzFilter() *qdrant.Filter {
	return &qdrant.Filter{Must: []*qdrant.Condition{qdrant.NewMatchKeyword("group_id", "g"),
		qdrant.NewRange("sent_at", &qdrant.Range{Gte: qdrant.PtrOf(1700000001.0), Lte: qdrant.PtrOf(1700000003.0)}),
		qdrant.NewFilterAsCondition(&qdrant.Filter{Should: []*qdrant.Condition{qdrant.NewMatchKeyword("sender_id", "u"), qdrant.NewMatchKeywords("sender_name", "u", "v")}})}}
}

// fuzzQueries are the queries store/qdrant sends: each side of a hybrid
// search, a fusion, and a sparse query that reads vectors back.
func fuzzQueries() []*qdrant.QueryPoints {
	n := qdrant.PtrOf(uint64(5))
	return []*qdrant.QueryPoints{
		{CollectionName: fuzzCollection, Query: qdrant.NewQueryDense([]float32{1, 1, 0, 0}), Using: qdrant.PtrOf("dense"), Limit: n,
			ScoreThreshold: qdrant.PtrOf(float32(0)), Filter: fuzzFilter(), WithPayload: qdrant.NewWithPayloadInclude("message_id")},
		{CollectionName: fuzzCollection, Query: qdrant.NewQuerySparse([]uint32{7, 9}, []float32{1, 1}), Using: qdrant.PtrOf("keywords"), Limit: n,
			Filter:      &qdrant.Filter{Must: []*qdrant.Condition{qdrant.NewMatchKeyword("group_id", "g")}},
			WithPayload: qdrant.NewWithPayloadInclude("message_id", "terms"), WithVectors: qdrant.NewWithVectorsInclude("keywords")},
		{CollectionName: fuzzCollection, Query: qdrant.NewQueryFusion(qdrant.Fusion_RRF), Prefetch: []*qdrant.PrefetchQuery{
			{Query: qdrant.NewQueryDense([]float32{0, 1, 0, 0}), Using: qdrant.PtrOf("dense"), Limit: n},
			{Query: qdrant.NewQuerySparse([]uint32{3}, []float32{1}), Using: qdrant.PtrOf("keywords"), Limit: n}},
			WithVectors: qdrant.NewWithVectors(true)},
		{CollectionName: fuzzCollection, Filter: &qdrant.Filter{Must: []*qdrant.Condition{qdrant.NewMatchKeyword("group_id", "g")}},
			Limit: qdrant.PtrOf(uint64(10000)), WithPayload: qdrant.NewWithPayload(true)},
	}
}

// fuzzReads runs every read store/qdrant makes, and a delete, on cs and ps.
func fuzzReads(t *testing.T, cs *collectionsService, ps *pointsService) {
	ctx := context.Background()
	for _, q := range fuzzQueries() {
		_, err := ps.Query(ctx, q)
		wantStatus(t, err)
	}
	_, err := ps.QueryBatch(ctx, &qdrant.QueryBatchPoints{CollectionName: fuzzCollection, QueryPoints: fuzzQueries()})
	wantStatus(t, err)
	for _, r := range fuzzOthers() {
		_, err := call(ctx, cs, ps, r)
		wantStatus(t, err)
	}
}

// fuzzOthers are the other requests store/qdrant sends, one of each kind
// call answers.
func fuzzOthers() []proto.Message {
	group := &qdrant.Filter{Must: []*qdrant.Condition{qdrant.NewMatchKeyword("group_id", "g")}}
	return []proto.Message{
		&qdrant.ScrollPoints{CollectionName: fuzzCollection, Filter: group, Limit: qdrant.PtrOf(uint32(1)),
			OrderBy: &qdrant.OrderBy{Key: "seq", Direction: qdrant.Direction_Desc.Enum()}, WithPayload: qdrant.NewWithPayloadInclude("seq", "message_id")},
		&qdrant.ScrollPoints{CollectionName: fuzzCollection, Filter: group, Offset: fuzzID(2), Limit: qdrant.PtrOf(uint32(2)),
			WithPayload: qdrant.NewWithPayload(true), WithVectors: qdrant.NewWithVectors(true)},
		&qdrant.GetPoints{CollectionName: fuzzCollection, Ids: []*qdrant.PointId{fuzzID(1), fuzzID(3), fuzzID(9)}, WithPayload: qdrant.NewWithPayload(true),
			WithVectors: qdrant.NewWithVectorsInclude("dense", "keywords")},
		&qdrant.CountPoints{CollectionName: fuzzCollection, Filter: fuzzFilter(), Exact: qdrant.PtrOf(true)},
		&qdrant.FacetCounts{CollectionName: fuzzCollection, Key: "terms", Filter: group, Limit: qdrant.PtrOf(uint64(1000)), Exact: qdrant.PtrOf(true)},
		&qdrant.SetPayloadPoints{CollectionName: fuzzCollection, Wait: qdrant.PtrOf(true), Payload: qdrant.NewValueMap(map[string]any{"status": "x"}),
			PointsSelector: qdrant.NewPointsSelectorFilter(group)},
		&qdrant.DeletePoints{CollectionName: fuzzCollection, Wait: qdrant.PtrOf(true), Points: qdrant.NewPointsSelector(fuzzID(2), fuzzID(8))},
		&qdrant.ScrollPoints{CollectionName: fuzzCollection, Filter: &qdrant.Filter{Must: []*qdrant.Condition{qdrant.NewIsEmpty("terms")}},
			Limit: qdrant.PtrOf(uint32(256)), WithPayload: qdrant.NewWithPayloadInclude("group_id", "message_id")},
		&qdrant.SetPayloadPoints{CollectionName: fuzzCollection, Wait: qdrant.PtrOf(true), Payload: qdrant.NewValueMap(map[string]any{"terms": int64(3)}),
			PointsSelector: qdrant.NewPointsSelector(fuzzID(4))},
		&qdrant.GetCollectionInfoRequest{CollectionName: fuzzCollection},
		&qdrant.CollectionExistsRequest{CollectionName: fuzzCollection},
	}
}

// call hands r to the handler of its type and returns the handler's error.
func call(ctx context.Context, cs *collectionsService, ps *pointsService, r proto.Message) (proto.Message, error) {
	switch r := r.(type) {
	case *qdrant.ScrollPoints:
		return ps.Scroll(ctx, r)
	case *qdrant.GetPoints:
		return ps.Get(ctx, r)
	case *qdrant.CountPoints:
		return ps.Count(ctx, r)
	case *qdrant.FacetCounts:
		return ps.Facet(ctx, r)
	case *qdrant.SetPayloadPoints:
		return ps.SetPayload(ctx, r)
	case *qdrant.DeletePoints:
		return ps.Delete(ctx, r)
	case *qdrant.CreateFieldIndexCollection:
		return ps.CreateFieldIndex(ctx, r)
	case *qdrant.QueryBatchPoints:
		return ps.QueryBatch(ctx, r)
	case *qdrant.CreateCollection:
		return cs.Create(ctx, r)
	case *qdrant.GetCollectionInfoRequest:
		return cs.Get(ctx, r)
	case *qdrant.CollectionExistsRequest:
		return cs.CollectionExists(ctx, r)
	case *qdrant.DeleteCollection:
		return cs.Delete(ctx, r)
	}
	panic(fmt.Sprintf("no handler for %T", r))
}

// wantStatus fails unless err is nil or a gRPC status error of the kind a
// handler returns on purpose.
func wantStatus(t *testing.T, err error) {
	t.Helper()
	if err == nil {
		return
	}
	st, ok := status.FromError(err)
	if !ok || st.Code() == codes.Unknown || st.Code() == codes.Internal {
		t.Fatalf("handler error %v is not a status error of a code it chose", err)
	}
}

func marshal(f *testing.F, m proto.Message) []byte {
	f.Helper()
	b, err := proto.Marshal(m)
	if err != nil {
		f.Fatal(err)
	}
	return b
}

// FuzzQuery runs queries decoded from the fuzzer's bytes against a
// collection holding points of every kind, alone and in a batch.
func FuzzQuery(f *testing.F) {
	for _, q := range fuzzQueries() {
		f.Add(marshal(f, q))
	}
	_, ps := fuzzServer(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		req := &qdrant.QueryPoints{}
		if proto.Unmarshal(data, req) != nil {
			return
		}
		req.CollectionName = fuzzCollection
		_, err := ps.Query(context.Background(), req)
		wantStatus(t, err)
		_, err = ps.QueryBatch(context.Background(), &qdrant.QueryBatchPoints{CollectionName: fuzzCollection, QueryPoints: []*qdrant.QueryPoints{req, req}})
		wantStatus(t, err)
	})
}

// FuzzUpsert writes points decoded from the fuzzer's bytes, then runs
// every read store/qdrant makes over them: what a write accepts, every
// read answers.
func FuzzUpsert(f *testing.F) {
	f.Add(marshal(f, fuzzUpsert()))
	f.Add(marshal(f, &qdrant.UpsertPoints{Points: []*qdrant.PointStruct{{Id: fuzzID(5),
		Vectors: qdrant.NewVectorsMap(map[string]*qdrant.Vector{"dense": qdrant.NewVectorDense([]float32{1, 2, 3, 4})})}}}))
	f.Add(marshal(f, &qdrant.UpsertPoints{Points: []*qdrant.PointStruct{{Id: fuzzID(6), Vectors: qdrant.NewVectorsDense([]float32{1, 2, 3, 4})}}}))
	f.Fuzz(func(t *testing.T, data []byte) {
		req := &qdrant.UpsertPoints{}
		if proto.Unmarshal(data, req) != nil {
			return
		}
		cs, ps := fuzzServer(t)
		req.CollectionName, req.Wait, req.Ordering, req.ShardKeySelector = fuzzCollection, qdrant.PtrOf(true), nil, nil
		req.UpdateFilter, req.UpdateMode = nil, nil
		_, err := ps.Upsert(context.Background(), req)
		wantStatus(t, err)
		fuzzReads(t, cs, ps)
	})
}

// FuzzRequest hands every other request the server answers, decoded from
// the fuzzer's bytes, to its handler: the first byte picks the kind.
func FuzzRequest(f *testing.F) {
	kinds := func() []proto.Message {
		return append(fuzzOthers(), &qdrant.CreateFieldIndexCollection{}, &qdrant.QueryBatchPoints{}, &qdrant.CreateCollection{}, &qdrant.DeleteCollection{})
	}
	seeds := append(fuzzOthers(), fuzzIndexes()[0], &qdrant.QueryBatchPoints{CollectionName: fuzzCollection, QueryPoints: fuzzQueries()},
		fuzzCreate("other"), &qdrant.DeleteCollection{CollectionName: fuzzCollection})
	for _, s := range seeds {
		for i, k := range kinds() {
			if k.ProtoReflect().Descriptor() == s.ProtoReflect().Descriptor() {
				f.Add(append([]byte{byte(i)}, marshal(f, s)...))
				break
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		ks := kinds()
		req := ks[int(data[0])%len(ks)]
		proto.Reset(req)
		if proto.Unmarshal(data[1:], req) != nil {
			return
		}
		cs, ps := fuzzServer(t)
		_, err := call(context.Background(), cs, ps, req)
		wantStatus(t, err)
		fuzzReads(t, cs, ps)
	})
}

// The seeds reach the handlers' bodies: every request store/qdrant sends
// is answered without an error.
func TestFuzzSeedsAnswer(t *testing.T) {
	cs, ps := fuzzServer(t)
	ctx := context.Background()
	for _, q := range fuzzQueries() {
		if _, err := ps.Query(ctx, q); err != nil {
			t.Errorf("query %v: %v", q, err)
		}
	}
	for _, r := range fuzzOthers() {
		if _, err := call(ctx, cs, ps, r); err != nil {
			t.Errorf("%T: %v", r, err)
		}
	}
}
