package worker_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/llm"
	"github.com/groupmem/groupmem/llm/llmtest"
	"github.com/groupmem/groupmem/llmfuse"
	"github.com/groupmem/groupmem/worker"
)

// clock is the simulated time of a test: the night after the messages.
var night = time.Date(2026, 11, 21, 3, 0, 0, 0, time.UTC)

// harness is a Service on real stores, asking the scripted model. The
// model answers from its queue first, then with reply, which a test sets
// to answer from the aliases of the prompt it gets.
type harness struct {
	*stores
	model *llmtest.Server
	svc   *worker.Service

	mu    sync.Mutex
	reply func(alias map[string]string) llmtest.Reply
	said  int // messages said so far, for unique ids

	// scripting is the time the scripted model has spent making up its
	// answers (reading the aliases out of the prompt, building the
	// reply): the stand-in for a model's thinking, which benchmarks of
	// an evolution's own cost leave out.
	scripting atomic.Int64
}

func newHarness(t testing.TB) *harness {
	t.Helper()
	h := &harness{stores: newStores(t)}
	h.model = llmtest.New(t, llmtest.WithHandler(func(r llmtest.Request) llmtest.Reply {
		defer func(start time.Time) { h.scripting.Add(int64(time.Since(start))) }(time.Now())
		h.mu.Lock()
		fn := h.reply
		h.mu.Unlock()
		if fn == nil {
			return llmtest.Reply{Status: 500, Text: "no reply scripted"}
		}
		return fn(aliases(r))
	}))
	h.svc = h.service(t, h.locker, worker.Config{})
	return h
}

// answer makes the model answer every prompt with fn of its aliases; nil
// makes it fail with status 500.
func (h *harness) answer(fn func(alias map[string]string) string) {
	if fn == nil {
		h.answerReply(nil)
		return
	}
	h.answerReply(func(a map[string]string) llmtest.Reply {
		return llmtest.Reply{Text: fn(a), PromptTokens: 900, CompletionTokens: 80}
	})
}

// answerReply is answer with control of the whole reply.
func (h *harness) answerReply(fn func(alias map[string]string) llmtest.Reply) {
	h.mu.Lock()
	h.reply = fn
	h.mu.Unlock()
}

// service builds another Service on the same stores with its own locker.
func (h *harness) service(t testing.TB, locker groupmem.Locker, cfg worker.Config) *worker.Service {
	t.Helper()
	chat, err := llm.NewChat(llm.ChatConfig{BaseURL: h.model.URL(), Model: "scripted", MaxRetries: -1, Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	fuser, err := llmfuse.New(chat, llmfuse.Config{Lang: "en"})
	if err != nil {
		t.Fatal(err)
	}
	return worker.New(worker.Deps{
		Ledger: h.ledger, Index: h.index, Locker: locker, Embedder: h.embedder, Fuser: fuser,
		Logger: h.log, Now: func() time.Time { return night },
	}, cfg)
}

// say stores chat lines of group g, one minute apart on the evening
// before the night; lines are "sender: text".
func (h *harness) say(t *testing.T, g string, lines ...string) []groupmem.Message {
	t.Helper()
	var msgs []groupmem.Message
	base := night.Add(-6 * time.Hour)
	for _, l := range lines {
		h.said++
		sender, text, _ := strings.Cut(l, ": ")
		msgs = append(msgs, groupmem.Message{GroupID: g, ID: fmt.Sprintf("chat-%d", h.said),
			SenderID: sender, SenderName: sender, Content: text, SentAt: base.Add(time.Duration(h.said) * time.Minute)})
	}
	ctx := context.Background()
	if _, err := h.ledger.InsertMessages(ctx, msgs); err != nil {
		t.Fatal(err)
	}
	stored, err := h.ledger.MessagesAfter(ctx, g, 0, 100000)
	if err != nil {
		t.Fatal(err)
	}
	return stored[len(stored)-len(msgs):]
}

func (h *harness) evolve(t *testing.T, g string) worker.Result {
	t.Helper()
	res, err := h.svc.Evolve(context.Background(), g, worker.Options{Trigger: groupmem.TriggerCLI, Actor: "test"})
	if err != nil {
		t.Fatalf("Evolve(%s): %v", g, err)
	}
	return res
}

func (h *harness) active(t *testing.T, g string) map[string]groupmem.Memory {
	t.Helper()
	page, err := h.ledger.Memories(context.Background(), groupmem.MemoryQuery{GroupID: g, Status: groupmem.StatusActive, Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]groupmem.Memory{}
	for _, m := range page.Memories {
		out[m.Statement] = m
	}
	return out
}

var memoryLine = regexp.MustCompile(`(?m)^(M\d+) \(v\d+, [0-9-]+\) (.+)$`)

// aliases maps each memory statement shown in a prompt to its alias.
func aliases(r llmtest.Request) map[string]string {
	out := map[string]string{}
	for _, m := range r.Messages {
		for _, sm := range memoryLine.FindAllStringSubmatch(m.Content, -1) {
			out[sm[2]] = sm[1]
		}
	}
	return out
}

const (
	anime    = "Members meet every Friday night to discuss new anime"
	frontend = "Most members are front-end developers"
	politics = "No politics in this group"
	boardgme = "Plays board games on the first Sunday of the month"
	coffee   = "Members share coffee photos every morning"
)

// seed runs a first evolution that creates the given statements.
func (h *harness) seed(t *testing.T, g string, statements ...string) {
	t.Helper()
	var lines []string
	for _, s := range statements {
		lines = append(lines, fmt.Sprintf(`{"action":"create","statement":%q,"change_reason":"seen for weeks","evidence":["m1"]}`, s))
	}
	h.model.Enqueue(llmtest.Reply{Text: strings.Join(lines, "\n")})
	h.say(t, g, "ann: hello everyone", "bob: hi")
	if res := h.evolve(t, g); res.Stats.Created != len(statements) {
		t.Fatalf("seed created %d, want %d (report %+v)", res.Stats.Created, len(statements), res.Report)
	}
}

// Scenario 1: the first evolution of a group creates version-1 memories
// with no parents, searchable at once.
func TestFirstEvolution(t *testing.T) {
	h := newHarness(t)
	msgs := h.say(t, "group_test_001",
		"ann: 这周五还看新番吗", "bob: 看！我只追科幻的", "cat: I'm a front-end dev, btw", "dan: me too — React mostly")
	h.model.Enqueue(llmtest.Reply{Text: "```json\n" +
		`{"action":"create","statement":"` + anime + `","change_reason":"recurring","evidence":["m1","m2"]}` + "\n" +
		`{"action":"create","statement":"` + frontend + `","change_reason":"self-introductions","evidence":["m3","m4"]}` + "\n```",
		PromptTokens: 1200, CompletionTokens: 90})
	res := h.evolve(t, "group_test_001")
	if res.Status != groupmem.RunSucceeded || res.Stats != (groupmem.Stats{Created: 2}) || res.Messages != 4 || res.Passes != 1 {
		t.Fatalf("result = %+v", res)
	}
	if res.Tokens != (groupmem.Tokens{Prompt: 1200, Completion: 90, Calls: 1}) {
		t.Fatalf("tokens = %+v", res.Tokens)
	}
	act := h.active(t, "group_test_001")
	for _, st := range []string{anime, frontend} {
		m, ok := act[st]
		if !ok {
			t.Fatalf("missing memory %q in %v", st, act)
		}
		if m.Version != 1 || m.ParentID != "" || m.LineageID != m.ID || m.RunID != res.RunID {
			t.Fatalf("memory %q = %+v", st, m)
		}
	}
	if got := act[frontend].Evidence; !cmp.Equal(got, []string{msgs[2].ID, msgs[3].ID}) {
		t.Fatalf("evidence = %v, want the chat app's ids of m3 and m4", got)
	}
	run, err := h.ledger.Run(context.Background(), res.RunID)
	if err != nil || run.Status != groupmem.RunSucceeded || run.Model != "scripted" || run.PromptVersion == "" ||
		run.NewWatermark != msgs[3].Seq || run.Tokens.Prompt != 1200 {
		t.Fatalf("run record = %+v, %v", run, err)
	}
	// Projected: the index matches the ledger right after the run.
	if diff := cmp.Diff(ledgerState(t, h.ledger, "group_test_001"), indexed(t, h.index, "group_test_001"), memOpts); diff != "" {
		t.Fatalf("index (-ledger +index):\n%s", diff)
	}
	// Scenario 4: search finds the relevant memory.
	hits, err := h.index.Search(context.Background(), groupmem.SearchQuery{GroupID: "group_test_001",
		Vector: h.embedder.Vector("are the members front-end developers?"), Limit: 1, Status: groupmem.StatusActive, Threshold: 0.2})
	if err != nil || len(hits) != 1 || hits[0].Memory.Statement != frontend {
		t.Fatalf("search = %+v, %v", hits, err)
	}
}

// Scenario 2: keep 3, update 2 (version+1, parent link), create 1.
func TestNormalEvolution(t *testing.T) {
	h := newHarness(t)
	h.seed(t, "g", anime, frontend, politics, boardgme, coffee)
	before := h.active(t, "g")
	h.say(t, "g", "ann: friday anime again, sci-fi only please", "bob: reviewed three React PRs today",
		"cat: I'm learning Rust on weekends", "dan: me too, Rust is great", "eve: rust club every saturday then?")
	h.answer(func(a map[string]string) string {
		return strings.Join([]string{
			`{"action":"keep","id":"` + a[politics] + `"}`,
			`{"action":"update","id":"` + a[anime] + `","statement":"Members meet every Friday night to discuss new sci-fi anime","change_reason":"only sci-fi now","evidence":["m1"]}`,
			`{"action":"update","id":"` + a[frontend] + `","statement":"Most members are front-end developers working in React","change_reason":"React named","evidence":["m2"]}`,
			`{"action":"create","statement":"Several members learn Rust on weekends","change_reason":"three members","evidence":["m3","m4","m5"]}`,
		}, "\n")
	})
	res := h.evolve(t, "g")
	if want := (groupmem.Stats{Kept: 3, Updated: 2, Created: 1}); res.Stats != want {
		t.Fatalf("stats = %+v, want %+v (report %+v)", res.Stats, want, res.Report)
	}
	after := h.active(t, "g")
	if len(after) != 6 {
		t.Fatalf("%d active memories, want 6: %v", len(after), after)
	}
	for _, kept := range []string{politics, boardgme, coffee} {
		if after[kept].ID != before[kept].ID {
			t.Fatalf("kept memory %q changed version", kept)
		}
	}
	for old, now := range map[string]string{
		anime:    "Members meet every Friday night to discuss new sci-fi anime",
		frontend: "Most members are front-end developers working in React",
	} {
		m, ok := after[now]
		if !ok {
			t.Fatalf("update %q missing", now)
		}
		if m.Version != 2 || m.ParentID != before[old].ID || m.LineageID != before[old].LineageID {
			t.Fatalf("update of %q = v%d parent %s lineage %s", old, m.Version, m.ParentID, m.LineageID)
		}
		parent, _ := h.ledger.Memory(context.Background(), before[old].ID)
		if parent.Status != groupmem.StatusSuperseded {
			t.Fatalf("parent of %q is %s", old, parent.Status)
		}
	}
	if m := after["Several members learn Rust on weekends"]; m.Version != 1 || m.ParentID != "" || len(m.Evidence) != 3 {
		t.Fatalf("created = %+v", m)
	}
	var kinds []groupmem.ActionKind
	for _, c := range res.Changes {
		kinds = append(kinds, c.Action)
	}
	if len(kinds) != 3 {
		t.Fatalf("changes = %v", kinds)
	}
}

// Scenario 3: a memory the chat stopped mentioning is deleted: deprecated,
// still in history, and restorable.
func TestStaleMemoryDeletedAndRestorable(t *testing.T) {
	h := newHarness(t)
	h.seed(t, "g", anime, frontend, politics, boardgme)
	h.say(t, "g", "ann: nobody does anime night any more", "bob: yeah, three weeks now")
	h.answer(func(a map[string]string) string {
		return `{"action":"delete","id":"` + a[anime] + `","change_reason":"not mentioned for three weeks","evidence":["m1","m2"]}`
	})
	res := h.evolve(t, "g")
	if res.Stats != (groupmem.Stats{Kept: 3, Deleted: 1}) {
		t.Fatalf("stats = %+v", res.Stats)
	}
	if _, ok := h.active(t, "g")[anime]; ok {
		t.Fatal("deleted memory still active")
	}
	dep, _ := h.ledger.Memories(context.Background(), groupmem.MemoryQuery{GroupID: "g", Status: groupmem.StatusDeprecated, Limit: 10})
	if dep.Total != 1 || dep.Memories[0].Statement != anime {
		t.Fatalf("deprecated = %+v", dep)
	}
	restored, err := h.svc.Restore(context.Background(), dep.Memories[0].ID, "moderator")
	if err != nil || restored.Status != groupmem.StatusActive || restored.ID != dep.Memories[0].ID {
		t.Fatalf("Restore = %+v, %v", restored, err)
	}
	if got := indexed(t, h.index, "g")[restored.ID]; got.Status != groupmem.StatusActive {
		t.Fatalf("index after restore shows %s", got.Status)
	}
}
