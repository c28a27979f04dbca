// Package vector is the vector arithmetic of the in-process indexes, the
// memory index (store/inmem) and the message index (msgsearch): unit
// vectors, their dot product, and Set, the unit vectors of one group's
// documents with an exact nearest-neighbour search. It imports only the
// keyword package, whose Top and Scored rank both sides of a search.
package vector

import (
	"math"

	"github.com/groupmem/groupmem/keyword"
)

// Unit returns v scaled to length 1, or nil for a vector that has no
// direction: all zeros, or holding a NaN or an infinity.
func Unit(v []float32) []float32 {
	var n float64
	for _, x := range v {
		n += float64(x) * float64(x)
	}
	if n == 0 || math.IsNaN(n) || math.IsInf(n, 0) {
		return nil
	}
	s := 1 / math.Sqrt(n)
	out := make([]float32, len(v))
	for i, x := range v {
		out[i] = float32(float64(x) * s)
	}
	return out
}

// Dot is the dot product of a and b (b at least as long as a), summed in
// eight lanes: for unit vectors, their cosine similarity.
func Dot(a, b []float32) float64 {
	b = b[:len(a)]
	var s0, s1, s2, s3, s4, s5, s6, s7 float32
	i := 0
	for ; i+8 <= len(a); i += 8 {
		x, y := a[i:i+8:i+8], b[i:i+8:i+8]
		s0 += x[0] * y[0]
		s1 += x[1] * y[1]
		s2 += x[2] * y[2]
		s3 += x[3] * y[3]
		s4 += x[4] * y[4]
		s5 += x[5] * y[5]
		s6 += x[6] * y[6]
		s7 += x[7] * y[7]
	}
	for ; i < len(a); i++ {
		s0 += a[i] * b[i]
	}
	return float64((s0 + s1) + (s2 + s3) + (s4 + s5) + (s6 + s7))
}

// Set holds unit vectors of one dimension by document id, one after
// another in one slice, each at a position that stays its own while the
// document is held. Putting an id again replaces its vector in place;
// removing one leaves a hole that Nearest skips, and the set packs itself
// when holes are half of it (positions then change). Not safe for
// concurrent use: its owner locks it.
type Set struct {
	dim   int
	ids   []string // by position; "" for a hole
	pos   map[string]int32
	vecs  []float32
	holes int
}

// NewSet returns an empty set of dim-dimensional vectors.
func NewSet(dim int) *Set { return &Set{dim: dim, pos: map[string]int32{}} }

// Put holds unit (of the set's dimension) as id's vector and returns its
// position; a nil unit removes id instead and returns -1.
func (s *Set) Put(id string, unit []float32) int32 {
	if unit == nil {
		s.Remove(id)
		return -1
	}
	if p, ok := s.pos[id]; ok {
		copy(s.vecs[int(p)*s.dim:], unit)
		return p
	}
	p := int32(len(s.ids))
	s.ids = append(s.ids, id)
	s.vecs = append(s.vecs, unit[:s.dim]...)
	s.pos[id] = p
	return p
}

// Remove lets go of id's vector, if held.
func (s *Set) Remove(id string) {
	p, ok := s.pos[id]
	if !ok {
		return
	}
	delete(s.pos, id)
	s.ids[p] = ""
	s.holes++
	if s.holes > 16 && 2*s.holes > len(s.ids) {
		s.pack()
	}
}

// pack drops the holes.
func (s *Set) pack() {
	ids, vecs := s.ids[:0], s.vecs[:0]
	for p, id := range s.ids {
		if id == "" {
			continue
		}
		s.pos[id] = int32(len(ids))
		ids = append(ids, id)
		vecs = append(vecs, s.vecs[p*s.dim:(p+1)*s.dim]...)
	}
	s.ids, s.vecs, s.holes = ids, vecs, 0
}

// Len is the number of positions, holes included.
func (s *Set) Len() int { return len(s.ids) }

// Nearest returns up to n ids whose vectors score above floor against q
// (a unit vector of the set's dimension), best first, ties by id; keep,
// when set, is asked first of each position (a few field comparisons
// before the dot product); at, when not nil, limits the search to those
// positions. A q of another dimension finds nothing.
func (s *Set) Nearest(q []float32, n int, floor float64, at []int32, keep func(pos int32) bool) []keyword.Scored {
	if len(q) != s.dim || n <= 0 {
		return nil
	}
	top := keyword.NewTop(n)
	try := func(p int32) {
		id := s.ids[p]
		if id == "" || (keep != nil && !keep(p)) {
			return
		}
		if c := Dot(q, s.vecs[int(p)*s.dim:]); c > floor && top.Admits(c) {
			top.Push(id, c)
		}
	}
	if at == nil {
		for p := range s.ids {
			try(int32(p))
		}
	}
	for _, p := range at {
		try(p)
	}
	return top.Sorted()
}

// Dim is the dimension of the set's vectors.
func (s *Set) Dim() int { return s.dim }

// ID is the document at position p ("" for a hole).
func (s *Set) ID(p int32) string { return s.ids[p] }
