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
