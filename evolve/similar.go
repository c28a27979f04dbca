package evolve

import (
	"slices"
	"unicode"
)

// grams returns the distinct character bigrams of the letters and digits
// of s, lower-cased, sorted. Spaces and punctuation are ignored, so "每周五
// 晚上，聊新番" and "每周五晚上聊新番" have the same grams, and the measure
// works alike for Chinese (where a bigram is two characters) and Latin
// text. A statement with a single letter or digit has that one as its gram;
// one with none has no grams.
func grams(s string) []uint64 {
	var runes []rune
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			runes = append(runes, unicode.ToLower(r))
		}
	}
	switch len(runes) {
	case 0:
		return nil
	case 1:
		return []uint64{uint64(runes[0]) << 32}
	}
	g := make([]uint64, len(runes)-1)
	for i := range g {
		g[i] = uint64(runes[i])<<32 | uint64(runes[i+1])
	}
	slices.Sort(g)
	return slices.Compact(g)
}

// gramIndex finds, among the statements added to it, the one most similar
// to a query without comparing against each: it counts shared grams
// through an inverted index.
type gramIndex struct {
	sizes    []int            // gram count of each statement, by position
	postings map[uint64][]int // gram -> positions holding it
	shared   []int            // scratch: shared grams per position
}

func newGramIndex() *gramIndex {
	return &gramIndex{postings: map[uint64][]int{}}
}

// add indexes a statement's grams and returns its position.
func (x *gramIndex) add(g []uint64) int {
	pos := len(x.sizes)
	x.sizes = append(x.sizes, len(g))
	for _, k := range g {
		x.postings[k] = append(x.postings[k], pos)
	}
	return pos
}

// best returns the position of the indexed statement most similar to g
// among those ok admits (nil: all), and its Dice coefficient, or -1 when
// none shares a gram. Ties go to the earliest position.
func (x *gramIndex) best(g []uint64, ok func(pos int) bool) (int, float64) {
	if len(g) == 0 {
		return -1, 0
	}
	x.shared = slices.Grow(x.shared[:0], len(x.sizes))[:len(x.sizes)]
	clear(x.shared)
	for _, k := range g {
		for _, pos := range x.postings[k] {
			x.shared[pos]++
		}
	}
	bestPos, bestScore := -1, 0.0
	for pos, n := range x.shared {
		if n == 0 || ok != nil && !ok(pos) {
			continue
		}
		if score := 2 * float64(n) / float64(len(g)+x.sizes[pos]); score > bestScore {
			bestPos, bestScore = pos, score
		}
	}
	return bestPos, bestScore
}

// Similarity is the measure of Config.NearDuplicate: the Dice coefficient
// of the character bigrams of a and b (see grams), 0 when either has none.
// An evolver that words its own statements uses it to see beforehand which
// of its creates this package would take for a near-duplicate.
func Similarity(a, b string) float64 {
	ga, gb := grams(a), grams(b)
	if len(ga) == 0 || len(gb) == 0 {
		return 0
	}
	shared := 0
	for i, j := 0, 0; i < len(ga) && j < len(gb); {
		switch {
		case ga[i] == gb[j]:
			shared++
			i++
			j++
		case ga[i] < gb[j]:
			i++
		default:
			j++
		}
	}
	return 2 * float64(shared) / float64(len(ga)+len(gb))
}
