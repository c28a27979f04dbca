package api_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/groupmem/groupmem"
)

// memoryOf returns the "memory" object of an answer.
func memoryOf(t *testing.T, r resp) map[string]any {
	t.Helper()
	m, ok := r.obj(t)["memory"].(map[string]any)
	if !ok {
		t.Fatalf("%s %s: no memory in %s", r.method, r.path, r.body)
	}
	return m
}

// A bot that kept a memory's lineage id reaches the memory after the
// evolution replaced its version: get, strength, delete and restore act
// on the current version. The stale version id answers 409 naming the
// current version instead of changing nothing.
func TestLineageIDOutlivesUpdates(t *testing.T) {
	onBoth(t, fixtureOptions{}, func(t *testing.T, f *fixture) {
		tea := f.seed(t, "g1", "likes tea")["likes tea"]
		f.ingest(t, "g1", "update: likes tea => likes green tea")
		f.evolve(t, "g1")
		lineage := "/memory/lineage/" + tea.LineageID

		cur := memoryOf(t, f.get(t, lineage, secretView1))
		if cur["statement"] != "likes green tea" || cur["version"] != 2.0 || cur["lineage_id"] != tea.LineageID {
			t.Fatalf("current version = %v", cur)
		}
		if got := memoryOf(t, f.get(t, "/memory/"+tea.ID, secretView1)); got["status"] != "superseded" || got["statement"] != "likes tea" {
			t.Errorf("GET the old version = %v", got)
		}

		r := f.do(t, req{method: http.MethodPut, path: "/memory/" + tea.ID + "/strength", key: secretMod1, body: `{"strength":0.3}`})
		want(t, r, http.StatusConflict, "conflict")
		if msg := r.obj(t)["error"].(map[string]any)["message"].(string); !strings.Contains(msg, cur["memory_id"].(string)) {
			t.Errorf("409 message %q does not name the current version", msg)
		}
		if m, _ := f.ledger.Memory(context.Background(), tea.ID); m.Strength != tea.Strength {
			t.Errorf("strength of the superseded version changed to %v", m.Strength)
		}

		got := memoryOf(t, f.do(t, req{method: http.MethodPut, path: lineage + "/strength", key: secretMod1, body: `{"strength":0.3}`}))
		if got["memory_id"] != cur["memory_id"] || got["strength"] != 0.3 {
			t.Errorf("strength by lineage = %v", got)
		}
		got = memoryOf(t, f.do(t, req{method: http.MethodDelete, path: lineage, key: secretMod1, body: `{"reason":"gone"}`}))
		if got["memory_id"] != cur["memory_id"] || got["status"] != "deprecated" {
			t.Errorf("delete by lineage = %v", got)
		}
		want(t, f.do(t, req{method: http.MethodDelete, path: lineage, key: secretMod1}), http.StatusConflict, "conflict")
		if got := memoryOf(t, f.get(t, lineage, secretView1)); got["status"] != "deprecated" || got["version"] != 2.0 {
			t.Errorf("a deleted memory's current version = %v", got)
		}
		got = memoryOf(t, f.do(t, req{method: http.MethodPut, path: lineage + "/restore", key: secretMod1}))
		if got["memory_id"] != cur["memory_id"] || got["status"] != "active" {
			t.Errorf("restore by lineage = %v", got)
		}
		want(t, f.get(t, "/memory/lineage/6f1c1a34-5a6f-4a39-9b1e-0a5f1c2d3e4f", secretView1), http.StatusNotFound, "not_found")
	})
}

// A moderator writes and corrects memories by hand: each is a version
// with its parent, authored by the key, in the change log, and searchable;
// none of it shows as an evolution run.
func TestManualCreateAndEdit(t *testing.T) {
	onBoth(t, fixtureOptions{}, func(t *testing.T, f *fixture) {
		f.seed(t, "g1", "likes tea")

		r := f.do(t, req{method: http.MethodPost, path: "/memory/create/g1", key: secretMod1,
			body: `{"statement":"meets every Friday at 8pm","tags":["schedule"],"reason":"pinned by the moderators"}`})
		want(t, r, http.StatusCreated, "")
		created := memoryOf(t, r)
		if created["version"] != 1.0 || created["strength"] != 1.0 || created["status"] != "active" ||
			created["change_summary"] != "pinned by the moderators" || created["lineage_id"] != created["memory_id"] {
			t.Fatalf("created = %v", created)
		}
		id := created["memory_id"].(string)

		r = f.do(t, req{method: http.MethodPut, path: "/memory/" + id, key: secretMod1, body: `{"statement":"meets every Friday at 9pm"}`})
		want(t, r, http.StatusOK, "")
		edited := memoryOf(t, r)
		if edited["version"] != 2.0 || edited["parent_id"] != id || edited["lineage_id"] != id ||
			edited["statement"] != "meets every Friday at 9pm" || edited["strength"] != 1.0 ||
			fmt.Sprint(edited["tags"]) != "[schedule]" {
			t.Fatalf("edited = %v", edited)
		}
		if m, _ := f.ledger.Memory(context.Background(), id); m.Status != groupmem.StatusSuperseded {
			t.Errorf("the edited version is %s, want superseded", m.Status)
		}
		want(t, f.do(t, req{method: http.MethodPut, path: "/memory/" + id, key: secretMod1, body: `{"statement":"again"}`}), http.StatusConflict, "conflict")

		hits := f.get(t, "/memory/search/g1?q="+url.QueryEscape("meets every Friday at 9pm"), secretView1).obj(t)
		if list := hits["results"].([]any); len(list) == 0 || list[0].(map[string]any)["memory_id"] != edited["memory_id"] {
			t.Errorf("search does not find the edited memory first: %v", hits)
		}

		changes := f.get(t, "/memory/changes/g1?exclude_action=strength", secretView1).obj(t)["changes"].([]any)
		if len(changes) < 3 {
			t.Fatalf("changes = %v", changes)
		}
		upd, cre := changes[0].(map[string]any), changes[1].(map[string]any)
		if upd["action"] != "update" || upd["actor"] != "mod1" || upd["old_statement"] != "meets every Friday at 8pm" ||
			cre["action"] != "create" || cre["actor"] != "mod1" || cre["change_reason"] != "pinned by the moderators" ||
			upd["manual"] != true || cre["manual"] != true {
			t.Errorf("change log = %v / %v; want two manual changes by mod1", upd, cre)
		}
		if evolved := changes[len(changes)-1].(map[string]any); evolved["new_statement"] != "likes tea" || evolved["manual"] != false {
			t.Errorf("the evolution's change = %v; want manual false", evolved)
		}
		runs := f.get(t, "/memory/runs/g1", secretView1).obj(t)["runs"].([]any)
		if len(runs) != 1 || runs[0].(map[string]any)["trigger"] != "manual" {
			t.Errorf("runs = %v; want the one evolution only", runs)
		}

		// Bad input changes nothing.
		for _, body := range []string{`{}`, `{"statement":"   "}`, `{"statement":"x","strength":2}`, `{"statement":"x","extra":1}`,
			`{"statement":"` + strings.Repeat("长", groupmem.MaxStatementRunes+1) + `"}`} {
			want(t, f.do(t, req{method: http.MethodPost, path: "/memory/create/g1", key: secretMod1, body: body}), http.StatusBadRequest, "invalid")
		}
		want(t, f.do(t, req{method: http.MethodPost, path: "/memory/create/g1", key: secretBot1, body: `{"statement":"x"}`}), http.StatusForbidden, "forbidden")
		if page, _ := f.ledger.Memories(context.Background(), groupmem.MemoryQuery{GroupID: "g1", Limit: 100}); page.Total != 3 {
			t.Errorf("g1 holds %d versions, want 3 (tea, and the two versions written by hand)", page.Total)
		}
	})
}

// Runs and changes page by cursor past the first page, every row once,
// and filter by status and action; groups list with their counts.
func TestPagingAndGroups(t *testing.T) {
	onBoth(t, fixtureOptions{}, func(t *testing.T, f *fixture) {
		const n = 7
		for i := range n {
			f.ingest(t, "g1", fmt.Sprintf("create: fact %d", i))
			f.evolve(t, "g1")
		}
		f.evolve(t, "g1") // a noop: nothing new

		seen := map[string]bool{}
		path, pages := "/memory/runs/g1?limit=3", 0
		for {
			got := f.get(t, path, secretView1).obj(t)
			for _, r := range got["runs"].([]any) {
				id := r.(map[string]any)["run_id"].(string)
				if seen[id] {
					t.Fatalf("run %s on two pages", id)
				}
				seen[id] = true
			}
			pages++
			next, _ := got["next_cursor"].(string)
			if next == "" {
				break
			}
			path = "/memory/runs/g1?limit=3&cursor=" + url.QueryEscape(next)
		}
		if len(seen) != n+1 || pages != 3 {
			t.Errorf("paged %d runs in %d pages, want %d in 3", len(seen), pages, n+1)
		}
		noop := f.get(t, "/memory/runs/g1?status=noop", secretView1).obj(t)["runs"].([]any)
		if len(noop) != 1 || noop[0].(map[string]any)["status"] != "noop" {
			t.Errorf("status=noop = %v", noop)
		}

		mems := f.active(t, "g1")
		for _, m := range mems {
			want(t, f.do(t, req{method: http.MethodPut, path: "/memory/" + m.ID + "/strength", key: secretMod1, body: `{"strength":0.25}`}), 200, "")
		}
		all := f.get(t, "/memory/changes/g1?limit=100", secretView1).obj(t)["changes"].([]any)
		creates := f.get(t, "/memory/changes/g1?action=create", secretView1).obj(t)["changes"].([]any)
		noStrength := f.get(t, "/memory/changes/g1?exclude_action=strength", secretView1).obj(t)["changes"].([]any)
		if len(all) != 2*n || len(creates) != n || len(noStrength) != n {
			t.Errorf("changes: all %d, action=create %d, exclude_action=strength %d; want %d, %d, %d", len(all), len(creates), len(noStrength), 2*n, n, n)
		}
		var paged int
		path = "/memory/changes/g1?limit=4"
		for path != "" {
			got := f.get(t, path, secretView1).obj(t)
			paged += len(got["changes"].([]any))
			path = ""
			if next, _ := got["next_cursor"].(string); next != "" {
				path = "/memory/changes/g1?limit=4&cursor=" + url.QueryEscape(next)
			}
		}
		if paged != 2*n {
			t.Errorf("paged %d changes, want %d", paged, 2*n)
		}
		for _, bad := range []string{"/memory/runs/g1?status=done", "/memory/runs/g1?cursor=abc", "/memory/changes/g1?action=keep",
			"/memory/changes/g1?cursor=" + url.QueryEscape("eyJ0IjoiMjAyNi0wMS0wMVQwMDowMDowMFoiLCJpZCI6IngifQ")} {
			want(t, f.get(t, bad, secretView1), http.StatusBadRequest, "invalid")
		}

		f.ingest(t, "g2", "create: likes juice")
		f.evolve(t, "g2")
		f.ingest(t, "g2", "just chatting")
		groups := f.get(t, "/memory/groups", secretRoot).obj(t)["groups"].([]any)
		if len(groups) != 2 {
			t.Fatalf("groups = %v", groups)
		}
		g1, g2 := groups[0].(map[string]any), groups[1].(map[string]any)
		if g1["group_id"] != "g1" || g1["memories"].(map[string]any)["active"] != float64(n) || g1["messages"] != float64(n) ||
			g1["pending_messages"] != 0.0 || g1["last_run"].(map[string]any)["status"] != "noop" {
			t.Errorf("g1 = %v", g1)
		}
		if g2["pending_messages"] != 1.0 || g2["last_run"].(map[string]any)["status"] != "succeeded" {
			t.Errorf("g2 = %v", g2)
		}
		// A key scoped to g1 sees g1 only.
		if got := f.get(t, "/memory/groups", secretView1).obj(t)["groups"].([]any); len(got) != 1 || got[0].(map[string]any)["group_id"] != "g1" {
			t.Errorf("view1 sees %v", got)
		}
		first := f.get(t, "/memory/groups?limit=1", secretRoot).obj(t)
		rest := f.get(t, "/memory/groups?cursor="+url.QueryEscape(first["next_cursor"].(string)), secretRoot).obj(t)["groups"].([]any)
		if len(rest) != 1 || rest[0].(map[string]any)["group_id"] != "g2" {
			t.Errorf("second page of groups = %v", rest)
		}
	})
}

// A memory read by id or lineage brings the text, sender and time of the
// messages it rests on.
func TestMemoryEvidenceText(t *testing.T) {
	onBoth(t, fixtureOptions{}, func(t *testing.T, f *fixture) {
		tea := f.seed(t, "g1", "likes tea")["likes tea"]
		if len(tea.Evidence) == 0 {
			t.Fatal("the seeded memory has no evidence")
		}
		for _, path := range []string{"/memory/" + tea.ID, "/memory/lineage/" + tea.LineageID} {
			got := f.get(t, path, secretView1).obj(t)
			ev, _ := got["evidence_messages"].([]any)
			if len(ev) != len(tea.Evidence) {
				t.Fatalf("%s: evidence_messages = %v, want %d", path, got["evidence_messages"], len(tea.Evidence))
			}
			m := ev[0].(map[string]any)
			if m["id"] != tea.Evidence[0] || m["content"] != "create: likes tea" || m["sent_at"] == "" {
				t.Errorf("%s: evidence message = %v", path, m)
			}
		}
	})
}
