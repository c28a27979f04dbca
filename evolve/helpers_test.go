package evolve

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
)

const testGroup = "group_test_001"

// testNow is the time every test run evolves at.
var testNow = time.Date(2026, 11, 21, 3, 0, 0, 0, time.UTC)

// seedMemories returns active memories of testGroup, one per statement,
// as the ledger would hold them: version 2 with a parent, updated on
// distinct days (the first statement most recently), strength 0.8.
func seedMemories(statements ...string) []groupmem.Memory {
	out := make([]groupmem.Memory, len(statements))
	for i, st := range statements {
		out[i] = groupmem.Memory{
			ID:        groupmem.NewID(),
			LineageID: groupmem.NewID(),
			GroupID:   testGroup,
			Statement: st,
			Version:   2,
			ParentID:  groupmem.NewID(),
			Status:    groupmem.StatusActive,
			Tags:      []string{"habit"},
			Strength:  0.8,
			Evidence:  []string{fmt.Sprintf("old_%d", i)},
			CreatedAt: testNow.Add(-time.Duration(60+i) * 24 * time.Hour),
			UpdatedAt: testNow.Add(-time.Duration(10+i) * 24 * time.Hour),
		}
	}
	return out
}

// chat returns n messages of testGroup, one minute apart, with ids msg_1..
// msg_n (offset by first-1).
func chat(first, n int) []groupmem.Message {
	out := make([]groupmem.Message, n)
	for i := range out {
		k := first + i
		out[i] = groupmem.Message{
			GroupID:    testGroup,
			ID:         fmt.Sprintf("msg_%d", k),
			Seq:        int64(k),
			SenderID:   fmt.Sprintf("u%d", k%5),
			SenderName: []string{"小王", "阿杰", "Lily", "老张", "momo"}[k%5],
			Content:    fmt.Sprintf("这周五还看新番吗 #%d", k),
			SentAt:     time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC).Add(time.Duration(k) * time.Minute),
		}
	}
	return out
}

func startState(t testing.TB, mems []groupmem.Memory, cfg Config) *state {
	t.Helper()
	st, err := newState(testGroup, mems, cfg, testNow)
	if err != nil {
		t.Fatalf("newState: %v", err)
	}
	return st
}

// onePass shows msgs in a single pass and returns it.
func onePass(t testing.TB, st *state, msgs []groupmem.Message) *pass {
	t.Helper()
	batches := st.batches(msgs)
	if len(batches) != 1 {
		t.Fatalf("Batches gave %d batches, want 1", len(batches))
	}
	p, err := st.pass(batches[0])
	if err != nil {
		t.Fatalf("Pass: %v", err)
	}
	return p
}

// aliases reads the memories a pass shows: statement -> alias.
func aliases(t testing.TB, p *pass) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, m := range p.Memories {
		out[m.Statement] = m.Alias
	}
	return out
}

// answer substitutes {statement} placeholders in a template answer by the
// alias the pass gave that statement.
func answer(t testing.TB, p *pass, tmpl string) string {
	t.Helper()
	al := aliases(t, p)
	return regexp.MustCompile(`\{\{([^}]*)\}\}`).ReplaceAllStringFunc(tmpl, func(s string) string {
		st := s[2 : len(s)-2]
		a, ok := al[st]
		if !ok {
			t.Fatalf("statement %q is not shown in the pass", st)
		}
		return a
	})
}

// checkPlan asserts the invariants every plan must hold against the
// memories the run began with, and returns the statements of the active
// memories after the plan, sorted as: kept in input order, then new.
func checkPlan(t testing.TB, initial []groupmem.Memory, plan *groupmem.Plan) []string {
	t.Helper()
	byID := map[string]groupmem.Memory{}
	for _, m := range initial {
		byID[m.ID] = m
	}
	moved := map[string]groupmem.Status{}
	for _, tr := range plan.Transitions {
		if _, ok := byID[tr.MemoryID]; !ok {
			t.Errorf("transition of %s, which the run was not given", tr.MemoryID)
		}
		if _, dup := moved[tr.MemoryID]; dup {
			t.Errorf("memory %s transitioned twice", tr.MemoryID)
		}
		if tr.From != groupmem.StatusActive || (tr.To != groupmem.StatusSuperseded && tr.To != groupmem.StatusDeprecated) {
			t.Errorf("transition %+v is not active -> superseded/deprecated", tr)
		}
		moved[tr.MemoryID] = tr.To
	}
	lineages := map[string]int{}
	for _, m := range initial {
		if _, gone := moved[m.ID]; !gone {
			lineages[m.LineageID]++
		}
	}
	for _, m := range plan.New {
		clean, err := groupmem.CleanMemory(m)
		if err != nil {
			t.Errorf("new version fails CleanMemory: %v (%+v)", err, m)
		} else if clean.Statement != m.Statement || len(clean.Evidence) != len(m.Evidence) {
			t.Errorf("new version is not clean: %+v", m)
		}
		if m.GroupID != testGroup || m.Status != groupmem.StatusActive || !m.CreatedAt.Equal(testNow) || !m.UpdatedAt.Equal(testNow) {
			t.Errorf("new version %+v: want group %s, active, written at %v", m, testGroup, testNow)
		}
		if m.ParentID == "" {
			if m.Version != 1 || m.LineageID != m.ID {
				t.Errorf("created version %+v: want version 1 and its own lineage", m)
			}
		} else {
			parent, ok := byID[m.ParentID]
			switch {
			case !ok:
				t.Errorf("new version's parent %s was not given to the run", m.ParentID)
			case moved[m.ParentID] != groupmem.StatusSuperseded:
				t.Errorf("parent %s of an update is %q, want superseded", m.ParentID, moved[m.ParentID])
			case m.Version != parent.Version+1 || m.LineageID != parent.LineageID:
				t.Errorf("update %+v of %+v: want version +1 in the same lineage", m, parent)
			}
		}
		lineages[m.LineageID]++
	}
	for l, n := range lineages {
		if n > 1 {
			t.Errorf("lineage %s has %d active versions", l, n)
		}
	}
	supersededParents := 0
	for _, to := range moved {
		if to == groupmem.StatusSuperseded {
			supersededParents++
		}
	}
	s := plan.Run.Stats
	if s.Kept+s.Updated+s.Deleted != len(initial) || s.Updated != supersededParents || s.Deleted != len(moved)-supersededParents || s.Created+s.Updated != len(plan.New) {
		t.Errorf("stats %+v do not match %d initial memories, %d transitions, %d new versions", s, len(initial), len(moved), len(plan.New))
	}
	if len(plan.Changes) != s.Updated+s.Created+s.Deleted {
		t.Errorf("%d change rows for stats %+v", len(plan.Changes), s)
	}
	var active []string
	for _, m := range initial {
		if _, gone := moved[m.ID]; !gone {
			active = append(active, m.Statement)
		}
	}
	for _, m := range plan.New {
		active = append(active, m.Statement)
	}
	return active
}

// dropReasons lists the reasons of a report's drops, in order.
func dropReasons(r groupmem.Report) []string {
	var out []string
	for _, d := range r.Dropped {
		out = append(out, d.Reason)
	}
	return out
}

// decode reads a well-formed answer of JSON Lines into actions strictly,
// one action a line, with the report a reader of answers gives it: the
// run's tests build their actions with it, since they test the run, not
// the repair of broken answers (package llmfuse).
func decode(t testing.TB, answer, finish string) ([]groupmem.Action, groupmem.Report) {
	t.Helper()
	rep := groupmem.Report{Answers: 1, Finish: finish}
	var actions []groupmem.Action
	for i, l := range strings.Split(answer, "\n") {
		rep.Lines++
		if strings.TrimSpace(l) == "" {
			continue
		}
		var obj struct {
			Action       string   `json:"action"`
			ID           string   `json:"id"`
			Statement    string   `json:"statement"`
			ChangeReason string   `json:"change_reason"`
			Evidence     []string `json:"evidence"`
			Subjects     []string `json:"subjects"`
		}
		dec := json.NewDecoder(strings.NewReader(l))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&obj); err != nil {
			t.Fatalf("answer line %d %q: %v", i+1, l, err)
		}
		actions = append(actions, groupmem.Action{Kind: groupmem.ActionKind(obj.Action), Alias: obj.ID, Statement: obj.Statement,
			Reason: obj.ChangeReason, Evidence: obj.Evidence, Subjects: obj.Subjects, Line: i + 1})
		rep.Entries++
		rep.Parsed++
	}
	return actions, rep
}

// lines joins answer lines.
func lines(ls ...string) string { return strings.Join(ls, "\n") }
