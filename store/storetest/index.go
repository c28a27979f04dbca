package storetest

import (
	"fmt"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/groupmem/groupmem"
)

// indexDim is the vector size the Index suite asks for.
const indexDim = 8

// TestIndex runs the contract of groupmem.Index against the indexes that
// open returns, one per subtest; the subtests run in parallel. open must
// return an empty index for vectors of dimension dim that shares no points
// with any other index it returned, and release it when t ends.
//
// On top of the port's documentation the suite checks that:
//   - every field of a memory but Embedding reads back as written (an
//     index may leave the embedding out of what it returns);
//   - List orders ties in UpdatedAt by ascending memory id, as the ledger
//     does, and a group it does not know lists empty with total 0;
//   - an Upsert batch with one bad vector writes nothing;
//   - a group never sees another group's memories, also when the group
//     ids share a prefix or differ only in case;
//   - Upsert and Search return EINVALID for a vector of another
//     dimension, an empty one included;
//   - DeleteGroup of an unknown group is not an error, and an index is
//     usable after Reset;
//   - a redacted version (its statement groupmem.Redacted) keeps no vector:
//     no search finds it, List shows it;
//   - SearchHybrid's keyword side scores as keyword.Index does over the
//     statements of the group's active memories alone (IDF and average
//     length within them), so every backend ranks a group alike.
func TestIndex(t *testing.T, open func(t *testing.T, dim int) groupmem.Index) {
	t.Helper()
	tests := []struct {
		name string
		run  func(t *testing.T, x groupmem.Index)
	}{
		{"RoundTrip", testIndexRoundTrip},
		{"UpsertIsIdempotent", testIndexIdempotent},
		{"UpsertReplaces", testIndexReplaces},
		{"ListOrderStatusAndPaging", testIndexList},
		{"GroupsAreIsolated", testIndexIsolation},
		{"SearchRanksAndLimits", testIndexSearch},
		{"ThresholdIsStrict", testIndexThreshold},
		{"WrongDimension", testIndexDimension},
		{"DeleteGroup", testIndexDeleteGroup},
		{"DeleteByID", testIndexDelete},
		{"ResetEmpties", testIndexReset},
		{"RedactedKeepsNoVector", testIndexRedactedKeepsNoVector},
		{"UnknownGroup", testIndexUnknownGroup},
		{"HybridFusesBothSides", testHybridFuses},
		{"HybridOneSide", testHybridOneSide},
		{"HybridThresholdCuts", testHybridThreshold},
		{"HybridTiesGoToKeywords", testHybridTies},
		{"HybridActiveOnlyAndIsolated", testHybridActiveIsolated},
		{"HybridBadInput", testHybridBadInput},
		{"HybridKeywordsAreBM25PerGroup", testHybridKeywordsPerGroup},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tt.run(t, open(t, indexDim))
		})
	}
}

// indexEpoch is the base of every time in the suite; times have
// microseconds, which every store keeps.
var indexEpoch = time.Date(2025, 3, 7, 20, 15, 0, 123456000, time.UTC)

// indexMemOpts compares memories as an index returns them.
var indexMemOpts = cmp.Options{cmpopts.IgnoreFields(groupmem.Memory{}, "Embedding"), cmpopts.EquateEmpty()}

// indexAxis returns the unit vector along dimension i.
func indexAxis(i int) []float32 {
	v := make([]float32, indexDim)
	v[i] = 1
	return v
}

// indexAngled returns a unit vector whose cosine similarity to indexAxis(0)
// is cos.
func indexAngled(cos float64) []float32 {
	v := make([]float32, indexDim)
	v[0], v[1] = float32(cos), float32(math.Sqrt(1-cos*cos))
	return v
}

// indexMemory returns version 1 of an active memory of group, updated n
// minutes after indexEpoch.
func indexMemory(group string, n int, vec []float32) groupmem.Memory {
	id := groupmem.NewID()
	at := indexEpoch.Add(time.Duration(n) * time.Minute)
	return groupmem.Memory{
		ID:            id,
		LineageID:     id,
		GroupID:       group,
		Statement:     fmt.Sprintf("%s statement %d", group, n),
		Version:       1,
		Status:        groupmem.StatusActive,
		Tags:          []string{"habit"},
		Strength:      0.5,
		ChangeSummary: "seen in chat",
		Evidence:      []string{fmt.Sprintf("msg-%d", n)},
		Embedding:     vec,
		RunID:         groupmem.NewID(),
		CreatedAt:     at,
		UpdatedAt:     at,
	}
}

func indexUpsert(t *testing.T, x groupmem.Index, mems ...groupmem.Memory) {
	t.Helper()
	if err := x.Upsert(t.Context(), mems); err != nil {
		t.Fatalf("Upsert %d memories: %v", len(mems), err)
	}
}

func indexList(t *testing.T, x groupmem.Index, q groupmem.MemoryQuery) groupmem.MemoryPage {
	t.Helper()
	if q.Limit == 0 {
		q.Limit = 100
	}
	page, err := x.List(t.Context(), q)
	if err != nil {
		t.Fatalf("List %+v: %v", q, err)
	}
	return page
}

func indexSearch(t *testing.T, x groupmem.Index, q groupmem.SearchQuery) []groupmem.Hit {
	t.Helper()
	if q.Limit == 0 {
		q.Limit = 100
	}
	hits, err := x.Search(t.Context(), q)
	if err != nil {
		t.Fatalf("Search group %q limit %d threshold %v: %v", q.GroupID, q.Limit, q.Threshold, err)
	}
	return hits
}

// indexWantPage fails unless page holds want, in order, and total.
func indexWantPage(t *testing.T, what string, page groupmem.MemoryPage, total int, want ...groupmem.Memory) {
	t.Helper()
	if page.Total != total {
		t.Errorf("%s: total %d, want %d", what, page.Total, total)
	}
	if diff := cmp.Diff(want, page.Memories, indexMemOpts); diff != "" {
		t.Errorf("%s (-want +got):\n%s", what, diff)
	}
}

// indexHitIDs returns the memory ids of hits, in order.
func indexHitIDs(hits []groupmem.Hit) []string {
	out := []string{}
	for _, h := range hits {
		out = append(out, h.Memory.ID)
	}
	return out
}

// indexIDs returns the ids of mems, in order.
func indexIDs(mems ...groupmem.Memory) []string {
	out := []string{}
	for _, m := range mems {
		out = append(out, m.ID)
	}
	return out
}

// indexWantCode fails unless err carries code.
func indexWantCode(t *testing.T, what string, err error, code string) {
	t.Helper()
	if got := groupmem.ErrorCode(err); got != code {
		t.Errorf("%s: code %q (err %v), want %q", what, got, err, code)
	}
}

func testIndexRoundTrip(t *testing.T, x groupmem.Index) {
	v1 := indexMemory("g1", 1, indexAxis(0))
	v1.Status = groupmem.StatusSuperseded
	v1.UpdatedAt = v1.UpdatedAt.Add(2 * time.Minute)
	v2 := indexMemory("g1", 2, indexAxis(1))
	v2.LineageID, v2.ParentID, v2.Version = v1.ID, v1.ID, 2
	v2.Statement = "每周五晚上一起讨论新番 — meets every Friday night"
	v2.Tags = []string{"schedule", "anime"}
	v2.Evidence = []string{"1001", "1002", "1003"}
	v2.Strength = 0.875
	v2.ChangeSummary = "more members joined"
	v2.CreatedAt = v2.CreatedAt.In(time.FixedZone("UTC+8", 8*3600)) // any zone; the instant counts
	v2.UpdatedAt = v1.UpdatedAt.Add(time.Minute)
	v3 := indexMemory("g1", 0, indexAxis(2))
	v3.Tags, v3.Evidence, v3.ChangeSummary, v3.Strength = nil, nil, "", 0
	indexUpsert(t, x, v1, v2, v3)
	indexWantPage(t, "List after Upsert", indexList(t, x, groupmem.MemoryQuery{GroupID: "g1"}), 3, v2, v1, v3)

	hits := indexSearch(t, x, groupmem.SearchQuery{GroupID: "g1", Vector: indexAxis(1), Limit: 1, Threshold: 0.5})
	if len(hits) != 1 {
		t.Fatalf("Search for v2's own vector: %d hits, want 1", len(hits))
	}
	if diff := cmp.Diff(v2, hits[0].Memory, indexMemOpts); diff != "" {
		t.Errorf("Search hit (-want +got):\n%s", diff)
	}
	if math.Abs(hits[0].Score-1) > 1e-4 {
		t.Errorf("score of a memory's own vector %v, want 1", hits[0].Score)
	}
	if err := x.Upsert(t.Context(), nil); err != nil {
		t.Errorf("Upsert of nothing: %v", err)
	}
}

func testIndexIdempotent(t *testing.T, x groupmem.Index) {
	m := indexMemory("g1", 1, indexAxis(0))
	indexUpsert(t, x, m)
	indexUpsert(t, x, m)
	indexUpsert(t, x, m, m)
	indexWantPage(t, "List after upserting one memory four times", indexList(t, x, groupmem.MemoryQuery{GroupID: "g1"}), 1, m)
	hits := indexSearch(t, x, groupmem.SearchQuery{GroupID: "g1", Vector: indexAxis(0), Limit: 10})
	if diff := cmp.Diff(indexIDs(m), indexHitIDs(hits)); diff != "" {
		t.Errorf("Search after upserting one memory four times (-want +got):\n%s", diff)
	}
}

func testIndexReplaces(t *testing.T, x groupmem.Index) {
	m := indexMemory("g1", 1, indexAxis(0))
	indexUpsert(t, x, m)
	r := m
	r.Statement, r.Status, r.Tags, r.Strength = "rewritten", groupmem.StatusDeprecated, nil, 0.1
	r.Embedding, r.UpdatedAt = indexAxis(1), m.UpdatedAt.Add(time.Hour)
	indexUpsert(t, x, r)
	indexWantPage(t, "List after replacing a point", indexList(t, x, groupmem.MemoryQuery{GroupID: "g1"}), 1, r)
	indexWantPage(t, "List active after the point became deprecated", indexList(t, x, groupmem.MemoryQuery{GroupID: "g1", Status: groupmem.StatusActive}), 0)
	if hits := indexSearch(t, x, groupmem.SearchQuery{GroupID: "g1", Vector: indexAxis(0), Threshold: 0.5}); len(hits) != 0 {
		t.Errorf("Search by the replaced vector found %v", indexHitIDs(hits))
	}
	hits := indexSearch(t, x, groupmem.SearchQuery{GroupID: "g1", Vector: indexAxis(1), Threshold: 0.5})
	if len(hits) != 1 || hits[0].Memory.Statement != "rewritten" {
		t.Errorf("Search by the new vector: %v, want the rewritten memory", hits)
	}
}

func testIndexList(t *testing.T, x groupmem.Index) {
	a := indexMemory("g1", 1, indexAxis(0))
	b := indexMemory("g1", 2, indexAxis(1))
	b.Status = groupmem.StatusSuperseded
	c := indexMemory("g1", 3, indexAxis(2))
	d := indexMemory("g1", 4, indexAxis(3))
	e := indexMemory("g1", 4, indexAxis(4)) // ties with d in UpdatedAt
	if e.ID < d.ID {
		d, e = e, d // d has the lower id and comes first
	}
	e.Status = groupmem.StatusDeprecated
	f := indexMemory("g1", 5, indexAxis(5))
	indexUpsert(t, x, c, e, a, f, b, d)
	indexUpsert(t, x, indexMemory("g2", 9, indexAxis(0)))
	all := []groupmem.Memory{f, d, e, c, b, a}
	active := []groupmem.Memory{f, d, c, a}
	tests := []struct {
		status        groupmem.Status
		limit, offset int
		total         int
		want          []groupmem.Memory
	}{
		{"", 100, 0, 6, all},
		{"", 2, 0, 6, all[0:2]},
		{"", 2, 2, 6, all[2:4]},
		{"", 2, 4, 6, all[4:6]},
		{"", 4, 5, 6, all[5:]},
		{"", 2, 6, 6, nil},
		{"", 2, 60, 6, nil},
		{groupmem.StatusActive, 100, 0, 4, active},
		{groupmem.StatusActive, 2, 1, 4, active[1:3]},
		{groupmem.StatusSuperseded, 100, 0, 1, []groupmem.Memory{b}},
		{groupmem.StatusDeprecated, 100, 0, 1, []groupmem.Memory{e}},
	}
	for _, tt := range tests {
		q := groupmem.MemoryQuery{GroupID: "g1", Status: tt.status, Limit: tt.limit, Offset: tt.offset}
		indexWantPage(t, fmt.Sprintf("List status %q limit %d offset %d", tt.status, tt.limit, tt.offset), indexList(t, x, q), tt.total, tt.want...)
	}
}

func testIndexIsolation(t *testing.T, x groupmem.Index) {
	g1 := indexMemory("g1", 1, indexAxis(0))
	g10 := indexMemory("g10", 2, indexAxis(0))
	g10b := indexMemory("g10", 3, indexAxis(1))
	other := indexMemory("G1", 4, indexAxis(1))
	indexUpsert(t, x, g1, g10, g10b, other)
	indexWantPage(t, "List g1", indexList(t, x, groupmem.MemoryQuery{GroupID: "g1"}), 1, g1)
	indexWantPage(t, "List g10", indexList(t, x, groupmem.MemoryQuery{GroupID: "g10"}), 2, g10b, g10)
	for _, v := range [][]float32{indexAxis(0), indexAxis(1)} {
		hits := indexSearch(t, x, groupmem.SearchQuery{GroupID: "g1", Vector: v, Threshold: -1.5})
		if diff := cmp.Diff(indexIDs(g1), indexHitIDs(hits)); diff != "" {
			t.Errorf("Search g1 holds other groups' memories (-want +got):\n%s", diff)
		}
	}
}

func testIndexSearch(t *testing.T, x groupmem.Index) {
	cosines := []float64{0.3, 0.95, -0.5, 0.6, 0.8}
	var mems []groupmem.Memory
	for i, c := range cosines {
		mems = append(mems, indexMemory("g1", i, indexAngled(c)))
	}
	dep := indexMemory("g1", 9, indexAxis(0))
	dep.Status = groupmem.StatusDeprecated
	indexUpsert(t, x, append(slices.Clone(mems), dep)...)
	byScore := []groupmem.Memory{mems[1], mems[4], mems[3], mems[0]} // 0.95, 0.8, 0.6, 0.3; -0.5 is below 0

	hits := indexSearch(t, x, groupmem.SearchQuery{GroupID: "g1", Vector: indexAxis(0), Status: groupmem.StatusActive, Limit: 3})
	if diff := cmp.Diff(indexIDs(byScore[:3]...), indexHitIDs(hits)); diff != "" {
		t.Fatalf("Search active, limit 3 (-want +got):\n%s", diff)
	}
	for i, h := range hits {
		if want := cosines[slices.IndexFunc(mems, func(m groupmem.Memory) bool { return m.ID == h.Memory.ID })]; math.Abs(h.Score-want) > 1e-4 {
			t.Errorf("hit %d: score %v, want the cosine similarity %v", i, h.Score, want)
		}
		if diff := cmp.Diff(byScore[i], h.Memory, indexMemOpts); diff != "" {
			t.Errorf("hit %d memory (-want +got):\n%s", i, diff)
		}
	}
	hits = indexSearch(t, x, groupmem.SearchQuery{GroupID: "g1", Vector: indexAxis(0), Status: groupmem.StatusActive, Limit: 10})
	if diff := cmp.Diff(indexIDs(byScore...), indexHitIDs(hits)); diff != "" {
		t.Errorf("Search active, limit 10, threshold 0 (-want +got):\n%s", diff)
	}
	hits = indexSearch(t, x, groupmem.SearchQuery{GroupID: "g1", Vector: indexAxis(0), Limit: 2})
	if diff := cmp.Diff(indexIDs(dep, byScore[0]), indexHitIDs(hits)); diff != "" {
		t.Errorf("Search any status, limit 2 (-want +got):\n%s", diff)
	}
	hits = indexSearch(t, x, groupmem.SearchQuery{GroupID: "g1", Vector: indexAxis(0), Status: groupmem.StatusDeprecated, Limit: 10})
	if diff := cmp.Diff(indexIDs(dep), indexHitIDs(hits)); diff != "" {
		t.Errorf("Search deprecated (-want +got):\n%s", diff)
	}
}
