package qdrant_test

import (
	"context"
	"net"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/qdrant"
	"github.com/groupmem/groupmem/store/qdrant/qdranttest"
)

func TestClosedIndexReturnsErrors(t *testing.T) {
	x := open(t, qdrant.Config{Addr: qdranttest.Start(t), Dimension: 2})
	if err := x.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if err := x.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	ctx := t.Context()
	m := memory("g1", []float32{1, 0})
	_, listErr := x.List(ctx, groupmem.MemoryQuery{GroupID: "g1", Limit: 1})
	_, searchErr := x.Search(ctx, groupmem.SearchQuery{GroupID: "g1", Vector: []float32{1, 0}, Limit: 1})
	calls := map[string]error{
		"Upsert":      x.Upsert(ctx, []groupmem.Memory{m}),
		"List":        listErr,
		"Search":      searchErr,
		"DeleteGroup": x.DeleteGroup(ctx, "g1"),
		"Reset":       x.Reset(ctx),
		"Check":       x.Check(ctx),
	}
	for name, err := range calls {
		wantCode(t, name+" after Close", err, groupmem.EUNAVAILABLE, "closed")
	}
}

func TestCloseDuringCalls(t *testing.T) {
	x := open(t, qdrant.Config{Addr: qdranttest.Start(t), Dimension: 2})
	if err := x.Upsert(t.Context(), []groupmem.Memory{memory("g1", []float32{1, 0})}); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 50 {
				_, err := x.List(context.Background(), groupmem.MemoryQuery{GroupID: "g1", Limit: 5})
				if err != nil && groupmem.ErrorCode(err) != groupmem.EUNAVAILABLE {
					t.Errorf("List while closing: %v", err)
					return
				}
			}
		})
	}
	time.Sleep(time.Millisecond)
	if err := x.Close(); err != nil {
		t.Errorf("Close during calls: %v", err)
	}
	wg.Wait()
}

func TestAPIKey(t *testing.T) {
	addr := qdranttest.StartServer(t, qdranttest.Config{APIKey: "s3cret"}).Addr()
	for _, key := range []string{"", "wrong"} {
		_, err := qdrant.Open(t.Context(), qdrant.Config{Addr: addr, APIKey: key, Dimension: 2, SkipCompatibilityCheck: true})
		wantCode(t, "Open with api key "+strconv.Quote(key), err, groupmem.EUNAVAILABLE, "APIKey")
	}
	x := open(t, qdrant.Config{Addr: addr, APIKey: "s3cret", Dimension: 2})
	m := memory("g1", []float32{1, 0})
	if err := x.Upsert(t.Context(), []groupmem.Memory{m}); err != nil {
		t.Fatalf("Upsert with the right key: %v", err)
	}
	page, err := x.List(t.Context(), groupmem.MemoryQuery{GroupID: "g1", Limit: 5})
	if err != nil || page.Total != 1 {
		t.Errorf("List with the right key: total %d, err %v", page.Total, err)
	}
}

func TestUnreachableIsUnavailable(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	deadAddr := lis.Addr().String()
	lis.Close()
	_, err = qdrant.Open(t.Context(), qdrant.Config{Addr: deadAddr, Dimension: 2, Timeout: 2 * time.Second, SkipCompatibilityCheck: true})
	wantCode(t, "Open with nothing listening", err, groupmem.EUNAVAILABLE)

	srv := qdranttest.StartServer(t, qdranttest.Config{})
	x := open(t, qdrant.Config{Addr: srv.Addr(), Dimension: 2, Timeout: 2 * time.Second})
	srv.Close()
	_, err = x.List(t.Context(), groupmem.MemoryQuery{GroupID: "g1", Limit: 5})
	wantCode(t, "List after the server stopped", err, groupmem.EUNAVAILABLE)
	wantCode(t, "Check after the server stopped", x.Check(t.Context()), groupmem.EUNAVAILABLE)
}

// A collection of another vector size is refused, unless Recreate asks
// for it afresh: empty, with the new size (a reindex with a new embedder).
func TestOpenRecreate(t *testing.T) {
	addr := qdranttest.Start(t)
	open(t, qdrant.Config{Addr: addr, Dimension: 16})
	if _, err := qdrant.Open(t.Context(), qdrant.Config{Addr: addr, Dimension: 8, SkipCompatibilityCheck: true}); groupmem.ErrorCode(err) != groupmem.EINVALID {
		t.Fatalf("open with another size = %v, want EINVALID", err)
	}
	open(t, qdrant.Config{Addr: addr, Dimension: 8, Recreate: true})
	info, err := rawClient(t, addr, "").GetCollectionInfo(t.Context(), qdrant.DefaultCollection)
	if err != nil {
		t.Fatal(err)
	}
	assertLayout(t, info, 8)
}
