package qdrant

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/groupmem/groupmem"
	"github.com/qdrant/go-client/qdrant"
)

const (
	upsertBatch = 100 // points per upsert call
	scrollPage  = 256 // points per scroll call
)

// Upsert writes one point per memory, replacing any point with the same
// id; writing the same memory twice leaves one point. Every memory is
// checked before anything is written: EINVALID for an id that is not a
// UUID, a bad group id, or an embedding that is empty or not of the
// index's Dimension. A redacted version (its statement groupmem.Redacted)
// is written without vectors: nothing of the text it quoted stays, and no
// search finds it. Large batches go out in several calls; if one fails,
// the earlier ones stay written, which a retry of the whole batch repairs.
func (x *Index) Upsert(ctx context.Context, mems []groupmem.Memory) error {
	pts := make([]*qdrant.PointStruct, 0, len(mems))
	for _, m := range mems {
		if err := x.checkMemory(m); err != nil {
			return fmt.Errorf("upsert memories: %w", err)
		}
		pts = append(pts, &qdrant.PointStruct{
			Id:      qdrant.NewIDUUID(m.ID),
			Vectors: qdrant.NewVectorsMap(memoryVectors(m)),
			Payload: encodePayload(m),
		})
	}
	if len(pts) == 0 {
		return nil
	}
	err := x.call(ctx, func(ctx context.Context, c *qdrant.Client) error {
		for batch := range slices.Chunk(pts, upsertBatch) {
			_, err := c.Upsert(ctx, &qdrant.UpsertPoints{
				CollectionName: x.cfg.Collection,
				Wait:           qdrant.PtrOf(true),
				Points:         batch,
			})
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("upsert memories: %w", err)
	}
	return nil
}

// memoryVectors are the named vectors of m's point: its embedding and its
// statement's keywords, none for a redacted version.
func memoryVectors(m groupmem.Memory) map[string]*qdrant.Vector {
	vectors := map[string]*qdrant.Vector{}
	if m.Statement == groupmem.Redacted {
		return vectors
	}
	vectors[vecDense] = qdrant.NewVectorDense(m.Embedding)
	if idx, val, _ := sparseDoc(m.Statement); len(idx) > 0 {
		vectors[vecSparse] = qdrant.NewVectorSparse(idx, val)
	}
	return vectors
}

func (x *Index) checkMemory(m groupmem.Memory) error {
	if err := groupmem.CheckID(m.ID); err != nil {
		return err
	}
	if err := groupmem.CheckGroupID(m.GroupID); err != nil {
		return err
	}
	if len(m.Embedding) != x.cfg.Dimension {
		return groupmem.Errorf(groupmem.EINVALID, "memory %s has an embedding of %d dimensions; the index has %d", m.ID, len(m.Embedding), x.cfg.Dimension)
	}
	return nil
}

// List returns a page of a group's memories, newest first by UpdatedAt with
// ties in ascending memory id order, and the number that matched. It reads
// every point of the group that matches q.Status and sorts them here:
// groups hold tens to a few hundred versions, and Qdrant cannot order by a
// payload key and page by offset at once. Returned memories carry no
// Embedding. EINVALID for a bad group id, status, limit or offset.
func (x *Index) List(ctx context.Context, q groupmem.MemoryQuery) (groupmem.MemoryPage, error) {
	if err := checkGroup(q.GroupID, q.Status); err != nil {
		return groupmem.MemoryPage{}, fmt.Errorf("list memories: %w", err)
	}
	if q.Limit < 0 || q.Offset < 0 {
		return groupmem.MemoryPage{}, fmt.Errorf("list memories: %w", groupmem.Errorf(groupmem.EINVALID, "limit and offset must not be negative"))
	}
	var mems []groupmem.Memory
	err := x.call(ctx, func(ctx context.Context, c *qdrant.Client) error {
		var offset *qdrant.PointId
		for {
			pts, next, err := c.ScrollAndOffset(ctx, &qdrant.ScrollPoints{
				CollectionName: x.cfg.Collection,
				Filter:         groupFilter(q.GroupID, q.Status),
				Offset:         offset,
				Limit:          qdrant.PtrOf(uint32(scrollPage)),
				WithPayload:    qdrant.NewWithPayload(true),
				WithVectors:    qdrant.NewWithVectors(false),
			})
			if err != nil {
				return err
			}
			for _, p := range pts {
				m, err := decodeMemory(p.GetId(), p.GetPayload())
				if err != nil {
					return err
				}
				mems = append(mems, m)
			}
			if next == nil {
				return nil
			}
			offset = next
		}
	})
	if err != nil {
		return groupmem.MemoryPage{}, fmt.Errorf("list memories: %w", err)
	}
	slices.SortFunc(mems, func(a, b groupmem.Memory) int {
		return cmp.Or(b.UpdatedAt.Compare(a.UpdatedAt), cmp.Compare(a.ID, b.ID))
	})
	page := mems[min(q.Offset, len(mems)):]
	return groupmem.MemoryPage{Total: len(mems), Memories: page[:min(q.Limit, len(page))]}, nil
}

// Search returns up to q.Limit memories of q.GroupID (and q.Status, when
// set) by descending cosine similarity to q.Vector, keeping only scores
// strictly above q.Threshold. Returned memories carry no Embedding.
// EINVALID for a bad group id, status, negative limit, a threshold that is
// not a number, or a vector not of the index's Dimension.
func (x *Index) Search(ctx context.Context, q groupmem.SearchQuery) ([]groupmem.Hit, error) {
	if err := checkGroup(q.GroupID, q.Status); err != nil {
		return nil, fmt.Errorf("search memories: %w", err)
	}
	switch {
	case q.Limit < 0:
		return nil, fmt.Errorf("search memories: %w", groupmem.Errorf(groupmem.EINVALID, "limit must not be negative"))
	case math.IsNaN(q.Threshold):
		return nil, fmt.Errorf("search memories: %w", groupmem.Errorf(groupmem.EINVALID, "threshold is not a number"))
	case len(q.Vector) != x.cfg.Dimension:
		return nil, fmt.Errorf("search memories: %w", groupmem.Errorf(groupmem.EINVALID, "query vector has %d dimensions; the index has %d", len(q.Vector), x.cfg.Dimension))
	case q.Limit == 0:
		return nil, nil
	}
	var hits []groupmem.Hit
	err := x.call(ctx, func(ctx context.Context, c *qdrant.Client) error {
		pts, err := c.Query(ctx, &qdrant.QueryPoints{
			CollectionName: x.cfg.Collection,
			Query:          qdrant.NewQueryDense(q.Vector),
			Using:          qdrant.PtrOf(vecDense),
			Filter:         groupFilter(q.GroupID, q.Status),
			ScoreThreshold: qdrant.PtrOf(threshold32(q.Threshold)),
			Limit:          qdrant.PtrOf(uint64(q.Limit)),
			WithPayload:    qdrant.NewWithPayload(true),
		})
		if err != nil {
			return err
		}
		for _, p := range pts {
			if !(float64(p.GetScore()) > q.Threshold) {
				continue // threshold32 may let a few through; the contract is strict
			}
			m, err := decodeMemory(p.GetId(), p.GetPayload())
			if err != nil {
				return err
			}
			hits = append(hits, groupmem.Hit{Memory: m, Score: float64(p.GetScore())})
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("search memories: %w", err)
	}
	return hits, nil
}

// threshold32 returns the largest float32 not above t, within [-2, 2]
// (cosine scores lie in [-1, 1]), so that Qdrant drops only scores that
// are not above t.
func threshold32(t float64) float32 {
	t = max(min(t, 2), -2)
	f := float32(t)
	if float64(f) > t {
		f = math.Nextafter32(f, float32(math.Inf(-1)))
	}
	return f
}

// DeleteGroup removes every point of a group. EINVALID for a bad group id.
func (x *Index) DeleteGroup(ctx context.Context, groupID string) error {
	if err := checkGroup(groupID, ""); err != nil {
		return fmt.Errorf("delete group: %w", err)
	}
	err := x.call(ctx, func(ctx context.Context, c *qdrant.Client) error {
		_, err := c.Delete(ctx, &qdrant.DeletePoints{
			CollectionName: x.cfg.Collection,
			Wait:           qdrant.PtrOf(true),
			Points:         qdrant.NewPointsSelectorFilter(groupFilter(groupID, "")),
		})
		return err
	})
	if err != nil {
		return fmt.Errorf("delete group: %w", err)
	}
	return nil
}

// Delete implements groupmem.Index: the points of ids, within the group.
func (x *Index) Delete(ctx context.Context, groupID string, ids []string) error {
	if err := checkGroup(groupID, ""); err != nil {
		return fmt.Errorf("delete points: %w", err)
	}
	if len(ids) == 0 {
		return nil
	}
	pids := make([]*qdrant.PointId, len(ids))
	for i, id := range ids {
		pids[i] = qdrant.NewIDUUID(id)
	}
	err := x.call(ctx, func(ctx context.Context, c *qdrant.Client) error {
		_, err := c.Delete(ctx, &qdrant.DeletePoints{
			CollectionName: x.cfg.Collection,
			Wait:           qdrant.PtrOf(true),
			Points:         qdrant.NewPointsSelector(pids...),
		})
		return err
	})
	if err != nil {
		return fmt.Errorf("delete points: %w", err)
	}
	return nil
}

// Reset drops the collection and creates it again, empty, with its payload
// indexes. It works also when the collection is already gone.
func (x *Index) Reset(ctx context.Context) error {
	err := x.call(ctx, func(ctx context.Context, c *qdrant.Client) error {
		// The low-level call: the high-level one fails when there was
		// nothing to delete.
		_, err := c.GetCollectionsClient().Delete(ctx, &qdrant.DeleteCollection{CollectionName: x.cfg.Collection})
		if err != nil {
			return err
		}
		return x.ensure(ctx, c)
	})
	if err != nil {
		return fmt.Errorf("reset index: %w", err)
	}
	return nil
}

// checkGroup returns EINVALID for a bad group id or status filter.
func checkGroup(groupID string, st groupmem.Status) error {
	if err := groupmem.CheckGroupID(groupID); err != nil {
		return err
	}
	if st != "" && !st.Valid() {
		return groupmem.Errorf(groupmem.EINVALID, "status %q is not valid", groupmem.Truncate(string(st), 40))
	}
	return nil
}

// groupFilter selects the points of one group, and of one status when st
// is set.
func groupFilter(groupID string, st groupmem.Status) *qdrant.Filter {
	must := []*qdrant.Condition{qdrant.NewMatchKeyword(keyGroup, groupID)}
	if st != "" {
		must = append(must, qdrant.NewMatchKeyword(keyStatus, string(st)))
	}
	return &qdrant.Filter{Must: must}
}
