package qdranttest_test

import (
	"math"
	"slices"
	"testing"

	"github.com/qdrant/go-client/qdrant"
	"google.golang.org/grpc/codes"

	"github.com/groupmem/groupmem/store/qdrant/qdranttest"
)

// hybridCollection holds three points with a named dense vector "d" and a
// sparse vector "s" with the IDF modifier: term 7 is in every point, term 9
// in point 2 only.
func hybridCollection(t *testing.T) *qdrant.Client {
	t.Helper()
	c := connect(t, qdranttest.Config{}, "")
	ctx := t.Context()
	err := c.CreateCollection(ctx, &qdrant.CreateCollection{
		CollectionName:      coll,
		VectorsConfig:       qdrant.NewVectorsConfigMap(map[string]*qdrant.VectorParams{"d": {Size: 2, Distance: qdrant.Distance_Cosine}}),
		SparseVectorsConfig: qdrant.NewSparseVectorsConfig(map[string]*qdrant.SparseVectorParams{"s": {Modifier: qdrant.Modifier_Idf.Enum()}}),
	})
	if err != nil {
		t.Fatal(err)
	}
	point := func(n int, dense []float32, idx []uint32, val []float32, g string, at float64) *qdrant.PointStruct {
		return &qdrant.PointStruct{Id: qdrant.NewID(id(n)), Payload: qdrant.NewValueMap(map[string]any{"g": g, "at": at}),
			Vectors: qdrant.NewVectorsMap(map[string]*qdrant.Vector{"d": qdrant.NewVectorDense(dense), "s": qdrant.NewVectorSparse(idx, val)})}
	}
	_, err = c.Upsert(ctx, &qdrant.UpsertPoints{CollectionName: coll, Wait: qdrant.PtrOf(true), Points: []*qdrant.PointStruct{
		point(1, []float32{1, 0}, []uint32{7}, []float32{1}, "a", 10),
		point(2, []float32{0, 1}, []uint32{9, 7}, []float32{2, 1}, "a", 20),
		point(3, []float32{0.6, 0.8}, []uint32{7}, []float32{0.5}, "b", 30),
	}})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestSparseQueryAppliesIDF(t *testing.T) {
	c := hybridCollection(t)
	got, err := c.Query(t.Context(), &qdrant.QueryPoints{CollectionName: coll, Query: qdrant.NewQuerySparse([]uint32{9, 7}, []float32{1, 1}), Using: qdrant.PtrOf("s")})
	if err != nil {
		t.Fatal(err)
	}
	idf := func(n, total float64) float64 { return math.Log((total-n+0.5)/(n+0.5) + 1) }
	want := map[string]float64{id(2): 2*idf(1, 3) + idf(3, 3), id(1): idf(3, 3), id(3): 0.5 * idf(3, 3)}
	if ids(got)[0] != id(2) || len(got) != 3 {
		t.Fatalf("sparse query = %v, want point 2 first of 3", ids(got))
	}
	for _, p := range got {
		if w := want[p.GetId().GetUuid()]; math.Abs(float64(p.GetScore())-w) > 1e-5 {
			t.Errorf("point %s scores %v, want %v", p.GetId().GetUuid(), p.GetScore(), w)
		}
	}
	none, err := c.Query(t.Context(), &qdrant.QueryPoints{CollectionName: coll, Query: qdrant.NewQuerySparse([]uint32{5}, []float32{1}), Using: qdrant.PtrOf("s")})
	if err != nil || len(none) != 0 {
		t.Errorf("query of an unknown term = %v, %v; want no points", ids(none), err)
	}
}

func TestPrefetchFusedByRRF(t *testing.T) {
	c := hybridCollection(t)
	ctx := t.Context()
	q := &qdrant.QueryPoints{
		CollectionName: coll,
		Prefetch: []*qdrant.PrefetchQuery{
			{Query: qdrant.NewQueryDense([]float32{1, 0}), Using: qdrant.PtrOf("d"), Limit: qdrant.PtrOf(uint64(2))},
			{Query: qdrant.NewQuerySparse([]uint32{9}, []float32{1}), Using: qdrant.PtrOf("s"), Limit: qdrant.PtrOf(uint64(2))},
		},
		Query: qdrant.NewQueryFusion(qdrant.Fusion_RRF),
	}
	got, err := c.Query(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	// dense: 1 (rank 0), 3 (rank 1); sparse: 2 (rank 0). RRF k=2: 1 → 1/2, 2 → 1/2, 3 → 1/3.
	if want := []string{id(1), id(2), id(3)}; !slices.Equal(ids(got), want) {
		t.Fatalf("fused = %v, want %v", ids(got), want)
	}
	for i, w := range []float32{0.5, 0.5, 1.0 / 3} {
		if math.Abs(float64(got[i].GetScore()-w)) > 1e-6 {
			t.Errorf("fused score %d = %v, want %v", i, got[i].GetScore(), w)
		}
	}
	// The request's filter applies to every prefetch; a range filter on a number.
	q.Filter = &qdrant.Filter{Must: []*qdrant.Condition{qdrant.NewMatch("g", "a"), qdrant.NewRange("at", &qdrant.Range{Gte: qdrant.PtrOf(15.0)})}}
	got, err = c.Query(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{id(2)}; !slices.Equal(ids(got), want) {
		t.Errorf("fused with filter = %v, want %v", ids(got), want)
	}
	_, err = c.Query(ctx, &qdrant.QueryPoints{CollectionName: coll, Query: qdrant.NewQueryDense([]float32{1, 0, 0}), Using: qdrant.PtrOf("d")})
	wantCode(t, err, codes.InvalidArgument, "dimension")
	_, err = c.Upsert(ctx, &qdrant.UpsertPoints{CollectionName: coll, Wait: qdrant.PtrOf(true), Points: []*qdrant.PointStruct{
		{Id: qdrant.NewID(id(4)), Vectors: qdrant.NewVectorsMap(map[string]*qdrant.Vector{"s": qdrant.NewVectorSparse([]uint32{1, 1}, []float32{1, 2})})}}})
	wantCode(t, err, codes.InvalidArgument, "duplicated")
	info, err := c.GetCollectionInfo(ctx, coll)
	if err != nil {
		t.Fatal(err)
	}
	if s := info.GetConfig().GetParams().GetSparseVectorsConfig().GetMap()["s"]; s.GetModifier() != qdrant.Modifier_Idf {
		t.Errorf("sparse config %v, want s with the IDF modifier", info.GetConfig().GetParams().GetSparseVectorsConfig())
	}
}

// A point may leave a named vector out, as a wordless chat line leaves out
// its dense vector: it is then no candidate of a query on that vector, and
// every query still answers.
func TestPointWithoutAVectorIsNoCandidate(t *testing.T) {
	c := hybridCollection(t)
	ctx := t.Context()
	_, err := c.Upsert(ctx, &qdrant.UpsertPoints{CollectionName: coll, Wait: qdrant.PtrOf(true), Points: []*qdrant.PointStruct{
		{Id: qdrant.NewID(id(4)), Payload: qdrant.NewValueMap(map[string]any{"g": "a"}),
			Vectors: qdrant.NewVectorsMap(map[string]*qdrant.Vector{"s": qdrant.NewVectorSparse([]uint32{7}, []float32{1})})},
		{Id: qdrant.NewID(id(5)), Payload: qdrant.NewValueMap(map[string]any{"g": "a"}), Vectors: qdrant.NewVectorsMap(map[string]*qdrant.Vector{})},
	}})
	if err != nil {
		t.Fatal(err)
	}
	dense, err := c.Query(ctx, &qdrant.QueryPoints{CollectionName: coll, Query: qdrant.NewQueryDense([]float32{1, 0}), Using: qdrant.PtrOf("d")})
	if err != nil {
		t.Fatal(err)
	}
	if got := ids(dense); slices.Contains(got, id(4)) || slices.Contains(got, id(5)) || len(got) != 3 {
		t.Errorf("dense query = %v, want the three points that have a dense vector", got)
	}
	sparse, err := c.Query(ctx, &qdrant.QueryPoints{CollectionName: coll, Query: qdrant.NewQuerySparse([]uint32{7}, []float32{1}), Using: qdrant.PtrOf("s")})
	if err != nil {
		t.Fatal(err)
	}
	if got := ids(sparse); !slices.Contains(got, id(4)) || slices.Contains(got, id(5)) || len(got) != 4 {
		t.Errorf("sparse query = %v, want the four points that have a sparse vector", got)
	}
	fused, err := c.Query(ctx, &qdrant.QueryPoints{CollectionName: coll, Query: qdrant.NewQueryFusion(qdrant.Fusion_RRF), Prefetch: []*qdrant.PrefetchQuery{
		{Query: qdrant.NewQueryDense([]float32{0, 1}), Using: qdrant.PtrOf("d")},
		{Query: qdrant.NewQuerySparse([]uint32{7}, []float32{1}), Using: qdrant.PtrOf("s")},
	}})
	if err != nil || len(fused) != 4 {
		t.Errorf("fused query = %v, %v; want the four points found by either side", ids(fused), err)
	}
	n, err := c.Count(ctx, &qdrant.CountPoints{CollectionName: coll, Filter: &qdrant.Filter{Must: []*qdrant.Condition{qdrant.NewMatch("g", "a")}}})
	if err != nil || n != 4 {
		t.Errorf("count of g=a = %d, %v; want 4 (points without vectors count)", n, err)
	}
}

// with_vectors returns a point's named vectors as stored (dense ones
// normalised for cosine), all of them or those named.
func TestWithNamedVectors(t *testing.T) {
	c := hybridCollection(t)
	got, err := c.Get(t.Context(), &qdrant.GetPoints{CollectionName: coll, Ids: []*qdrant.PointId{qdrant.NewID(id(2)), qdrant.NewID(id(3))},
		WithVectors: qdrant.NewWithVectorsInclude("s")})
	if err != nil || len(got) != 2 {
		t.Fatalf("get with the sparse vector = %v, %v", got, err)
	}
	named := got[0].GetVectors().GetVectors().GetVectors()
	if s := named["s"].GetSparse(); len(named) != 1 || !slices.Equal(s.GetIndices(), []uint32{7, 9}) || !slices.Equal(s.GetValues(), []float32{1, 2}) {
		t.Errorf("point 2's vectors %v, want only s with indices [7 9] and values [1 2] (indices ascending)", named)
	}
	all, err := c.Scroll(t.Context(), &qdrant.ScrollPoints{CollectionName: coll, WithPayload: qdrant.NewWithPayload(false), WithVectors: qdrant.NewWithVectors(true)})
	if err != nil {
		t.Fatal(err)
	}
	d := all[2].GetVectors().GetVectors().GetVectors()["d"].GetDense().GetData()
	if len(d) != 2 || math.Abs(float64(d[0])-0.6) > 1e-6 || math.Abs(float64(d[1])-0.8) > 1e-6 {
		t.Errorf("point 3's dense vector %v, want [0.6 0.8]", d)
	}
}

// A facet counts the points holding each value of an indexed key, among
// those the filter matches, by descending count.
func TestFacetCounts(t *testing.T) {
	c := hybridCollection(t)
	ctx := t.Context()
	_, err := c.Facet(ctx, &qdrant.FacetCounts{CollectionName: coll, Key: "g"})
	wantCode(t, err, codes.InvalidArgument, "Index required")
	for _, ix := range []*qdrant.CreateFieldIndexCollection{
		{CollectionName: coll, Wait: qdrant.PtrOf(true), FieldName: "g", FieldType: qdrant.FieldType_FieldTypeKeyword.Enum()},
		{CollectionName: coll, Wait: qdrant.PtrOf(true), FieldName: "at", FieldType: qdrant.FieldType_FieldTypeInteger.Enum()},
	} {
		if _, err := c.CreateFieldIndex(ctx, ix); err != nil {
			t.Fatal(err)
		}
	}
	hits, err := c.Facet(ctx, &qdrant.FacetCounts{CollectionName: coll, Key: "g", Exact: qdrant.PtrOf(true)})
	if err != nil || len(hits) != 2 || hits[0].GetValue().GetStringValue() != "a" || hits[0].GetCount() != 2 || hits[1].GetCount() != 1 {
		t.Errorf("facet of g = %v, %v; want a: 2, b: 1", hits, err)
	}
	// at holds doubles here, which an integer facet does not count.
	hits, err = c.Facet(ctx, &qdrant.FacetCounts{CollectionName: coll, Key: "at", Filter: &qdrant.Filter{Must: []*qdrant.Condition{qdrant.NewMatch("g", "a")}}})
	if err != nil || len(hits) != 0 {
		t.Errorf("integer facet of double values = %v, %v; want none", hits, err)
	}
}
