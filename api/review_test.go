package api_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/groupmem/groupmem"
)

// A memory that rests on a redacted message without quoting it is marked
// for review: a new version with the same statement, the message left out
// of its evidence and tagged review, in the ledger and in the index; the
// old version stays in history. Memories resting on other messages are
// left alone, and asking again changes nothing.
func TestRedactionMarksCitingMemoriesForReview(t *testing.T) {
	onBoth(t, fixtureOptions{}, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		mems := f.seed(t, "g1", "swims", "likes green tea") // "swims" is too short to quote "create: swims"
		swims, tea := mems["swims"], mems["likes green tea"]
		msgID := swims.Evidence[0]

		r := f.do(t, req{method: http.MethodDelete, path: "/memory/messages/g1/" + msgID, key: secretMod1})
		want(t, r, 200, "")
		got := r.obj(t)
		review, _ := got["review_memory_ids"].([]any)
		if got["changed"] != true || len(review) != 1 || len(got["deleted_memory_ids"].([]any)) != 0 {
			t.Fatalf("redaction answer = %v; want one memory marked for review, none deleted", got)
		}
		newID := review[0].(string)
		nm, err := f.ledger.Memory(ctx, newID)
		if err != nil {
			t.Fatal(err)
		}
		if nm.Statement != "swims" || nm.Status != groupmem.StatusActive || nm.ParentID != swims.ID || nm.Version != 2 ||
			!slices.Contains(nm.Tags, groupmem.TagReview) || slices.Contains(nm.Evidence, msgID) || nm.LineageID != swims.LineageID {
			t.Errorf("the version marked for review = %+v", nm)
		}
		if old, _ := f.ledger.Memory(ctx, swims.ID); old.Status != groupmem.StatusSuperseded {
			t.Errorf("the version that cited the message is %s, want superseded", old.Status)
		}
		if act := f.active(t, "g1"); len(act) != 2 || act["likes green tea"].ID != tea.ID || act["swims"].ID != newID {
			t.Errorf("active memories = %v; want tea untouched and the new swims version", act)
		}
		hist := f.get(t, "/memory/history/"+newID, secretView1).obj(t)["history"].([]any)
		if len(hist) != 2 || !strings.Contains(hist[1].(map[string]any)["change_summary"].(string), "redacted") {
			t.Errorf("history = %v; want both versions, the new one saying why", hist)
		}
		indexed, err := f.index.List(ctx, groupmem.MemoryQuery{GroupID: "g1", Status: groupmem.StatusActive, Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		var inIndex bool
		for _, m := range indexed.Memories {
			inIndex = inIndex || m.ID == newID && slices.Contains(m.Tags, groupmem.TagReview)
			if m.ID == swims.ID {
				t.Errorf("the index still lists the superseded version as active")
			}
		}
		if !inIndex {
			t.Errorf("the index lacks the version marked for review: %+v", indexed.Memories)
		}
		if body := string(f.get(t, "/memory/messages/g1", secretView1).body); strings.Contains(body, "create: swims") {
			t.Errorf("message list still shows the text: %s", body)
		}
		again := f.do(t, req{method: http.MethodDelete, path: "/memory/messages/g1/" + msgID, key: secretMod1}).obj(t)
		if again["changed"] != false || len(again["review_memory_ids"].([]any)) != 0 {
			t.Errorf("second redaction = %v; want nothing changed", again)
		}
	})
}
