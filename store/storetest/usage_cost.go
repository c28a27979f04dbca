package storetest

import (
	"context"
	"encoding/json"
	"math/big"
	"testing"
	"time"

	gocmp "github.com/google/go-cmp/cmp"

	"github.com/groupmem/groupmem"
)

// TestUsageExactCost runs the contract for costs that no float adds
// exactly (tenths of a unit): the cost of a window is the sum of its
// runs' costs to the nano-unit, by day, by group (a difference of running
// totals) and in total, so groups of equal usage tie and rank by id. open
// must return an empty, migrated ledger private to the test whose clock
// is now.
func TestUsageExactCost(t *testing.T, open func(t *testing.T, now func() time.Time) groupmem.Ledger) {
	first := time.Date(2026, 11, 2, 0, 0, 0, 0, time.UTC)
	clock := &usageClock{at: first}
	l := open(t, clock.now)
	day := func(d int) time.Time { return first.AddDate(0, 0, d) }
	run := func(g string, d, prompt int, cost groupmem.Cost) {
		t.Helper()
		clock.set(day(d).Add(time.Hour))
		finishUsed(t, l, g, groupmem.RunNoop, groupmem.Tokens{Prompt: prompt, Calls: 1, Cost: cost})
	}
	// b's running totals are 0.1, then 0.1 + 0.2, then 0.1 + 0.2 + 0.3;
	// z spends 0.1 and 0.2 on one day, d 0.3 at once, with as many tokens:
	// a group's window is a difference of running totals, and groups of
	// equal cost and tokens rank by id.
	const unit = groupmem.CostUnit
	run("b", 0, 10, 0.1*unit)
	run("b", 1, 10, 0.2*unit)
	run("a", 1, 10, 0.2*unit)
	run("z", 2, 10, 0.1*unit)
	run("z", 2, 10, 0.2*unit)
	run("d", 2, 20, 0.3*unit)
	run("b", 3, 20, 0.3*unit)
	run("a", 3, 10, 0.1*unit)
	run("a", 3, 10, 0.2*unit)

	use := func(g string, runs, prompt int64, cost groupmem.Cost) groupmem.Usage {
		return groupmem.Usage{GroupID: g, Runs: runs, Calls: runs, PromptTokens: prompt, Cost: cost}
	}
	onDay := func(d int, runs, prompt int64, cost groupmem.Cost) groupmem.Usage {
		u := use("", runs, prompt, cost)
		u.Day = day(d)
		return u
	}
	byGroup := func(g string, since, until, limit int) groupmem.UsageQuery {
		return groupmem.UsageQuery{GroupID: g, Since: day(since), Until: day(until), By: groupmem.UsageByGroup, Limit: limit}
	}
	tests := []struct {
		name string
		q    groupmem.UsageQuery
		want groupmem.UsageReport
	}{
		{"the second day by group", byGroup("", 1, 1, 10), groupmem.UsageReport{
			Rows:  []groupmem.Usage{use("a", 1, 10, 0.2*unit), use("b", 1, 10, 0.2*unit)},
			Total: use("", 2, 20, 0.4*unit)}},
		{"the third day by group", byGroup("", 2, 2, 10), groupmem.UsageReport{
			Rows:  []groupmem.Usage{use("d", 1, 20, 0.3*unit), use("z", 2, 20, 0.3*unit)},
			Total: use("", 3, 40, 0.6*unit)}},
		{"the last three days by group", byGroup("", 1, 3, 10), groupmem.UsageReport{
			Rows: []groupmem.Usage{use("a", 3, 30, 0.5*unit), use("b", 2, 30, 0.5*unit),
				use("d", 1, 20, 0.3*unit), use("z", 2, 20, 0.3*unit)},
			Total: use("", 8, 100, 1.6*unit)}},
		{"the first of four tied over the last two days", byGroup("", 2, 3, 1), groupmem.UsageReport{
			Rows:  []groupmem.Usage{use("a", 2, 20, 0.3*unit)},
			Total: use("", 6, 80, 1.2*unit)}},
		{"b's last three days", byGroup("b", 1, 3, 10), groupmem.UsageReport{
			Rows:  []groupmem.Usage{use("b", 2, 30, 0.5*unit)},
			Total: use("", 2, 30, 0.5*unit)}},
		{"every day", groupmem.UsageQuery{Since: day(0), Until: day(3), By: groupmem.UsageByDay}, groupmem.UsageReport{
			Rows: []groupmem.Usage{onDay(0, 1, 10, 0.1*unit), onDay(1, 2, 20, 0.4*unit),
				onDay(2, 3, 40, 0.6*unit), onDay(3, 3, 40, 0.6*unit)},
			Total: use("", 9, 110, 1.7*unit)}},
		{"a's and z's days", groupmem.UsageQuery{Groups: []string{"a", "z"}, Since: day(0), Until: day(3), By: groupmem.UsageByDay},
			groupmem.UsageReport{
				Rows:  []groupmem.Usage{onDay(1, 1, 10, 0.2*unit), onDay(2, 2, 20, 0.3*unit), onDay(3, 2, 20, 0.3*unit)},
				Total: use("", 5, 50, 0.8*unit)}},
	}
	for _, tt := range tests {
		got := usageOf(t, l, tt.q)
		if diff := gocmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: usage differs (-want +got):\n%s", tt.name, diff)
		}
	}
}

// CostUpgrade rewinds a ledger's usage tables to before costs were kept in
// nano-units (floats, as migration 0020 left them), lets the test write
// runs there, and then migrates it.
type CostUpgrade struct {
	// Rewind makes l's usage tables and triggers those of migration 0020
	// again, with no usage, and marks the nano-unit migration not applied.
	Rewind func(t *testing.T, l groupmem.Ledger)
	// SetTokens writes tokens, as JSON, into the record of the run id, as
	// an older version could have (a float cost), through the triggers.
	SetTokens func(t *testing.T, l groupmem.Ledger, id, tokens string)
	// Tokens returns the tokens of the record of the run id, as stored.
	Tokens func(t *testing.T, l groupmem.Ledger, id string) string
	// Migrate applies the migrations left and returns the ledger to use.
	Migrate func(t *testing.T, l groupmem.Ledger) groupmem.Ledger
}

// TestUsageCostUpgrade runs the contract of the migration to nano-units
// on a ledger with usage: float costs summed by the older triggers, a
// run's cost written as a float (0.30000000000000004), runs whose costs
// fall between two nano-units, a purged group's usage. After it every
// window is the exact sum of its runs' costs, each rounded to the
// nano-unit (half away from zero), as a run is read, and as each run's
// stored cost is rewritten; the purged groups' usage is their sums
// rounded; and new runs add exactly.
func TestUsageCostUpgrade(t *testing.T, open UsageOpen, up CostUpgrade) {
	ctx := context.Background()
	first := time.Date(2026, 11, 2, 0, 0, 0, 0, time.UTC)
	clock := &usageClock{at: first}
	l := open(t, clock.now)
	up.Rewind(t, l)
	day := func(d int) time.Time { return first.AddDate(0, 0, d) }
	run := func(g string, d int, tokens string) groupmem.Run {
		t.Helper()
		clock.set(day(d).Add(time.Hour))
		r := finishUsed(t, l, g, groupmem.RunNoop, groupmem.Tokens{Prompt: 10, Calls: 1})
		up.SetTokens(t, l, r.ID, tokens)
		return r
	}
	cost := func(c string) string { return `{"prompt":10,"completion":0,"calls":1,"cost":` + c + `}` }
	run("b", 0, cost("0.1"))
	run("b", 1, cost("0.2"))
	run("a", 1, cost("0.1"))
	floatRun := run("a", 1, cost("0.30000000000000004"))
	run("h", 1, cost("3.75e-8")) // 37.5 nano-units: 38 each, 76 for the two
	halfRun := run("h", 1, cost("3.75e-8"))
	run("p", 0, cost("0.1"))
	run("p", 1, cost("0.2"))
	if _, err := l.PurgeGroup(ctx, "p", "test"); err != nil {
		t.Fatal(err)
	}
	l = up.Migrate(t, l)

	for _, r := range []struct {
		id   string
		want groupmem.Cost
	}{{floatRun.ID, 0.3 * groupmem.CostUnit}, {halfRun.ID, 38}} {
		got, err := l.Run(ctx, r.id)
		if err != nil || got.Tokens.Cost != r.want {
			t.Fatalf("run %s reads cost %v, %v; want %v", r.id, got.Tokens.Cost, err, r.want)
		}
		var stored struct{ Cost json.Number }
		if err := json.Unmarshal([]byte(up.Tokens(t, l, r.id)), &stored); err != nil {
			t.Fatal(err)
		}
		nanos, ok := new(big.Rat).SetString(string(stored.Cost))
		if !ok || !nanos.Mul(nanos, big.NewRat(groupmem.CostUnit, 1)).IsInt() || nanos.Num().Int64() != int64(r.want) {
			t.Errorf("run %s stores cost %s after the migration, want %v exactly", r.id, stored.Cost, r.want)
		}
	}
	const unit = groupmem.CostUnit
	use := func(g string, runs int64, cost groupmem.Cost) groupmem.Usage {
		return groupmem.Usage{GroupID: g, Purged: g == "", Runs: runs, Calls: runs, PromptTokens: 10 * runs, Cost: cost}
	}
	want := groupmem.UsageReport{
		Rows: []groupmem.Usage{use("a", 2, 0.4*unit), use("", 1, 0.2*unit), use("b", 1, 0.2*unit), use("h", 2, 76)},
		// The total is the sum of the days: the purged groups' usage and
		// that of the others, all rounded alike.
		Total: groupmem.Usage{Runs: 6, Calls: 6, PromptTokens: 60, Cost: 0.8*unit + 76},
	}
	check := func(when string, q groupmem.UsageQuery, want groupmem.UsageReport) {
		t.Helper()
		if diff := gocmp.Diff(want, usageOf(t, l, q)); diff != "" {
			t.Errorf("%s: usage differs (-want +got):\n%s", when, diff)
		}
	}
	secondDay := groupmem.UsageQuery{Since: day(1), Until: day(1), By: groupmem.UsageByGroup, Limit: 10}
	check("the second day after the migration", secondDay, want)
	everyDay := groupmem.UsageQuery{Since: day(0), Until: day(1), By: groupmem.UsageByDay}
	check("every day after the migration", everyDay, groupmem.UsageReport{
		Rows: []groupmem.Usage{{Day: day(0), Runs: 2, Calls: 2, PromptTokens: 20, Cost: 0.2 * unit},
			{Day: day(1), Runs: 6, Calls: 6, PromptTokens: 60, Cost: 0.8*unit + 76}},
		Total: groupmem.Usage{Runs: 8, Calls: 8, PromptTokens: 80, Cost: 1.0*unit + 76}})

	// New runs add to the converted totals exactly, on the day and after.
	clock.set(day(1).Add(2 * time.Hour))
	finishUsed(t, l, "b", groupmem.RunNoop, groupmem.Tokens{Prompt: 10, Calls: 1, Cost: 0.2 * unit})
	clock.set(day(2).Add(time.Hour))
	finishUsed(t, l, "a", groupmem.RunNoop, groupmem.Tokens{Prompt: 10, Calls: 1, Cost: 0.1 * unit})
	want.Rows = []groupmem.Usage{use("a", 2, 0.4*unit), use("b", 2, 0.4*unit), use("", 1, 0.2*unit), use("h", 2, 76)}
	want.Total = groupmem.Usage{Runs: 7, Calls: 7, PromptTokens: 70, Cost: 1.0*unit + 76}
	check("the second day after new runs", secondDay, want)
	check("the last two days of a", groupmem.UsageQuery{GroupID: "a", Since: day(1), Until: day(2), By: groupmem.UsageByGroup, Limit: 10},
		groupmem.UsageReport{Rows: []groupmem.Usage{use("a", 3, 0.5*unit)}, Total: groupmem.Usage{Runs: 3, Calls: 3, PromptTokens: 30, Cost: 0.5 * unit}})
}
