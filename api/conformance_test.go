package api_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"
)

// notProduced lists the documented answers this test does not provoke,
// with the reason. Every other documented answer of every operation must
// be seen, and conform, in TestOpenAPIConformance.
var notProduced = map[string]string{
	"500":                                                 "internal errors are bugs; no request may cause one (FuzzHandler)",
	"GET /memory/list/{group_id} 503":                     "needs Postgres down",
	"GET /memory/search/{group_id} 413":                   "needs an embeddings service that refuses the query (TestTooLargeIsTheCallersOnlyForTheirOwnInput)",
	"GET /memory/context/{group_id} 413":                  "needs an embeddings service that refuses the query (TestTooLargeIsTheCallersOnlyForTheirOwnInput)",
	"GET /memory/messages/{group_id} 413":                 "needs an embeddings service that refuses the query (TestTooLargeIsTheCallersOnlyForTheirOwnInput)",
	"GET /memory/history/{memory_id} 503":                 "needs Postgres down",
	"GET /memory/changes/{group_id} 503":                  "needs Postgres down",
	"GET /memory/runs/{group_id} 503":                     "needs Postgres down",
	"GET /memory/run/{run_id} 503":                        "needs Postgres down",
	"POST /memory/messages/{group_id} 503":                "needs Postgres down",
	"DELETE /memory/{memory_id} 503":                      "needs Postgres down",
	"PUT /memory/{memory_id}/restore 503":                 "needs Postgres down",
	"PUT /memory/{memory_id}/strength 503":                "needs Postgres down",
	"PUT /memory/{memory_id}/restore 409":                 "needs a concurrent change of the same lineage",
	"PUT /memory/lineage/{lineage_id}/restore 409":        "needs a concurrent change of the same lineage",
	"PUT /memory/lineage/{lineage_id}/strength 409":       "needs a concurrent change of the same lineage",
	"GET /memory/groups 503":                              "needs Postgres down",
	"DELETE /memory/groups/{group_id} 503":                "needs Postgres down",
	"GET /memory/removals/{group_id} 503":                 "needs Postgres down",
	"GET /memory/usage 503":                               "needs Postgres down",
	"GET /memory/export/{group_id} 503":                   "needs Postgres down",
	"POST /memory/import/{group_id} 503":                  "needs Postgres down",
	"DELETE /memory/groups/{group_id} 409":                "needs an evolution of the group in flight",
	"DELETE /memory/messages/{group_id}/{message_id} 409": "needs an evolution of the group in flight",
	"DELETE /memory/messages/{group_id}/{message_id} 503": "needs Postgres down",
	"GET /memory/messages/{group_id} 503":                 "needs Postgres down",
	"GET /memory/{memory_id} 503":                         "needs Postgres down",
	"GET /memory/lineage/{lineage_id} 503":                "needs Postgres down",
	"POST /memory/create/{group_id} 503":                  "needs Postgres down",
	"PUT /memory/{memory_id} 503":                         "needs Postgres down",
	"DELETE /memory/lineage/{lineage_id} 503":             "needs Postgres down",
	"PUT /memory/lineage/{lineage_id}/restore 503":        "needs Postgres down",
	"PUT /memory/lineage/{lineage_id}/strength 503":       "needs Postgres down",
	"PUT /memory/{memory_id}/strength 409":                "needs a concurrent change of the same version",
	"GET /metrics 404":                                    "needs a server without metrics",
	"GET /memory/members/{group_id} 503":                  "needs Postgres down",
	"GET /memory/members/{group_id}/{sender_id} 503":      "needs Postgres down",
	"GET /memory/plans/{group_id} 503":                    "needs Postgres down",
	"POST /memory/plans/{plan_id}/reject 503":             "needs Postgres down",
	"POST /memory/plans/{plan_id}/apply 503":              "needs Postgres or Redis down",
	"POST /memory/plans/{plan_id}/approve 503":            "needs Postgres or Redis down",
	"POST /memory/webhooks 503":                           "needs Postgres down",
	"GET /memory/webhooks 503":                            "needs Postgres down",
	"GET /memory/webhooks/{webhook_id} 503":               "needs Postgres down",
	"DELETE /memory/webhooks/{webhook_id} 503":            "needs Postgres down",
	"POST /memory/webhooks/{webhook_id}/rotate 503":       "needs Postgres down",
	"POST /memory/webhooks/{webhook_id}/resume 503":       "needs Postgres down",
	"POST /memory/webhooks/{webhook_id}/replay 503":       "needs Postgres down",
	"POST /memory/webhooks/{webhook_id}/replay 409":       "needs a prune past the retention (storetest ReplayOverAPrunedEventIsRefused)",
	"GET /memory/webhooks/{webhook_id}/deliveries 503":    "needs Postgres down",
}

// TestOpenAPIConformance calls every endpoint for real, on its success and
// error paths, and checks that every answer conforms to openapi.json (each
// call through fixture.do is checked) and that every documented answer was
// seen.
func TestOpenAPIConformance(t *testing.T) {
	f := newFixture(t, fixtureOptions{failures: true})
	mems := f.seed(t, "g1", "likes tea", "likes coffee", "likes milk")
	tea, coffee, milk := mems["likes tea"], mems["likes coffee"], mems["likes milk"]
	other := f.seed(t, "g2", "likes juice")["likes juice"]
	big := `{"x":"` + strings.Repeat("a", 70<<10) + `"}`
	g1, g2 := "/memory/%s/g1", "/memory/%s/g2"
	at := func(pattern, what string) string { return strings.Replace(pattern, "%s", what, 1) }
	const unknown = "6f1c1a34-5a6f-4a39-9b1e-0a5f1c2d3e4f"

	calls := []req{
		{method: "GET", path: "/healthz"},
		{method: "GET", path: "/readyz"},
		{method: "GET", path: "/openapi.json"},
		{method: "GET", path: "/metrics"},
		{method: "GET", path: "/healthz?verbose=1"},
		{method: "GET", path: "/readyz?verbose=1"},
		{method: "GET", path: "/openapi.json?format=yaml"},
		{method: "GET", path: "/auth/key", key: secretView1},
		{method: "GET", path: "/auth/key", key: "wrong-secret"},

		{method: "POST", path: at(g1, "evolve"), key: secretRoot},
		{method: "POST", path: at(g1, "evolve") + "?days=0", key: secretRoot},
		{method: "POST", path: at(g1, "evolve")},
		{method: "POST", path: at(g1, "evolve"), key: secretView1},
		{method: "POST", path: at(g2, "evolve"), key: secretBot1},
		{method: "POST", path: at(g1, "evolve"), key: secretRoot, body: big},
		{method: "POST", path: at(g1, "evolve"), key: secretRoot, body: "{}", ctype: "text/plain"},
	}
	for _, ep := range []string{"list", "search", "context", "changes", "runs", "messages"} {
		q := ""
		if ep == "search" {
			q = "?q=tea"
		}
		calls = append(calls,
			req{method: "GET", path: at(g1, ep) + q, key: secretView1},
			req{method: "GET", path: at(g1, ep) + "?limit=0", key: secretView1},
			req{method: "GET", path: at(g1, ep) + q},
			req{method: "GET", path: at(g2, ep) + q, key: secretView1})
	}
	for _, p := range []string{"/memory/history/" + tea.ID, "/memory/run/" + tea.RunID} {
		calls = append(calls,
			req{method: "GET", path: p, key: secretView1},
			req{method: "GET", path: p[:len(p)-1], key: secretView1},
			req{method: "GET", path: p},
			req{method: "GET", path: p[:len(p)-36] + unknown, key: secretView1})
	}
	msgs := `{"messages":[{"id":"c1","content":"hello","sent_at":"2026-01-15T12:30:00Z"}]}`
	calls = append(calls,
		req{method: "POST", path: at(g1, "messages"), key: secretBot1, body: msgs},
		req{method: "POST", path: at(g1, "messages"), key: secretBot1, body: `{"messages":[]}`},
		req{method: "POST", path: at(g1, "messages"), body: msgs},
		req{method: "POST", path: at(g1, "messages"), key: secretView1, body: msgs},
		req{method: "POST", path: at(g2, "messages"), key: secretBot1, body: msgs},
		req{method: "POST", path: at(g1, "messages"), key: secretBot1, body: msgs, ctype: "text/json"},
		req{method: "POST", path: at(g1, "messages"), key: secretBot1,
			body: `{"messages":[` + strings.Repeat(`{"id":"x","sent_at":"2026-01-15T12:30:00Z"},`, 10000) + `{"id":"y","sent_at":"2026-01-15T12:30:00Z"}]}`},
	)
	member := `{"messages":[{"id":"c2","sender_id":"u1","sender_name":"Ann","content":"I keep bees","sent_at":"2026-01-15T12:31:00Z"}]}`
	calls = append(calls,
		req{method: "POST", path: at(g1, "messages"), key: secretBot1, body: member},
		req{method: "GET", path: at(g1, "members"), key: secretView1},
		req{method: "GET", path: at(g1, "members") + "?limit=0", key: secretView1},
		req{method: "GET", path: at(g1, "members")},
		req{method: "GET", path: at(g2, "members"), key: secretView1},
		req{method: "GET", path: at(g1, "members") + "/u1", key: secretView1},
		req{method: "GET", path: "/memory/members/%20g1/u1", key: secretView1},
		req{method: "GET", path: at(g1, "members") + "/u1"},
		req{method: "GET", path: at(g1, "members") + "/nobody", key: secretView1},
	)
	for _, suffix := range []string{"", "/restore", "/strength"} {
		body := ""
		if suffix == "/strength" {
			body = `{"strength":0.75}`
		}
		method := "PUT"
		if suffix == "" {
			method = "DELETE"
		}
		calls = append(calls,
			req{method: method, path: "/memory/" + coffee.ID + suffix, key: secretMod1, body: body},
			req{method: method, path: "/memory/x" + suffix, key: secretMod1, body: body},
			req{method: method, path: "/memory/" + coffee.ID + suffix, body: body},
			req{method: method, path: "/memory/" + coffee.ID + suffix, key: secretBot1, body: body},
			req{method: method, path: "/memory/" + other.ID + suffix, key: secretMod1, body: body},
			req{method: method, path: "/memory/" + coffee.ID + suffix, key: secretMod1, body: big},
			req{method: method, path: "/memory/" + coffee.ID + suffix, key: secretMod1, body: `{}`, ctype: "application/xml"},
		)
	}
	for _, p := range []string{"/memory/groups", "/memory/" + tea.ID, "/memory/lineage/" + tea.LineageID} {
		calls = append(calls,
			req{method: "GET", path: p, key: secretView1},
			req{method: "GET", path: p + "?limit=0", key: secretView1},
			req{method: "GET", path: p})
	}
	calls = append(calls,
		req{method: "GET", path: "/memory/x", key: secretView1},
		req{method: "GET", path: "/memory/" + other.ID, key: secretView1},
		req{method: "GET", path: "/memory/lineage/" + other.LineageID, key: secretView1},
		req{method: "GET", path: "/memory/groups?cursor=nonsense", key: secretView1})
	lineage := "/memory/lineage/" + milk.LineageID
	for _, suffix := range []string{"", "/restore", "/strength"} {
		body := ""
		if suffix == "/strength" {
			body = `{"strength":0.75}`
		}
		method := "PUT"
		if suffix == "" {
			method = "DELETE"
		}
		calls = append(calls,
			req{method: method, path: lineage + suffix, key: secretMod1, body: body},
			req{method: method, path: "/memory/lineage/x" + suffix, key: secretMod1, body: body},
			req{method: method, path: lineage + suffix, body: body},
			req{method: method, path: lineage + suffix, key: secretBot1, body: body},
			req{method: method, path: "/memory/lineage/" + other.LineageID + suffix, key: secretMod1, body: body},
			req{method: method, path: lineage + suffix, key: secretMod1, body: big},
			req{method: method, path: lineage + suffix, key: secretMod1, body: `{}`, ctype: "application/xml"},
		)
	}
	edit := `{"statement":"likes warm milk","reason":"members corrected it"}`
	calls = append(calls,
		req{method: "DELETE", path: lineage, key: secretMod1},
		req{method: "DELETE", path: lineage, key: secretMod1}, // 409: already deleted
		req{method: "PUT", path: lineage + "/restore", key: secretMod1},
		req{method: "PUT", path: "/memory/" + milk.ID, key: secretMod1, body: edit},
		req{method: "PUT", path: "/memory/" + milk.ID, key: secretMod1, body: edit}, // 409: superseded
		req{method: "PUT", path: "/memory/x", key: secretMod1, body: edit},
		req{method: "PUT", path: "/memory/" + tea.ID, key: secretMod1, body: `{"tags":["x"]}`},
		req{method: "PUT", path: "/memory/" + tea.ID, body: edit},
		req{method: "PUT", path: "/memory/" + tea.ID, key: secretBot1, body: edit},
		req{method: "PUT", path: "/memory/" + other.ID, key: secretMod1, body: edit},
		req{method: "PUT", path: "/memory/" + tea.ID, key: secretMod1, body: big},
		req{method: "PUT", path: "/memory/" + tea.ID, key: secretMod1, body: edit, ctype: "text/plain"},
		req{method: "POST", path: at(g1, "create"), key: secretMod1, body: `{"statement":"likes bread"}`},
		req{method: "POST", path: at(g1, "create"), key: secretMod1, body: `{"statement":""}`},
		req{method: "POST", path: at(g1, "create"), body: `{"statement":"likes bread"}`},
		req{method: "POST", path: at(g1, "create"), key: secretBot1, body: `{"statement":"likes bread"}`},
		req{method: "POST", path: at(g2, "create"), key: secretMod1, body: `{"statement":"likes bread"}`},
		req{method: "POST", path: at(g1, "create"), key: secretMod1, body: big},
		req{method: "POST", path: at(g1, "create"), key: secretMod1, body: `{"statement":"x"}`, ctype: "text/plain"},
	)
	f.seed(t, "g4", "likes rain")
	rain := f.active(t, "g4")["likes rain"].Evidence[0]
	calls = append(calls,
		req{method: "DELETE", path: "/memory/messages/g4/" + rain, key: secretRoot},
		req{method: "DELETE", path: "/memory/messages/g4/%20x", key: secretRoot},
		req{method: "DELETE", path: "/memory/messages/g4/" + rain},
		req{method: "DELETE", path: "/memory/messages/g1/x", key: secretBot1},
		req{method: "DELETE", path: "/memory/messages/g2/x", key: secretMod1},
		req{method: "DELETE", path: "/memory/messages/g4/" + rain, key: secretRoot, body: big},
		req{method: "DELETE", path: "/memory/messages/g4/" + rain, key: secretRoot, body: `{}`, ctype: "text/plain"},
	)
	calls = append(calls,
		req{method: "DELETE", path: "/memory/groups/g4", key: secretRoot},
		req{method: "DELETE", path: "/memory/groups/%20g4", key: secretRoot},
		req{method: "DELETE", path: "/memory/groups/g4"},
		req{method: "DELETE", path: "/memory/groups/g1", key: secretBot1},
		req{method: "DELETE", path: "/memory/groups/g2", key: secretMod1},
		req{method: "DELETE", path: "/memory/groups/g4", key: secretRoot, body: big},
		req{method: "DELETE", path: "/memory/groups/g4", key: secretRoot, body: `{}`, ctype: "text/plain"},
		req{method: "GET", path: "/memory/removals/g4", key: secretRoot},
		req{method: "GET", path: "/memory/removals/g4?limit=0", key: secretRoot},
		req{method: "GET", path: "/memory/removals/g4"},
		req{method: "GET", path: "/memory/removals/g1", key: secretBot1},
		req{method: "GET", path: "/memory/removals/g2", key: secretMod1},
		req{method: "GET", path: "/memory/usage?group_id=g1", key: secretRoot},
		req{method: "GET", path: "/memory/usage?by=group&since=2026-11-01&until=2026-11-30", key: secretMod1},
		req{method: "GET", path: "/memory/usage?by=week", key: secretRoot},
		req{method: "GET", path: "/memory/usage"},
		req{method: "GET", path: "/memory/usage", key: secretBot1},
		req{method: "GET", path: "/memory/usage?group_id=g2", key: secretMod1},
	)
	// Export and import: an unknown group exports empty, and imports into
	// an empty group; g1's ids are the ledger's already.
	whole := string(f.do(t, req{method: "GET", path: at(g1, "export") + "?messages=true&runs=true", key: secretRoot}).body)
	nothing := string(f.do(t, req{method: "GET", path: "/memory/export/g9", key: secretRoot}).body)
	long := strings.SplitAfter(nothing, "\n")[0] + `{"type":"run","error":"` + strings.Repeat("a", 1<<20) + "\"}\n"
	calls = append(calls,
		req{method: "GET", path: at(g1, "export") + "?messages=maybe", key: secretRoot},
		req{method: "GET", path: at(g1, "export")},
		req{method: "GET", path: at(g1, "export"), key: secretBot1},
		req{method: "GET", path: at(g2, "export"), key: secretMod1},
		req{method: "POST", path: "/memory/import/g8", key: secretRoot, body: nothing, ctype: "application/x-ndjson"},
		req{method: "POST", path: "/memory/import/g7", key: secretRoot, body: whole, ctype: "application/x-ndjson"},
		req{method: "POST", path: "/memory/import/g1", key: secretRoot, body: nothing, ctype: "application/x-ndjson"},
		req{method: "POST", path: "/memory/import/g7", key: secretRoot, body: long, ctype: "application/x-ndjson"},
		req{method: "POST", path: "/memory/import/g7", body: nothing},
		req{method: "POST", path: "/memory/import/g1", key: secretBot1, body: nothing},
		req{method: "POST", path: "/memory/import/g2", key: secretMod1, body: nothing},
	)
	calls = append(calls,
		req{method: "DELETE", path: "/memory/" + tea.ID, key: secretMod1},
		req{method: "DELETE", path: "/memory/" + tea.ID, key: secretMod1}, // 409: already deleted
		req{method: "GET", path: "/memory/nothing/here", key: secretRoot},
		req{method: "PATCH", path: "/memory/" + tea.ID, key: secretRoot},
	)
	for _, c := range calls {
		f.do(t, c)
	}

	// Kept plans: a preview, a held plan and another group's.
	f.ingest(t, "g1", "create: likes soup")
	preview := planOf(t, f.do(t, req{method: "POST", path: at(g1, "evolve") + "?dry_run=true", key: secretBot1}).obj(t))
	f.seed(t, "g5", "likes tea", "keeps bees", "plays chess", "sings in a choir", "runs marathons")
	f.ingest(t, "g5", "delete: likes tea", "delete: keeps bees", "delete: plays chess", "delete: sings in a choir")
	held := planOf(t, f.evolve(t, "g5"))
	f.ingest(t, "g2", "create: likes rice")
	theirs := planOf(t, f.do(t, req{method: "POST", path: at(g2, "evolve") + "?dry_run=true", key: secretRoot}).obj(t))
	plans := []req{
		{method: "GET", path: at(g1, "plans"), key: secretView1},
		{method: "GET", path: at(g1, "plans") + "?limit=0", key: secretView1},
		{method: "GET", path: at(g1, "plans")},
		{method: "GET", path: at(g2, "plans"), key: secretView1},
	}
	for _, op := range []struct{ verb, id, own, other string }{
		{"apply", preview, secretBot1, secretView1}, {"approve", held, secretRoot, secretBot1}, {"reject", theirs, secretRoot, secretBot1},
	} {
		path := "/memory/plans/" + op.id + "/" + op.verb
		plans = append(plans,
			req{method: "POST", path: "/memory/plans/x/" + op.verb, key: op.own},
			req{method: "POST", path: path},
			req{method: "POST", path: path, key: op.other},
			req{method: "POST", path: "/memory/plans/" + theirs + "/" + op.verb, key: secretMod1},
			req{method: "POST", path: path, key: op.own, body: big},
			req{method: "POST", path: path, key: op.own, body: "{}", ctype: "text/plain"},
			req{method: "POST", path: path, key: op.own},
			req{method: "POST", path: path, key: op.own}, // 409: decided already
		)
	}
	for _, c := range plans {
		f.do(t, c)
	}

	// A run whose model cannot be reached.
	f.ingest(t, "g3", "fail")
	want(t, f.do(t, req{method: "POST", path: "/memory/evolve/g3", key: secretRoot}), http.StatusServiceUnavailable, "unavailable")

	// An asynchronous run, and a busy group.
	f.ingest(t, "g1", "create: likes biscuits")
	want(t, f.do(t, req{method: "POST", path: at(g1, "evolve") + "?async=true", key: secretRoot}), http.StatusAccepted, "")
	if err := f.handler.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	lease, err := f.locker.Acquire(context.Background(), "group:g1", time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	want(t, f.do(t, req{method: "POST", path: at(g1, "evolve"), key: secretRoot}), http.StatusConflict, "busy")
	_ = lease.Release(context.Background())

	conformWebhooks(t, f)

	// The index goes away.
	f.qsrv.Close()
	for _, p := range []string{at(g1, "search") + "?q=tea", at(g1, "context") + "?q=tea", "/readyz"} {
		want(t, f.get(t, p, secretRoot), http.StatusServiceUnavailable, "unavailable")
	}

	var missing []string
	for k, seen := range f.spec.coverage() {
		code := k[strings.LastIndexByte(k, ' ')+1:]
		if _, excused := notProduced[k]; seen || excused || notProduced[code] != "" {
			continue
		}
		missing = append(missing, k)
	}
	slices.Sort(missing)
	if len(missing) > 0 {
		t.Errorf("documented answers never produced:\n%s", strings.Join(missing, "\n"))
	}
	for k := range notProduced {
		if strings.Contains(k, " ") && f.spec.seen[k] {
			t.Errorf("%s is listed as not produced but was seen", k)
		}
	}
}
