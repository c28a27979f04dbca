package api_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"testing"
	"time"
)

// postChat posts messages given as id, sender, day offset and text.
func postChat(t *testing.T, f *fixture, g string, lines [][4]string) {
	t.Helper()
	type msg struct {
		ID         string `json:"id"`
		SenderID   string `json:"sender_id"`
		SenderName string `json:"sender_name"`
		Content    string `json:"content"`
		SentAt     string `json:"sent_at"`
	}
	base := time.Date(2026, 3, 2, 20, 0, 0, 0, time.UTC)
	var msgs []msg
	for _, l := range lines {
		day, _ := time.ParseDuration(l[2] + "h")
		msgs = append(msgs, msg{ID: l[0], SenderID: "u-" + l[1], SenderName: l[1], Content: l[3], SentAt: base.Add(day).Format(time.RFC3339)})
	}
	b, _ := json.Marshal(map[string]any{"messages": msgs})
	want(t, f.do(t, req{method: http.MethodPost, path: "/memory/messages/" + g, key: secretRoot, body: string(b)}), 200, "")
}

func messageIDs(t *testing.T, r resp) []string {
	t.Helper()
	var ids []string
	for _, m := range r.obj(t)["messages"].([]any) {
		ids = append(ids, m.(map[string]any)["id"].(string))
	}
	return ids
}

// A bot finds what was said in a group: by keywords, by meaning, by
// sender and time, or pages back through the chat.
func TestMessageSearch(t *testing.T) {
	f := newFixture(t, fixtureOptions{embedDim: 256})
	postChat(t, f, "g1", [][4]string{
		{"a1", "alice", "0", "周会改到星期五晚上八点"},
		{"b1", "bob", "24", "今天中午吃什么"},
		{"c1", "carol", "48", "I switched jobs, I'm a backend engineer at a bank now"},
		{"a2", "alice", "72", "羽毛球还是十点，我订了两片场地"},
		{"b2", "bob", "96", "谁有周会的会议链接"},
	})
	q := func(query string) string { return "/memory/messages/g1?q=" + url.QueryEscape(query) }

	r := f.get(t, q("周会是星期几"), secretView1)
	want(t, r, 200, "")
	if ids := messageIDs(t, r); len(ids) == 0 || ids[0] != "a1" {
		t.Errorf("周会是星期几 = %v, want a1 first", ids)
	}
	top := r.obj(t)["messages"].([]any)[0].(map[string]any)
	if top["sender_name"] != "alice" || top["content"] != "周会改到星期五晚上八点" || top["keyword_score"] == nil || top["score"] == nil {
		t.Errorf("top message = %v", top)
	}
	if ids := messageIDs(t, f.get(t, q("backend engineer")+"&mode=keyword", secretView1)); len(ids) != 1 || ids[0] != "c1" {
		t.Errorf("keyword backend engineer = %v", ids)
	}
	if ids := messageIDs(t, f.get(t, q("周会")+"&sender=bob", secretView1)); len(ids) != 1 || ids[0] != "b2" {
		t.Errorf("周会 by bob = %v", ids)
	}
	if ids := messageIDs(t, f.get(t, q("周会")+"&until=2026-03-03T00:00:00Z", secretView1)); len(ids) != 1 || ids[0] != "a1" {
		t.Errorf("周会 until March 3 = %v", ids)
	}

	// Paging back through the chat, newest first.
	var all []string
	path := "/memory/messages/g1?limit=2"
	for path != "" {
		r := f.get(t, path, secretView1)
		all = append(all, messageIDs(t, r)...)
		path = ""
		if next, _ := r.obj(t)["next_cursor"].(string); next != "" {
			path = "/memory/messages/g1?limit=2&cursor=" + url.QueryEscape(next)
		}
	}
	if got := len(all); got != 5 || all[0] != "b2" || all[4] != "a1" {
		t.Errorf("paged = %v, want the 5 messages newest first", all)
	}
	for _, bad := range []string{"/memory/messages/g1?mode=fuzzy", "/memory/messages/g1?since=yesterday", "/memory/messages/g1?cursor=abc"} {
		want(t, f.get(t, bad, secretView1), http.StatusBadRequest, "invalid")
	}
	want(t, f.get(t, "/memory/messages/g2", secretView1), http.StatusNotFound, "not_found")
}

// Memory search: hybrid by default with both parts of each score;
// keyword and semantic on request; a threshold cuts by similarity only.
func TestMemorySearchModes(t *testing.T) {
	f := newFixture(t, fixtureOptions{embedDim: 256}) // the embedded default's size
	f.seed(t, "g1", "周会在每周五晚上八点", "members play badminton on Saturdays", "alice works as a backend engineer")
	get := func(query string, more ...string) map[string]any {
		path := "/memory/search/g1?q=" + url.QueryEscape(query)
		for _, m := range more {
			path += "&" + m
		}
		return f.get(t, path, secretView1).obj(t)
	}
	first := func(m map[string]any) map[string]any {
		res := m["results"].([]any)
		if len(res) == 0 {
			t.Fatalf("no results: %v", m)
		}
		return res[0].(map[string]any)
	}
	if top := first(get("周会是星期几")); top["statement"] != "周会在每周五晚上八点" || top["keyword_score"] == nil {
		t.Errorf("hybrid 周会是星期几 = %v", top)
	}
	kw := get("badminton", "mode=keyword")
	if top := first(kw); top["statement"] != "members play badminton on Saturdays" || top["semantic_score"] != nil || kw["mode"] != "keyword" {
		t.Errorf("keyword badminton = %v", kw)
	}
	want(t, f.get(t, "/memory/search/g1?q=x&mode=keyword&threshold=0.5", secretView1), http.StatusBadRequest, "invalid")
	if n := len(get("badminton", "threshold=1")["results"].([]any)); n != 0 {
		t.Errorf("threshold=1 in hybrid mode gave %d results", n)
	}
	if top := first(get("backend engineer", "mode=semantic")); top["statement"] != "alice works as a backend engineer" || top["keyword_score"] != nil {
		t.Errorf("semantic backend engineer = %v", top)
	}
}
