package llmfuse_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/evolve"
	"github.com/groupmem/groupmem/llmfuse"
)

// script is a model that answers from a list, in order, and records the
// prompts it was asked.
type script struct {
	replies []groupmem.Reply
	asked   []string
}

func (s *script) Ask(_ context.Context, _, user string) (groupmem.Reply, error) {
	s.asked = append(s.asked, user)
	if len(s.replies) == 0 {
		return groupmem.Reply{}, fmt.Errorf("no reply scripted for ask %d", len(s.asked))
	}
	r := s.replies[0]
	s.replies = s.replies[1:]
	r.Attempts = []groupmem.Attempt{{Status: "200", Finish: r.Finish}}
	return r, nil
}

func (s *script) Model() string { return "scripted" }

func answer(text string) groupmem.Reply { return groupmem.Reply{Text: text, Finish: "stop"} }

func messages(n int) []groupmem.Message {
	out := make([]groupmem.Message, n)
	at := time.Date(2026, 11, 20, 20, 0, 0, 0, time.UTC)
	for i := range out {
		out[i] = groupmem.Message{GroupID: "g", ID: fmt.Sprintf("x%d", i), Seq: int64(i + 1), SenderID: "ann", SenderName: "Ann",
			Content: fmt.Sprintf("chess club line %d", i), SentAt: at.Add(time.Duration(i) * time.Minute)}
	}
	return out
}

func fuse(t *testing.T, model *script, msgs []groupmem.Message) (evolve.Fusion, error) {
	t.Helper()
	f, err := llmfuse.New(model, llmfuse.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return evolve.Fuse(context.Background(), f, evolve.Config{}, evolve.Input{Run: groupmem.Run{GroupID: "g"}, Messages: msgs, Now: msgs[len(msgs)-1].SentAt.Add(time.Hour)})
}

func outcomes(f evolve.Fusion) string {
	var out []string
	for _, a := range f.Plan.Run.Report.Attempts {
		out = append(out, a.Outcome)
	}
	return strings.Join(out, " ")
}

// An answer with no usable line is asked again, and the next one applies.
func TestReaskThenApply(t *testing.T) {
	model := &script{replies: []groupmem.Reply{answer("I could not find anything."),
		answer(`{"action":"create","statement":"Members play chess every Wednesday evening","evidence":["m1"]}`)}}
	f, err := fuse(t, model, messages(3))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Plan.New) != 1 || f.Calls != 2 || outcomes(f) != "reasked applied" {
		t.Errorf("fusion: %d new, %d passes, outcomes %q; want one memory after a re-ask", len(f.Plan.New), f.Calls, outcomes(f))
	}
	if len(model.asked) != 2 || model.asked[1] == model.asked[0] {
		t.Errorf("the re-ask must say why it asks again")
	}
}

// An answer the token limit cut is never applied: its pass is asked again
// in two halves.
func TestCutAnswerSplitsThePass(t *testing.T) {
	model := &script{replies: []groupmem.Reply{
		{Text: `{"action":"create","statement":"Members play chess"}` + "\n" + `{"action":"create","statement":"Members pl`, Finish: "length"},
		answer(`{"action":"keep"}`), answer(`{"action":"keep"}`),
	}}
	f, err := fuse(t, model, messages(4))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Plan.New) != 0 || f.Calls != 3 || outcomes(f) != "split applied applied" {
		t.Errorf("fusion: %d new, %d passes, outcomes %q; want nothing of the cut answer and two halves", len(f.Plan.New), f.Calls, outcomes(f))
	}
}

// Answers that never hold a valid line fail the fusion, with the reason
// the run records and a code that blames no caller.
func TestUnusableAnswersFail(t *testing.T) {
	model := &script{replies: []groupmem.Reply{answer("no"), answer("still no"), answer("<html>502</html>")}}
	f, err := fuse(t, model, messages(2))
	if groupmem.FailReason(err, "") != groupmem.FailAnswerUnusable || groupmem.ErrorCode(err) != groupmem.EUNAVAILABLE {
		t.Fatalf("err = %v (reason %q), want answer_unusable, unavailable", err, groupmem.FailReason(err, ""))
	}
	if len(f.Plan.New) != 0 || f.Plan.Run.Report.Answer == "" {
		t.Errorf("fusion = %d new, answer excerpt %q; want nothing and the last answer kept", len(f.Plan.New), f.Plan.Run.Report.Answer)
	}
}
