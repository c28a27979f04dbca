package qdranttest

import (
	"cmp"
	"math"
	"slices"

	"github.com/qdrant/go-client/qdrant"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// newNamedCollection checks a create request with named vectors: dense
// ones with a size and cosine or dot distance, and sparse ones with no
// setting but the modifier (none or IDF). See
// https://qdrant.tech/documentation/concepts/vectors/#named-vectors and
// https://qdrant.tech/documentation/concepts/vectors/#sparse-vectors.
func newNamedCollection(req *qdrant.CreateCollection) (*collection, error) {
	if req.GetVectorsConfig() != nil && req.GetVectorsConfig().GetParamsMap() == nil {
		return nil, unimplemented("an unnamed dense vector beside sparse vectors")
	}
	c := &collection{
		named:  map[string]*qdrant.VectorParams{},
		sparse: map[string]bool{},
		hnsw:   hnswConfig(req.HnswConfig),
		schema: make(map[string]*qdrant.PayloadSchemaInfo),
		points: make(map[string]*point),
	}
	for name, p := range req.GetVectorsConfig().GetParamsMap().GetMap() {
		if p.GetHnswConfig() != nil || p.GetQuantizationConfig() != nil || p.OnDisk != nil || p.Datatype != nil || p.GetMultivectorConfig() != nil {
			return nil, unimplemented("vector params other than size and distance")
		}
		if p.GetSize() < 1 || p.GetSize() > 65536 {
			return nil, status.Errorf(codes.InvalidArgument, "Validation error in body: [vectors_config.%s.size: value %d invalid, must be from 1 to 65536]", name, p.GetSize())
		}
		if d := p.GetDistance(); d != qdrant.Distance_Cosine && d != qdrant.Distance_Dot {
			return nil, unimplemented("distance " + d.String())
		}
		c.named[name] = &qdrant.VectorParams{Size: p.GetSize(), Distance: p.GetDistance()}
	}
	for name, p := range req.GetSparseVectorsConfig().GetMap() {
		if _, ok := c.named[name]; ok {
			return nil, status.Errorf(codes.InvalidArgument, "Wrong input: vector name %q is both dense and sparse", name)
		}
		if p.GetIndex() != nil {
			return nil, unimplemented("sparse index settings")
		}
		c.sparse[name] = p.GetModifier() == qdrant.Modifier_Idf
	}
	return c, nil
}

// vectorsConfig is the collection's dense vector configuration as Get
// reports it.
func (c *collection) vectorsConfig() *qdrant.VectorsConfig {
	if c.named == nil {
		return qdrant.NewVectorsConfig(&qdrant.VectorParams{Size: c.size, Distance: c.distance})
	}
	m := make(map[string]*qdrant.VectorParams, len(c.named))
	for name, p := range c.named {
		m[name] = &qdrant.VectorParams{Size: p.GetSize(), Distance: p.GetDistance()}
	}
	return qdrant.NewVectorsConfigMap(m)
}

// sparseConfig is the collection's sparse vector configuration, nil when
// it has none.
func (c *collection) sparseConfig() *qdrant.SparseVectorConfig {
	if len(c.sparse) == 0 {
		return nil
	}
	m := make(map[string]*qdrant.SparseVectorParams, len(c.sparse))
	for name, idf := range c.sparse {
		p := &qdrant.SparseVectorParams{}
		if idf {
			p.Modifier = qdrant.Modifier_Idf.Enum()
		}
		m[name] = p
	}
	return qdrant.NewSparseVectorsConfig(m)
}

// namedVectors checks a point's named vectors against the collection: each
// name must be configured, dense ones of their size, sparse ones with as
// many values as indices and no index twice. Like Qdrant, a point may leave
// a named vector out. Sparse vectors are stored with ascending indices.
func (c *collection) namedVectors(v map[string]*qdrant.Vector) (map[string][]float32, map[string]*qdrant.SparseVector, error) {
	if c.named == nil {
		return nil, nil, unimplemented("named vectors in a collection with an unnamed vector")
	}
	dense := map[string][]float32{}
	sparse := map[string]*qdrant.SparseVector{}
	for name, vec := range v {
		if _, ok := c.sparse[name]; ok {
			sv := vec.GetSparse()
			if sv == nil {
				return nil, nil, status.Errorf(codes.InvalidArgument, "Wrong input: Conversion between sparse and regular vectors failed for %q", name)
			}
			sorted, err := sortSparse(sv)
			if err != nil {
				return nil, nil, err
			}
			sparse[name] = sorted
			continue
		}
		p, ok := c.named[name]
		if !ok {
			return nil, nil, status.Errorf(codes.InvalidArgument, "Wrong input: Not existing vector name error: %s", name)
		}
		data := vec.GetDense().GetData()
		if vec.GetDense() == nil {
			data = vec.GetData()
		}
		if uint64(len(data)) != p.GetSize() {
			return nil, nil, status.Errorf(codes.InvalidArgument, "Wrong input: Vector dimension error: expected dim: %d, got %d", p.GetSize(), len(data))
		}
		if p.GetDistance() == qdrant.Distance_Cosine {
			dense[name] = normalize(data)
		} else {
			dense[name] = slices.Clone(data)
		}
	}
	return dense, sparse, nil
}

func sortSparse(sv *qdrant.SparseVector) (*qdrant.SparseVector, error) {
	if len(sv.GetIndices()) != len(sv.GetValues()) {
		return nil, status.Error(codes.InvalidArgument, "Wrong input: sparse vector indices and values differ in length")
	}
	order := make([]int, len(sv.GetIndices()))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return cmp.Compare(sv.GetIndices()[a], sv.GetIndices()[b]) })
	out := &qdrant.SparseVector{Indices: make([]uint32, len(order)), Values: make([]float32, len(order))}
	for i, j := range order {
		out.Indices[i], out.Values[i] = sv.GetIndices()[j], sv.GetValues()[j]
		if i > 0 && out.Indices[i] == out.Indices[i-1] {
			return nil, status.Error(codes.InvalidArgument, "Wrong input: sparse vector has duplicated indices")
		}
	}
	return out, nil
}

// nearest scores every point that match keeps against one nearest query on
// the vector named using ("" for the unnamed one); a point without that
// vector is not a candidate. Dense: the distance's similarity. Sparse: the
// dot product over shared indices, each query value multiplied by the
// index's IDF when the vector has the IDF modifier, ln((N − n + 0.5) / (n + 0.5) + 1) with N the points that hold
// the vector and n those whose vector holds the index
// (https://qdrant.tech/documentation/concepts/indexing/#idf-modifier);
// a point sharing no index is not found, as in Qdrant's sparse search.
// Scores not strictly above threshold (when set) are left out.
func (c *collection) nearest(in *qdrant.VectorInput, using string, match predicate, threshold *float32) ([]*qdrant.ScoredPoint, error) {
	var score func(p *point) (float32, bool)
	switch {
	case in.GetSparse() != nil:
		idf, ok := c.sparse[using]
		if !ok {
			return nil, status.Errorf(codes.InvalidArgument, "Wrong input: Not existing vector name error: %s", using)
		}
		q, err := sortSparse(in.GetSparse())
		if err != nil {
			return nil, err
		}
		weights := slices.Clone(q.Values)
		if idf {
			n, df := 0, make(map[uint32]int, len(q.Indices))
			for _, p := range c.points {
				if d := p.sparse[using]; d != nil {
					n++
					for _, i := range d.Indices {
						if _, ok := slices.BinarySearch(q.Indices, i); ok {
							df[i]++
						}
					}
				}
			}
			for k, i := range q.Indices {
				weights[k] *= float32(math.Log((float64(n-df[i])+0.5)/(float64(df[i])+0.5) + 1))
			}
		}
		score = func(p *point) (float32, bool) {
			d := p.sparse[using]
			if d == nil {
				return 0, false
			}
			var s float32
			shared := false
			for k, i := range q.Indices {
				if j, ok := slices.BinarySearch(d.Indices, i); ok {
					s += weights[k] * d.Values[j]
					shared = true
				}
			}
			return s, shared
		}
	case in.GetDense() != nil && using == "" && c.named == nil:
		q, err := c.prepare(in.GetDense().GetData())
		if err != nil {
			return nil, err
		}
		score = func(p *point) (float32, bool) {
			if len(p.vector) != len(q) {
				return 0, false
			}
			return dot(q, p.vector), true
		}
	case in.GetDense() != nil:
		params, ok := c.named[using]
		if !ok {
			return nil, status.Errorf(codes.InvalidArgument, "Wrong input: Not existing vector name error: %s", using)
		}
		data := in.GetDense().GetData()
		if uint64(len(data)) != params.GetSize() {
			return nil, status.Errorf(codes.InvalidArgument, "Wrong input: Vector dimension error: expected dim: %d, got %d", params.GetSize(), len(data))
		}
		if params.GetDistance() == qdrant.Distance_Cosine {
			data = normalize(data)
		}
		score = func(p *point) (float32, bool) {
			// A point may leave a named vector out: it is then no
			// candidate of a query on that vector, as in Qdrant.
			v, ok := p.named[using]
			if !ok || len(v) != len(data) {
				return 0, false
			}
			return dot(data, v), true
		}
	default:
		return nil, unimplemented("queries other than nearest to a dense or sparse vector")
	}
	var hits []*qdrant.ScoredPoint
	for _, p := range c.points {
		if !match(p.payload) {
			continue
		}
		s, ok := score(p)
		if !ok || threshold != nil && !(s > *threshold) {
			continue
		}
		hits = append(hits, &qdrant.ScoredPoint{Id: qdrant.NewIDUUID(p.id), Score: s})
	}
	sortScored(hits)
	return hits, nil
}

func sortScored(hits []*qdrant.ScoredPoint) {
	slices.SortFunc(hits, func(a, b *qdrant.ScoredPoint) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), cmp.Compare(a.Id.GetUuid(), b.Id.GetUuid()))
	})
}

// defaultRRFK is Qdrant's k of reciprocal rank fusion.
const defaultRRFK = 2

// fuseRRF fuses ranked lists as Qdrant's RRF does
// (https://qdrant.tech/documentation/concepts/hybrid-queries/#reciprocal-rank-fusion-rrf):
// a point scores the sum, over the lists that hold it, of 1 / (k + rank),
// rank counted from 0, k = 2 unless the query sets it.
func fuseRRF(lists [][]*qdrant.ScoredPoint, k uint32) []*qdrant.ScoredPoint {
	score := map[string]float64{}
	for _, l := range lists {
		for rank, h := range l {
			score[h.Id.GetUuid()] += 1 / float64(k+uint32(rank))
		}
	}
	out := make([]*qdrant.ScoredPoint, 0, len(score))
	for id, s := range score {
		out = append(out, &qdrant.ScoredPoint{Id: qdrant.NewIDUUID(id), Score: float32(s)})
	}
	sortScored(out)
	return out
}
