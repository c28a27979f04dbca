package qdrant

import (
	"strings"
	"testing"
)

// The stored weight of a term gives its frequency back exactly, for any
// frequency a message can hold and any length.
func TestTermFreqInvertsTheStoredWeight(t *testing.T) {
	for _, length := range []int{1, 2, 7, 12, 40, 300, 4000, 16000} {
		for tf := 1; tf <= min(length, 500); tf++ {
			w := float64(tf) * (bm25K1 + 1) / (float64(tf) + bm25Norm(length))
			if got := termFreq(float32(w), length); got != int32(tf) {
				t.Fatalf("length %d: frequency %d stored as %v reads back as %d", length, tf, float32(w), got)
			}
		}
	}
	for _, v := range []float32{0, -1, bm25K1 + 1, 3} {
		if got := termFreq(v, 5); got != 0 {
			t.Errorf("termFreq(%v) = %d, want 0 for a weight sparseDoc never writes", v, got)
		}
	}
}

// sparseDoc counts a text's terms and weighs each by its frequency.
func TestSparseDocCountsTerms(t *testing.T) {
	idx, val, n := sparseDoc("Ann badminton badminton on friday")
	if n != 4 || len(idx) != 3 {
		t.Fatalf("sparseDoc = %d indices, %d terms; want 3 distinct of 4 (the stop word left out)", len(idx), n)
	}
	doc := bm25Doc{id: "m", length: n, idx: idx, val: val}
	if got := doc.freq(term("badminton")); got != 2 {
		t.Errorf("frequency of badminton = %d, want 2", got)
	}
	if _, _, n := sparseDoc(strings.Repeat("👍", 10)); n != 0 {
		t.Errorf("a line without words has %d terms", n)
	}
}
