package worker_test

import (
	"context"
	"testing"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/evolve"
	"github.com/groupmem/groupmem/llm/llmtest"
	"github.com/groupmem/groupmem/worker"
)

// A run that fails fuses no message: its record and its result say 0
// messages (the field is documented as messages fused), and the messages
// it read are counted as still pending, for the next run, which fuses
// them. On both ledgers.
func TestFailedRunFusesNoMessages(t *testing.T) {
	ctx := context.Background()
	prose := llmtest.Reply{Text: "I read the chat; nothing to add."}
	for name, s := range stacks(t, evolve.Config{Reasks: 1}) {
		t.Run(name, func(t *testing.T) {
			s.say(t, "g", 3)
			s.queue(prose, prose)
			res, err := s.svc.Evolve(ctx, "g", worker.Options{Trigger: groupmem.TriggerCron})
			if err == nil || res.Status != groupmem.RunFailed {
				t.Fatalf("Evolve = %s, %v; want a failed run", res.Status, err)
			}
			if res.Messages != 0 || res.Pending != 3 {
				t.Errorf("result: %d messages fused, %d pending; want 0 fused and the 3 read pending", res.Messages, res.Pending)
			}
			run, err := s.ledger.Run(ctx, res.RunID)
			if err != nil {
				t.Fatal(err)
			}
			if run.Status != groupmem.RunFailed || run.Messages != 0 || run.Report.Pending != 3 || run.NewWatermark != run.Watermark {
				t.Errorf("run record: %s, %d messages fused, %d pending, watermark %d -> %d; want failed, 0 fused, 3 pending, unmoved",
					run.Status, run.Messages, run.Report.Pending, run.Watermark, run.NewWatermark)
			}

			s.queue(llmtest.Reply{Text: `{"action":"create","statement":"Members play chess every Wednesday evening"}`})
			res, err = s.svc.Evolve(ctx, "g", worker.Options{Trigger: groupmem.TriggerCron})
			if err != nil || res.Status != groupmem.RunSucceeded || res.Messages != 3 || res.Pending != 0 {
				t.Fatalf("next run = %s, %d fused, %d pending, %v; want the 3 messages fused", res.Status, res.Messages, res.Pending, err)
			}
			if run, _ := s.ledger.Run(ctx, res.RunID); run.Messages != 3 {
				t.Errorf("the succeeded run's record says %d messages fused, want 3", run.Messages)
			}
		})
	}
}
