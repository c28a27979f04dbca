package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
)

// TestUsageLateFinish runs the contract for the spend of a run that
// outlived its fence: its late FinishRun is refused (ECONFLICT) and
// changes nothing of its record but its tokens, which are recorded, and
// counted in the usage, when the run was closed as abandoned. A run that
// ended on its own keeps the tokens of its own end. open must return an
// empty, migrated ledger private to the test whose clock is now.
func TestUsageLateFinish(t *testing.T, open func(t *testing.T, now func() time.Time) groupmem.Ledger) {
	ctx := context.Background()
	day := time.Date(2026, 11, 2, 0, 0, 0, 0, time.UTC)
	l := open(t, func() time.Time { return day.Add(time.Hour) })
	late := Begin(t, l, "g1")
	Begin(t, l, "g1") // closes late as abandoned
	late.Status, late.Tokens = groupmem.RunNoop, groupmem.Tokens{Prompt: 900, Completion: 100, Calls: 3, Cost: 2 * groupmem.CostUnit}
	for range 2 { // a second late finish replaces the tokens, it does not add them again
		mustCode(t, l.FinishRun(ctx, late), groupmem.ECONFLICT)
	}
	got, err := l.Run(ctx, late.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Status != groupmem.RunFailed || got.Report.Reason != groupmem.FailAbandoned || got.Tokens != late.Tokens {
		t.Errorf("the abandoned run after its late finish: status %q, reason %q, tokens %+v; want failed, abandoned, %+v",
			got.Status, got.Report.Reason, got.Tokens, late.Tokens)
	}

	ended := Begin(t, l, "g2")
	ended.Status, ended.Tokens = groupmem.RunNoop, groupmem.Tokens{Prompt: 5, Calls: 1, Cost: 0.25 * groupmem.CostUnit}
	if err := l.FinishRun(ctx, ended); err != nil {
		t.Fatal(err)
	}
	again := ended
	again.Tokens = groupmem.Tokens{Prompt: 50, Calls: 2, Cost: 9 * groupmem.CostUnit}
	mustCode(t, l.FinishRun(ctx, again), groupmem.ECONFLICT)

	rep, err := l.Usage(ctx, groupmem.UsageQuery{Since: day, Until: day, By: groupmem.UsageByGroup, Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	want := []groupmem.Usage{
		{GroupID: "g1", Runs: 1, Calls: 3, PromptTokens: 900, CompletionTokens: 100, Cost: 2 * groupmem.CostUnit},
		{GroupID: "g2", Runs: 1, Calls: 1, PromptTokens: 5, Cost: 0.25 * groupmem.CostUnit},
	}
	if len(rep.Rows) != len(want) || rep.Rows[0] != want[0] || rep.Rows[1] != want[1] {
		t.Errorf("usage by group: %+v, want %+v", rep.Rows, want)
	}
}
