package inmem

import (
	"cmp"
	"context"
	"math"
	"slices"
	"sync"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/keyword"
)

// Index is an exact-search, in-process implementation of groupmem.Index:
// every search compares the query with every memory of the group. It holds
// nothing on disk; rebuild it from the ledger at start (worker.Reindex).
// Safe for concurrent use.
type Index struct {
	dim    int
	mu     sync.RWMutex
	groups map[string]map[string]entry // group id → memory id → entry
	words  map[string]*keyword.Index   // group id → the statements of its active memories
}

type entry struct {
	mem  groupmem.Memory // with Embedding cleared
	unit []float32       // the embedding scaled to length 1 (nil for a zero vector)
}

var _ groupmem.Index = (*Index)(nil)

// NewIndex returns an empty index for vectors of dimension dim (> 0).
func NewIndex(dim int) (*Index, error) {
	if dim <= 0 {
		return nil, groupmem.Errorf(groupmem.EINVALID, "index dimension must be positive, got %d", dim)
	}
	return &Index{dim: dim, groups: map[string]map[string]entry{}, words: map[string]*keyword.Index{}}, nil
}

// Upsert implements groupmem.Index. A batch with one bad vector writes
// nothing (EINVALID). A redacted version (its statement groupmem.Redacted)
// is kept without its vector: nothing of the text it quoted stays, and no
// search finds it.
func (x *Index) Upsert(_ context.Context, mems []groupmem.Memory) error {
	entries := make([]entry, len(mems))
	for i, m := range mems {
		if len(m.Embedding) != x.dim {
			return groupmem.Errorf(groupmem.EINVALID, "memory %s has a %d-dimensional vector; the index holds %d", m.ID, len(m.Embedding), x.dim)
		}
		unit := normalize(m.Embedding)
		if m.Statement == groupmem.Redacted {
			unit = nil
		}
		m.Embedding = nil
		m.Tags = slices.Clone(m.Tags)
		m.Evidence = slices.Clone(m.Evidence)
		entries[i] = entry{mem: m, unit: unit}
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	for _, e := range entries {
		g := x.groups[e.mem.GroupID]
		if g == nil {
			g = map[string]entry{}
			x.groups[e.mem.GroupID] = g
		}
		g[e.mem.ID] = e
		w := x.words[e.mem.GroupID]
		if w == nil {
			w = keyword.NewIndex()
			x.words[e.mem.GroupID] = w
		}
		if e.mem.Status == groupmem.StatusActive && e.mem.Statement != groupmem.Redacted {
			w.Add(e.mem.ID, e.mem.Statement)
		} else {
			w.Remove(e.mem.ID)
		}
	}
	return nil
}

// List implements groupmem.Index: newest first by UpdatedAt, ties by
// ascending id, as the ledger orders them.
func (x *Index) List(_ context.Context, q groupmem.MemoryQuery) (groupmem.MemoryPage, error) {
	x.mu.RLock()
	var matched []groupmem.Memory
	for _, e := range x.groups[q.GroupID] {
		if q.Status == "" || e.mem.Status == q.Status {
			matched = append(matched, e.mem)
		}
	}
	x.mu.RUnlock()
	slices.SortFunc(matched, func(a, b groupmem.Memory) int {
		if c := b.UpdatedAt.Compare(a.UpdatedAt); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	page := groupmem.MemoryPage{Total: len(matched)}
	if q.Offset < len(matched) && q.Limit > 0 {
		page.Memories = cloneAll(matched[max(q.Offset, 0):min(max(q.Offset, 0)+q.Limit, len(matched))])
	}
	return page, nil
}

// Search implements groupmem.Index with exact cosine similarity.
func (x *Index) Search(_ context.Context, q groupmem.SearchQuery) ([]groupmem.Hit, error) {
	if len(q.Vector) != x.dim {
		return nil, groupmem.Errorf(groupmem.EINVALID, "query vector has %d dimensions; the index holds %d", len(q.Vector), x.dim)
	}
	query := normalize(q.Vector)
	if query == nil || q.Limit <= 0 {
		return nil, nil
	}
	x.mu.RLock()
	var hits []groupmem.Hit
	for _, e := range x.groups[q.GroupID] {
		if e.unit == nil || (q.Status != "" && e.mem.Status != q.Status) {
			continue
		}
		if score := dot(query, e.unit); score > q.Threshold {
			hits = append(hits, groupmem.Hit{Memory: e.mem, Score: score})
		}
	}
	x.mu.RUnlock()
	slices.SortFunc(hits, func(a, b groupmem.Hit) int {
		if c := cmp.Compare(b.Score, a.Score); c != 0 {
			return c
		}
		return cmp.Compare(a.Memory.ID, b.Memory.ID)
	})
	hits = hits[:min(len(hits), q.Limit)]
	for i := range hits {
		hits[i].Memory = clone(hits[i].Memory)
	}
	return hits, nil
}

// SearchHybrid implements groupmem.Index: BM25 over the statements of the
// group's active memories (IDF within the group) and exact cosine
// similarity, their scores fused by keyword.Combine.
func (x *Index) SearchHybrid(_ context.Context, q groupmem.HybridQuery) ([]groupmem.HybridHit, error) {
	if err := groupmem.CheckGroupID(q.GroupID); err != nil {
		return nil, err
	}
	if q.Vector != nil && len(q.Vector) != x.dim {
		return nil, groupmem.Errorf(groupmem.EINVALID, "query vector has %d dimensions; the index holds %d", len(q.Vector), x.dim)
	}
	if q.Limit < 0 {
		return nil, groupmem.Errorf(groupmem.EINVALID, "limit must not be negative")
	}
	n := max(q.Limit*groupmem.HybridCandidates, 50)
	x.mu.RLock()
	defer x.mu.RUnlock()
	g := x.groups[q.GroupID]
	var words []keyword.Scored
	if w := x.words[q.GroupID]; w != nil && q.Text != "" {
		words = w.Search(q.Text, n, nil)
	}
	var sems []groupmem.Hit
	if query := normalize(q.Vector); query != nil {
		cut := 0.0
		if q.Threshold != nil {
			cut = *q.Threshold
		}
		for _, e := range g {
			if e.unit == nil || e.mem.Status != groupmem.StatusActive {
				continue
			}
			if score := dot(query, e.unit); score > cut {
				sems = append(sems, groupmem.Hit{Memory: e.mem, Score: score})
			}
		}
		slices.SortFunc(sems, func(a, b groupmem.Hit) int {
			return cmp.Or(cmp.Compare(b.Score, a.Score), cmp.Compare(a.Memory.ID, b.Memory.ID))
		})
		sems = sems[:min(len(sems), n)]
	}
	return fuse(words, sems, n, q, func(id string) groupmem.Memory { return clone(g[id].mem) }), nil
}

// fuse ranks the two sides' candidates as groupmem.Index.SearchHybrid
// says and returns the best q.Limit; full is how many candidates each
// side was asked for.
func fuse(words []keyword.Scored, sems []groupmem.Hit, full int, q groupmem.HybridQuery, mem func(id string) groupmem.Memory) []groupmem.HybridHit {
	semScore := make(map[string]float64, len(sems))
	semSide := make([]keyword.Scored, len(sems))
	for i, h := range sems {
		semScore[h.Memory.ID], semSide[i] = h.Score, keyword.Scored{ID: h.Memory.ID, Score: h.Score}
	}
	wordScore := make(map[string]float64, len(words))
	for _, w := range words {
		wordScore[w.ID] = w.Score
	}
	var ranked []keyword.Scored
	switch {
	case q.Vector == nil:
		ranked = words
	case q.Text == "":
		ranked = make([]keyword.Scored, len(sems))
		for i, h := range sems {
			ranked[i] = keyword.Scored{ID: h.Memory.ID, Score: h.Score}
		}
	default:
		ranked = keyword.Combine(words, semSide, full)
	}
	out := make([]groupmem.HybridHit, 0, min(q.Limit, len(ranked)))
	for _, r := range ranked {
		if len(out) == q.Limit {
			break
		}
		sem, similar := semScore[r.ID]
		if q.Threshold != nil && !similar {
			continue // a threshold cuts what is not similar enough, whatever its keywords
		}
		hit := groupmem.HybridHit{Memory: mem(r.ID), Score: r.Score}
		if similar {
			hit.Semantic = &sem
		}
		if v, ok := wordScore[r.ID]; ok {
			hit.Keyword = &v
		}
		out = append(out, hit)
	}
	return out
}

// DeleteGroup implements groupmem.Index.
func (x *Index) DeleteGroup(_ context.Context, groupID string) error {
	x.mu.Lock()
	delete(x.groups, groupID)
	delete(x.words, groupID)
	x.mu.Unlock()
	return nil
}

// Delete implements groupmem.Index.
func (x *Index) Delete(_ context.Context, groupID string, ids []string) error {
	x.mu.Lock()
	defer x.mu.Unlock()
	for _, id := range ids {
		delete(x.groups[groupID], id)
		if w := x.words[groupID]; w != nil {
			w.Remove(id)
		}
	}
	return nil
}

// Reset implements groupmem.Index.
func (x *Index) Reset(context.Context) error {
	x.mu.Lock()
	x.groups = map[string]map[string]entry{}
	x.words = map[string]*keyword.Index{}
	x.mu.Unlock()
	return nil
}

// normalize returns v scaled to unit length, or nil for the zero vector.
func normalize(v []float32) []float32 {
	var sum float64
	for _, f := range v {
		sum += float64(f) * float64(f)
	}
	if sum == 0 || math.IsNaN(sum) || math.IsInf(sum, 0) {
		return nil
	}
	n := 1 / math.Sqrt(sum)
	out := make([]float32, len(v))
	for i, f := range v {
		out[i] = float32(float64(f) * n)
	}
	return out
}

func dot(a, b []float32) float64 {
	var s float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}

func clone(m groupmem.Memory) groupmem.Memory {
	m.Tags = slices.Clone(m.Tags)
	m.Evidence = slices.Clone(m.Evidence)
	return m
}

func cloneAll(ms []groupmem.Memory) []groupmem.Memory {
	out := make([]groupmem.Memory, len(ms))
	for i, m := range ms {
		out[i] = clone(m)
	}
	return out
}
