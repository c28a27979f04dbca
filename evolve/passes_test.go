package evolve

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/prompts"
)

// TestMultiPass runs 450 messages through three passes in order, each
// seeing the result of the one before.
func TestMultiPass(t *testing.T) {
	mems := seedMemories("每周五晚上聊新番动漫", "周末常约羽毛球", "群规禁止讨论政治")
	a, b, c := mems[0], mems[1], mems[2]
	st := newState(t, mems, Config{})
	msgs := chat(1, 450)
	batches := st.Batches(msgs)
	var sizes []int
	var order []string
	for _, bt := range batches {
		sizes = append(sizes, len(bt.Messages))
		for _, m := range bt.Messages {
			order = append(order, m.ID)
		}
	}
	if diff := cmp.Diff([]int{200, 200, 50}, sizes); diff != "" {
		t.Fatalf("batch sizes (-want +got):\n%s", diff)
	}
	var want []string
	for _, m := range msgs {
		want = append(want, m.ID)
	}
	if diff := cmp.Diff(want, order); diff != "" {
		t.Fatalf("messages out of order or lost (-want +got):\n%s", diff)
	}

	answers := []struct {
		shows, hides []string // statements the pass's prompt must and must not show
		answer       string
	}{
		{
			shows: []string{"M1 (v2, 2026-11-11) 每周五晚上聊新番动漫", "周末常约羽毛球", "群规禁止讨论政治"},
			answer: lines(
				`{"action":"update","id":"{{每周五晚上聊新番动漫}}","statement":"每周五晚上聊新番，偏好科幻","change_reason":"只追科幻","evidence":["m1"]}`,
				`{"action":"update","id":"{{群规禁止讨论政治}}","statement":"群规禁止讨论政治和宗教","change_reason":"群主补充"}`,
				`{"action":"create","statement":"多数成员从事前端开发","change_reason":"自我介绍","evidence":["m2"]}`,
				`{"action":"create","statement":"大家常在深夜一起刷题","change_reason":"多次夜里刷题"}`,
			),
		},
		{
			shows: []string{"(v3, 2026-11-21) 每周五晚上聊新番，偏好科幻", "(v1, 2026-11-21) 多数成员从事前端开发", "大家常在深夜一起刷题", "群规禁止讨论政治和宗教"},
			hides: []string{"每周五晚上聊新番动漫"},
			answer: lines(
				`先说明一下："结果"：`,
				`{"action":"update","id":"{{每周五晚上聊新番，偏好科幻}}","statement":"每周五晚上聊新番，偏好科幻和治愈系","change_reason":"也看治愈系","evidence":["m1","m3"]}`,
				`{"action":"update","id":"{{多数成员从事前端开发}}","statement":"多数成员从事前端开发，常用 React","change_reason":"技术栈"}`,
				`{"action":"delete","id":"{{大家常在深夜一起刷题}}","change_reason":"只是一周的活动"}`,
				`{"action":"delete","id":"{{周末常约羽毛球}}","change_reason":"球馆关了"}`,
			),
		},
		{
			shows: []string{"每周五晚上聊新番，偏好科幻和治愈系", "多数成员从事前端开发，常用 React", "群规禁止讨论政治和宗教"},
			hides: []string{"大家常在深夜一起刷题", "周末常约羽毛球"},
			answer: lines(
				`{"action":"update","id":"{{群规禁止讨论政治和宗教}}","statement":"群规禁止讨论政治","change_reason":"群主撤回了补充"}`,
			),
		},
	}
	for i, bt := range batches {
		p, err := st.Pass(bt)
		if err != nil {
			t.Fatal(err)
		}
		if p.N != i+1 {
			t.Errorf("pass number %d, want %d", p.N, i+1)
		}
		for _, s := range answers[i].shows {
			if !strings.Contains(p.User, s) {
				t.Errorf("pass %d does not show %q:\n%s", i+1, s, p.User[:400])
			}
		}
		for _, s := range answers[i].hides {
			if strings.Contains(p.User, s+"\n") {
				t.Errorf("pass %d still shows %q", i+1, s)
			}
		}
		if first := fmt.Sprintf("m1 [2026-11-20 %s]", bt.Messages[0].SentAt.Format("15:04")); !strings.Contains(p.User, first) {
			t.Errorf("pass %d does not restart message refs at m1 (%q)", i+1, first)
		}
		actions, rep := parse(t, answer(t, p, answers[i].answer), "stop")
		if err := st.Apply(p, actions, rep); err != nil {
			t.Fatalf("Apply pass %d: %v", i+1, err)
		}
	}
	plan, err := st.Plan(groupmem.Run{ID: groupmem.NewID()})
	if err != nil {
		t.Fatal(err)
	}
	active := checkPlan(t, mems, plan)
	if diff := cmp.Diff([]string{"群规禁止讨论政治", "每周五晚上聊新番，偏好科幻和治愈系", "多数成员从事前端开发，常用 React"}, active); diff != "" {
		t.Errorf("active statements (-want +got):\n%s", diff)
	}
	if want := (groupmem.Stats{Kept: 1, Updated: 1, Created: 1, Deleted: 1}); plan.Run.Stats != want {
		t.Errorf("stats = %+v, want %+v", plan.Run.Stats, want)
	}
	up := plan.New[0]
	if up.ParentID != a.ID || up.Version != a.Version+1 || up.ChangeSummary != "只追科幻；也看治愈系" {
		t.Errorf("update across passes = %+v: want one version %d of %s with both reasons", up, a.Version+1, a.ID)
	}
	if diff := cmp.Diff([]string{"msg_201", "msg_203", "msg_1", "old_0"}, up.Evidence); diff != "" {
		t.Errorf("evidence across passes (-want +got):\n%s", diff)
	}
	if created := plan.New[1]; created.Version != 1 || created.ParentID != "" || created.ChangeSummary != "自我介绍；技术栈" {
		t.Errorf("created then updated = %+v: want one version 1 with both reasons", created)
	}
	wantTr := []groupmem.Transition{
		{MemoryID: a.ID, From: groupmem.StatusActive, To: groupmem.StatusSuperseded},
		{MemoryID: b.ID, From: groupmem.StatusActive, To: groupmem.StatusDeprecated},
	}
	if diff := cmp.Diff(wantTr, plan.Transitions); diff != "" {
		t.Errorf("transitions (-want +got): (%s kept after returning to its statement)\n%s", c.ID, diff)
	}
	rep := plan.Run.Report
	if rep.Passes != 3 || rep.Lines != 4+5+1 || plan.Run.Messages != 450 {
		t.Errorf("report %+v, messages %d: want 3 passes, 10 lines, 450 messages", rep, plan.Run.Messages)
	}
	if diff := cmp.Diff([]groupmem.Drop{{Line: 5, Reason: DropFragment, Text: `先说明一下："结果"：`}}, rep.Dropped); diff != "" {
		t.Errorf("drops, numbered across passes (-want +got):\n%s", diff)
	}
}

// TestBudget checks that every pass fits MaxPromptTokens and that no
// message is lost when tokens, not counts, split the batches.
func TestBudget(t *testing.T) {
	msgs := chat(1, 300)
	for i := range msgs {
		msgs[i].Content = strings.Repeat("今天的新番第七集作画有点崩，", 1+i%5)
	}
	long := msgs[150]
	long.Content = strings.Repeat("长消息", 20000)
	msgs[150] = long

	mems := seedMemories("每周五晚上聊新番动漫", "群规禁止讨论政治")
	cfg := Config{MaxPromptTokens: 3000}
	st := newState(t, mems, cfg)
	batches := st.Batches(msgs)
	if len(batches) < 4 {
		t.Fatalf("%d batches for about %d tokens of messages in a 3000-token budget", len(batches), 300*40)
	}
	var ids, cut []string
	for i, bt := range batches {
		p, err := st.Pass(bt)
		if err != nil {
			t.Fatalf("Pass %d: %v", i+1, err)
		}
		if p.Tokens > cfg.MaxPromptTokens {
			t.Errorf("pass %d costs %d tokens, over %d", i+1, p.Tokens, cfg.MaxPromptTokens)
		}
		for _, m := range bt.Messages {
			ids = append(ids, m.ID)
		}
		cut = append(cut, bt.Cut...)
		if err := st.Apply(p, nil, groupmem.Report{}); err != nil {
			t.Fatal(err)
		}
	}
	if len(ids) != len(msgs) {
		t.Fatalf("%d messages in batches, want %d", len(ids), len(msgs))
	}
	for i, id := range ids {
		if id != msgs[i].ID {
			t.Fatalf("message %d is %s, want %s", i, id, msgs[i].ID)
		}
	}
	if diff := cmp.Diff([]string{long.ID}, cut); diff != "" {
		t.Errorf("cut messages (-want +got):\n%s", diff)
	}
	for _, bt := range batches {
		for _, m := range bt.Messages {
			if m.ID == long.ID && (!strings.HasSuffix(m.Content, "…") || len(m.Content) >= len(long.Content)) {
				t.Errorf("the long message was not cut with a mark: %d bytes", len(m.Content))
			}
		}
	}
	if diff := cmp.Diff([]groupmem.Drop{{Reason: DropMessageCut, Text: long.ID}}, st.Report().Dropped); diff != "" {
		t.Errorf("report of the cut (-want +got):\n%s", diff)
	}
}

// TestBudgetWithGrowingMemories creates many long memories in early passes
// and checks later passes still fit, showing fewer memories.
func TestBudgetWithGrowingMemories(t *testing.T) {
	cfg := Config{MaxPromptTokens: 4000, MaxMessages: 20}
	st := newState(t, nil, cfg)
	batches := st.Batches(chat(1, 100))
	for i, bt := range batches {
		p, err := st.Pass(bt)
		if err != nil {
			t.Fatalf("Pass %d: %v", i+1, err)
		}
		if p.Tokens > cfg.MaxPromptTokens {
			t.Errorf("pass %d shows %d memories in %d tokens, over %d", i+1, p.Memories, p.Tokens, cfg.MaxPromptTokens)
		}
		var ls []string
		for j := range 10 {
			ls = append(ls, fmt.Sprintf(`{"action":"create","statement":"第%d批第%d条：%s"}`, i, j, strings.Repeat(string(rune('甲'+i*10+j)), 150)))
		}
		actions, rep := parse(t, lines(ls...), "stop")
		if err := st.Apply(p, actions, rep); err != nil {
			t.Fatal(err)
		}
	}
	plan, err := st.Plan(groupmem.Run{})
	if err != nil {
		t.Fatal(err)
	}
	checkPlan(t, nil, plan)
	if plan.Run.Stats.Created != 10*len(batches) {
		t.Errorf("created %d, want %d", plan.Run.Stats.Created, 10*len(batches))
	}
}

// TestMoreMemoriesThanShown checks which memories a pass shows when the
// group has more than MaxMemories, and that the others stay untouched.
func TestMoreMemoriesThanShown(t *testing.T) {
	var statements []string
	for i := range 60 {
		statements = append(statements, fmt.Sprintf("记忆%02d：%s", i, strings.Repeat(string(rune('子'+i)), 8)))
	}
	mems := seedMemories(statements...)
	for i := range mems {
		mems[i].Strength = float64(i%6+1) / 10 // 0.1 .. 0.6; ten memories have the lowest, 0.1
	}
	st := newState(t, mems, Config{})
	p := onePass(t, st, chat(1, 10))
	if p.Memories != DefaultMaxMemories {
		t.Fatalf("pass shows %d memories, want %d", p.Memories, DefaultMaxMemories)
	}
	shown := aliases(t, p)
	for i, m := range mems {
		_, ok := shown[m.Statement]
		if weakest := i%6 == 0; ok == weakest {
			t.Errorf("memory %d (strength %.1f) shown = %v", i, m.Strength, ok)
		}
	}
	actions, rep := parse(t, lines(`{"action":"delete","id":"M51"}`, `{"action":"update","id":"M60","statement":"成员常说 x y"}`), "stop")
	if err := st.Apply(p, actions, rep); err != nil {
		t.Fatal(err)
	}
	plan, err := st.Plan(groupmem.Run{})
	if err != nil {
		t.Fatal(err)
	}
	if plan.Run.Stats != (groupmem.Stats{Kept: 60}) || !slices.Equal(dropReasons(plan.Run.Report), []string{DropUnknownID, DropUnknownID}) {
		t.Errorf("stats %+v, drops %v: hidden memories must stay untouched", plan.Run.Stats, plan.Run.Report.Dropped)
	}
}

func TestPassErrors(t *testing.T) {
	st := newState(t, nil, Config{MaxMessages: 3})
	if _, err := st.Pass(Batch{}); groupmem.ErrorCode(err) != groupmem.EINVALID {
		t.Errorf("empty batch: %v, want EINVALID", err)
	}
	if _, err := st.Pass(Batch{Messages: chat(1, 4)}); groupmem.ErrorCode(err) != groupmem.ETOOLARGE {
		t.Errorf("batch over MaxMessages: %v, want ETOOLARGE", err)
	}
	big := chat(1, 1)
	big[0].Content = strings.Repeat("长", 20000)
	if _, err := st.Pass(Batch{Messages: big}); groupmem.ErrorCode(err) != groupmem.ETOOLARGE {
		t.Errorf("batch over the token budget: %v, want ETOOLARGE", err)
	}
	if got := st.Batches(nil); len(got) != 0 {
		t.Errorf("Batches(nil) = %v, want none", got)
	}
}

func TestNewStateErrors(t *testing.T) {
	good := seedMemories("群规禁止讨论政治", "周末常约羽毛球")
	with := func(f func(ms []groupmem.Memory) []groupmem.Memory) []groupmem.Memory {
		ms := slices.Clone(good)
		return f(ms)
	}
	tests := []struct {
		name    string
		group   string
		mems    []groupmem.Memory
		cfg     Config
		now     time.Time
		setting string // a word the message must contain
	}{
		{"bad group id", " g ", nil, Config{}, testNow, "group id"},
		{"zero time", testGroup, nil, Config{}, time.Time{}, "time"},
		{"another group", testGroup, with(func(ms []groupmem.Memory) []groupmem.Memory { ms[0].GroupID = "other"; return ms }), Config{}, testNow, "belongs"},
		{"not active", testGroup, with(func(ms []groupmem.Memory) []groupmem.Memory { ms[1].Status = groupmem.StatusSuperseded; return ms }), Config{}, testNow, "not active"},
		{"same version twice", testGroup, with(func(ms []groupmem.Memory) []groupmem.Memory { return append(ms, ms[0]) }), Config{}, testNow, "repeats"},
		{"one lineage twice", testGroup, with(func(ms []groupmem.Memory) []groupmem.Memory { ms[1].LineageID = ms[0].LineageID; return ms }), Config{}, testNow, "repeats"},
		{"invalid memory", testGroup, with(func(ms []groupmem.Memory) []groupmem.Memory { ms[0].ID = "nope"; return ms }), Config{}, testNow, "UUID"},
		{"language", testGroup, nil, Config{Lang: "fr"}, testNow, "Lang"},
		{"MaxMemories", testGroup, nil, Config{MaxMemories: -1}, testNow, "MaxMemories"},
		{"MaxMessages", testGroup, nil, Config{MaxMessages: -5}, testNow, "MaxMessages"},
		{"MaxPromptTokens negative", testGroup, nil, Config{MaxPromptTokens: -1}, testNow, "MaxPromptTokens"},
		{"MaxPromptTokens too small", testGroup, nil, Config{MaxPromptTokens: 1000}, testNow, "MaxPromptTokens"},
		{"MaxDeleteShare", testGroup, nil, Config{MaxDeleteShare: 1.5}, testNow, "MaxDeleteShare"},
		{"MaxDeleteShare NaN", testGroup, nil, Config{MaxDeleteShare: math.NaN()}, testNow, "MaxDeleteShare"},
		{"MinDeleteGuard", testGroup, nil, Config{MinDeleteGuard: -2}, testNow, "MinDeleteGuard"},
		{"NearDuplicate", testGroup, nil, Config{NearDuplicate: 1.2}, testNow, "NearDuplicate"},
		{"MaxStatementRunes", testGroup, nil, Config{MaxStatementRunes: groupmem.MaxStatementRunes + 1}, testNow, "MaxStatementRunes"},
		{"DefaultStrength", testGroup, nil, Config{DefaultStrength: -0.1}, testNow, "DefaultStrength"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := NewState(tt.group, tt.mems, tt.cfg, tt.now)
			if groupmem.ErrorCode(err) != groupmem.EINVALID || !strings.Contains(err.Error(), tt.setting) {
				t.Errorf("NewState error = %v, want EINVALID mentioning %q", err, tt.setting)
			}
		})
	}
}

func TestConfigDefaults(t *testing.T) {
	got, err := Config{}.WithDefaults()
	if err != nil {
		t.Fatal(err)
	}
	want := Config{
		Lang: prompts.DefaultLang, Location: time.UTC, MaxMemories: 50, MaxMessages: 200, MaxPromptTokens: 12000,
		MaxDeleteShare: 0.5, MinDeleteGuard: 4, NearDuplicate: 0.8, MaxStatementRunes: groupmem.MaxStatementRunes, DefaultStrength: 0.5,
		MaxAnswerBytes: 2 << 20, MaxObjectBytes: 8 << 10, Reasks: 2, MaxSplits: 3, MinStatementLetters: 4,
	}
	if diff := cmp.Diff(want, got, cmp.Comparer(func(a, b *time.Location) bool { return a.String() == b.String() })); diff != "" {
		t.Errorf("defaults (-want +got):\n%s", diff)
	}
}

// TestPromptLanguageAndZone checks that the prompt follows Lang and shows
// times in Location.
func TestPromptLanguageAndZone(t *testing.T) {
	st := newState(t, seedMemories("Members mostly work remotely"), Config{Lang: prompts.LangEN, Location: time.FixedZone("CST", 8*3600)})
	p := onePass(t, st, chat(1, 2))
	for _, want := range []string{"Today is 2026-11-21 (Saturday); all times below are UTC+08:00.", "M1 (v2, 2026-11-11) Members mostly work remotely", "m1 [2026-11-20 17:01] 阿杰: 这周五还看新番吗 #1"} {
		if !strings.Contains(p.User, want) {
			t.Errorf("user prompt lacks %q:\n%s", want, p.User)
		}
	}
	if !strings.Contains(p.System, "JSON Lines") || strings.Contains(p.System, "长期记忆") {
		t.Errorf("system prompt is not the English one")
	}
	plan, err := st.Plan(groupmem.Run{})
	if err != nil {
		t.Fatal(err)
	}
	if plan.Run.PromptVersion != prompts.Version(prompts.LangEN) {
		t.Errorf("prompt version %q, want %q", plan.Run.PromptVersion, prompts.Version(prompts.LangEN))
	}
}
