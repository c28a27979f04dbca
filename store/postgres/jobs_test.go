package postgres_test

import (
	"context"
	"slices"
	"testing"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/storetest"
	"github.com/groupmem/groupmem/worker"
)

// The queue contract runs its concurrent enqueuers and claimers on the
// pool's connections: real concurrent transactions, so it also covers
// SKIP LOCKED and the lock order of EnqueueJobs.
func TestQueueContract(t *testing.T) {
	storetest.TestQueue(t, func(t *testing.T) (groupmem.Queue, groupmem.Ledger) {
		l := pgtest.Open(t)
		return l, l
	})
}

// ListDue reads every due group page by page, in name order.
func TestListDue(t *testing.T) {
	ctx := context.Background()
	l := pgtest.Open(t)
	for _, g := range []string{"d", "a", "c", "b"} {
		if _, err := l.InsertMessages(ctx, storetest.Msgs(g, "m", 2)); err != nil {
			t.Fatal(err)
		}
	}
	for _, page := range []int{1, 3, 4, 0} {
		all, err := worker.ListDue(ctx, l, 2, page)
		if err != nil || !slices.Equal(all, []string{"a", "b", "c", "d"}) {
			t.Errorf("ListDue by pages of %d = %v, %v", page, all, err)
		}
	}
}
