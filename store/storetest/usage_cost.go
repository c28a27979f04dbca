package storetest

import (
	"context"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
)

// TestUsageBadCost runs the contract for a cost that is not a number: a
// run's end whose tokens cannot be recorded (a cost of +Inf or NaN) is
// refused with EINVALID naming the cost and changes nothing, neither the run's record nor
// the usage. open must return an empty, migrated ledger private to the
// test whose clock is now.
func TestUsageBadCost(t *testing.T, open func(t *testing.T, now func() time.Time) groupmem.Ledger) {
	ctx := context.Background()
	day := time.Date(2026, 11, 2, 0, 0, 0, 0, time.UTC)
	l := open(t, func() time.Time { return day.Add(time.Hour) })
	r := Begin(t, l, "g1")
	r.Status = groupmem.RunNoop
	for _, cost := range []float64{math.Inf(1), math.NaN()} {
		r.Tokens = groupmem.Tokens{Prompt: 10, Calls: 1, Cost: cost}
		err := l.FinishRun(ctx, r)
		mustCode(t, err, groupmem.EINVALID)
		if !strings.Contains(err.Error(), "cost") {
			t.Errorf("the refusal of a cost of %v does not name the cost: %v", cost, err)
		}
		got, err := l.Run(ctx, r.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Status != groupmem.RunRunning || got.Tokens != (groupmem.Tokens{}) {
			t.Errorf("after a refused end with cost %v: status %q, tokens %+v; want running, none", cost, got.Status, got.Tokens)
		}
	}
	r.Tokens = groupmem.Tokens{Prompt: 10, Calls: 1, Cost: 0.5}
	if err := l.FinishRun(ctx, r); err != nil {
		t.Fatalf("FinishRun with a finite cost: %v", err)
	}
	rep, err := l.Usage(ctx, groupmem.UsageQuery{Since: day, Until: day, By: groupmem.UsageByDay})
	if err != nil {
		t.Fatal(err)
	}
	if want := (groupmem.Usage{Runs: 1, Calls: 1, PromptTokens: 10, Cost: 0.5}); rep.Total != want {
		t.Errorf("usage after the refused ends: %+v, want %+v", rep.Total, want)
	}
}
