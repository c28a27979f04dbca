package evolve

import (
	"errors"
	"strconv"
	"testing"

	"github.com/groupmem/groupmem"
)

func TestMassDeletionGuard(t *testing.T) {
	eight := []string{"a一", "b二", "c三", "d四", "e五", "f六", "g七", "h八"}
	deletes := func(p *Pass, n int) string {
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
			st := newState(t, mems, tt.cfg)
			batches := st.Batches(chat(1, 5*len(tt.perPass)))
			var err error
			for i, n := range tt.perPass {
				p, perr := st.Pass(batches[i])
				if perr != nil {
					t.Fatalf("Pass %d: %v", i+1, perr)
				}
				actions, rep := parse(t, deletes(p, n), "stop")
				if err = st.Apply(p, actions, rep); err != nil {
					break
				}
			}
			if !tt.review {
				if err != nil {
					t.Fatalf("Apply: %v", err)
				}
				plan, err := st.Plan(groupmem.Run{})
				if err != nil {
					t.Fatal(err)
				}
				checkPlan(t, mems, plan)
				if _, err := st.Held(groupmem.Run{}); groupmem.ErrorCode(err) != groupmem.EINVALID {
					t.Errorf("Held of a run nothing held: %v, want EINVALID", err)
				}
				return
			}
			if !errors.Is(err, groupmem.ErrReview) || groupmem.ErrorCode(err) != groupmem.EREVIEW {
				t.Fatalf("Apply error = %v, want EREVIEW wrapping groupmem.ErrReview", err)
			}
			if _, perr := st.Plan(groupmem.Run{}); !errors.Is(perr, groupmem.ErrReview) {
				t.Errorf("Plan after review: %v, want groupmem.ErrReview", perr)
			}
			if _, perr := st.Pass(batches[0]); !errors.Is(perr, groupmem.ErrReview) {
				t.Errorf("Pass after review: %v, want groupmem.ErrReview", perr)
			}
			rep := st.Report()
			if rep.Passes != len(tt.perPass) || rep.Parsed != sum(tt.perPass) {
				t.Errorf("report %+v: want every pass and action recorded", rep)
			}
			// The plan held for a person is the run's as answered: every
			// deletion the passes asked for, the held pass's included.
			held, herr := st.Held(groupmem.Run{})
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
	st := newState(t, seedMemories("群规禁止讨论政治"), Config{MaxMessages: 2})
	other := newState(t, nil, Config{})
	batches := st.Batches(chat(1, 4))
	p1, err := st.Pass(batches[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Apply(onePass(t, other, chat(1, 1)), nil, groupmem.Report{}); groupmem.ErrorCode(err) != groupmem.EINVALID {
		t.Errorf("Apply of another run's pass: %v, want EINVALID", err)
	}
	if err := st.Apply(p1, nil, groupmem.Report{}); err != nil {
		t.Fatal(err)
	}
	if err := st.Apply(p1, nil, groupmem.Report{}); groupmem.ErrorCode(err) != groupmem.EINVALID {
		t.Errorf("second Apply of one pass: %v, want EINVALID", err)
	}
	if err := st.Apply(nil, nil, groupmem.Report{}); groupmem.ErrorCode(err) != groupmem.EINVALID {
		t.Errorf("Apply of nil: %v, want EINVALID", err)
	}
}
