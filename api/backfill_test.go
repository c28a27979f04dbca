package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"
)

// ingestAt posts one message per content, each sent daysAgo days ago.
func (f *fixture) ingestAt(t *testing.T, g string, daysAgo int, contents ...string) {
	t.Helper()
	var msgs []map[string]string
	for i, c := range contents {
		msgs = append(msgs, map[string]string{"id": fmt.Sprintf("%s-%d-%d", g, daysAgo, i), "content": c,
			"sent_at": time.Now().UTC().AddDate(0, 0, -daysAgo).Format(time.RFC3339)})
	}
	b, _ := json.Marshal(map[string]any{"messages": msgs})
	want(t, f.do(t, req{method: http.MethodPost, path: "/memory/messages/" + g, key: secretRoot, body: string(b)}), 200, "")
}

// A group's first evolution fuses the history imported before it, not
// only the last day; a look-back the caller asks for leaves older
// messages out, and says how many, in the answer and the run record.
func TestFirstRunFusesTheBacklog(t *testing.T) {
	onBoth(t, fixtureOptions{}, func(t *testing.T, f *fixture) {
		f.ingestAt(t, "imported", 40, "create: met for the first time at the book fair")
		f.ingestAt(t, "imported", 12, "create: reads one novel a month")
		f.ingestAt(t, "imported", 0, "create: meets on Sunday mornings")
		got := f.evolve(t, "imported")
		if got["messages"] != 3.0 || got["skipped_messages"] != 0.0 {
			t.Fatalf("first run = %v; want the whole backlog of 3 fused", got)
		}
		if n := len(f.active(t, "imported")); n != 3 {
			t.Errorf("%d memories, want one per imported message", n)
		}

		f.ingestAt(t, "bounded", 40, "create: met for the first time at the book fair")
		f.ingestAt(t, "bounded", 12, "create: reads one novel a month")
		f.ingestAt(t, "bounded", 0, "create: meets on Sunday mornings")
		r := f.do(t, req{method: http.MethodPost, path: "/memory/evolve/bounded?days=30", key: secretRoot})
		want(t, r, 200, "")
		got = r.obj(t)
		if got["messages"] != 2.0 || got["skipped_messages"] != 1.0 || got["message"] != "1 messages older than the look-back were left out" {
			t.Fatalf("bounded first run = %v; want 2 fused and 1 left out, said", got)
		}
		run, err := f.ledger.Run(context.Background(), got["run_id"].(string))
		if err != nil || run.Report.Skipped != 1 || run.Messages != 2 {
			t.Errorf("run record %+v, %v: want 1 skipped message recorded", run.Report, err)
		}
	})
}
