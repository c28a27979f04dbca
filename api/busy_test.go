package api_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	goredis "github.com/redis/go-redis/v9"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/redis/redistest"
)

// errorRunID returns error.run_id of an error answer ("" when absent).
func errorRunID(t testing.TB, r resp) string {
	t.Helper()
	e, _ := r.obj(t)["error"].(map[string]any)
	id, _ := e["run_id"].(string)
	return id
}

// errorMessage returns error.message of an error answer.
func errorMessage(t testing.TB, r resp) string {
	t.Helper()
	e, _ := r.obj(t)["error"].(map[string]any)
	msg, _ := e["message"].(string)
	return msg
}

// noInternals fails the test when an answer shows a lock key or names the
// lock store.
func noInternals(t testing.TB, r resp) {
	t.Helper()
	for _, s := range []string{"group:", "lock:", "redis", "Redis"} {
		if strings.Contains(string(r.body), s) {
			t.Errorf("%s %s shows %q to the caller:\n%s", r.method, r.path, s, r.body)
		}
	}
}

// A busy group answers 409 busy naming the run that holds it, when it
// began, and when to try again, on every writer path.
func TestBusyNamesTheHolder(t *testing.T) {
	hold := make(chan struct{})
	f := newFixture(t, fixtureOptions{hold: hold})
	tea := f.seed(t, "g1", "likes tea")["likes tea"]
	f.ingest(t, "g1", "hold")
	r := f.do(t, req{method: http.MethodPost, path: "/memory/evolve/g1?async=true", key: secretRoot})
	want(t, r, http.StatusAccepted, "")
	holder, _ := r.obj(t)["run_id"].(string)
	run, err := f.ledger.Run(context.Background(), holder)
	if err != nil {
		t.Fatal(err)
	}
	wantMsg := "group g1 is being evolved by run " + holder + ", started at " + run.StartedAt.UTC().Format(time.RFC3339)

	for _, rq := range []req{
		{method: http.MethodPost, path: "/memory/evolve/g1", key: secretRoot},
		{method: http.MethodPost, path: "/memory/evolve/g1?async=true", key: secretBot1},
		{method: http.MethodDelete, path: "/memory/" + tea.ID, key: secretMod1},
		{method: http.MethodPut, path: "/memory/" + tea.ID + "/strength", key: secretMod1, body: `{"strength":0.9}`},
	} {
		r := f.do(t, rq)
		want(t, r, http.StatusConflict, "busy")
		if got := errorRunID(t, r); got != holder {
			t.Errorf("%s %s: error.run_id = %q, want the holder %s", rq.method, rq.path, got, holder)
		}
		if msg := errorMessage(t, r); msg != wantMsg {
			t.Errorf("%s %s: message %q, want %q", rq.method, rq.path, msg, wantMsg)
		}
		secs, err := strconv.Atoi(r.header.Get("Retry-After"))
		if err != nil || secs < 1 || secs > 30 {
			t.Errorf("%s %s: Retry-After %q, want whole seconds within the lock ttl (1..30)", rq.method, rq.path, r.header.Get("Retry-After"))
		}
		noInternals(t, r)
	}

	close(hold)
	if err := f.handler.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	if run, _ := f.ledger.Run(context.Background(), holder); run.Status != groupmem.RunSucceeded {
		t.Fatalf("the holder's run = %s, want succeeded", run.Status)
	}
	// Free again: no Retry-After, no run, on an answer that is not busy.
	r = f.do(t, req{method: http.MethodDelete, path: "/memory/" + tea.ID, key: secretMod1})
	want(t, r, http.StatusOK, "")
}

// A run whose lock runs out under it (here: the lock vanishes from Redis,
// as when the worker stalled past its ttl) answers with its run id that it
// lost its lock and applied nothing.
func TestLostLockAnswersWhatHappened(t *testing.T) {
	ctx := context.Background()
	const ttl = 900 * time.Millisecond // renewed every 300ms: the loss is noticed quickly
	f := newFixture(t, fixtureOptions{hold: make(chan struct{}), lockTTL: ttl})
	f.ingest(t, "g1", "hold")
	rdb := goredis.NewClient(&goredis.Options{Addr: redistest.Addr()})
	defer rdb.Close()

	running := make(chan string, 1)
	go func() {
		defer close(running)
		for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
			runs, err := f.ledger.RunningRuns(ctx, groupmem.RunningRunsQuery{GroupID: "g1", Limit: 1})
			if err != nil || len(runs) == 0 {
				continue
			}
			// The lock's key in Redis (store/redis/keys.go) of the worker's
			// key for the group.
			if err := rdb.Del(ctx, f.redisPrefix+"lock:group:g1").Err(); err == nil {
				running <- runs[0].ID
			}
			return
		}
	}()
	r := f.do(t, req{method: http.MethodPost, path: "/memory/evolve/g1", key: secretRoot})
	runID := <-running
	if runID == "" {
		t.Fatal("the run never started, or its lock could not be removed")
	}
	want(t, r, http.StatusConflict, "stale_fence")
	if got := errorRunID(t, r); got != runID {
		t.Errorf("error.run_id = %q, want the run %s", got, runID)
	}
	msg := errorMessage(t, r)
	for _, s := range []string{"run " + runID + " did not apply", "lock on group g1 was lost", "nothing was applied"} {
		if !strings.Contains(msg, s) {
			t.Errorf("message %q does not say %q", msg, s)
		}
	}
	noInternals(t, r)
	if run, _ := f.ledger.Run(ctx, runID); run.Status != groupmem.RunFailed {
		t.Errorf("the run's record = %s, want failed", run.Status)
	}
	if got := f.active(t, "g1"); len(got) != 0 {
		t.Errorf("a run that lost its lock applied %v", got)
	}
}
