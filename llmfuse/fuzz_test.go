package llmfuse

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/evolve"
)

var fuzzSeeds = []string{
	`{"action":"keep","id":"M1"}`,
	"```json\n{\"action\":\"update\",\"id\":\"M2\",\"statement\":\"每周五晚上聊新番，偏好科幻\",\"evidence\":[\"m1\"]}\n```",
	`[{"action":"delete","id":"M3"},{"action":"create","statement":"多数成员从事前端开发"}]`,
	"[\n  {\n    \"action\": \"update\",\n    \"id\": \"M1\",\n    \"statement\": \"x y\"\n  }\n]",
	"好的，结果如下：\n{\"action\":\"keep\",\"id\":\"M1\"}\n以上。",
	"<think>\n{\"action\":\"delete\",\"id\":\"M1\"}\n</think>\n{\"action\":\"keep\",\"id\":\"M2\"}",
	"hmm {\"action\":\"delete\",\"id\":\"M1\"}</think>{\"action\":\"create\",\"statement\":\"a b\"}",
	`{"action":"keep","id":"M1"} {"action":"keep","id":"M2"},{"action":"delete","id":"M3"}`,
	`{"action"："update"，"id"："M1"，"statement"："每周五，晚上"}`,
	`{“action”: “create”, “statement”: “他说"好"”}`,
	`{action: update, old_id: M1, statement: 每周五聊新番}`,
	`{"action": "keep", "id": "M1",}`,
	`{'action': 'create', 'statement': 'ok'}`,
	"{\"action\":\"keep\",\"id\":\"M1\"\n{\"action\":\"update\",\"id\":\"M1\",\"statement\":\"abc\n\"change_reason\":\"x\"}",
	`{"actions":[{"action":"delete","id":"M4"},{"action":"delete","id":"M5"},{"action":"delete","id":"M6"},{"action":"delete","id":"M1"}]}`,
	`{"action":"update","id":"M1","statement":"a"}{"action":"delete","id":"M1"}`,
	`{"action":"create","statement":"对新人友好 鼓励提问。"}`,
	`{"action":"create","statement":"` + strings.Repeat("长", 1001) + `"}`,
	"{\"action\":\"create\",\"statement\":\"\x00\xff\"}",
	`这不是JSON`,
	`{"action":"create","statement":"每周五晚上讨`,
	`{"action":"create","id":"M2","statement":"每周五晚上聊新番动漫和科幻片"}`,
	`{"action":"keep"}`,
}

// FuzzParse checks that Parse never panics, that its report agrees with
// its actions, and that any answer given to a run of one pass over a fixed
// group either trips the deletion guard, fails as cut (an answer the token
// limit cut is never applied) or unusable (no action in it survives), or
// yields a valid plan in which every action not dropped has taken effect.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s, false)
		f.Add(s, true)
	}
	statements := []string{"每周五晚上聊新番动漫", "成员多为前端开发者", "群规禁止讨论政治", "周末常约羽毛球", "小王负责整理番剧列表", "对新人友好，鼓励提问"}
	f.Fuzz(func(t *testing.T, answer string, cut bool) {
		finish := "stop"
		if cut {
			finish = "length"
		}
		actions, rep := parse(t, answer, finish)
		repaired := 0
		for _, a := range actions {
			if a.Line < 1 || a.Kind == "" {
				t.Fatalf("action %+v has no line or kind", a)
			}
			if a.Repaired {
				repaired++
			}
		}
		if rep.Parsed != len(actions) || rep.Repaired != repaired || len(rep.Dropped) > groupmem.MaxDropExamples {
			t.Fatalf("report %+v does not match %d actions (%d repaired)", rep, len(actions), repaired)
		}

		mems := seedMemories(statements...)
		fusion, p, err := fuseOnce(t, mems, chat(5), answer, finish)
		switch reason := groupmem.FailReason(err, ""); {
		case errors.Is(err, groupmem.ErrReview):
			return
		case cut:
			if reason != groupmem.FailAnswerCut || len(fusion.Plan.New)+len(fusion.Plan.Transitions) > 0 {
				t.Fatalf("a cut answer gave %v and %d versions", err, len(fusion.Plan.New))
			}
			return
		case reason == groupmem.FailAnswerUnusable:
			if r := fusion.Plan.Run.Report; r.Applied+r.Kept > 0 {
				t.Fatalf("an answer refused as unusable counts %d applied and %d kept", r.Applied, r.Kept)
			}
			return
		case err != nil:
			t.Fatalf("Fuse: %v", err)
		}
		checkPlan(t, &fusion.Plan)
		checkEffects(t, p, actions, &fusion.Plan)
	})
}

// checkPlan asserts what any plan must hold: clean new versions, and one
// active version a lineage.
func checkPlan(t *testing.T, plan *groupmem.Plan) {
	t.Helper()
	lineages := map[string]bool{}
	for _, m := range plan.New {
		if clean, err := groupmem.CleanMemory(m); err != nil || clean.Statement != m.Statement {
			t.Errorf("new version is not clean (%v): %+v", err, m)
		}
		if lineages[m.LineageID] {
			t.Errorf("lineage %s has two new versions", m.LineageID)
		}
		lineages[m.LineageID] = true
	}
}

// checkEffects asserts that every action of pass p with no drop on its
// line shows in the plan.
func checkEffects(t *testing.T, p groupmem.Pass, actions []groupmem.Action, plan *groupmem.Plan) {
	t.Helper()
	droppedLines := map[int]bool{}
	for _, d := range plan.Run.Report.Dropped {
		droppedLines[d.Line] = true
	}
	newByStatement := map[string]groupmem.Memory{}
	for _, m := range plan.New {
		newByStatement[m.Statement] = m
	}
	deprecated := map[string]bool{}
	for _, tr := range plan.Transitions {
		if tr.To == groupmem.StatusDeprecated {
			deprecated[tr.MemoryID] = true
		}
	}
	shown := map[string]groupmem.Memory{}
	for _, s := range p.Memories {
		shown[s.Alias] = s.Memory
	}
	for _, a := range actions {
		if droppedLines[a.Line] || len(plan.Run.Report.Dropped) == groupmem.MaxDropExamples {
			continue
		}
		target := shown[evolve.NormalizeAlias(a.Alias)]
		st, _ := groupmem.CleanStatement(strings.Join(strings.Fields(groupmem.CleanText(a.Statement)), " "))
		switch a.Kind {
		case groupmem.ActionUpdate:
			if m, ok := newByStatement[st]; !(ok && m.ParentID == target.ID) && st != target.Statement {
				t.Errorf("update %+v was neither dropped nor applied", a)
			}
		case groupmem.ActionDelete:
			if !deprecated[target.ID] {
				t.Errorf("delete %+v was neither dropped nor applied", a)
			}
		case groupmem.ActionCreate:
			if _, ok := newByStatement[st]; !ok {
				t.Errorf("create %+v was neither dropped nor applied", a)
			}
		}
	}
}

// benchAnswer is a 500-line answer for 50 shown memories: keeps, updates,
// a few deletes, many creates, repairable lines, prose, invented ids and
// conflicts.
func benchAnswer() string {
	var ls []string
	for i := 1; i <= 40; i++ {
		ls = append(ls, fmt.Sprintf(`{"action":"keep","id":"M%d"}`, i))
	}
	for i := 1; i <= 30; i++ {
		ls = append(ls, fmt.Sprintf(`{"action":"update","id":"M%d","statement":"第%d条记忆的新表述：成员常在周%d晚上讨论话题%d","change_reason":"新消息补充","evidence":["m%d","m%d"]}`, i, i, i%7+1, i*13, i, i+1))
	}
	for i := 41; i <= 44; i++ {
		ls = append(ls, fmt.Sprintf(`{"action":"delete","id":"M%d","change_reason":"已过时"}`, i))
	}
	for i := range 300 {
		ls = append(ls, fmt.Sprintf(`{"action":"create","statement":"新特点%d：%s喜欢在群里分享%s","change_reason":"多人提到","evidence":["m%d"]}`, i, string(rune('一'+i)), string(rune('丁'+i*3)), i%200+1))
	}
	for i := range 60 {
		ls = append(ls, fmt.Sprintf(`{action: create, statement: 可修复的第%d行%s, evidence: [m%d]}`, i, string(rune('甲'+i*5)), i+1))
	}
	for i := range 40 {
		ls = append(ls, fmt.Sprintf("说明文字第%d行：以下是整理结果", i))
	}
	for i := range 26 {
		if i%2 == 0 {
			ls = append(ls, fmt.Sprintf(`{"action":"delete","id":"M%d"}`, 100+i))
		} else {
			ls = append(ls, fmt.Sprintf(`{"action":"update","id":"M%d","statement":"冲突的第二次更新%d"}`, i, i))
		}
	}
	return strings.Join(ls, "\n")
}

// BenchmarkParseAnswer500 measures Parse of a 500-line answer; the run's
// validation of its actions is evolve's BenchmarkApply500 (together:
// target 5 ms on two cores).
func BenchmarkParseAnswer500(b *testing.B) {
	text := benchAnswer()
	if n := strings.Count(text, "\n") + 1; n != 500 {
		b.Fatalf("answer has %d lines", n)
	}
	var rep groupmem.Report
	for i := 0; i < b.N; i++ {
		_, rep = parse(b, text, "stop")
	}
	b.ReportMetric(float64(rep.Parsed), "actions/op")
	b.ReportMetric(float64(len(rep.Dropped)), "drops/op")
}
