package webhook_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/storetest"
	"github.com/groupmem/groupmem/webhook"
)

// A Retry-After longer than the backoff, in seconds or as an HTTP date,
// keeps the stream waiting after the backoff has passed (the first
// backoff is at most 1 s).
func TestRetryAfterOutlastsTheBackoff(t *testing.T) {
	for _, v := range []string{"120", "date"} {
		t.Run(v, func(t *testing.T) {
			eachLedger(t, func(t *testing.T, l storetest.WebhookLedger) {
				ctx := context.Background()
				rc := newReceiver(t)
				rc.answer = func(int, *http.Request) (int, http.Header) {
					after := v
					if v == "date" {
						after = time.Now().Add(120 * time.Second).UTC().Format(http.TimeFormat)
					}
					return http.StatusServiceUnavailable, http.Header{"Retry-After": {after}}
				}
				subscribe(t, l, rc.URL, nil)
				evolve(t, l, "g1", 1)
				d := webhook.New(l, webhook.Config{Guard: open})
				if n, err := d.RunOnce(ctx); n != 1 || err != nil {
					t.Fatalf("RunOnce = %d, %v", n, err)
				}
				time.Sleep(1100 * time.Millisecond)
				if n, _ := d.RunOnce(ctx); n != 0 || len(rc.all()) != 1 {
					t.Fatalf("the stream was due again after the backoff, before the receiver's Retry-After of %s", v)
				}
			})
		})
	}
}

// A redirect is not followed: the delivery fails with the 3xx, and the
// place it pointed to gets nothing.
func TestRedirectIsNotFollowed(t *testing.T) {
	eachLedger(t, func(t *testing.T, l storetest.WebhookLedger) {
		target := newReceiver(t)
		rc := newReceiver(t)
		rc.answer = func(int, *http.Request) (int, http.Header) {
			return http.StatusTemporaryRedirect, http.Header{"Location": {target.URL + "/elsewhere"}}
		}
		w := subscribe(t, l, rc.URL, nil)
		evolve(t, l, "g1", 1)
		if n, err := webhook.New(l, webhook.Config{Guard: open}).RunOnce(context.Background()); n != 1 || err != nil {
			t.Fatalf("RunOnce = %d, %v", n, err)
		}
		if got := target.all(); len(got) != 0 {
			t.Fatalf("the redirect was followed: its target got %d deliveries", len(got))
		}
		log, err := l.WebhookDeliveries(context.Background(), groupmem.WebhookDeliveryQuery{WebhookID: w.ID, Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		if first := log[len(log)-1]; first.State != groupmem.DeliveryPending || first.LastStatus != http.StatusTemporaryRedirect ||
			!strings.HasPrefix(first.LastError, "HTTP 307") {
			t.Fatalf("the redirected delivery's log: %+v", first)
		}
	})
}

// A host name that resolves to loopback is refused at the connection,
// whatever it resolved to when the URL was checked.
func TestGuardRefusesANameResolvingToLoopback(t *testing.T) {
	eachLedger(t, func(t *testing.T, l storetest.WebhookLedger) {
		rc := newReceiver(t)
		w := subscribe(t, l, strings.Replace(rc.URL, "127.0.0.1", "localhost", 1), nil)
		evolve(t, l, "g1", 1)
		if n, err := webhook.New(l, webhook.Config{Guard: webhook.Guard{AllowHTTP: true}}).RunOnce(context.Background()); n != 1 || err != nil {
			t.Fatalf("RunOnce = %d, %v", n, err)
		}
		if got := rc.all(); len(got) != 0 {
			t.Fatalf("a name resolving to loopback was reached: %d deliveries", len(got))
		}
		log, err := l.WebhookDeliveries(context.Background(), groupmem.WebhookDeliveryQuery{WebhookID: w.ID, Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		if first := log[len(log)-1]; first.Attempts != 1 || !strings.Contains(first.LastError, "loopback") {
			t.Fatalf("the refused delivery's log: %+v", first)
		}
	})
}

// Of an endless answer only the first MaxResponseBytes are read: the
// delivery ends at once, not at its timeout.
func TestReadsAtMostMaxResponseBytes(t *testing.T) {
	eachLedger(t, func(t *testing.T, l storetest.WebhookLedger) {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusOK)
			chunk := make([]byte, 1024)
			for r.Context().Err() == nil {
				if _, err := w.Write(chunk); err != nil {
					return
				}
				w.(http.Flusher).Flush()
			}
		}))
		t.Cleanup(srv.Close)
		w := subscribe(t, l, srv.URL, []string{"g1"})
		evolve(t, l, "g1", 1)
		if n, err := webhook.New(l, webhook.Config{Guard: open, Timeout: 3 * time.Second, PerStream: 1}).RunOnce(context.Background()); n != 1 || err != nil {
			t.Fatalf("RunOnce = %d, %v", n, err)
		}
		log, err := l.WebhookDeliveries(context.Background(), groupmem.WebhookDeliveryQuery{WebhookID: w.ID, Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		if first := log[len(log)-1]; first.State != groupmem.DeliveryDelivered || first.Latency >= time.Second {
			t.Fatalf("an endless answer's delivery: %+v (read to its timeout?)", first)
		}
	})
}
