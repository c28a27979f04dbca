package chaos

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/llm/llmtest"
	"github.com/groupmem/groupmem/store/storetest"
	"github.com/groupmem/groupmem/webhook"
)

// arrival is one request the receiver got.
type arrival struct {
	id    string
	typ   groupmem.EventType
	data  groupmem.EventData
	body  string
	order int
}

// While events commit in four groups (and runs that never commit come
// and go), the replicas that deliver them are killed with SIGKILL at
// random points and started again. Afterwards: every event the ledger
// committed reached the receiver (0 lost), every duplicate carries the
// id and body of the first, each group's events arrived first in commit
// order, and no event names a run that did not commit.
func TestWebhookDeliveryUnderKills(t *testing.T) {
	ctx := context.Background()
	model := llmtest.New(t)
	c := newCluster(t, model.URL(), "GROUPMEM_SCHEDULE=0 3 1 1 *", "GROUPMEM_WEBHOOK_ALLOW_PRIVATE=true",
		"GROUPMEM_WEBHOOK_ALLOW_HTTP=true", "GROUPMEM_WEBHOOK_TIMEOUT=1s", "GROUPMEM_WEBHOOK_LEASE=2s")

	var mu sync.Mutex
	var got []arrival
	rcv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		var body struct {
			Type groupmem.EventType `json:"type"`
			Data groupmem.EventData `json:"data"`
		}
		if err := json.Unmarshal(raw, &body); err != nil {
			t.Errorf("a delivery is not an event: %v", err)
		}
		time.Sleep(time.Duration(10+rand.IntN(30)) * time.Millisecond) // a window for the kills
		mu.Lock()
		got = append(got, arrival{id: r.Header.Get("webhook-id"), typ: body.Type, data: body.Data, body: string(raw), order: len(got)})
		mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	}))
	defer rcv.Close()
	hook, err := (&webhook.Subscriptions{Store: c.ledger, Guard: webhook.Guard{AllowPrivate: true, AllowHTTP: true}}).Create(ctx,
		webhook.NewWebhook{URL: rcv.URL, Events: groupmem.EventTypes, Actor: "chaos"})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range c.reps {
		r.start()
	}

	stop := produce(t, c)
	kills := killWhile(t, c, 12*time.Second)
	lost := stop()
	var total int
	deadline := time.Now().Add(90 * time.Second)
	for {
		if err := c.ledger.Pool().QueryRow(ctx, `SELECT count(*) FROM webhook_events`).Scan(&total); err != nil {
			t.Fatal(err)
		}
		mu.Lock()
		unique := map[string]bool{}
		for _, a := range got {
			unique[a.id] = true
		}
		mu.Unlock()
		if len(unique) >= total && total > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d events reached the receiver within 90 s of the last kill", len(unique), total)
		}
		time.Sleep(100 * time.Millisecond)
	}
	waitRecorded(t, c, hook, total)
	mu.Lock()
	defer mu.Unlock()
	dups := checkArrivals(t, c, hook, got, total, lost)
	report := fmt.Sprintf("webhooks under kills: %d events committed in %d groups, all received; %d SIGKILLs of the delivering replicas; %d duplicate deliveries, each with its event's id and body; first arrivals in commit order per group; no event of the runs that did not commit",
		total, groups, kills, dups)
	t.Log(report)
	if path := os.Getenv("GROUPMEM_CHAOS_REPORT"); path != "" {
		if f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644); err == nil {
			_, _ = fmt.Fprintln(f, report)
			f.Close()
		}
	}
}

// produce commits events in every group from a goroutine, for as long as
// the kills go on, with runs that never commit among them, and returns
// a function that returns (once production ended) the ids of those
// runs.
func produce(t *testing.T, c *cluster) func() map[string]bool {
	t.Helper()
	l := c.ledger
	for g := range groups {
		if _, err := l.InsertMessages(context.Background(), storetest.Msgs(fmt.Sprintf("g%d", g), "m", 1)); err != nil {
			t.Fatal(err)
		}
	}
	lost := map[string]bool{}
	done := make(chan struct{})
	var stop atomic.Bool
	go func() {
		defer close(done)
		for i := 0; !stop.Load(); i++ {
			g := fmt.Sprintf("g%d", i%groups)
			stale := storetest.Begin(t, l, g)
			if i%3 == 0 { // begun, overtaken, never committed
				storetest.Commit(t, l, storetest.CreatePlan(storetest.Begin(t, l, g), fmt.Sprintf("%s fact %d", g, i)))
				if err := l.CommitPlan(context.Background(), storetest.CreatePlan(stale, "never")); groupmem.ErrorCode(err) != groupmem.ESTALE {
					t.Errorf("a stale commit: %v", err)
				}
				lost[stale.ID] = true
				continue
			}
			storetest.Commit(t, l, storetest.CreatePlan(stale, fmt.Sprintf("%s fact %d", g, i)))
			time.Sleep(time.Duration(rand.IntN(10)) * time.Millisecond)
		}
		left := storetest.Begin(t, l, "g0") // still running at the end
		lost[left.ID] = true
	}()
	t.Cleanup(func() { stop.Store(true); <-done })
	return func() map[string]bool {
		stop.Store(true)
		<-done
		return lost
	}
}

// killWhile kills a random replica every 0.3 to 1.5 s for d and starts it
// again, then leaves both running; it returns how many kills there were.
func killWhile(t *testing.T, c *cluster, d time.Duration) int {
	t.Helper()
	kills := 0
	for end := time.Now().Add(d); time.Now().Before(end); kills++ {
		time.Sleep(time.Duration(300+rand.IntN(1200)) * time.Millisecond)
		r := c.reps[rand.IntN(len(c.reps))]
		r.kill()
		time.Sleep(time.Duration(rand.IntN(300)) * time.Millisecond)
		r.start()
	}
	return kills
}

// checkArrivals checks what the receiver got against the ledger, and
// returns the number of duplicates.
func checkArrivals(t *testing.T, c *cluster, hook groupmem.Webhook, got []arrival, total int, lost map[string]bool) int {
	t.Helper()
	ctx := context.Background()
	first := map[string]arrival{}
	next := map[string]int64{}
	dups := 0
	for _, a := range got {
		if f, ok := first[a.id]; ok {
			dups++
			if f.body != a.body {
				t.Errorf("event %s came twice with different bodies:\n%s\n%s", a.id, f.body, a.body)
			}
			continue
		}
		first[a.id] = a
		g := a.data.GroupID
		if a.data.Seq != next[g]+1 {
			t.Errorf("group %s: event seq %d arrived first after seq %d", g, a.data.Seq, next[g])
		}
		next[g] = a.data.Seq
		if lost[a.data.RunID] {
			t.Errorf("event %s (%s) names run %s, which never committed", a.id, a.typ, a.data.RunID)
		}
	}
	if len(first) != total {
		t.Errorf("%d distinct events received, the ledger committed %d", len(first), total)
	}
	var succeeded, created int
	if err := c.ledger.Pool().QueryRow(ctx, `SELECT count(*) FROM evolution_runs WHERE status = 'succeeded'`).Scan(&succeeded); err != nil {
		t.Fatal(err)
	}
	if err := c.ledger.Pool().QueryRow(ctx, `SELECT count(*) FROM memory_versions`).Scan(&created); err != nil {
		t.Fatal(err)
	}
	counts := map[groupmem.EventType]int{}
	for _, a := range first {
		counts[a.typ]++
	}
	if counts[groupmem.EventRunSucceeded] != succeeded || counts[groupmem.EventMemoryCreated] != created || len(counts) != 2 {
		t.Errorf("received %v; the ledger holds %d succeeded runs and %d versions", counts, succeeded, created)
	}
	log, err := c.ledger.WebhookDeliveries(ctx, groupmem.WebhookDeliveryQuery{WebhookID: hook.ID, Limit: total + 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range log {
		if d.State != groupmem.DeliveryDelivered {
			t.Errorf("delivery %d of event %s is %s", d.ID, d.Event.ID, d.State)
		}
	}
	return dups
}

// waitRecorded waits, at most 30 s, until the ledger records every
// delivery of hook as delivered: a deliverer records its attempts a little
// after it makes them (every 32 deliveries or 100 ms), and a killed one's
// unrecorded deliveries are made again once its lease runs out. The
// receiver keeps answering meanwhile.
func waitRecorded(t *testing.T, c *cluster, hook groupmem.Webhook, total int) {
	t.Helper()
	for wait := time.Now().Add(30 * time.Second); time.Now().Before(wait); time.Sleep(100 * time.Millisecond) {
		log, err := c.ledger.WebhookDeliveries(context.Background(), groupmem.WebhookDeliveryQuery{WebhookID: hook.ID, Limit: total + 1})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(log, func(d groupmem.WebhookDelivery) bool { return d.State != groupmem.DeliveryDelivered }) {
			return
		}
	}
}
