package worker_test

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/embed"
	"github.com/groupmem/groupmem/evolve"
	"github.com/groupmem/groupmem/llm"
	"github.com/groupmem/groupmem/llm/llmtest"
	"github.com/groupmem/groupmem/llmfuse"
	"github.com/groupmem/groupmem/store/inmem"
	"github.com/groupmem/groupmem/store/sqlite"
	"github.com/groupmem/groupmem/worker"
)

// stack is a Service on one configuration, asking a scripted model whose
// answers a test queues.
type stack struct {
	ledger groupmem.Ledger
	svc    *worker.Service
	model  *llmtest.Server

	mu     sync.Mutex
	script []llmtest.Reply
}

// stacks builds the two configurations a run can have: the server one
// (Postgres, Redis, Qdrant's gRPC API) and the embedded default (SQLite,
// in-process lock and index).
func stacks(t *testing.T, cfg evolve.Config) map[string]*stack {
	t.Helper()
	out := map[string]*stack{}
	srv := newStores(t)
	out["postgres+redis"] = newStack(t, srv.ledger, srv.index, srv.locker, cfg)
	lite, err := sqlite.Open(context.Background(), sqlite.Config{Path: filepath.Join(t.TempDir(), "g.db")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lite.Close() })
	idx, err := inmem.NewIndex(dim)
	if err != nil {
		t.Fatal(err)
	}
	out["embedded"] = newStack(t, lite, idx, inmem.NewLocker(), cfg)
	return out
}

func newStack(t *testing.T, l groupmem.Ledger, x groupmem.Index, lk groupmem.Locker, cfg evolve.Config) *stack {
	t.Helper()
	s := &stack{ledger: l}
	s.model = llmtest.New(t, llmtest.WithHandler(func(llmtest.Request) llmtest.Reply {
		s.mu.Lock()
		defer s.mu.Unlock()
		if len(s.script) == 0 {
			return llmtest.Reply{Status: 500, Text: "no reply scripted"}
		}
		r := s.script[0]
		s.script = s.script[1:]
		return r
	}))
	chat, err := llm.NewChat(llm.ChatConfig{BaseURL: s.model.URL(), Model: "scripted", MaxRetries: -1, Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	cfg.Lang = "en"
	fuser, err := llmfuse.New(chat, llmfuse.Config{Lang: cfg.Lang})
	if err != nil {
		t.Fatal(err)
	}
	emb, err := embed.NewHashing(dim)
	if err != nil {
		t.Fatal(err)
	}
	s.svc = worker.New(worker.Deps{Ledger: l, Index: x, Locker: lk, Embedder: emb, Fuser: fuser,
		Now: func() time.Time { return night }}, worker.Config{Evolve: cfg})
	return s
}

func (s *stack) queue(replies ...llmtest.Reply) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.script = append(s.script, replies...)
}

func (s *stack) left() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.script)
}

func (s *stack) say(t *testing.T, g string, n int) {
	t.Helper()
	var msgs []groupmem.Message
	for i := range n {
		msgs = append(msgs, groupmem.Message{GroupID: g, ID: g + "-" + string(rune('a'+i)), SenderID: "ann", SenderName: "ann",
			Content: "we play chess every wednesday evening", SentAt: night.Add(-time.Duration(n-i) * time.Minute)})
	}
	if _, err := s.ledger.InsertMessages(context.Background(), msgs); err != nil {
		t.Fatal(err)
	}
}

// unusable are answers with no valid action line, as providers return
// them.
var unusable = []struct {
	name   string
	reply  llmtest.Reply
	reason string
}{
	{"prose only", llmtest.Reply{Text: "I looked at the chat and nothing here needs to change, as far as I can tell."}, groupmem.FailAnswerUnusable},
	{"empty", llmtest.Reply{Text: ""}, groupmem.FailAnswerUnusable},
	{"content filter", llmtest.Reply{Text: "", FinishReason: "content_filter"}, groupmem.FailContentFilter},
	{"HTML error page", llmtest.Reply{Text: "<html><head><title>502 Bad Gateway</title></head>\n<body><h1>Bad Gateway</h1>\n<p>upstream \"model\" failed</p></body></html>"}, groupmem.FailAnswerUnusable},
	{"JSON of another schema", llmtest.Reply{Text: `{"memories":[{"text":"chess on wednesday"}],"ok":true}` + "\n" + `{"result": "success"}`}, groupmem.FailAnswerUnusable},
	{"only invented ids and empty statements", llmtest.Reply{Text: `{"action":"delete","id":"M42"}` + "\n" + `{"action":"create","statement":"Null"}` + "\n" + `{"action":"create","statement":"2"}`}, groupmem.FailAnswerUnusable},
}

// Guarantee 6, through the whole service on both configurations: an
// answer with no usable action line fails the run with its reason after
// the re-asks, the watermark stays where it was, and the next good answer
// fuses the same messages.
func TestUnusableAnswerCostsNoMessage(t *testing.T) {
	ctx := context.Background()
	for name, s := range stacks(t, evolve.Config{Reasks: 1}) {
		for i, u := range unusable {
			t.Run(name+"/"+u.name, func(t *testing.T) {
				g := "unusable-" + string(rune('a'+i))
				s.say(t, g, 3)
				s.queue(u.reply, u.reply) // the answer and the re-ask's
				res, err := s.svc.Evolve(ctx, g, worker.Options{Trigger: groupmem.TriggerCron})
				if err == nil || res.Status != groupmem.RunFailed {
					t.Fatalf("Evolve = %s, %v; want a failed run", res.Status, err)
				}
				if strings.Contains(err.Error(), "EOF") || groupmem.ErrorCode(err) == groupmem.EINTERNAL {
					t.Errorf("error %v: want the reason in the caller's terms", err)
				}
				run, err := s.ledger.Run(ctx, res.RunID)
				if err != nil {
					t.Fatal(err)
				}
				rep := run.Report
				if run.Status != groupmem.RunFailed || rep.Reason != u.reason || run.NewWatermark != run.Watermark || rep.Answers != 2 {
					t.Fatalf("run %s: reason %q, watermark %d -> %d, %d answers; want %s, unmoved, 2 answers",
						run.Status, rep.Reason, run.Watermark, run.NewWatermark, rep.Answers, u.reason)
				}
				if len(rep.Attempts) != 2 || rep.Attempts[0].Outcome != groupmem.OutcomeReasked || rep.Attempts[1].Outcome != u.reason {
					t.Errorf("attempts %+v: want one re-asked, then %s", rep.Attempts, u.reason)
				}
				if u.reply.Text != "" && !strings.HasPrefix(u.reply.Text, rep.Answer[:min(len(rep.Answer), 20)]) {
					t.Errorf("recorded answer %q: want the start of the model's answer", rep.Answer)
				}
				if sum := rep.Applied + rep.Kept + groupmem.Total(rep.Drops) + groupmem.Total(rep.Ignored); sum != rep.Entries {
					t.Errorf("report %+v: buckets add up to %d, not the %d entries", rep, sum, rep.Entries)
				}

				s.queue(llmtest.Reply{Text: `{"action":"create","statement":"Members play chess every Wednesday evening","evidence":["m1","m2","m3"]}`})
				res, err = s.svc.Evolve(ctx, g, worker.Options{Trigger: groupmem.TriggerCron})
				if err != nil || res.Status != groupmem.RunSucceeded || res.Messages != 3 || res.Stats.Created != 1 {
					t.Fatalf("next run = %+v, %v; want the same 3 messages fused into 1 memory", res, err)
				}
				if got := res.New[0].Evidence; len(got) != 3 || got[0] != g+"-a" {
					t.Errorf("evidence %v: want the three messages the failed run left", got)
				}
			})
		}
		if n := s.left(); n != 0 {
			t.Errorf("%s: %d scripted answers left unread", name, n)
		}
	}
}

// A lone keep, or keep lines only, is a valid answer: the run succeeds and
// the watermark moves.
func TestKeepOnlyAnswerSucceeds(t *testing.T) {
	ctx := context.Background()
	for name, s := range stacks(t, evolve.Config{}) {
		t.Run(name, func(t *testing.T) {
			s.say(t, "calm", 2)
			s.queue(llmtest.Reply{Text: "Nothing new.\n" + `{"action":"keep"}`})
			res, err := s.svc.Evolve(ctx, "calm", worker.Options{Trigger: groupmem.TriggerCron})
			if err != nil || res.Status != groupmem.RunSucceeded || res.Report.Kept != 1 || res.Report.Answers != 1 {
				t.Fatalf("Evolve = %+v, %v; want a succeeded run of one answer that kept", res, err)
			}
			run, _ := s.ledger.Run(ctx, res.RunID)
			if run.NewWatermark <= run.Watermark {
				t.Errorf("watermark %d -> %d: want it past the fused messages", run.Watermark, run.NewWatermark)
			}
		})
	}
}

// An answer the token limit cut is never applied: its pass is split and
// asked again, and when even one message cannot be answered the run fails
// with answer_cut and keeps the watermark.
func TestCutAnswerSplitsThePass(t *testing.T) {
	ctx := context.Background()
	good := func(st string) llmtest.Reply {
		return llmtest.Reply{Text: `{"action":"create","statement":"` + st + `"}`}
	}
	cut := llmtest.Reply{FinishReason: "length", Text: `{"action":"create","statement":"Members play chess"}` + "\n" + `{"action":"create","statement":"Members pl`}
	for name, s := range stacks(t, evolve.Config{MaxSplits: 1}) {
		t.Run(name, func(t *testing.T) {
			s.say(t, "long", 4)
			s.queue(cut, good("Members play chess every Wednesday"), good("Members meet on Wednesday evenings"))
			res, err := s.svc.Evolve(ctx, "long", worker.Options{Trigger: groupmem.TriggerCron})
			if err != nil || res.Status != groupmem.RunSucceeded || res.Messages != 4 || res.Stats.Created != 2 {
				t.Fatalf("Evolve = %+v, %v; want 4 messages fused in two halves, 2 created", res, err)
			}
			rep := res.Report
			if rep.Drops[evolve.DropAnswerCut] != 1 || rep.Drops[llmfuse.DropTruncated] != 1 || rep.Applied != 2 || rep.Attempts[0].Outcome != groupmem.OutcomeSplit {
				t.Errorf("report %+v: want the cut answer's action dropped as answer_cut, its last line truncated", rep)
			}
			for _, m := range res.New {
				if m.Statement == "Members play chess" {
					t.Errorf("a line of the cut answer was applied: %q", m.Statement)
				}
			}

			s.say(t, "cut", 2)
			s.queue(cut, cut) // two messages, then the first of the halves
			res, err = s.svc.Evolve(ctx, "cut", worker.Options{Trigger: groupmem.TriggerCron})
			if err == nil || res.Status != groupmem.RunFailed {
				t.Fatalf("Evolve = %s, %v; want failed", res.Status, err)
			}
			run, _ := s.ledger.Run(ctx, res.RunID)
			if run.Report.Reason != groupmem.FailAnswerCut || run.NewWatermark != run.Watermark || run.Report.Answers != 2 || s.left() != 0 {
				t.Errorf("run: reason %q, watermark %d -> %d, %d answers; want answer_cut after one split, watermark kept",
					run.Report.Reason, run.Watermark, run.NewWatermark, run.Report.Answers)
			}
		})
	}
}

// Every model attempt, retried ones included, is in the run record with
// its status and wait.
func TestRunRecordsEveryModelAttempt(t *testing.T) {
	h := newHarness(t)
	chat, err := llm.NewChat(llm.ChatConfig{BaseURL: h.model.URL(), Model: "scripted", MaxRetries: 2, BaseBackoff: time.Millisecond, MaxBackoff: 5 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	cfg := evolve.Config{Lang: "en"}
	fuser, err := llmfuse.New(chat, llmfuse.Config{Lang: cfg.Lang})
	if err != nil {
		t.Fatal(err)
	}
	svc := worker.New(worker.Deps{Ledger: h.ledger, Index: h.index, Locker: h.locker, Embedder: h.embedder, Fuser: fuser,
		Logger: h.log, Now: func() time.Time { return night }}, worker.Config{Evolve: cfg})
	h.say(t, "g", "ann: chess on wednesday")
	h.model.Enqueue(llmtest.Reply{Status: 429, RetryAfter: "0"}, llmtest.Reply{Status: 503},
		llmtest.Reply{Text: `{"action":"keep"}`, PromptTokens: 120, CompletionTokens: 5})
	res, err := svc.Evolve(context.Background(), "g", worker.Options{Trigger: groupmem.TriggerCLI})
	if err != nil {
		t.Fatal(err)
	}
	run, _ := h.ledger.Run(context.Background(), res.RunID)
	a := run.Report.Attempts
	if len(a) != 3 || a[0].Status != "429" || a[1].Status != "503" || a[2].Status != "200" || a[2].Tokens.Prompt != 120 ||
		a[2].Outcome != groupmem.OutcomeApplied || a[0].Pass != 1 {
		t.Fatalf("attempts %+v: want 429, 503, then 200 with its tokens, all of pass 1", a)
	}
}

// A run that cannot take every message says how many wait for the next
// one, in its result and its record.
func TestRunCountsWhatItLeavesForLater(t *testing.T) {
	h := newHarness(t)
	svc := h.service(t, h.locker, worker.Config{MaxRunMessages: 2})
	h.say(t, "g", "ann: chess on wednesday", "bob: and on friday", "cat: friday suits me", "dan: me too", "eve: see you")
	h.answer(func(map[string]string) string { return `{"action":"keep"}` })
	res, err := svc.Evolve(context.Background(), "g", worker.Options{Trigger: groupmem.TriggerCLI})
	if err != nil || res.Messages != 2 || res.Pending != 3 || res.Skipped != 0 {
		t.Fatalf("Evolve = %d fused, %d pending, %d skipped, %v; want 2, 3, 0", res.Messages, res.Pending, res.Skipped, err)
	}
	run, _ := h.ledger.Run(context.Background(), res.RunID)
	if run.Report.Pending != 3 {
		t.Errorf("run record says %d pending, want 3", run.Report.Pending)
	}
}
