package evolve

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/groupmem/groupmem"
)

// run drives a whole run the way the worker does, answering each pass
// with the answer the script returns for it.
func run(t *testing.T, st *state, msgs []groupmem.Message, script func(p *pass) (string, string)) (*groupmem.Plan, error) {
	t.Helper()
	for _, b := range st.batches(msgs) {
		p, err := st.pass(b)
		if err != nil {
			return nil, err
		}
		text, finish := script(p)
		actions, rep := decode(t, text, finish)
		if err := st.apply(p, actions, rep); err != nil {
			return nil, err
		}
	}
	return st.plan(groupmem.Run{ID: groupmem.NewID(), Actor: "cron"})
}

// Scenario 1 of the spec: a group without memories gets its first ones,
// all version 1 without parents.
func TestFirstEvolution(t *testing.T) {
	st := startState(t, nil, Config{})
	msgs := chat(1, 30)
	plan, err := run(t, st, msgs, func(p *pass) (string, string) {
		if len(p.Memories) != 0 {
			t.Errorf("first pass shows %d memories, want 0", len(p.Memories))
		}
		return lines(
			`{"action":"create","statement":"每周五晚上一起聊新番动漫","change_reason":"多人反复约周五看番","evidence":["m1","m5","m9"]}`,
			`{"action":"create","statement":"成员偏好科幻题材的动画","change_reason":"多次讨论科幻番","evidence":["m2","m30","m31"]}`,
			`{"action":"create","statement":"阿杰负责每周整理新番列表","change_reason":"阿杰多次发新番表","evidence":["m3"]}`,
		), "stop"
	})
	if err != nil {
		t.Fatal(err)
	}
	active := checkPlan(t, nil, plan)
	if diff := cmp.Diff([]string{"每周五晚上一起聊新番动漫", "成员偏好科幻题材的动画", "阿杰负责每周整理新番列表"}, active); diff != "" {
		t.Errorf("active statements (-want +got):\n%s", diff)
	}
	if want := (groupmem.Stats{Created: 3}); plan.Run.Stats != want {
		t.Errorf("stats = %+v, want %+v", plan.Run.Stats, want)
	}
	for _, m := range plan.New {
		if m.Version != 1 || m.ParentID != "" || m.Strength != DefaultStrength || m.LineageID != m.ID {
			t.Errorf("created %+v: want version 1, no parent, default strength, own lineage", m)
		}
	}
	if diff := cmp.Diff([]string{"msg_1", "msg_5", "msg_9"}, plan.New[0].Evidence); diff != "" {
		t.Errorf("evidence of the first memory (-want +got): %s (m30, m31 were never shown and are ignored)", diff)
	}
	if diff := cmp.Diff([]string{"msg_2", "msg_30"}, plan.New[1].Evidence); diff != "" {
		t.Errorf("evidence of the second memory (-want +got):\n%s", diff)
	}
	for _, c := range plan.Changes {
		if c.Action != groupmem.ActionCreate || c.MemoryID != c.NewMemoryID || c.Version != 1 || c.RunID != plan.Run.ID || c.Actor != "cron" || c.GroupID != testGroup || c.Reason == "" {
			t.Errorf("change %+v: want a create row of this run", c)
		}
	}
	if plan.Run.PromptVersion == "" || plan.Run.Messages != 30 || plan.Run.GroupID != testGroup || plan.Run.Report.Passes != 1 || plan.Run.Report.Parsed != 3 {
		t.Errorf("run record %+v: want prompt version, 30 messages, group, 1 pass, 3 parsed", plan.Run)
	}
}

// Scenario 2 of the spec: keep 3, update 2 (version + 1, parent link),
// create 1.
func TestNormalEvolution(t *testing.T) {
	mems := seedMemories("群成员大多是技术背景", "每周五晚上聊新番动漫", "对新人友好，鼓励提问", "群规禁止讨论政治", "周末常约羽毛球")
	st := startState(t, mems, Config{})
	plan, err := run(t, st, chat(1, 40), func(p *pass) (string, string) {
		return answer(t, p, lines(
			`{"action":"keep","id":"{{群成员大多是技术背景}}"}`,
			`{"action":"update","id":"{{每周五晚上聊新番动漫}}","statement":"每周五晚上聊新番动漫，偏好科幻题材","change_reason":"多人说只追科幻","evidence":["m3","m7"]}`,
			`{"action":"update","id":"{{周末常约羽毛球}}","statement":"周六下午常约羽毛球，地点固定在体育馆","change_reason":"时间地点明确了","evidence":["m11"]}`,
			`{"action":"create","statement":"多数成员从事前端开发","change_reason":"多人自我介绍做前端","evidence":["m20","m21"]}`,
		)), "stop"
	})
	if err != nil {
		t.Fatal(err)
	}
	active := checkPlan(t, mems, plan)
	want := []string{"群成员大多是技术背景", "对新人友好，鼓励提问", "群规禁止讨论政治", "每周五晚上聊新番动漫，偏好科幻题材", "周六下午常约羽毛球，地点固定在体育馆", "多数成员从事前端开发"}
	if diff := cmp.Diff(want, active); diff != "" {
		t.Errorf("active statements (-want +got):\n%s", diff)
	}
	if want := (groupmem.Stats{Kept: 3, Updated: 2, Created: 1}); plan.Run.Stats != want {
		t.Errorf("stats = %+v, want %+v", plan.Run.Stats, want)
	}
	up := plan.New[0]
	if up.ParentID != mems[1].ID || up.Version != 3 || up.LineageID != mems[1].LineageID || up.Strength != 0.8 || !slices.Equal(up.Tags, []string{"habit"}) {
		t.Errorf("update %+v: want version 3 of %s's lineage with its tags and strength", up, mems[1].ID)
	}
	if diff := cmp.Diff([]string{"msg_3", "msg_7", "old_1"}, up.Evidence); diff != "" {
		t.Errorf("update evidence (-want +got): new messages first, then the parent's:\n%s", diff)
	}
	if diff := cmp.Diff(groupmem.Change{
		GroupID: testGroup, Action: groupmem.ActionUpdate, MemoryID: mems[1].ID, NewMemoryID: up.ID,
		OldStatement: "每周五晚上聊新番动漫", NewStatement: "每周五晚上聊新番动漫，偏好科幻题材", Reason: "多人说只追科幻", Version: 3,
		RunID: plan.Run.ID, Actor: "cron", CreatedAt: testNow,
	}, plan.Changes[0]); diff != "" {
		t.Errorf("update change row (-want +got):\n%s", diff)
	}
}

// Scenario 3 of the spec: a stale memory is deleted and becomes
// deprecated.
func TestStaleMemoryDeleted(t *testing.T) {
	mems := seedMemories("每周五讨论新番", "成员多为前端开发者")
	st := startState(t, mems, Config{})
	plan, err := run(t, st, chat(1, 10), func(p *pass) (string, string) {
		return answer(t, p, `{"action":"delete","id":"{{每周五讨论新番}}","change_reason":"群主说追番活动已经停了","evidence":["m4"]}`), "stop"
	})
	if err != nil {
		t.Fatal(err)
	}
	checkPlan(t, mems, plan)
	if want := (groupmem.Stats{Kept: 1, Deleted: 1}); plan.Run.Stats != want {
		t.Errorf("stats = %+v, want %+v", plan.Run.Stats, want)
	}
	wantTr := []groupmem.Transition{{MemoryID: mems[0].ID, From: groupmem.StatusActive, To: groupmem.StatusDeprecated}}
	if diff := cmp.Diff(wantTr, plan.Transitions); diff != "" {
		t.Errorf("transitions (-want +got):\n%s", diff)
	}
	wantCh := []groupmem.Change{{GroupID: testGroup, Action: groupmem.ActionDelete, MemoryID: mems[0].ID, OldStatement: "每周五讨论新番", Reason: "群主说追番活动已经停了", Version: 2, RunID: plan.Run.ID, Actor: "cron", CreatedAt: testNow}}
	if diff := cmp.Diff(wantCh, plan.Changes); diff != "" {
		t.Errorf("changes (-want +got):\n%s", diff)
	}
	if len(plan.New) != 0 {
		t.Errorf("a deletion wrote new versions: %+v", plan.New)
	}
}

// TestApplyRules runs one pass over six shown memories per case and
// checks exactly which changes survive and which drops are recorded.
func TestApplyRules(t *testing.T) {
	statements := []string{"每周五晚上聊新番动漫", "成员多为前端开发者", "群规禁止讨论政治", "周末常约羽毛球", "小王负责整理番剧列表", "对新人友好，鼓励提问"}
	tests := []struct {
		name   string
		answer string
		cfg    Config
		active []string // statements active after the plan: kept in order, then new versions
		drops  []string
		stats  groupmem.Stats
	}{
		{
			name: "invented and unknown ids",
			answer: lines(
				`{"action":"delete","id":"M99"}`,
				`{"action":"update","id":"X1","statement":"a b"}`,
				`{"action":"delete","id":"3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b"}`,
				`{"action":"delete","id":"M0"}`,
				`{"action":"keep","id":"M7"}`,
			),
			active: statements,
			drops:  []string{DropUnknownID, DropUnknownID, DropUnknownID, DropUnknownID, DropUnknownID},
			stats:  groupmem.Stats{Kept: 6},
		},
		{
			name:   "update or delete without an id; keep without one is fine",
			answer: lines(`{"action":"update","statement":"a b"}`, `{"action":"delete"}`, `{"action":"keep"}`),
			active: statements,
			drops:  []string{DropMissingID, DropMissingID},
			stats:  groupmem.Stats{Kept: 6},
		},
		{
			name:   "update then delete of one memory: the update wins",
			answer: lines(`{"action":"update","id":"{{周末常约羽毛球}}","statement":"周六下午约羽毛球"}`, `{"action":"delete","id":"{{周末常约羽毛球}}"}`),
			active: []string{"每周五晚上聊新番动漫", "成员多为前端开发者", "群规禁止讨论政治", "小王负责整理番剧列表", "对新人友好，鼓励提问", "周六下午约羽毛球"},
			drops:  []string{DropConflict},
			stats:  groupmem.Stats{Kept: 5, Updated: 1},
		},
		{
			name:   "delete then update of one memory: the update still wins",
			answer: lines(`{"action":"delete","id":"{{周末常约羽毛球}}"}`, `{"action":"update","id":"{{周末常约羽毛球}}","statement":"周六下午约羽毛球"}`),
			active: []string{"每周五晚上聊新番动漫", "成员多为前端开发者", "群规禁止讨论政治", "小王负责整理番剧列表", "对新人友好，鼓励提问", "周六下午约羽毛球"},
			drops:  []string{DropConflict},
			stats:  groupmem.Stats{Kept: 5, Updated: 1},
		},
		{
			name:   "two updates of one memory: the first wins",
			answer: lines(`{"action":"update","id":"{{周末常约羽毛球}}","statement":"周六约羽毛球"}`, `{"action":"update","id":"{{周末常约羽毛球}}","statement":"周日约网球"}`),
			active: []string{"每周五晚上聊新番动漫", "成员多为前端开发者", "群规禁止讨论政治", "小王负责整理番剧列表", "对新人友好，鼓励提问", "周六约羽毛球"},
			drops:  []string{DropConflict},
			stats:  groupmem.Stats{Kept: 5, Updated: 1},
		},
		{
			name:   "keep and delete of one memory: kept",
			answer: lines(`{"action":"keep","id":"{{群规禁止讨论政治}}"}`, `{"action":"delete","id":"{{群规禁止讨论政治}}"}`),
			active: statements,
			drops:  []string{DropConflict},
			stats:  groupmem.Stats{Kept: 6},
		},
		{
			name:   "a repeated delete",
			answer: lines(`{"action":"delete","id":"{{群规禁止讨论政治}}"}`, `{"action":"delete","id":"{{群规禁止讨论政治}}"}`),
			active: []string{"每周五晚上聊新番动漫", "成员多为前端开发者", "周末常约羽毛球", "小王负责整理番剧列表", "对新人友好，鼓励提问"},
			drops:  []string{DropDuplicate},
			stats:  groupmem.Stats{Kept: 5, Deleted: 1},
		},
		{
			name: "empty, blank, punctuation-only and over-long statements are dropped, never cut",
			answer: lines(
				`{"action":"update","id":"{{周末常约羽毛球}}","statement":""}`,
				`{"action":"update","id":"{{周末常约羽毛球}}","statement":"   \n\t "}`,
				`{"action":"create","statement":"。。。！！"}`,
				`{"action":"create"}`,
				`{"action":"create","statement":"`+strings.Repeat("长", groupmem.MaxStatementRunes+1)+`"}`,
			),
			active: statements,
			drops:  []string{DropEmptyStatement, DropEmptyStatement, DropEmptyStatement, DropEmptyStatement, DropLongStatement},
			stats:  groupmem.Stats{Kept: 6},
		},
		{
			name:   "MaxStatementRunes applies",
			cfg:    Config{MaxStatementRunes: 10},
			answer: lines(`{"action":"create","statement":"这一条记忆的表述超过了十个字"}`, `{"action":"create","statement":"正好十个字的一条记忆"}`),
			active: append(slices.Clone(statements), "正好十个字的一条记忆"),
			drops:  []string{DropLongStatement},
			stats:  groupmem.Stats{Kept: 6, Created: 1},
		},
		{
			name:   "statements are cleaned; an update to the same statement is a keep",
			answer: lines(`{"action":"update","id":"{{群规禁止讨论政治}}","statement":"  群规禁止讨论政治\n"}`, `{"action":"create","statement":"大家\u0000常用\n表情包  聊天"}`),
			active: append(slices.Clone(statements), "大家常用 表情包 聊天"),
			stats:  groupmem.Stats{Kept: 6, Created: 1},
		},
		{
			name:   "an unchanged-update protects from a delete like a keep",
			answer: lines(`{"action":"update","id":"{{群规禁止讨论政治}}","statement":"群规禁止讨论政治"}`, `{"action":"delete","id":"{{群规禁止讨论政治}}"}`),
			active: statements,
			drops:  []string{DropConflict},
			stats:  groupmem.Stats{Kept: 6},
		},
		{
			name:   "a near-duplicate create becomes an update of the shown memory",
			answer: `{"action":"create","statement":"每周五晚上聊新番动漫，偏好科幻","change_reason":"补充题材"}`,
			active: []string{"成员多为前端开发者", "群规禁止讨论政治", "周末常约羽毛球", "小王负责整理番剧列表", "对新人友好，鼓励提问", "每周五晚上聊新番动漫，偏好科幻"},
			stats:  groupmem.Stats{Kept: 5, Updated: 1},
		},
		{
			name:   "a create identical to a memory up to punctuation is a duplicate",
			answer: `{"action":"create","statement":"对新人友好 鼓励提问。"}`,
			active: statements,
			drops:  []string{DropDuplicate},
			stats:  groupmem.Stats{Kept: 6},
		},
		{
			name:   "a create near a memory the pass updates is a duplicate",
			answer: lines(`{"action":"update","id":"{{每周五晚上聊新番动漫}}","statement":"每周五晚上聊新番，偏好科幻"}`, `{"action":"create","statement":"每周五晚上聊新番，偏好科幻动漫"}`),
			active: []string{"成员多为前端开发者", "群规禁止讨论政治", "周末常约羽毛球", "小王负责整理番剧列表", "对新人友好，鼓励提问", "每周五晚上聊新番，偏好科幻"},
			drops:  []string{DropDuplicate},
			stats:  groupmem.Stats{Kept: 5, Updated: 1},
		},
		{
			name:   "two near-duplicate creates: the first stays",
			answer: lines(`{"action":"create","statement":"大家习惯用表情包代替文字回复"}`, `{"action":"create","statement":"大家习惯用表情包代替文字回复。"}`, `{"action":"create","statement":"Most members work remotely"}`, `{"action":"create","statement":"most members  work remotely!"}`),
			active: append(slices.Clone(statements), "大家习惯用表情包代替文字回复", "Most members work remotely"),
			drops:  []string{DropDuplicate, DropDuplicate},
			stats:  groupmem.Stats{Kept: 6, Created: 2},
		},
		{
			name:   "a create with an id is a create",
			answer: `{"action":"create","id":"{{群规禁止讨论政治}}","statement":"群里常分享招聘信息"}`,
			active: append(slices.Clone(statements), "群里常分享招聘信息"),
			stats:  groupmem.Stats{Kept: 6, Created: 1},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mems := seedMemories(statements...)
			st := startState(t, mems, tt.cfg)
			p := onePass(t, st, chat(1, 20))
			actions, rep := decode(t, answer(t, p, tt.answer), "stop")
			if err := st.apply(p, actions, rep); err != nil {
				t.Fatalf("Apply: %v", err)
			}
			plan, err := st.plan(groupmem.Run{ID: groupmem.NewID()})
			if err != nil {
				t.Fatalf("Plan: %v", err)
			}
			active := checkPlan(t, mems, plan)
			if diff := cmp.Diff(tt.active, active); diff != "" {
				t.Errorf("active statements (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.drops, dropReasons(plan.Run.Report), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("drop reasons (-want +got):\n%s", diff)
			}
			if plan.Run.Stats != tt.stats {
				t.Errorf("stats = %+v, want %+v", plan.Run.Stats, tt.stats)
			}
		})
	}
}

func TestApplyUnknownKind(t *testing.T) {
	mems := seedMemories("群规禁止讨论政治")
	st := startState(t, mems, Config{})
	p := onePass(t, st, chat(1, 3))
	actions := []groupmem.Action{{Kind: groupmem.ActionRestore, Alias: "M1", Line: 1}, {Kind: "", Line: 2}}
	if err := st.apply(p, actions, groupmem.Report{}); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{DropUnknownAction, DropUnknownAction}, dropReasons(st.runReport())); diff != "" {
		t.Errorf("drop reasons (-want +got):\n%s", diff)
	}
}

func TestApplyEvidence(t *testing.T) {
	st := startState(t, nil, Config{})
	p := onePass(t, st, chat(1, 5))
	actions, rep := decode(t, `{"action":"create","statement":"成员常提 a b","evidence":["m2","M3","[m4]","m2","m6","m0","x","m05"]}`, "stop")
	if err := st.apply(p, actions, rep); err != nil {
		t.Fatal(err)
	}
	plan, err := st.plan(groupmem.Run{})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"msg_2", "msg_3", "msg_4"}, plan.New[0].Evidence); diff != "" {
		t.Errorf("evidence (-want +got):\n%s", diff)
	}
}

// The members a memory is about, as the model names them (the names the
// prompt shows, or sender ids), become the version's subjects as sender
// ids: a name that sent no message of the pass is left out, each member
// once; an update that names none keeps its parent's; "member:" tags of a
// created memory count as subjects too.
func TestApplySubjects(t *testing.T) {
	mems := seedMemories("阿杰负责整理新番列表", "老张每天晨跑")
	mems[0].Subjects = []string{"u2"}
	mems[1].Subjects = []string{"u3"}
	st := startState(t, mems, Config{})
	p := onePass(t, st, chat(1, 5)) // senders u1 阿杰, u2 Lily, u3 老张, u4 momo, u0 小王
	alias, runner := aliases(t, p)["阿杰负责整理新番列表"], aliases(t, p)["老张每天晨跑"]
	actions, rep := decode(t, lines(
		`{"action":"create","statement":"Lily 和老张都养猫","change_reason":"她们自己说的","evidence":["m2","m3"],"subjects":["Lily","老张","lily","Bob"]}`,
		`{"action":"create","statement":"momo 在读研究生","change_reason":"momo 说的","evidence":["m4"],"subjects":["u4"]}`,
		`{"action":"create","statement":"群里多数人喜欢科幻番","change_reason":"多人提到","evidence":["m1"]}`,
		`{"action":"update","id":"`+alias+`","statement":"阿杰每周整理新番列表并发到群里","change_reason":"阿杰又发了","evidence":["m1"]}`,
		`{"action":"update","id":"`+runner+`","statement":"老张每天早上晨跑五公里","change_reason":"老张说的","evidence":["m3"],"subjects":["张先生"]}`,
		`{"action":"create","statement":"群里周五一起看番","change_reason":"多人提到","evidence":["m5"],"subjects":[]}`,
	), "stop")
	if err := st.apply(p, actions, rep); err != nil {
		t.Fatal(err)
	}
	plan, err := st.plan(groupmem.Run{ID: groupmem.NewID()})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	for _, m := range plan.New {
		got[m.Statement] = m.Subjects
	}
	want := map[string][]string{
		"Lily 和老张都养猫":     {"u2", "u3"},
		"momo 在读研究生":      {"u4"},
		"群里多数人喜欢科幻番":      nil,
		"阿杰每周整理新番列表并发到群里": {"u2"},
		"老张每天早上晨跑五公里":     {"u3"}, // a name that sent nothing keeps the parent's
		"群里周五一起看番":        nil,
	}
	if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("subjects (-want +got):\n%s", diff)
	}
}
