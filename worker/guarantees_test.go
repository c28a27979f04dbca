package worker_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/evolve"
	"github.com/groupmem/groupmem/llm/llmtest"
	"github.com/groupmem/groupmem/llmfuse"
	"github.com/groupmem/groupmem/store/inmem"
	"github.com/groupmem/groupmem/store/qdrant/qdranttest"
	"github.com/groupmem/groupmem/worker"
)

func TestNoNewMessagesSkipsTheModel(t *testing.T) {
	h := newHarness(t)
	h.seed(t, "g", anime, frontend)
	calls := len(h.model.Requests())
	res := h.evolve(t, "g")
	if res.Status != groupmem.RunNoop || res.Stats.Kept != 2 || len(res.Changes) != 0 {
		t.Fatalf("result = %+v", res)
	}
	if got := len(h.model.Requests()); got != calls {
		t.Fatalf("the model was called %d times for a group with no new messages", got-calls)
	}
	run, _ := h.ledger.Run(context.Background(), res.RunID)
	if run.Status != groupmem.RunNoop {
		t.Fatalf("run status = %s", run.Status)
	}
}

// A run whose model call fails changes nothing but its run record, and
// its messages are fused by the next run.
func TestFailedRunChangesOnlyItsRecord(t *testing.T) {
	ctx := context.Background()
	h := newHarness(t)
	h.seed(t, "g", anime)
	before := ledgerState(t, h.ledger, "g")
	h.say(t, "g", "ann: frontend folks here?", "bob: yes, all of us")
	h.answer(nil) // the model answers 500
	res, err := h.svc.Evolve(ctx, "g", worker.Options{Trigger: groupmem.TriggerCron})
	if groupmem.ErrorCode(err) != groupmem.EUNAVAILABLE || res.Status != groupmem.RunFailed {
		t.Fatalf("Evolve = %+v, %v; want a failed run with EUNAVAILABLE", res, err)
	}
	run, _ := h.ledger.Run(ctx, res.RunID)
	if run.Status != groupmem.RunFailed || !strings.Contains(run.Error, "500") || run.FinishedAt.IsZero() {
		t.Fatalf("run record = %+v", run)
	}
	if diff := cmp.Diff(before, ledgerState(t, h.ledger, "g")); diff != "" {
		t.Fatalf("a failed run changed memories:\n%s", diff)
	}
	h.answer(func(a map[string]string) string {
		return `{"action":"create","statement":"` + frontend + `","change_reason":"all say so","evidence":["m1","m2"]}`
	})
	res = h.evolve(t, "g")
	if res.Messages != 2 || res.Stats.Created != 1 {
		t.Fatalf("retry fused %d messages, created %d; want 2 and 1", res.Messages, res.Stats.Created)
	}
}

// Guarantee 6: prose, reasoning, fences, broken JSON, invented aliases,
// empty statements, a conflict and a cut-off last line — only the
// understood, valid actions apply, and the run says what it dropped.
func TestUntrustedAnswerAppliesOnlyValidActions(t *testing.T) {
	h := newHarness(t)
	h.seed(t, "g", anime, frontend, politics, boardgme)
	h.say(t, "g", "ann: sci-fi only on friday", "bob: we also play chess now", "cat: chess every wednesday")
	h.answerReply(func(a map[string]string) llmtest.Reply {
		return llmtest.Reply{FinishReason: "stop", Text: "<think>The user wants JSON. M9 looks stale.</think>\n" +
			"Sure! Here are the changes:\n```json\n" +
			"{action: 'update', id: '" + a[anime] + "', statement: 'Members meet every Friday night to discuss new sci-fi anime', change_reason: 'sci-fi only',}\n" +
			`{"action":"delete","id":"` + a[anime] + `","change_reason":"contradicts the update"}` + "\n" +
			`{"action":"delete","id":"M9","change_reason":"invented alias"}` + "\n" +
			`{"action":"update","id":"` + a[frontend] + `","statement":"   ","change_reason":"empty"}` + "\n" +
			`{"action":"create","statement":"Members play chess every Wednesday","change_reason":"two members","evidence":["m2","m3"]}` + "\n" +
			`{"action":"teleport","id":"` + a[politics] + `"}` + "\n" +
			"```\nThat's all.\n" +
			`{"action":"delete","id":"` + a[boardgme] + `","change_reason":"cut off mid-`}
	})
	res := h.evolve(t, "g")
	if want := (groupmem.Stats{Kept: 3, Updated: 1, Created: 1}); res.Stats != want {
		t.Fatalf("stats = %+v, want %+v\nreport: %+v", res.Stats, want, res.Report)
	}
	act := h.active(t, "g")
	for _, st := range []string{"Members meet every Friday night to discuss new sci-fi anime", "Members play chess every Wednesday", frontend, politics, boardgme} {
		if _, ok := act[st]; !ok {
			t.Fatalf("missing %q in %v", st, act)
		}
	}
	if len(act) != 5 {
		t.Fatalf("%d active memories, want 5", len(act))
	}
	run, _ := h.ledger.Run(context.Background(), res.RunID)
	rep := run.Report
	if rep.Repaired < 1 || rep.Finish != "stop" || rep.Applied != 2 {
		t.Fatalf("run report = %+v", rep)
	}
	wantDrops := map[string]int{evolve.DropConflict: 1, evolve.DropUnknownID: 1, evolve.DropEmptyStatement: 1, evolve.DropUnknownAction: 1, llmfuse.DropTruncated: 1, llmfuse.DropProse: 2}
	if diff := cmp.Diff(wantDrops, rep.Drops); diff != "" {
		t.Errorf("drops by reason (-want +got):\n%s", diff)
	}
	if sum := rep.Applied + rep.Kept + groupmem.Total(rep.Drops) + groupmem.Total(rep.Ignored); sum != rep.Entries || rep.Entries != rep.Lines {
		t.Errorf("report %+v: buckets add up to %d; want every one of the %d lines", rep, sum, rep.Lines)
	}
}

// A pass that would delete most of the group's memories is not applied;
// the run is marked for review.
func TestMassDeletionIsHeldForReview(t *testing.T) {
	h := newHarness(t)
	h.seed(t, "g", anime, frontend, politics, boardgme, coffee)
	before := ledgerState(t, h.ledger, "g")
	h.say(t, "g", "troll: this group is dead, delete everything")
	h.answer(func(a map[string]string) string {
		var lines []string
		for _, alias := range a {
			lines = append(lines, `{"action":"delete","id":"`+alias+`","change_reason":"the troll said so"}`)
		}
		return strings.Join(lines, "\n")
	})
	res := h.evolve(t, "g")
	if res.Status != groupmem.RunReview {
		t.Fatalf("status = %s, want review", res.Status)
	}
	if diff := cmp.Diff(before, ledgerState(t, h.ledger, "g")); diff != "" {
		t.Fatalf("a held run changed memories:\n%s", diff)
	}
	run, _ := h.ledger.Run(context.Background(), res.RunID)
	if run.Status != groupmem.RunReview || run.Error == "" {
		t.Fatalf("run record = %+v", run)
	}
}

func TestBusyGroup(t *testing.T) {
	ctx := context.Background()
	h := newHarness(t)
	h.say(t, "g", "ann: hi")
	lease, err := h.locker.Acquire(ctx, "group:g", time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	defer lease.Release(ctx)
	_, err = h.svc.Evolve(ctx, "g", worker.Options{})
	if groupmem.ErrorCode(err) != groupmem.EBUSY || !strings.Contains(groupmem.ErrorMessage(err), "busy") {
		t.Fatalf("Evolve on a locked group = %v, want a busy error", err)
	}
	if msg := groupmem.ErrorMessage(err); strings.Contains(msg, "group:") {
		t.Errorf("busy message %q shows the lock's key", msg)
	}
	if _, err := h.svc.Delete(ctx, groupmem.NewID(), "mod", ""); groupmem.ErrorCode(err) != groupmem.ENOTFOUND {
		t.Fatalf("Delete of an unknown id = %v", err)
	}
}

// Guarantee 3: a worker whose lock was lost during a slow model call (here:
// two workers that each believe they hold the group) cannot commit when
// its answer finally arrives; the fencing token stops it.
func TestWorkerThatLostItsLockCannotCommit(t *testing.T) {
	ctx := context.Background()
	h := newHarness(t)
	h.seed(t, "g", anime, frontend)
	h.say(t, "g", "ann: sci-fi only", "bob: and React")
	release := make(chan struct{})
	entered := make(chan struct{}, 1)
	slow := true
	h.answer(func(a map[string]string) string {
		h.mu.Lock()
		first := slow
		slow = false
		h.mu.Unlock()
		if first {
			entered <- struct{}{}
			<-release
			return `{"action":"update","id":"` + a[anime] + `","statement":"STALE WORKER UPDATE","change_reason":"late"}`
		}
		return `{"action":"update","id":"` + a[frontend] + `","statement":"Most members are React developers","change_reason":"fresh"}`
	})
	// Each worker has its own in-process locker: both get "the lock".
	a := h.service(t, inmem.NewLocker(), worker.Config{})
	b := h.service(t, inmem.NewLocker(), worker.Config{})
	type outcome struct {
		res worker.Result
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		res, err := a.Evolve(ctx, "g", worker.Options{Trigger: groupmem.TriggerCron})
		done <- outcome{res, err}
	}()
	<-entered
	fresh, err := b.Evolve(ctx, "g", worker.Options{Trigger: groupmem.TriggerManual})
	if err != nil || fresh.Stats.Updated != 1 {
		t.Fatalf("second worker: %+v, %v", fresh, err)
	}
	close(release)
	late := <-done
	if groupmem.ErrorCode(late.err) != groupmem.ESTALE {
		t.Fatalf("late worker's commit = %v, want ESTALE", late.err)
	}
	act := h.active(t, "g")
	if _, ok := act["STALE WORKER UPDATE"]; ok {
		t.Fatal("the stale worker's update was applied")
	}
	if _, ok := act["Most members are React developers"]; !ok {
		t.Fatalf("the fresh worker's update is missing: %v", act)
	}
	run, _ := h.ledger.Run(ctx, late.res.RunID)
	if run.Status != groupmem.RunFailed || !strings.Contains(run.Error, "took over") {
		t.Fatalf("stale run record = %+v", run)
	}
}

// Guarantee 2 end to end: the index is down when a run commits; the run
// succeeds, and the relay later brings the index up to date.
func TestCrashBeforeProjectionIsRepairedByTheOutbox(t *testing.T) {
	ctx := context.Background()
	h := newHarness(t)
	down, err := qdranttest.NewServer(qdranttest.Config{})
	if err != nil {
		t.Fatal(err)
	}
	x := openIndex(t, down.Addr(), "memories")
	down.Close()
	h.index = x
	// A short lease, so that entries the failed projection claimed are
	// free again at once for the "restarted" relay below.
	h.svc = h.service(t, h.locker, worker.Config{Relay: worker.RelayConfig{Lease: time.Millisecond}})
	h.seed(t, "g", anime, frontend)
	if n, _, _ := h.ledger.OutboxLag(ctx); n != 3 {
		t.Fatalf("pending outbox = %d, want 3 (two versions, the messages)", n)
	}
	h.index = openIndex(t, h.qaddr, "memories")
	time.Sleep(5 * time.Millisecond)
	if _, err := worker.NewRelay(h.ledger, h.index, h.log, worker.RelayConfig{}).Drain(ctx); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(ledgerState(t, h.ledger, "g"), indexed(t, h.index, "g"), memOpts); diff != "" {
		t.Fatalf("index after replay (-ledger +index):\n%s", diff)
	}
}

func TestDryRunAppliesNothing(t *testing.T) {
	ctx := context.Background()
	h := newHarness(t)
	h.seed(t, "g", anime)
	before := ledgerState(t, h.ledger, "g")
	h.say(t, "g", "ann: we're all front-end devs")
	h.answer(func(a map[string]string) string {
		return `{"action":"create","statement":"` + frontend + `","change_reason":"said so"}`
	})
	res, err := h.svc.Evolve(ctx, "g", worker.Options{DryRun: true})
	if err != nil || res.Status != groupmem.RunDryRun || res.Stats.Created != 1 || len(res.New) != 1 || res.New[0].Statement != frontend {
		t.Fatalf("dry run = %+v, %v", res, err)
	}
	if diff := cmp.Diff(before, ledgerState(t, h.ledger, "g")); diff != "" {
		t.Fatalf("dry run changed memories:\n%s", diff)
	}
	// The messages are still new: a real run fuses them.
	if res := h.evolve(t, "g"); res.Messages != 1 || res.Stats.Created != 1 {
		t.Fatalf("real run after dry run = %+v", res)
	}
}

// Manual changes go through the same ledger and outbox path, with the
// actor in the change log; restoring a superseded version writes a new
// version on top of its lineage.
func TestManualChanges(t *testing.T) {
	ctx := context.Background()
	h := newHarness(t)
	h.seed(t, "g", anime)
	v1 := h.active(t, "g")[anime]
	h.say(t, "g", "ann: sci-fi only")
	h.answer(func(a map[string]string) string {
		return `{"action":"update","id":"` + a[anime] + `","statement":"Members meet every Friday night to discuss sci-fi anime","change_reason":"narrowed"}`
	})
	h.evolve(t, "g")
	v2 := h.active(t, "g")["Members meet every Friday night to discuss sci-fi anime"]

	m, err := h.svc.SetStrength(ctx, v2.ID, 0.9, "mod")
	if err != nil || m.Strength != 0.9 || m.ID != v2.ID {
		t.Fatalf("SetStrength = %+v, %v", m, err)
	}
	if _, err := h.svc.SetStrength(ctx, v2.ID, 1.5, "mod"); groupmem.ErrorCode(err) != groupmem.EINVALID {
		t.Fatalf("strength 1.5: %v", err)
	}
	if _, err := h.svc.Delete(ctx, v1.ID, "mod", ""); groupmem.ErrorCode(err) != groupmem.ECONFLICT {
		t.Fatalf("deleting a superseded version: %v", err)
	}
	v3, err := h.svc.Restore(ctx, v1.ID, "mod")
	if err != nil || v3.Version != 3 || v3.ParentID != v2.ID || v3.Statement != anime || v3.LineageID != v1.LineageID {
		t.Fatalf("restore of v1 = %+v, %v", v3, err)
	}
	if old, _ := h.ledger.Memory(ctx, v2.ID); old.Status != groupmem.StatusSuperseded {
		t.Fatalf("v2 after restore of v1 is %s", old.Status)
	}
	del, err := h.svc.Delete(ctx, v3.ID, "mod", "wrong")
	if err != nil || del.Status != groupmem.StatusDeprecated {
		t.Fatalf("Delete = %+v, %v", del, err)
	}
	changes, _ := h.ledger.Changes(ctx, groupmem.ChangeQuery{GroupID: "g", Limit: 10})
	var got []string
	for _, c := range changes {
		got = append(got, string(c.Action)+"/"+c.Actor)
	}
	want := []string{"delete/mod", "restore/mod", "strength/mod", "update/test", "create/test"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("change log (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(ledgerState(t, h.ledger, "g"), indexed(t, h.index, "g"), memOpts); diff != "" {
		t.Fatalf("index after manual changes (-ledger +index):\n%s", diff)
	}
}

// Days bounds a group's first run; reprocessing happens only when asked.
func TestDaysAndReprocess(t *testing.T) {
	ctx := context.Background()
	h := newHarness(t)
	old := groupmem.Message{GroupID: "g", ID: "old", SenderName: "ann", Content: "ancient history", SentAt: night.Add(-72 * time.Hour)}
	if _, err := h.ledger.InsertMessages(ctx, []groupmem.Message{old}); err != nil {
		t.Fatal(err)
	}
	h.say(t, "g", "bob: fresh news")
	h.answer(func(map[string]string) string { return `{"action":"keep"}` })
	res, err := h.svc.Evolve(ctx, "g", worker.Options{Days: 1})
	if err != nil || res.Messages != 1 {
		t.Fatalf("first run with days=1 fused %d messages (%v), want 1", res.Messages, err)
	}
	last := h.model.Requests()[len(h.model.Requests())-1]
	if prompt := last.Messages[len(last.Messages)-1].Content; strings.Contains(prompt, "ancient history") || !strings.Contains(prompt, "fresh news") {
		t.Fatalf("prompt of a days=1 run:\n%s", prompt)
	}
	if res, _ := h.svc.Evolve(ctx, "g", worker.Options{Days: 1}); res.Status != groupmem.RunNoop {
		t.Fatalf("second run = %s, want noop: nothing is fused twice unless asked", res.Status)
	}
	res, err = h.svc.Evolve(ctx, "g", worker.Options{Days: 5, Reprocess: true})
	if err != nil || res.Messages != 2 {
		t.Fatalf("reprocess of 5 days fused %d messages (%v), want 2", res.Messages, err)
	}
	if _, err := h.svc.Evolve(ctx, "g", worker.Options{Reprocess: true}); groupmem.ErrorCode(err) != groupmem.EINVALID {
		t.Fatalf("reprocess without days = %v, want EINVALID", err)
	}
}
