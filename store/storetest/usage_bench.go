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
// tables, one run of each group a day, the last day on last, each with
// usage (its tokens: prompt, completion, calls and a cost that differs by
// group), so that the ledger's own triggers sum them as they would the
// runs' ends. It returns how long the writes took.
type UsageSeeder func(b *testing.B, groups, days int, last time.Time) time.Duration

// BenchUsage seeds a ledger with groups × days runs and measures the
// usage queries a console, a CLI and an operator make: one group's last
// 30 days by day, every group's last 30 days by group (top 20) and by
// day, and the longest window (MaxUsageDays) by group. Each reports its
// p50 and p99 latency in ms.
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
