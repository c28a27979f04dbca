package inmem

import (
	"cmp"
	"context"
	"slices"
	"sync"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/hybrid"
	"github.com/groupmem/groupmem/vector"
)

// Index is an exact-search, in-process implementation of groupmem.Index:
// every search compares the query with every memory of the group. It holds
// nothing on disk; rebuild it from the ledger at start (worker.Reindex).
// Safe for concurrent use.
type Index struct {
	dim    int
	mu     sync.RWMutex
	groups map[string]*group
}

// group is what the index holds of one group: every version without its
// embedding, the statements of the active ones for keywords, and the unit
// vectors of those with a direction (a redacted version has none).
type group struct {
	mems map[string]groupmem.Memory // by id, Embedding cleared
	hx   *hybrid.Index
}

var _ groupmem.Index = (*Index)(nil)

// NewIndex returns an empty index for vectors of dimension dim (> 0).
func NewIndex(dim int) (*Index, error) {
	if dim <= 0 {
		return nil, groupmem.Errorf(groupmem.EINVALID, "index dimension must be positive, got %d", dim)
	}
	return &Index{dim: dim, groups: map[string]*group{}}, nil
}

// Upsert implements groupmem.Index. A batch with one bad vector writes
// nothing (EINVALID). A redacted version (its statement groupmem.Redacted)
// is kept without its vector: nothing of the text it quoted stays, and no
// search finds it.
func (x *Index) Upsert(_ context.Context, mems []groupmem.Memory) error {
	units := make([][]float32, len(mems))
	kept := make([]groupmem.Memory, len(mems))
	for i, m := range mems {
		if len(m.Embedding) != x.dim {
			return groupmem.Errorf(groupmem.EINVALID, "memory %s has a %d-dimensional vector; the index holds %d", m.ID, len(m.Embedding), x.dim)
		}
		if m.Statement != groupmem.Redacted {
			units[i] = vector.Unit(m.Embedding)
		}
		m.Embedding = nil
		kept[i] = clone(m)
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	for i, m := range kept {
		g := x.groups[m.GroupID]
		if g == nil {
			g = &group{mems: map[string]groupmem.Memory{}, hx: hybrid.New()}
			x.groups[m.GroupID] = g
		}
		g.mems[m.ID] = m
		g.hx.PutVector(m.ID, units[i])
		if m.Status == groupmem.StatusActive && m.Statement != groupmem.Redacted {
			g.hx.PutText(m.ID, m.Statement)
		} else {
			g.hx.RemoveText(m.ID)
		}
	}
	return nil
}

// List implements groupmem.Index: newest first by UpdatedAt, ties by
// ascending id, as the ledger orders them.
func (x *Index) List(_ context.Context, q groupmem.MemoryQuery) (groupmem.MemoryPage, error) {
	x.mu.RLock()
	var matched []groupmem.Memory
	if g := x.groups[q.GroupID]; g != nil {
		for _, m := range g.mems {
			if q.Status == "" || m.Status == q.Status {
				matched = append(matched, m)
			}
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
	query := vector.Unit(q.Vector)
	if query == nil || q.Limit <= 0 {
		return nil, nil
	}
	x.mu.RLock()
	defer x.mu.RUnlock()
	g := x.groups[q.GroupID]
	if g == nil {
		return nil, nil
	}
	near, _ := g.hx.Search(hybrid.Query{Vector: query, Meaning: true, N: q.Limit, Floor: q.Threshold, KeepPos: g.inStatus(q.Status)})
	hits := make([]groupmem.Hit, len(near))
	for i, s := range near {
		hits[i] = groupmem.Hit{Memory: clone(g.mems[s.ID]), Score: s.Score}
	}
	return hits, nil
}

// inStatus keeps the vectors of versions in status ("": every one).
func (g *group) inStatus(status groupmem.Status) func(p int32) bool {
	if status == "" {
		return nil
	}
	return func(p int32) bool { return g.mems[g.hx.ID(p)].Status == status }
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
	if g == nil {
		return []groupmem.HybridHit{}, nil
	}
	cut := 0.0
	if q.Threshold != nil {
		cut = *q.Threshold
	}
	ranked, sides := g.hx.Search(hybrid.Query{Text: q.Text, Vector: vector.Unit(q.Vector), Words: q.Vector == nil || q.Text != "",
		Meaning: q.Vector != nil, N: n, Floor: cut, KeepPos: g.inStatus(groupmem.StatusActive)})
	out := make([]groupmem.HybridHit, 0, min(q.Limit, len(ranked)))
	for _, r := range ranked {
		if len(out) == q.Limit {
			break
		}
		word, sem := sides.Of(r.ID)
		if q.Threshold != nil && sem == nil {
			continue // a threshold cuts what is not similar enough, whatever its keywords
		}
		out = append(out, groupmem.HybridHit{Memory: clone(g.mems[r.ID]), Score: r.Score, Keyword: word, Semantic: sem})
	}
	return out, nil
}

// DeleteGroup implements groupmem.Index.
func (x *Index) DeleteGroup(_ context.Context, groupID string) error {
	x.mu.Lock()
	delete(x.groups, groupID)
	x.mu.Unlock()
	return nil
}

// Delete implements groupmem.Index.
func (x *Index) Delete(_ context.Context, groupID string, ids []string) error {
	x.mu.Lock()
	defer x.mu.Unlock()
	g := x.groups[groupID]
	if g == nil {
		return nil
	}
	for _, id := range ids {
		delete(g.mems, id)
		g.hx.Remove(id)
	}
	return nil
}

// Reset implements groupmem.Index.
func (x *Index) Reset(context.Context) error {
	x.mu.Lock()
	x.groups = map[string]*group{}
	x.mu.Unlock()
	return nil
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
