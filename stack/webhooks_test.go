package stack_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/stack"
	"github.com/groupmem/groupmem/store/storetest"
	"github.com/groupmem/groupmem/webhook"
)

// A webhook lease a send could outlast stops Open, naming Webhooks.
func TestOpenRefusesAWebhookLeaseShorterThanTwoSends(t *testing.T) {
	cfg := stack.Config{SQLitePath: filepath.Join(t.TempDir(), "x.db"),
		Webhooks: webhook.Config{Timeout: 10 * time.Second, Lease: 15 * time.Second}}
	_, err := stack.Open(context.Background(), cfg)
	var se *stack.SettingError
	if !errors.As(err, &se) || se.Setting != "Webhooks" {
		t.Fatalf("Open with a 15s lease and a 10s timeout = %v; want a SettingError naming Webhooks", err)
	}
}

// The scheduler's after-tick housekeeping prunes what every webhook got
// more than the retention ago, and keeps what is newer.
func TestAfterTickPrunesWebhooks(t *testing.T) {
	ctx := context.Background()
	var mu sync.Mutex
	now := time.Now()
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) }))
	defer receiver.Close()
	s, err := stack.Open(ctx, stack.Config{SQLitePath: filepath.Join(t.TempDir(), "x.db"), Now: clock, LocalEmbedder: stack.Hashing, Dim: 64,
		Webhooks: webhook.Config{Guard: webhook.Guard{AllowPrivate: true, AllowHTTP: true}, Retention: 7 * 24 * time.Hour}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if s.AfterTick == nil {
		t.Fatal("a stack with webhooks has no after-tick housekeeping")
	}
	w, err := s.Webhooks.Create(ctx, webhook.NewWebhook{URL: receiver.URL, Events: groupmem.EventTypes})
	if err != nil {
		t.Fatal(err)
	}
	commit := func(g string) {
		if _, err := s.Ledger.InsertMessages(ctx, storetest.Msgs(g, "m", 1)); err != nil {
			t.Fatal(err)
		}
		storetest.Commit(t, s.Ledger, storetest.CreatePlan(storetest.Begin(t, s.Ledger, g), "likes tea"))
		for n := 1; n > 0; {
			if n, err = s.Deliverer.RunOnce(ctx); err != nil {
				t.Fatal(err)
			}
		}
	}
	commit("old")
	mu.Lock()
	now = now.Add(8 * 24 * time.Hour)
	mu.Unlock()
	commit("new")
	s.AfterTick(ctx)
	log, err := s.Ledger.(groupmem.Webhooks).WebhookDeliveries(ctx, groupmem.WebhookDeliveryQuery{WebhookID: w.ID, Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(log) != 2 || log[0].Event.GroupID != "new" || log[1].Event.GroupID != "new" {
		t.Fatalf("after the tick, the delivery log holds %+v; want the new group's 2 deliveries only", log)
	}
}
