package storetest

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/keyword"
)

// The hybrid part of the Index suite: SearchHybrid over memories whose
// statements and vectors the cases choose.

// hybridMemory is memory n of group with a statement and a vector.
func hybridMemory(group string, n int, statement string, vec []float32) groupmem.Memory {
	m := indexMemory(group, n, vec)
	m.Statement = statement
	return m
}

func hybridSearch(t *testing.T, x groupmem.Index, q groupmem.HybridQuery) []groupmem.HybridHit {
	t.Helper()
	hits, err := x.SearchHybrid(context.Background(), q)
	if err != nil {
		t.Fatalf("SearchHybrid(%+v): %v", q, err)
	}
	return hits
}

func hybridIDs(hits []groupmem.HybridHit) []string {
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.Memory.ID
	}
	return out
}

func hybridScores(hits []groupmem.HybridHit) map[string]float64 {
	out := make(map[string]float64, len(hits))
	for _, h := range hits {
		out[h.Memory.ID] = h.Score
	}
	return out
}

// hybridGroup stores four active memories of g1: two that share words
// with "badminton friday", two close to the query vector axis 0.
func hybridGroup(t *testing.T, x groupmem.Index) (badminton, friday, coffee, tea groupmem.Memory) {
	badminton = hybridMemory("g1", 1, "members play badminton every friday evening", indexAxis(2))
	friday = hybridMemory("g1", 2, "the release happens on friday", indexAxis(3))
	coffee = hybridMemory("g1", 3, "Ann drinks coffee every morning", indexAngled(0.9))
	tea = hybridMemory("g1", 4, "Bo prefers green tea", indexAngled(0.5))
	indexUpsert(t, x, badminton, friday, coffee, tea)
	return
}

// Both sides: every memory that shares a term or is similar comes back,
// ranked by the fusion of the two rankings, each with the parts of its
// score it has; a memory first on both sides is first.
func testHybridFuses(t *testing.T, x groupmem.Index) {
	badminton, friday, coffee, tea := hybridGroup(t, x)
	both := hybridMemory("g1", 5, "badminton and coffee after work", indexAxis(0))
	indexUpsert(t, x, both)
	hits := hybridSearch(t, x, groupmem.HybridQuery{GroupID: "g1", Text: "badminton friday", Vector: indexAxis(0), Limit: 10})
	got := hybridIDs(hits)
	if len(got) != 5 || got[0] != both.ID {
		t.Fatalf("hybrid hits %v, want all five with %s (on both sides) first", got, both.ID)
	}
	for _, m := range []groupmem.Memory{badminton, friday, coffee, tea} {
		if !slices.Contains(got, m.ID) {
			t.Errorf("hybrid hits lack %q", m.Statement)
		}
	}
	// Every backend fuses alike: each hit scores keyword.Blend of its
	// scores on the one-side rankings (nothing for a side without it).
	kw := hybridScores(hybridSearch(t, x, groupmem.HybridQuery{GroupID: "g1", Text: "badminton friday", Limit: 10}))
	sem := hybridScores(hybridSearch(t, x, groupmem.HybridQuery{GroupID: "g1", Vector: indexAxis(0), Limit: 10}))
	for _, h := range hits {
		want := keyword.Blend(kw[h.Memory.ID], sem[h.Memory.ID])
		if math.Abs(h.Score-want) > 1e-4 {
			t.Errorf("%q: fused score %v, want %v (keyword.Blend of %v and %v)", h.Memory.Statement, h.Score, want, kw[h.Memory.ID], sem[h.Memory.ID])
		}
	}
	for i, h := range hits {
		if i > 0 && h.Score > hits[i-1].Score {
			t.Errorf("hits not by descending fused score: %v then %v", hits[i-1].Score, h.Score)
		}
		if h.Memory.Statement == "" || h.Memory.GroupID != "g1" {
			t.Errorf("hit %d has memory %+v", i, h.Memory)
		}
		switch h.Memory.ID {
		case both.ID:
			if h.Semantic == nil || h.Keyword == nil {
				t.Errorf("the memory on both sides has parts %v and %v, want both", h.Semantic, h.Keyword)
			}
		case coffee.ID, tea.ID:
			if h.Semantic == nil || h.Keyword != nil {
				t.Errorf("%q: parts %v, %v; want a semantic score only", h.Memory.Statement, h.Semantic, h.Keyword)
			}
		case badminton.ID, friday.ID:
			if h.Keyword == nil || *h.Keyword <= 0 {
				t.Errorf("%q: keyword part %v, want a positive BM25 score", h.Memory.Statement, h.Keyword)
			}
		}
	}
	if hits := hybridSearch(t, x, groupmem.HybridQuery{GroupID: "g1", Text: "badminton friday", Vector: indexAxis(0), Limit: 2}); len(hits) != 2 || hits[0].Memory.ID != both.ID {
		t.Errorf("limit 2: %v, want 2 hits, %s first", hybridIDs(hits), both.ID)
	}
}

// One side: keywords only rank by BM25 (the memory with both query terms
// first) with no semantic part; the vector only ranks by cosine with no
// keyword part.
func testHybridOneSide(t *testing.T, x groupmem.Index) {
	badminton, friday, coffee, tea := hybridGroup(t, x)
	hits := hybridSearch(t, x, groupmem.HybridQuery{GroupID: "g1", Text: "Badminton FRIDAY", Limit: 10})
	if got := hybridIDs(hits); !slices.Equal(got, []string{badminton.ID, friday.ID}) {
		t.Fatalf("keywords only: %v, want the badminton memory, then the friday one", got)
	}
	for _, h := range hits {
		if h.Semantic != nil || h.Keyword == nil || h.Score != *h.Keyword {
			t.Errorf("keyword hit %q: score %v, parts %v %v; want its BM25 score only", h.Memory.Statement, h.Score, h.Semantic, h.Keyword)
		}
	}
	hits = hybridSearch(t, x, groupmem.HybridQuery{GroupID: "g1", Vector: indexAxis(0), Limit: 10})
	if got := hybridIDs(hits); !slices.Equal(got, []string{coffee.ID, tea.ID}) {
		t.Fatalf("vector only: %v, want coffee (0.9) then tea (0.5); orthogonal ones are not similar", got)
	}
	for _, h := range hits {
		if h.Keyword != nil || h.Semantic == nil || h.Score != *h.Semantic {
			t.Errorf("semantic hit %q: score %v, parts %v %v; want its cosine only", h.Memory.Statement, h.Score, h.Semantic, h.Keyword)
		}
	}
	if hits := hybridSearch(t, x, groupmem.HybridQuery{GroupID: "g1", Text: "quantum", Limit: 10}); len(hits) != 0 {
		t.Errorf("a word no statement has: %v, want nothing", hybridIDs(hits))
	}
}

// Of two memories with the same words, the one also similar to the
// query comes first, on every backend, whatever their ids.
func testHybridTies(t *testing.T, x groupmem.Index) {
	for range 4 { // fresh random ids each time: the order must not follow them
		g := "ties-" + groupmem.NewID()[:8]
		similar := hybridMemory(g, 1, "badminton friday night", indexAngled(0.9))
		other := hybridMemory(g, 2, "badminton friday night", indexAxis(2))
		indexUpsert(t, x, similar, other)
		hits := hybridSearch(t, x, groupmem.HybridQuery{GroupID: g, Text: "badminton friday", Vector: indexAxis(0), Limit: 10})
		if got := hybridIDs(hits); !slices.Equal(got, []string{similar.ID, other.ID}) || hits[0].Score <= hits[1].Score {
			t.Fatalf("same words: %v (scores %v, %v), want the similar one first", got, hits[0].Score, hits[len(hits)-1].Score)
		}
	}
}

// A threshold keeps only memories similar above it, whatever their
// keywords.
func testHybridThreshold(t *testing.T, x groupmem.Index) {
	_, _, coffee, _ := hybridGroup(t, x)
	cut := 0.7
	hits := hybridSearch(t, x, groupmem.HybridQuery{GroupID: "g1", Text: "badminton friday coffee", Vector: indexAxis(0), Limit: 10, Threshold: &cut})
	if got := hybridIDs(hits); !slices.Equal(got, []string{coffee.ID}) {
		t.Fatalf("threshold 0.7: %v, want only coffee (0.9), not the keyword matches", got)
	}
	if hits[0].Semantic == nil || hits[0].Keyword == nil {
		t.Errorf("coffee's parts %v %v, want both (it shares a word)", hits[0].Semantic, hits[0].Keyword)
	}
}

// Only active memories are found, and only the group's.
func testHybridActiveIsolated(t *testing.T, x groupmem.Index) {
	badminton, _, _, _ := hybridGroup(t, x)
	old := badminton
	old.Status = groupmem.StatusDeprecated
	indexUpsert(t, x, old, hybridMemory("g1x", 1, "badminton badminton badminton", indexAxis(0)),
		hybridMemory("G1", 1, "badminton on friday", indexAxis(0)))
	hits := hybridSearch(t, x, groupmem.HybridQuery{GroupID: "g1", Text: "badminton", Vector: indexAxis(2), Limit: 10})
	for _, h := range hits {
		if h.Memory.ID == badminton.ID || h.Memory.GroupID != "g1" {
			t.Errorf("hit %q of %s (%s): want only active memories of g1", h.Memory.Statement, h.Memory.GroupID, h.Memory.Status)
		}
	}
	if hits := hybridSearch(t, x, groupmem.HybridQuery{GroupID: "nobody", Text: "badminton", Vector: indexAxis(0), Limit: 10}); len(hits) != 0 {
		t.Errorf("a group without memories: %v, want nothing", hybridIDs(hits))
	}
}

func testHybridBadInput(t *testing.T, x groupmem.Index) {
	hybridGroup(t, x)
	ctx := context.Background()
	for what, q := range map[string]groupmem.HybridQuery{
		"no group":       {Text: "tea", Limit: 5},
		"wrong vector":   {GroupID: "g1", Text: "tea", Vector: []float32{1, 0}, Limit: 5},
		"negative limit": {GroupID: "g1", Text: "tea", Limit: -1},
	} {
		_, err := x.SearchHybrid(ctx, q)
		indexWantCode(t, what, err, groupmem.EINVALID)
	}
	if hits := hybridSearch(t, x, groupmem.HybridQuery{GroupID: "g1", Text: "tea", Vector: indexAxis(0), Limit: 0}); len(hits) != 0 {
		t.Errorf("limit 0: %v, want nothing", hybridIDs(hits))
	}
}

// The keyword side ranks by BM25 over the statements of the group's active
// memories, as keyword.Index scores them (IDF and average length within
// those statements), whatever the index holds of other groups or of the
// group's inactive versions: every backend gives the same scores, so the
// same ranking, on the same memories.
func testHybridKeywordsPerGroup(t *testing.T, x groupmem.Index) {
	g := "bm25-" + groupmem.NewID()[:8]
	active := []string{
		"members play badminton every friday evening at the sports hall",
		"the release happens on friday",
		"Ann drinks coffee every morning before stand-up",
		"most members are front-end developers working in React and TypeScript",
		"the group orders coffee and cake after badminton",
		"Bo prefers green tea to coffee",
		"周五晚上大家一起打羽毛球",
		"群里禁止讨论政治",
	}
	var mems []groupmem.Memory
	ref := keyword.NewIndex()
	for i, s := range active {
		m := hybridMemory(g, i, s, indexAngled(0.1*float64(i%5)))
		ref.Add(m.ID, s)
		mems = append(mems, m)
	}
	for i, s := range []string{"badminton badminton on friday", "coffee coffee coffee"} {
		old := hybridMemory(g, 20+i, s, indexAxis(2))
		old.Status = groupmem.StatusDeprecated
		mems = append(mems, old)
	}
	for i := range 30 {
		mems = append(mems, hybridMemory(g+"-crowd", i, []string{"badminton tournament", "coffee", "羽毛球比赛", "friday release"}[i%4], indexAxis(3)))
	}
	indexUpsert(t, x, mems...)
	for _, q := range []string{"badminton friday", "coffee", "周五 羽毛球", "React developers", "the tea"} {
		want := ref.Search(q, 50, nil)
		hits := hybridSearch(t, x, groupmem.HybridQuery{GroupID: g, Text: q, Limit: 10})
		if got, w := sortedIDs(hybridIDs(hits)), sortedIDs(scoredIDs(want)); !slices.Equal(got, w) {
			t.Errorf("keywords %q: %v, want the group's active memories sharing a term, %v", q, got, w)
			continue
		}
		for i, h := range hits {
			if h.Keyword == nil || *h.Keyword <= 0 || h.Score != *h.Keyword || i > 0 && h.Score > hits[i-1].Score {
				t.Errorf("keywords %q hit %d: %q scores %v (keyword part %v), want a positive BM25 score, best first", q, i, h.Memory.Statement, h.Score, h.Keyword)
			}
		}
		// BM25 within the group, as keyword.Index counts it, is the
		// in-process index's; Qdrant's IDF counts the whole collection
		// (README), so only the set and the order by its own scores are
		// held for every backend. The best match is the same on both here.
		if len(hits) > 0 && len(want) > 1 && want[0].Score > 1.2*want[1].Score && hits[0].Memory.ID != want[0].ID {
			t.Errorf("keywords %q: best %q, want %s, clearly best by BM25 within the group", q, hits[0].Memory.Statement, want[0].ID)
		}
	}
}

func sortedIDs(ids []string) []string {
	out := slices.Clone(ids)
	slices.Sort(out)
	return out
}

func scoredIDs(s []keyword.Scored) []string {
	out := make([]string, len(s))
	for i, x := range s {
		out[i] = x.ID
	}
	return out
}
