package webhook_test

import (
	"context"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/sqlite"
	"github.com/groupmem/groupmem/store/storetest"
	"github.com/groupmem/groupmem/webhook"
)

// clock is the wall clock moved on by hand: the ledger and the deliverer
// of a test share it.
type clock struct{ ahead atomic.Int64 }

func (c *clock) now() time.Time          { return time.Now().Add(time.Duration(c.ahead.Load())) }
func (c *clock) advance(d time.Duration) { c.ahead.Add(int64(d)) }

// eachLedgerOn runs fn on a fresh ledger of each kind whose clock is c.
func eachLedgerOn(t *testing.T, c *clock, fn func(t *testing.T, l storetest.WebhookLedger)) {
	t.Run("postgres", func(t *testing.T) { fn(t, pgtest.OpenWith(t, pgtest.Options{Now: c.now})) })
	t.Run("sqlite", func(t *testing.T) {
		l, err := sqlite.Open(context.Background(), sqlite.Config{Path: filepath.Join(t.TempDir(), "ledger.db"), Now: c.now})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { l.Close() })
		fn(t, l)
	})
}

// A configuration whose lease a send could outlast is refused, naming
// the fields.
func TestConfigCheckRefusesALeaseShorterThanTwoSends(t *testing.T) {
	tests := []struct {
		cfg webhook.Config
		ok  bool
	}{
		{webhook.Config{}, true},
		{webhook.Config{Timeout: time.Second, Lease: 2 * time.Second}, true},
		{webhook.Config{Timeout: time.Second, Lease: 1999 * time.Millisecond}, false},
		{webhook.Config{Lease: 20 * time.Second}, false}, // the default timeout is 15s
		{webhook.Config{Timeout: -time.Second}, false},
		{webhook.Config{Retention: -1}, true},
	}
	for _, tt := range tests {
		err := tt.cfg.Check()
		if tt.ok != (err == nil) || err != nil && groupmem.ErrorCode(err) != groupmem.EINVALID {
			t.Errorf("Check(%+v) = %v; want ok %v", tt.cfg, err, tt.ok)
		}
		if err != nil && tt.cfg.Lease > 0 && !strings.Contains(err.Error(), "Lease") {
			t.Errorf("Check(%+v) = %v; want it to name Lease", tt.cfg, err)
		}
	}
}

// A stream whose lease has less left than a send may take is renewed
// before the send: another claimer never takes it while its holder
// still sends, and every attempt is recorded under the holder's lease.
func TestLeaseIsRenewedBeforeASlowSend(t *testing.T) {
	eachLedger(t, func(t *testing.T, l storetest.WebhookLedger) {
		ctx := context.Background()
		rc := newReceiver(t)
		rc.answer = func(int, *http.Request) (int, http.Header) {
			time.Sleep(800 * time.Millisecond)
			return http.StatusNoContent, nil
		}
		w := subscribe(t, l, rc.URL, nil)
		evolve(t, l, "g1", 1)
		// The claim's lease has 1.6s; the holder starts sending 1s later
		// (a slow claim, a busy process), each send takes 0.8s. The
		// margins are wide so that a loaded machine cannot fake a lost lease.
		batches, err := l.ClaimWebhooks(ctx, groupmem.ClaimWebhooksParams{Streams: 1, PerStream: 10, Lease: 1600 * time.Millisecond})
		if err != nil || len(batches) != 1 || len(batches[0].Deliveries) != 2 {
			t.Fatalf("claim: %+v, %v", batches, err)
		}
		time.Sleep(time.Second)
		d := webhook.New(l, webhook.Config{Guard: open, Timeout: 1200 * time.Millisecond, Lease: 2400 * time.Millisecond})
		done := make(chan struct{})
		go func() { defer close(done); d.Deliver(ctx, batches[0]) }()
		var taken []groupmem.WebhookBatch
		for running := true; running; {
			select {
			case <-done:
				running = false
			case <-time.After(20 * time.Millisecond):
				got, err := l.ClaimWebhooks(ctx, groupmem.ClaimWebhooksParams{Streams: 1, PerStream: 10, Lease: time.Minute})
				if err != nil {
					t.Fatal(err)
				}
				taken = append(taken, got...)
			}
		}
		if len(taken) != 0 {
			t.Fatalf("another claimer took the stream while its holder was sending: %+v", taken)
		}
		log, err := l.WebhookDeliveries(ctx, groupmem.WebhookDeliveryQuery{WebhookID: w.ID, Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		for _, dl := range log {
			if dl.State != groupmem.DeliveryDelivered || dl.Attempts != 1 {
				t.Errorf("delivery %d: %s after %d attempts; want delivered after 1, recorded by its holder", dl.ID, dl.State, dl.Attempts)
			}
		}
		if n := len(rc.all()); n != 2 {
			t.Errorf("the receiver got %d requests, want 2", n)
		}
	})
}

// An event that waited in a backlog for longer than the retry window is
// not paused on its first failure: the window runs from the first failed
// attempt.
func TestRetryWindowStartsAtTheFirstFailure(t *testing.T) {
	c := &clock{}
	eachLedgerOn(t, c, func(t *testing.T, l storetest.WebhookLedger) {
		ctx := context.Background()
		rc := newReceiver(t)
		rc.answer = func(int, *http.Request) (int, http.Header) { return http.StatusInternalServerError, nil }
		w := subscribe(t, l, rc.URL, nil)
		evolve(t, l, "g1", 1)
		d := webhook.New(l, webhook.Config{Guard: open, Now: c.now})
		paused := func() bool {
			t.Helper()
			got, err := l.Webhook(ctx, w.ID)
			if err != nil {
				t.Fatal(err)
			}
			return !got.PausedAt.IsZero()
		}
		c.advance(25 * time.Hour) // the event waited behind a backlog
		if n, err := d.RunOnce(ctx); n != 1 || err != nil {
			t.Fatalf("RunOnce = %d, %v", n, err)
		}
		if paused() {
			t.Fatal("the webhook was paused on the first failure of an event queued 25h ago")
		}
		c.advance(2 * time.Hour)
		if n, err := d.RunOnce(ctx); n != 1 || err != nil {
			t.Fatalf("RunOnce = %d, %v", n, err)
		}
		if paused() {
			t.Fatal("the webhook was paused 2h after the event's first failure")
		}
		c.advance(23 * time.Hour)
		if n, err := d.RunOnce(ctx); n != 1 || err != nil {
			t.Fatalf("RunOnce = %d, %v", n, err)
		}
		if !paused() {
			t.Fatal("the webhook was not paused 25h after the event's first failure")
		}
	})
}

// A deliverer that stops releases the streams it holds: another claims
// them at once, not after the lease.
func TestStoppingReleasesTheStreams(t *testing.T) {
	eachLedger(t, func(t *testing.T, l storetest.WebhookLedger) {
		rc := newReceiver(t)
		arrived := make(chan struct{}, 10)
		rc.answer = func(_ int, r *http.Request) (int, http.Header) {
			arrived <- struct{}{}
			<-r.Context().Done()
			return http.StatusNoContent, nil
		}
		subscribe(t, l, rc.URL, nil)
		evolve(t, l, "g1", 1)
		ctx, cancel := context.WithCancel(context.Background())
		var wg sync.WaitGroup
		wg.Go(func() { webhook.New(l, webhook.Config{Guard: open, Poll: 20 * time.Millisecond}).Run(ctx) })
		select {
		case <-arrived:
		case <-time.After(10 * time.Second):
			t.Fatal("no delivery arrived")
		}
		cancel()
		wg.Wait()
		got, err := l.ClaimWebhooks(context.Background(), groupmem.ClaimWebhooksParams{Streams: 10, PerStream: 10, Lease: time.Minute})
		if err != nil || len(got) != 1 || len(got[0].Deliveries) != 2 || got[0].Deliveries[0].Attempts != 0 {
			t.Fatalf("after the deliverer stopped, the stream is claimed at once, its interrupted send not counted: %+v, %v", got, err)
		}
	})
}

// A webhook stored with an http URL while http was allowed is paused,
// with the reason, and sent nothing, once http is not.
func TestHTTPWebhookIsPausedOnceHTTPIsRefused(t *testing.T) {
	eachLedger(t, func(t *testing.T, l storetest.WebhookLedger) {
		ctx := context.Background()
		rc := newReceiver(t)
		w := subscribe(t, l, rc.URL, nil)
		evolve(t, l, "g1", 1)
		drain(t, webhook.New(l, webhook.Config{Guard: webhook.Guard{AllowPrivate: true}}))
		if n := len(rc.all()); n != 0 {
			t.Fatalf("the receiver got %d requests over http once http was refused", n)
		}
		got, err := l.Webhook(ctx, w.ID)
		if err != nil || got.PausedAt.IsZero() || !strings.Contains(got.PausedReason, "http") {
			t.Fatalf("the webhook: %+v, %v; want it paused saying http is refused", got, err)
		}
		log, err := l.WebhookDeliveries(ctx, groupmem.WebhookDeliveryQuery{WebhookID: w.ID, Limit: 10})
		if err != nil || len(log) != 2 || log[0].Attempts != 0 {
			t.Fatalf("its deliveries: %+v, %v; want both waiting, unattempted", log, err)
		}
	})
}

// A second rotation while the previous secret still signs is refused
// with ECONFLICT, and both secrets keep signing.
func TestSecondRotationIsRefused(t *testing.T) {
	eachLedger(t, func(t *testing.T, l storetest.WebhookLedger) {
		subs := &webhook.Subscriptions{Store: l, Guard: open}
		w := subscribe(t, l, "http://127.0.0.1:1/hook", nil)
		first, err := subs.Rotate(context.Background(), w.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := subs.Rotate(context.Background(), w.ID); groupmem.ErrorCode(err) != groupmem.ECONFLICT {
			t.Fatalf("a second rotation within a day: %v, want ECONFLICT", err)
		}
		got, err := l.Webhook(context.Background(), w.ID)
		if err != nil || got.Secret != first.Secret || got.PreviousSecret != w.Secret {
			t.Fatalf("after the refused rotation: %+v, %v", got, err)
		}
	})
}

// The pruner removes, in batches, what was delivered more than the
// retention ago and the events no webhook needs, and nothing newer.
func TestPrunerRemovesWhatTheRetentionLetsGo(t *testing.T) {
	c := &clock{}
	eachLedgerOn(t, c, func(t *testing.T, l storetest.WebhookLedger) {
		ctx := context.Background()
		rc := newReceiver(t)
		w := subscribe(t, l, rc.URL, nil)
		evolve(t, l, "g1", 3) // 6 events
		drain(t, webhook.New(l, webhook.Config{Guard: open, Now: c.now}))
		c.advance(8 * 24 * time.Hour)
		evolve(t, l, "g2", 1) // 2 events, delivered within the retention
		drain(t, webhook.New(l, webhook.Config{Guard: open, Now: c.now}))
		p := &webhook.Pruner{Store: l, Batch: 4, Now: c.now}
		n, err := p.Prune(ctx)
		if err != nil || n != (groupmem.PrunedWebhooks{Deliveries: 6, Events: 6}) {
			t.Fatalf("Prune = %+v, %v; want g1's 6 deliveries and events", n, err)
		}
		log, err := l.WebhookDeliveries(ctx, groupmem.WebhookDeliveryQuery{WebhookID: w.ID, Limit: 100})
		if err != nil || len(log) != 2 || log[0].Event.GroupID != "g2" {
			t.Fatalf("after the prune: %+v, %v; want g2's 2 deliveries", log, err)
		}
		if n, err := (&webhook.Pruner{Store: l, Retention: -1, Now: c.now}).Prune(ctx); err != nil || n != (groupmem.PrunedWebhooks{}) {
			t.Fatalf("a pruner that keeps everything removed %+v, %v", n, err)
		}
	})
}
