package api_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/groupmem/groupmem"
)

func TestEvolve(t *testing.T) {
	f := newFixture(t, fixtureOptions{failures: true})

	t.Run("NoNewMessages", func(t *testing.T) {
		got := f.evolve(t, "g1")
		if got["status"] != "noop" || got["message"] != "no new messages" || got["success"] != true {
			t.Fatalf("evolve without messages = %v", got)
		}
		if diff := cmp.Diff(map[string]any{"kept": 0.0, "updated": 0.0, "created": 0.0, "deleted": 0.0}, got["stats"]); diff != "" {
			t.Errorf("stats (-want +got):\n%s", diff)
		}
		if changes := got["changes"].([]any); len(changes) != 0 {
			t.Errorf("changes = %v, want none", changes)
		}
	})

	var anime map[string]any
	t.Run("Create", func(t *testing.T) {
		f.ingest(t, "g1", "create: meets every Friday night to discuss new anime", "hello there")
		got := f.evolve(t, "g1")
		if got["status"] != "succeeded" || got["messages"] != 2.0 {
			t.Fatalf("evolve = %v", got)
		}
		changes := got["changes"].([]any)
		if len(changes) != 1 {
			t.Fatalf("changes = %v, want one create", changes)
		}
		anime = changes[0].(map[string]any)
		if anime["action"] != "create" || anime["statement"] != "meets every Friday night to discuss new anime" ||
			anime["version"] != 1.0 || anime["change_reason"] != "seen in chat" || len(anime["evidence"].([]any)) != 1 {
			t.Errorf("create change = %v", anime)
		}
		if _, ok := anime["old_id"]; ok {
			t.Errorf("a create has no old_id: %v", anime)
		}
		if got["stats"].(map[string]any)["created"] != 1.0 {
			t.Errorf("stats = %v", got["stats"])
		}
	})

	t.Run("UpdateAndDelete", func(t *testing.T) {
		f.ingest(t, "g1", "create: no politics here")
		f.evolve(t, "g1")
		f.ingest(t, "g1", "update: meets every Friday night to discuss new anime => meets every Friday night to discuss sci-fi anime",
			"delete: no politics here")
		got := f.evolve(t, "g1")
		byAction := map[string]map[string]any{}
		for _, c := range got["changes"].([]any) {
			byAction[c.(map[string]any)["action"].(string)] = c.(map[string]any)
		}
		up := byAction["update"]
		if up["old_id"] != anime["new_id"] || up["new_id"] == nil || up["old_statement"] != "meets every Friday night to discuss new anime" ||
			up["new_statement"] != "meets every Friday night to discuss sci-fi anime" || up["version"] != 2.0 {
			t.Errorf("update change = %v", up)
		}
		del := byAction["delete"]
		if del["old_id"] == nil || del["old_statement"] != "no politics here" || del["change_reason"] != "no longer true" {
			t.Errorf("delete change = %v", del)
		}
		want := map[string]any{"kept": 0.0, "updated": 1.0, "created": 0.0, "deleted": 1.0}
		if diff := cmp.Diff(want, got["stats"]); diff != "" {
			t.Errorf("stats (-want +got):\n%s", diff)
		}
	})

	t.Run("DryRunAppliesNothing", func(t *testing.T) {
		before := f.active(t, "g1")
		f.ingest(t, "g1", "create: likes dry humour")
		r := f.do(t, req{method: http.MethodPost, path: "/memory/evolve/g1?dry_run=true&days=3", key: secretRoot})
		want(t, r, 200, "")
		got := r.obj(t)
		if got["status"] != "dry_run" || got["dry_run"] != true || len(got["changes"].([]any)) != 1 {
			t.Fatalf("dry run = %v", got)
		}
		if after := f.active(t, "g1"); len(after) != len(before) {
			t.Errorf("a dry run changed the active memories: %d -> %d", len(before), len(after))
		}
		// The messages are still there for a real run.
		if got := f.evolve(t, "g1"); got["status"] != "succeeded" || len(got["changes"].([]any)) != 1 {
			t.Errorf("the run after a dry run = %v", got)
		}
	})

	t.Run("Review", func(t *testing.T) {
		// A refused result keeps its messages past the watermark, so this
		// group is not used again.
		f.ingest(t, "review-group", "review")
		got := f.evolve(t, "review-group")
		if got["status"] != "review" || !strings.Contains(got["message"].(string), "review") {
			t.Errorf("review = %v", got)
		}
	})

	t.Run("FailedRuns", func(t *testing.T) {
		for _, tt := range []struct {
			group, msg string
			status     int
			code       string
		}{
			{"fail-group", "fail", 503, "unavailable"},
			{"crash-group", "crash", 500, "internal"},
		} {
			f.ingest(t, tt.group, tt.msg)
			r := f.do(t, req{method: http.MethodPost, path: "/memory/evolve/" + tt.group, key: secretRoot})
			want(t, r, tt.status, tt.code)
			runs, err := f.ledger.Runs(context.Background(), groupmem.RunQuery{GroupID: tt.group, Limit: 1})
			if err != nil || len(runs) != 1 || runs[0].Status != groupmem.RunFailed {
				t.Fatalf("runs of %s = %+v, %v", tt.group, runs, err)
			}
			msg := r.obj(t)["error"].(map[string]any)["message"].(string)
			if !strings.Contains(msg, runs[0].ID) || strings.Contains(msg, "crashed") {
				t.Errorf("%s: message %q must name run %s and no internal detail", tt.group, msg, runs[0].ID)
			}
		}
	})

	t.Run("Async", func(t *testing.T) {
		f.ingest(t, "g1", "create: shares memes on Mondays")
		r := f.do(t, req{method: http.MethodPost, path: "/memory/evolve/g1?async=true", key: secretBot1})
		want(t, r, http.StatusAccepted, "")
		got := r.obj(t)
		id, _ := got["run_id"].(string)
		if got["status"] != "running" || !groupmem.ValidID(id) || r.header.Get("Location") != "/memory/run/"+id {
			t.Fatalf("async evolve = %v, Location %q", got, r.header.Get("Location"))
		}
		deadline := time.Now().Add(10 * time.Second)
		for {
			run := f.get(t, "/memory/run/"+id, secretBot1).obj(t)["run"].(map[string]any)
			if run["status"] == "succeeded" {
				if run["actor"] != "bot1" || run["trigger"] != "manual" || run["stats"].(map[string]any)["created"] != 1.0 {
					t.Errorf("async run record = %v", run)
				}
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the async run did not succeed: %v", run)
			}
			time.Sleep(20 * time.Millisecond)
		}
		if _, ok := f.active(t, "g1")["shares memes on Mondays"]; !ok {
			t.Error("the async run did not create its memory")
		}
	})

	t.Run("Busy", func(t *testing.T) {
		// The async run above may still be projecting with the lock held
		// after its record says succeeded: wait for the lock.
		var lease groupmem.Lease
		var err error
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
			lease, err = f.locker.Acquire(context.Background(), "group:g1", time.Minute)
			if groupmem.ErrorCode(err) != groupmem.EBUSY || time.Now().After(deadline) {
				break
			}
		}
		if err != nil {
			t.Fatal(err)
		}
		defer lease.Release(context.Background())
		for _, q := range []string{"", "?async=true"} {
			want(t, f.do(t, req{method: http.MethodPost, path: "/memory/evolve/g1" + q, key: secretRoot}), http.StatusConflict, "busy")
		}
	})

	t.Run("BadInput", func(t *testing.T) {
		tests := []struct {
			name, path, key, body, ctype string
			status                       int
			code                         string
		}{
			{"days zero", "/memory/evolve/g1?days=0", secretRoot, "", "", 400, "invalid"},
			{"reprocess without days", "/memory/evolve/g1?reprocess=true", secretRoot, "", "", 400, "invalid"},
			{"days too many", "/memory/evolve/g1?days=366", secretRoot, "", "", 400, "invalid"},
			{"days not a number", "/memory/evolve/g1?days=1.5", secretRoot, "", "", 400, "invalid"},
			{"dry_run not strict", "/memory/evolve/g1?dry_run=1", secretRoot, "", "", 400, "invalid"},
			{"async with dry_run", "/memory/evolve/g1?async=true&dry_run=true", secretRoot, "", "", 400, "invalid"},
			{"unknown parameter", "/memory/evolve/g1?dayz=1", secretRoot, "", "", 400, "invalid"},
			{"repeated parameter", "/memory/evolve/g1?days=1&days=2", secretRoot, "", "", 400, "invalid"},
			{"malformed query", "/memory/evolve/g1?days=%zz", secretRoot, "", "", 400, "invalid"},
			{"control character in group", "/memory/evolve/g%01", secretRoot, "", "", 400, "invalid"},
			{"group too long", "/memory/evolve/" + strings.Repeat("g", 256), secretRoot, "", "", 400, "invalid"},
			{"body with a field", "/memory/evolve/g1", secretRoot, `{"days":1}`, "", 400, "invalid"},
			{"body not JSON", "/memory/evolve/g1", secretRoot, `days=1`, "", 400, "invalid"},
			{"body not JSON typed", "/memory/evolve/g1", secretRoot, `{}`, "text/plain", 415, "unsupported_media_type"},
			{"reprocess needs admin", "/memory/evolve/g1?reprocess=true", secretBot1, "", "", 403, "forbidden"},
			{"read key", "/memory/evolve/g1", secretView1, "", "", 403, "forbidden"},
			{"no key", "/memory/evolve/g1", "", "", "", 401, "unauthorized"},
			{"body too large", "/memory/evolve/g1", secretRoot, `{"x":"` + strings.Repeat("a", 70<<10) + `"}`, "", 413, "too_large"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				want(t, f.do(t, req{method: http.MethodPost, path: tt.path, key: tt.key, body: tt.body, ctype: tt.ctype}), tt.status, tt.code)
			})
		}
	})

	t.Run("EmptyBodyObjectAccepted", func(t *testing.T) {
		r := f.do(t, req{method: http.MethodPost, path: "/memory/evolve/g1?reprocess=true&days=1&dry_run=true", key: secretRoot, body: "{}"})
		want(t, r, 200, "")
		if got := r.obj(t); got["status"] != "dry_run" || got["messages"].(float64) < 1 {
			t.Errorf("reprocessing dry run = %v", got)
		}
	})
}
