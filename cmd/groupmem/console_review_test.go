package main

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/embed/static"
	"github.com/groupmem/groupmem/store/sqlite"
	"github.com/groupmem/groupmem/store/storetest"
)

// consoleMembersPage is the console subtest "members page lists the members and what the group knows of one".
func consoleMembersPage(t *testing.T, b *browser, base string) {
	b = b.with(t)
	var members struct {
		Members []struct {
			SenderID    string `json:"sender_id"`
			DisplayName string `json:"display_name"`
			Memories    int    `json:"memories"`
		} `json:"members"`
	}
	getJSON(t, base, "/memory/members/demo-devs?limit=100", &members)
	if len(members.Members) < 2 {
		t.Fatalf("the demo group has %d members; the test needs two", len(members.Members))
	}
	ctx := b.tab(1200, 900, "en-US")
	b.signIn(ctx, consoleAdmin, "#/g/demo-devs")
	b.run(ctx, visible(`#cards`), chromedp.Click(chromedp.CSS(`a[href$="/members"]`)), visible(`.member-row`))
	if n := count(ctx, b, `.member-row`); n != len(members.Members) {
		t.Errorf("members page shows %d members, want %d", n, len(members.Members))
	}
	text := b.text(ctx, `#members`)
	for _, m := range members.Members {
		if !strings.Contains(text, m.DisplayName) {
			t.Errorf("the members page does not name %q", m.DisplayName)
		}
	}
	b.shot(ctx, "console-members.png")
	b.noProblems(ctx)

	// The member the group knows most about.
	best := members.Members[0]
	for _, m := range members.Members {
		if m.Memories > best.Memories {
			best = m
		}
	}
	var about struct {
		Memories []struct {
			Statement string `json:"statement"`
		} `json:"memories"`
	}
	getJSON(t, base, "/memory/members/demo-devs/"+best.SenderID, &about)
	b.run(ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`.member-row[data-member=%q] a`, best.SenderID))), visible(`#member-facts`))
	if h1 := b.text(ctx, `h1`); h1 != best.DisplayName {
		t.Errorf("member page is titled %q, want %q", h1, best.DisplayName)
	}
	if n := count(ctx, b, `#about .card`); n != len(about.Memories) {
		t.Errorf("member page shows %d memories about %s, want %d", n, best.DisplayName, len(about.Memories))
	}
	if len(about.Memories) > 0 && !strings.Contains(b.text(ctx, `#about`), about.Memories[0].Statement) {
		t.Errorf("member page lacks %q", about.Memories[0].Statement)
	}
	b.shot(ctx, "console-member.png")
	b.noProblems(ctx)
}

// holdPlan writes memories by hand into group g through the API, then
// keeps in the ledger at path, as a run the deletion guard stopped would,
// a held plan that deletes all of them but one. It returns the plan's id
// and the memory it keeps.
func holdPlan(t *testing.T, base, path, g string, statements ...string) (string, string) {
	t.Helper()
	ctx := context.Background()
	var ids []string
	for _, s := range statements {
		code, ans := callAs(t, consoleAdmin, "POST", base+"/memory/create/"+g, fmt.Sprintf(`{"statement":%q}`, s))
		if code != 201 {
			t.Fatalf("create %q = %d %v", s, code, ans)
		}
		ids = append(ids, ans["memory"].(map[string]any)["memory_id"].(string))
	}
	l, err := sqlite.Open(ctx, sqlite.Config{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	run, err := l.BeginRun(ctx, groupmem.BeginRunParams{GroupID: g, Trigger: groupmem.TriggerCron, Actor: "cron", Model: "offline"})
	if err != nil {
		t.Fatal(err)
	}
	pending, err := l.CountMessages(ctx, g, run.Watermark, math.MaxInt64)
	if err != nil {
		t.Fatal(err)
	}
	var w groupmem.Writes
	for i, id := range ids[:len(ids)-1] {
		w.Transitions = append(w.Transitions, groupmem.Transition{MemoryID: id, From: groupmem.StatusActive, To: groupmem.StatusDeprecated})
		w.Changes = append(w.Changes, groupmem.Change{Action: groupmem.ActionDelete, MemoryID: id, OldStatement: statements[i],
			Reason: "nobody mentions it any more", Version: 1, Actor: "cron"})
	}
	run.Status, run.Report.Reason = groupmem.RunReview, groupmem.FailReview
	run.Error = fmt.Sprintf("pass 1 would delete %d of the %d memories it showed; a person must review it", len(ids)-1, len(ids))
	if err := l.KeepPlan(ctx, run, &groupmem.KeptPlan{ID: run.ID, GroupID: g, Status: groupmem.PlanHeld, NewWatermark: run.Watermark,
		Pending: pending, Stats: groupmem.Stats{Deleted: len(ids) - 1, Kept: 1}, Writes: w}); err != nil {
		t.Fatal(err)
	}
	return run.ID, ids[len(ids)-1]
}

// consoleReviewApprovesAndRejects is the console subtest "review page approves and rejects held plans".
func consoleReviewApprovesAndRejects(t *testing.T, b *browser, base, path string) {
	b = b.with(t)
	const g = "demo-review"
	held, kept := holdPlan(t, base, path, g, "Mia bakes sourdough", "the group hikes on Saturdays", "Leo learns Go", "Ana sings in a choir", "the team demo is on Fridays")
	ctx := b.tab(1200, 900, "en-US")
	b.signIn(ctx, consoleAdmin, "#/g/"+g)
	b.run(ctx, visible(`#cards`))
	if tile := b.text(ctx, `#h-review`); !strings.Contains(tile, "1") {
		t.Errorf("the review tile shows %q with one plan held", tile)
	}
	b.run(ctx, chromedp.Click(chromedp.CSS(`#h-review`)), visible(`.plan`))
	card := b.text(ctx, fmt.Sprintf(`.plan[data-plan=%q]`, held))
	for _, want := range []string{"would delete 4", "Mia bakes sourdough", "Ana sings in a choir"} {
		if !strings.Contains(card, want) {
			t.Errorf("the held plan's card lacks %q: %q", want, card)
		}
	}
	if n := count(ctx, b, `.plan .change[data-action="delete"]`); n != 4 {
		t.Errorf("the held plan shows %d deletions, want 4", n)
	}
	b.shot(ctx, "console-review.png")
	b.noProblems(ctx)
	b.run(ctx, chromedp.Click(chromedp.CSS(`[data-act="approve"]`)), visible(`#plans-empty`))
	var list consoleList
	getJSON(t, base, "/memory/list/"+g+"?limit=100", &list)
	if list.Total != 1 || list.Memories[0].MemoryID != kept {
		t.Errorf("after approval %d memories are active (%v); want only the one the plan kept", list.Total, list.Memories)
	}
	var changes struct {
		Changes []struct {
			Action string `json:"action"`
			Actor  string `json:"actor"`
		} `json:"changes"`
	}
	getJSON(t, base, "/memory/changes/"+g+"?action=delete", &changes)
	if len(changes.Changes) != 4 || changes.Changes[0].Actor != "mod" {
		t.Errorf("deletions after approval = %+v; want 4, by the approving key mod", changes.Changes)
	}

	// A second held plan, rejected: nothing changes, and the page says so.
	held, _ = holdPlan(t, base, path, g, "Mia bakes rye", "the group cycles on Sundays", "Leo learns Rust", "Ana plays the cello")
	b.run(ctx, chromedp.Navigate(base+"/console/#/g/"+g), visible(`#cards`), chromedp.Click(chromedp.CSS(`#h-review`)),
		visible(`.plan`), chromedp.Click(chromedp.CSS(`[data-act="reject"]`)), visible(`#plans-empty`))
	getJSON(t, base, "/memory/list/"+g+"?limit=100", &list)
	if list.Total != 5 {
		t.Errorf("after a rejection %d memories are active, want the 5 the plan would have cut to 2", list.Total)
	}
	b.run(ctx, chromedp.Click(chromedp.CSS(`#all-plans`)), visible(fmt.Sprintf(`.plan[data-plan=%q][data-status="rejected"]`, held)))
	if n := count(ctx, b, `.plan [data-act]`); n != 0 {
		t.Errorf("decided plans still offer %d actions", n)
	}
	b.noProblems(ctx)

	// A read-only key sees the queue but no decision.
	held, _ = holdPlan(t, base, path, g, "Zoe paints", "the group swims on Mondays", "Kai runs", "Lu reads sci-fi")
	ro := b.tab(1200, 900, "en-US")
	b.signIn(ro, consoleRead, "#/g/"+g+"/review")
	b.run(ro, visible(fmt.Sprintf(`.plan[data-plan=%q]`, held)))
	if n := count(ro, b, `[data-act="approve"], [data-act="reject"]`); n != 0 {
		t.Errorf("a read-only key sees %d decision buttons", n)
	}
	b.noProblems(ro)
}

// consoleRedactedOffersNoRestore is the console subtest "a redacted memory
// offers no restore": a memory that quoted a message the admin then
// redacted shows as [redacted] on the group's deleted cards and on its
// lineage, with no restore button on either (the API refuses it, 409).
func consoleRedactedOffersNoRestore(t *testing.T, b *browser, base, path string) {
	b = b.with(t)
	const g, secret = "demo-redact", "3141-5926"
	ctx := context.Background()
	l, err := sqlite.Open(ctx, sqlite.Config{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	emb, err := static.Load()
	if err != nil {
		t.Fatal(err)
	}
	msg := groupmem.Message{GroupID: g, ID: "r1", SenderID: "u1", SenderName: "Ann", Content: "Ben's locker code is " + secret, SentAt: time.Now().UTC()}
	if _, err := l.InsertMessages(ctx, []groupmem.Message{msg}); err != nil {
		t.Fatal(err)
	}
	run, err := l.BeginRun(ctx, groupmem.BeginRunParams{GroupID: g, Trigger: groupmem.TriggerAdmin, Actor: "mod"})
	if err != nil {
		t.Fatal(err)
	}
	plan := storetest.CreatePlan(run, msg.Content)
	plan.New[0].Evidence, plan.New[0].Embedding = []string{"r1"}, emb.Vector(msg.Content)
	plan.Run.NewWatermark = 1
	err = l.CommitPlan(ctx, plan)
	l.Close()
	if err != nil {
		t.Fatal(err)
	}
	id := plan.New[0].ID
	if code, ans := callAs(t, consoleAdmin, "DELETE", base+"/memory/messages/"+g+"/r1", ""); code != 200 {
		t.Fatalf("redact = %d %v", code, ans)
	}
	if code, ans := callAs(t, consoleAdmin, "PUT", base+"/memory/"+id+"/restore", ""); code != http.StatusConflict {
		t.Fatalf("restore of the redacted version = %d %v, want 409", code, ans)
	}
	cardSel := fmt.Sprintf(`.card[data-lineage=%q]`, id)
	tab := b.tab(1200, 900, "en-US")
	b.signIn(tab, consoleAdmin, "#/g/"+g+"?status=deprecated")
	b.run(tab, visible(cardSel))
	if text := b.text(tab, cardSel); !strings.Contains(text, groupmem.Redacted) || strings.Contains(text, secret) {
		t.Errorf("the redacted memory's card reads %q", text)
	}
	if n := count(tab, b, cardSel+` button[data-act="restore"]`); n != 0 {
		t.Errorf("the redacted memory's card offers restore")
	}
	b.run(tab, chromedp.Navigate(base+"/console/#/m/"+id), visible(`.version`))
	if n := count(tab, b, `[data-act="restore"], [data-act="restore-version"]`); n != 0 {
		t.Errorf("the redacted memory's lineage offers restore (%d buttons)", n)
	}
	b.noProblems(tab)
}
