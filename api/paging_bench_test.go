package api_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/internal/httpbench"
	"github.com/groupmem/groupmem/store/inmem"
	"github.com/groupmem/groupmem/store/storetest"
)

// Paging volume: pagingRuns evolution runs of pagingPerRun creates each in
// group "bench", and pagingGroups groups in all.
const (
	pagingRuns   = 2000
	pagingPerRun = 10
	pagingGroups = 500
	// pagingClients is the number of concurrent clients: few, so that the
	// figures show the cost of a page rather than queueing.
	pagingClients = 4
)

// BenchmarkPaging measures GET /memory/changes, GET /memory/runs (100 rows
// a page) and GET /memory/groups over a real loopback server, 4 clients
// at once, on Postgres and on the embedded SQLite ledger: the first page,
// and a page far past it reached through next_cursor (changes: page 150
// of 200; runs: page 15 of 20), so that a deep page is seen to cost what
// the first one does.
func BenchmarkPaging(b *testing.B) {
	for _, name := range []string{"postgres", "embedded"} {
		b.Run(name, func(b *testing.B) {
			f := newFixture(b, fixtureOptions{embedded: name == "embedded", locker: inmem.NewLocker()})
			seedPaging(b, f)
			deepChanges := cursorAt(b, f, "/memory/changes/bench?days=365&limit=100", "changes", 149)
			deepRuns := cursorAt(b, f, "/memory/runs/bench?limit=100", "runs", 14)
			for _, tt := range []struct{ name, path string }{
				{"changes-first", "/memory/changes/bench?days=365&limit=100"},
				{"changes-page150", "/memory/changes/bench?days=365&limit=100&cursor=" + url.QueryEscape(deepChanges)},
				{"changes-create-only", "/memory/changes/bench?days=365&limit=100&action=create"},
				{"runs-first", "/memory/runs/bench?limit=100"},
				{"runs-page15", "/memory/runs/bench?limit=100&cursor=" + url.QueryEscape(deepRuns)},
				{"groups-first", "/memory/groups?limit=100"},
			} {
				b.Run(tt.name, func(b *testing.B) {
					httpbench.Run(b, pagingClients, func(int) string { return f.srv.URL + tt.path }, http.Header{"Authorization": {"Bearer " + secretRoot}})
				})
			}
		})
	}
}

// seedPaging writes the benchmark's runs, changes and groups straight to
// the ledger.
func seedPaging(b *testing.B, f *fixture) {
	b.Helper()
	ctx := context.Background()
	commit := func(g string, statements ...string) {
		run, err := f.ledger.BeginRun(ctx, groupmem.BeginRunParams{GroupID: g, Trigger: groupmem.TriggerCron, Actor: "bench"})
		if err != nil {
			b.Fatal(err)
		}
		run.Status = groupmem.RunSucceeded
		if err := f.ledger.CommitPlan(ctx, storetest.CreatePlan(run, statements...)); err != nil {
			b.Fatal(err)
		}
	}
	for r := range pagingRuns {
		stmts := make([]string, pagingPerRun)
		for i := range stmts {
			stmts[i] = fmt.Sprintf("fact %d of run %d", i, r)
		}
		commit("bench", stmts...)
	}
	for g := 1; g < pagingGroups; g++ {
		commit(fmt.Sprintf("group-%04d", g), "likes tea", "likes coffee")
	}
}

// cursorAt follows next_cursor from path and returns the cursor of page
// n+1 (n pages in).
func cursorAt(b *testing.B, f *fixture, path, field string, n int) string {
	b.Helper()
	cursor := ""
	for i := range n {
		p := path
		if cursor != "" {
			p += "&cursor=" + url.QueryEscape(cursor)
		}
		page := f.get(b, p, secretRoot).obj(b)
		next, _ := page["next_cursor"].(string)
		if next == "" || len(page[field].([]any)) != 100 {
			b.Fatalf("%s: page %d has no next page", path, i+1)
		}
		cursor = next
	}
	return cursor
}
