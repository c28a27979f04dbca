package storetest

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
)

// WebhookLedger is a ledger that stores webhooks and their events.
type WebhookLedger interface {
	groupmem.Ledger
	groupmem.Webhooks
}

// TestWebhooks runs the contract of groupmem.Webhooks. open must return
// an empty, migrated ledger private to the test.
func TestWebhooks(t *testing.T, open func(t *testing.T) WebhookLedger) {
	tests := []struct {
		name string
		fn   func(t *testing.T, l WebhookLedger)
	}{
		{"EventsOnlyForWhatCommitted", testEventsOnlyForWhatCommitted},
		{"EventsFollowTheirWebhooks", testEventsFollowTheirWebhooks},
		{"ClaimsAreExclusiveAndOrdered", testWebhookClaims},
		{"ConcurrentClaimsNeverShareAStream", testWebhookConcurrentClaims},
		{"LeaseRunsOut", testWebhookLeaseRunsOut},
		{"RetryWaitsAndPauseStops", testWebhookRetryAndPause},
		{"RedactionAndPurgeLeaveNoText", testWebhookForgets},
		{"PurgeKeepsTheSeq", testWebhookPurgeKeepsSeq},
		{"RedactionAndPurgeTakeTheLease", testWebhookForgetTakesLease},
		{"Replay", testWebhookReplay},
		{"ReplayTakesTheLease", testWebhookReplayTakesLease},
		{"Manage", testWebhookManage},
		{"RotationKeepsThePreviousSecret", testWebhookRotationKeepsPrevious},
		{"FirstFailureStartsTheRetryWindow", testWebhookFirstFailure},
		{"PruneKeepsWhatIsNeeded", testWebhookPrune},
		{"ReplayOverAPrunedEventIsRefused", testWebhookReplayGap},
		{"ClaimSaysWhenTheLeaseEnds", testWebhookClaimLeaseEnd},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.fn(t, open(t)) })
	}
}

// Subscribe stores a webhook of groups (nil: every group) for types and
// returns it, or fails the test.
func Subscribe(t testing.TB, l groupmem.Webhooks, groups []string, types ...groupmem.EventType) groupmem.Webhook {
	t.Helper()
	w := groupmem.Webhook{ID: groupmem.NewID(), URL: "https://hooks.example.com/in", Events: types, Groups: groups,
		Secret: "whsec_c2VjcmV0", Actor: "test", CreatedAt: time.Now().UTC().Truncate(time.Microsecond)}
	if err := l.CreateWebhook(context.Background(), w); err != nil {
		t.Fatalf("CreateWebhook: %v", err)
	}
	return w
}

// Pending claims every pending delivery of w's streams, releases the
// claims untouched, and returns them by group, in the order claimed.
func Pending(t testing.TB, l groupmem.Webhooks, w groupmem.Webhook) map[string][]groupmem.WebhookDelivery {
	t.Helper()
	ctx := context.Background()
	batches, err := l.ClaimWebhooks(ctx, groupmem.ClaimWebhooksParams{Streams: 100, PerStream: 1000, Lease: time.Minute})
	if err != nil {
		t.Fatalf("ClaimWebhooks: %v", err)
	}
	out := map[string][]groupmem.WebhookDelivery{}
	for _, b := range batches {
		release(t, l, b)
		if b.Webhook.ID == w.ID {
			out[b.GroupID] = b.Deliveries
		}
	}
	return out
}

// release gives a claim up without an attempt being logged as delivered.
func release(t testing.TB, l groupmem.Webhooks, b groupmem.WebhookBatch) {
	t.Helper()
	if len(b.Deliveries) == 0 {
		t.Fatalf("a claimed stream of group %s holds no delivery", b.GroupID)
	}
	err := l.RecordWebhookAttempt(context.Background(), groupmem.WebhookAttempt{WebhookID: b.Webhook.ID, GroupID: b.GroupID,
		Lease: b.Lease, Release: true})
	if err != nil {
		t.Fatalf("release the claim: %v", err)
	}
}

func typesOf(ds []groupmem.WebhookDelivery) []groupmem.EventType {
	out := make([]groupmem.EventType, len(ds))
	for i, d := range ds {
		out[i] = d.Event.Type
	}
	return out
}

func testEventsOnlyForWhatCommitted(t *testing.T, l WebhookLedger) {
	ctx := context.Background()
	w := Subscribe(t, l, nil, groupmem.EventTypes...)
	if _, err := l.InsertMessages(ctx, Msgs("g1", "m", 3)); err != nil {
		t.Fatal(err)
	}
	plan := CreatePlan(Begin(t, l, "g1"), "likes tea")
	stale := CreatePlan(Begin(t, l, "g1"), "likes coffee") // takes the fence from plan's run
	if err := l.CommitPlan(ctx, plan); groupmem.ErrorCode(err) != groupmem.ESTALE {
		t.Fatalf("a stale commit: %v, want ESTALE", err)
	}
	Commit(t, l, stale)
	Commit(t, l, UpdatePlan(Begin(t, l, "g1"), stale.New[0], "likes green tea"))
	failed := Begin(t, l, "g1")
	failed.Status, failed.Error, failed.Report.Reason = groupmem.RunFailed, "the model answered nothing usable", groupmem.FailAnswerUnusable
	if err := l.FinishRun(ctx, failed); err != nil {
		t.Fatal(err)
	}
	dry := Begin(t, l, "g1")
	dry.Status = groupmem.RunDryRun
	if err := l.FinishRun(ctx, dry); err != nil {
		t.Fatal(err)
	}
	abandoned := Begin(t, l, "g1")
	if _, err := l.AbandonRun(ctx, groupmem.AbandonRunParams{RunID: abandoned.ID}); err != nil {
		t.Fatal(err)
	}
	Begin(t, l, "g1") // running: nothing yet
	got := Pending(t, l, w)["g1"]
	want := []groupmem.EventType{groupmem.EventMemoryCreated, groupmem.EventRunSucceeded, groupmem.EventMemoryUpdated,
		groupmem.EventRunSucceeded, groupmem.EventRunFailed}
	if !slices.Equal(typesOf(got), want) {
		t.Fatalf("events %v, want %v", typesOf(got), want)
	}
	for i, d := range got {
		if d.Event.Seq != int64(i+1) || d.Event.GroupID != "g1" || !groupmem.ValidID(d.Event.ID) || d.Event.Data.Seq != d.Event.Seq {
			t.Errorf("event %d: %+v; want seq %d of g1 with an id", i, d.Event, i+1)
		}
	}
	created, updated := got[0].Event.Data, got[2].Event.Data
	if created.Statement != "likes coffee" || created.MemoryID != stale.New[0].ID || created.Version != 1 || created.RunID != stale.Run.ID {
		t.Errorf("memory.created carries %+v", created)
	}
	if updated.Statement != "likes green tea" || updated.OldStatement != "likes coffee" || updated.ParentID != stale.New[0].ID ||
		updated.Version != 2 || updated.Reason != "clarified" {
		t.Errorf("memory.updated carries %+v", updated)
	}
	if run := got[1].Event.Data; run.RunID != stale.Run.ID || run.Status != "succeeded" || run.Stats == nil || run.Stats.Created != 1 {
		t.Errorf("run.succeeded carries %+v", run)
	}
}

func testEventsFollowTheirWebhooks(t *testing.T, l WebhookLedger) {
	ctx := context.Background()
	only := Subscribe(t, l, []string{"g1"}, groupmem.EventMemoryCreated)
	runs := Subscribe(t, l, nil, groupmem.EventRunSucceeded)
	for _, g := range []string{"g1", "g2"} {
		if _, err := l.InsertMessages(ctx, Msgs(g, "m", 1)); err != nil {
			t.Fatal(err)
		}
		Commit(t, l, CreatePlan(Begin(t, l, g), "likes tea"))
	}
	got := Pending(t, l, only)
	if len(got) != 1 || !slices.Equal(typesOf(got["g1"]), []groupmem.EventType{groupmem.EventMemoryCreated}) {
		t.Errorf("the webhook of g1's memory.created got %v", got)
	}
	got = Pending(t, l, runs)
	for _, g := range []string{"g1", "g2"} {
		if !slices.Equal(typesOf(got[g]), []groupmem.EventType{groupmem.EventRunSucceeded}) {
			t.Errorf("the webhook of every group's run.succeeded got %v in %s", typesOf(got[g]), g)
		}
		if d := got[g]; len(d) == 1 && d[0].Event.Seq != 2 {
			t.Errorf("run.succeeded of %s has seq %d; the group's events are numbered whoever receives them", g, d[0].Event.Seq)
		}
	}
}

// commitEvents subscribes a webhook to every event and commits n creates
// in group g (2n events: each create and its run).
func commitEvents(t *testing.T, l WebhookLedger, g string, n int) groupmem.Webhook {
	t.Helper()
	w := Subscribe(t, l, nil, groupmem.EventTypes...)
	if _, err := l.InsertMessages(context.Background(), Msgs(g, "m", 1)); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		Commit(t, l, CreatePlan(Begin(t, l, g), "statement "+string(rune('a'+i))))
	}
	return w
}

func claim(t *testing.T, l WebhookLedger, per int, lease time.Duration) []groupmem.WebhookBatch {
	t.Helper()
	b, err := l.ClaimWebhooks(context.Background(), groupmem.ClaimWebhooksParams{Streams: 10, PerStream: per, Lease: lease})
	if err != nil {
		t.Fatalf("ClaimWebhooks: %v", err)
	}
	return b
}

func deliver(t *testing.T, l WebhookLedger, b groupmem.WebhookBatch, d groupmem.WebhookDelivery, last bool) error {
	t.Helper()
	return l.RecordWebhookAttempt(context.Background(), groupmem.WebhookAttempt{WebhookID: b.Webhook.ID, GroupID: b.GroupID,
		Lease: b.Lease, Results: []groupmem.DeliveryResult{{DeliveryID: d.ID, Delivered: true, Status: 204, Latency: 3 * time.Millisecond}},
		Release: last, Renew: time.Minute})
}

func testWebhookClaims(t *testing.T, l WebhookLedger) {
	w := commitEvents(t, l, "g1", 3)
	first := claim(t, l, 2, time.Minute)
	if len(first) != 1 || len(first[0].Deliveries) != 2 || first[0].Webhook.URL != w.URL || first[0].Webhook.Secret != w.Secret {
		t.Fatalf("first claim: %+v", first)
	}
	if again := claim(t, l, 2, time.Minute); len(again) != 0 {
		t.Fatalf("a held stream was claimed again: %+v", again)
	}
	b := first[0]
	if err := deliver(t, l, b, b.Deliveries[0], false); err != nil {
		t.Fatal(err)
	}
	wrong := b
	wrong.Lease = groupmem.NewID()
	if err := deliver(t, l, wrong, b.Deliveries[1], true); groupmem.ErrorCode(err) != groupmem.ESTALE {
		t.Fatalf("an attempt under another lease: %v, want ESTALE", err)
	}
	if err := deliver(t, l, b, b.Deliveries[1], true); err != nil {
		t.Fatal(err)
	}
	next := claim(t, l, 10, time.Minute)
	if len(next) != 1 || len(next[0].Deliveries) != 4 || next[0].Deliveries[0].Event.Seq != 3 {
		t.Fatalf("after two deliveries the stream goes on from seq 3: %+v", next)
	}
	log, err := l.WebhookDeliveries(context.Background(), groupmem.WebhookDeliveryQuery{WebhookID: w.ID, Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(log) != 6 || log[5].State != groupmem.DeliveryDelivered || log[5].Attempts != 1 || log[5].LastStatus != 204 ||
		log[5].Latency != 3*time.Millisecond || log[5].DeliveredAt.IsZero() || log[0].State != groupmem.DeliveryPending {
		t.Fatalf("delivery log: %+v", log)
	}
}

// testWebhookConcurrentClaims: claimers racing over many due streams
// never get one stream twice, and between them take every stream.
func testWebhookConcurrentClaims(t *testing.T, l WebhookLedger) {
	ctx := context.Background()
	Subscribe(t, l, nil, groupmem.EventTypes...)
	const groups, claimers = 12, 6
	for g := range groups {
		id := fmt.Sprintf("g%d", g)
		if _, err := l.InsertMessages(ctx, Msgs(id, "m", 1)); err != nil {
			t.Fatal(err)
		}
		Commit(t, l, CreatePlan(Begin(t, l, id), "likes tea"))
	}
	var mu sync.Mutex
	held := map[string]int{}
	var wg sync.WaitGroup
	for range claimers {
		wg.Go(func() {
			for range 3 {
				bs, err := l.ClaimWebhooks(ctx, groupmem.ClaimWebhooksParams{Streams: 3, PerStream: 10, Lease: time.Minute})
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				for _, b := range bs {
					held[b.GroupID]++
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if len(held) != groups {
		t.Errorf("%d of %d streams were claimed", len(held), groups)
	}
	for g, n := range held {
		if n != 1 {
			t.Errorf("stream of %s was claimed %d times under one lease", g, n)
		}
	}
}

func testWebhookLeaseRunsOut(t *testing.T, l WebhookLedger) {
	commitEvents(t, l, "g1", 1)
	first := claim(t, l, 10, 50*time.Millisecond)
	if len(first) != 1 {
		t.Fatalf("claim: %+v", first)
	}
	time.Sleep(100 * time.Millisecond)
	second := claim(t, l, 10, time.Minute)
	if len(second) != 1 || second[0].Lease == first[0].Lease || second[0].Deliveries[0].ID != first[0].Deliveries[0].ID {
		t.Fatalf("a claim whose lease ran out is claimed again from the same delivery: %+v", second)
	}
	if err := deliver(t, l, first[0], first[0].Deliveries[0], false); groupmem.ErrorCode(err) != groupmem.ESTALE {
		t.Fatalf("the first holder's attempt after the takeover: %v, want ESTALE", err)
	}
}

func testWebhookRetryAndPause(t *testing.T, l WebhookLedger) {
	ctx := context.Background()
	w := commitEvents(t, l, "g1", 1)
	b := claim(t, l, 10, time.Minute)[0]
	err := l.RecordWebhookAttempt(ctx, groupmem.WebhookAttempt{WebhookID: w.ID, GroupID: "g1", Lease: b.Lease,
		Results: []groupmem.DeliveryResult{{DeliveryID: b.Deliveries[0].ID, Status: 503, Error: "HTTP 503\x00"}},
		Release: true, NextAt: time.Now().Add(time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	if again := claim(t, l, 10, time.Minute); len(again) != 0 {
		t.Fatalf("a stream waiting for its retry was claimed: %+v", again)
	}
	log, err := l.WebhookDeliveries(ctx, groupmem.WebhookDeliveryQuery{WebhookID: w.ID, Limit: 1, Before: b.Deliveries[1].ID})
	if err != nil || len(log) != 1 || log[0].State != groupmem.DeliveryPending || log[0].Attempts != 1 || log[0].LastError != "HTTP 503" {
		t.Fatalf("the failed attempt's log: %+v, %v", log, err)
	}
	if err := l.PauseWebhook(ctx, w.ID, "event x failed for 24h: HTTP 500"); err != nil {
		t.Fatal(err)
	}
	if _, err := l.InsertMessages(ctx, Msgs("g2", "m", 1)); err != nil {
		t.Fatal(err)
	}
	Commit(t, l, CreatePlan(Begin(t, l, "g2"), "likes tea"))
	other := w
	if got := claim(t, l, 10, time.Minute); len(got) != 0 {
		t.Fatalf("a paused webhook's stream was claimed: %+v", got)
	}
	got, err := l.Webhook(ctx, other.ID)
	if err != nil || got.PausedAt.IsZero() || got.PausedReason != "event x failed for 24h: HTTP 500" {
		t.Fatalf("paused webhook: %+v, %v", got, err)
	}
	if got, err = l.ResumeWebhook(ctx, other.ID); err != nil || !got.PausedAt.IsZero() || got.PausedReason != "" {
		t.Fatalf("resumed webhook: %+v, %v", got, err)
	}
	log, err = l.WebhookDeliveries(ctx, groupmem.WebhookDeliveryQuery{WebhookID: w.ID, Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range log {
		if d.State == groupmem.DeliveryPending && !d.FirstFailedAt.IsZero() {
			t.Errorf("delivery %d first failed at %s: a resume starts its retry window again", d.ID, d.FirstFailedAt)
		}
	}
	got2 := claim(t, l, 10, time.Minute)
	groups := make([]string, len(got2))
	for i, b := range got2 {
		groups[i] = b.GroupID
	}
	slices.Sort(groups)
	if !slices.Equal(groups, []string{"g1", "g2"}) {
		t.Fatalf("after resuming, every stream is due at once (g1's retry was an hour away), claimed: %v", groups)
	}
}

func testWebhookForgets(t *testing.T, l WebhookLedger) {
	ctx := context.Background()
	w := Subscribe(t, l, nil, groupmem.EventTypes...)
	msgs := Msgs("g1", "m", 2)
	msgs[0].Content = "we meet at the blue cafe on fridays"
	if _, err := l.InsertMessages(ctx, msgs); err != nil {
		t.Fatal(err)
	}
	plan := CreatePlan(Begin(t, l, "g1"), "we meet at the blue cafe on fridays", "likes tea")
	Commit(t, l, plan)
	if _, err := l.RedactMessage(ctx, "g1", "m0", "mod"); err != nil {
		t.Fatal(err)
	}
	got := Pending(t, l, w)["g1"]
	if n := len(got); n < 4 || got[n-1].Event.Type != groupmem.EventMessageRedacted {
		t.Fatalf("events after a redaction: %v", typesOf(got))
	}
	for _, d := range got {
		if d.Event.Data.Statement == msgs[0].Content || d.Event.Data.OldStatement == msgs[0].Content {
			t.Errorf("event %s still carries the redacted text: %+v", d.Event.Type, d.Event.Data)
		}
	}
	if red := got[len(got)-1].Event.Data; red.MessageID != "m0" || !slices.Contains(red.Redacted, plan.New[0].ID) {
		t.Errorf("message.redacted carries %+v", red)
	}
	if del := got[len(got)-2].Event; del.Type != groupmem.EventMemoryDeleted || del.Data.MemoryID != plan.New[0].ID ||
		del.Data.Statement != groupmem.Redacted {
		t.Errorf("the redaction deleted memory %s; the event before message.redacted is %s %+v, want memory.deleted",
			plan.New[0].ID, del.Type, del.Data)
	}
	if _, err := l.PurgeGroup(ctx, "g1", "mod"); err != nil {
		t.Fatal(err)
	}
	got = Pending(t, l, w)["g1"]
	if len(got) != 1 || got[0].Event.Type != groupmem.EventGroupPurged || got[0].Event.Data.Removed["messages"] != 2 {
		t.Fatalf("after a purge only its event waits: %+v", got)
	}
}

func testWebhookPurgeKeepsSeq(t *testing.T, l WebhookLedger) {
	w := commitEvents(t, l, "g1", 2)
	before := Pending(t, l, w)["g1"]
	if len(before) == 0 {
		t.Fatal("no events before the purge")
	}
	last := before[len(before)-1].Event.Seq
	if _, err := l.PurgeGroup(context.Background(), "g1", "mod"); err != nil {
		t.Fatal(err)
	}
	got := Pending(t, l, w)["g1"]
	if len(got) != 1 || got[0].Event.Type != groupmem.EventGroupPurged || got[0].Event.Seq != last+1 {
		t.Fatalf("after events up to seq %d the purge's event is %+v, want seq %d", last, got, last+1)
	}
}

// testWebhookForgetTakesLease: a redaction and a purge take the lease of
// the group's held stream, so its holder's next record fails and nobody
// claims the stream before the lease runs out.
func testWebhookForgetTakesLease(t *testing.T, l WebhookLedger) {
	ctx := context.Background()
	Subscribe(t, l, nil, groupmem.EventTypes...)
	msgs := Msgs("g1", "m", 2)
	msgs[0].Content = "we meet at the blue cafe on fridays"
	if _, err := l.InsertMessages(ctx, msgs); err != nil {
		t.Fatal(err)
	}
	Commit(t, l, CreatePlan(Begin(t, l, "g1"), "we meet at the blue cafe on fridays", "likes tea"))
	for _, forget := range []struct {
		name string
		fn   func() error
	}{
		{"redaction", func() error { _, err := l.RedactMessage(ctx, "g1", "m0", "mod"); return err }},
		{"purge", func() error { _, err := l.PurgeGroup(ctx, "g1", "mod"); return err }},
	} {
		held := claim(t, l, 10, time.Second)
		if len(held) != 1 {
			t.Fatalf("before the %s: claimed %+v", forget.name, held)
		}
		b := held[0]
		if err := forget.fn(); err != nil {
			t.Fatal(err)
		}
		if err := deliver(t, l, b, b.Deliveries[0], false); groupmem.ErrorCode(err) != groupmem.ESTALE {
			t.Fatalf("the holder's record after the %s: %v, want ESTALE", forget.name, err)
		}
		if got := claim(t, l, 10, time.Minute); len(got) != 0 {
			t.Fatalf("after the %s the stream was claimed before its lease ran out: %+v", forget.name, got)
		}
		time.Sleep(1100 * time.Millisecond) // the lease runs out; the next claimer takes over
	}
	got := claim(t, l, 10, time.Minute)
	if len(got) != 1 || len(got[0].Deliveries) != 1 || got[0].Deliveries[0].Event.Type != groupmem.EventGroupPurged {
		t.Fatalf("once the lease ran out, the purge's event is claimed alone: %+v", got)
	}
}

func testWebhookReplay(t *testing.T, l WebhookLedger) {
	ctx := context.Background()
	w := commitEvents(t, l, "g1", 2)
	b := claim(t, l, 10, time.Minute)[0]
	for i, d := range b.Deliveries {
		if err := deliver(t, l, b, d, i == len(b.Deliveries)-1); err != nil {
			t.Fatal(err)
		}
	}
	if n, err := l.ReplayWebhook(ctx, w.ID, b.Deliveries[1].Event.ID); err != nil || n != 3 {
		t.Fatalf("ReplayWebhook = %d, %v; want 3", n, err)
	}
	got := Pending(t, l, w)["g1"]
	if len(got) != 3 || got[0].Event.ID != b.Deliveries[1].Event.ID || got[0].Attempts != 0 {
		t.Fatalf("replayed: %+v", got)
	}
	if _, err := l.ReplayWebhook(ctx, w.ID, groupmem.NewID()); groupmem.ErrorCode(err) != groupmem.ENOTFOUND {
		t.Errorf("replay from an unknown event: %v, want ENOTFOUND", err)
	}
	if _, err := l.ReplayWebhook(ctx, groupmem.NewID(), b.Deliveries[1].Event.ID); groupmem.ErrorCode(err) != groupmem.ENOTFOUND {
		t.Errorf("replay of an unknown webhook: %v, want ENOTFOUND", err)
	}
}

// testWebhookReplayTakesLease: a replay while another holds the stream
// takes its lease, so the holder's record of the later events fails and
// the replay goes, in order, once the lease runs out.
func testWebhookReplayTakesLease(t *testing.T, l WebhookLedger) {
	ctx := context.Background()
	w := commitEvents(t, l, "g1", 2)
	first := claim(t, l, 2, time.Minute)[0]
	for i, d := range first.Deliveries {
		if err := deliver(t, l, first, d, i == len(first.Deliveries)-1); err != nil {
			t.Fatal(err)
		}
	}
	held := claim(t, l, 10, time.Second)[0]
	if n, err := l.ReplayWebhook(ctx, w.ID, first.Deliveries[0].Event.ID); err != nil || n != 4 {
		t.Fatalf("ReplayWebhook = %d, %v; want 4", n, err)
	}
	if err := deliver(t, l, held, held.Deliveries[0], true); groupmem.ErrorCode(err) != groupmem.ESTALE {
		t.Fatalf("the holder's record after a replay: %v, want ESTALE", err)
	}
	if got := claim(t, l, 10, time.Minute); len(got) != 0 {
		t.Fatalf("the replayed stream was claimed before the holder's lease ran out: %+v", got)
	}
	time.Sleep(1100 * time.Millisecond)
	got := claim(t, l, 10, time.Minute)
	if len(got) != 1 || len(got[0].Deliveries) != 4 {
		t.Fatalf("after the lease the replay is claimed whole: %+v", got)
	}
	for i, d := range got[0].Deliveries {
		if d.Event.Seq != int64(i+1) || d.Attempts != 0 {
			t.Errorf("replayed delivery %d: seq %d, %d attempts; want seq %d, none", i, d.Event.Seq, d.Attempts, i+1)
		}
	}
}

func testWebhookManage(t *testing.T, l WebhookLedger) {
	ctx := context.Background()
	w := commitEvents(t, l, "g1", 1)
	list, err := l.ListWebhooks(ctx)
	if err != nil || len(list) != 1 || list[0].ID != w.ID || list[0].Groups != nil || !slices.Equal(list[0].Events, w.Events) ||
		!list[0].CreatedAt.Equal(w.CreatedAt) {
		t.Fatalf("ListWebhooks = %+v, %v", list, err)
	}
	until := time.Now().Add(24 * time.Hour).UTC().Truncate(time.Microsecond)
	got, err := l.RotateWebhook(ctx, w.ID, "whsec_bmV3", until)
	if err != nil || got.Secret != "whsec_bmV3" || got.PreviousSecret != w.Secret || !got.PreviousUntil.Equal(until) {
		t.Fatalf("RotateWebhook = %+v, %v", got, err)
	}
	if err := l.DeleteWebhook(ctx, w.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Webhook(ctx, w.ID); groupmem.ErrorCode(err) != groupmem.ENOTFOUND {
		t.Errorf("a deleted webhook: %v, want ENOTFOUND", err)
	}
	if err := l.DeleteWebhook(ctx, w.ID); groupmem.ErrorCode(err) != groupmem.ENOTFOUND {
		t.Errorf("deleting twice: %v, want ENOTFOUND", err)
	}
	if got := claim(t, l, 10, time.Minute); len(got) != 0 {
		t.Errorf("a deleted webhook's deliveries were claimed: %+v", got)
	}
}
