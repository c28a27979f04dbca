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

// After a purge nothing of the group remains: not in the ledger, not in
// the index, not in message search; another group is untouched, the
// removal is recorded without text, purging again removes nothing, and the
// group starts again from nothing. A scoped key cannot purge another group.
func TestPurgeGroup(t *testing.T) {
	onBoth(t, fixtureOptions{}, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		tea := f.seed(t, "g1", "likes tea", "likes coffee")["likes tea"]
		f.seed(t, "g2", "likes juice")
		want(t, f.get(t, "/memory/messages/g1?q=tea", secretView1), 200, "") // the message index holds g1 now

		want(t, f.do(t, req{method: http.MethodDelete, path: "/memory/groups/g2", key: secretMod1}), http.StatusNotFound, "not_found")
		want(t, f.do(t, req{method: http.MethodDelete, path: "/memory/groups/g1", key: secretBot1}), http.StatusForbidden, "forbidden")

		r := f.do(t, req{method: http.MethodDelete, path: "/memory/groups/g1", key: secretMod1})
		want(t, r, 200, "")
		got := r.obj(t)
		removed := got["removed"].(map[string]any)
		if removed["messages"] != 2.0 || removed["memory_versions"] != 2.0 || got["total"].(float64) < 6 {
			t.Errorf("purge answer = %v", got)
		}
		for _, path := range []string{"/memory/list/g1?status=all", "/memory/messages/g1", "/memory/messages/g1?q=tea"} {
			body := f.get(t, path, secretView1).obj(t)
			for _, key := range []string{"memories", "messages"} {
				if list, ok := body[key].([]any); ok && len(list) != 0 {
					t.Errorf("%s still answers %v", path, list)
				}
			}
		}
		if res := f.get(t, "/memory/search/g1?q="+url.QueryEscape("likes tea"), secretView1).obj(t)["results"].([]any); len(res) != 0 {
			t.Errorf("search still finds %v", res)
		}
		want(t, f.get(t, "/memory/history/"+tea.ID, secretView1), http.StatusNotFound, "not_found")
		if page, _ := f.index.List(ctx, groupmem.MemoryQuery{GroupID: "g1", Limit: 100}); page.Total != 0 {
			t.Errorf("the index keeps %d points of g1", page.Total)
		}
		if page, _ := f.index.List(ctx, groupmem.MemoryQuery{GroupID: "g2", Limit: 100}); page.Total != 1 {
			t.Errorf("the index holds %d points of g2, want 1", page.Total)
		}
		// The record of the purge outlives the group, and says who and how
		// much, never what.
		rec := f.get(t, "/memory/removals/g1", secretMod1)
		want(t, rec, 200, "")
		rs := rec.obj(t)["removals"].([]any)
		if len(rs) != 1 {
			t.Fatalf("removals = %v, want the purge", rs)
		}
		if rm := rs[0].(map[string]any); rm["kind"] != "purge" || rm["actor"] != "mod1" || rm["rows"].(map[string]any)["messages"] != 2.0 ||
			strings.Contains(string(rec.body), "likes tea") {
			t.Errorf("removal = %v", rm)
		}
		want(t, f.get(t, "/memory/removals/g1", secretView1), http.StatusForbidden, "forbidden")
		again := f.do(t, req{method: http.MethodDelete, path: "/memory/groups/g1", key: secretMod1}).obj(t)
		if again["total"] != 0.0 {
			t.Errorf("second purge = %v", again)
		}
		f.ingest(t, "g1", "create: likes cocoa")
		f.evolve(t, "g1")
		if mems := f.active(t, "g1"); len(mems) != 1 || mems["likes cocoa"].Version != 1 {
			t.Errorf("g1 after the purge: %v", mems)
		}
	})
}

// A purge whose index side did not happen (the process died between the
// ledger and the index) is finished by the relay from its outbox entry.
func TestPurgeFinishedByRelay(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, fixtureOptions{})
	f.seed(t, "g1", "likes tea")
	if _, err := f.ledger.PurgeGroup(ctx, "g1", "mod1"); err != nil { // the ledger side only
		t.Fatal(err)
	}
	if page, _ := f.index.List(ctx, groupmem.MemoryQuery{GroupID: "g1", Limit: 100}); page.Total != 1 {
		t.Fatalf("before the relay the index holds %d points, want the 1 left behind", page.Total)
	}
	if _, err := f.svc.Relay().Drain(ctx); err != nil {
		t.Fatal(err)
	}
	if page, _ := f.index.List(ctx, groupmem.MemoryQuery{GroupID: "g1", Limit: 100}); page.Total != 0 {
		t.Errorf("after the relay the index holds %d points of g1", page.Total)
	}
	if n, _, err := f.ledger.OutboxLag(ctx); err != nil || n != 0 {
		t.Errorf("outbox lag = %d, %v", n, err)
	}
}

// After a redaction the text is nowhere a bot can read it: search,
// message search, context, the memory, its history and the change log;
// the memory that quoted it is deleted, one that did not stays.
func TestRedactMessage(t *testing.T) {
	onBoth(t, fixtureOptions{}, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		mems := f.seed(t, "g1", "my phone number is 555 0199", "likes green tea")
		phone := mems["my phone number is 555 0199"]
		want(t, f.get(t, "/memory/messages/g1?q=phone", secretView1), 200, "") // the message index holds it now

		want(t, f.do(t, req{method: http.MethodDelete, path: "/memory/messages/g2/" + phone.Evidence[0], key: secretMod1}), http.StatusNotFound, "not_found")
		r := f.do(t, req{method: http.MethodDelete, path: "/memory/messages/g1/" + phone.Evidence[0], key: secretMod1})
		want(t, r, 200, "")
		got := r.obj(t)
		if got["changed"] != true || len(got["deleted_memory_ids"].([]any)) != 1 || got["deleted_memory_ids"].([]any)[0] != phone.ID {
			t.Fatalf("redaction answer = %v", got)
		}
		const secret = "555 0199"
		for _, path := range []string{
			"/memory/search/g1?q=" + url.QueryEscape("phone number"),
			"/memory/messages/g1?q=" + url.QueryEscape("phone number"),
			"/memory/messages/g1",
			"/memory/context/g1?q=" + url.QueryEscape("phone number"),
			"/memory/context/g1",
			"/memory/list/g1?status=all",
			"/memory/history/" + phone.ID,
			"/memory/" + phone.ID,
			"/memory/changes/g1",
		} {
			if body := string(f.get(t, path, secretView1).body); strings.Contains(body, secret) {
				t.Errorf("%s still shows the redacted text: %s", path, body)
			}
		}
		if m, _ := f.ledger.Memory(ctx, phone.ID); m.Status != groupmem.StatusDeprecated || m.Statement != groupmem.Redacted {
			t.Errorf("the quoting memory = %q %s", m.Statement, m.Status)
		}
		if m := f.active(t, "g1"); len(m) != 1 || m["likes green tea"].ID == "" {
			t.Errorf("active memories after the redaction = %v", m)
		}
		if page, _ := f.index.List(ctx, groupmem.MemoryQuery{GroupID: "g1", Limit: 100}); strings.Contains(fmt.Sprint(page.Memories), secret) {
			t.Errorf("the index still holds the text")
		}
		again := f.do(t, req{method: http.MethodDelete, path: "/memory/messages/g1/" + phone.Evidence[0], key: secretMod1}).obj(t)
		if again["changed"] != false {
			t.Errorf("second redaction = %v", again)
		}
		want(t, f.do(t, req{method: http.MethodDelete, path: "/memory/messages/g1/nope", key: secretMod1}), http.StatusNotFound, "not_found")
	})
}

// A dry run's kept plan made before a redaction shows the text no more:
// its statements that quote the message read [redacted], the others stay,
// the removal counts the plan, and the plan cannot be applied.
func TestRedactionScrubsKeptPlans(t *testing.T) {
	onBoth(t, fixtureOptions{}, func(t *testing.T, f *fixture) {
		const secret = "4711-2209"
		f.ingest(t, "g1", "create: Ann's door code is "+secret, "create: likes green tea")
		dry := f.do(t, req{method: http.MethodPost, path: "/memory/evolve/g1?dry_run=true", key: secretRoot})
		want(t, dry, 200, "")
		planID, _ := dry.obj(t)["plan_id"].(string)
		if before := string(f.get(t, "/memory/plans/g1", secretRoot).body); planID == "" || !strings.Contains(before, secret) {
			t.Fatalf("the dry run kept no plan with the text: %s", before)
		}
		var id string
		for _, m := range f.get(t, "/memory/messages/g1", secretRoot).obj(t)["messages"].([]any) {
			if m := m.(map[string]any); strings.Contains(m["content"].(string), secret) {
				id = m["id"].(string)
			}
		}
		want(t, f.do(t, req{method: http.MethodDelete, path: "/memory/messages/g1/" + id, key: secretRoot}), 200, "")
		after := string(f.get(t, "/memory/plans/g1", secretRoot).body)
		if strings.Contains(after, secret) || !strings.Contains(after, groupmem.Redacted) || !strings.Contains(after, "likes green tea") {
			t.Errorf("the kept plan after the redaction: %s", after)
		}
		removals := f.get(t, "/memory/removals/g1", secretRoot).obj(t)["removals"].([]any)
		if rows := removals[0].(map[string]any)["rows"].(map[string]any); rows["plans"] != 1.0 {
			t.Errorf("the redaction's removal counts rows %v, want one plan", rows)
		}
		want(t, f.do(t, req{method: http.MethodPost, path: "/memory/plans/" + planID + "/apply", key: secretRoot}), http.StatusConflict, "conflict")
	})
}

// A version a redaction emptied cannot be restored: 409, and the group's
// context and memories stay without it.
func TestRedactedVersionIsNotRestored(t *testing.T) {
	onBoth(t, fixtureOptions{}, func(t *testing.T, f *fixture) {
		mems := f.seed(t, "g1", "Ann's door code is 4711-2209")
		m := mems["Ann's door code is 4711-2209"]
		want(t, f.do(t, req{method: http.MethodDelete, path: "/memory/messages/g1/" + m.Evidence[0], key: secretRoot}), 200, "")
		r := f.do(t, req{method: http.MethodPut, path: "/memory/" + m.ID + "/restore", key: secretRoot})
		want(t, r, http.StatusConflict, "conflict")
		if !strings.Contains(string(r.body), "redacted") {
			t.Errorf("the refusal does not say why: %s", r.body)
		}
		want(t, f.do(t, req{method: http.MethodPut, path: "/memory/lineage/" + m.LineageID + "/restore", key: secretRoot}), http.StatusConflict, "conflict")
		if c := string(f.get(t, "/memory/context/g1", secretRoot).body); strings.Contains(c, groupmem.Redacted) {
			t.Errorf("the context holds a redacted memory: %s", c)
		}
		if a := f.active(t, "g1"); len(a) != 0 {
			t.Errorf("active memories after the refused restore: %v", a)
		}
	})
}
