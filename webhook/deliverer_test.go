package webhook_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/storetest"
	"github.com/groupmem/groupmem/webhook"
)

// Every committed event reaches the receiver once, signed (checked by
// the test's own verification), in seq order per group, with the ids,
// statements and runs the ledger holds.
func TestDeliversSignedEventsInOrder(t *testing.T) {
	eachLedger(t, func(t *testing.T, l storetest.WebhookLedger) {
		rc := newReceiver(t)
		w := subscribe(t, l, rc.URL+"/hook", nil)
		evolve(t, l, "g1", 3)
		evolve(t, l, "g2", 2)
		drain(t, webhook.New(l, webhook.Config{Guard: open, PerStream: 2}))
		got := rc.all()
		if len(got) != 10 {
			t.Fatalf("the receiver got %d deliveries, want 10", len(got))
		}
		last := map[string]int64{}
		seen := map[string]bool{}
		for _, r := range got {
			if err := verify(w.Secret, r.Header, r.Raw); err != nil {
				t.Errorf("delivery %s: %v", r.ID, err)
			}
			d := r.Body.Data
			if d.Seq != last[d.GroupID]+1 {
				t.Errorf("group %s: event seq %d after %d", d.GroupID, d.Seq, last[d.GroupID])
			}
			last[d.GroupID] = d.Seq
			if seen[r.ID] || !groupmem.ValidID(r.ID) {
				t.Errorf("event id %q repeated or malformed", r.ID)
			}
			seen[r.ID] = true
			if r.Body.Type == groupmem.EventMemoryCreated && (!strings.HasPrefix(d.Statement, d.GroupID+" statement ") || d.MemoryID == "" || d.RunID == "") {
				t.Errorf("memory.created carries %+v", d)
			}
			if r.Header.Get("Content-Type") != "application/json" || r.Header.Get("User-Agent") != webhook.UserAgent {
				t.Errorf("headers %v", r.Header)
			}
		}
		log, err := l.WebhookDeliveries(context.Background(), groupmem.WebhookDeliveryQuery{WebhookID: w.ID, Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range log {
			if d.State != groupmem.DeliveryDelivered || d.Attempts != 1 || d.LastStatus != 204 || d.Latency <= 0 {
				t.Errorf("delivery log entry %+v", d)
			}
		}
	})
}

// A receiver that fails gets the event again after the backoff or its
// Retry-After, whichever is later, with the same id; the log says why;
// an event failing past the retry window pauses the webhook, with the
// reason, and the next events wait behind it.
func TestRetriesThenPauses(t *testing.T) {
	eachLedger(t, func(t *testing.T, l storetest.WebhookLedger) {
		ctx := context.Background()
		rc := newReceiver(t)
		rc.answer = func(n int, _ *http.Request) (int, http.Header) {
			if n == 1 {
				return http.StatusServiceUnavailable, http.Header{"Retry-After": {"1"}}
			}
			return http.StatusNoContent, nil
		}
		w := subscribe(t, l, rc.URL, nil)
		evolve(t, l, "g1", 1)
		d := webhook.New(l, webhook.Config{Guard: open})
		if n, err := d.RunOnce(ctx); n != 1 || err != nil {
			t.Fatalf("RunOnce = %d, %v", n, err)
		}
		if n, _ := d.RunOnce(ctx); n != 0 {
			t.Fatal("a failed stream was due again before its Retry-After")
		}
		log, err := l.WebhookDeliveries(ctx, groupmem.WebhookDeliveryQuery{WebhookID: w.ID, Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		if first := log[len(log)-1]; first.Attempts != 1 || first.LastStatus != 503 || !strings.HasPrefix(first.LastError, "HTTP 503") {
			t.Fatalf("the failed attempt's log: %+v", first)
		}
		time.Sleep(1100 * time.Millisecond)
		drain(t, d)
		got := rc.all()
		if len(got) != 3 || got[0].ID != got[1].ID || got[2].Body.Type != groupmem.EventRunSucceeded {
			t.Fatalf("after the retry: %d deliveries %+v", len(got), got)
		}

		rc.answer = func(int, *http.Request) (int, http.Header) { return http.StatusInternalServerError, nil }
		evolve(t, l, "g2", 1)
		expired := webhook.New(l, webhook.Config{Guard: open, RetryFor: time.Nanosecond})
		drain(t, expired) // the first failure starts the window
		if w, err := l.Webhook(ctx, w.ID); err != nil || !w.PausedAt.IsZero() {
			t.Fatalf("after the first failure: %+v, %v; want it not paused", w, err)
		}
		time.Sleep(1100 * time.Millisecond) // the backoff after one failure
		drain(t, expired)
		paused, err := l.Webhook(ctx, w.ID)
		if err != nil {
			t.Fatal(err)
		}
		if paused.PausedAt.IsZero() || !strings.Contains(paused.PausedReason, "HTTP 500") || !strings.Contains(paused.PausedReason, "group g2") {
			t.Fatalf("after the retry window: %+v", paused)
		}
	})
}

// A delivery to a loopback address is refused at the connection unless
// private addresses are allowed, whatever the URL said when it was
// checked.
func TestGuardRefusesPrivateAddressesAtConnection(t *testing.T) {
	eachLedger(t, func(t *testing.T, l storetest.WebhookLedger) {
		rc := newReceiver(t)
		w := subscribe(t, l, rc.URL, []string{"g1"})
		evolve(t, l, "g1", 1)
		drain(t, webhook.New(l, webhook.Config{Guard: webhook.Guard{AllowHTTP: true}}))
		if got := rc.all(); len(got) != 0 {
			t.Fatalf("a guarded deliverer reached loopback: %d deliveries", len(got))
		}
		log, err := l.WebhookDeliveries(context.Background(), groupmem.WebhookDeliveryQuery{WebhookID: w.ID, Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		if first := log[len(log)-1]; first.Attempts != 1 || !strings.Contains(first.LastError, "loopback") {
			t.Fatalf("the refused attempt's log: %+v", first)
		}
	})
}

// After a rotation deliveries carry two signatures, one by each secret,
// each of which verifies; a receiver that only knows the old secret
// keeps working for the overlap.
func TestRotationSignsWithBothSecrets(t *testing.T) {
	eachLedger(t, func(t *testing.T, l storetest.WebhookLedger) {
		rc := newReceiver(t)
		old := subscribe(t, l, rc.URL, nil)
		rotated, err := (&webhook.Subscriptions{Store: l, Guard: open}).Rotate(context.Background(), old.ID)
		if err != nil {
			t.Fatal(err)
		}
		if rotated.Secret == old.Secret || !strings.HasPrefix(rotated.Secret, webhook.SecretPrefix) ||
			time.Until(rotated.PreviousUntil) < 23*time.Hour {
			t.Fatalf("rotated: %+v", rotated)
		}
		evolve(t, l, "g1", 1)
		drain(t, webhook.New(l, webhook.Config{Guard: open}))
		for _, r := range rc.all() {
			if n := len(strings.Fields(r.Header.Get("webhook-signature"))); n != 2 {
				t.Errorf("%d signatures after a rotation, want 2", n)
			}
			if err := verify(old.Secret, r.Header, r.Raw); err != nil {
				t.Errorf("the old secret: %v", err)
			}
			if err := verify(rotated.Secret, r.Header, r.Raw); err != nil {
				t.Errorf("the new secret: %v", err)
			}
		}
	})
}

// A receiver that answers slowly holds at most its webhook's share of
// the deliverer: another webhook's events arrive meanwhile.
func TestSlowReceiverDelaysNoOther(t *testing.T) {
	eachLedger(t, func(t *testing.T, l storetest.WebhookLedger) {
		slow, fast := newReceiver(t), newReceiver(t)
		release := make(chan struct{})
		slow.answer = func(int, *http.Request) (int, http.Header) { <-release; return http.StatusNoContent, nil }
		defer close(release)
		subscribe(t, l, slow.URL, nil)
		for g := range 6 {
			evolve(t, l, "slow"+string(rune('a'+g)), 1)
		}
		subscribe(t, l, fast.URL, []string{"fast"})
		evolve(t, l, "fast", 3)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		d := webhook.New(l, webhook.Config{Guard: open, Concurrency: 4, PerWebhook: 2, Poll: 20 * time.Millisecond})
		go d.Run(ctx)
		deadline := time.Now().Add(5 * time.Second)
		for len(fast.all()) < 6 {
			if time.Now().After(deadline) {
				t.Fatalf("the fast receiver got %d of 6 events while the slow one held its streams", len(fast.all()))
			}
			time.Sleep(10 * time.Millisecond)
		}
		if n := len(slow.all()); n > 2 {
			t.Errorf("the slow receiver had %d requests in flight, more than its webhook's share of 2", n)
		}
	})
}
