package storetest

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
)

// deliverAll claims every due stream and records each of its deliveries
// as delivered, until none is due.
func deliverAll(t *testing.T, l WebhookLedger) {
	t.Helper()
	for {
		batches := claim(t, l, 1000, time.Minute)
		if len(batches) == 0 {
			return
		}
		for _, b := range batches {
			for i, d := range b.Deliveries {
				if err := deliver(t, l, b, d, i == len(b.Deliveries)-1); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// fail records a failed attempt at the first delivery of b and releases
// the stream, due at once.
func fail(t *testing.T, l WebhookLedger, b groupmem.WebhookBatch) {
	t.Helper()
	err := l.RecordWebhookAttempt(context.Background(), groupmem.WebhookAttempt{WebhookID: b.Webhook.ID, GroupID: b.GroupID,
		Lease: b.Lease, Results: []groupmem.DeliveryResult{{DeliveryID: b.Deliveries[0].ID, Status: 500, Error: "HTTP 500"}}, Release: true})
	if err != nil {
		t.Fatal(err)
	}
}

// oldest returns the first delivery of w's log (the oldest).
func oldest(t *testing.T, l WebhookLedger, w groupmem.Webhook) groupmem.WebhookDelivery {
	t.Helper()
	log, err := l.WebhookDeliveries(context.Background(), groupmem.WebhookDeliveryQuery{WebhookID: w.ID, Limit: 1000})
	if err != nil || len(log) == 0 {
		t.Fatalf("delivery log: %+v, %v", log, err)
	}
	return log[len(log)-1]
}

// testWebhookFirstFailure: a delivery's first failed attempt is kept
// through later failures, and a success, a replay and a resume clear
// it, so that the retry window is measured from the first failure, not
// from when the event was queued.
func testWebhookFirstFailure(t *testing.T, l WebhookLedger) {
	ctx := context.Background()
	w := commitEvents(t, l, "g1", 1)
	if d := oldest(t, l, w); !d.FirstFailedAt.IsZero() {
		t.Fatalf("a delivery never attempted first failed at %s", d.FirstFailedAt)
	}
	before := time.Now().Add(-time.Second)
	fail(t, l, claim(t, l, 10, time.Minute)[0])
	first := oldest(t, l, w).FirstFailedAt
	if first.Before(before) || first.After(time.Now().Add(time.Second)) {
		t.Fatalf("after a failure, first failed at %s; want about now", first)
	}
	time.Sleep(10 * time.Millisecond)
	fail(t, l, claim(t, l, 10, time.Minute)[0])
	if d := oldest(t, l, w); !d.FirstFailedAt.Equal(first) || d.Attempts != 2 {
		t.Fatalf("after a second failure: first failed at %s, %d attempts; want %s, 2", d.FirstFailedAt, d.Attempts, first)
	}
	if _, err := l.ResumeWebhook(ctx, w.ID); err != nil {
		t.Fatal(err)
	}
	if d := oldest(t, l, w); !d.FirstFailedAt.IsZero() {
		t.Fatalf("after a resume, first failed at %s; want none", d.FirstFailedAt)
	}
	fail(t, l, claim(t, l, 10, time.Minute)[0])
	if _, err := l.ReplayWebhook(ctx, w.ID, oldest(t, l, w).Event.ID); err != nil {
		t.Fatal(err)
	}
	if d := oldest(t, l, w); !d.FirstFailedAt.IsZero() {
		t.Fatalf("after a replay, first failed at %s; want none", d.FirstFailedAt)
	}
	fail(t, l, claim(t, l, 10, time.Minute)[0])
	deliverAll(t, l)
	if d := oldest(t, l, w); !d.FirstFailedAt.IsZero() || d.State != groupmem.DeliveryDelivered {
		t.Fatalf("after a success: %+v; want delivered, first failed at none", d)
	}
}

// testWebhookPrune: a prune removes, in batches of at most its limit,
// the deliveries delivered before its time, then the events older than
// it that no delivery refers to; a pending delivery and its event stay,
// and a replay from a pruned event is ENOTFOUND.
func testWebhookPrune(t *testing.T, l WebhookLedger) {
	ctx := context.Background()
	all := Subscribe(t, l, nil, groupmem.EventTypes...)
	if _, err := l.InsertMessages(ctx, Msgs("g1", "m", 1)); err != nil {
		t.Fatal(err)
	}
	Commit(t, l, CreatePlan(Begin(t, l, "g1"), "likes tea", "likes green tea")) // 3 events for all
	deliverAll(t, l)
	paused := Subscribe(t, l, []string{"g2"}, groupmem.EventTypes...)
	if err := l.PauseWebhook(ctx, paused.ID, "the receiver is down"); err != nil {
		t.Fatal(err)
	}
	if _, err := l.InsertMessages(ctx, Msgs("g2", "m", 1)); err != nil {
		t.Fatal(err)
	}
	Commit(t, l, CreatePlan(Begin(t, l, "g2"), "likes coffee")) // 2 events, for both
	deliverAll(t, l)                                            // all's only: paused waits
	g1Event, g2Event := oldest(t, l, all).Event, oldest(t, l, paused).Event

	if n, err := l.PruneWebhooks(ctx, groupmem.PruneWebhooksParams{Before: time.Now().Add(-time.Hour), Limit: 100}); err != nil ||
		n != (groupmem.PrunedWebhooks{}) {
		t.Fatalf("a prune of what was delivered an hour ago removed %+v, %v; want nothing", n, err)
	}
	later := groupmem.PruneWebhooksParams{Before: time.Now().Add(time.Hour), Limit: 2}
	var total groupmem.PrunedWebhooks
	for range 10 {
		n, err := l.PruneWebhooks(ctx, later)
		if err != nil {
			t.Fatal(err)
		}
		if n.Deliveries > later.Limit || n.Events > later.Limit {
			t.Fatalf("one prune removed %+v, more than its limit of %d", n, later.Limit)
		}
		if n == (groupmem.PrunedWebhooks{}) {
			break
		}
		total.Deliveries += n.Deliveries
		total.Events += n.Events
	}
	if total != (groupmem.PrunedWebhooks{Deliveries: 5, Events: 3}) {
		t.Fatalf("pruned %+v; want all's 5 deliveries and g1's 3 events (g2's wait for the paused webhook)", total)
	}
	log, err := l.WebhookDeliveries(ctx, groupmem.WebhookDeliveryQuery{WebhookID: paused.ID, Limit: 10})
	if err != nil || len(log) != 2 || log[0].State != groupmem.DeliveryPending {
		t.Fatalf("the paused webhook's deliveries after a prune: %+v, %v", log, err)
	}
	_, err = l.ReplayWebhook(ctx, all.ID, g1Event.ID)
	if groupmem.ErrorCode(err) != groupmem.ENOTFOUND || !strings.Contains(groupmem.ErrorMessage(err), "pruned") {
		t.Fatalf("a replay from a pruned event: %v; want ENOTFOUND saying events are pruned", err)
	}
	if n, err := l.ReplayWebhook(ctx, all.ID, g2Event.ID); err != nil || n != 2 {
		t.Fatalf("a replay from an event still needed = %d, %v; want 2", n, err)
	}
}

// testWebhookReplayGap: an event a paused webhook still waits for
// outlives the later events of its group that every other webhook got;
// a replay from it, which would skip those, is ECONFLICT and queues
// nothing.
func testWebhookReplayGap(t *testing.T, l WebhookLedger) {
	ctx := context.Background()
	all := Subscribe(t, l, nil, groupmem.EventTypes...)
	created := Subscribe(t, l, []string{"g1"}, groupmem.EventMemoryCreated)
	if err := l.PauseWebhook(ctx, created.ID, "the receiver is down"); err != nil {
		t.Fatal(err)
	}
	if _, err := l.InsertMessages(ctx, Msgs("g1", "m", 1)); err != nil {
		t.Fatal(err)
	}
	Commit(t, l, CreatePlan(Begin(t, l, "g1"), "likes tea")) // memory.created, then run.succeeded
	deliverAll(t, l)
	held := oldest(t, l, created).Event
	if n, err := l.PruneWebhooks(ctx, groupmem.PruneWebhooksParams{Before: time.Now().Add(time.Hour), Limit: 100}); err != nil ||
		n != (groupmem.PrunedWebhooks{Deliveries: 2, Events: 1}) {
		t.Fatalf("prune = %+v, %v; want all's 2 deliveries and the run's event", n, err)
	}
	n, err := l.ReplayWebhook(ctx, all.ID, held.ID)
	if groupmem.ErrorCode(err) != groupmem.ECONFLICT || !strings.Contains(groupmem.ErrorMessage(err), "pruned") || n != 0 {
		t.Fatalf("a replay over a pruned event = %d, %v; want ECONFLICT saying later events were pruned", n, err)
	}
	log, err := l.WebhookDeliveries(ctx, groupmem.WebhookDeliveryQuery{WebhookID: all.ID, Limit: 10})
	if err != nil || len(log) != 0 {
		t.Fatalf("after a refused replay, all's deliveries: %+v, %v; want none", log, err)
	}
}

// testWebhookRotationKeepsPrevious: a second rotation while the secret
// before still signs is ECONFLICT, naming when it may be made, and
// changes nothing; once that secret stopped, a rotation goes.
func testWebhookRotationKeepsPrevious(t *testing.T, l WebhookLedger) {
	ctx := context.Background()
	w := Subscribe(t, l, nil, groupmem.EventTypes...)
	until := time.Now().Add(time.Hour).UTC().Truncate(time.Microsecond)
	first, err := l.RotateWebhook(ctx, w.ID, "whsec_Zmlyc3Q=", until)
	if err != nil {
		t.Fatal(err)
	}
	_, err = l.RotateWebhook(ctx, w.ID, "whsec_c2Vjb25k", time.Now().Add(2*time.Hour))
	if groupmem.ErrorCode(err) != groupmem.ECONFLICT || !strings.Contains(groupmem.ErrorMessage(err), until.Format(time.RFC3339)) {
		t.Fatalf("a second rotation within the first's overlap: %v; want ECONFLICT naming %s", err, until.Format(time.RFC3339))
	}
	if got, err := l.Webhook(ctx, w.ID); err != nil || got.Secret != first.Secret || got.PreviousSecret != w.Secret {
		t.Fatalf("after a refused rotation: %+v, %v; want the first rotation's secrets", got, err)
	}
	if _, err := l.RotateWebhook(ctx, groupmem.NewID(), "whsec_c2Vjb25k", until); groupmem.ErrorCode(err) != groupmem.ENOTFOUND {
		t.Fatalf("rotating an unknown webhook: %v, want ENOTFOUND", err)
	}
	soon := Subscribe(t, l, nil, groupmem.EventTypes...)
	if _, err := l.RotateWebhook(ctx, soon.ID, "whsec_Zmlyc3Q=", time.Now().Add(20*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	time.Sleep(50 * time.Millisecond)
	if got, err := l.RotateWebhook(ctx, soon.ID, "whsec_c2Vjb25k", until); err != nil || got.PreviousSecret != "whsec_Zmlyc3Q=" {
		t.Fatalf("a rotation after the overlap: %+v, %v", got, err)
	}
}

// testWebhookClaimLeaseEnd: a claim says when its lease runs out.
func testWebhookClaimLeaseEnd(t *testing.T, l WebhookLedger) {
	commitEvents(t, l, "g1", 1)
	before := time.Now()
	b := claim(t, l, 10, time.Minute)
	if len(b) != 1 || b[0].LeasedUntil.Before(before.Add(time.Minute-time.Second)) || b[0].LeasedUntil.After(time.Now().Add(time.Minute+time.Second)) {
		t.Fatalf("a claim of a minute: %+v; want it leased for a minute from now", b)
	}
}
