package storetest

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/groupmem/groupmem"
)

// TestUsage runs the usage contract: what runs used is summed by day and
// by group from the runs' own records, whichever way a run ended, and
// bad queries are refused. open must return an empty, migrated ledger
// private to the test whose clock is now.
func TestUsage(t *testing.T, open func(t *testing.T, now func() time.Time) groupmem.Ledger) {
	ctx := context.Background()
	var mu sync.Mutex
	at := time.Date(2026, 11, 1, 23, 30, 0, 0, time.UTC)
	setClock := func(t time.Time) { mu.Lock(); at = t; mu.Unlock() }
	l := open(t, func() time.Time { mu.Lock(); defer mu.Unlock(); return at })
	day1, day2, day3 := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC), time.Date(2026, 11, 2, 0, 0, 0, 0, time.UTC),
		time.Date(2026, 11, 3, 0, 0, 0, 0, time.UTC)
	finish := func(g string, status groupmem.RunStatus, tokens groupmem.Tokens) groupmem.Run {
		t.Helper()
		r := Begin(t, l, g)
		r.Status, r.Tokens = status, tokens
		if status == groupmem.RunFailed {
			r.Report.Reason, r.Error = groupmem.FailModel, "the model failed"
		}
		if err := l.FinishRun(ctx, r); err != nil {
			t.Fatalf("FinishRun: %v", err)
		}
		return r
	}
	failed := finish("g1", groupmem.RunFailed, groupmem.Tokens{Prompt: 100, Completion: 20, Calls: 2, Cost: 0.5})
	setClock(day2.Add(10 * time.Minute))
	committed := CreatePlan(Begin(t, l, "g1"), "likes tea")
	committed.Run.Status = groupmem.RunSucceeded
	committed.Run.Tokens = groupmem.Tokens{Prompt: 1000, Completion: 200, Embedding: 50, Calls: 1, Cost: 1.25}
	Commit(t, l, committed)
	finish("g2", groupmem.RunNoop, groupmem.Tokens{})
	finish("g2", groupmem.RunFailed, groupmem.Tokens{Prompt: 7, Completion: 3, Calls: 1, Cost: 3})
	setClock(day3.Add(time.Hour))
	Begin(t, l, "g1") // running: no usage yet

	got, err := l.Run(ctx, failed.ID)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(failed.Tokens, got.Tokens); diff != "" {
		t.Errorf("a run's recorded usage (-want +got):\n%s", diff)
	}
	usage := func(q groupmem.UsageQuery) groupmem.UsageReport {
		t.Helper()
		rep, err := l.Usage(ctx, q)
		if err != nil {
			t.Fatalf("Usage(%+v): %v", q, err)
		}
		return rep
	}
	u1 := groupmem.Usage{Runs: 1, Calls: 2, PromptTokens: 100, CompletionTokens: 20, Cost: 0.5}
	u2 := groupmem.Usage{Runs: 1, Calls: 1, PromptTokens: 1000, CompletionTokens: 200, EmbeddingTokens: 50, Cost: 1.25}
	g2 := groupmem.Usage{Runs: 1, Calls: 1, PromptTokens: 7, CompletionTokens: 3, Cost: 3}
	on := func(day time.Time, u groupmem.Usage) groupmem.Usage { u.Day = day; return u }
	of := func(g string, us ...groupmem.Usage) groupmem.Usage {
		var sum groupmem.Usage
		for _, u := range us {
			sum.Add(u)
		}
		sum.GroupID = g
		return sum
	}
	all := of("", u1, u2, g2)
	for _, c := range []struct {
		name string
		q    groupmem.UsageQuery
		want groupmem.UsageReport
	}{
		{"one group by day", groupmem.UsageQuery{GroupID: "g1", Since: day1, Until: day3, By: groupmem.UsageByDay},
			groupmem.UsageReport{Rows: []groupmem.Usage{on(day1, u1), on(day2, u2)}, Total: of("", u1, u2)}},
		{"every group by day", groupmem.UsageQuery{Since: day1, Until: day3, By: groupmem.UsageByDay},
			groupmem.UsageReport{Rows: []groupmem.Usage{on(day1, u1), on(day2, of("", u2, g2))}, Total: all}},
		{"a window of one day", groupmem.UsageQuery{Since: day2, Until: day2, By: groupmem.UsageByDay},
			groupmem.UsageReport{Rows: []groupmem.Usage{on(day2, of("", u2, g2))}, Total: of("", u2, g2)}},
		{"by group, the costliest first", groupmem.UsageQuery{Since: day1, Until: day3, By: groupmem.UsageByGroup, Limit: 10},
			groupmem.UsageReport{Rows: []groupmem.Usage{of("g2", g2), of("g1", u1, u2)}, Total: all}},
		{"by group, the total past the limit", groupmem.UsageQuery{Since: day1, Until: day3, By: groupmem.UsageByGroup, Limit: 1},
			groupmem.UsageReport{Rows: []groupmem.Usage{of("g2", g2)}, Total: all}},
		{"a key's groups", groupmem.UsageQuery{Groups: []string{"g1", "g9"}, Since: day1, Until: day3, By: groupmem.UsageByGroup, Limit: 10},
			groupmem.UsageReport{Rows: []groupmem.Usage{of("g1", u1, u2)}, Total: of("", u1, u2)}},
		{"a key of no group", groupmem.UsageQuery{Groups: []string{}, Since: day1, Until: day3, By: groupmem.UsageByDay},
			groupmem.UsageReport{}},
		{"a window before every run", groupmem.UsageQuery{Since: day1.AddDate(0, 0, -30), Until: day1.AddDate(0, 0, -1), By: groupmem.UsageByDay},
			groupmem.UsageReport{}},
	} {
		if diff := cmp.Diff(c.want, usage(c.q)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.name, diff)
		}
	}

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

	if _, err := l.PurgeGroup(ctx, "g1", "test"); err != nil {
		t.Fatal(err)
	}
	byGroup := groupmem.UsageQuery{Since: day1, Until: day3, By: groupmem.UsageByGroup, Limit: 10}
	if diff := cmp.Diff(groupmem.UsageReport{Rows: []groupmem.Usage{of("g2", g2)}, Total: of("", g2)}, usage(byGroup)); diff != "" {
		t.Errorf("after g1's purge (-want +got):\n%s", diff)
	}
}
