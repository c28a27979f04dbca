package keyword

import (
	"cmp"
	"math"
	"slices"
	"sync"
)

// BM25 parameters (the usual ones).
const (
	k1 = 1.2
	b  = 0.75
)

// Index scores documents against a query with BM25 over Tokens. It is
// safe for concurrent use. Documents are identified by the caller's ids;
// adding an id again replaces its text.
type Index struct {
	mu       sync.RWMutex
	postings map[string]map[string]int32 // term → doc id → term frequency
	lengths  map[string]int32            // doc id → number of terms
	total    int64                       // sum of lengths
}

// NewIndex returns an empty index.
func NewIndex() *Index {
	return &Index{postings: map[string]map[string]int32{}, lengths: map[string]int32{}}
}

// Add indexes text under id, replacing what id held.
func (x *Index) Add(id, text string) {
	terms := Tokens(text)
	x.mu.Lock()
	defer x.mu.Unlock()
	x.remove(id)
	for _, t := range terms {
		p := x.postings[t]
		if p == nil {
			p = map[string]int32{}
			x.postings[t] = p
		}
		p[id]++
	}
	x.lengths[id] = int32(len(terms))
	x.total += int64(len(terms))
}

// Remove drops id; an unknown id is ignored.
func (x *Index) Remove(id string) {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.remove(id)
}

func (x *Index) remove(id string) {
	n, ok := x.lengths[id]
	if !ok {
		return
	}
	// Terms are not stored per document: walk the postings. Removal is
	// rare (redaction, purge); adding and searching stay cheap.
	for t, p := range x.postings {
		if _, ok := p[id]; ok {
			delete(p, id)
			if len(p) == 0 {
				delete(x.postings, t)
			}
		}
	}
	delete(x.lengths, id)
	x.total -= int64(n)
}

// Len is the number of documents.
func (x *Index) Len() int {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return len(x.lengths)
}

// Scored is a document id and its score.
type Scored struct {
	ID    string
	Score float64
}

// Search returns up to limit documents that share a term with query, best
// first (ties by id), scored by BM25 with IDF = ln(1 + (N - df + 0.5) /
// (df + 0.5)). keep, when not nil, restricts the result to the ids it
// accepts.
func (x *Index) Search(query string, limit int, keep func(id string) bool) []Scored {
	terms := Tokens(query)
	x.mu.RLock()
	defer x.mu.RUnlock()
	n := float64(len(x.lengths))
	if n == 0 || len(terms) == 0 || limit <= 0 {
		return nil
	}
	avg := float64(x.total) / n
	scores := map[string]float64{}
	seen := map[string]bool{}
	for _, t := range terms {
		if seen[t] {
			continue // a repeated query term counts once
		}
		seen[t] = true
		p := x.postings[t]
		if len(p) == 0 {
			continue
		}
		idf := math.Log(1 + (n-float64(len(p))+0.5)/(float64(len(p))+0.5))
		for id, tf := range p {
			if keep != nil && !keep(id) {
				continue
			}
			f := float64(tf)
			scores[id] += idf * f * (k1 + 1) / (f + k1*(1-b+b*float64(x.lengths[id])/avg))
		}
	}
	out := make([]Scored, 0, len(scores))
	for id, s := range scores {
		out = append(out, Scored{id, s})
	}
	slices.SortFunc(out, func(a, b Scored) int { return cmp.Or(cmp.Compare(b.Score, a.Score), cmp.Compare(a.ID, b.ID)) })
	return out[:min(limit, len(out))]
}

// RRFK is the rank constant of reciprocal rank fusion: a document at rank
// r (from 1) of a list adds 1 / (RRFK + r) to its fused score.
const RRFK = 60

// Fuse merges ranked lists of ids by reciprocal rank fusion and returns
// every id with its fused score, best first (ties by id).
func Fuse(lists ...[]string) []Scored {
	scores := map[string]float64{}
	for _, list := range lists {
		for i, id := range list {
			scores[id] += 1 / float64(RRFK+i+1)
		}
	}
	out := make([]Scored, 0, len(scores))
	for id, s := range scores {
		out = append(out, Scored{id, s})
	}
	slices.SortFunc(out, func(a, b Scored) int { return cmp.Or(cmp.Compare(b.Score, a.Score), cmp.Compare(a.ID, b.ID)) })
	return out
}
