package api_test

import (
	"net/http"
	"strings"
	"testing"
)

const publicHook = "https://93.184.216.34/hook"

// createHook creates a webhook with key and body and returns its id and
// secret, or fails the test.
func createHook(t *testing.T, f *fixture, key, body string) (id, secret string) {
	t.Helper()
	r := f.do(t, req{method: "POST", path: "/memory/webhooks", key: key, body: body})
	want(t, r, http.StatusCreated, "")
	m := r.obj(t)
	return m["webhook"].(map[string]any)["webhook_id"].(string), m["secret"].(string)
}

// conformWebhooks calls every webhook endpoint on its success and error
// paths, for TestOpenAPIConformance.
func conformWebhooks(t *testing.T, f *fixture) {
	id, _ := createHook(t, f, secretRoot, `{"url":"`+publicHook+`","events":["memory.created","memory.deleted"]}`)
	base := "/memory/webhooks/" + id
	const unknown = "/memory/webhooks/6f1c1a34-5a6f-4a39-9b1e-0a5f1c2d3e4f"
	big := `{"url":"` + strings.Repeat("a", 70<<10) + `"}`
	calls := []req{
		{method: "POST", path: "/memory/webhooks", key: secretRoot, body: `{"url":"` + publicHook + `","events":["memory.moved"]}`},
		{method: "POST", path: "/memory/webhooks", key: secretMod1, body: `{"url":"` + publicHook + `","events":["run.failed"],"groups":["g2"]}`},
		{method: "POST", path: "/memory/webhooks", body: `{}`},
		{method: "POST", path: "/memory/webhooks", key: secretView1, body: `{}`},
		{method: "POST", path: "/memory/webhooks", key: secretRoot, body: big},
		{method: "POST", path: "/memory/webhooks", key: secretRoot, body: `{}`, ctype: "text/plain"},
		{method: "GET", path: "/memory/webhooks", key: secretRoot},
		{method: "GET", path: "/memory/webhooks?limit=1", key: secretRoot},
		{method: "GET", path: "/memory/webhooks"},
		{method: "GET", path: "/memory/webhooks", key: secretView1},
	}
	for _, p := range []string{"", "/rotate", "/resume", "/deliveries"} {
		m := "POST"
		if p == "" || p == "/deliveries" {
			m = "GET"
		}
		calls = append(calls,
			req{method: m, path: base + p, key: secretRoot},
			req{method: m, path: "/memory/webhooks/nope" + p, key: secretRoot},
			req{method: m, path: unknown + p, key: secretRoot},
			req{method: m, path: base + p, key: secretMod1}, // a webhook of every group: not the key's
			req{method: m, path: base + p},
			req{method: m, path: base + p, key: secretView1})
	}
	calls = append(calls, req{method: "GET", path: base + "/deliveries?limit=0", key: secretRoot})
	for _, c := range calls {
		f.do(t, c)
	}
	// The loop rotated it once: a second rotation within the overlap
	// would drop the first secret, and is refused.
	second := f.do(t, req{method: "POST", path: base + "/rotate", key: secretRoot})
	want(t, second, http.StatusConflict, "conflict")
	if e, _ := second.obj(t)["error"].(map[string]any); e == nil || !strings.Contains(e["message"].(string), "previous secret still signs until") {
		t.Errorf("a second rotation's answer: %v; want it to say until when the previous secret signs", second.obj(t))
	}

	want(t, f.do(t, req{method: "POST", path: "/memory/create/g1", key: secretRoot, body: `{"statement":"keeps a webhook log"}`}), http.StatusCreated, "")
	log := f.do(t, req{method: "GET", path: base + "/deliveries", key: secretRoot}).obj(t)["deliveries"].([]any)
	if len(log) != 1 {
		t.Fatalf("the delivery log after one created memory: %v", log)
	}
	event := log[0].(map[string]any)["event_id"].(string)
	replay := base + "/replay"
	for _, c := range []req{
		{method: "POST", path: replay, key: secretRoot, body: `{"event_id":"` + event + `"}`},
		{method: "POST", path: replay, key: secretRoot, body: `{"event_id":"x"}`},
		{method: "POST", path: replay, key: secretRoot, body: `{"event_id":"6f1c1a34-5a6f-4a39-9b1e-0a5f1c2d3e4f"}`},
		{method: "POST", path: replay, key: secretRoot, body: big},
		{method: "POST", path: replay, key: secretRoot, body: `{}`, ctype: "text/plain"},
		{method: "POST", path: replay, body: `{}`},
		{method: "POST", path: replay, key: secretView1, body: `{}`},
		{method: "DELETE", path: base, key: secretMod1},
		{method: "DELETE", path: base},
		{method: "DELETE", path: base, key: secretView1},
		{method: "DELETE", path: "/memory/webhooks/nope", key: secretRoot},
		{method: "DELETE", path: base, key: secretRoot},
		{method: "DELETE", path: base, key: secretRoot},
	} {
		f.do(t, c)
	}
}

// Bad input is a clear 400 or 403 and stores nothing; a good one shows
// its secret once; a key sees and manages only the webhooks of its own
// groups.
func TestWebhookSubscriptions(t *testing.T) {
	onBoth(t, fixtureOptions{}, func(t *testing.T, f *fixture) {
		for _, tc := range []struct {
			key, body string
			status    int
			message   string
		}{
			{secretRoot, `{"url":"not a url","events":["memory.created"]}`, 400, "absolute"},
			{secretRoot, `{"url":"ftp://93.184.216.34/x","events":["memory.created"]}`, 400, "https"},
			{secretRoot, `{"url":"` + publicHook + `","events":["memory.exploded"]}`, 400, "unknown event type"},
			{secretRoot, `{"url":"` + publicHook + `","events":[]}`, 400, "at least one"},
			{secretRoot, `{"url":"https://10.0.0.7/hook","events":["memory.created"]}`, 400, "private"},
			{secretRoot, `{"url":"https://169.254.169.254/latest","events":["memory.created"]}`, 400, "link-local"},
			{secretRoot, `{"url":"https://127.0.0.1:8080/hook","events":["memory.created"]}`, 400, "loopback"},
			{secretRoot, `{"url":"` + publicHook + `","events":["memory.created"],"groups":[]}`, 400, "groups"},
			{secretMod1, `{"url":"` + publicHook + `","events":["memory.created"],"groups":["g1","g2"]}`, 403, "may not administer group"},
			{secretBot1, `{"url":"` + publicHook + `","events":["memory.created"]}`, 403, "admin"},
		} {
			r := f.do(t, req{method: "POST", path: "/memory/webhooks", key: tc.key, body: tc.body})
			if r.status != tc.status || !strings.Contains(string(r.body), tc.message) {
				t.Errorf("%s: %d %s; want %d mentioning %q", tc.body, r.status, r.body, tc.status, tc.message)
			}
		}
		list := func(key string) []any {
			return f.do(t, req{method: "GET", path: "/memory/webhooks", key: key}).obj(t)["webhooks"].([]any)
		}
		if n := len(list(secretRoot)); n != 0 {
			t.Fatalf("refused webhooks were stored: %d", n)
		}

		mine, secret := createHook(t, f, secretMod1, `{"url":"`+publicHook+`","events":["run.failed","memory.created","run.failed"]}`)
		if !strings.HasPrefix(secret, "whsec_") {
			t.Errorf("secret %q", secret)
		}
		createHook(t, f, secretRoot, `{"url":"`+publicHook+`","events":["group.purged"]}`)
		got := list(secretMod1)
		if len(got) != 1 {
			t.Fatalf("mod1 sees %d webhooks, want its own", len(got))
		}
		w := got[0].(map[string]any)
		if w["webhook_id"] != mine || w["groups"].([]any)[0] != "g1" || len(w["events"].([]any)) != 2 || w["status"] != "active" {
			t.Errorf("mod1's webhook: %v (groups are the key's, events once each)", w)
		}
		if len(list(secretRoot)) != 2 {
			t.Errorf("root does not see both webhooks")
		}
		for _, r := range []resp{
			f.do(t, req{method: "GET", path: "/memory/webhooks", key: secretRoot}),
			f.do(t, req{method: "GET", path: "/memory/webhooks/" + mine, key: secretRoot}),
		} {
			if strings.Contains(string(r.body), secret) || strings.Contains(string(r.body), "whsec_") {
				t.Errorf("%s shows a secret: %s", r.path, r.body)
			}
		}
		rotated := f.do(t, req{method: "POST", path: "/memory/webhooks/" + mine + "/rotate", key: secretMod1}).obj(t)
		if s := rotated["secret"].(string); s == secret || !strings.HasPrefix(s, "whsec_") ||
			rotated["webhook"].(map[string]any)["previous_secret_until"] == nil {
			t.Errorf("rotation: %v", rotated)
		}
	})
}
