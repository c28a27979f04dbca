package evolve

import (
	"errors"
	"fmt"
	"strconv"
	"testing"

	"github.com/groupmem/groupmem"
)

func TestMassDeletionGuard(t *testing.T) {
	eight := []string{"a一", "b二", "c三", "d四", "e五", "f六", "g七", "h八"}
	deletes := func(p *pass, n int) string {
		var ls []string
		for i := 1; i <= n; i++ {
			ls = append(ls, `{"action":"delete","id":"M`+strconv.Itoa(i)+`"}`)
		}
		return lines(ls...)
	}
	tests := []struct {
		name    string
		mems    int
		cfg     Config
		perPass []int // deletions answered in each pass
		review  bool
	}{
		{"more than half of the shown", 8, Config{}, []int{5}, true},
		{"everything", 8, Config{}, []int{8}, true},
		{"exactly half", 8, Config{}, []int{4}, false},
		{"small group below the minimum", 3, Config{}, []int{3}, false},
		{"MinDeleteGuard lowered", 3, Config{MinDeleteGuard: 2}, []int{2}, true},
		{"MaxDeleteShare 1 turns it off", 8, Config{MaxDeleteShare: 1}, []int{8}, false},
		{"across passes", 8, Config{MaxMessages: 5}, []int{3, 3}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mems := seedMemories(eight[:tt.mems]...)
			st := startState(t, mems, tt.cfg)
			batches := st.batches(chat(1, 5*len(tt.perPass)))
			var err error
			for i, n := range tt.perPass {
				p, perr := st.pass(batches[i])
				if perr != nil {
					t.Fatalf("Pass %d: %v", i+1, perr)
				}
				actions, rep := decode(t, deletes(p, n), "stop")
				if err = st.apply(p, actions, rep); err != nil {
					break
				}
			}
			if !tt.review {
				if err != nil {
					t.Fatalf("Apply: %v", err)
				}
				plan, err := st.plan(groupmem.Run{})
				if err != nil {
					t.Fatal(err)
				}
				checkPlan(t, mems, plan)
				if _, err := st.held(groupmem.Run{}); groupmem.ErrorCode(err) != groupmem.EINVALID {
					t.Errorf("Held of a run nothing held: %v, want EINVALID", err)
				}
				return
			}
			if !errors.Is(err, groupmem.ErrReview) || groupmem.ErrorCode(err) != groupmem.EREVIEW {
				t.Fatalf("Apply error = %v, want EREVIEW wrapping groupmem.ErrReview", err)
			}
			if _, perr := st.plan(groupmem.Run{}); !errors.Is(perr, groupmem.ErrReview) {
				t.Errorf("Plan after review: %v, want groupmem.ErrReview", perr)
			}
			if _, perr := st.pass(batches[0]); !errors.Is(perr, groupmem.ErrReview) {
				t.Errorf("Pass after review: %v, want groupmem.ErrReview", perr)
			}
			rep := st.runReport()
			if rep.Passes != len(tt.perPass) || rep.Parsed != sum(tt.perPass) {
				t.Errorf("report %+v: want every pass and action recorded", rep)
			}
			// The plan held for a person is the run's as answered: every
			// deletion the passes asked for, the held pass's included.
			held, herr := st.held(groupmem.Run{})
			if herr != nil {
				t.Fatalf("Held: %v", herr)
			}
			if held.Run.Stats.Deleted != sum(tt.perPass) || len(held.Transitions) != sum(tt.perPass) || len(held.New) != 0 {
				t.Errorf("held plan deletes %d (%d transitions, %d new); want the %d deletions answered",
					held.Run.Stats.Deleted, len(held.Transitions), len(held.New), sum(tt.perPass))
			}
		})
	}
}

func sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

func TestApplyStalePass(t *testing.T) {
	st := startState(t, seedMemories("群规禁止讨论政治"), Config{MaxMessages: 2})
	other := startState(t, nil, Config{})
	batches := st.batches(chat(1, 4))
	p1, err := st.pass(batches[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := st.apply(onePass(t, other, chat(1, 1)), nil, groupmem.Report{}); groupmem.ErrorCode(err) != groupmem.EINVALID {
		t.Errorf("Apply of another run's pass: %v, want EINVALID", err)
	}
	if err := st.apply(p1, nil, groupmem.Report{}); err != nil {
		t.Fatal(err)
	}
	if err := st.apply(p1, nil, groupmem.Report{}); groupmem.ErrorCode(err) != groupmem.EINVALID {
		t.Errorf("second Apply of one pass: %v, want EINVALID", err)
	}
	if err := st.apply(nil, nil, groupmem.Report{}); groupmem.ErrorCode(err) != groupmem.EINVALID {
		t.Errorf("Apply of nil: %v, want EINVALID", err)
	}
}

// benchActions are the actions of a 500-line answer for 50 shown
// memories, as a reader of answers gives them (package llmfuse's
// BenchmarkParseAnswer500 reads that answer): keeps, updates, a few
// deletes, many creates, invented ids and conflicts.
func benchActions() []groupmem.Action {
	var out []groupmem.Action
	add := func(a groupmem.Action) {
		a.Line = len(out) + 1
		out = append(out, a)
	}
	for i := 1; i <= 40; i++ {
		add(groupmem.Action{Kind: groupmem.ActionKeep, Alias: fmt.Sprintf("M%d", i)})
	}
	for i := 1; i <= 30; i++ {
		add(groupmem.Action{Kind: groupmem.ActionUpdate, Alias: fmt.Sprintf("M%d", i), Statement: fmt.Sprintf("第%d条记忆的新表述：成员常在周%d晚上讨论话题%d", i, i%7+1, i*13),
			Reason: "新消息补充", Evidence: []string{fmt.Sprintf("m%d", i), fmt.Sprintf("m%d", i+1)}})
	}
	for i := 41; i <= 44; i++ {
		add(groupmem.Action{Kind: groupmem.ActionDelete, Alias: fmt.Sprintf("M%d", i), Reason: "已过时"})
	}
	for i := range 300 {
		add(groupmem.Action{Kind: groupmem.ActionCreate, Statement: fmt.Sprintf("新特点%d：%s喜欢在群里分享%s", i, string(rune('一'+i)), string(rune('丁'+i*3))),
			Reason: "多人提到", Evidence: []string{fmt.Sprintf("m%d", i%200+1)}})
	}
	for i := range 60 {
		add(groupmem.Action{Kind: groupmem.ActionCreate, Statement: fmt.Sprintf("可修复的第%d行%s", i, string(rune('甲'+i*5))), Evidence: []string{fmt.Sprintf("m%d", i+1)}, Repaired: true})
	}
	for i := range 26 {
		if i%2 == 0 {
			add(groupmem.Action{Kind: groupmem.ActionDelete, Alias: fmt.Sprintf("M%d", 100+i)})
		} else {
			add(groupmem.Action{Kind: groupmem.ActionUpdate, Alias: fmt.Sprintf("M%d", i), Statement: fmt.Sprintf("冲突的第二次更新%d", i)})
		}
	}
	return out
}

// BenchmarkApply500 measures the validation and application of the
// actions of a 500-line answer to a pass of 50 memories and 200 messages;
// reading the answer is package llmfuse's BenchmarkParseAnswer500
// (together: target 5 ms on two cores).
func BenchmarkApply500(b *testing.B) {
	var statements []string
	for i := range 50 {
		statements = append(statements, fmt.Sprintf("第%d条记忆：成员常在周末%s讨论%s", i, string(rune('子'+i)), string(rune('丑'+2*i))))
	}
	mems := seedMemories(statements...)
	msgs := chat(1, 200)
	actions := benchActions()
	rep := groupmem.Report{Answers: 1, Lines: 500, Entries: 500, Parsed: len(actions), Repaired: 60}
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		st := startState(b, mems, Config{})
		p := onePass(b, st, msgs)
		b.StartTimer()
		if err := st.apply(p, actions, rep); err != nil {
			b.Fatal(err)
		}
	}
}
