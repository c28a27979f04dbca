package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/groupmem/groupmem"
)

// keep ends run r as a dry run (or, held, as a run held for review) and
// keeps its plan p, made on messages up to the seq upTo with pending
// messages after it, at created until expires (zero: the ledger's now,
// for PlanLifetime).
func keep(t testing.TB, l groupmem.Ledger, p *groupmem.Plan, upTo int64, pending int, held bool, created, expires time.Time) groupmem.KeptPlan {
	t.Helper()
	r := p.Run
	kp := groupmem.KeptPlan{ID: r.ID, GroupID: r.GroupID, Status: groupmem.PlanPreview, NewWatermark: upTo, Messages: 3,
		Pending: pending, Stats: p.Run.Stats, Writes: p.Writes, CreatedAt: created, ExpiresAt: expires}
	r.Status = groupmem.RunDryRun
	if held {
		r.Status, r.Report.Reason, kp.Status = groupmem.RunReview, groupmem.FailReview, groupmem.PlanHeld
	}
	if err := l.KeepPlan(context.Background(), r, &kp); err != nil {
		t.Fatalf("KeepPlan: %v", err)
	}
	if kp.CreatedAt.IsZero() || kp.ExpiresAt.IsZero() {
		t.Fatalf("KeepPlan left the plan's times zero: %+v", kp)
	}
	return kp
}

// A kept plan reads back as kept, with the run that made it; it is
// committed at most once (the commit that names it marks it applied, in
// its transaction); it goes stale when a run begins or a message arrives
// after it was made; it can be rejected once; a plan past its expiry reads
// as expired and can be neither committed nor rejected. Nothing crosses to
// another group.
func testKeptPlans(t *testing.T, l groupmem.Ledger) {
	ctx := context.Background()
	if _, err := l.InsertMessages(ctx, Msgs("g1", "m", 5)); err != nil {
		t.Fatal(err)
	}
	msgs, _ := l.MessagesAfter(ctx, "g1", 0, 10)
	now := time.Now().UTC().Truncate(time.Microsecond)

	// A dry run keeps its plan.
	dry := CreatePlan(Begin(t, l, "g1"), "Ann has a cat", "the group meets on Fridays")
	kept := keep(t, l, dry, msgs[2].Seq, 2, false, now, now.Add(groupmem.PlanLifetime))
	got, err := l.KeptPlan(ctx, dry.Run.ID)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(kept, got, cmpopts.IgnoreFields(groupmem.KeptPlan{}, "Run"), cmpopts.EquateEmpty()); diff != "" {
		t.Fatalf("kept plan read back (-kept +read):\n%s", diff)
	}
	if got.Run.Status != groupmem.RunDryRun || got.Run.Fence != dry.Run.Fence || got.Stale {
		t.Fatalf("kept plan's run = %+v, stale %v; want the dry run, not stale", got.Run, got.Stale)
	}
	mustCode(t, l.KeepPlan(ctx, got.Run, &kept), groupmem.ECONFLICT) // its run ended
	if list, err := l.KeptPlans(ctx, groupmem.KeptPlanQuery{GroupID: "g1", Status: groupmem.PlanPreview, Limit: 10}); err != nil || len(list) != 1 {
		t.Fatalf("previews of g1 = %d, %v; want 1", len(list), err)
	}
	for _, q := range []groupmem.KeptPlanQuery{{GroupID: "g2", Limit: 10}, {GroupID: "g1", Status: groupmem.PlanHeld, Limit: 10}} {
		if list, err := l.KeptPlans(ctx, q); err != nil || len(list) != 0 {
			t.Fatalf("KeptPlans(%+v) = %d, %v; want none", q, len(list), err)
		}
	}

	// Committed by a run that directly follows it: marked applied.
	apply := Begin(t, l, "g1")
	apply.Actor, apply.NewWatermark, apply.Report.PlanID = "moderator", kept.NewWatermark, kept.ID
	plan := &groupmem.Plan{Run: apply, Writes: kept.Writes}
	Commit(t, l, plan)
	got, err = l.KeptPlan(ctx, kept.ID)
	if err != nil || got.Status != groupmem.PlanApplied || got.AppliedRun != apply.ID || got.DecidedBy != "moderator" ||
		got.DecidedAt.IsZero() || got.Stale {
		t.Fatalf("plan after its commit = %+v, %v; want applied by moderator in run %s", got, err, apply.ID)
	}
	before := snap(t, l, "g1")
	again := Begin(t, l, "g1")
	again.Report.PlanID = kept.ID
	mustCode(t, l.CommitPlan(ctx, &groupmem.Plan{Run: again, Writes: CreatePlan(again, "a second commit of one plan").Writes}), groupmem.ECONFLICT)
	if after := snap(t, l, "g1"); !cmp.Equal(before, after) {
		t.Fatal("a second commit of one plan wrote something")
	}
	if err := failRun(l, again); err != nil {
		t.Fatal(err)
	}

	// A plan held for review goes stale when a message arrives; it can
	// be rejected once.
	held := keep(t, l, CreatePlan(Begin(t, l, "g1"), "nobody likes Fridays"), msgs[4].Seq, 0, true, now, now.Add(groupmem.PlanLifetime))
	if got, err := l.KeptPlan(ctx, held.ID); err != nil || got.Status != groupmem.PlanHeld || got.Stale {
		t.Fatalf("held plan = %+v, %v; want held, current", got, err)
	}
	if _, err := l.InsertMessages(ctx, []groupmem.Message{{GroupID: "g1", ID: "late", SenderID: "u2", SenderName: "Bo",
		Content: "one more thing", SentAt: t0.Add(time.Hour)}}); err != nil {
		t.Fatal(err)
	}
	if got, err := l.KeptPlan(ctx, held.ID); err != nil || !got.Stale {
		t.Fatalf("held plan after a new message = %+v, %v; want stale", got, err)
	}
	rejected, err := l.RejectPlan(ctx, held.ID, "admin key")
	if err != nil || rejected.Status != groupmem.PlanRejected || rejected.DecidedBy != "admin key" || rejected.Stale {
		t.Fatalf("RejectPlan = %+v, %v", rejected, err)
	}
	_, err = l.RejectPlan(ctx, held.ID, "admin key")
	mustCode(t, err, groupmem.ECONFLICT)

	// A plan made after the last run and message is current; the next
	// run makes it stale.
	fresh := keep(t, l, CreatePlan(Begin(t, l, "g1"), "Bo is back"), msgs[4].Seq, 1, false, time.Time{}, time.Time{})
	if got, _ := l.KeptPlan(ctx, fresh.ID); got.Stale || got.Status != groupmem.PlanPreview ||
		got.CreatedAt.Before(now.Add(-time.Minute)) || !got.ExpiresAt.Equal(got.CreatedAt.Add(groupmem.PlanLifetime)) {
		t.Fatalf("a plan kept without times = %+v; want made now, for PlanLifetime, current", got)
	}
	if err := failRun(l, Begin(t, l, "g1")); err != nil {
		t.Fatal(err)
	}
	if got, _ := l.KeptPlan(ctx, fresh.ID); !got.Stale {
		t.Fatal("a plan with a run begun after it reads current")
	}

	// Expired: neither committed nor rejected.
	old := keep(t, l, CreatePlan(Begin(t, l, "g1"), "an old idea"), msgs[4].Seq, 1, false, now.Add(-25*time.Hour), now.Add(-time.Hour))
	if got, err := l.KeptPlan(ctx, old.ID); err != nil || got.Status != groupmem.PlanExpired || got.Stale {
		t.Fatalf("old plan = %+v, %v; want expired", got, err)
	}
	if list, err := l.KeptPlans(ctx, groupmem.KeptPlanQuery{GroupID: "g1", Status: groupmem.PlanExpired, Limit: 10}); err != nil ||
		len(list) != 1 || list[0].ID != old.ID {
		t.Fatalf("expired plans = %+v, %v; want the old one", list, err)
	}
	_, err = l.RejectPlan(ctx, old.ID, "admin key")
	mustCode(t, err, groupmem.ECONFLICT)
	late := Begin(t, l, "g1")
	late.Report.PlanID = old.ID
	mustCode(t, l.CommitPlan(ctx, &groupmem.Plan{Run: late, Writes: old.Writes}), groupmem.ECONFLICT)

	// Newest first, in pages.
	all, err := l.KeptPlans(ctx, groupmem.KeptPlanQuery{GroupID: "g1", Limit: 10})
	if err != nil || len(all) != 4 {
		t.Fatalf("every plan of g1 = %d, %v; want 4", len(all), err)
	}
	page, err := l.KeptPlans(ctx, groupmem.KeptPlanQuery{GroupID: "g1", Limit: 10, BeforeTime: all[1].CreatedAt, BeforeID: all[1].ID})
	if err != nil || len(page) != 2 || page[0].ID != all[2].ID {
		t.Fatalf("page after the second plan = %d, %v", len(page), err)
	}

	// Bad input changes nothing.
	_, err = l.KeptPlan(ctx, "not-an-id")
	mustCode(t, err, groupmem.EINVALID)
	_, err = l.KeptPlan(ctx, groupmem.NewID())
	mustCode(t, err, groupmem.ENOTFOUND)
	_, err = l.RejectPlan(ctx, groupmem.NewID(), "admin key")
	mustCode(t, err, groupmem.ENOTFOUND)
	_, err = l.KeptPlans(ctx, groupmem.KeptPlanQuery{GroupID: "g1", Status: "maybe", Limit: 10})
	mustCode(t, err, groupmem.EINVALID)
	r := Begin(t, l, "g1")
	bad := groupmem.KeptPlan{ID: r.ID, GroupID: "g1", Status: groupmem.PlanHeld, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
	r.Status = groupmem.RunDryRun
	mustCode(t, l.KeepPlan(ctx, r, &bad), groupmem.EINVALID) // a dry run keeps previews only
	if got, _ := l.Run(ctx, r.ID); got.Status != groupmem.RunRunning {
		t.Fatalf("a refused KeepPlan ended the run: %+v", got)
	}
}

// failRun records run r as failed.
func failRun(l groupmem.Ledger, r groupmem.Run) error {
	r.Status, r.Report.Reason = groupmem.RunFailed, groupmem.FailCommit
	return l.FinishRun(context.Background(), r)
}
