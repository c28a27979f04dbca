package main

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/sqlite"
)

// seedUsage records in the ledger at path, for group g, one finished run
// with usage on each of days of the last 30 (0 is today, UTC), begun on
// its day, and returns the cost they add up to.
func seedUsage(t *testing.T, path, g string, days []int) float64 {
	t.Helper()
	ctx := context.Background()
	var mu sync.Mutex
	at := time.Now()
	l, err := sqlite.Open(ctx, sqlite.Config{Path: path, Now: func() time.Time { mu.Lock(); defer mu.Unlock(); return at }})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	var total groupmem.Cost
	for _, d := range days {
		mu.Lock()
		at = groupmem.UsageDay(time.Now()).AddDate(0, 0, -d).Add(time.Minute)
		mu.Unlock()
		run, err := l.BeginRun(ctx, groupmem.BeginRunParams{GroupID: g, Trigger: groupmem.TriggerCron, Actor: "cron", Model: "gpt-4o-mini"})
		if err != nil {
			t.Fatal(err)
		}
		cost := groupmem.CostOf(0.0125*float64(1+d%7) + 0.001*float64(d)) // the costliest: day 20
		total += cost
		run.Status = groupmem.RunNoop
		run.Tokens = groupmem.Tokens{Prompt: 4000 * (1 + d%7), Completion: 300, Calls: 1 + d%3, Cost: cost}
		if err := l.FinishRun(ctx, run); err != nil {
			t.Fatal(err)
		}
	}
	return total.Float64()
}

// consoleUsageChart is the console subtest "runs page charts a group's usage over 30 days".
func consoleUsageChart(t *testing.T, b *browser, base, path string) {
	b = b.with(t)
	const g = "demo-usage"
	var days []int
	for d := range 30 {
		if d%4 != 3 { // a few days without a run
			days = append(days, d)
		}
	}
	total := seedUsage(t, path, g, days)
	ctx := b.tab(1200, 900, "en-US")
	b.signIn(ctx, consoleAdmin, "#/g/"+g+"/runs")
	b.run(ctx, visible(`#usage-chart`))
	if n := count(ctx, b, `#usage-chart .usage-bar`); n != 30 {
		t.Errorf("the chart has %d bars, want one per day of the 30", n)
	}
	if n := count(ctx, b, `#usage-chart .usage-bar:not([height="0"])`); n != len(days) {
		t.Errorf("the chart shows %d days with usage, want %d", n, len(days))
	}
	today := groupmem.UsageDay(time.Now()).Format(time.DateOnly)
	tallest := value(b, ctx, chromedp.Evaluate[string](`[...document.querySelectorAll('#usage-chart .usage-bar')]
		.sort((a, b) => b.getAttribute('height') - a.getAttribute('height'))[0].dataset.day`))
	if want := groupmem.UsageDay(time.Now()).AddDate(0, 0, -20).Format(time.DateOnly); tallest != want {
		t.Errorf("the tallest bar is %s's, want %s's, the costliest day", tallest, want)
	}
	if last := value(b, ctx, chromedp.Evaluate[string](`[...document.querySelectorAll('#usage-chart .usage-bar')].pop().dataset.day`)); last != today {
		t.Errorf("the last bar is %s's, want today's (%s)", last, today)
	}
	if text := b.text(ctx, `#usage-total`); !strings.Contains(text, fmt.Sprintf("cost %s", trimCost(total))) ||
		!strings.Contains(text, fmt.Sprintf("%d runs", len(days))) {
		t.Errorf("the total reads %q, want cost %s over %d runs", text, trimCost(total), len(days))
	}
	b.shot(ctx, "console-usage.png")
	b.noProblems(ctx)

	// A key that is not an admin's sees the runs, not the usage.
	ctx = b.tab(1200, 900, "en-US")
	b.signIn(ctx, consoleRead, "#/g/"+g+"/runs")
	b.run(ctx, visible(`.run-row`))
	if n := count(ctx, b, `#usage`); n != 0 {
		t.Error("a read-only key sees the usage panel")
	}
	b.noProblems(ctx)
}

// trimCost prints a cost as the console does: at most four decimals.
func trimCost(c float64) string {
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.4f", c), "0"), ".")
}
