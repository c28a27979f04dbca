package storetest

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/groupmem/groupmem"
)

// Storing messages queues one OutboxMessages entry per group that stored
// any: at most one waits unclaimed, so batches before a claim share it,
// and one stored while a relay holds it queues the next; resent
// duplicates queue nothing. Completed, it is gone.
func testOutboxQueuesMessages(t *testing.T, l groupmem.Ledger) {
	ctx := context.Background()
	pending := func() int {
		t.Helper()
		n, _, err := l.OutboxLag(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	insert := func(msgs []groupmem.Message) {
		t.Helper()
		if _, err := l.InsertMessages(ctx, msgs); err != nil {
			t.Fatal(err)
		}
	}
	insert(append(Msgs("g1", "a", 3), Msgs("g2", "a", 2)...))
	insert(Msgs("g1", "b", 2))
	if n := pending(); n != 2 {
		t.Fatalf("pending after batches of g1 and g2 = %d, want one entry per group", n)
	}
	got, err := l.ClaimOutbox(ctx, 10, time.Minute)
	if err != nil || len(got) != 2 {
		t.Fatalf("claim = %+v, %v", got, err)
	}
	for _, e := range got {
		if e.Kind != groupmem.OutboxMessages || e.MemoryID != groupmem.NilID || (e.GroupID != "g1" && e.GroupID != "g2") {
			t.Fatalf("claimed %+v; want a messages entry of g1 or g2", e)
		}
	}
	insert(Msgs("g1", "a", 3)) // resent: nothing new
	if n := pending(); n != 2 {
		t.Fatalf("pending after a resent batch = %d, want the 2 claimed", n)
	}
	insert(Msgs("g1", "c", 1)) // stored while a relay holds g1's entry
	if n := pending(); n != 3 {
		t.Fatalf("pending after a batch during the claim = %d, want 3", n)
	}
	if err := l.CompleteOutbox(ctx, []int64{got[0].ID, got[1].ID}); err != nil {
		t.Fatal(err)
	}
	next, err := l.ClaimOutbox(ctx, 10, time.Minute)
	if err != nil || len(next) != 1 || next[0].GroupID != "g1" || next[0].Kind != groupmem.OutboxMessages {
		t.Fatalf("claim after completing = %+v, %v; want g1's next entry", next, err)
	}
	if err := l.CompleteOutbox(ctx, []int64{next[0].ID}); err != nil {
		t.Fatal(err)
	}
	if n := pending(); n != 0 {
		t.Fatalf("pending at the end = %d, want none", n)
	}
}

func testOutboxClaims(t *testing.T, l groupmem.Ledger) {
	ctx := context.Background()
	p := CreatePlan(Begin(t, l, "g1"), "a", "b", "c")
	Commit(t, l, p)
	if n, _, _ := l.OutboxLag(ctx); n != 3 {
		t.Fatalf("pending = %d, want 3", n)
	}
	// The plan names its entries, one per touched version, in order.
	if touched := p.Touched(); len(p.Outbox) != len(touched) {
		t.Fatalf("plan.Outbox = %v for %d touched versions", p.Outbox, len(touched))
	}
	got, err := l.ClaimOutbox(ctx, 2, time.Minute)
	if err != nil || len(got) != 2 {
		t.Fatalf("claim = %v, %v", got, err)
	}
	for i, e := range got {
		if e.ID != p.Outbox[i] || e.MemoryID != p.Touched()[i] {
			t.Fatalf("claimed entry %d = %+v; the plan said entry %d for %s", i, e, p.Outbox[i], p.Touched()[i])
		}
	}
	// Leased entries are not handed out again; the third is.
	more, _ := l.ClaimOutbox(ctx, 10, time.Minute)
	if len(more) != 1 || more[0].MemoryID == got[0].MemoryID || more[0].MemoryID == got[1].MemoryID {
		t.Fatalf("second claim = %+v", more)
	}
	if err := l.CompleteOutbox(ctx, []int64{got[0].ID, got[1].ID, more[0].ID}); err != nil {
		t.Fatal(err)
	}
	if n, _, _ := l.OutboxLag(ctx); n != 0 {
		t.Fatalf("pending after complete = %d", n)
	}
	// An expired lease is claimable again, with its attempt counted.
	Commit(t, l, CreatePlan(Begin(t, l, "g1"), "d"))
	first, _ := l.ClaimOutbox(ctx, 10, time.Nanosecond)
	time.Sleep(5 * time.Millisecond)
	again, _ := l.ClaimOutbox(ctx, 10, time.Minute)
	if len(first) != 1 || len(again) != 1 || again[0].ID != first[0].ID || again[0].Attempts != 2 {
		t.Fatalf("reclaim: first=%+v again=%+v", first, again)
	}
}

func testOutboxTwoClaimers(t *testing.T, l groupmem.Ledger) {
	ctx := context.Background()
	var want []string
	for i := 0; i < 10; i++ {
		p := CreatePlan(Begin(t, l, "g1"), fmt.Sprintf("s%d-a", i), fmt.Sprintf("s%d-b", i))
		Commit(t, l, p)
		for _, m := range p.New {
			want = append(want, m.ID)
		}
	}
	var mu sync.Mutex
	seen := map[string]int{}
	var wg sync.WaitGroup
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				got, err := l.ClaimOutbox(ctx, 3, time.Minute)
				if err != nil {
					t.Error(err)
					return
				}
				if len(got) == 0 {
					return
				}
				var done []int64
				mu.Lock()
				for _, e := range got {
					seen[e.MemoryID]++
					done = append(done, e.ID)
				}
				mu.Unlock()
				if err := l.CompleteOutbox(ctx, done); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	for _, id := range want {
		if seen[id] != 1 {
			t.Errorf("memory %s projected %d times, want exactly once", id, seen[id])
		}
	}
}

func testScanMemories(t *testing.T, l groupmem.Ledger) {
	ctx := context.Background()
	want := map[string]bool{}
	for _, g := range []string{"g1", "g2", "g3"} {
		p := CreatePlan(Begin(t, l, g), "x", "y", "z")
		Commit(t, l, p)
		for _, m := range p.New {
			want[m.ID] = true
		}
	}
	got := map[string]bool{}
	after := ""
	for {
		page, err := l.ScanMemories(ctx, after, 4)
		if err != nil {
			t.Fatal(err)
		}
		if len(page) == 0 {
			break
		}
		for _, m := range page {
			if m.ID <= after {
				t.Fatalf("scan not in id order: %s after %s", m.ID, after)
			}
			got[m.ID] = true
			after = m.ID
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("scan (-want +got):\n%s", diff)
	}
}

// A redaction, and retention for each group whose text it expired, queue
// one OutboxForget entry with the text's removal: at most one waits
// unclaimed per group, so removals before a claim share it. Completed,
// it is gone.
func testOutboxQueuesForget(t *testing.T, l groupmem.Ledger) {
	ctx := context.Background()
	drain := func() []groupmem.OutboxEntry {
		t.Helper()
		got, err := l.ClaimOutbox(ctx, 100, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		ids := make([]int64, len(got))
		for i, e := range got {
			ids[i] = e.ID
		}
		if err := l.CompleteOutbox(ctx, ids); err != nil {
			t.Fatal(err)
		}
		return got
	}
	for _, g := range []string{"g1", "g2"} {
		if _, err := l.InsertMessages(ctx, Msgs(g, "m", 3)); err != nil {
			t.Fatal(err)
		}
		run := Begin(t, l, g)
		run.NewWatermark = 3
		Commit(t, l, &groupmem.Plan{Run: run})
	}
	drain()
	for _, id := range []string{"m0", "m1"} {
		if _, err := l.RedactMessage(ctx, "g1", id, "mod"); err != nil {
			t.Fatal(err)
		}
	}
	got := drain()
	if len(got) != 1 || got[0].Kind != groupmem.OutboxForget || got[0].GroupID != "g1" || got[0].MemoryID != groupmem.NilID {
		t.Fatalf("after two redactions of g1 the outbox held %+v; want one forget entry of g1", got)
	}
	if _, err := l.RedactMessage(ctx, "g1", "m0", "mod"); err != nil { // already redacted
		t.Fatal(err)
	}
	if got := drain(); len(got) != 0 {
		t.Fatalf("redacting a redacted message queued %+v", got)
	}
	expired, err := l.ExpireMessages(ctx, t0.Add(time.Hour), "retention")
	if err != nil || expired["g1"] != 1 || expired["g2"] != 3 {
		t.Fatalf("ExpireMessages = %v, %v", expired, err)
	}
	got = drain()
	kinds := map[string]string{}
	for _, e := range got {
		kinds[e.GroupID] = e.Kind
	}
	if len(got) != 2 || kinds["g1"] != groupmem.OutboxForget || kinds["g2"] != groupmem.OutboxForget {
		t.Fatalf("after retention the outbox held %+v; want one forget entry per group", got)
	}
	if n, _, err := l.OutboxLag(ctx); err != nil || n != 0 {
		t.Fatalf("pending after completing = %d, %v; want none (completed forget entries are deleted)", n, err)
	}
}

// A committed run completes its entries in one step only while it still
// holds its group: once another run took a fence, or a purge removed the
// group, the call says so and leaves every entry pending.
func testOutboxCompleteIfCurrent(t *testing.T, l groupmem.Ledger) {
	ctx := context.Background()
	pending := func() int {
		t.Helper()
		n, _, err := l.OutboxLag(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	commit := func(g string) *groupmem.Plan {
		t.Helper()
		plan := CreatePlan(Begin(t, l, g), "members meet on Fridays", "the group plays chess")
		if err := l.CommitPlan(ctx, plan); err != nil {
			t.Fatal(err)
		}
		return plan
	}
	current := func(plan *groupmem.Plan, want bool) {
		t.Helper()
		before := pending()
		ok, err := l.CompleteOutboxIfCurrent(ctx, plan.Run, plan.Outbox)
		if err != nil || ok != want {
			t.Fatalf("CompleteOutboxIfCurrent = %v, %v; want %v", ok, err, want)
		}
		if got, wantLeft := pending(), before-map[bool]int{true: len(plan.Outbox)}[want]; got != wantLeft {
			t.Fatalf("pending after CompleteOutboxIfCurrent(%v) = %d, want %d", want, got, wantLeft)
		}
	}

	current(commit("g1"), true)

	superseded := commit("g2")
	Begin(t, l, "g2") // another run takes the group's fence
	current(superseded, false)

	purged := commit("g3")
	if _, err := l.PurgeGroup(ctx, "g3", "admin"); err != nil {
		t.Fatal(err)
	}
	Begin(t, l, "g3")
	purged.Run.Fence = 1 // the group begun anew holds fence 1 again
	gone, err := l.CompleteOutboxIfCurrent(ctx, purged.Run, purged.Outbox)
	if err != nil || gone {
		t.Fatalf("CompleteOutboxIfCurrent after a purge = %v, %v; want false", gone, err)
	}
}
