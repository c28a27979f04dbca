package storetest

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	gocmp "github.com/google/go-cmp/cmp"

	"github.com/groupmem/groupmem"
)

// usageRuns is what a test's runs used, as the test wrote them: the
// answer to any usage query summed straight from the runs.
type usageRuns struct {
	runs   map[string]usedRun // by run id
	purged map[string]bool    // groups purged since their runs
}

type usedRun struct {
	group  string
	day    time.Time
	tokens groupmem.Tokens
}

func (u *usageRuns) add(r groupmem.Run) {
	if u.runs == nil {
		u.runs = map[string]usedRun{}
	}
	u.runs[r.ID] = usedRun{r.GroupID, groupmem.UsageDay(r.StartedAt), r.Tokens}
}

// want is the answer to q summed from the runs: a purged group's runs
// count under the purged groups, by group, and for no group or key.
func (u *usageRuns) want(q groupmem.UsageQuery) groupmem.UsageReport {
	rows := map[string]*groupmem.Usage{}
	var rep groupmem.UsageReport
	for _, r := range u.runs {
		used := r.tokens.Calls > 0 || r.tokens.Prompt > 0 || r.tokens.Completion > 0 || r.tokens.Embedding > 0 || r.tokens.Cost > 0
		g, purged := r.group, u.purged[r.group]
		if purged {
			g = ""
		}
		if !used || r.day.Before(q.Since) || r.day.After(q.Until) || (q.GroupID != "" && (purged || q.GroupID != g)) ||
			(q.Groups != nil && (purged || !slices.Contains(q.Groups, g))) {
			continue
		}
		key := g
		if q.By == groupmem.UsageByDay {
			key = r.day.Format(time.DateOnly)
		}
		if rows[key] == nil {
			rows[key] = &groupmem.Usage{}
			if q.By == groupmem.UsageByDay {
				rows[key].Day = r.day
			} else {
				rows[key].GroupID, rows[key].Purged = g, purged
			}
		}
		one := groupmem.Usage{Runs: 1, Calls: int64(r.tokens.Calls), PromptTokens: int64(r.tokens.Prompt),
			CompletionTokens: int64(r.tokens.Completion), EmbeddingTokens: int64(r.tokens.Embedding), Cost: r.tokens.Cost}
		rows[key].Add(one)
		rep.Total.Add(one)
	}
	for _, row := range rows {
		rep.Rows = append(rep.Rows, *row)
	}
	slices.SortFunc(rep.Rows, func(a, b groupmem.Usage) int {
		if q.By == groupmem.UsageByDay {
			return a.Day.Compare(b.Day)
		}
		tokens := func(u groupmem.Usage) int64 { return u.PromptTokens + u.CompletionTokens + u.EmbeddingTokens }
		return cmp.Or(cmp.Compare(b.Cost, a.Cost), cmp.Compare(tokens(b), tokens(a)), cmp.Compare(a.GroupID, b.GroupID))
	})
	if q.By == groupmem.UsageByGroup && len(rep.Rows) > q.Limit {
		rep.Rows = rep.Rows[:q.Limit]
	}
	return rep
}

// check compares l's answer to every window within [from, to] (by day and
// by group, for every group, for group g and for a key's groups) with the
// sums of the runs.
func (u *usageRuns) check(t *testing.T, l groupmem.Ledger, from, to time.Time, g string, key []string) {
	t.Helper()
	for since := from; !since.After(to); since = since.AddDate(0, 0, 1) {
		for until := since; !until.After(to); until = until.AddDate(0, 0, 1) {
			for _, q := range []groupmem.UsageQuery{
				{Since: since, Until: until, By: groupmem.UsageByDay},
				{Since: since, Until: until, By: groupmem.UsageByGroup, Limit: 100},
				{Since: since, Until: until, By: groupmem.UsageByGroup, Limit: 2},
				{GroupID: g, Since: since, Until: until, By: groupmem.UsageByDay},
				{GroupID: g, Since: since, Until: until, By: groupmem.UsageByGroup, Limit: 10},
				{Groups: key, Since: since, Until: until, By: groupmem.UsageByDay},
				{Groups: key, Since: since, Until: until, By: groupmem.UsageByGroup, Limit: 10},
			} {
				if diff := gocmp.Diff(u.want(q), usageOf(t, l, q)); diff != "" {
					t.Fatalf("%s to %s, group %q, key %q, by %s (limit %d), against the runs' sums (-want +got):\n%s",
						since.Format(time.DateOnly), until.Format(time.DateOnly), q.GroupID, q.Groups, q.By, q.Limit, diff)
				}
			}
		}
	}
}

// testUsagePastDays writes runs out of their days' order (a run of a day
// before its group's last, of a day before its group's first, a late end
// of an abandoned run that changes a past day's usage) and compares every
// window, including those that begin or end within a group's days and
// those before or after them, with the sums of the runs. Costs are
// tenths, which no float adds exactly: groupmem.Cost must.
func testUsagePastDays(t *testing.T, open UsageOpen) {
	ctx := context.Background()
	first := time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)
	clock := &usageClock{at: first}
	l := open(t, clock.now)
	var runs usageRuns
	run := func(g string, day, n int) groupmem.Run {
		t.Helper()
		clock.set(first.AddDate(0, 0, day).Add(time.Duration(n) * time.Minute))
		r := finishUsed(t, l, g, groupmem.RunNoop, groupmem.Tokens{Prompt: 10 * n, Completion: n, Embedding: n % 3,
			Calls: 1 + n%2, Cost: groupmem.Cost(n%5) * groupmem.CostUnit / 10})
		runs.add(r)
		return r
	}
	// Days in the order a night's runs, an import and late ends write them.
	for i, c := range []struct {
		g   string
		day int
	}{
		{"g1", 3}, {"g1", 3}, {"g2", 4}, {"g1", 7}, {"g3", 8}, {"g1", 5}, // g1: a day between its first and its last
		{"g2", 1}, {"g2", 2}, // g2: days before its first
		{"g3", 12}, {"g1", 1}, {"g4", 6}, {"g3", 9}, {"g1", 12}, {"g4", 6},
	} {
		run(c.g, c.day, i+1)
	}
	// A run of day 10 closed as abandoned on day 11, whose late end then
	// records its tokens on day 10, before g2's last day.
	clock.set(first.AddDate(0, 0, 10))
	late := Begin(t, l, "g2")
	run("g2", 11, 20)
	run("g2", 13, 21)
	late.Status, late.Tokens = groupmem.RunNoop, groupmem.Tokens{Prompt: 333, Completion: 33, Calls: 3, Cost: 1.5 * groupmem.CostUnit}
	mustCode(t, l.FinishRun(ctx, late), groupmem.ECONFLICT)
	runs.add(late)
	if got, err := l.Run(ctx, late.ID); err != nil || got.Tokens != late.Tokens {
		t.Fatalf("the late end's tokens: %+v, %v", got.Tokens, err)
	}
	runs.check(t, l, first.AddDate(0, 0, -1), first.AddDate(0, 0, 14), "g1", []string{"g2", "g4", "g9", ""})
}

// testUsagePurge purges groups and checks that every day's usage and
// every total stays: the purged groups' usage is one row by group,
// marked Purged, which no group's or key's query sees; a new group under
// a purged group's id starts with nothing.
func testUsagePurge(t *testing.T, open UsageOpen) {
	ctx := context.Background()
	first := time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)
	clock := &usageClock{at: first}
	l := open(t, clock.now)
	var runs usageRuns
	for i, c := range []struct {
		g   string
		day int
	}{{"g1", 0}, {"g2", 1}, {"g1", 2}, {"g3", 2}, {"g3", 5}, {"g1", 6}, {"g2", 6}, {"g3", 1}} {
		clock.set(first.AddDate(0, 0, c.day).Add(time.Duration(i) * time.Minute))
		runs.add(finishUsed(t, l, c.g, groupmem.RunNoop, groupmem.Tokens{Prompt: 100 + i, Completion: i, Calls: 1,
			Cost: groupmem.Cost(i) * groupmem.CostUnit / 10}))
	}
	from, to := first.AddDate(0, 0, -1), first.AddDate(0, 0, 8)
	for _, g := range []string{"g1", "g3"} {
		if _, err := l.PurgeGroup(ctx, g, "test"); err != nil {
			t.Fatal(err)
		}
		runs.purged = map[string]bool{"g1": true, "g3": g == "g3"}
		t.Run(fmt.Sprintf("after %s", g), func(t *testing.T) {
			runs.check(t, l, from, to, "g1", []string{"g1", "g2", ""})
		})
	}
	// g1 again, a new group: its own usage, apart from the purged groups'.
	clock.set(first.AddDate(0, 0, 3))
	newG1 := finishUsed(t, l, "g1", groupmem.RunNoop, groupmem.Tokens{Prompt: 5, Calls: 1, Cost: 0.5 * groupmem.CostUnit})
	for id, r := range runs.runs {
		if r.group == "g1" {
			r.group = "old g1" // a purged group, whatever its id
			runs.runs[id] = r
		}
	}
	runs.purged["old g1"], runs.purged["g1"] = true, false
	runs.add(newG1)
	runs.check(t, l, from, to, "g1", []string{"g1", "g2"})
}

// TestUsageBackfill runs the contract of the migration that keeps running
// totals (0020): rewind must put l's usage back as the migration before
// it left it (summed from the runs, a row per group and day of usage),
// apply it again and return the ledger; every window's answer must then
// still be the sums of the runs. open must return an empty, migrated
// ledger private to the test whose clock is now.
func TestUsageBackfill(t *testing.T, open UsageOpen, rewind func(t *testing.T, l groupmem.Ledger) groupmem.Ledger) {
	first := time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)
	clock := &usageClock{at: first}
	l := open(t, clock.now)
	var runs usageRuns
	for i, c := range []struct {
		g   string
		day int
	}{{"g1", 0}, {"g2", 2}, {"g1", 4}, {"g1", 4}, {"g3", 5}, {"g2", 9}, {"g1", 1}, {"g3", 5}} {
		clock.set(first.AddDate(0, 0, c.day).Add(time.Duration(i) * time.Minute))
		runs.add(finishUsed(t, l, c.g, groupmem.RunNoop, groupmem.Tokens{Prompt: 40 + i, Completion: i, Embedding: 1, Calls: 1,
			Cost: groupmem.Cost(i) * groupmem.CostUnit / 10}))
	}
	from, to := first.AddDate(0, 0, -1), first.AddDate(0, 0, 10)
	runs.check(t, l, from, to, "g1", []string{"g2", "g3"})
	l = rewind(t, l)
	runs.check(t, l, from, to, "g1", []string{"g2", "g3"})
	// The runs after the migration add to its totals.
	clock.set(first.AddDate(0, 0, 10))
	runs.add(finishUsed(t, l, "g1", groupmem.RunNoop, groupmem.Tokens{Prompt: 7, Calls: 1, Cost: 0.375 * groupmem.CostUnit}))
	clock.set(first.AddDate(0, 0, 3))
	runs.add(finishUsed(t, l, "g3", groupmem.RunNoop, groupmem.Tokens{Prompt: 9, Calls: 2, Cost: 0.25 * groupmem.CostUnit}))
	runs.check(t, l, from, to, "g3", []string{"g1", "g2"})
}

// testUsageConcurrent ends the runs of many groups at once, on one day
// and on the day after (a night's runs on several workers): every run is
// counted once, by group and by day.
func testUsageConcurrent(t *testing.T, open UsageOpen) {
	first := time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)
	clock := &usageClock{at: first}
	l := open(t, clock.now)
	var runs usageRuns
	var mu sync.Mutex
	for day := range 2 {
		clock.set(first.AddDate(0, 0, day).Add(time.Hour))
		var wg sync.WaitGroup
		for g := range 8 {
			wg.Go(func() { // t.Fatal belongs to the test's goroutine: errors are reported
				for i := range 4 {
					r, err := l.BeginRun(context.Background(), groupmem.BeginRunParams{GroupID: fmt.Sprintf("g%d", g),
						Trigger: groupmem.TriggerCron, Actor: "test"})
					if err != nil {
						t.Errorf("BeginRun: %v", err)
						return
					}
					r.Status, r.Tokens = groupmem.RunNoop, groupmem.Tokens{Prompt: 10 + g, Completion: i, Calls: 1, Cost: groupmem.Cost(g+i) * groupmem.CostUnit / 10}
					if err := l.FinishRun(context.Background(), r); err != nil {
						t.Errorf("FinishRun: %v", err)
						return
					}
					mu.Lock()
					runs.add(r)
					mu.Unlock()
				}
			})
		}
		wg.Wait()
	}
	if t.Failed() {
		return
	}
	runs.check(t, l, first, first.AddDate(0, 0, 2), "g3", []string{"g1", "g7"})
}
