package postgres_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/storetest"
)

// TestImportsOfOneShardDoNotDeadlock imports two groups at once, again
// and again, whose usage falls in the same shard of usage_all_days and
// on the same days, their runs given in opposite orders of day (as an
// export by random run id may give them): each import must take the
// days' rows in one order, so neither is ever chosen as a deadlock's
// victim (40P01).
func TestImportsOfOneShardDoNotDeadlock(t *testing.T) {
	l := pgtest.OpenWith(t, pgtest.Options{MaxConns: 4})
	ctx := context.Background()
	pairs := sameShardPairs(t, 12)
	const days = 40
	first := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	for i, pair := range pairs {
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for j, g := range pair {
			runs := make([]groupmem.Run, days)
			for d := range days {
				at := first.AddDate(0, 0, d)
				runs[d] = groupmem.Run{ID: groupmem.NewID(), GroupID: g, Trigger: groupmem.TriggerCron, Actor: "cron",
					Status: groupmem.RunNoop, StartedAt: at, FinishedAt: at.Add(time.Minute),
					Tokens: groupmem.Tokens{Prompt: 10 + d, Calls: 1}}
			}
			if j == 1 {
				slices.Reverse(runs)
			}
			batches := []groupmem.GroupRows{{Runs: runs[:days/2]}, {Runs: runs[days/2:]},
				{State: &groupmem.GroupState{NextSeq: 1}}}
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[j] = l.ImportGroup(ctx, g, storetest.Feed(batches))
			}()
		}
		wg.Wait()
		for j, err := range errs {
			if err != nil {
				t.Fatalf("round %d: import of %s beside %s: %v", i, pair[j], pair[1-j], err)
			}
		}
	}
	// Both groups of every pair count every day once.
	rep, err := l.Usage(ctx, groupmem.UsageQuery{Since: groupmem.UsageDay(first),
		Until: groupmem.UsageDay(first.AddDate(0, 0, days-1)), By: groupmem.UsageByDay})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Rows) != days || rep.Total.Runs != int64(2*len(pairs)*days) {
		t.Fatalf("usage after the imports: %d days, %d runs; want %d days, %d runs",
			len(rep.Rows), rep.Total.Runs, days, 2*len(pairs)*days)
	}
}

// sameShardPairs returns n pairs of group ids whose usage falls in the
// same shard of usage_all_days (hashtext(group id) & 15, migration 0020),
// asking the server for its hash.
func sameShardPairs(t *testing.T, n int) [][2]string {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, pgtest.URL())
	if err != nil {
		t.Fatalf("connect to GROUPMEM_TEST_POSTGRES_URL=%q: %v", pgtest.URL(), err)
	}
	defer conn.Close(ctx)
	byShard := map[int][]string{}
	var pairs [][2]string
	for i := 0; len(pairs) < n; i++ {
		g := fmt.Sprintf("shard-%d", i)
		var shard int
		if err := conn.QueryRow(ctx, `SELECT hashtext($1) & 15`, g).Scan(&shard); err != nil {
			t.Fatal(err)
		}
		if other := byShard[shard]; len(other) == 1 {
			pairs = append(pairs, [2]string{other[0], g})
			delete(byShard, shard)
			continue
		}
		byShard[shard] = []string{g}
	}
	return pairs
}
