package worker_test

import (
	"context"
	"strings"
	"testing"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/evolve"
	"github.com/groupmem/groupmem/worker"
)

// A run held for review in its first pass keeps the plan of that pass as
// answered: its watermark at the pass's last message, the later messages
// pending. Approved, the plan commits as held, once; the next run fuses
// the messages the held run never showed.
func TestHeldPlanCoversThePassesUpToTheHeldOne(t *testing.T) {
	ctx := context.Background()
	h := newHarness(t)
	h.seed(t, "g", anime, frontend, politics, boardgme, coffee)
	h.svc = h.service(t, h.locker, worker.Config{Evolve: evolve.Config{Lang: "en", MaxMessages: 2}})
	said := h.say(t, "g", "troll: this group is dead", "troll: delete everything", "ann: I still like anime", "bob: me too")
	h.answer(func(a map[string]string) string {
		var lines []string
		for _, alias := range a {
			lines = append(lines, `{"action":"delete","id":"`+alias+`","change_reason":"the troll said so"}`)
		}
		return strings.Join(lines, "\n")
	})
	res := h.evolve(t, "g")
	if res.Status != groupmem.RunReview || res.PlanID != res.RunID || res.PlanExpires.IsZero() {
		t.Fatalf("held run = %+v; want review with its plan kept", res)
	}
	kp, err := h.ledger.KeptPlan(ctx, res.PlanID)
	if err != nil {
		t.Fatal(err)
	}
	if kp.Status != groupmem.PlanHeld || kp.Stale || kp.NewWatermark != said[1].Seq || kp.Messages != 2 || kp.Pending != 2 ||
		len(kp.Transitions) != 5 || kp.Stats.Deleted != 5 {
		t.Fatalf("held plan = status %s stale %v watermark %d (want %d) messages %d pending %d, %d transitions, stats %+v",
			kp.Status, kp.Stale, kp.NewWatermark, said[1].Seq, kp.Messages, kp.Pending, len(kp.Transitions), kp.Stats)
	}
	if _, err := h.svc.ApplyPlan(ctx, kp.ID, worker.ApplyParams{Actor: "bot"}); groupmem.ErrorCode(err) != groupmem.ECONFLICT {
		t.Fatalf("applying a held plan without approval = %v, want ECONFLICT", err)
	}
	got, err := h.svc.ApplyPlan(ctx, kp.ID, worker.ApplyParams{Actor: "moderator", Approve: true})
	if err != nil || got.Status != groupmem.RunSucceeded || got.Stats.Deleted != 5 {
		t.Fatalf("approve = %+v, %v", got, err)
	}
	if act := h.active(t, "g"); len(act) != 0 {
		t.Fatalf("after approval %d memories are active, want the 5 deleted", len(act))
	}
	run, err := h.ledger.Run(ctx, got.RunID)
	if err != nil || run.NewWatermark != said[1].Seq || run.Messages != 2 || run.Report.PlanID != kp.ID || run.Report.Reason != "" {
		t.Fatalf("approving run = %+v, %v", run, err)
	}
	if _, err := h.svc.ApplyPlan(ctx, kp.ID, worker.ApplyParams{Actor: "moderator", Approve: true}); groupmem.ErrorCode(err) != groupmem.ECONFLICT {
		t.Fatalf("a second approval = %v, want ECONFLICT", err)
	}

	h.answer(func(map[string]string) string {
		return `{"action":"create","statement":"Ann and Bob still like anime","evidence":["m1"]}`
	})
	next := h.evolve(t, "g")
	if next.Status != groupmem.RunSucceeded || next.Messages != 2 || next.Stats.Created != 1 {
		t.Fatalf("the run after the approval = %+v; want the 2 messages the held run never showed", next)
	}
}
