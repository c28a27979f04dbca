package qdranttest

import (
	"fmt"
	"slices"
	"strings"

	"github.com/google/uuid"
	"github.com/qdrant/go-client/qdrant"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/groupmem/groupmem/vector"
)

// predicate reports whether a payload matches a filter.
type predicate func(payload map[string]*qdrant.Value) bool

func matchAll(map[string]*qdrant.Value) bool { return true }

// compileFilter turns a filter into a predicate, or reports what in it the
// server does not model. A point matches when it matches every must
// condition, no must_not condition, and, if there are should conditions, at
// least one of them. A nil filter matches every point.
func compileFilter(f *qdrant.Filter) (predicate, error) {
	if f == nil {
		return matchAll, nil
	}
	if f.MinShould != nil {
		return nil, unimplemented("filter min_should")
	}
	must, err := compileConditions(f.Must)
	if err != nil {
		return nil, err
	}
	should, err := compileConditions(f.Should)
	if err != nil {
		return nil, err
	}
	mustNot, err := compileConditions(f.MustNot)
	if err != nil {
		return nil, err
	}
	return func(p map[string]*qdrant.Value) bool {
		for _, c := range must {
			if !c(p) {
				return false
			}
		}
		for _, c := range mustNot {
			if c(p) {
				return false
			}
		}
		if len(should) == 0 {
			return true
		}
		for _, c := range should {
			if c(p) {
				return true
			}
		}
		return false
	}, nil
}

func compileConditions(conds []*qdrant.Condition) ([]predicate, error) {
	out := make([]predicate, 0, len(conds))
	for _, c := range conds {
		var (
			p   predicate
			err error
		)
		switch c := c.GetConditionOneOf().(type) {
		case *qdrant.Condition_Filter:
			p, err = compileFilter(c.Filter)
		case *qdrant.Condition_Field:
			p, err = compileField(c.Field)
		case *qdrant.Condition_IsEmpty:
			p, err = compileIsEmpty(c.IsEmpty.GetKey())
		case nil:
			err = status.Error(codes.InvalidArgument, "Wrong input: empty filter condition")
		default:
			err = unimplemented(fmt.Sprintf("filter condition %T", c))
		}
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// compileField supports keyword matches (one keyword, or any of several)
// and numeric ranges on a top-level payload key. Like Qdrant, a keyword
// matches a string value equal to it, or a list that holds such a string;
// a range matches a number within every bound it sets
// (https://qdrant.tech/documentation/concepts/filtering/#range).
func compileField(fc *qdrant.FieldCondition) (predicate, error) {
	if fc.GetRange() != nil && fc.GetMatch() == nil && !strings.ContainsAny(fc.GetKey(), ".[") {
		return compileRange(fc.GetKey(), fc.GetRange()), nil
	}
	switch {
	case fc.GetRange() != nil, fc.GetGeoBoundingBox() != nil, fc.GetGeoRadius() != nil, fc.GetValuesCount() != nil,
		fc.GetGeoPolygon() != nil, fc.GetDatetimeRange() != nil, fc.IsEmpty != nil, fc.IsNull != nil:
		return nil, unimplemented("field conditions other than match")
	case strings.ContainsAny(fc.GetKey(), ".["):
		return nil, unimplemented("nested payload keys")
	case fc.GetMatch() == nil:
		return nil, status.Error(codes.InvalidArgument, "Wrong input: field condition without a match")
	}
	var want []string
	switch m := fc.GetMatch().GetMatchValue().(type) {
	case *qdrant.Match_Keyword:
		want = []string{m.Keyword}
	case *qdrant.Match_Keywords:
		want = m.Keywords.GetStrings()
	default:
		return nil, unimplemented(fmt.Sprintf("match %T", m))
	}
	key := fc.GetKey()
	return func(p map[string]*qdrant.Value) bool {
		v := p[key]
		if list := v.GetListValue(); list != nil {
			return slices.ContainsFunc(list.GetValues(), func(e *qdrant.Value) bool { return isKeyword(e, want) })
		}
		return isKeyword(v, want)
	}, nil
}

// compileIsEmpty matches, as Qdrant's is_empty does
// (https://qdrant.tech/documentation/concepts/filtering/#is-empty), a point
// whose key is missing, null or an empty list.
func compileIsEmpty(key string) (predicate, error) {
	if strings.ContainsAny(key, ".[") {
		return nil, unimplemented("nested payload keys")
	}
	return func(p map[string]*qdrant.Value) bool {
		switch v := p[key].GetKind().(type) {
		case nil, *qdrant.Value_NullValue:
			return true
		case *qdrant.Value_ListValue:
			return len(v.ListValue.GetValues()) == 0
		}
		return false
	}, nil
}

func isKeyword(v *qdrant.Value, want []string) bool {
	s, ok := v.GetKind().(*qdrant.Value_StringValue)
	return ok && slices.Contains(want, s.StringValue)
}

// payloadMode says which payload keys a response carries.
type payloadMode int

const (
	payloadNone    payloadMode = iota // no payload
	payloadAll                        // every key
	payloadInclude                    // only the listed keys
	payloadExclude                    // all but the listed keys
)

// selectors says what of a point a response carries.
type selectors struct {
	mode    payloadMode
	keys    []string // the listed keys
	vectors bool
	names   []string // with vectors: only these named vectors (nil: all)
}

// compileSelectors reads with_payload and with_vectors. Absent means none,
// as in Qdrant's Get and Query.
func compileSelectors(wp *qdrant.WithPayloadSelector, wv *qdrant.WithVectorsSelector) (selectors, error) {
	var s selectors
	switch o := wp.GetSelectorOptions().(type) {
	case *qdrant.WithPayloadSelector_Enable:
		if o.Enable {
			s.mode = payloadAll
		}
	case *qdrant.WithPayloadSelector_Include:
		s.mode, s.keys = payloadInclude, o.Include.GetFields()
	case *qdrant.WithPayloadSelector_Exclude:
		s.mode, s.keys = payloadExclude, o.Exclude.GetFields()
	}
	if slices.ContainsFunc(s.keys, func(k string) bool { return strings.ContainsAny(k, ".[") }) {
		return s, unimplemented("nested payload keys in with_payload")
	}
	switch o := wv.GetSelectorOptions().(type) {
	case nil:
	case *qdrant.WithVectorsSelector_Enable:
		s.vectors = o.Enable
	case *qdrant.WithVectorsSelector_Include:
		s.vectors, s.names = true, slices.Clone(o.Include.GetNames())
	}
	return s, nil
}

// apply returns what of p a response carries: the vectors as stored
// (normalised for cosine), the named ones a point holds among those
// selected, and the payload keys selected.
func (s selectors) apply(p *point) (map[string]*qdrant.Value, *qdrant.VectorsOutput) {
	var vectors *qdrant.VectorsOutput
	switch {
	case !s.vectors:
	case p.named == nil && p.sparse == nil:
		vectors = &qdrant.VectorsOutput{VectorsOptions: &qdrant.VectorsOutput_Vector{
			Vector: &qdrant.VectorOutput{Vector: &qdrant.VectorOutput_Dense{Dense: &qdrant.DenseVector{Data: p.vector}}},
		}}
	default:
		vectors = &qdrant.VectorsOutput{VectorsOptions: &qdrant.VectorsOutput_Vectors{Vectors: s.named(p)}}
	}
	switch s.mode {
	case payloadNone:
		return nil, vectors
	case payloadAll:
		return p.payload, vectors
	}
	out := make(map[string]*qdrant.Value)
	for k, v := range p.payload {
		if slices.Contains(s.keys, k) == (s.mode == payloadInclude) {
			out[k] = v
		}
	}
	return out, vectors
}

// named returns the named vectors of p that s selects.
func (s selectors) named(p *point) *qdrant.NamedVectorsOutput {
	out := &qdrant.NamedVectorsOutput{Vectors: map[string]*qdrant.VectorOutput{}}
	wanted := func(name string) bool { return s.names == nil || slices.Contains(s.names, name) }
	for name, v := range p.named {
		if wanted(name) {
			out.Vectors[name] = &qdrant.VectorOutput{Vector: &qdrant.VectorOutput_Dense{Dense: &qdrant.DenseVector{Data: v}}}
		}
	}
	for name, v := range p.sparse {
		if wanted(name) {
			out.Vectors[name] = &qdrant.VectorOutput{Vector: &qdrant.VectorOutput_Sparse{Sparse: v}}
		}
	}
	return out
}

// pointKey returns the canonical form of a UUID point id. Its string order
// is Qdrant's id order for UUIDs.
func pointKey(id *qdrant.PointId) (string, error) {
	switch o := id.GetPointIdOptions().(type) {
	case *qdrant.PointId_Uuid:
		u, err := uuid.Parse(o.Uuid)
		if err != nil {
			return "", status.Errorf(codes.InvalidArgument, "Unable to parse UUID: %s", o.Uuid)
		}
		return u.String(), nil
	case *qdrant.PointId_Num:
		return "", unimplemented("numeric point ids")
	}
	return "", status.Error(codes.InvalidArgument, "Wrong input: point id is missing")
}

// normalize scales v to unit length as Qdrant does for the cosine
// distance; a vector without direction stays as it is.
func normalize(v []float32) []float32 {
	if u := vector.Unit(v); u != nil {
		return u
	}
	return slices.Clone(v)
}

func dot(a, b []float32) float32 { return float32(vector.Dot(a, b)) }

// compileRange matches a number (integer or double) within r's bounds.
func compileRange(key string, r *qdrant.Range) predicate {
	return func(p map[string]*qdrant.Value) bool {
		var x float64
		switch v := p[key].GetKind().(type) {
		case *qdrant.Value_IntegerValue:
			x = float64(v.IntegerValue)
		case *qdrant.Value_DoubleValue:
			x = v.DoubleValue
		default:
			return false
		}
		return (r.Lt == nil || x < r.GetLt()) && (r.Gt == nil || x > r.GetGt()) &&
			(r.Lte == nil || x <= r.GetLte()) && (r.Gte == nil || x >= r.GetGte())
	}
}
