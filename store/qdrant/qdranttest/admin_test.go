package qdranttest_test

import (
	"context"
	"slices"
	"strconv"
	"sync"
	"testing"

	"github.com/groupmem/groupmem/store/qdrant/qdranttest"
	"github.com/qdrant/go-client/qdrant"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

func TestCollections(t *testing.T) {
	c := newCollection(t, 3)
	ctx := t.Context()
	err := c.CreateCollection(ctx, &qdrant.CreateCollection{CollectionName: coll,
		VectorsConfig: qdrant.NewVectorsConfig(&qdrant.VectorParams{Size: 3, Distance: qdrant.Distance_Cosine})})
	wantCode(t, err, codes.AlreadyExists, "already exists")
	_, err = c.GetCollectionInfo(ctx, "nope")
	wantCode(t, err, codes.NotFound, "nope")
	_, err = c.Upsert(ctx, &qdrant.UpsertPoints{CollectionName: "nope", Wait: qdrant.PtrOf(true), Points: []*qdrant.PointStruct{pt(1, []float32{1, 0, 0}, nil)}})
	wantCode(t, err, codes.NotFound, "nope")
	_, err = c.CreateFieldIndex(ctx, &qdrant.CreateFieldIndexCollection{CollectionName: coll, Wait: qdrant.PtrOf(true), FieldName: "group_id",
		FieldType: qdrant.FieldType_FieldTypeKeyword.Enum(), FieldIndexParams: qdrant.NewPayloadIndexParams(&qdrant.KeywordIndexParams{IsTenant: qdrant.PtrOf(true)})})
	if err != nil {
		t.Fatal(err)
	}
	info, err := c.GetCollectionInfo(ctx, coll)
	if err != nil {
		t.Fatal(err)
	}
	got := info.GetPayloadSchema()["group_id"]
	if got.GetDataType() != qdrant.PayloadSchemaType_Keyword || !got.GetParams().GetKeywordIndexParams().GetIsTenant() {
		t.Errorf("payload schema of group_id %v, want a keyword index with is_tenant", got)
	}
	if p := info.GetConfig().GetParams().GetVectorsConfig().GetParams(); p.GetSize() != 3 || p.GetDistance() != qdrant.Distance_Cosine {
		t.Errorf("vector params %v, want size 3 cosine", p)
	}
	if err := c.DeleteCollection(ctx, coll); err != nil {
		t.Fatal(err)
	}
	if ok, err := c.CollectionExists(ctx, coll); ok || err != nil {
		t.Errorf("after delete: exists %v, err %v", ok, err)
	}
	if err := c.DeleteCollection(ctx, coll); err == nil {
		t.Error("deleting a missing collection answers result=false, which the client reports as an error; got nil")
	}
}

func TestUnsupportedIsUnimplemented(t *testing.T) {
	c := newCollection(t, 2)
	ctx := t.Context()
	_, err := c.Upsert(ctx, &qdrant.UpsertPoints{CollectionName: coll, Points: []*qdrant.PointStruct{pt(1, []float32{1, 0}, nil)}})
	wantCode(t, err, codes.Unimplemented, "wait=true")
	_, err = c.Scroll(ctx, &qdrant.ScrollPoints{CollectionName: coll, WithPayload: qdrant.NewWithPayload(true),
		Filter: &qdrant.Filter{Must: []*qdrant.Condition{qdrant.NewValuesCount("n", &qdrant.ValuesCount{Gt: qdrant.PtrOf(uint64(1))})}}})
	wantCode(t, err, codes.Unimplemented, "other than match")
	_, err = c.Scroll(ctx, &qdrant.ScrollPoints{CollectionName: coll})
	wantCode(t, err, codes.Unimplemented, "with_payload")
	_, err = c.Query(ctx, &qdrant.QueryPoints{CollectionName: coll, Query: qdrant.NewQueryDense([]float32{1, 0}), Using: qdrant.PtrOf("named")})
	wantCode(t, err, codes.InvalidArgument, "Not existing vector name")
	_, err = c.Query(ctx, &qdrant.QueryPoints{CollectionName: coll, Query: qdrant.NewQueryDense([]float32{1, 0}),
		Filter: &qdrant.Filter{Must: []*qdrant.Condition{qdrant.NewMatchText("statement", "x")}}})
	wantCode(t, err, codes.Unimplemented, "Match_Text")
	_, err = c.Upsert(ctx, &qdrant.UpsertPoints{CollectionName: coll, Wait: qdrant.PtrOf(true),
		Points: []*qdrant.PointStruct{{Id: qdrant.NewIDNum(1), Vectors: qdrant.NewVectorsDense([]float32{1, 0})}}})
	wantCode(t, err, codes.Unimplemented, "numeric point ids")
}

func TestAPIKey(t *testing.T) {
	cfg := qdranttest.Config{APIKey: "secret"}
	tests := []struct {
		key  string
		want codes.Code
	}{
		{"", codes.Unauthenticated},
		{"wrong", codes.Unauthenticated},
		{"secret", codes.OK},
	}
	for _, tt := range tests {
		c := connect(t, cfg, tt.key)
		if _, err := c.HealthCheck(t.Context()); err != nil {
			t.Errorf("key %q: health check needs no key, got %v", tt.key, err)
		}
		_, err := c.CollectionExists(t.Context(), coll)
		if got := status.Code(err); got != tt.want {
			t.Errorf("key %q: code %v (err %v), want %v", tt.key, got, err, tt.want)
		}
	}
}

func TestConcurrentUse(t *testing.T) {
	c := newCollection(t, 2)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for n := range 20 {
				p := pt(g*100+n, []float32{1, float32(n)}, map[string]any{"group_id": strconv.Itoa(g)})
				if _, err := c.Upsert(context.Background(), &qdrant.UpsertPoints{CollectionName: coll, Wait: qdrant.PtrOf(true), Points: []*qdrant.PointStruct{p}}); err != nil {
					t.Error(err)
					return
				}
				_, err := c.Query(context.Background(), &qdrant.QueryPoints{CollectionName: coll, Query: qdrant.NewQueryDense([]float32{1, 0}),
					Filter: &qdrant.Filter{Must: []*qdrant.Condition{qdrant.NewMatchKeyword("group_id", strconv.Itoa(g))}}, WithPayload: qdrant.NewWithPayload(true)})
				if err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	res, err := c.Scroll(t.Context(), &qdrant.ScrollPoints{CollectionName: coll, Limit: qdrant.PtrOf(uint32(1000)), WithPayload: qdrant.NewWithPayload(false)})
	if err != nil {
		t.Fatal(err)
	}
	if got := ids(res); len(got) != 160 || !slices.IsSorted(got) {
		t.Errorf("after concurrent upserts: %d points, sorted %v; want 160 in id order", len(got), slices.IsSorted(got))
	}
}
