package api_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
)

// planOf returns the plan id of an evolve answer, failing the test when
// it has none.
func planOf(t *testing.T, ans map[string]any) string {
	t.Helper()
	id, _ := ans["plan_id"].(string)
	if id == "" || ans["plan_expires_at"] == nil {
		t.Fatalf("evolve answer %v has no plan_id and plan_expires_at", ans)
	}
	return id
}

// newIDs lists the new_id of each change of an answer, in order.
func newIDs(ans map[string]any) []string {
	var out []string
	for _, c := range ans["changes"].([]any) {
		if id, ok := c.(map[string]any)["new_id"].(string); ok {
			out = append(out, id)
		}
	}
	return out
}

// A dry run's plan is applied exactly as previewed: the same new version
// ids and statements, by the applying key, in a run whose report names the
// plan; applying it twice commits it once (one 200, one 409).
func TestPreviewThenApplyExactly(t *testing.T) {
	onBoth(t, fixtureOptions{}, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		f.seed(t, "g1", "likes tea")
		f.ingest(t, "g1", "create: likes coffee", "update: likes tea => likes green tea")
		r := f.do(t, req{method: http.MethodPost, path: "/memory/evolve/g1?dry_run=true", key: secretBot1})
		want(t, r, 200, "")
		preview := r.obj(t)
		id := planOf(t, preview)
		if preview["status"] != "dry_run" || id != preview["run_id"] || !strings.Contains(preview["message"].(string), "/memory/plans/"+id+"/apply") {
			t.Fatalf("dry run answer = %v; want status dry_run, the plan named by the run id, and how to apply it", preview)
		}
		if act := f.active(t, "g1"); len(act) != 1 {
			t.Fatalf("a dry run applied something: %v", act)
		}
		list := f.get(t, "/memory/plans/g1", secretView1).obj(t)["plans"].([]any)
		if len(list) != 1 || list[0].(map[string]any)["status"] != "preview" || list[0].(map[string]any)["stale"] != false {
			t.Fatalf("plans of g1 = %v; want the preview, current", list)
		}

		r = f.do(t, req{method: http.MethodPost, path: "/memory/plans/" + id + "/apply", key: secretBot1})
		want(t, r, 200, "")
		applied := r.obj(t)
		if applied["status"] != "succeeded" || applied["plan_id"] != id || applied["run_id"] == id {
			t.Fatalf("apply answer = %v; want a new run that succeeded, naming the plan", applied)
		}
		if got, wantIDs := newIDs(applied), newIDs(preview); !slices.Equal(got, wantIDs) || len(got) != 2 {
			t.Fatalf("applied versions %v, previewed %v; want the very same", got, wantIDs)
		}
		act := f.active(t, "g1")
		if len(act) != 2 || !slices.Contains(newIDs(preview), act["likes coffee"].ID) || !slices.Contains(newIDs(preview), act["likes green tea"].ID) {
			t.Fatalf("active memories = %v; want the previewed versions", act)
		}
		run, err := f.ledger.Run(ctx, applied["run_id"].(string))
		if err != nil || run.Report.PlanID != id || run.Trigger != groupmem.TriggerManual || run.Actor != "bot1" || run.Status != groupmem.RunSucceeded {
			t.Fatalf("the applying run = %+v, %v", run, err)
		}
		changes, err := f.ledger.Changes(ctx, groupmem.ChangeQuery{GroupID: "g1", Limit: 10})
		if err != nil || len(changes) < 2 || changes[0].Actor != "bot1" || changes[0].RunID != run.ID {
			t.Fatalf("change log = %+v, %v; want the applying key on the plan's rows", changes, err)
		}

		r = f.do(t, req{method: http.MethodPost, path: "/memory/plans/" + id + "/apply", key: secretBot1})
		want(t, r, 409, "conflict")
		if !strings.Contains(string(r.body), "applied already") {
			t.Errorf("second apply: %s; want it to say the plan was applied", r.body)
		}
		if again := f.active(t, "g1"); len(again) != 2 {
			t.Errorf("a second apply changed the memories: %v", again)
		}
		plan := f.get(t, "/memory/plans/g1?status=applied", secretView1).obj(t)["plans"].([]any)
		if len(plan) != 1 || plan[0].(map[string]any)["applied_run_id"] != run.ID || plan[0].(map[string]any)["decided_by"] != "bot1" {
			t.Errorf("applied plans = %v", plan)
		}
	})
}

// Two applies of one plan at once: one commits, the other is refused,
// and the plan's versions exist once.
func TestConcurrentAppliesCommitOnce(t *testing.T) {
	f := newFixture(t, fixtureOptions{})
	f.seed(t, "g1", "likes tea")
	f.ingest(t, "g1", "create: likes coffee")
	id := planOf(t, f.do(t, req{method: http.MethodPost, path: "/memory/evolve/g1?dry_run=true", key: secretBot1}).obj(t))
	statuses := make(chan int, 2)
	for range 2 {
		go func() {
			statuses <- f.do(t, req{method: http.MethodPost, path: "/memory/plans/" + id + "/apply", key: secretBot1}).status
		}()
	}
	got := []int{<-statuses, <-statuses}
	slices.Sort(got)
	if !slices.Equal(got, []int{200, 409}) {
		t.Fatalf("two applies answered %v; want one 200 and one 409", got)
	}
	if act := f.active(t, "g1"); len(act) != 2 {
		t.Fatalf("active memories = %v; want tea and coffee once", act)
	}
}

// A plan goes stale when the group moves on: a message arrives, or
// another run begins. Applying it is 409 saying to preview again, and
// writes nothing.
func TestStalePlanIsRefused(t *testing.T) {
	onBoth(t, fixtureOptions{}, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		f.seed(t, "g1", "likes tea")
		f.ingest(t, "g1", "create: likes coffee")
		dry := func() string {
			return planOf(t, f.do(t, req{method: http.MethodPost, path: "/memory/evolve/g1?dry_run=true", key: secretBot1}).obj(t))
		}
		runs := func() int {
			rs, err := f.ledger.Runs(ctx, groupmem.RunQuery{GroupID: "g1", Limit: 100})
			if err != nil {
				t.Fatal(err)
			}
			return len(rs)
		}
		first := dry()
		f.ingest(t, "g1", "create: likes cake")
		plans := f.get(t, "/memory/plans/g1", secretView1).obj(t)["plans"].([]any)
		if plans[0].(map[string]any)["stale"] != true {
			t.Fatalf("plan after a new message = %v; want stale", plans[0])
		}
		before := runs()
		r := f.do(t, req{method: http.MethodPost, path: "/memory/plans/" + first + "/apply", key: secretBot1})
		want(t, r, 409, "conflict")
		if !strings.Contains(string(r.body), "preview again") {
			t.Errorf("stale apply: %s; want it to say to preview again", r.body)
		}
		if act := f.active(t, "g1"); len(act) != 1 || runs() != before {
			t.Fatalf("a stale apply wrote something: %d memories, %d runs (was %d)", len(act), runs(), before)
		}
		second := dry()
		dry() // a later run begins
		want(t, f.do(t, req{method: http.MethodPost, path: "/memory/plans/" + second + "/apply", key: secretBot1}), 409, "conflict")
		if act := f.active(t, "g1"); len(act) != 1 {
			t.Fatalf("a stale apply wrote something: %v", act)
		}
	})
}

// A run the deletion guard holds keeps the plan it held; an admin approves
// it (committed as held, with the admin's name in the change log) or
// rejects it; a write key can do neither, and apply does not take a held
// plan.
func TestHeldPlanApproveAndReject(t *testing.T) {
	onBoth(t, fixtureOptions{}, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		seeded := f.seed(t, "g1", "likes tea", "likes coffee", "likes milk", "likes juice", "likes soup")
		hold := func() string {
			f.ingest(t, "g1", "delete: likes tea", "delete: likes coffee", "delete: likes milk", "delete: likes juice", "create: likes water")
			ans := f.evolve(t, "g1")
			if ans["status"] != "review" {
				t.Fatalf("evolve = %v; want review", ans)
			}
			return planOf(t, ans)
		}
		id := hold()
		if act := f.active(t, "g1"); len(act) != 5 {
			t.Fatalf("a held run applied something: %v", act)
		}
		held := f.get(t, "/memory/plans/g1?status=held", secretView1).obj(t)["plans"].([]any)
		if len(held) != 1 {
			t.Fatalf("held plans = %v; want one", held)
		}
		hp := held[0].(map[string]any)
		if hp["plan_id"] != id || !strings.Contains(hp["reason"].(string), "would delete") || len(hp["changes"].([]any)) != 5 {
			t.Fatalf("held plan = %v; want its reason and its 4 deletions and 1 creation", hp)
		}
		want(t, f.do(t, req{method: http.MethodPost, path: "/memory/plans/" + id + "/apply", key: secretBot1}), 409, "conflict")
		want(t, f.do(t, req{method: http.MethodPost, path: "/memory/plans/" + id + "/approve", key: secretBot1}), 403, "forbidden")
		r := f.do(t, req{method: http.MethodPost, path: "/memory/plans/" + id + "/approve", key: secretMod1})
		want(t, r, 200, "")
		if ans := r.obj(t); ans["status"] != "succeeded" || ans["plan_id"] != id {
			t.Fatalf("approve = %v", ans)
		}
		act := f.active(t, "g1")
		if len(act) != 2 || act["likes soup"].ID != seeded["likes soup"].ID || act["likes water"].ID == "" {
			t.Fatalf("active after approval = %v; want soup kept and water created", act)
		}
		changes, err := f.ledger.Changes(ctx, groupmem.ChangeQuery{GroupID: "g1", Actions: []groupmem.ActionKind{groupmem.ActionDelete}, Limit: 10})
		if err != nil || len(changes) != 4 {
			t.Fatalf("deletions = %+v, %v", changes, err)
		}
		for _, c := range changes {
			if c.Actor != "mod1" {
				t.Errorf("deletion of %q by %q; want the approving key mod1", c.OldStatement, c.Actor)
			}
		}
		want(t, f.do(t, req{method: http.MethodPost, path: "/memory/plans/" + id + "/approve", key: secretMod1}), 409, "conflict")

		// Rejected: never applied.
		f.ingest(t, "g1", "create: keeps bees in the garden", "create: plays chess on Sundays", "create: sings in a choir")
		f.evolve(t, "g1")
		before := f.active(t, "g1")
		if len(before) != 5 {
			t.Fatalf("active before the second held run = %v; want 5", before)
		}
		f.ingest(t, "g1", "delete: keeps bees in the garden", "delete: plays chess on Sundays", "delete: sings in a choir", "delete: likes water")
		ans := f.evolve(t, "g1")
		id = planOf(t, ans)
		r = f.do(t, req{method: http.MethodPost, path: "/memory/plans/" + id + "/reject", key: secretMod1})
		want(t, r, 200, "")
		if p := r.obj(t)["plan"].(map[string]any); p["status"] != "rejected" || p["decided_by"] != "mod1" {
			t.Fatalf("rejected plan = %v", p)
		}
		want(t, f.do(t, req{method: http.MethodPost, path: "/memory/plans/" + id + "/approve", key: secretMod1}), 409, "conflict")
		if act := f.active(t, "g1"); len(act) != len(before) {
			t.Fatalf("a rejected plan changed the memories: %d, was %d", len(act), len(before))
		}
	})
}

// Bad input: an unknown, malformed or expired plan id, and a plan of a
// group the key may not see, each a clear 400, 404 or 409 that writes
// nothing.
func TestPlanBadInput(t *testing.T) {
	onBoth(t, fixtureOptions{}, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		f.seed(t, "g2", "likes juice")
		f.ingest(t, "g2", "create: likes rice")
		other := planOf(t, f.do(t, req{method: http.MethodPost, path: "/memory/evolve/g2?dry_run=true", key: secretRoot}).obj(t))
		want(t, f.do(t, req{method: http.MethodPost, path: "/memory/plans/" + other + "/apply", key: secretBot1}), 404, "not_found")
		want(t, f.do(t, req{method: http.MethodPost, path: "/memory/plans/" + groupmem.NewID() + "/apply", key: secretBot1}), 404, "not_found")
		want(t, f.do(t, req{method: http.MethodPost, path: "/memory/plans/nonsense/apply", key: secretBot1}), 400, "invalid")
		want(t, f.get(t, "/memory/plans/g1?status=maybe", secretView1), 400, "invalid")
		want(t, f.get(t, "/memory/plans/g2", secretView1), 404, "not_found")

		// A plan past its 24 hours.
		f.seed(t, "g1", "likes tea")
		run, err := f.ledger.BeginRun(ctx, groupmem.BeginRunParams{GroupID: "g1", Trigger: groupmem.TriggerManual, Actor: "bot1"})
		if err != nil {
			t.Fatal(err)
		}
		run.Status = groupmem.RunDryRun
		made := time.Now().Add(-25 * time.Hour)
		if err := f.ledger.KeepPlan(ctx, run, &groupmem.KeptPlan{ID: run.ID, GroupID: "g1", Status: groupmem.PlanPreview,
			NewWatermark: run.Watermark, CreatedAt: made, ExpiresAt: made.Add(groupmem.PlanLifetime)}); err != nil {
			t.Fatal(err)
		}
		r := f.do(t, req{method: http.MethodPost, path: "/memory/plans/" + run.ID + "/apply", key: secretBot1})
		want(t, r, 409, "conflict")
		if !strings.Contains(string(r.body), "expired") {
			t.Errorf("expired apply: %s; want it to say so", r.body)
		}
		if got := f.get(t, "/memory/plans/g1?status=expired", secretView1).obj(t)["plans"].([]any); len(got) != 1 {
			t.Errorf("expired plans = %v; want the old one", got)
		}
	})
}
