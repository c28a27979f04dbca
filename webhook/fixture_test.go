package webhook_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/sqlite"
	"github.com/groupmem/groupmem/store/storetest"
	"github.com/groupmem/groupmem/webhook"
)

// eachLedger runs fn on a fresh ledger of each kind: Postgres and the
// embedded SQLite one.
func eachLedger(t *testing.T, fn func(t *testing.T, l storetest.WebhookLedger)) {
	t.Run("postgres", func(t *testing.T) { fn(t, pgtest.Open(t)) })
	t.Run("sqlite", func(t *testing.T) {
		l, err := sqlite.Open(context.Background(), sqlite.Config{Path: filepath.Join(t.TempDir(), "ledger.db")})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { l.Close() })
		fn(t, l)
	})
}

// verify checks a delivery's signature as the Standard Webhooks
// specification describes it, written apart from the package's signing:
// the secret after "whsec_" is base64; the signed content is
// "<webhook-id>.<webhook-timestamp>.<body>"; webhook-signature holds
// space-separated "v1,<base64 HMAC-SHA256>" entries, any of which may
// match; the timestamp must be within five minutes.
func verify(secret string, h http.Header, body []byte) error {
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
	if err != nil {
		return fmt.Errorf("secret: %v", err)
	}
	id, ts, sigs := h.Get("webhook-id"), h.Get("webhook-timestamp"), h.Get("webhook-signature")
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return fmt.Errorf("webhook-timestamp %q: %v", ts, err)
	}
	if d := time.Since(time.Unix(sec, 0)); d > 5*time.Minute || d < -5*time.Minute {
		return fmt.Errorf("webhook-timestamp %s is %s away", ts, d)
	}
	m := hmac.New(sha256.New, key)
	fmt.Fprintf(m, "%s.%s.%s", id, ts, body)
	want := m.Sum(nil)
	for _, s := range strings.Fields(sigs) {
		version, sig, _ := strings.Cut(s, ",")
		got, err := base64.StdEncoding.DecodeString(sig)
		if version == "v1" && err == nil && hmac.Equal(got, want) {
			return nil
		}
	}
	return fmt.Errorf("no signature in %q matches", sigs)
}

// received is one request a receiver got.
type received struct {
	ID   string
	Body struct {
		Type      groupmem.EventType `json:"type"`
		Timestamp string             `json:"timestamp"`
		Data      groupmem.EventData `json:"data"`
	}
	Header http.Header
	Raw    []byte
}

// receiver is a real HTTP server on loopback that records what it gets
// and answers with answer (204 by default).
type receiver struct {
	*httptest.Server
	mu     sync.Mutex
	got    []received
	answer func(n int, r *http.Request) (status int, header http.Header)
}

func newReceiver(t *testing.T) *receiver {
	rc := &receiver{}
	rc.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		var got received
		got.ID, got.Header, got.Raw = r.Header.Get("webhook-id"), r.Header.Clone(), raw
		if err := json.Unmarshal(raw, &got.Body); err != nil {
			t.Errorf("a delivery's body is not the event's JSON: %v: %s", err, raw)
		}
		rc.mu.Lock()
		rc.got = append(rc.got, got)
		n, answer := len(rc.got), rc.answer
		rc.mu.Unlock()
		status := http.StatusNoContent
		if answer != nil {
			var h http.Header
			status, h = answer(n, r)
			for k, v := range h {
				w.Header()[k] = v
			}
		}
		w.WriteHeader(status)
	}))
	t.Cleanup(rc.Close)
	return rc
}

func (rc *receiver) all() []received {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return slices.Clone(rc.got)
}

// open is the guard the tests deliver under: a receiver on loopback, over
// http.
var open = webhook.Guard{AllowPrivate: true, AllowHTTP: true}

// subscribe creates a webhook of url for groups (nil: every group) and
// every event type.
func subscribe(t *testing.T, l groupmem.Webhooks, url string, groups []string) groupmem.Webhook {
	t.Helper()
	s := &webhook.Subscriptions{Store: l, Guard: open}
	w, err := s.Create(context.Background(), webhook.NewWebhook{URL: url, Events: groupmem.EventTypes, Groups: groups, Actor: "test"})
	if err != nil {
		t.Fatalf("create webhook: %v", err)
	}
	return w
}

// evolve commits n creates in group g (2n events: each memory.created and
// its run.succeeded).
func evolve(t testing.TB, l groupmem.Ledger, g string, n int) {
	t.Helper()
	if _, err := l.InsertMessages(context.Background(), storetest.Msgs(g, "m", 1)); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		storetest.Commit(t, l, storetest.CreatePlan(storetest.Begin(t, l, g), fmt.Sprintf("%s statement %d", g, i)))
	}
}

// drain runs d until no stream is due, at most for a while.
func drain(t *testing.T, d *webhook.Deliverer) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); {
		n, err := d.RunOnce(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			return
		}
	}
	t.Fatal("the deliverer still had due streams after 20s")
}
