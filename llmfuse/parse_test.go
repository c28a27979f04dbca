package llmfuse

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/evolve"
)

// act builds an expected action.
func act(kind groupmem.ActionKind, alias, statement string, line int, repaired bool) groupmem.Action {
	return groupmem.Action{Kind: kind, Alias: alias, Statement: statement, Line: line, Repaired: repaired}
}

const (
	keep   = groupmem.ActionKeep
	update = groupmem.ActionUpdate
	create = groupmem.ActionCreate
	del    = groupmem.ActionDelete
)

func TestParse(t *testing.T) {
	tests := []struct {
		name    string
		answer  string
		finish  string
		want    []groupmem.Action
		dropped []groupmem.Drop // compared on Line and Reason
		ignored map[string]int
		lines   int
	}{
		{
			name: "clean JSON Lines",
			answer: lines(
				`{"action":"keep","id":"M1"}`,
				`{"action":"update","id":"M2","statement":"每周五晚上聊新番","change_reason":"多人提到","evidence":["m1","m4"]}`,
				`{"action":"delete","id":"M3","change_reason":"已停办"}`,
				`{"action":"create","statement":"成员多为前端开发"}`,
			),
			want: []groupmem.Action{
				act(keep, "M1", "", 1, false),
				{Kind: update, Alias: "M2", Statement: "每周五晚上聊新番", Reason: "多人提到", Evidence: []string{"m1", "m4"}, Line: 2},
				{Kind: del, Alias: "M3", Reason: "已停办", Line: 3},
				act(create, "", "成员多为前端开发", 4, false),
			},
			lines: 4,
		},
		{
			name:    "code fence",
			answer:  "```json\n{\"action\":\"keep\",\"id\":\"M1\"}\n{\"action\":\"delete\",\"id\":\"M2\"}\n```",
			want:    []groupmem.Action{act(keep, "M1", "", 2, false), act(del, "M2", "", 3, false)},
			ignored: map[string]int{IgnoreStructure: 2},
			lines:   4,
		},
		{
			name:   "array on one line",
			answer: `[{"action":"keep","id":"M1"},{"action":"create","statement":"a b"}]`,
			want:   []groupmem.Action{act(keep, "M1", "", 1, false), act(create, "", "a b", 1, false)},
			lines:  1,
		},
		{
			name: "pretty-printed array across lines",
			answer: lines(
				`[`,
				`  {`,
				`    "action": "update",`,
				`    "id": "M1",`,
				`    "statement": "x y"`,
				`  },`,
				`  {"action": "delete", "id": "M2"}`,
				`]`,
			),
			want:    []groupmem.Action{act(update, "M1", "x y", 2, false), act(del, "M2", "", 7, false)},
			ignored: map[string]int{IgnoreStructure: 2},
			lines:   8,
		},
		{
			name:   "wrapper object holding the actions",
			answer: `{"actions": [{"action":"keep","id":"M1"}, {"action":"create","statement":"z"}]}`,
			want:   []groupmem.Action{act(keep, "M1", "", 1, false), act(create, "", "z", 1, false)},
			lines:  1,
		},
		{
			name: "prose before, between and after",
			answer: lines(
				`好的，以下是整理结果：`,
				`{"action":"keep","id":"M1"}`,
				`另外：`,
				`{"action":"create","statement":"z"}`,
				`以上。`,
			),
			want:    []groupmem.Action{act(keep, "M1", "", 2, false), act(create, "", "z", 4, false)},
			dropped: []groupmem.Drop{{Line: 1, Reason: DropProse}, {Line: 3, Reason: DropProse}, {Line: 5, Reason: DropProse}},
			lines:   5,
		},
		{
			name: "prose with a colon before an object on the same line",
			answer: lines(
				`Here you go: {"action":"keep","id":"M1"}`,
			),
			want:    []groupmem.Action{act(keep, "M1", "", 1, false)},
			dropped: []groupmem.Drop{{Line: 1, Reason: DropProse}},
			lines:   1,
		},
		{
			name: "a fenced object on one line is read",
			answer: lines(
				`{"action":"keep","id":"M1"}`,
				"```{\"a\":\"b\"}```",
				"```json {\"action\":\"keep\",\"id\":\"M2\"}```",
				"```",
			),
			want:    []groupmem.Action{act(keep, "M1", "", 1, false), act(keep, "M2", "", 3, false)},
			dropped: []groupmem.Drop{{Line: 2, Reason: evolve.DropUnknownAction}},
			ignored: map[string]int{IgnoreStructure: 1},
			lines:   4,
		},
		{
			name: "a string that goes on after the brace that seemed to close its object",
			answer: lines(
				`{"action":"create","statement":"the set {a, b"} more"}`,
				`{"action":"update","id":"M1","statement":"每周五晚上 "}""}`,
				`{"action":"create","statement":"the set {a, b"}, more"}`,
				`{"action":"create","statement":"the set {a, b"} more"`,
				`{"action":"keep","id":"M2"}`,
			),
			want: []groupmem.Action{act(keep, "M2", "", 5, false)},
			dropped: []groupmem.Drop{{Line: 1, Reason: DropGarbled}, {Line: 1, Reason: DropFragment}, {Line: 2, Reason: DropGarbled}, {Line: 2, Reason: DropFragment},
				{Line: 3, Reason: DropGarbled}, {Line: 3, Reason: DropFragment}, {Line: 4, Reason: DropGarbled}, {Line: 4, Reason: DropFragment}},
			lines: 5,
		},
		{
			name: "what may follow an object on its line leaves the object whole",
			answer: lines(
				`{"actions":[{"action":"keep","id":"M1"}], "note": "done"}`,
				`{"action":"keep","id":"M2"}, "note": "x"}`,
				`{"action":"keep","id":"M3"} ["a", "b"]`,
				`{"action":"create","statement":"周五看新番"} 依据 "周五见"`,
				`{"action":"keep","id":"M4"} "a string of its own"`,
			),
			want: []groupmem.Action{act(keep, "M1", "", 1, false), act(keep, "M2", "", 2, false), act(keep, "M3", "", 3, false),
				act(create, "", "周五看新番", 4, false), act(keep, "M4", "", 5, false)},
			dropped: []groupmem.Drop{{Line: 1, Reason: DropFragment}, {Line: 2, Reason: DropFragment}, {Line: 3, Reason: DropFragment},
				{Line: 4, Reason: DropFragment}, {Line: 5, Reason: DropFragment}},
			lines: 5,
		},
		{
			name: "prose and pieces of JSON without words are reported with their line",
			answer: lines(
				`{"action":"keep","id":"M1"}`,
				`"12:20"`,
				`👍`,
				`1.`,
				`[1, 2]`,
			),
			want:    []groupmem.Action{act(keep, "M1", "", 1, false)},
			dropped: []groupmem.Drop{{Line: 2, Reason: DropFragment}, {Line: 3, Reason: DropProse}},
			ignored: map[string]int{IgnoreStructure: 2},
			lines:   5,
		},
		{
			name: "think block holding JSON is ignored",
			answer: lines(
				`<think>`,
				`maybe {"action":"delete","id":"M1"}`,
				`</think>`,
				`{"action":"keep","id":"M2"}`,
			),
			want:    []groupmem.Action{act(keep, "M2", "", 4, false)},
			ignored: map[string]int{IgnoreReasoning: 3},
			lines:   4,
		},
		{
			name: "reasoning without its opening tag",
			answer: lines(
				`Let me think. {"action":"delete","id":"M1"}`,
				`</think>`,
				`{"action":"create","statement":"a b"}`,
			),
			want:    []groupmem.Action{act(create, "", "a b", 3, false)},
			ignored: map[string]int{IgnoreReasoning: 2},
			lines:   3,
		},
		{
			name:   "reasoning without its opening tag, answer on the same line",
			answer: `so delete M1? {"action":"delete","id":"M1"} no.</think> {"action":"keep","id":"M2"}`,
			want:   []groupmem.Action{act(keep, "M2", "", 1, false)},
			lines:  1,
		},
		{
			name:   "reasoning tags in other spellings, upper case",
			answer: "<Thinking>{\"action\":\"delete\",\"id\":\"M1\"}</Thinking><REASONING>x</REASONING>{\"action\":\"keep\",\"id\":\"M2\"}",
			want:   []groupmem.Action{act(keep, "M2", "", 1, false)},
			lines:  1,
		},
		{
			name:    "reasoning left open at the end",
			answer:  "{\"action\":\"keep\",\"id\":\"M1\"}\n<think>\nand {\"action\":\"delete\",\"id\":\"M2\"}",
			want:    []groupmem.Action{act(keep, "M1", "", 1, false)},
			ignored: map[string]int{IgnoreReasoning: 2},
			lines:   3,
		},
		{
			name:   "several objects on one line",
			answer: `{"action":"keep","id":"M1"} {"action":"keep","id":"M2"},{"action":"keep","id":"M3"}{"action":"keep","id":"M4"}`,
			want:   []groupmem.Action{act(keep, "M1", "", 1, false), act(keep, "M2", "", 1, false), act(keep, "M3", "", 1, false), act(keep, "M4", "", 1, false)},
			lines:  1,
		},
		{
			name:   "full-width punctuation outside strings, kept inside",
			answer: `{"action"："update"，"id"："M1"，"statement"："每周五，晚上：聊新番"}`,
			want:   []groupmem.Action{act(update, "M1", "每周五，晚上：聊新番", 1, true)},
			lines:  1,
		},
		{
			name:   "full-width braces",
			answer: `｛"action"："keep"，"id"："M1"｝`,
			want:   []groupmem.Action{act(keep, "M1", "", 1, true)},
			lines:  1,
		},
		{
			name:   "curly quotes as string delimiters",
			answer: `{“action”: “create”, “statement”: “他说"好"就好”}`,
			want:   []groupmem.Action{act(create, "", `他说"好"就好`, 1, true)},
			lines:  1,
		},
		{
			name:   "curly quotes inside a valid string are content",
			answer: `{"action":"create","statement":"大家常说“佛系”"}`,
			want:   []groupmem.Action{act(create, "", "大家常说“佛系”", 1, false)},
			lines:  1,
		},
		{
			name:   "old_id as a synonym of id, and alias spellings",
			answer: lines(`{"action":"keep","old_id":"M3"}`, `{"action":"DELETE","id":" m4 "}`, `{"action":"Update","id":"[M5]","statement":"s"}`),
			want:   []groupmem.Action{act(keep, "M3", "", 1, false), act(del, "M4", "", 2, false), act(update, "M5", "s", 3, false)},
			lines:  3,
		},
		{
			name:    "id and old_id that disagree",
			answer:  `{"action":"delete","id":"M1","old_id":"M2"}`,
			dropped: []groupmem.Drop{{Line: 1, Reason: DropBadField}},
			lines:   1,
		},
		{
			name:   "unquoted keys and values",
			answer: `{action: update, id: M1, statement: 每周五聊新番}`,
			want:   []groupmem.Action{act(update, "M1", "每周五聊新番", 1, true)},
			lines:  1,
		},
		{
			name:   "trailing comma and single quotes",
			answer: lines(`{"action": "keep", "id": "M1",}`, `{'action': 'create', 'statement': 'ok'}`),
			want:   []groupmem.Action{act(keep, "M1", "", 1, true), act(create, "", "ok", 2, true)},
			lines:  2,
		},
		{
			name:    "missing closing brace in the middle",
			answer:  lines(`{"action":"keep","id":"M1"`, `{"action":"keep","id":"M2"}`),
			want:    []groupmem.Action{act(keep, "M2", "", 2, false)},
			dropped: []groupmem.Drop{{Line: 1, Reason: DropUnclosed}},
			lines:   2,
		},
		{
			name:    "unterminated string before the next field",
			answer:  lines(`{"action":"update","id":"M1","statement":"abc`, `"change_reason":"x"}`),
			dropped: []groupmem.Drop{{Line: 1, Reason: DropUnterminated}, {Line: 2, Reason: DropFragment}},
			lines:   2,
		},
		{
			name:    "plain prose",
			answer:  `这不是JSON`,
			dropped: []groupmem.Drop{{Line: 1, Reason: DropProse}},
			lines:   1,
		},
		{
			name:    "key-value text without braces",
			answer:  `action: keep, id: M1`,
			dropped: []groupmem.Drop{{Line: 1, Reason: DropProse}},
			lines:   1,
		},
		{
			name:    "unknown or missing action",
			answer:  lines(`{"action":"merge","id":"M1"}`, `{"id":"M1"}`, `{}`, `{"action":""}`),
			dropped: []groupmem.Drop{{Line: 1, Reason: evolve.DropUnknownAction}, {Line: 2, Reason: evolve.DropUnknownAction}, {Line: 3, Reason: evolve.DropUnknownAction}, {Line: 4, Reason: evolve.DropUnknownAction}},
			lines:   4,
		},
		{
			name: "fields of the wrong type",
			answer: lines(
				`{"action":"create","statement":42}`,
				`{"action":"keep","id":3}`,
				`{"action":["keep"],"id":"M1"}`,
				`{"action":"update","id":"M1","statement":"s","change_reason":{"a":1}}`,
				`{"action":"create","statement":["a","b"]}`,
			),
			dropped: []groupmem.Drop{{Line: 1, Reason: DropBadField}, {Line: 2, Reason: DropBadField}, {Line: 3, Reason: DropBadField}, {Line: 4, Reason: DropBadField}, {Line: 5, Reason: DropBadField}},
			lines:   5,
		},
		{
			name:   "null fields are absent",
			answer: `{"action":"keep","id":"M1","statement":null,"change_reason":null,"evidence":null}`,
			want:   []groupmem.Action{act(keep, "M1", "", 1, false)},
			lines:  1,
		},
		{
			name:   "evidence as a string, with stray items",
			answer: lines(`{"action":"create","statement":"s","evidence":"m1, m2，m3"}`, `{"action":"create","statement":"t","evidence":["m1",7,null,"m9"]}`, `{"action":"create","statement":"u","evidence":{"m":1}}`),
			want: []groupmem.Action{
				{Kind: create, Statement: "s", Evidence: []string{"m1", "m2", "m3"}, Line: 1},
				{Kind: create, Statement: "t", Evidence: []string{"m1", "m9"}, Line: 2},
				{Kind: create, Statement: "u", Line: 3},
			},
			lines: 3,
		},
		{
			name:   "extra fields and nested values are ignored",
			answer: `{"action":"create","statement":"x y","meta":{"a":{"b":1}},"tags":["t"]}`,
			want:   []groupmem.Action{act(create, "", "x y", 1, false)},
			lines:  1,
		},
		{
			name:    "apostrophe in unquoted text cannot be repaired",
			answer:  `{action: update, id: M1, statement: It's fine, change_reason: ok}`,
			dropped: []groupmem.Drop{{Line: 1, Reason: DropUnrepairable}},
			lines:   1,
		},
		{
			name:   "Windows line endings",
			answer: "{\"action\":\"keep\",\"id\":\"M1\"}\r\n\r\n{\"action\":\"keep\",\"id\":\"M2\"}\r\n",
			want:   []groupmem.Action{act(keep, "M1", "", 1, false), act(keep, "M2", "", 3, false)},
			lines:  2,
		},
		{
			name:   "empty answer",
			answer: "  \n\n ",
			lines:  0,
		},
		{
			name:   "the nothing-to-change line",
			answer: `{"action":"keep"}`,
			want:   []groupmem.Action{act(keep, "", "", 1, false)},
			lines:  1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			finish := tt.finish
			if finish == "" {
				finish = "stop"
			}
			got, rep := parse(t, tt.answer, finish)
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("actions (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.dropped, rep.Dropped, cmpopts.EquateEmpty(), cmpopts.IgnoreFields(groupmem.Drop{}, "Text")); diff != "" {
				t.Errorf("drops (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.ignored, rep.Ignored, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("ignored (-want +got):\n%s", diff)
			}
			checkCounts(t, got, rep, tt.lines, finish)
		})
	}
}

func checkCounts(t *testing.T, got []groupmem.Action, rep groupmem.Report, lines int, finish string) {
	t.Helper()
	repaired := 0
	for _, a := range got {
		if a.Repaired {
			repaired++
		}
	}
	if rep.Lines != lines || rep.Parsed != len(got) || rep.Repaired != repaired || rep.Finish != finish {
		t.Errorf("report %+v: want lines %d, parsed %d, repaired %d, finish %q", rep, lines, len(got), repaired, finish)
	}
	if sum := rep.Parsed + groupmem.Total(rep.Drops) + groupmem.Total(rep.Ignored); sum != rep.Entries {
		t.Errorf("report %+v: parsed, dropped and ignored add up to %d, not the %d entries", rep, sum, rep.Entries)
	}
}

// TestParseCutOff checks that the object the token limit cut is never
// applied, even when it parses or repairs.
func TestParseCutOff(t *testing.T) {
	complete := `{"action":"keep","id":"M1"}`
	tests := []struct {
		name   string
		answer string
		finish string
		want   []groupmem.Action
		drops  []string
	}{
		{"cut inside a string", complete + "\n" + `{"action":"create","statement":"每周五晚上讨`, "length", []groupmem.Action{act(keep, "M1", "", 1, false)}, []string{DropTruncated}},
		{"cut after a key", complete + "\n" + `{"action":"delete","id":"M2","change_reason"`, "length", []groupmem.Action{act(keep, "M1", "", 1, false)}, []string{DropTruncated}},
		{"cut right after a complete object", complete + "\n" + `{"action":"delete","id":"M2"}`, "length", []groupmem.Action{act(keep, "M1", "", 1, false)}, []string{DropTruncated}},
		{"cut inside an array", "[" + complete + `, {"action":"update","id":"M2","statement":"ab`, "max_tokens", []groupmem.Action{act(keep, "M1", "", 1, false)}, []string{DropTruncated}},
		{"cut in prose after the objects", complete + "\n" + `{"action":"delete","id":"M2"}` + "\n以上是", "length", []groupmem.Action{act(keep, "M1", "", 1, false), act(del, "M2", "", 2, false)}, []string{DropProse}},
		{"cut inside reasoning before any object", "<think>\nlet me see {\"action\":\"delete\",\"id\":\"M1\"}", "length", nil, nil},
		{"stopped inside a string: a cut whatever the finish reason", complete + "\n" + `{"action":"create","statement":"每周五晚上讨`, "stop", []groupmem.Action{act(keep, "M1", "", 1, false)}, []string{DropTruncated}},
		{"stopped with only the brace missing", complete + "\n" + `{"action":"delete","id":"M2"`, "stop", []groupmem.Action{act(keep, "M1", "", 1, false)}, []string{DropTruncated}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, rep := parse(t, tt.answer, tt.finish)
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("actions (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.drops, dropReasons(rep), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("drop reasons (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseDropExcerpt(t *testing.T) {
	long := `"` + strings.Repeat("这不是JSON而是一段很长的解释文字", 20) + `":`
	_, rep := parse(t, long+"\n{\"action\":\"create\",\"statement\":\"a\nb", "length")
	if len(rep.Dropped) != 3 || rep.Dropped[2].Reason != DropProse {
		t.Fatalf("drops = %+v, want 3, the last the prose left on line 3", rep.Dropped)
	}
	for _, d := range rep.Dropped {
		if n := len([]rune(d.Text)); n == 0 || n > 60 || strings.Contains(d.Text, "\n") {
			t.Errorf("drop excerpt %q: want one non-empty line of at most %d characters", d.Text, 60)
		}
	}
	if got := rep.Dropped[1].Text; got != `{"action":"create","statement":"a` {
		t.Errorf("unterminated excerpt = %q, want the answer's own text", got)
	}
}

func TestParseDropLimit(t *testing.T) {
	answer := strings.Repeat("{\"action\":\"jump\"}\nprose line\n", 3*groupmem.MaxDropExamples)
	_, rep := parse(t, answer, "stop")
	if len(rep.Dropped) != groupmem.MaxDropExamples {
		t.Fatalf("%d drops listed, want %d", len(rep.Dropped), groupmem.MaxDropExamples)
	}
	if n := rep.Drops[evolve.DropUnknownAction]; n != 3*groupmem.MaxDropExamples {
		t.Errorf("%d drops counted, want every one of %d", n, 3*groupmem.MaxDropExamples)
	}
	if n := rep.Drops[DropProse]; n != 3*groupmem.MaxDropExamples {
		t.Errorf("%d prose lines counted, want %d", n, 3*groupmem.MaxDropExamples)
	}
}

// TestParseReasoningTagsInText checks that reasoning tags inside
// statements are text: above all, a closing tag in a string that the
// answer's next object follows, as in "a</think>{b", never makes the lines
// before it reasoning.
func TestParseReasoningTagsInText(t *testing.T) {
	answer := lines(
		`{"action":"create","statement":"大家常用<think>标签写推理"}`,
		`{"action":"create","statement":"结束用</think>标签"}`,
		`{"action":"keep","id":"M1"}`,
		`{"action":"create","statement":"成员用</think>{结束推理"}`,
		`{"action":"create",`,
		` "statement": "换行后</think>{也一样"}`,
		`{"action":"keep","id":"M2"} {"action":"create","statement":"同一行</think>{也一样"}`,
	)
	got, rep := parse(t, answer, "stop")
	want := []groupmem.Action{act(create, "", "大家常用<think>标签写推理", 1, false), act(create, "", "结束用</think>标签", 2, false),
		act(keep, "M1", "", 3, false), act(create, "", "成员用</think>{结束推理", 4, false), act(create, "", "换行后</think>{也一样", 5, false),
		act(keep, "M2", "", 7, false), act(create, "", "同一行</think>{也一样", 7, false)}
	if diff := cmp.Diff(want, got); diff != "" || len(rep.Dropped) != 0 {
		t.Errorf("tags inside statements must stay text (-want +got):\n%s\ndrops: %+v", diff, rep.Dropped)
	}
}

// A model's answer cannot set what only an evolver decides.
func TestParseSetsNoDecidedFields(t *testing.T) {
	ans, err := Parse(context.Background(), `{"action":"create","statement":"Ann likes tea","strength":0.9,"tags":["x"],"cites":["m1"]}`, "stop", Config{})
	if err != nil {
		t.Fatal(err)
	}
	if len(ans.Actions) != 1 {
		t.Fatalf("parsed %d actions, want 1", len(ans.Actions))
	}
	for _, a := range ans.Actions {
		if a.Strength != nil || a.Tags != nil || a.Cites != nil {
			t.Errorf("parsed action %+v carries decided fields", a)
		}
	}
}

// Subjects are read from a list of names or from one string of names
// separated by commas; an empty list says the memory is about the group.
func TestParseSubjects(t *testing.T) {
	got, _ := parse(t, lines(
		`{"action":"create","statement":"a b","subjects":["Lily"," 老张 ",""]}`,
		`{"action":"create","statement":"c d","subjects":"u4, Ann Lee，老王"}`,
		`{"action":"create","statement":"e f","subjects":[]}`,
		`{"action":"create","statement":"g h"}`,
	), "stop")
	want := [][]string{{"Lily", "老张"}, {"u4", "Ann Lee", "老王"}, {}, nil}
	if len(got) != len(want) {
		t.Fatalf("%d actions, want %d", len(got), len(want))
	}
	for i, a := range got {
		if diff := cmp.Diff(want[i], a.Subjects); diff != "" || (want[i] == nil) != (a.Subjects == nil) {
			t.Errorf("line %d subjects %#v, want %#v", i+1, a.Subjects, want[i])
		}
	}
}
