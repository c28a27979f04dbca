package qdranttest_test

import (
	"fmt"
	"math"
	"net"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/groupmem/groupmem/store/qdrant/qdranttest"
	"github.com/qdrant/go-client/qdrant"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

const coll = "c"

// connect starts a server and returns a go-client connected to it.
func connect(t *testing.T, cfg qdranttest.Config, apiKey string) *qdrant.Client {
	t.Helper()
	s := qdranttest.StartServer(t, cfg)
	host, portText, _ := net.SplitHostPort(s.Addr())
	port, _ := strconv.Atoi(portText)
	c, err := qdrant.NewClient(&qdrant.Config{Host: host, Port: port, APIKey: apiKey, SkipCompatibilityCheck: true, PoolSize: 1})
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// newCollection returns a client and an empty cosine collection coll of
// the given size.
func newCollection(t *testing.T, size uint64) *qdrant.Client {
	t.Helper()
	c := connect(t, qdranttest.Config{}, "")
	err := c.CreateCollection(t.Context(), &qdrant.CreateCollection{
		CollectionName: coll,
		VectorsConfig:  qdrant.NewVectorsConfig(&qdrant.VectorParams{Size: size, Distance: qdrant.Distance_Cosine}),
	})
	if err != nil {
		t.Fatalf("create collection: %v", err)
	}
	return c
}

// id returns a UUID whose order among other id(n) follows n.
func id(n int) string { return fmt.Sprintf("00000000-0000-4000-8000-%012d", n) }

func upsert(t *testing.T, c *qdrant.Client, pts ...*qdrant.PointStruct) {
	t.Helper()
	_, err := c.Upsert(t.Context(), &qdrant.UpsertPoints{CollectionName: coll, Wait: qdrant.PtrOf(true), Points: pts})
	if err != nil {
		t.Fatalf("upsert: %v", err)
	}
}

func pt(n int, vec []float32, payload map[string]any) *qdrant.PointStruct {
	return &qdrant.PointStruct{Id: qdrant.NewID(id(n)), Vectors: qdrant.NewVectorsDense(vec), Payload: qdrant.NewValueMap(payload)}
}

func ids[P interface{ GetId() *qdrant.PointId }](pts []P) []string {
	out := []string{}
	for _, p := range pts {
		out = append(out, p.GetId().GetUuid())
	}
	return out
}

func wantCode(t *testing.T, err error, code codes.Code, mention string) {
	t.Helper()
	if got := status.Code(err); got != code {
		t.Fatalf("code %v (err %v), want %v", got, err, code)
	}
	if !strings.Contains(err.Error(), mention) {
		t.Errorf("error %q does not mention %q", err, mention)
	}
}

func TestScoreThresholdKeepsStrictlyAbove(t *testing.T) {
	c := newCollection(t, 2)
	upsert(t, c, pt(1, []float32{1, 0}, nil), pt(2, []float32{1, 1}, nil), pt(3, []float32{0, 1}, nil), pt(4, []float32{-2, 0}, nil))
	query := func(threshold *float32) []*qdrant.ScoredPoint {
		t.Helper()
		res, err := c.Query(t.Context(), &qdrant.QueryPoints{CollectionName: coll, Query: qdrant.NewQueryDense([]float32{3, 0}), ScoreThreshold: threshold})
		if err != nil {
			t.Fatalf("query: %v", err)
		}
		return res
	}
	all := query(nil)
	var scores []float32
	for _, p := range all {
		scores = append(scores, p.GetScore())
	}
	if want := []float32{1, float32(1 / math.Sqrt2), 0, -1}; !cmp.Equal(scores, want, cmp.Comparer(func(a, b float32) bool { return math.Abs(float64(a-b)) < 1e-6 })) {
		t.Fatalf("cosine scores %v, want %v (vectors are normalised)", scores, want)
	}
	tests := []struct {
		threshold float32
		want      []string
	}{
		{1, []string{}},
		{all[1].GetScore(), []string{id(1)}},
		{0, []string{id(1), id(2)}},
		{-1, []string{id(1), id(2), id(3)}},
		{-1.5, []string{id(1), id(2), id(3), id(4)}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, ids(query(&tt.threshold))); diff != "" {
			t.Errorf("threshold %v (-want +got):\n%s", tt.threshold, diff)
		}
	}
}

func TestQueryLimitOffsetAndTies(t *testing.T) {
	c := newCollection(t, 2)
	for n := 5; n >= 1; n-- {
		upsert(t, c, pt(n, []float32{1, 0}, nil))
	}
	res, err := c.Query(t.Context(), &qdrant.QueryPoints{CollectionName: coll, Query: qdrant.NewQueryDense([]float32{1, 0}),
		Limit: qdrant.PtrOf(uint64(2)), Offset: qdrant.PtrOf(uint64(1))})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{id(2), id(3)}, ids(res)); diff != "" {
		t.Errorf("equal scores in id order, offset 1 limit 2 (-want +got):\n%s", diff)
	}
}

func TestScrollOffsetIsInclusive(t *testing.T) {
	c := newCollection(t, 2)
	for _, n := range []int{50, 10, 40, 20, 30} {
		upsert(t, c, pt(n, []float32{1, 0}, nil))
	}
	scroll := func(offset *qdrant.PointId) ([]string, *qdrant.PointId) {
		t.Helper()
		res, next, err := c.ScrollAndOffset(t.Context(), &qdrant.ScrollPoints{CollectionName: coll, Offset: offset,
			Limit: qdrant.PtrOf(uint32(2)), WithPayload: qdrant.NewWithPayload(false)})
		if err != nil {
			t.Fatalf("scroll: %v", err)
		}
		return ids(res), next
	}
	got, next := scroll(nil)
	if diff := cmp.Diff([]string{id(10), id(20)}, got); diff != "" {
		t.Errorf("first page (-want +got):\n%s", diff)
	}
	if next.GetUuid() != id(30) {
		t.Fatalf("next_page_offset %v, want the first id of the next page %s", next, id(30))
	}
	got, next = scroll(next)
	if diff := cmp.Diff([]string{id(30), id(40)}, got); diff != "" {
		t.Errorf("page from offset %s, inclusive (-want +got):\n%s", id(30), diff)
	}
	got, next = scroll(next)
	if diff := cmp.Diff([]string{id(50)}, got); diff != "" || next != nil {
		t.Errorf("last page %v, next %v; want [%s] and no next", got, next, id(50))
	}
	got, _ = scroll(qdrant.NewID(strings.ReplaceAll(id(20), "-", "")))
	if diff := cmp.Diff([]string{id(20), id(30)}, got); diff != "" {
		t.Errorf("offset %s spelt without hyphens (-want +got):\n%s", id(20), diff)
	}
	got, _ = scroll(qdrant.NewID(id(25)))
	if diff := cmp.Diff([]string{id(30), id(40)}, got); diff != "" {
		t.Errorf("offset %s names no point: starts at the next id (-want +got):\n%s", id(25), diff)
	}
}

func TestPayloadOnlyWhenAsked(t *testing.T) {
	c := newCollection(t, 2)
	upsert(t, c, pt(1, []float32{1, 0}, map[string]any{"a": "x", "b": int64(2), "c": []any{"y"}}))
	full := map[string]*qdrant.Value{"a": qdrant.NewValueString("x"), "b": qdrant.NewValueInt(2), "c": qdrant.NewValueFromList(qdrant.NewValueString("y"))}
	tests := []struct {
		name string
		sel  *qdrant.WithPayloadSelector
		want map[string]*qdrant.Value
	}{
		{"absent", nil, nil},
		{"false", qdrant.NewWithPayload(false), nil},
		{"true", qdrant.NewWithPayload(true), full},
		{"include", qdrant.NewWithPayloadInclude("a", "c"), map[string]*qdrant.Value{"a": full["a"], "c": full["c"]}},
		{"exclude", qdrant.NewWithPayloadExclude("a"), map[string]*qdrant.Value{"b": full["b"], "c": full["c"]}},
	}
	for _, tt := range tests {
		res, err := c.Query(t.Context(), &qdrant.QueryPoints{CollectionName: coll, Query: qdrant.NewQueryDense([]float32{1, 0}), WithPayload: tt.sel})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if diff := cmp.Diff(tt.want, res[0].GetPayload(), cmp.Comparer(valueEqual)); diff != "" {
			t.Errorf("with_payload %s (-want +got):\n%s", tt.name, diff)
		}
		if res[0].GetVectors() != nil {
			t.Errorf("with_payload %s: vectors returned without with_vectors", tt.name)
		}
	}
}

func valueEqual(a, b *qdrant.Value) bool { return a.String() == b.String() }

func TestFilter(t *testing.T) {
	c := newCollection(t, 2)
	upsert(t, c,
		pt(1, []float32{1, 0}, map[string]any{"group_id": "g1", "status": "active", "tags": []any{"x", "y"}}),
		pt(2, []float32{1, 0}, map[string]any{"group_id": "g1", "status": "deprecated"}),
		pt(3, []float32{1, 0}, map[string]any{"group_id": "g2", "status": "active", "tags": []any{"y"}}),
		pt(4, []float32{1, 0}, map[string]any{"group_id": "g2", "status": 7}),
	)
	kw := qdrant.NewMatchKeyword
	tests := []struct {
		name   string
		filter *qdrant.Filter
		want   []string
	}{
		{"none", nil, []string{id(1), id(2), id(3), id(4)}},
		{"must", &qdrant.Filter{Must: []*qdrant.Condition{kw("group_id", "g1"), kw("status", "active")}}, []string{id(1)}},
		{"should", &qdrant.Filter{Should: []*qdrant.Condition{kw("status", "deprecated"), kw("group_id", "g2")}}, []string{id(2), id(3), id(4)}},
		{"must not", &qdrant.Filter{MustNot: []*qdrant.Condition{kw("status", "active")}}, []string{id(2), id(4)}},
		{"keyword in list", &qdrant.Filter{Must: []*qdrant.Condition{kw("tags", "y")}}, []string{id(1), id(3)}},
		{"any keyword", &qdrant.Filter{Must: []*qdrant.Condition{qdrant.NewMatchKeywords("status", "deprecated", "nope")}}, []string{id(2)}},
		{"non-string value never matches", &qdrant.Filter{Must: []*qdrant.Condition{kw("status", "7")}}, []string{}},
		{"missing key", &qdrant.Filter{Must: []*qdrant.Condition{kw("nope", "g1")}}, []string{}},
		{"nested filter", &qdrant.Filter{Must: []*qdrant.Condition{kw("group_id", "g1"), qdrant.NewFilterAsCondition(
			&qdrant.Filter{MustNot: []*qdrant.Condition{kw("status", "active")}})}}, []string{id(2)}},
		{"all three", &qdrant.Filter{
			Must:    []*qdrant.Condition{kw("status", "active")},
			Should:  []*qdrant.Condition{kw("tags", "x"), kw("tags", "y")},
			MustNot: []*qdrant.Condition{kw("group_id", "g2")},
		}, []string{id(1)}},
	}
	for _, tt := range tests {
		res, err := c.Scroll(t.Context(), &qdrant.ScrollPoints{CollectionName: coll, Filter: tt.filter, WithPayload: qdrant.NewWithPayload(false)})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if diff := cmp.Diff(tt.want, ids(res)); diff != "" {
			t.Errorf("filter %s, scroll (-want +got):\n%s", tt.name, diff)
		}
		hits, err := c.Query(t.Context(), &qdrant.QueryPoints{CollectionName: coll, Query: qdrant.NewQueryDense([]float32{1, 0}), Filter: tt.filter})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if diff := cmp.Diff(tt.want, ids(hits)); diff != "" {
			t.Errorf("filter %s, query (-want +got):\n%s", tt.name, diff)
		}
	}
	_, err := c.Delete(t.Context(), &qdrant.DeletePoints{CollectionName: coll, Wait: qdrant.PtrOf(true),
		Points: qdrant.NewPointsSelectorFilter(&qdrant.Filter{Must: []*qdrant.Condition{kw("group_id", "g1")}})})
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.Scroll(t.Context(), &qdrant.ScrollPoints{CollectionName: coll, WithPayload: qdrant.NewWithPayload(false)})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{id(3), id(4)}, ids(res)); diff != "" {
		t.Errorf("after delete by filter group g1 (-want +got):\n%s", diff)
	}
}

func TestUpsertReplacesWholePoint(t *testing.T) {
	c := newCollection(t, 2)
	upsert(t, c, pt(1, []float32{1, 0}, map[string]any{"a": "1", "b": "2"}))
	upsert(t, c, pt(1, []float32{0, 1}, map[string]any{"a": "3"}))
	res, err := c.Query(t.Context(), &qdrant.QueryPoints{CollectionName: coll, Query: qdrant.NewQueryDense([]float32{0, 1}), WithPayload: qdrant.NewWithPayload(true)})
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 1 || res[0].GetScore() != 1 {
		t.Fatalf("after replacing the vector, query for it: %v", res)
	}
	if diff := cmp.Diff(map[string]*qdrant.Value{"a": qdrant.NewValueString("3")}, res[0].GetPayload(), cmp.Comparer(valueEqual)); diff != "" {
		t.Errorf("payload after replace (-want +got):\n%s", diff)
	}
}

func TestSetPayloadMerges(t *testing.T) {
	c := newCollection(t, 2)
	upsert(t, c, pt(1, []float32{1, 0}, map[string]any{"a": "1", "b": "2"}), pt(2, []float32{1, 0}, map[string]any{"a": "1"}))
	set := func(ids ...int) error {
		var pids []*qdrant.PointId
		for _, n := range ids {
			pids = append(pids, qdrant.NewID(id(n)))
		}
		_, err := c.SetPayload(t.Context(), &qdrant.SetPayloadPoints{CollectionName: coll, Wait: qdrant.PtrOf(true),
			Payload: qdrant.NewValueMap(map[string]any{"b": "9", "c": "9"}), PointsSelector: qdrant.NewPointsSelector(pids...)})
		return err
	}
	wantCode(t, set(2, 99), codes.NotFound, id(99))
	if err := set(1); err != nil {
		t.Fatal(err)
	}
	res, err := c.Scroll(t.Context(), &qdrant.ScrollPoints{CollectionName: coll, WithPayload: qdrant.NewWithPayload(true)})
	if err != nil {
		t.Fatal(err)
	}
	want := []map[string]*qdrant.Value{
		qdrant.NewValueMap(map[string]any{"a": "1", "b": "9", "c": "9"}),
		qdrant.NewValueMap(map[string]any{"a": "1"}), // untouched: the failed call wrote nothing
	}
	var got []map[string]*qdrant.Value
	for _, p := range res {
		got = append(got, p.GetPayload())
	}
	if diff := cmp.Diff(want, got, cmp.Comparer(valueEqual)); diff != "" {
		t.Errorf("payloads after set_payload (-want +got):\n%s", diff)
	}
}

func TestVectorSizeChecked(t *testing.T) {
	c := newCollection(t, 3)
	_, err := c.Upsert(t.Context(), &qdrant.UpsertPoints{CollectionName: coll, Wait: qdrant.PtrOf(true),
		Points: []*qdrant.PointStruct{pt(1, []float32{1, 0, 0}, nil), pt(2, []float32{1, 0}, nil)}})
	wantCode(t, err, codes.InvalidArgument, "expected dim: 3, got 2")
	res, err := c.Scroll(t.Context(), &qdrant.ScrollPoints{CollectionName: coll, WithPayload: qdrant.NewWithPayload(false)})
	if err != nil || len(res) != 0 {
		t.Errorf("a rejected upsert wrote %d points (err %v)", len(res), err)
	}
	_, err = c.Query(t.Context(), &qdrant.QueryPoints{CollectionName: coll, Query: qdrant.NewQueryDense([]float32{1, 0, 0, 0})})
	wantCode(t, err, codes.InvalidArgument, "expected dim: 3, got 4")
}
