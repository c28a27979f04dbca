package storetest

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/groupmem/groupmem"
)

// UsageOpen opens an empty, migrated ledger private to the test whose
// clock is now.
type UsageOpen func(t *testing.T, now func() time.Time) groupmem.Ledger

// TestUsage runs the usage contract: what runs used is summed by day and
// by group from the runs' own records, whichever way a run ended, in
// whatever order runs of past days are written and whatever the window;
// a purge keeps what its group used; bad queries are refused.
func TestUsage(t *testing.T, open UsageOpen) {
	t.Run("SumsByDayAndByGroup", func(t *testing.T) { testUsageSums(t, open) })
	t.Run("RefusesBadQueries", func(t *testing.T) { testUsageRefused(t, open) })
	t.Run("PastDaysAndWindowsMatchTheRuns", func(t *testing.T) { testUsagePastDays(t, open) })
	t.Run("PurgeKeepsTheSpend", func(t *testing.T) { testUsagePurge(t, open) })
	t.Run("ConcurrentEndsAddUp", func(t *testing.T) { testUsageConcurrent(t, open) })
}

// usageClock is a ledger clock that a test moves.
type usageClock struct {
	mu sync.Mutex
	at time.Time
}

func (c *usageClock) now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.at }
func (c *usageClock) set(t time.Time) { c.mu.Lock(); c.at = t; c.mu.Unlock() }

// finishUsed begins a run of g and finishes it with status and tokens.
func finishUsed(t *testing.T, l groupmem.Ledger, g string, status groupmem.RunStatus, tokens groupmem.Tokens) groupmem.Run {
	t.Helper()
	r := Begin(t, l, g)
	r.Status, r.Tokens = status, tokens
	if status == groupmem.RunFailed {
		r.Report.Reason, r.Error = groupmem.FailModel, "the model failed"
	}
	if err := l.FinishRun(context.Background(), r); err != nil {
		t.Fatalf("FinishRun: %v", err)
	}
	return r
}

// usageOf returns l's answer to q, failing the test on an error.
func usageOf(t *testing.T, l groupmem.Ledger, q groupmem.UsageQuery) groupmem.UsageReport {
	t.Helper()
	rep, err := l.Usage(context.Background(), q)
	if err != nil {
		t.Fatalf("Usage(%+v): %v", q, err)
	}
	return rep
}

// usageSum sums us under group g.
func usageSum(g string, us ...groupmem.Usage) groupmem.Usage {
	var sum groupmem.Usage
	for _, u := range us {
		sum.Add(u)
	}
	sum.GroupID = g
	return sum
}

// testUsageSums: runs that failed, committed or changed nothing are
// summed by day and by group, each run on the day it began; a running
// run and a run without usage count for nothing.
func testUsageSums(t *testing.T, open UsageOpen) {
	ctx := context.Background()
	clock := &usageClock{at: time.Date(2026, 11, 1, 23, 30, 0, 0, time.UTC)}
	l := open(t, clock.now)
	day1, day2, day3 := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC), time.Date(2026, 11, 2, 0, 0, 0, 0, time.UTC),
		time.Date(2026, 11, 3, 0, 0, 0, 0, time.UTC)
	failed := finishUsed(t, l, "g1", groupmem.RunFailed, groupmem.Tokens{Prompt: 100, Completion: 20, Calls: 2, Cost: 0.5 * groupmem.CostUnit})
	clock.set(day2.Add(10 * time.Minute))
	committed := CreatePlan(Begin(t, l, "g1"), "likes tea")
	committed.Run.Status = groupmem.RunSucceeded
	committed.Run.Tokens = groupmem.Tokens{Prompt: 1000, Completion: 200, Embedding: 50, Calls: 1, Cost: 1.25 * groupmem.CostUnit}
	Commit(t, l, committed)
	finishUsed(t, l, "g2", groupmem.RunNoop, groupmem.Tokens{})
	finishUsed(t, l, "g2", groupmem.RunFailed, groupmem.Tokens{Prompt: 7, Completion: 3, Calls: 1, Cost: 3 * groupmem.CostUnit})
	clock.set(day3.Add(time.Hour))
	Begin(t, l, "g1") // running: no usage yet

	got, err := l.Run(ctx, failed.ID)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(failed.Tokens, got.Tokens); diff != "" {
		t.Errorf("a run's recorded usage (-want +got):\n%s", diff)
	}
	u1 := groupmem.Usage{Runs: 1, Calls: 2, PromptTokens: 100, CompletionTokens: 20, Cost: 0.5 * groupmem.CostUnit}
	u2 := groupmem.Usage{Runs: 1, Calls: 1, PromptTokens: 1000, CompletionTokens: 200, EmbeddingTokens: 50, Cost: 1.25 * groupmem.CostUnit}
	g2 := groupmem.Usage{Runs: 1, Calls: 1, PromptTokens: 7, CompletionTokens: 3, Cost: 3 * groupmem.CostUnit}
	on := func(day time.Time, u groupmem.Usage) groupmem.Usage { u.Day = day; return u }
	all := usageSum("", u1, u2, g2)
	for _, c := range []struct {
		name string
		q    groupmem.UsageQuery
		want groupmem.UsageReport
	}{
		{"one group by day", groupmem.UsageQuery{GroupID: "g1", Since: day1, Until: day3, By: groupmem.UsageByDay},
			groupmem.UsageReport{Rows: []groupmem.Usage{on(day1, u1), on(day2, u2)}, Total: usageSum("", u1, u2)}},
		{"every group by day", groupmem.UsageQuery{Since: day1, Until: day3, By: groupmem.UsageByDay},
			groupmem.UsageReport{Rows: []groupmem.Usage{on(day1, u1), on(day2, usageSum("", u2, g2))}, Total: all}},
		{"a window of one day", groupmem.UsageQuery{Since: day2, Until: day2, By: groupmem.UsageByDay},
			groupmem.UsageReport{Rows: []groupmem.Usage{on(day2, usageSum("", u2, g2))}, Total: usageSum("", u2, g2)}},
		{"by group, the costliest first", groupmem.UsageQuery{Since: day1, Until: day3, By: groupmem.UsageByGroup, Limit: 10},
			groupmem.UsageReport{Rows: []groupmem.Usage{usageSum("g2", g2), usageSum("g1", u1, u2)}, Total: all}},
		{"by group, the total past the limit", groupmem.UsageQuery{Since: day1, Until: day3, By: groupmem.UsageByGroup, Limit: 1},
			groupmem.UsageReport{Rows: []groupmem.Usage{usageSum("g2", g2)}, Total: all}},
		{"a key's groups", groupmem.UsageQuery{Groups: []string{"g1", "g9"}, Since: day1, Until: day3, By: groupmem.UsageByGroup, Limit: 10},
			groupmem.UsageReport{Rows: []groupmem.Usage{usageSum("g1", u1, u2)}, Total: usageSum("", u1, u2)}},
		{"a key of no group", groupmem.UsageQuery{Groups: []string{}, Since: day1, Until: day3, By: groupmem.UsageByDay},
			groupmem.UsageReport{}},
		{"a window before every run", groupmem.UsageQuery{Since: day1.AddDate(0, 0, -30), Until: day1.AddDate(0, 0, -1), By: groupmem.UsageByDay},
			groupmem.UsageReport{}},
	} {
		if diff := cmp.Diff(c.want, usageOf(t, l, c.q)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.name, diff)
		}
	}
}

// testUsageRefused: a query that UsageQuery.Check refuses is EINVALID;
// the longest window is answered.
func testUsageRefused(t *testing.T, open UsageOpen) {
	ctx := context.Background()
	day1 := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	day2 := day1.AddDate(0, 0, 1)
	l := open(t, func() time.Time { return day1 })
	for _, q := range []groupmem.UsageQuery{
		{Since: day2, Until: day1, By: groupmem.UsageByDay},
		{Since: day1, Until: day1.AddDate(0, 0, groupmem.MaxUsageDays), By: groupmem.UsageByDay},
		{Since: day1.Add(time.Hour), Until: day2, By: groupmem.UsageByDay},
		{Since: day1, Until: day2, By: "week"},
		{Since: day1, Until: day2, By: groupmem.UsageByGroup},
		{GroupID: "g\x00", Since: day1, Until: day2, By: groupmem.UsageByDay},
		{Until: day2, By: groupmem.UsageByDay},
	} {
		_, err := l.Usage(ctx, q)
		mustCode(t, err, groupmem.EINVALID)
	}
	if _, err := l.Usage(ctx, groupmem.UsageQuery{Since: day1, Until: day1.AddDate(0, 0, groupmem.MaxUsageDays-1), By: groupmem.UsageByDay}); err != nil {
		t.Errorf("a window of MaxUsageDays days: %v", err)
	}
}
