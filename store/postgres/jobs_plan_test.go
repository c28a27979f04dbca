package postgres_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/postgres"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
)

// Every statement on the job tables is answered from an index on a
// queue the size of a large night (20,000 groups, half of their jobs
// finished, some running, after six nights of finished jobs): the planner, with statistics of that queue,
// scans no table of the ledger sequentially, so a night of 100,000 groups
// costs each claim and each finish the same as a night of ten.
func TestJobQueriesUseIndexes(t *testing.T) {
	if testing.Short() {
		t.Skip("fills a queue of 20,000 jobs")
	}
	ctx := context.Background()
	l := pgtest.Open(t)
	const groups = 20_000
	if _, err := l.Pool().Exec(ctx, `
		INSERT INTO messages (group_id, message_id, content, sent_at)
		SELECT format('group-%s', lpad(g::text, 6, '0')), format('m%s', k), 'a message', now()
		FROM generate_series(0, $1 - 1) AS g, generate_series(0, 2) AS k ORDER BY g, k`, groups); err != nil {
		t.Fatal(err)
	}
	slot := time.Date(2026, 11, 24, 3, 0, 0, 0, time.UTC)
	// The six nights before, finished (finished jobs are kept 30 days).
	if _, err := l.Pool().Exec(ctx, `
		INSERT INTO evolution_jobs (slot, group_id, status, next_attempt_at, created_at, updated_at, run_status)
		SELECT $1::timestamptz - d * interval '1 day', format('group-%s', lpad(g::text, 6, '0')), 'done',
			$1::timestamptz - d * interval '1 day', $1::timestamptz - d * interval '1 day', $1::timestamptz - d * interval '1 day', 'succeeded'
		FROM generate_series(1, 6) AS d, generate_series(0, $2 - 1) AS g`, slot, groups); err != nil {
		t.Fatal(err)
	}
	var all []string
	for after := ""; ; {
		page, err := l.DueGroups(ctx, 1, after, 5000)
		if err != nil {
			t.Fatal(err)
		}
		if len(page) == 0 {
			break
		}
		if _, err := l.EnqueueJobs(ctx, slot, page); err != nil {
			t.Fatal(err)
		}
		all, after = append(all, page...), page[len(page)-1]
	}
	if len(all) != groups {
		t.Fatalf("%d groups due, want %d", len(all), groups)
	}
	// Half the night is over: jobs done, some running.
	if _, err := l.Pool().Exec(ctx, `
		UPDATE evolution_jobs SET status = 'done', run_status = 'succeeded', updated_at = now()
		WHERE slot = $1 AND group_id < 'group-010000'`, slot); err != nil {
		t.Fatal(err)
	}
	running, err := l.ClaimJobs(ctx, 100, time.Hour)
	if err != nil || len(running) != 100 {
		t.Fatalf("ClaimJobs = %d jobs, %v", len(running), err)
	}
	if _, err := l.Pool().Exec(ctx, `ANALYZE`); err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	args := map[string][]any{
		"DueGroups":   {1, "group-010000", 1000},
		"EnqueueJobs": {slot.Add(24 * time.Hour), now, all[:1000], int64(1440), int64(60_000_000)},
		"ClaimJobs":   {now, now.Add(time.Hour), groupmem.NewID(), 1, "lost"},
		"FinishJob": {running[0].ID, running[0].Claim, "done", 0, now, "", groupmem.NewID(), "succeeded",
			now, 0},
		"PruneJobs": {now.Add(-30 * 24 * time.Hour)},
		"Jobs":      {slot},
		"CountJobs": {slot},
	}
	for _, name := range slices.Sorted(mapKeys(postgres.JobQueries)) {
		t.Run(name, func(t *testing.T) {
			a, ok := args[name]
			if !ok {
				t.Fatalf("no arguments for %s: add them to this test", name)
			}
			var plan []byte
			if err := l.Pool().QueryRow(ctx, "EXPLAIN (FORMAT JSON) "+postgres.JobQueries[name], a...).Scan(&plan); err != nil {
				t.Fatalf("EXPLAIN: %v", err)
			}
			if scans := seqScans(t, plan); len(scans) > 0 {
				t.Errorf("%s scans %s sequentially:\n%s", name, strings.Join(scans, ", "), plan)
			}
		})
	}
}

func mapKeys[K comparable, V any](m map[K]V) func(func(K) bool) {
	return func(yield func(K) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// seqScans returns the relations a JSON plan scans sequentially.
func seqScans(t *testing.T, plan []byte) []string {
	t.Helper()
	var root []struct {
		Plan planNode `json:"Plan"`
	}
	if err := json.Unmarshal(plan, &root); err != nil || len(root) == 0 {
		t.Fatalf("read plan: %v", err)
	}
	var out []string
	var walk func(n planNode)
	walk = func(n planNode) {
		if n.NodeType == "Seq Scan" {
			out = append(out, n.Relation)
		}
		for _, c := range n.Plans {
			walk(c)
		}
	}
	walk(root[0].Plan)
	return out
}

type planNode struct {
	NodeType string     `json:"Node Type"`
	Relation string     `json:"Relation Name"`
	Plans    []planNode `json:"Plans"`
}
