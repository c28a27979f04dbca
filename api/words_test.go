package api_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// goTalk matches what a user should never read in an error: Go types and
// packages, decoder and driver wording, formatting slips.
var goTalk = regexp.MustCompile(`(?i)\bgo\b|json:|struct|unmarshal|float64|int64|\[\]string|map\[|strconv|invalid syntax|groupmem\.|pgx|sqlite|sqlstate|%!|\bnil\b`)

// stateWord matches a sentence that names a memory's state.
var stateWord = regexp.MustCompile(`\bis (\w+);`)

// Every error answer speaks the API's own terms: the JSON field and query
// names the caller sent, the status words the API reports (active,
// superseded, deprecated), and no Go types or driver messages. Bad input
// changes nothing.
func TestErrorsSpeakUserTerms(t *testing.T) {
	onBoth(t, fixtureOptions{}, func(t *testing.T, f *fixture) {
		tea := f.seed(t, "g1", "likes tea")["likes tea"]
		f.ingest(t, "g1", "update: likes tea => likes green tea")
		f.evolve(t, "g1")
		old, cur := tea.ID, f.active(t, "g1")["likes green tea"].ID
		want(t, f.do(t, req{method: http.MethodDelete, path: "/memory/" + cur, key: secretRoot}), http.StatusOK, "")
		before := f.active(t, "g1")

		tests := []struct {
			method, path, body string
			field              string // the name the message must start with or contain; "" for none
		}{
			{"PUT", "/memory/" + cur + "/strength", `{"strength":"high"}`, "strength"},
			{"PUT", "/memory/" + cur + "/strength", `{"strength":[1]}`, "strength"},
			{"PUT", "/memory/" + cur + "/strength", `{"strength":1e999}`, "strength"},
			{"PUT", "/memory/" + cur + "/strength", `[1]`, ""},
			{"PUT", "/memory/" + cur + "/strength", `{"strength":0.5,}`, ""},
			{"PUT", "/memory/" + old + "/strength", `{"strength":0.5}`, "superseded"},
			{"PUT", "/memory/" + cur, `{"statement":5}`, "statement"},
			{"PUT", "/memory/" + cur, `{"statement":"x","tags":"a"}`, "tags"},
			{"PUT", "/memory/" + cur, `{"statement":"x","tags":[1]}`, "tags"},
			{"PUT", "/memory/" + cur, `{"statement":"x"}`, "deprecated"},
			{"DELETE", "/memory/" + cur, `{"reason":7}`, "reason"},
			{"DELETE", "/memory/" + cur, ``, "deprecated"},
			{"DELETE", "/memory/" + old, ``, "superseded"},
			{"POST", "/memory/messages/g1", `{"messages":[{"id":1}]}`, "id"},
			{"POST", "/memory/messages/g1", `{"messages":[{"id":"a","sent_at":"yesterday"}]}`, "sent_at"},
			{"POST", "/memory/messages/g1", `{"messages":[{"message_id":"a","sent_at":"2026-01-15T12:30:00Z"}]}`, "message_id"},
			{"POST", "/memory/messages/g1", `{"messages":{}}`, "messages"},
			{"POST", "/memory/create/g1", `{"statement":"x","strength":"1"}`, "strength"},
			{"POST", "/memory/create/g1", `{"Statement":"x"}`, `did you mean "statement"`},
			{"POST", "/memory/create/g1", `{"statement":"x","statement":"y"}`, "given twice"},
			{"PUT", "/memory/" + old + "/strength", `{"Strength":0.5}`, `did you mean "strength"`},
			{"POST", "/memory/messages/g1", `{"messages":[{"ID":"a","sent_at":"2026-01-15T12:30:00Z"}]}`, `"messages[0].ID"`},
			{"POST", "/memory/create/g1", `{"statement":["x"]}`, "statement"},
			{"GET", "/memory/list/g1?status=deleted", ``, "status"},
			{"GET", "/memory/list/g1?limit=abc", ``, "limit"},
			{"GET", "/memory/search/g1?q=x&threshold=abc", ``, "threshold"},
			{"GET", "/memory/changes/g1?action=deleted", ``, "action"},
			{"GET", "/memory/runs/g1?status=ok", ``, "status"},
			{"GET", "/memory/runs/g1?cursor=!!", ``, "cursor"},
			{"POST", "/memory/evolve/g1?dry_run=yes", ``, "dry_run"},
			{"GET", "/memory/list/g1?x=1", ``, "x"},
			{"GET", "/memory/history/not-a-uuid", ``, "memory_id"},
			{"GET", "/memory/list/g%01", ``, ""},
			{"GET", "/memory/list/" + strings.Repeat("g", 300), ``, ""},
		}
		for _, tt := range tests {
			r := f.do(t, req{method: tt.method, path: tt.path, key: secretRoot, body: tt.body})
			if r.status < 400 || r.status > 499 {
				t.Errorf("%s %s %s = %d, want a 4xx\n%s", tt.method, tt.path, tt.body, r.status, r.body)
				continue
			}
			e, _ := r.obj(t)["error"].(map[string]any)
			msg, _ := e["message"].(string)
			if bad := goTalk.FindString(msg); bad != "" || msg == "" {
				t.Errorf("%s %s %s: message %q speaks of %q", tt.method, tt.path, tt.body, msg, bad)
			}
			if tt.field != "" && !strings.Contains(msg, tt.field) {
				t.Errorf("%s %s %s: message %q does not name %q", tt.method, tt.path, tt.body, msg, tt.field)
			}
			for _, m := range stateWord.FindAllStringSubmatch(msg, -1) {
				if w := m[1]; w == "deleted" || w == "removed" || w == "inactive" || w == "replaced" {
					t.Errorf("%s %s: message %q names a state %q; the API's words are active, superseded, deprecated", tt.method, tt.path, msg, w)
				}
			}
		}
		if after := f.active(t, "g1"); len(after) != len(before) {
			t.Errorf("bad requests changed the active memories: %v -> %v", before, after)
		}
	})
}
