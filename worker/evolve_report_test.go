package worker_test

import (
	"context"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/evolve"
	"github.com/groupmem/groupmem/llm"
	"github.com/groupmem/groupmem/llmfuse"
	"github.com/groupmem/groupmem/metrics"
	"github.com/groupmem/groupmem/worker"
)

// What the model said that was not an action is reported with its line
// and counted as dropped, in the run record and in the dropped-actions
// metric: prose under its own reason, beside the pieces of JSON and
// broken objects; only structure (fences, brackets) and reasoning are
// ignored.
func TestProseIsDroppedWithItsLine(t *testing.T) {
	h := newHarness(t)
	reg := metrics.New(nil)
	chat, err := llm.NewChat(llm.ChatConfig{BaseURL: h.model.URL(), Model: "scripted", MaxRetries: -1, Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	fuser, err := llmfuse.New(chat, llmfuse.Config{Lang: "en"})
	if err != nil {
		t.Fatal(err)
	}
	svc := worker.New(worker.Deps{Ledger: h.ledger, Index: h.index, Locker: h.locker, Embedder: h.embedder, Fuser: fuser,
		Logger: h.log, Observer: reg, Now: func() time.Time { return night }}, worker.Config{})
	h.say(t, "g", "ann: chess on wednesday", "bob: wednesday at seven")
	h.answer(func(map[string]string) string {
		return "Here is what changed:\n```json\n" +
			`{"action":"create","statement":"Members play chess on Wednesday evenings"}` + "\n" +
			"```{\"note\":\"x\"}```\n" +
			"```\nThat is all.\n<think>\nchecked\n</think>"
	})
	res, err := svc.Evolve(context.Background(), "g", worker.Options{Trigger: groupmem.TriggerCLI})
	if err != nil || res.Status != groupmem.RunSucceeded {
		t.Fatalf("Evolve = %s, %v; want succeeded", res.Status, err)
	}
	run, err := h.ledger.Run(context.Background(), res.RunID)
	if err != nil {
		t.Fatal(err)
	}
	rep := run.Report
	var prose []int
	for _, d := range rep.Dropped {
		if d.Reason == llmfuse.DropProse {
			prose = append(prose, d.Line)
		}
	}
	if len(prose) != 2 || prose[0] != 1 || prose[1] != 6 || rep.Drops[llmfuse.DropProse] != 2 || rep.Drops[evolve.DropUnknownAction] != 1 {
		t.Errorf("report drops %v, prose on lines %v; want prose dropped on lines 1 and 6, the one-line fenced object as unknown_action",
			rep.Drops, prose)
	}
	if rep.Ignored[llmfuse.IgnoreStructure] != 2 || rep.Ignored[llmfuse.IgnoreReasoning] != 3 || len(rep.Ignored) != 2 {
		t.Errorf("ignored %v: want only the two fences and the three lines of reasoning", rep.Ignored)
	}
	if got := gathered(t, reg, "groupmem_model_actions_dropped_total"); got != 3 {
		t.Errorf("groupmem_model_actions_dropped_total = %v, want 3 (two prose lines and the unknown action)", got)
	}
}

// gathered returns the value of the counter name in reg.
func gathered(t *testing.T, reg *metrics.Registry, name string) float64 {
	t.Helper()
	fams, err := reg.Gatherer().Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fams {
		if f.GetName() == name {
			var sum float64
			for _, m := range f.GetMetric() {
				sum += m.GetCounter().GetValue()
			}
			return sum
		}
	}
	t.Fatalf("metric %s not gathered", name)
	return 0
}
