package storetest

import (
	"math"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/groupmem/groupmem"
)

func testIndexThreshold(t *testing.T, x groupmem.Index) {
	same := indexMemory("g1", 1, indexAxis(0))                      // score 1
	diag := indexMemory("g1", 2, indexAngled(1/math.Sqrt2))         // score 0.7071...
	orth := indexMemory("g1", 3, indexAxis(1))                      // score 0
	opp := indexMemory("g1", 4, []float32{-2, 0, 0, 0, 0, 0, 0, 0}) // score -1
	indexUpsert(t, x, same, diag, orth, opp)
	tests := []struct {
		threshold float64
		want      []string
	}{
		{1, []string{}},
		{0.75, indexIDs(same)},
		{0.7, indexIDs(same, diag)},
		{0, indexIDs(same, diag)},
		{-1, indexIDs(same, diag, orth)},
		{-1.5, indexIDs(same, diag, orth, opp)},
	}
	for _, tt := range tests {
		hits := indexSearch(t, x, groupmem.SearchQuery{GroupID: "g1", Vector: indexAxis(0), Threshold: tt.threshold})
		if diff := cmp.Diff(tt.want, indexHitIDs(hits)); diff != "" {
			t.Errorf("Search with threshold %v keeps scores strictly above it (-want +got):\n%s", tt.threshold, diff)
		}
	}
}

func testIndexDimension(t *testing.T, x groupmem.Index) {
	good := indexMemory("g1", 1, indexAxis(0))
	tests := []struct {
		name string
		vec  []float32
	}{
		{"one too many", make([]float32, indexDim+1)},
		{"one too few", make([]float32, indexDim-1)},
		{"empty", nil},
	}
	for _, tt := range tests {
		bad := indexMemory("g1", 2, tt.vec)
		indexWantCode(t, "Upsert with an embedding "+tt.name, x.Upsert(t.Context(), []groupmem.Memory{good, bad}), groupmem.EINVALID)
		_, err := x.Search(t.Context(), groupmem.SearchQuery{GroupID: "g1", Vector: tt.vec, Limit: 5})
		indexWantCode(t, "Search with a vector "+tt.name, err, groupmem.EINVALID)
	}
	indexWantPage(t, "List after rejected batches", indexList(t, x, groupmem.MemoryQuery{GroupID: "g1"}), 0)
}

func testIndexDeleteGroup(t *testing.T, x groupmem.Index) {
	a, b := indexMemory("g1", 1, indexAxis(0)), indexMemory("g1", 2, indexAxis(1))
	keep := indexMemory("g2", 3, indexAxis(0))
	indexUpsert(t, x, a, b, keep)
	if err := x.DeleteGroup(t.Context(), "g1"); err != nil {
		t.Fatalf("DeleteGroup: %v", err)
	}
	indexWantPage(t, "List deleted group", indexList(t, x, groupmem.MemoryQuery{GroupID: "g1"}), 0)
	if hits := indexSearch(t, x, groupmem.SearchQuery{GroupID: "g1", Vector: indexAxis(0), Threshold: -1.5}); len(hits) != 0 {
		t.Errorf("Search deleted group found %v", indexHitIDs(hits))
	}
	indexWantPage(t, "List other group", indexList(t, x, groupmem.MemoryQuery{GroupID: "g2"}), 1, keep)
	if err := x.DeleteGroup(t.Context(), "never-seen"); err != nil {
		t.Errorf("DeleteGroup of an unknown group: %v", err)
	}
	indexUpsert(t, x, a)
	indexWantPage(t, "List after upserting into the deleted group", indexList(t, x, groupmem.MemoryQuery{GroupID: "g1"}), 1, a)
}

// Delete removes the points named, by keywords and by vector, and no
// other; ids it does not hold are ignored.
func testIndexDelete(t *testing.T, x groupmem.Index) {
	a := hybridMemory("g1", 1, "members play badminton on friday", indexAxis(0))
	b := hybridMemory("g1", 2, "the release happens on friday", indexAxis(1))
	keep := hybridMemory("g2", 3, "badminton on friday too", indexAxis(0))
	indexUpsert(t, x, a, b, keep)
	if err := x.Delete(t.Context(), "g1", []string{a.ID, groupmem.NewID()}); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	indexWantPage(t, "List after Delete", indexList(t, x, groupmem.MemoryQuery{GroupID: "g1"}), 1, b)
	if hits := hybridSearch(t, x, groupmem.HybridQuery{GroupID: "g1", Text: "badminton friday", Vector: indexAxis(0), Limit: 10}); len(hits) != 1 || hits[0].Memory.ID != b.ID {
		t.Errorf("hybrid search after Delete: %v, want only %s", hybridIDs(hits), b.ID)
	}
	indexWantPage(t, "List other group", indexList(t, x, groupmem.MemoryQuery{GroupID: "g2"}), 1, keep)
	if err := x.Delete(t.Context(), "g1", nil); err != nil {
		t.Errorf("Delete of nothing: %v", err)
	}
}

func testIndexReset(t *testing.T, x groupmem.Index) {
	a, b := indexMemory("g1", 1, indexAxis(0)), indexMemory("g2", 2, indexAxis(0))
	indexUpsert(t, x, a, b)
	if err := x.Reset(t.Context()); err != nil {
		t.Fatalf("Reset: %v", err)
	}
	for _, g := range []string{"g1", "g2"} {
		indexWantPage(t, "List "+g+" after Reset", indexList(t, x, groupmem.MemoryQuery{GroupID: g}), 0)
		if hits := indexSearch(t, x, groupmem.SearchQuery{GroupID: g, Vector: indexAxis(0), Threshold: -1.5}); len(hits) != 0 {
			t.Errorf("Search %s after Reset found %v", g, indexHitIDs(hits))
		}
	}
	indexUpsert(t, x, b)
	indexWantPage(t, "List after Reset and Upsert", indexList(t, x, groupmem.MemoryQuery{GroupID: "g2"}), 1, b)
}

func testIndexUnknownGroup(t *testing.T, x groupmem.Index) {
	indexUpsert(t, x, indexMemory("g1", 1, indexAxis(0)))
	page := indexList(t, x, groupmem.MemoryQuery{GroupID: "nobody", Limit: 20})
	indexWantPage(t, "List unknown group", page, 0)
	if hits := indexSearch(t, x, groupmem.SearchQuery{GroupID: "nobody", Vector: indexAxis(0), Threshold: -1.5}); len(hits) != 0 {
		t.Errorf("Search unknown group found %v", indexHitIDs(hits))
	}
}

// A redacted version (its statement groupmem.Redacted, the text it quoted
// forgotten) keeps no vector in the index: no search finds it, whatever
// its stored embedding; List still shows it.
func testIndexRedactedKeepsNoVector(t *testing.T, x groupmem.Index) {
	kept := indexMemory("g1", 1, indexAxis(1))
	redacted := indexMemory("g1", 2, indexAxis(0))
	redacted.Statement, redacted.Status = groupmem.Redacted, groupmem.StatusDeprecated
	indexUpsert(t, x, kept, redacted)
	if hits := indexSearch(t, x, groupmem.SearchQuery{GroupID: "g1", Vector: indexAxis(0), Threshold: -1.5}); slices.Contains(indexHitIDs(hits), redacted.ID) {
		t.Errorf("search by the redacted version's own vector: %v, want it not found", indexHitIDs(hits))
	}
	hits := hybridSearch(t, x, groupmem.HybridQuery{GroupID: "g1", Text: "redacted", Vector: indexAxis(0), Limit: 10})
	if slices.Contains(hybridIDs(hits), redacted.ID) {
		t.Errorf("hybrid search: %v, want the redacted version not found", hybridIDs(hits))
	}
	indexWantPage(t, "list", indexList(t, x, groupmem.MemoryQuery{GroupID: "g1", Status: groupmem.StatusDeprecated}), 1, redacted)
}
