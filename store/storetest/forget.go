package storetest

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/groupmem/groupmem"
)

// testRedactionFencesRuns: a run that began before a redaction (and so may
// have read the text) can never commit after it: it would write a memory
// quoting text that is gone. The commit fails with ESTALE and writes
// nothing; a run begun after the redaction commits.
func testRedactionFencesRuns(t *testing.T, l groupmem.Ledger) {
	ctx := context.Background()
	if _, err := l.InsertMessages(ctx, Msgs("g1", "m", 3)); err != nil {
		t.Fatal(err)
	}
	stale := Begin(t, l, "g1")
	msgs, err := l.MessagesAfter(ctx, "g1", stale.Watermark, 10)
	if err != nil || len(msgs) != 3 {
		t.Fatalf("messages = %v, %v", msgs, err)
	}
	quote := msgs[1].Content
	before := snap(t, l, "g1")
	if _, err := l.RedactMessage(ctx, "g1", msgs[1].ID, "mod"); err != nil {
		t.Fatal(err)
	}
	redacted := snap(t, l, "g1")
	plan := CreatePlan(stale, "Ann said: "+quote)
	plan.Run.NewWatermark = msgs[2].Seq
	mustCode(t, l.CommitPlan(ctx, plan), groupmem.ESTALE)
	if diff := cmp.Diff(redacted, snap(t, l, "g1")); diff != "" {
		t.Errorf("the stale run wrote:\n%s", diff)
	}
	if redacted.Outbox != before.Outbox+1 || len(redacted.Memories) != 0 {
		t.Errorf("the redaction of a message no memory cites wrote memories or outbox entries beside its one forget entry: %+v", redacted)
	}
	fresh := Begin(t, l, "g1")
	plan = CreatePlan(fresh, "Ann writes messages")
	plan.Run.NewWatermark = msgs[2].Seq
	Commit(t, l, plan)
	for _, m := range snap(t, l, "g1").Memories {
		if strings.Contains(m.Statement, quote) {
			t.Errorf("memory %s quotes the redacted text: %q", m.ID, m.Statement)
		}
	}
}

// testRedactionScrubsRuns: the excerpts of model answers that run reports
// keep lose the text of a redacted message (also where an excerpt was cut
// inside it); other groups' reports keep theirs.
func testRedactionScrubsRuns(t *testing.T, l groupmem.Ledger) {
	ctx := context.Background()
	const text = "my phone number is 555 0199"
	for _, g := range []string{"g1", "g2"} {
		msgs := Msgs(g, "m", 2)
		msgs[0].Content = text
		if _, err := l.InsertMessages(ctx, msgs); err != nil {
			t.Fatal(err)
		}
		run := Begin(t, l, g)
		run.Status = groupmem.RunFailed
		run.Report = groupmem.Report{Reason: groupmem.FailAnswerUnusable, Answer: "Sure! Ann wrote: " + text,
			Dropped: []groupmem.Drop{{Line: 1, Reason: "duplicate", Text: `{"statement":"Ann: my phone number is 5`}}}
		if err := l.FinishRun(ctx, run); err != nil {
			t.Fatal(err)
		}
	}
	r, err := l.RedactMessage(ctx, "g1", "m0", "mod")
	if err != nil {
		t.Fatal(err)
	}
	if r.Rows["evolution_runs"] != 1 {
		t.Errorf("removal rows = %v; want one run report scrubbed", r.Rows)
	}
	for g, leak := range map[string]bool{"g1": false, "g2": true} {
		runs, err := l.Runs(ctx, groupmem.RunQuery{GroupID: g, Limit: 10})
		if err != nil || len(runs) != 1 {
			t.Fatalf("runs of %s = %v, %v", g, runs, err)
		}
		rep := runs[0].Report
		if got := strings.Contains(rep.Answer, "555 0199") || strings.Contains(rep.Dropped[0].Text, "my phone number"); got != leak {
			t.Errorf("report of %s = %+v; holding the text: %v, want %v", g, rep, got, leak)
		}
		if !leak && (rep.Answer != "Sure! Ann wrote: "+groupmem.Redacted || rep.Dropped[0].Reason != "duplicate") {
			t.Errorf("scrubbed report of %s = %+v", g, rep)
		}
	}
}
