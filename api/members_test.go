package api_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// postAs stores chat lines of one member in g.
func (f *fixture) postAs(t *testing.T, g, sender, name, at string, lines map[string]string) {
	t.Helper()
	type msg struct {
		ID         string `json:"id"`
		SenderID   string `json:"sender_id"`
		SenderName string `json:"sender_name"`
		Content    string `json:"content"`
		SentAt     string `json:"sent_at"`
	}
	var msgs []msg
	for id, statement := range lines {
		msgs = append(msgs, msg{ID: id, SenderID: sender, SenderName: name, Content: "create: " + statement, SentAt: at})
	}
	want(t, f.do(t, req{method: http.MethodPost, path: "/memory/messages/" + g, key: secretRoot, body: jsonBody(map[string]any{"messages": msgs})}), 200, "")
}

type memberAnswer struct {
	Member struct {
		SenderID    string   `json:"sender_id"`
		DisplayName string   `json:"display_name"`
		Names       []string `json:"names"`
		Messages    int      `json:"messages"`
		Memories    int      `json:"memories"`
	} `json:"member"`
	Memories []struct {
		Statement string `json:"statement"`
	} `json:"memories"`
	Habits []struct {
		Statement string `json:"statement"`
		Evidence  []struct {
			SenderID string `json:"sender_id"`
		} `json:"evidence_messages"`
	} `json:"habits"`
}

// A group's members are its senders, one each whatever names they wrote
// under; a member's page holds the memories about them and the habits
// their messages stand behind; nothing of a member crosses to another
// group where a sender has the same id, and a key of one group sees no
// member of another.
func TestMembers(t *testing.T) {
	onBoth(t, fixtureOptions{}, func(t *testing.T, f *fixture) {
		f.postAs(t, "g1", "u1", "Ann", "2026-01-10T09:00:00Z", map[string]string{"hike": "The group hikes the ridge trail every Saturday"})
		f.postAs(t, "g1", "u1", "Annie", "2026-01-12T09:00:00Z", map[string]string{"swim": "Members swim at the lido on Wednesday evenings"})
		f.postAs(t, "g1", "u2", "Bo", "2026-01-11T09:00:00Z", map[string]string{"chess": "A chess night runs monthly at the library"})
		f.postAs(t, "g2", "u1", "Zed", "2026-01-11T09:00:00Z", map[string]string{"bees": "The club keeps bees in the community garden"})
		f.evolve(t, "g1")
		f.evolve(t, "g2")
		want(t, f.do(t, req{method: http.MethodPost, path: "/memory/create/g1", key: secretRoot,
			body: `{"statement":"Ann keeps a cat named Miso","tags":["member:u1"]}`}), 201, "")

		var page struct {
			NextCursor *string `json:"next_cursor"`
			Members    []struct {
				SenderID    string   `json:"sender_id"`
				DisplayName string   `json:"display_name"`
				Names       []string `json:"names"`
				Messages    int      `json:"messages"`
				Memories    int      `json:"memories"`
			} `json:"members"`
		}
		r := f.get(t, "/memory/members/g1?limit=1", secretView1)
		want(t, r, 200, "")
		json.Unmarshal(r.body, &page)
		if len(page.Members) != 1 || page.NextCursor == nil {
			t.Fatalf("first page: %s", r.body)
		}
		if m := page.Members[0]; m.SenderID != "u1" || m.DisplayName != "Annie" || !slices.Equal(m.Names, []string{"Ann"}) || m.Messages != 2 || m.Memories != 1 {
			t.Errorf("u1 = %+v; want Annie (also Ann), 2 messages, 1 memory about them", m)
		}
		r = f.get(t, "/memory/members/g1?limit=1&cursor="+url.QueryEscape(*page.NextCursor), secretView1)
		want(t, r, 200, "")
		page.NextCursor = nil
		json.Unmarshal(r.body, &page)
		if len(page.Members) != 1 || page.Members[0].SenderID != "u2" || page.NextCursor != nil {
			t.Errorf("second page: %s", r.body)
		}

		var a memberAnswer
		r = f.get(t, "/memory/members/g1/u1", secretView1)
		want(t, r, 200, "")
		json.Unmarshal(r.body, &a)
		if len(a.Memories) != 1 || a.Memories[0].Statement != "Ann keeps a cat named Miso" {
			t.Errorf("memories about u1: %s", r.body)
		}
		var habits []string
		for _, h := range a.Habits {
			habits = append(habits, h.Statement)
			if len(h.Evidence) == 0 || !slices.ContainsFunc(h.Evidence, func(e struct {
				SenderID string `json:"sender_id"`
			}) bool {
				return e.SenderID == "u1"
			}) {
				t.Errorf("habit %q carries no message of u1", h.Statement)
			}
		}
		slices.Sort(habits)
		if !slices.Equal(habits, []string{"Members swim at the lido on Wednesday evenings", "The group hikes the ridge trail every Saturday"}) {
			t.Errorf("habits u1 takes part in = %q; want hike and swim, not Bo's chess", habits)
		}

		r = f.get(t, "/memory/members/g2/u1", secretRoot)
		want(t, r, 200, "")
		a = memberAnswer{}
		json.Unmarshal(r.body, &a)
		if a.Member.DisplayName != "Zed" || a.Member.Memories != 0 || len(a.Memories) != 0 || len(a.Habits) != 1 || a.Habits[0].Statement != "The club keeps bees in the community garden" {
			t.Errorf("u1 of g2: %s; want Zed with g2's bees alone", r.body)
		}
		// A context about a member puts what the group knows about them first.
		var ctx struct {
			Context string `json:"context"`
		}
		r = f.get(t, "/memory/context/g1?max_tokens=200&q="+url.QueryEscape("when do we play chess?")+"&about=u1", secretView1)
		want(t, r, 200, "")
		json.Unmarshal(r.body, &ctx)
		if first, _, _ := strings.Cut(strings.TrimPrefix(ctx.Context, "Memories:\n"), "\n"); first != "- Ann keeps a cat named Miso" {
			t.Errorf("context about u1 does not open with what the group knows about them:\n%s", r.body)
		}
		want(t, f.get(t, "/memory/context/g1?about=nobody", secretView1), 404, "not_found")

		// A memory written by hand names its subjects among the group's members.
		r = f.do(t, req{method: http.MethodPost, path: "/memory/create/g1", key: secretRoot,
			body: `{"statement":"Bo and Ann run the chess night","subjects":["u2","u1"]}`})
		want(t, r, 201, "")
		made := r.obj(t)["memory"].(map[string]any)
		if got := made["subjects"]; !reflect.DeepEqual(got, []any{"u2", "u1"}) {
			t.Errorf("subjects of a memory written by hand = %v", got)
		}
		want(t, f.do(t, req{method: http.MethodPost, path: "/memory/create/g1", key: secretRoot,
			body: `{"statement":"Zed keeps bees","subjects":["u1","ghost"]}`}), 400, "invalid")
		id := made["memory_id"].(string)
		r = f.do(t, req{method: http.MethodPut, path: "/memory/" + id, key: secretRoot, body: `{"statement":"Bo runs the chess night"}`})
		want(t, r, 200, "")
		if got := r.obj(t)["memory"].(map[string]any)["subjects"]; !reflect.DeepEqual(got, []any{"u2", "u1"}) {
			t.Errorf("an edit without subjects changed them to %v", got)
		}
		id = r.obj(t)["memory"].(map[string]any)["memory_id"].(string)
		r = f.do(t, req{method: http.MethodPut, path: "/memory/" + id, key: secretRoot, body: `{"statement":"Bo runs the chess night","subjects":["u2"]}`})
		want(t, r, 200, "")
		if got := r.obj(t)["memory"].(map[string]any)["subjects"]; !reflect.DeepEqual(got, []any{"u2"}) {
			t.Errorf("an edit to u2 alone gave %v", got)
		}
		want(t, f.get(t, "/memory/members/g2", secretView1), 404, "not_found")
		want(t, f.get(t, "/memory/members/g2/u1", secretView1), 404, "not_found")
		want(t, f.get(t, "/memory/members/g1/nobody", secretView1), 404, "not_found")
		want(t, f.get(t, "/memory/members/g1?cursor=nope", secretView1), 400, "invalid")
	})
}
