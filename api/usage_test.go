package api_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
)

// GET /memory/usage answers what the runs of the groups a key sees used,
// by day or by group, with the window's total, a purged group's usage
// under "(purged)"; a bad window or split is a 400 that names it, and
// only an admin key may ask.
func TestUsage(t *testing.T) {
	// A fixed clock: the runs and the default window fall on one day,
	// whenever the test runs.
	now := time.Date(2026, 11, 20, 23, 59, 59, 0, time.UTC)
	onBoth(t, fixtureOptions{now: func() time.Time { return now }}, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		for _, u := range []struct {
			group  string
			tokens groupmem.Tokens
		}{
			{"g1", groupmem.Tokens{Prompt: 1000, Completion: 100, Calls: 2, Cost: 0.25 * groupmem.CostUnit}},
			{"g1", groupmem.Tokens{Prompt: 500, Completion: 50, Embedding: 30, Calls: 1, Cost: 0.5 * groupmem.CostUnit}},
			{"g3", groupmem.Tokens{Prompt: 9000, Completion: 900, Calls: 3, Cost: 2 * groupmem.CostUnit}},
		} {
			run, err := f.ledger.BeginRun(ctx, groupmem.BeginRunParams{GroupID: u.group, Trigger: groupmem.TriggerCron})
			if err != nil {
				t.Fatal(err)
			}
			run.Status, run.Tokens = groupmem.RunNoop, u.tokens
			if err := f.ledger.FinishRun(ctx, run); err != nil {
				t.Fatal(err)
			}
		}
		today := now.Format(time.DateOnly)
		got := f.do(t, req{method: "GET", path: "/memory/usage?group_id=g1", key: secretRoot}).obj(t)
		want := map[string]any{"runs": 2.0, "calls": 3.0, "prompt_tokens": 1500.0, "completion_tokens": 150.0,
			"embedding_tokens": 30.0, "cost": 0.75}
		if !same(got["total"], want) || got["by"] != "day" || got["until"] != today || got["group_id"] != "g1" {
			t.Errorf("g1's usage: %v; want a total of %v by day up to today", got, want)
		}
		want["day"] = today
		if rows, _ := got["usage"].([]any); len(rows) != 1 || !same(rows[0], want) {
			t.Errorf("g1's days: %v; want today's: %v", got["usage"], want)
		}
		since := now.AddDate(0, 0, -29).Format(time.DateOnly)
		if got["since"] != since {
			t.Errorf("since %v, want the 30th day up to today, %s", got["since"], since)
		}

		byGroup := f.do(t, req{method: "GET", path: "/memory/usage?by=group", key: secretRoot}).obj(t)
		rows, _ := byGroup["usage"].([]any)
		if len(rows) != 2 || rows[0].(map[string]any)["group_id"] != "g3" || byGroup["total"].(map[string]any)["cost"] != 2.75 {
			t.Errorf("by group: %v; want g3 (the costliest) then g1, 2.75 in all", byGroup)
		}
		mod := f.do(t, req{method: "GET", path: "/memory/usage?by=group", key: secretMod1}).obj(t)
		if rows, _ := mod["usage"].([]any); len(rows) != 1 || rows[0].(map[string]any)["group_id"] != "g1" {
			t.Errorf("a key of g1 only sees %v", mod["usage"])
		}

		// A purge keeps its group's usage, under "(purged)": the total stays.
		if _, err := f.ledger.PurgeGroup(ctx, "g3", "test"); err != nil {
			t.Fatal(err)
		}
		byGroup = f.do(t, req{method: "GET", path: "/memory/usage?by=group", key: secretRoot}).obj(t)
		rows, _ = byGroup["usage"].([]any)
		if len(rows) != 2 || rows[0].(map[string]any)["group_id"] != groupmem.PurgedLabel || rows[0].(map[string]any)["purged"] != true ||
			rows[0].(map[string]any)["cost"] != 2.0 || byGroup["total"].(map[string]any)["cost"] != 2.75 {
			t.Errorf("by group after g3's purge: %v; want (purged) then g1, 2.75 in all", byGroup)
		}

		for _, q := range []string{"by=week", "since=2026-11-30&until=2026-11-01", "since=2025-01-01&until=2026-11-27",
			"since=2026-13-01", "until=yesterday", "by=group&limit=0", "group_id=%20g1"} {
			r := f.do(t, req{method: "GET", path: "/memory/usage?" + q, key: secretRoot})
			if r.status != http.StatusBadRequest {
				t.Errorf("%s: status %d, want 400: %s", q, r.status, r.body)
			}
		}
		if r := f.do(t, req{method: "GET", path: "/memory/usage", key: secretBot1}); r.status != http.StatusForbidden {
			t.Errorf("a write key: status %d, want 403", r.status)
		}
		if r := f.do(t, req{method: "GET", path: "/memory/usage?group_id=g3", key: secretMod1}); r.status != http.StatusNotFound {
			t.Errorf("a key of g1 asking for g3: status %d, want 404", r.status)
		}
	})
}

// same reports whether the JSON value got holds the fields of want.
func same(got any, want map[string]any) bool {
	m, ok := got.(map[string]any)
	if !ok || len(m) != len(want) {
		return false
	}
	for k, v := range want {
		if m[k] != v {
			return false
		}
	}
	return true
}
