package keyword

import (
	"cmp"
	"slices"
)

// Weights of Combine. The keyword side leads: a BM25 match says the
// document holds the question's own words, while a cosine over static or
// hashed word vectors is a weaker, noisier signal. Dense similarity
// reorders keyword matches of similar strength and brings in documents
// that share no word with the query, but does not outvote a clear
// keyword match. Measured on the long-chat evaluation set (BENCHMARKS.md).
const (
	// KeywordWeight scales the saturated BM25 score, which lies in [0, 1).
	KeywordWeight = 1.0
	// SemanticWeight scales the cosine similarity above SemanticFloor,
	// rescaled to [0, 1].
	SemanticWeight = 0.6
	// Saturation is the BM25 score that counts as half a match: a score s
	// enters as s / (s + Saturation), so one rare shared word counts much,
	// and each further word less.
	Saturation = 6.0
	// SemanticFloor is the cosine similarity that counts as nothing:
	// unrelated chat lines are about this similar to any question.
	SemanticFloor = 0.2
)

// Combine fuses a keyword ranking (BM25 scores) and a semantic ranking
// (cosine similarities) of the same documents into one, best first. Each
// document scores
//
//	KeywordWeight·k/(k+Saturation) + SemanticWeight·max(0, c−SemanticFloor)/(1−SemanticFloor)
//
// for its BM25 score k and cosine c. A document missing from a side gets
// that side's least score when the side holds full entries (it was cut off
// there, so it scores no more than its last), else zero (it is not on that
// side at all). The scores are absolute, not ranks: the same documents
// score the same in any list, so rankings of different collections
// (memories, messages) for one query can be compared and merged. Ties go
// to the better keyword rank, then the better semantic rank, then the id.
// Every backend fuses with this function, so they rank alike given the
// same side scores.
func Combine(words, sems []Scored, full int) []Scored {
	kw, sm := sideScores(words), sideScores(sems)
	missingKW, missingSem := 0.0, 0.0
	if full > 0 && len(words) >= full {
		missingKW = words[len(words)-1].Score
	}
	if full > 0 && len(sems) >= full {
		missingSem = sems[len(sems)-1].Score
	}
	out := make([]Scored, 0, len(words)+len(sems))
	add := func(id string) {
		k, ok := kw[id]
		if !ok {
			k = missingKW
		}
		c, ok := sm[id]
		if !ok {
			c = missingSem
		}
		out = append(out, Scored{id, Blend(k, c)})
	}
	for _, s := range words {
		add(s.ID)
	}
	for _, s := range sems {
		if _, dup := kw[s.ID]; !dup {
			add(s.ID)
		}
	}
	kwRank, semRank := sideRanks(words), sideRanks(sems)
	rank := func(ranks map[string]int, id string) int {
		if r, ok := ranks[id]; ok {
			return r
		}
		return len(ranks)
	}
	slices.SortFunc(out, func(a, b Scored) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), cmp.Compare(rank(kwRank, a.ID), rank(kwRank, b.ID)),
			cmp.Compare(rank(semRank, a.ID), rank(semRank, b.ID)), cmp.Compare(a.ID, b.ID))
	})
	return out
}

// Blend is the fused score of a document with BM25 score k and cosine
// similarity c (see Combine). It is 0 for a document on neither side and
// below KeywordWeight+SemanticWeight for any.
func Blend(k, c float64) float64 {
	s := 0.0
	if k > 0 {
		s += KeywordWeight * k / (k + Saturation)
	}
	if c > SemanticFloor {
		s += SemanticWeight * (min(c, 1) - SemanticFloor) / (1 - SemanticFloor)
	}
	return s
}

func sideScores(side []Scored) map[string]float64 {
	out := make(map[string]float64, len(side))
	for _, s := range side {
		if _, dup := out[s.ID]; !dup {
			out[s.ID] = s.Score
		}
	}
	return out
}

func sideRanks(side []Scored) map[string]int {
	out := make(map[string]int, len(side))
	for i, s := range side {
		if _, dup := out[s.ID]; !dup {
			out[s.ID] = i
		}
	}
	return out
}

// Rank is the ranking of a search from its two sides: the keyword side
// alone, the semantic side alone, or, when both are used, the two fused
// by Combine (full: how many candidates each side was asked for).
func Rank(words, sems []Scored, useWords, useSems bool, full int) []Scored {
	switch {
	case useWords && useSems:
		return Combine(words, sems, full)
	case useSems:
		return sems
	}
	return words
}

// Sides holds each candidate's score on either side of a search, so that a
// hit can say what its fused score is made of.
type Sides struct {
	words, sems map[string]float64
}

// NewSides indexes the scores of the two sides' candidates.
func NewSides(words, sems []Scored) Sides {
	return Sides{words: sideScores(words), sems: sideScores(sems)}
}

// Of returns id's keyword and semantic scores, nil on a side that did not
// find it.
func (s Sides) Of(id string) (word, sem *float64) {
	if v, ok := s.words[id]; ok {
		word = &v
	}
	if v, ok := s.sems[id]; ok {
		sem = &v
	}
	return word, sem
}
