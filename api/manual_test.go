package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/groupmem/groupmem"
)

func TestDeleteRestoreStrength(t *testing.T) {
	onBoth(t, fixtureOptions{}, func(t *testing.T, f *fixture) {
		mems := f.seed(t, "g1", "likes tea", "likes coffee")
		tea := mems["likes tea"]

		memoryOf := func(t *testing.T, r resp) map[string]any {
			t.Helper()
			want(t, r, 200, "")
			return r.obj(t)["memory"].(map[string]any)
		}
		listed := func(t *testing.T, status string) []string {
			t.Helper()
			var ids []string
			for _, m := range f.get(t, "/memory/list/g1?status="+status, secretRoot).obj(t)["memories"].([]any) {
				ids = append(ids, m.(map[string]any)["memory_id"].(string))
			}
			return ids
		}

		t.Run("Delete", func(t *testing.T) {
			if hits := f.get(t, "/memory/search/g1?q=tea&threshold=0", secretRoot).obj(t)["results"].([]any); len(hits) == 0 ||
				hits[0].(map[string]any)["memory_id"] != tea.ID {
				t.Fatalf("search before the delete = %v", hits)
			}
			m := memoryOf(t, f.do(t, req{method: http.MethodDelete, path: "/memory/" + tea.ID, key: secretMod1, body: `{"reason":"a joke"}`}))
			if m["memory_id"] != tea.ID || m["status"] != "deprecated" {
				t.Fatalf("deleted = %v", m)
			}
			if ids := listed(t, "deprecated"); len(ids) != 1 || ids[0] != tea.ID {
				t.Errorf("deprecated = %v", ids)
			}
			// The index is projected at once: search no longer finds it.
			for _, hit := range f.get(t, "/memory/search/g1?q=tea&threshold=0", secretRoot).obj(t)["results"].([]any) {
				if hit.(map[string]any)["memory_id"] == tea.ID {
					t.Errorf("search finds the deleted memory: %v", hit)
				}
			}
			changes, err := f.ledger.Changes(context.Background(), groupmem.ChangeQuery{GroupID: "g1", Since: tea.CreatedAt, Limit: 10})
			if err != nil || changes[0].Action != groupmem.ActionDelete || changes[0].Actor != "mod1" || changes[0].Reason != "a joke" {
				t.Errorf("change log = %+v, %v", changes, err)
			}
			want(t, f.do(t, req{method: http.MethodDelete, path: "/memory/" + tea.ID, key: secretRoot}), 409, "conflict")
		})

		t.Run("RestoreDeleted", func(t *testing.T) {
			m := memoryOf(t, f.do(t, req{method: http.MethodPut, path: "/memory/" + tea.ID + "/restore", key: secretRoot}))
			if m["memory_id"] != tea.ID || m["status"] != "active" || m["version"] != 1.0 {
				t.Fatalf("restored = %v", m)
			}
			// Restoring the active version changes nothing.
			m = memoryOf(t, f.do(t, req{method: http.MethodPut, path: "/memory/" + tea.ID + "/restore", key: secretRoot, body: "{}"}))
			if m["memory_id"] != tea.ID || m["status"] != "active" {
				t.Errorf("restore of the active version = %v", m)
			}
		})

		t.Run("RestoreSuperseded", func(t *testing.T) {
			f.ingest(t, "g1", "update: likes coffee => likes strong coffee")
			f.evolve(t, "g1")
			old := mems["likes coffee"]
			m := memoryOf(t, f.do(t, req{method: http.MethodPut, path: "/memory/" + old.ID + "/restore", key: secretRoot}))
			if m["memory_id"] == old.ID || m["statement"] != "likes coffee" || m["version"] != 3.0 || m["status"] != "active" ||
				m["lineage_id"] != old.LineageID {
				t.Fatalf("restored superseded = %v", m)
			}
			hist := f.get(t, "/memory/history/"+old.ID, secretRoot).obj(t)
			if hist["current_version"] != 3.0 || hist["current_status"] != "active" {
				t.Errorf("history after restore = %v", hist)
			}
		})

		t.Run("Strength", func(t *testing.T) {
			m := memoryOf(t, f.do(t, req{method: http.MethodPut, path: "/memory/" + tea.ID + "/strength", key: secretMod1, body: `{"strength":0.9}`}))
			if m["strength"] != 0.9 || m["status"] != "active" {
				t.Fatalf("strength = %v", m)
			}
			for _, s := range []string{"0", "1"} {
				m = memoryOf(t, f.do(t, req{method: http.MethodPut, path: "/memory/" + tea.ID + "/strength", key: secretRoot, body: `{"strength":` + s + `}`}))
				if fmt.Sprint(m["strength"]) != s {
					t.Errorf("strength %s = %v", s, m["strength"])
				}
			}
		})

		t.Run("BadInput", func(t *testing.T) {
			strength := "/memory/" + tea.ID + "/strength"
			tests := []struct {
				name, method, path, body, ctype string
				header                          map[string]string
				status                          int
				code                            string
			}{
				{"strength above 1", "PUT", strength, `{"strength":1.01}`, "", nil, 400, "invalid"},
				{"strength below 0", "PUT", strength, `{"strength":-0.5}`, "", nil, 400, "invalid"},
				{"strength missing", "PUT", strength, `{}`, "", nil, 400, "invalid"},
				{"strength null", "PUT", strength, `{"strength":null}`, "", nil, 400, "invalid"},
				{"strength no body", "PUT", strength, ``, "", nil, 400, "invalid"},
				{"strength a string", "PUT", strength, `{"strength":"0.5"}`, "", nil, 400, "invalid"},
				{"strength huge", "PUT", strength, `{"strength":1e999}`, "", nil, 400, "invalid"},
				{"unknown field", "PUT", strength, `{"strength":0.5,"force":true}`, "", nil, 400, "invalid"},
				{"trailing data", "PUT", strength, `{"strength":0.5}{}`, "", nil, 400, "invalid"},
				{"trailing garbage", "PUT", strength, `{"strength":0.5} x`, "", nil, 400, "invalid"},
				{"an array", "PUT", strength, `[0.5]`, "", nil, 400, "invalid"},
				{"truncated", "PUT", strength, `{"strength":0.`, "", nil, 400, "invalid"},
				{"form encoded", "PUT", strength, `strength=0.5`, "application/x-www-form-urlencoded", nil, 415, "unsupported_media_type"},
				{"json with another charset", "PUT", strength, `{"strength":0.5}`, "application/json; charset=latin1", nil, 415, "unsupported_media_type"},
				{"too large", "PUT", strength, `{"strength":0.5,"x":"` + strings.Repeat("a", 65<<10) + `"}`, "", nil, 413, "too_large"},
				{"bad id", "PUT", "/memory/123/strength", `{"strength":0.5}`, "", nil, 400, "invalid"},
				{"unknown id", "PUT", "/memory/6f1c1a34-5a6f-4a39-9b1e-0a5f1c2d3e4f/strength", `{"strength":0.5}`, "", nil, 404, "not_found"},
				{"restore with a field", "PUT", "/memory/" + tea.ID + "/restore", `{"version":1}`, "", nil, 400, "invalid"},
				{"delete reason too long", "DELETE", "/memory/" + tea.ID, `{"reason":"` + strings.Repeat("r", 2001) + `"}`, "", nil, 400, "invalid"},
				{"delete reason a number", "DELETE", "/memory/" + tea.ID, `{"reason":5}`, "", nil, 400, "invalid"},
				{"delete query", "DELETE", "/memory/" + tea.ID + "?force=true", ``, "", nil, 400, "invalid"},
				{"two keys", "PUT", strength, `{"strength":0.5}`, "", map[string]string{"X-API-Key": secretRoot}, 401, "unauthorized"},
			}
			for _, tt := range tests {
				t.Run(tt.name, func(t *testing.T) {
					r := f.do(t, req{method: tt.method, path: tt.path, key: secretRoot, body: tt.body, ctype: tt.ctype, header: tt.header})
					want(t, r, tt.status, tt.code)
				})
			}
			m, err := f.ledger.Memory(context.Background(), tea.ID)
			if err != nil || m.Status != groupmem.StatusActive || m.Strength != 1 {
				t.Errorf("bad requests changed the memory: %+v, %v", m, err)
			}
		})
	})
}

func TestRuns(t *testing.T) {
	onBoth(t, fixtureOptions{}, func(t *testing.T, f *fixture) {
		mems := f.seed(t, "g1", "likes tea")
		want(t, f.do(t, req{method: http.MethodDelete, path: "/memory/" + mems["likes tea"].ID, key: secretMod1}), 200, "")

		got := f.get(t, "/memory/runs/g1", secretView1).obj(t)
		runs := got["runs"].([]any)
		if len(runs) != 1 {
			t.Fatalf("runs = %v; want the evolution only, not the manual delete", got)
		}
		evolve := runs[0].(map[string]any)
		report := evolve["report"].(map[string]any)
		if evolve["trigger"] != "manual" || evolve["actor"] != "root" || evolve["model"] != "script" || evolve["prompt_version"] != "script-1" ||
			evolve["messages"] != 1.0 || evolve["tokens"].(map[string]any)["prompt"] != 100.0 || report["repaired"] != 1.0 ||
			len(report["dropped"].([]any)) != 1 || evolve["finished_at"] == nil || evolve["error"] != nil {
			t.Errorf("evolution run = %v", evolve)
		}
		one := f.get(t, "/memory/run/"+evolve["run_id"].(string), secretView1).obj(t)["run"]
		b1, _ := json.Marshal(one)
		b2, _ := json.Marshal(evolve)
		if string(b1) != string(b2) {
			t.Errorf("run by id differs from the list:\n%s\n%s", b1, b2)
		}
		if got := f.get(t, "/memory/runs/g1?limit=1", secretView1).obj(t)["runs"].([]any); len(got) != 1 {
			t.Errorf("limit=1 gave %d runs", len(got))
		}
		want(t, f.get(t, "/memory/run/nope", secretView1), 400, "invalid")
		want(t, f.get(t, "/memory/run/6f1c1a34-5a6f-4a39-9b1e-0a5f1c2d3e4f", secretView1), 404, "not_found")
		want(t, f.get(t, "/memory/runs/g1?limit=500", secretView1), 400, "invalid")
	})
}

func TestIngest(t *testing.T) {
	onBoth(t, fixtureOptions{}, func(t *testing.T, f *fixture) {
		post := func(t *testing.T, body string) resp {
			t.Helper()
			return f.do(t, req{method: http.MethodPost, path: "/memory/messages/g1", key: secretBot1, body: body})
		}
		batch := `{"messages":[{"id":"a1","sender_id":"u1","sender_name":"Ann","content":"hi\u0000 there","sent_at":"2026-01-15T12:30:00Z"},
			{"id":"a2","sender_id":"u2","sender_name":"Bo","content":"create: meets on Fridays","sent_at":"2026-01-15T12:31:00+08:00"}]}`
		r := post(t, batch)
		want(t, r, 200, "")
		if got := r.obj(t); got["received"] != 2.0 || got["inserted"] != 2.0 {
			t.Fatalf("first post = %v", got)
		}
		r = post(t, batch)
		if got := r.obj(t); got["received"] != 2.0 || got["inserted"] != 0.0 {
			t.Errorf("resend = %v", got)
		}
		msgs, err := f.ledger.MessagesAfter(context.Background(), "g1", 0, 10)
		if err != nil || len(msgs) != 2 || msgs[0].Content != "hi there" || msgs[1].SentAt.Hour() != 4 {
			t.Errorf("stored = %+v, %v", msgs, err)
		}

		many := make([]map[string]string, groupmem.MaxBatchMessages+1)
		for i := range many {
			many[i] = map[string]string{"id": fmt.Sprint(i), "sent_at": "2026-01-15T12:30:00Z"}
		}
		tests := []struct {
			name, body string
			status     int
			code       string
		}{
			{"no body", ``, 400, "invalid"},
			{"no messages", `{"messages":[]}`, 400, "invalid"},
			{"null messages", `{"messages":null}`, 400, "invalid"},
			{"missing id", `{"messages":[{"content":"x","sent_at":"2026-01-15T12:30:00Z"}]}`, 400, "invalid"},
			{"id with spaces", `{"messages":[{"id":" a","sent_at":"2026-01-15T12:30:00Z"}]}`, 400, "invalid"},
			{"missing sent_at", `{"messages":[{"id":"x"}]}`, 400, "invalid"},
			{"bad sent_at", `{"messages":[{"id":"x","sent_at":"yesterday"}]}`, 400, "invalid"},
			{"unknown message field", `{"messages":[{"id":"x","sent_at":"2026-01-15T12:30:00Z","edited":true}]}`, 400, "invalid"},
			{"content not a string", `{"messages":[{"id":"x","content":1,"sent_at":"2026-01-15T12:30:00Z"}]}`, 400, "invalid"},
			{"too many", jsonBody(map[string]any{"messages": many}), 413, "too_large"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				want(t, post(t, tt.body), tt.status, tt.code)
			})
		}
		if msgs, _ := f.ledger.MessagesAfter(context.Background(), "g1", 0, 10); len(msgs) != 2 {
			t.Errorf("bad batches stored messages: %d", len(msgs))
		}
	})
}
