package worker_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/worker"
)

// While a night goes on, the pool logs its progress: the slot's jobs
// done, given up, left and running, and the model's tokens per minute,
// 429s and budget waits; the last line of the night says nothing is left,
// and Pool.Progress returns the same figures.
func TestPoolLogsProgress(t *testing.T) {
	s := newStores(t)
	f := &scriptedFuser{delay: 30 * time.Millisecond, fails: map[string]int{"g5": -1}}
	svc := worker.New(worker.Deps{Ledger: s.ledger, Index: s.index, Locker: s.locker, Embedder: s.embedder,
		Fuser: f, Logger: s.log}, worker.Config{})
	addMessages(t, s.ledger, "m", 2, "g0", "g1", "g2", "g3", "g4", "g5")
	if n := tick(t, s.ledger, slot1, 1); n != 6 {
		t.Fatalf("tick enqueued %d jobs, want 6", n)
	}
	var calls atomic.Int64
	rate := func() worker.RateFigures {
		n := calls.Add(1)
		return worker.RateFigures{Tokens: 1000 * n, Throttled: n, BudgetWaits: 2 * n}
	}
	var out syncBuffer
	log := slog.New(slog.NewJSONHandler(&out, nil))
	pool := newPool(t, s.ledger, svc, log, worker.PoolConfig{Concurrency: 1, MaxAttempts: 1, Poll: 10 * time.Millisecond,
		ProgressEvery: 40 * time.Millisecond, Rate: rate})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pool.Start(ctx)
	waitJobs(t, s.ledger, slot1, 6)
	var last map[string]any
	var lines int
	deadline := time.Now().Add(10 * time.Second)
	for last == nil || last["left"].(float64) != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("no progress line saying nothing is left after 10s; log:\n%s", string(out.Bytes()))
		}
		time.Sleep(50 * time.Millisecond)
		last, lines = nil, 0
		for l := range strings.Lines(string(out.Bytes())) {
			var rec map[string]any
			if err := json.Unmarshal([]byte(l), &rec); err != nil {
				t.Fatalf("log line %q: %v", l, err)
			}
			if rec["msg"] == "night progress" {
				last, lines = rec, lines+1
			}
		}
	}
	cancel()
	if err := pool.Stop(context.Background()); err != nil {
		t.Fatal(err)
	}
	if last["done"].(float64) != 5 || last["given_up"].(float64) != 1 || last["running"].(float64) != 0 {
		t.Errorf("last progress line = %v, want 5 done, 1 given up, none running", last)
	}
	for _, k := range []string{"slot", "tokens_per_min", "throttled", "budget_waits"} {
		if _, ok := last[k]; !ok {
			t.Errorf("progress line %v has no %s", last, k)
		}
	}
	if lines > 1 {
		if last["throttled"].(float64) != 1 || last["budget_waits"].(float64) != 2 || last["tokens_per_min"].(float64) <= 0 {
			t.Errorf("progress line %v: want the interval's 1 429, 2 budget waits and a positive token rate", last)
		}
	}
	np, ok := pool.Progress()
	if !ok || !np.Slot.Equal(slot1) || np.Jobs != (groupmem.JobCounts{Done: 5, GivenUp: 1}) {
		t.Errorf("Progress = %+v, %v; want slot %s with 5 done and 1 given up", np, ok, slot1)
	}
}
