package qdrant_test

import (
	"context"
	"net"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/qdrant"
	"github.com/groupmem/groupmem/store/qdrant/qdranttest"
	"github.com/groupmem/groupmem/store/storetest"
	qc "github.com/qdrant/go-client/qdrant"
)

// envAddr names a real Qdrant's gRPC address; envAPIKey its API key.
const (
	envAddr   = "GROUPMEM_TEST_QDRANT_ADDR"
	envAPIKey = "GROUPMEM_TEST_QDRANT_API_KEY"
)

// open opens an index on cfg and closes it when the test ends.
func open(t testing.TB, cfg qdrant.Config) *qdrant.Index {
	t.Helper()
	cfg.SkipCompatibilityCheck = true
	x, err := qdrant.Open(context.Background(), cfg)
	if err != nil {
		t.Fatalf("open index on %s: %v", cfg.Addr, err)
	}
	t.Cleanup(func() { x.Close() })
	return x
}

// rawClient returns a go-client on addr for looking behind the adapter.
func rawClient(t testing.TB, addr, apiKey string) *qc.Client {
	t.Helper()
	host, port, _ := net.SplitHostPort(addr)
	p, _ := strconv.Atoi(port)
	c, err := qc.NewClient(&qc.Config{Host: host, Port: p, APIKey: apiKey, SkipCompatibilityCheck: true, PoolSize: 1})
	if err != nil {
		t.Fatalf("connect to %s: %v", addr, err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func uniqueCollection() string {
	return "groupmem_test_" + strings.ReplaceAll(groupmem.NewID(), "-", "")
}

func TestIndexContract(t *testing.T) {
	addr := qdranttest.Start(t)
	storetest.TestIndex(t, func(t *testing.T, dim int) groupmem.Index {
		return open(t, qdrant.Config{Addr: addr, Collection: uniqueCollection(), Dimension: dim})
	})
}

// TestIndexContractRealQdrant runs the contract against the Qdrant at
// $GROUPMEM_TEST_QDRANT_ADDR, each subtest in a collection of its own that
// is deleted afterwards.
func TestIndexContractRealQdrant(t *testing.T) {
	addr := os.Getenv(envAddr)
	if addr == "" {
		t.Skipf("set %s to the host:port of a real Qdrant's gRPC port to run the contract against it", envAddr)
	}
	key := os.Getenv(envAPIKey)
	raw := rawClient(t, addr, key)
	if _, err := raw.HealthCheck(t.Context()); err != nil {
		t.Fatalf("no Qdrant at %s=%s: %v", envAddr, addr, err)
	}
	storetest.TestIndex(t, func(t *testing.T, dim int) groupmem.Index {
		name := uniqueCollection()
		x := open(t, qdrant.Config{Addr: addr, APIKey: key, Collection: name, Dimension: dim})
		t.Cleanup(func() {
			if err := raw.DeleteCollection(context.Background(), name); err != nil {
				t.Errorf("delete test collection %s: %v", name, err)
			}
		})
		return x
	})
}

func wantCode(t *testing.T, what string, err error, code string, mentions ...string) {
	t.Helper()
	if got := groupmem.ErrorCode(err); got != code {
		t.Fatalf("%s: code %q (err %v), want %q", what, got, err, code)
	}
	for _, m := range mentions {
		if !strings.Contains(groupmem.ErrorMessage(err), m) {
			t.Errorf("%s: message %q does not mention %q", what, groupmem.ErrorMessage(err), m)
		}
	}
}

func TestOpenValidatesConfig(t *testing.T) {
	tests := []struct {
		name    string
		cfg     qdrant.Config
		setting string
	}{
		{"no dimension", qdrant.Config{}, "Dimension"},
		{"negative dimension", qdrant.Config{Dimension: -3}, "Dimension"},
		{"huge dimension", qdrant.Config{Dimension: 70000}, "Dimension"},
		{"no port", qdrant.Config{Addr: "localhost", Dimension: 4}, "Addr"},
		{"bad port", qdrant.Config{Addr: "localhost:http", Dimension: 4}, "Addr"},
		{"port out of range", qdrant.Config{Addr: "localhost:70000", Dimension: 4}, "Addr"},
		{"collection with slash", qdrant.Config{Collection: "a/b", Dimension: 4}, "Collection"},
		{"negative timeout", qdrant.Config{Dimension: 4, Timeout: -time.Second}, "Timeout"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x, err := qdrant.Open(t.Context(), tt.cfg)
			if x != nil {
				x.Close()
			}
			wantCode(t, "Open", err, groupmem.EINVALID, tt.setting)
		})
	}
}

func TestOpenOnIPv6Loopback(t *testing.T) {
	srv, err := qdranttest.NewServer(qdranttest.Config{Listen: "[::1]:0"})
	if err != nil {
		t.Skipf("no IPv6 loopback on this machine: %v", err)
	}
	t.Cleanup(srv.Close)
	x := open(t, qdrant.Config{Addr: srv.Addr(), Dimension: 2})
	if err := x.Check(t.Context()); err != nil {
		t.Errorf("Check on %s: %v", srv.Addr(), err)
	}
}

func TestOpenCreatesCollectionAndIndexes(t *testing.T) {
	addr := qdranttest.Start(t)
	open(t, qdrant.Config{Addr: addr, Dimension: 16})
	info, err := rawClient(t, addr, "").GetCollectionInfo(t.Context(), qdrant.DefaultCollection)
	if err != nil {
		t.Fatalf("the default collection %q: %v", qdrant.DefaultCollection, err)
	}
	assertLayout(t, info, 16)
}

// assertLayout checks the collection's vectors, HNSW settings and payload
// indexes as Open makes them.
func assertLayout(t *testing.T, info *qc.CollectionInfo, dim uint64) {
	t.Helper()
	vp := info.GetConfig().GetParams().GetVectorsConfig().GetParamsMap().GetMap()["dense"]
	if vp.GetSize() != dim || vp.GetDistance() != qc.Distance_Cosine {
		t.Errorf("vectors: dense size %d distance %v, want %d cosine", vp.GetSize(), vp.GetDistance(), dim)
	}
	if sp, ok := info.GetConfig().GetParams().GetSparseVectorsConfig().GetMap()["keywords"]; !ok || sp.GetModifier() != qc.Modifier_Idf {
		t.Errorf("sparse vectors %v, want keywords with the IDF modifier", info.GetConfig().GetParams().GetSparseVectorsConfig())
	}
	if h := info.GetConfig().GetHnswConfig(); h.GetM() != 0 || h.GetPayloadM() != 16 {
		t.Errorf("hnsw m=%d payload_m=%d, want 0 and 16 (graphs per tenant only)", h.GetM(), h.GetPayloadM())
	}
	schema := info.GetPayloadSchema()
	group, status := schema["group_id"], schema["status"]
	if group.GetDataType() != qc.PayloadSchemaType_Keyword || !group.GetParams().GetKeywordIndexParams().GetIsTenant() {
		t.Errorf("group_id index %v, want keyword with is_tenant", group)
	}
	if status.GetDataType() != qc.PayloadSchemaType_Keyword || status.GetParams().GetKeywordIndexParams().GetIsTenant() {
		t.Errorf("status index %v, want keyword, not a tenant", status)
	}
	if status.GetParams().GetKeywordIndexParams().GetEnableHnsw() {
		t.Errorf("status index builds HNSW links; it is for filtering only")
	}
}

// hybridCollection is a collection as an operator creates it for a
// cluster (README): named dense vectors of dim and sparse keyword vectors.
func hybridCollection(name string, dim uint64, d qc.Distance) *qc.CreateCollection {
	return &qc.CreateCollection{CollectionName: name,
		VectorsConfig:       qc.NewVectorsConfigMap(map[string]*qc.VectorParams{"dense": {Size: dim, Distance: d}}),
		SparseVectorsConfig: qc.NewSparseVectorsConfig(map[string]*qc.SparseVectorParams{"keywords": {Modifier: qc.Modifier_Idf.Enum()}}),
		HnswConfig:          &qc.HnswConfigDiff{M: qc.PtrOf(uint64(0)), PayloadM: qc.PtrOf(uint64(16))}}
}

func TestOpenAddsMissingIndexesToExistingCollection(t *testing.T) {
	addr := qdranttest.Start(t)
	raw := rawClient(t, addr, "")
	err := raw.CreateCollection(t.Context(), hybridCollection("mem", 4, qc.Distance_Cosine))
	if err != nil {
		t.Fatal(err)
	}
	open(t, qdrant.Config{Addr: addr, Collection: "mem", Dimension: 4})
	info, err := raw.GetCollectionInfo(t.Context(), "mem")
	if err != nil {
		t.Fatal(err)
	}
	assertLayout(t, info, 4)
}

func TestOpenRejectsMismatchedCollection(t *testing.T) {
	addr := qdranttest.Start(t)
	open(t, qdrant.Config{Addr: addr, Collection: "mem", Dimension: 4}).Close()
	_, err := qdrant.Open(t.Context(), qdrant.Config{Addr: addr, Collection: "mem", Dimension: 8, SkipCompatibilityCheck: true})
	wantCode(t, "Open with another Dimension", err, groupmem.EINVALID, `"mem"`, "size 4", "Dimension is 8")

	raw := rawClient(t, addr, "")
	err = raw.CreateCollection(t.Context(), hybridCollection("dot", 4, qc.Distance_Dot))
	if err != nil {
		t.Fatal(err)
	}
	_, err = qdrant.Open(t.Context(), qdrant.Config{Addr: addr, Collection: "dot", Dimension: 4, SkipCompatibilityCheck: true})
	wantCode(t, "Open on a dot-product collection", err, groupmem.EINVALID, `"dot"`, "Dot distance")
}

// A collection of an earlier version (one unnamed vector) is refused with
// a message that says to reindex; Upgrade (what reindex sets) rebuilds it
// empty as this version's, and leaves a current collection as it is.
func TestOpenUpgradesEarlierCollection(t *testing.T) {
	addr := qdranttest.Start(t)
	raw := rawClient(t, addr, "")
	err := raw.CreateCollection(t.Context(), &qc.CreateCollection{CollectionName: "old",
		VectorsConfig: qc.NewVectorsConfig(&qc.VectorParams{Size: 4, Distance: qc.Distance_Cosine})})
	if err != nil {
		t.Fatal(err)
	}
	_, err = qdrant.Open(t.Context(), qdrant.Config{Addr: addr, Collection: "old", Dimension: 4, SkipCompatibilityCheck: true})
	wantCode(t, "Open on an earlier collection", err, groupmem.EINVALID, `"old"`, "groupmem reindex")
	x := open(t, qdrant.Config{Addr: addr, Collection: "old", Dimension: 4, Upgrade: true})
	info, err := raw.GetCollectionInfo(t.Context(), "old")
	if err != nil {
		t.Fatal(err)
	}
	assertLayout(t, info, 4)
	m := groupmem.Memory{ID: groupmem.NewID(), GroupID: "g1", Statement: "likes tea", Status: groupmem.StatusActive, Version: 1,
		Embedding: []float32{1, 0, 0, 0}, CreatedAt: time.Now(), UpdatedAt: time.Now()}
	if err := x.Upsert(t.Context(), []groupmem.Memory{m}); err != nil {
		t.Fatal(err)
	}
	open(t, qdrant.Config{Addr: addr, Collection: "old", Dimension: 4, Upgrade: true})
	if page, err := x.List(t.Context(), groupmem.MemoryQuery{GroupID: "g1", Limit: 5}); err != nil || page.Total != 1 {
		t.Fatalf("after a second upgrading open: %d memories, %v; want the one written kept", page.Total, err)
	}
}

func TestCheck(t *testing.T) {
	addr := qdranttest.Start(t)
	x := open(t, qdrant.Config{Addr: addr, Collection: "mem", Dimension: 4})
	if err := x.Check(t.Context()); err != nil {
		t.Fatalf("Check of a fresh index: %v", err)
	}
	if err := rawClient(t, addr, "").DeleteCollection(t.Context(), "mem"); err != nil {
		t.Fatal(err)
	}
	wantCode(t, "Check after the collection was dropped", x.Check(t.Context()), groupmem.EUNAVAILABLE, "mem")
	if err := x.Reset(t.Context()); err != nil {
		t.Fatalf("Reset of a dropped collection: %v", err)
	}
	if err := x.Check(t.Context()); err != nil {
		t.Errorf("Check after Reset: %v", err)
	}
}

func memory(group string, vec []float32) groupmem.Memory {
	id := groupmem.NewID()
	at := time.Date(2025, 5, 1, 12, 0, 0, 0, time.UTC)
	return groupmem.Memory{ID: id, LineageID: id, GroupID: group, Statement: "likes tea", Version: 1,
		Status: groupmem.StatusActive, Tags: []string{"food"}, Strength: 0.5, Evidence: []string{"m1"},
		Embedding: vec, RunID: groupmem.NewID(), CreatedAt: at, UpdatedAt: at}
}

func TestMalformedPayloadIsInternal(t *testing.T) {
	addr := qdranttest.Start(t)
	x := open(t, qdrant.Config{Addr: addr, Collection: "mem", Dimension: 2})
	id := groupmem.NewID()
	_, err := rawClient(t, addr, "").Upsert(t.Context(), &qc.UpsertPoints{CollectionName: "mem", Wait: qc.PtrOf(true),
		Points: []*qc.PointStruct{{Id: qc.NewID(id), Vectors: qc.NewVectorsMap(map[string]*qc.Vector{"dense": qc.NewVectorDense([]float32{1, 0})}),
			Payload: qc.NewValueMap(map[string]any{"group_id": "g1", "statement": "x", "status": "active", "version": "one"})}}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = x.List(t.Context(), groupmem.MemoryQuery{GroupID: "g1", Limit: 5})
	wantCode(t, "List over a point with version \"one\"", err, groupmem.EINTERNAL, id, "version")
	_, err = x.Search(t.Context(), groupmem.SearchQuery{GroupID: "g1", Vector: []float32{1, 0}, Limit: 5})
	wantCode(t, "Search over a point with version \"one\"", err, groupmem.EINTERNAL, id, "version")
}

func TestListReadsGroupsLargerThanAScrollPage(t *testing.T) {
	x := open(t, qdrant.Config{Addr: qdranttest.Start(t), Dimension: 2})
	var mems []groupmem.Memory
	for i := range 600 {
		m := memory("big", []float32{1, float32(i)})
		m.UpdatedAt = m.UpdatedAt.Add(time.Duration(i) * time.Second)
		mems = append(mems, m)
	}
	if err := x.Upsert(t.Context(), mems); err != nil {
		t.Fatal(err)
	}
	page, err := x.List(t.Context(), groupmem.MemoryQuery{GroupID: "big", Limit: 3, Offset: 0})
	if err != nil {
		t.Fatal(err)
	}
	if page.Total != 600 {
		t.Errorf("total %d, want 600", page.Total)
	}
	if diff := cmp.Diff([]string{mems[599].ID, mems[598].ID, mems[597].ID}, []string{page.Memories[0].ID, page.Memories[1].ID, page.Memories[2].ID}); diff != "" {
		t.Errorf("newest three of 600 (-want +got):\n%s", diff)
	}
}

func TestBadQueries(t *testing.T) {
	x := open(t, qdrant.Config{Addr: qdranttest.Start(t), Dimension: 2})
	ctx := t.Context()
	_, err := x.List(ctx, groupmem.MemoryQuery{GroupID: "", Limit: 5})
	wantCode(t, "List without a group", err, groupmem.EINVALID)
	_, err = x.List(ctx, groupmem.MemoryQuery{GroupID: "g1", Status: "all", Limit: 5})
	wantCode(t, "List with status all", err, groupmem.EINVALID)
	_, err = x.List(ctx, groupmem.MemoryQuery{GroupID: "g1", Limit: -1})
	wantCode(t, "List with a negative limit", err, groupmem.EINVALID)
	_, err = x.Search(ctx, groupmem.SearchQuery{GroupID: "g1", Vector: []float32{1, 0}, Limit: -1})
	wantCode(t, "Search with a negative limit", err, groupmem.EINVALID)
	bad := memory("g1", []float32{1, 0})
	bad.ID = "not-a-uuid"
	wantCode(t, "Upsert with a bad id", x.Upsert(ctx, []groupmem.Memory{bad}), groupmem.EINVALID)
	wantCode(t, "DeleteGroup without a group", x.DeleteGroup(ctx, ""), groupmem.EINVALID)
}
