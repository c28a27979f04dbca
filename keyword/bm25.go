package keyword

import (
	"cmp"
	"container/heap"
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
	ids      []string // document number → id; "" once removed or replaced
	lengths  []int32  // document number → number of terms
	nums     map[string]int32
	postings map[string][]posting // term → the documents holding it, by number
	total    int64                // sum of the lengths of live documents
}

type posting struct {
	doc, tf int32
}

// NewIndex returns an empty index.
func NewIndex() *Index {
	return &Index{nums: map[string]int32{}, postings: map[string][]posting{}}
}

// Add indexes text under id, replacing what id held.
func (x *Index) Add(id, text string) {
	terms := Tokens(text)
	tf := map[string]int32{}
	for _, t := range terms {
		tf[t]++
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	x.remove(id)
	n := int32(len(x.ids))
	x.ids = append(x.ids, id)
	x.lengths = append(x.lengths, int32(len(terms)))
	x.nums[id] = n
	x.total += int64(len(terms))
	for t, f := range tf {
		x.postings[t] = append(x.postings[t], posting{n, f})
	}
}

// Remove drops id; an unknown id is ignored.
func (x *Index) Remove(id string) {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.remove(id)
}

// remove retires id's document number; its postings stay and are skipped.
func (x *Index) remove(id string) {
	n, ok := x.nums[id]
	if !ok {
		return
	}
	x.ids[n] = ""
	x.total -= int64(x.lengths[n])
	delete(x.nums, id)
}

// Len is the number of documents.
func (x *Index) Len() int {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return len(x.nums)
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
	n := float64(len(x.nums))
	if n == 0 || len(terms) == 0 || limit <= 0 {
		return nil
	}
	avg := float64(x.total) / n
	scores := make([]float64, len(x.ids))
	var touched []int32
	seen := map[string]bool{}
	for _, t := range terms {
		if seen[t] {
			continue // a repeated query term counts once
		}
		seen[t] = true
		ps := x.postings[t]
		df := 0
		for _, p := range ps {
			if x.ids[p.doc] != "" {
				df++
			}
		}
		if df == 0 {
			continue
		}
		idf := math.Log(1 + (n-float64(df)+0.5)/(float64(df)+0.5))
		for _, p := range ps {
			if x.ids[p.doc] == "" {
				continue
			}
			if scores[p.doc] == 0 {
				touched = append(touched, p.doc)
			}
			f := float64(p.tf)
			scores[p.doc] += idf * f * (k1 + 1) / (f + k1*(1-b+b*float64(x.lengths[p.doc])/avg))
		}
	}
	top := NewTop(limit)
	for _, d := range touched {
		if id := x.ids[d]; top.Admits(scores[d]) && (keep == nil || keep(id)) {
			top.Push(id, scores[d])
		}
	}
	return top.Sorted()
}

// Top keeps the best n of the scores pushed to it.
type Top struct {
	n int
	h scoredHeap
}

// NewTop returns a Top keeping n.
func NewTop(n int) *Top { return &Top{n: max(n, 0)} }

// Push offers id with score s.
func (t *Top) Push(id string, s float64) {
	if t.n == 0 {
		return
	}
	if len(t.h) < t.n {
		heap.Push(&t.h, Scored{id, s})
		return
	}
	if worse(t.h[0], Scored{id, s}) {
		t.h[0] = Scored{id, s}
		heap.Fix(&t.h, 0)
	}
}

// Admits reports whether a score s would be kept if pushed now (on an
// equal score, the id decides: Admits says yes).
func (t *Top) Admits(s float64) bool {
	return t.n > 0 && (len(t.h) < t.n || s >= t.h[0].Score)
}

// Sorted returns what was kept, best first (ties by id).
func (t *Top) Sorted() []Scored {
	out := slices.Clone([]Scored(t.h))
	slices.SortFunc(out, byScore)
	return out
}

func byScore(a, b Scored) int { return cmp.Or(cmp.Compare(b.Score, a.Score), cmp.Compare(a.ID, b.ID)) }

// worse reports whether a ranks below b.
func worse(a, b Scored) bool { return byScore(a, b) > 0 }

// scoredHeap is a min-heap: the worst kept score on top.
type scoredHeap []Scored

func (h scoredHeap) Len() int           { return len(h) }
func (h scoredHeap) Less(i, j int) bool { return worse(h[i], h[j]) }
func (h scoredHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *scoredHeap) Push(v any)        { *h = append(*h, v.(Scored)) }
func (h *scoredHeap) Pop() any {
	old := *h
	v := old[len(old)-1]
	*h = old[:len(old)-1]
	return v
}
