package api

import (
	"hash/maphash"
	"sync"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/keyword"
)

// maxCachedGroups bounds the keyword indexes kept between requests.
const maxCachedGroups = 10_000

// memoryKeywords keeps, per group, the keyword index of the active
// memories last searched. Memory versions never change their statement,
// so an index built from the same set of version ids is the same index:
// it is reused while the group's active versions stay the same, and
// rebuilt when any of them changes.
type memoryKeywords struct {
	mu     sync.Mutex
	seed   maphash.Seed
	groups map[string]cachedKeywords
}

type cachedKeywords struct {
	key uint64
	n   int
	idx *keyword.Index
}

func newMemoryKeywords() *memoryKeywords {
	return &memoryKeywords{seed: maphash.MakeSeed(), groups: map[string]cachedKeywords{}}
}

// index returns the keyword index of mems, the active memories of group g.
func (c *memoryKeywords) index(g string, mems []groupmem.Memory) *keyword.Index {
	var key uint64
	for _, m := range mems {
		key ^= maphash.String(c.seed, m.ID) // order-free: the set, not the ranking
	}
	c.mu.Lock()
	hit, ok := c.groups[g]
	c.mu.Unlock()
	if ok && hit.key == key && hit.n == len(mems) {
		return hit.idx
	}
	idx := keyword.NewIndex()
	for _, m := range mems {
		idx.Add(m.ID, m.Statement)
	}
	c.mu.Lock()
	if len(c.groups) >= maxCachedGroups {
		clear(c.groups)
	}
	c.groups[g] = cachedKeywords{key: key, n: len(mems), idx: idx}
	c.mu.Unlock()
	return idx
}
