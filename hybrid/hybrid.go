// Package hybrid is the in-process hybrid index of one group's documents:
// BM25 over their text (package keyword) and exact cosine similarity over
// their unit vectors (package vector), the two sides fused by
// keyword.Combine. The memory index of the embedded default (store/inmem)
// and the message index (msgsearch) each keep one per group; what differs
// between them (which documents carry text, which statuses or senders a
// search keeps) is theirs, the search is this package's.
package hybrid

import (
	"github.com/groupmem/groupmem/keyword"
	"github.com/groupmem/groupmem/vector"
)

// Index is one group's documents, by id: the text of those a keyword
// search may find and the unit vectors of those a semantic one may. Its
// vectors all have the dimension of the first one put. Not safe for
// concurrent use: its owner locks it.
type Index struct {
	words *keyword.Index
	vecs  *vector.Set // nil before the first vector
}

// New returns an empty index.
func New() *Index { return &Index{words: keyword.NewIndex()} }

// PutText makes id findable by the words of text, replacing what it had.
func (x *Index) PutText(id, text string) { x.words.Add(id, text) }

// RemoveText makes id no longer findable by words.
func (x *Index) RemoveText(id string) { x.words.Remove(id) }

// PutVector holds unit as id's vector and returns its position; a nil
// unit, or one of another dimension than the index's, removes id's
// vector instead and returns -1.
func (x *Index) PutVector(id string, unit []float32) int32 {
	if x.vecs == nil && unit != nil {
		x.vecs = vector.NewSet(len(unit))
	}
	if x.vecs == nil {
		return -1
	}
	if unit != nil && len(unit) != x.vecs.Dim() {
		unit = nil
	}
	return x.vecs.Put(id, unit)
}

// Remove lets go of id's text and vector.
func (x *Index) Remove(id string) {
	x.words.Remove(id)
	if x.vecs != nil {
		x.vecs.Remove(id)
	}
}

// ID is the document whose vector is at position p.
func (x *Index) ID(p int32) string { return x.vecs.ID(p) }

// Query is one search of an Index.
type Query struct {
	Text   string    // searched by words when Words is set
	Vector []float32 // a unit vector, searched by meaning when Meaning is set; nil finds nothing
	// Words and Meaning choose the sides: both are fused, one alone is
	// its own ranking.
	Words, Meaning bool
	// N is how many candidates each side may bring; Floor the cosine a
	// semantic candidate must exceed.
	N     int
	Floor float64
	// KeepID limits the keyword side, KeepPos (asked before the dot
	// product) and At (vector positions) the semantic side; nil keeps all.
	KeepID  func(id string) bool
	KeepPos func(p int32) bool
	At      []int32
}

// Search returns the candidates of q ranked (best first, ties by id), and
// each candidate's score on either side.
func (x *Index) Search(q Query) ([]keyword.Scored, keyword.Sides) {
	var words, sems []keyword.Scored
	if q.Words && q.Text != "" {
		words = x.words.Search(q.Text, q.N, q.KeepID)
	}
	if q.Meaning && q.Vector != nil && x.vecs != nil {
		sems = x.vecs.Nearest(q.Vector, q.N, q.Floor, q.At, q.KeepPos)
	}
	return keyword.Rank(words, sems, q.Words, q.Meaning, q.N), keyword.NewSides(words, sems)
}
