package storetest

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
)

// TestUsageOrder runs the contract of an answer by group's order: by
// cost, the highest first, then by tokens, the most first, then by group
// id bytewise, so that both ledgers cut the same groups at the same
// Limit whatever their collation and when no price is set. open must
// return an empty, migrated ledger private to the test whose clock is
// now.
func TestUsageOrder(t *testing.T, open func(t *testing.T, now func() time.Time) groupmem.Ledger) {
	ctx := context.Background()
	day := time.Date(2026, 11, 2, 0, 0, 0, 0, time.UTC)
	l := open(t, func() time.Time { return day.Add(time.Hour) })
	for _, g := range []struct {
		id     string
		tokens groupmem.Tokens
	}{
		{"a", groupmem.Tokens{Prompt: 10, Calls: 1}},
		{"B", groupmem.Tokens{Prompt: 5, Completion: 5, Calls: 1}},
		{"c", groupmem.Tokens{Prompt: 40, Embedding: 10, Calls: 1}},
		{"Z", groupmem.Tokens{Prompt: 5, Calls: 1}},
		{"b", groupmem.Tokens{Embedding: 10, Calls: 1}},
		{"m", groupmem.Tokens{Prompt: 1, Calls: 1, Cost: 0.01 * groupmem.CostUnit}},
	} {
		r := Begin(t, l, g.id)
		r.Status, r.Tokens = groupmem.RunFailed, g.tokens
		r.Report.Reason, r.Error = groupmem.FailModel, "the model failed"
		if err := l.FinishRun(ctx, r); err != nil {
			t.Fatalf("FinishRun(%s): %v", g.id, err)
		}
	}
	want := []string{"m", "c", "B", "a", "b", "Z"}
	for limit := 1; limit <= len(want); limit++ {
		rep, err := l.Usage(ctx, groupmem.UsageQuery{Since: day, Until: day, By: groupmem.UsageByGroup, Limit: limit})
		if err != nil {
			t.Fatalf("Usage: %v", err)
		}
		var got []string
		for _, u := range rep.Rows {
			got = append(got, u.GroupID)
		}
		if len(got) != limit || !slices.Equal(got, want[:limit]) {
			t.Errorf("by group with Limit %d: got %q, want %q", limit, got, want[:limit])
		}
	}
}
