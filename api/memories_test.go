package api_test

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/groupmem/groupmem/prompts"
)

var statements = []string{
	"meets every Friday night to discuss new anime",
	"most members are front-end developers",
	"no politics in this group",
	"members share coffee brewing tips in the morning",
}

func TestList(t *testing.T) {
	onBoth(t, fixtureOptions{}, func(t *testing.T, f *fixture) {
		mems := f.seed(t, "g1", statements...)
		f.ingest(t, "g1", "update: no politics in this group => no politics or religion in this group")
		f.evolve(t, "g1")

		t.Run("ActiveByDefault", func(t *testing.T) {
			got := f.get(t, "/memory/list/g1", secretView1).obj(t)
			if got["total"] != 4.0 || got["group_id"] != "g1" {
				t.Fatalf("list = %v", got)
			}
			var stmts []string
			for _, m := range got["memories"].([]any) {
				m := m.(map[string]any)
				stmts = append(stmts, m["statement"].(string))
				if m["status"] != "active" || len(m["evidence"].([]any)) == 0 || m["run_id"] == nil {
					t.Errorf("memory = %v", m)
				}
			}
			if !slices.Contains(stmts, "no politics or religion in this group") || slices.Contains(stmts, "no politics in this group") {
				t.Errorf("active statements = %v", stmts)
			}
		})

		t.Run("StatusFilter", func(t *testing.T) {
			for status, total := range map[string]float64{"all": 5, "superseded": 1, "deprecated": 0, "active": 4} {
				got := f.get(t, "/memory/list/g1?status="+status, secretView1).obj(t)
				if got["total"] != total {
					t.Errorf("status=%s: total %v, want %v", status, got["total"], total)
				}
			}
			sup := f.get(t, "/memory/list/g1?status=superseded", secretView1).obj(t)["memories"].([]any)[0].(map[string]any)
			if sup["memory_id"] != mems["no politics in this group"].ID {
				t.Errorf("superseded = %v", sup)
			}
		})

		t.Run("Paging", func(t *testing.T) {
			var all []string
			for offset := 0; offset < 5; offset += 2 {
				got := f.get(t, fmt.Sprintf("/memory/list/g1?status=all&limit=2&offset=%d", offset), secretView1).obj(t)
				for _, m := range got["memories"].([]any) {
					all = append(all, m.(map[string]any)["memory_id"].(string))
				}
			}
			if len(all) != 5 || len(slices.Compact(slices.Sorted(slices.Values(all)))) != 5 {
				t.Errorf("pages gave %d ids, %v", len(all), all)
			}
			got := f.get(t, "/memory/list/g1?offset=1000000", secretView1).obj(t)
			if got["total"] != 4.0 || len(got["memories"].([]any)) != 0 {
				t.Errorf("past the end = %v", got)
			}
		})

		t.Run("EmptyGroup", func(t *testing.T) {
			got := f.get(t, "/memory/list/"+url.PathEscape("群/聊 #1"), secretRoot).obj(t)
			if got["total"] != 0.0 || got["group_id"] != "群/聊 #1" {
				t.Errorf("empty group = %v", got)
			}
		})

		t.Run("BadInput", func(t *testing.T) {
			for _, q := range []string{"limit=0", "limit=101", "limit=-1", "limit=x", "offset=-1", "offset=1000001",
				"status=gone", "status=", "sort=new", "limit=1&limit=2", "limit=1;offset=2"} {
				want(t, f.get(t, "/memory/list/g1?"+q, secretView1), 400, "invalid")
			}
		})
	})
}

func TestSearch(t *testing.T) {
	onBoth(t, fixtureOptions{}, func(t *testing.T, f *fixture) {
		mems := f.seed(t, "g1", statements...)

		t.Run("BestFirst", func(t *testing.T) {
			got := f.get(t, "/memory/search/g1?q="+url.QueryEscape("front-end developers"), secretView1).obj(t)
			results := got["results"].([]any)
			if got["query"] != "front-end developers" || len(results) == 0 {
				t.Fatalf("search = %v", got)
			}
			top := results[0].(map[string]any)
			if top["memory_id"] != mems["most members are front-end developers"].ID || top["semantic_score"].(float64) <= 0.1 ||
				top["keyword_score"] == nil || got["mode"] != "hybrid" {
				t.Errorf("top result = %v", top)
			}
			for i := 1; i < len(results); i++ {
				if results[i].(map[string]any)["score"].(float64) > results[i-1].(map[string]any)["score"].(float64) {
					t.Errorf("results not best first: %v", results)
				}
			}
		})

		t.Run("ThresholdAndLimit", func(t *testing.T) {
			got := f.get(t, "/memory/search/g1?q=members&threshold=0&limit=1", secretView1).obj(t)
			if n := len(got["results"].([]any)); n != 1 {
				t.Errorf("limit=1 gave %d results", n)
			}
			got = f.get(t, "/memory/search/g1?q=members&threshold=1", secretView1).obj(t)
			if n := len(got["results"].([]any)); n != 0 {
				t.Errorf("threshold=1 gave %d results", n)
			}
			got = f.get(t, "/memory/search/g1?q="+url.QueryEscape("!!! ???"), secretView1).obj(t)
			if n := len(got["results"].([]any)); n != 0 {
				t.Errorf("a query without words gave %d results", n)
			}
		})

		t.Run("ActiveOnly", func(t *testing.T) {
			id := mems["no politics in this group"].ID
			want(t, f.do(t, req{method: http.MethodDelete, path: "/memory/" + id, key: secretRoot}), 200, "")
			got := f.get(t, "/memory/search/g1?q=politics&threshold=0", secretView1).obj(t)
			for _, r := range got["results"].([]any) {
				if r.(map[string]any)["memory_id"] == id {
					t.Errorf("a deleted memory is found: %v", r)
				}
			}
		})

		t.Run("BadInput", func(t *testing.T) {
			for _, q := range []string{"", "q=", "q=%20%20", "q=" + strings.Repeat("a", 1001), "q=a&threshold=1.5",
				"q=a&threshold=-0.1", "q=a&threshold=NaN", "q=a&limit=0", "q=a&q=b", "q=%ff", "q=a%00b", "q=a&top_k=3"} {
				want(t, f.get(t, "/memory/search/g1?"+q, secretView1), 400, "invalid")
			}
			// 1000 characters of CJK text are fine.
			want(t, f.get(t, "/memory/search/g1?q="+url.QueryEscape(strings.Repeat("动", 1000)), secretView1), 200, "")
		})
	})
}

func TestHistory(t *testing.T) {
	onBoth(t, fixtureOptions{}, func(t *testing.T, f *fixture) {
		v1 := f.seed(t, "g1", "discusses anime")["discusses anime"]
		f.ingest(t, "g1", "update: discusses anime => discusses new anime on Fridays")
		f.evolve(t, "g1")
		v2 := f.active(t, "g1")["discusses new anime on Fridays"]

		for _, id := range []string{v1.ID, v2.ID, strings.ToUpper(v2.ID)} {
			got := f.get(t, "/memory/history/"+id, secretView1).obj(t)
			hist := got["history"].([]any)
			if got["current_version"] != 2.0 || got["current_memory_id"] != v2.ID || got["memory_id"] != strings.ToLower(id) || len(hist) != 2 {
				t.Fatalf("history(%s) = %v", id, got)
			}
			first, second := hist[0].(map[string]any), hist[1].(map[string]any)
			if first["version"] != 1.0 || first["parent_id"] != nil || first["status"] != "superseded" ||
				second["version"] != 2.0 || second["parent_id"] != v1.ID || second["change_summary"] != "clarified" {
				t.Errorf("history = %v", hist)
			}
		}
		want(t, f.get(t, "/memory/history/not-a-uuid", secretView1), 400, "invalid")
		want(t, f.get(t, "/memory/history/6f1c1a34-5a6f-4a39-9b1e-0a5f1c2d3e4f", secretView1), 404, "not_found")
		want(t, f.get(t, "/memory/history/"+v1.ID+"?x=1", secretView1), 400, "invalid")
	})
}

func TestChanges(t *testing.T) {
	onBoth(t, fixtureOptions{}, func(t *testing.T, f *fixture) {
		mems := f.seed(t, "g1", "likes tea", "likes coffee")
		want(t, f.do(t, req{method: http.MethodDelete, path: "/memory/" + mems["likes tea"].ID, key: secretMod1,
			body: `{"reason":"members said it was a joke"}`}), 200, "")

		got := f.get(t, "/memory/changes/g1?days=1", secretView1).obj(t)
		period := got["period"].(string)
		if !regexp.MustCompile(`^\d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d$`).MatchString(period) ||
			!strings.HasSuffix(period, time.Now().UTC().Format(time.DateOnly)) {
			t.Errorf("period = %q", period)
		}
		changes := got["changes"].([]any)
		if len(changes) != 3 || got["truncated"] != false {
			t.Fatalf("changes = %v", got)
		}
		newest := changes[0].(map[string]any)
		wantDel := map[string]any{"action": "delete", "memory_id": mems["likes tea"].ID, "old_statement": "likes tea",
			"change_reason": "members said it was a joke", "actor": "mod1"}
		for k, v := range wantDel {
			if newest[k] != v {
				t.Errorf("newest change %s = %v, want %v", k, newest[k], v)
			}
		}
		if created := changes[2].(map[string]any); created["action"] != "create" || created["actor"] != "root" || created["run_id"] == nil {
			t.Errorf("oldest change = %v", created)
		}
		got = f.get(t, "/memory/changes/g1?limit=2", secretView1).obj(t)
		if len(got["changes"].([]any)) != 2 || got["truncated"] != true {
			t.Errorf("limit=2 = %v", got)
		}
		for _, q := range []string{"days=0", "days=366", "days=", "limit=101", "since=2026-01-01"} {
			want(t, f.get(t, "/memory/changes/g1?"+q, secretView1), 400, "invalid")
		}
	})
}

func TestContext(t *testing.T) {
	onBoth(t, fixtureOptions{}, func(t *testing.T, f *fixture) {
		mems := f.seed(t, "g1", append(statements, "成员大多是前端开发者")...)
		want(t, f.do(t, req{method: http.MethodPut, path: "/memory/" + mems["no politics in this group"].ID + "/strength",
			key: secretRoot, body: `{"strength":0.95}`}), 200, "")

		t.Run("WithoutQueryStrongestFirst", func(t *testing.T) {
			got := f.get(t, "/memory/context/g1", secretView1).obj(t)
			ids := got["memory_ids"].([]any)
			if len(ids) != 5 || ids[0] != mems["no politics in this group"].ID {
				t.Fatalf("context = %v", got)
			}
			text := got["context"].(string)
			if !strings.HasPrefix(text, "Memories:\n- no politics in this group\n- ") || strings.Count(text, "\n- ") != 5 ||
				!strings.Contains(text, "\n\nMessages:\n[") || len(got["message_ids"].([]any)) != 5 {
				t.Errorf("context = %v", got)
			}
			if got["tokens"] != float64(prompts.EstimateTokens(text)) {
				t.Errorf("tokens = %v, estimate %d", got["tokens"], prompts.EstimateTokens(text))
			}
		})

		t.Run("WithQuery", func(t *testing.T) {
			got := f.get(t, "/memory/context/g1?q=front-end+developers&limit=1", secretView1).obj(t)
			if diff := cmp.Diff([]any{mems["most members are front-end developers"].ID}, got["memory_ids"]); diff != "" {
				t.Errorf("memory_ids (-want +got):\n%s", diff)
			}
			ev := mems["most members are front-end developers"].Evidence
			text := got["context"].(string)
			// The memory, then its evidence; the messages next to the best
			// hit come along while the budget allows.
			if !strings.HasPrefix(text, "Memories:\n- most members are front-end developers\n\nMessages:\n[") ||
				!strings.Contains(text, " UTC] create: most members are front-end developers") ||
				!slices.Contains(got["message_ids"].([]any), any(ev[0])) {
				t.Errorf("context = %v", got)
			}
			got = f.get(t, "/memory/context/g1?q=front-end+developers&limit=1&max_tokens=30", secretView1).obj(t)
			if text := got["context"].(string); text != "- most members are front-end developers" && !strings.HasSuffix(text, "UTC] create: most members are front-end developers") {
				t.Errorf("30 tokens hold the memory or its evidence alone: %q", text)
			}
		})

		t.Run("Budget", func(t *testing.T) {
			for _, budget := range []int{1, 8, 12, 20, 40} {
				got := f.get(t, fmt.Sprintf("/memory/context/g1?max_tokens=%d", budget), secretView1).obj(t)
				text := got["context"].(string)
				if n := prompts.EstimateTokens(text); n > budget || got["tokens"] != float64(n) {
					t.Errorf("max_tokens=%d: %d tokens (%v): %q", budget, n, got["tokens"], text)
				}
				memLines := strings.Count("\n"+text, "\n- ")
				msgLines := strings.Count(text, "\n[")
				if memLines != len(got["memory_ids"].([]any)) || msgLines != len(got["message_ids"].([]any)) {
					t.Errorf("max_tokens=%d: ids %v and %v for %q", budget, got["memory_ids"], got["message_ids"], text)
				}
				left := got["left_out"].(map[string]any)
				if left["memories"] != float64(5-memLines) || left["messages"] != float64(5-msgLines) {
					t.Errorf("max_tokens=%d: left_out = %v for %q", budget, left, text)
				}
			}
			// The CJK statement costs one token per character (10) and "- " one more.
			got := f.get(t, "/memory/context/g1?q="+url.QueryEscape("前端开发者")+"&max_tokens=11", secretView1).obj(t)
			if got["context"] != "- 成员大多是前端开发者" {
				t.Errorf("CJK context = %v", got)
			}
		})

		t.Run("BadInput", func(t *testing.T) {
			for _, q := range []string{"max_tokens=0", "max_tokens=32001", "limit=0", "q=", "threshold=2", "budget=3",
				"q=%20%20", "q=" + strings.Repeat("a", 1001), "q=a%00b", "q=a%07b", "q=%ff", "max_tokens=-5", "max_tokens=x"} {
				want(t, f.get(t, "/memory/context/g1?"+q, secretView1), 400, "invalid")
			}
		})

		t.Run("NothingFits", func(t *testing.T) {
			// A budget below one line: an empty block that says what was left out.
			got := f.get(t, "/memory/context/g1?q=front-end+developers&max_tokens=2", secretView1).obj(t)
			left := got["left_out"].(map[string]any)
			if got["context"] != "" || got["tokens"] != 0.0 || left["memories"].(float64)+left["messages"].(float64) == 0 ||
				len(got["memory_ids"].([]any))+len(got["message_ids"].([]any)) != 0 {
				t.Errorf("max_tokens=2: %v, want an empty block with left_out counts", got)
			}
			// A group with no messages and no memories: an empty block.
			for _, q := range []string{"", "&q=front-end+developers", "&q=" + url.QueryEscape("上周老张说了什么")} {
				got = f.get(t, "/memory/context/g-empty?max_tokens=400"+q, secretRoot).obj(t)
				if got["context"] != "" || len(got["memory_ids"].([]any))+len(got["message_ids"].([]any)) != 0 {
					t.Errorf("an empty group (%q): %v", q, got)
				}
			}
		})
	})
}
