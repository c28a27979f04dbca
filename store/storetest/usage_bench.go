package storetest

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
)

// UsageSeeder writes groups × days finished runs straight into a ledger's
// tables, one run of each group a day, the last day on last, the oldest
// first (as runs end, each on its group's last day so far), each with
// usage (its tokens: prompt, completion, calls and a cost that differs by
// group), so that the ledger's own triggers sum them as they would the
// runs' ends. It returns how long the writes took.
type UsageSeeder func(b *testing.B, groups, days int, last time.Time) time.Duration

// BenchUsage seeds a ledger with groups × days runs and measures the
// usage queries a console, a CLI and an operator make: one group's last
// 30 days by day, every group's last 30 days by group (top 20) and by
// day, a key's ten groups, the longest window (MaxUsageDays) by group and
// by day, and 30 days in the middle of the year by group. Each reports
// its p50 and p99 latency in ms.
func BenchUsage(b *testing.B, l groupmem.Ledger, seed UsageSeeder, groups, days int) {
	ctx := context.Background()
	last := time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)
	took := seed(b, groups, days, last)
	month := last.AddDate(0, 0, -29)
	check, err := l.Usage(ctx, groupmem.UsageQuery{Since: last.AddDate(0, 0, 1-days), Until: last, By: groupmem.UsageByDay})
	if err != nil || check.Total.Runs != int64(groups*days) {
		b.Fatalf("the seeded ledger sums %d runs, want %d: %v", check.Total.Runs, groups*days, err)
	}
	b.Logf("seeded %d runs (%d groups × %d days) in %s", groups*days, groups, days, took.Round(time.Second))
	for _, c := range []struct {
		name string
		q    groupmem.UsageQuery
	}{
		{"OneGroup30DaysByDay", groupmem.UsageQuery{GroupID: fmt.Sprintf("g%d", groups/2), Since: month, Until: last, By: groupmem.UsageByDay}},
		{"Every30DaysByGroupTop20", groupmem.UsageQuery{Since: month, Until: last, By: groupmem.UsageByGroup, Limit: 20}},
		{"Every30DaysByDay", groupmem.UsageQuery{Since: month, Until: last, By: groupmem.UsageByDay}},
		{"KeyOf10Groups30DaysByGroup", groupmem.UsageQuery{Groups: tenGroups(groups), Since: month, Until: last, By: groupmem.UsageByGroup, Limit: 20}},
		{"Every400DaysByGroupTop20", groupmem.UsageQuery{Since: last.AddDate(0, 0, 1-groupmem.MaxUsageDays), Until: last, By: groupmem.UsageByGroup, Limit: 20}},
		{"Every400DaysByDay", groupmem.UsageQuery{Since: last.AddDate(0, 0, 1-groupmem.MaxUsageDays), Until: last, By: groupmem.UsageByDay}},
		{"EveryMidYear30DaysByGroupTop20", groupmem.UsageQuery{Since: month.AddDate(0, 0, -180), Until: last.AddDate(0, 0, -180), By: groupmem.UsageByGroup, Limit: 20}},
	} {
		b.Run(c.name, func(b *testing.B) {
			var lat []time.Duration
			for b.Loop() {
				t := time.Now()
				rep, err := l.Usage(ctx, c.q)
				lat = append(lat, time.Since(t))
				if err != nil || len(rep.Rows) == 0 {
					b.Fatalf("Usage: %d rows, %v", len(rep.Rows), err)
				}
			}
			slices.Sort(lat)
			b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
		})
	}
}

// tenGroups names ten groups spread over the seeded ones.
func tenGroups(groups int) []string {
	var out []string
	for i := range 10 {
		out = append(out, fmt.Sprintf("g%d", i*groups/10))
	}
	return out
}

// BenchUsageWrite measures what keeping usage adds to a run's end
// (FinishRun, timed alone): a run without usage (the triggers do not
// run), a run with usage of a group whose last day of usage was the day
// before (a night's runs: the group's day is added), and a run with usage
// begun 30 days before its group's last day (a late end or an import:
// the 30 later days' running totals change too). open must return an
// empty, migrated ledger whose clock is now. Each reports its p50 and
// p99 latency in ms.
func BenchUsageWrite(b *testing.B, open func(b *testing.B, now func() time.Time) groupmem.Ledger) {
	ctx := context.Background()
	clock := &usageClock{at: time.Date(2026, 11, 25, 1, 0, 0, 0, time.UTC)}
	l := open(b, clock.now)
	const groups = 200
	used := groupmem.Tokens{Prompt: 1200, Completion: 150, Calls: 2, Cost: 0.004 * groupmem.CostUnit}
	for _, c := range []struct {
		name   string
		tokens groupmem.Tokens
		begin  time.Time // when the run begins; it ends on 2026-11-26
	}{
		{"NoUsage", groupmem.Tokens{}, time.Date(2026, 11, 26, 1, 0, 0, 0, time.UTC)},
		{"NextDay", used, time.Date(2026, 11, 26, 1, 0, 0, 0, time.UTC)},
		{"Backdated30Days", used, time.Date(2026, 10, 27, 1, 0, 0, 0, time.UTC)},
	} {
		b.Run(c.name, func(b *testing.B) {
			prefix := c.name + "-" + groupmem.NewID()[:8] + "-"
			for i := range groups { // each group's last day of usage: 2026-11-25
				clock.set(time.Date(2026, 11, 25, 1, 0, 0, 0, time.UTC))
				r := Begin(b, l, fmt.Sprintf("%s%d", prefix, i))
				r.Status, r.Tokens = groupmem.RunNoop, used
				if err := l.FinishRun(ctx, r); err != nil {
					b.Fatal(err)
				}
			}
			var lat []time.Duration
			i := 0
			for b.Loop() {
				b.StopTimer()
				clock.set(c.begin)
				r := Begin(b, l, fmt.Sprintf("%s%d", prefix, i%groups))
				r.Status, r.Tokens = groupmem.RunNoop, c.tokens
				clock.set(time.Date(2026, 11, 26, 1, 0, 0, 0, time.UTC))
				i++
				b.StartTimer()
				t := time.Now()
				if err := l.FinishRun(ctx, r); err != nil {
					b.Fatal(err)
				}
				lat = append(lat, time.Since(t))
			}
			slices.Sort(lat)
			b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
		})
	}
}
