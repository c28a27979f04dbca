package hybrid_test

import (
	"slices"
	"testing"

	"github.com/groupmem/groupmem/hybrid"
	"github.com/groupmem/groupmem/keyword"
	"github.com/groupmem/groupmem/vector"
)

func ids(ss []keyword.Scored) []string {
	var out []string
	for _, s := range ss {
		out = append(out, s.ID)
	}
	return out
}

// A search by words, by meaning or by both: each side its own ranking,
// both fused by keyword.Combine, and every candidate's part on each side.
// A vector of another dimension than the first is not held; a removed
// document is found by neither side.
func TestSearch(t *testing.T) {
	x := hybrid.New()
	east, north := vector.Unit([]float32{1, 0}), vector.Unit([]float32{0, 1})
	x.PutText("tea", "Ann drinks green tea every morning")
	x.PutVector("tea", east)
	x.PutText("chess", "Bo plays chess on Sundays")
	x.PutVector("chess", north)
	x.PutVector("silent", vector.Unit([]float32{1, 0.1})) // no text: found by meaning only
	if p := x.PutVector("odd", []float32{1, 0, 0}); p != -1 {
		t.Errorf("a vector of another dimension was held at %d", p)
	}

	byWords, _ := x.Search(hybrid.Query{Text: "green tea", Words: true, N: 10})
	if !slices.Equal(ids(byWords), []string{"tea"}) {
		t.Errorf("by words = %v, want tea", ids(byWords))
	}
	byMeaning, _ := x.Search(hybrid.Query{Vector: east, Meaning: true, N: 10})
	if !slices.Equal(ids(byMeaning), []string{"tea", "silent"}) {
		t.Errorf("by meaning = %v, want tea then silent (chess is orthogonal)", ids(byMeaning))
	}
	both, sides := x.Search(hybrid.Query{Text: "green tea", Vector: east, Words: true, Meaning: true, N: 10})
	if len(both) == 0 || both[0].ID != "tea" {
		t.Fatalf("both sides = %v, want tea first", ids(both))
	}
	if w, s := sides.Of("tea"); w == nil || s == nil {
		t.Errorf("tea's parts = %v, %v; want both sides", w, s)
	}
	if w, s := sides.Of("silent"); w != nil || s == nil {
		t.Errorf("silent's parts = %v, %v; want meaning only", w, s)
	}
	notTea := func(id string) bool { return id != "tea" }
	if got, _ := x.Search(hybrid.Query{Text: "green tea", Words: true, N: 10, KeepID: notTea}); len(got) != 0 {
		t.Errorf("KeepID let through %v", ids(got))
	}
	x.Remove("tea")
	if got, _ := x.Search(hybrid.Query{Text: "green tea", Vector: east, Words: true, Meaning: true, N: 10}); slices.Contains(ids(got), "tea") {
		t.Errorf("a removed document is still found: %v", ids(got))
	}
}
