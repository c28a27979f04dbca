package vector_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/groupmem/groupmem/keyword"
	"github.com/groupmem/groupmem/vector"
)

func TestUnit(t *testing.T) {
	u := vector.Unit([]float32{3, 4})
	if math.Abs(float64(u[0])-0.6) > 1e-6 || math.Abs(float64(u[1])-0.8) > 1e-6 {
		t.Errorf("Unit(3, 4) = %v, want (0.6, 0.8)", u)
	}
	nan := float32(math.NaN())
	for _, v := range [][]float32{nil, {0, 0}, {nan, 1}, {float32(math.Inf(1)), 0}} {
		if u := vector.Unit(v); u != nil {
			t.Errorf("Unit(%v) = %v, want nil: it has no direction", v, u)
		}
	}
}

// Dot sums in lanes but agrees with the plain sum, whatever the length.
func TestDot(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 7, 8, 9, 100, 384} {
		a, b := make([]float32, n), make([]float32, n)
		var want float64
		for i := range a {
			a[i], b[i] = r.Float32()-0.5, r.Float32()-0.5
			want += float64(a[i]) * float64(b[i])
		}
		if got := vector.Dot(a, b); math.Abs(got-want) > 1e-4 {
			t.Errorf("Dot of %d dimensions = %v, want %v", n, got, want)
		}
	}
}

// A set finds the nearest above the floor, best first with ties by id,
// among the positions asked and those keep accepts; a replaced vector is
// found as it is now, a removed one never, also after the set packed.
func TestSetNearest(t *testing.T) {
	s := vector.NewSet(2)
	east, north, west := vector.Unit([]float32{1, 0}), vector.Unit([]float32{0, 1}), vector.Unit([]float32{-1, 0})
	ne := vector.Unit([]float32{1, 1})
	s.Put("a", east)
	s.Put("b", ne)
	s.Put("c", north)
	s.Put("d", west)
	s.Put("e", east) // a tie with a
	ids := func(got []keyword.Scored) []string {
		var out []string
		for _, g := range got {
			out = append(out, g.ID)
		}
		return out
	}
	if got := ids(s.Nearest(east, 10, 0, nil, nil)); !slices.Equal(got, []string{"a", "e", "b"}) {
		t.Errorf("nearest to east = %v, want a, e (tied), b; c is at 0 and d opposite", got)
	}
	if got := ids(s.Nearest(east, 1, 0, nil, nil)); !slices.Equal(got, []string{"a"}) {
		t.Errorf("the one nearest to east = %v, want a", got)
	}
	if got := ids(s.Nearest(east, 10, 0.9, nil, nil)); !slices.Equal(got, []string{"a", "e"}) {
		t.Errorf("above 0.9 = %v, want a, e", got)
	}
	if got := ids(s.Nearest(east, 10, 0, []int32{1, 4}, nil)); !slices.Equal(got, []string{"e", "b"}) {
		t.Errorf("among positions 1 and 4 = %v, want e, b", got)
	}
	notA := func(p int32) bool { return s.ID(p) != "a" }
	if got := ids(s.Nearest(east, 10, 0, nil, notA)); !slices.Equal(got, []string{"e", "b"}) {
		t.Errorf("without a = %v, want e, b", got)
	}
	s.Put("a", west) // replaced in place
	s.Remove("e")
	if got := ids(s.Nearest(east, 10, 0, nil, nil)); !slices.Equal(got, []string{"b"}) {
		t.Errorf("after a turned west and e went: %v, want b", got)
	}
	if got := s.Nearest([]float32{1, 0, 0}, 10, 0, nil, nil); got != nil {
		t.Errorf("a query of another dimension found %v", got)
	}
	// Many removals pack the set; what is left is found as before.
	for i := range 40 {
		s.Put(fmt.Sprint("x", i), north)
	}
	for i := range 40 {
		s.Remove(fmt.Sprint("x", i))
	}
	if s.Len() >= 45 {
		t.Errorf("the set holds %d positions after 40 of 44 went; want it packed", s.Len())
	}
	if got := ids(s.Nearest(north, 10, 0, nil, nil)); !slices.Equal(got, []string{"c", "b"}) {
		t.Errorf("nearest to north after packing = %v, want c, b", got)
	}
}
