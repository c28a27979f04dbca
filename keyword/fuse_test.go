package keyword

import (
	"math"
	"slices"
	"testing"
)

func ids(s []Scored) []string {
	out := make([]string, len(s))
	for i, x := range s {
		out[i] = x.ID
	}
	return out
}

// A clear keyword match stays ahead of a document that is only similar;
// similarity decides between keyword matches of equal strength; a
// document on both sides scores the sum of its parts.
func TestCombine(t *testing.T) {
	words := []Scored{{"strong", 9}, {"weak-a", 2}, {"weak-b", 2}}
	sems := []Scored{{"similar", 0.9}, {"weak-b", 0.4}, {"strong", 0.3}}
	got := Combine(words, sems, 0)
	if want := []string{"strong", "similar", "weak-b", "weak-a"}; !slices.Equal(ids(got), want) {
		t.Fatalf("Combine = %v, want %v", got, want)
	}
	if want := Blend(9, 0.3); math.Abs(got[0].Score-want) > 1e-12 {
		t.Errorf("strong scores %v, want %v", got[0].Score, want)
	}
	if got := Blend(0, 0); got != 0 {
		t.Errorf("Blend(0, 0) = %v, want 0", got)
	}
	if Blend(1e9, 1) >= KeywordWeight+SemanticWeight {
		t.Errorf("Blend is not bounded by the sum of the weights")
	}
}

// Scores are absolute: the same document scores the same whatever else
// its lists hold, so two lists for one query can be merged.
func TestCombineIsAbsolute(t *testing.T) {
	a := Combine([]Scored{{"x", 4}}, []Scored{{"x", 0.5}}, 0)
	b := Combine([]Scored{{"y", 12}, {"x", 4}}, []Scored{{"z", 0.99}, {"x", 0.5}}, 0)
	var bx float64
	for _, s := range b {
		if s.ID == "x" {
			bx = s.Score
		}
	}
	if a[0].Score != bx {
		t.Errorf("x scores %v alone and %v among others", a[0].Score, bx)
	}
}

// A document cut off from a full side scores that side's least score
// there; from a side that was not full, nothing.
func TestCombineMissingParts(t *testing.T) {
	words := []Scored{{"a", 5}, {"b", 3}}
	sems := []Scored{{"c", 0.8}, {"d", 0.7}}
	full := Combine(words, sems, 2)
	open := Combine(words, sems, 3)
	score := func(s []Scored, id string) float64 {
		for _, x := range s {
			if x.ID == id {
				return x.Score
			}
		}
		return -1
	}
	if got, want := score(full, "a"), Blend(5, 0.7); got != want {
		t.Errorf("full sides: a = %v, want %v", got, want)
	}
	if got, want := score(full, "c"), Blend(3, 0.8); got != want {
		t.Errorf("full sides: c = %v, want %v", got, want)
	}
	if got, want := score(open, "a"), Blend(5, 0); got != want {
		t.Errorf("open sides: a = %v, want %v", got, want)
	}
}

// Equal scores go to the better keyword rank, whatever the ids.
func TestCombineTiesFollowKeywords(t *testing.T) {
	got := Combine([]Scored{{"z", 3}, {"a", 3}}, nil, 0)
	if !slices.Equal(ids(got), []string{"z", "a"}) {
		t.Errorf("Combine = %v, want z first on a tie", got)
	}
	got = Combine([]Scored{{"z", 3}}, []Scored{{"a", 0.9}, {"z", 0.9}}, 0)
	if got[0].ID != "z" {
		t.Errorf("Combine = %v, want z (both sides) first", got)
	}
}
