package storetest

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/ledger"
)

// Count counts the rows of a ledger table that belong to a group, by SQL
// on the ledger's own database.
type Count func(table, groupID string) int

// PurgeLeavesNoRow purges g1 of a ledger holding messages, memory
// versions, changes, runs, kept plans and outbox entries in g1 and g2, then counts
// the rows of each of ledger.PurgeTables by group with count: none of
// g1's may remain (except the purge's own outbox entry), g2 keeps its
// own, and the removals table has the record.
//
// groupTables are the tables of the ledger's schema that have a group_id
// column, as its own catalog lists them, so that a table added later
// cannot slip past the purge unchecked.
func PurgeLeavesNoRow(t *testing.T, l groupmem.Ledger, groupTables []string, count Count) {
	ctx := context.Background()
	hooks, subscribed := l.(groupmem.Webhooks)
	if subscribed {
		Subscribe(t, hooks, nil, groupmem.EventTypes...)
	}
	for _, g := range []string{"g1", "g2"} {
		if _, err := l.InsertMessages(ctx, Msgs(g, "m", 3)); err != nil {
			t.Fatal(err)
		}
		plan := CreatePlan(Begin(t, l, g), "likes tea", "likes coffee")
		plan.Run.Tokens = groupmem.Tokens{Prompt: 10, Completion: 2, Calls: 1} // a day of usage
		Commit(t, l, plan)
		Commit(t, l, UpdatePlan(Begin(t, l, g), plan.New[0], "likes green tea"))
		now := time.Now()
		keep(t, l, CreatePlan(Begin(t, l, g), "likes cocoa"), 0, 0, false, now, now.Add(groupmem.PlanLifetime))
	}
	if _, err := l.PurgeGroup(ctx, "g1", "mod"); err != nil {
		t.Fatal(err)
	}
	if len(groupTables) < len(ledger.PurgeTables) {
		t.Fatalf("the catalog lists %d tables with a group_id column: %v", len(groupTables), groupTables)
	}
	for _, table := range groupTables {
		if table == "removals" {
			continue // the record of the purge itself, without text
		}
		if (slices.Contains(ledger.EventTables, table) || table == ledger.EventSeqTable) && subscribed {
			// The group's events went with it; its group.purged event waits.
			if n := count(table, "g1"); n != 1 {
				t.Errorf("%s holds %d rows of the purged group, want 1 (its group.purged event)", table, n)
			}
			continue
		}
		if !slices.Contains(ledger.PurgeTables, table) {
			t.Errorf("table %s has a group_id column, but the purge does not remove its rows (ledger.PurgeTables)", table)
			continue
		}
		want := 0
		if table == "outbox" {
			want = 1 // the purge's entry, for the index side
		}
		if n := count(table, "g1"); n != want {
			t.Errorf("%s holds %d rows of the purged group, want %d", table, n, want)
		}
		if n := count(table, "g2"); n == 0 && table != "evolution_jobs" {
			t.Errorf("%s lost the rows of the other group", table)
		}
	}
	if n := count("removals", "g1"); n != 1 {
		t.Errorf("removals holds %d records of the purge, want 1", n)
	}
}
