package qdrant_test

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/qdrant"
	"github.com/groupmem/groupmem/store/qdrant/qdranttest"
)

const (
	benchGroups = 100 // groups in the collection
	benchSize   = 30  // memories per group
	benchDim    = 256
)

// benchIndex returns an index on a qdranttest server holding benchGroups
// groups of benchSize memories with random non-negative vectors.
func benchIndex(b *testing.B) (*qdrant.Index, *rand.Rand) {
	b.Helper()
	x := open(b, qdrant.Config{Addr: qdranttest.Start(b), Dimension: benchDim})
	rng := rand.New(rand.NewPCG(1, 2))
	for g := range benchGroups {
		mems := make([]groupmem.Memory, benchSize)
		for i := range mems {
			m := memory(fmt.Sprintf("group-%d", g), randomVector(rng))
			m.Statement = fmt.Sprintf("members of group %d share habit number %d, which recurs every week", g, i)
			m.Tags = []string{"habit", "weekly"}
			m.Evidence = []string{"1001", "1002", "1003"}
			m.UpdatedAt = m.UpdatedAt.Add(time.Duration(rng.IntN(1000)) * time.Minute)
			mems[i] = m
		}
		if err := x.Upsert(b.Context(), mems); err != nil {
			b.Fatal(err)
		}
	}
	return x, rng
}

func randomVector(rng *rand.Rand) []float32 {
	v := make([]float32, benchDim)
	for i := range v {
		v[i] = rng.Float32()
	}
	return v
}

// BenchmarkList30 lists all 30 memories of one group among 100 groups of
// 30. It runs against the in-process qdranttest server through the real
// go-client over loopback gRPC, not against a real Qdrant: it measures the
// adapter (request, decoding, sorting), the client and one round trip;
// the test server's scan of all 3,000 points is included.
func BenchmarkList30(b *testing.B) {
	x, rng := benchIndex(b)
	for b.Loop() {
		page, err := x.List(b.Context(), groupmem.MemoryQuery{GroupID: fmt.Sprintf("group-%d", rng.IntN(benchGroups)), Limit: benchSize})
		if err != nil {
			b.Fatal(err)
		}
		if len(page.Memories) != benchSize {
			b.Fatalf("listed %d memories, want %d", len(page.Memories), benchSize)
		}
	}
}

// BenchmarkSearch30 searches one group of 30 memories (among 100 groups of
// 30) with a 256-dimensional vector for the best 5 above threshold 0. It
// runs against the in-process qdranttest server through the real go-client
// over loopback gRPC, not against a real Qdrant: it measures the adapter,
// the client and one round trip, plus the test server's exact scan.
func BenchmarkSearch30(b *testing.B) {
	x, rng := benchIndex(b)
	q := randomVector(rng)
	for b.Loop() {
		hits, err := x.Search(b.Context(), groupmem.SearchQuery{GroupID: fmt.Sprintf("group-%d", rng.IntN(benchGroups)), Vector: q, Limit: 5})
		if err != nil {
			b.Fatal(err)
		}
		if len(hits) != 5 {
			b.Fatalf("%d hits, want 5", len(hits))
		}
	}
}
