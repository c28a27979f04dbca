package main

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/groupmem/groupmem/store/sqlite"
)

// hookReceiver is a webhook receiver on loopback: it answers status and
// keeps what it accepted (2xx); fails counts the others.
type hookReceiver struct {
	*httptest.Server
	status atomic.Int32
	fails  atomic.Int32
	mu     sync.Mutex
	got    []http.Header
	bodies [][]byte
}

func newHookReceiver(t *testing.T) *hookReceiver {
	rc := &hookReceiver{}
	rc.status.Store(http.StatusNoContent)
	rc.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		status := int(rc.status.Load())
		if status/100 != 2 {
			rc.fails.Add(1)
			w.WriteHeader(status)
			return
		}
		rc.mu.Lock()
		rc.got, rc.bodies = append(rc.got, r.Header.Clone()), append(rc.bodies, body)
		rc.mu.Unlock()
		w.WriteHeader(status)
	}))
	t.Cleanup(rc.Close)
	return rc
}

// wait waits until the receiver accepted n deliveries, and returns them.
func (rc *hookReceiver) wait(t *testing.T, n int) ([]http.Header, [][]byte) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		rc.mu.Lock()
		got, bodies := rc.got, rc.bodies
		rc.mu.Unlock()
		if len(got) >= n {
			return got, bodies
		}
		if time.Now().After(deadline) {
			t.Fatalf("the receiver got %d deliveries, want %d", len(got), n)
		}
	}
}

// signedBy checks a delivery's webhook-signature against secret, as the
// Standard Webhooks specification describes it (HMAC-SHA256 of
// "id.timestamp.body", keyed by the base64 after "whsec_").
func signedBy(secret string, h http.Header, body []byte) bool {
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
	if err != nil {
		return false
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte(h.Get("webhook-id") + "." + h.Get("webhook-timestamp") + "."))
	m.Write(body)
	want := "v1," + base64.StdEncoding.EncodeToString(m.Sum(nil))
	for _, s := range strings.Fields(h.Get("webhook-signature")) {
		if hmac.Equal([]byte(s), []byte(want)) {
			return true
		}
	}
	return false
}

// consoleWebhooks is the console subtest "webhooks page subscribes, shows
// the delivery log and why a webhook paused".
func consoleWebhooks(t *testing.T, b *browser, base, path string) {
	b = b.with(t)
	rc := newHookReceiver(t)
	ctx := b.tab(1200, 900, "en-US")
	b.signIn(ctx, consoleAdmin, "#/")
	b.run(ctx, visible(`#webhooks-link`), chromedp.Click(chromedp.CSS(`#webhooks-link`)), visible(`#hooks-empty`),
		chromedp.Click(chromedp.CSS(`[data-act="new-hook"]`)), visible(`#hook-url`),
		chromedp.SendKeys(chromedp.CSS(`#hook-url`), rc.URL+"/groupmem"),
		chromedp.SendKeys(chromedp.CSS(`#hook-groups`), "demo-devs"),
		chromedp.Click(chromedp.CSS(`input[value="run.failed"]`)),
		chromedp.Click(chromedp.CSS(`#hook-submit`)), visible(`#hook-secret`))
	secret := b.text(ctx, `#hook-secret`)
	if !strings.HasPrefix(secret, "whsec_") {
		t.Fatalf("the new webhook's secret reads %q", secret)
	}
	b.run(ctx, chromedp.Click(chromedp.CSS(`#secret-done`)), visible(`.hook-row`))
	if row := b.text(ctx, `.hook-row`); !strings.Contains(row, "demo-devs") || !strings.Contains(row, "run.failed") || strings.Contains(row, "whsec_") {
		t.Errorf("the webhook's row reads %q", row)
	}

	// A memory written by hand reaches the receiver, signed with that secret.
	if code, ans := callAs(t, consoleAdmin, "POST", base+"/memory/create/demo-devs", `{"statement":"the group tests its webhooks"}`); code != 201 {
		t.Fatalf("create = %d %v", code, ans)
	}
	got, bodies := rc.wait(t, 1)
	if !signedBy(secret, got[0], bodies[0]) || !strings.Contains(string(bodies[0]), `"memory.created"`) {
		t.Errorf("the first delivery is not memory.created signed by the shown secret: %v %s", got[0], bodies[0])
	}

	// The receiver fails; the log says so, and a pause shows its reason.
	rc.status.Store(http.StatusBadGateway)
	callAs(t, consoleAdmin, "POST", base+"/memory/create/demo-devs", `{"statement":"the receiver is down tonight"}`)
	for deadline := time.Now().Add(20 * time.Second); rc.fails.Load() == 0; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the failing receiver got no delivery")
		}
	}
	id := value(b, ctx, chromedp.Evaluate[string](`document.querySelector('.hook-row').dataset.hook`))
	pause(t, path, id, "event 4f0c… (memory.created, group demo-devs) failed for 24h0m0s over 19 attempts; last: HTTP 502: bad gateway")
	b.run(ctx, chromedp.Click(chromedp.CSS(`.hook-row a`)), visible(`#delivery-log`), visible(`#paused-reason`))
	if n := count(ctx, b, `.delivery-row[data-state="delivered"]`); n != 1 {
		t.Errorf("%d delivered rows, want 1", n)
	}
	if failing := b.text(ctx, `.delivery-row[data-state="pending"]`); !strings.Contains(failing, "502") {
		t.Errorf("the failing delivery's row reads %q", failing)
	}
	if reason := b.text(ctx, `#paused-reason`); !strings.Contains(reason, "HTTP 502") {
		t.Errorf("the paused webhook shows %q", reason)
	}
	b.shot(ctx, "console-webhooks.png")
	b.noProblems(ctx)

	// Resume, and the event that failed goes out; replay sends the first again, with its id.
	rc.status.Store(http.StatusNoContent)
	b.run(ctx, chromedp.Click(chromedp.CSS(`[data-act="resume"]`)), chromedp.WaitNotPresent(chromedp.CSS(`#paused-reason`)))
	rc.wait(t, 2)
	first := got[0].Get("webhook-id")
	b.run(ctx, chromedp.Navigate(b.base+"/console/#/w/"+id), visible(fmt.Sprintf(`.delivery-row[data-event=%q] [data-act="replay"]`, first)),
		chromedp.Click(chromedp.CSS(fmt.Sprintf(`.delivery-row[data-event=%q] [data-act="replay"]`, first))))
	again, _ := rc.wait(t, 4)
	if again[2].Get("webhook-id") != first {
		t.Errorf("the replay sent %s first, want %s", again[2].Get("webhook-id"), first)
	}
	b.noProblems(ctx)
	b.run(ctx, chromedp.Click(chromedp.CSS(`[data-act="delete-hook"]`)), visible(`#hooks-empty`))
}

// pause pauses webhook id in the ledger at path with reason, as the
// deliverer does when an event has failed for the whole retry window.
func pause(t *testing.T, path, id, reason string) {
	t.Helper()
	l, err := sqlite.Open(context.Background(), sqlite.Config{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if err := l.PauseWebhook(context.Background(), id, reason); err != nil {
		t.Fatal(err)
	}
}
