package evolve

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/groupmem/groupmem"
)

// The pass loop makes one pass per batch, in order, replaces a pass its
// answerer splits by its two halves before the passes after it, and stops
// at the first error.
func TestPassesSplitAndStop(t *testing.T) {
	st := startState(t, seedMemories("群规禁止讨论政治"), Config{MaxMessages: 4})
	var sizes []string
	err := st.runPasses(context.Background(), chat(1, 5), func(_ context.Context, p *pass, b batch, depth int) (bool, error) {
		sizes = append(sizes, fmt.Sprintf("%d@%d", len(b.Messages), depth))
		if depth == 0 && len(b.Messages) == 4 {
			return true, st.discard(p, groupmem.Answer{}, DropAnswerCut)
		}
		return false, st.apply(p, nil, groupmem.Report{})
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(sizes); got != "[4@0 2@1 2@1 1@0]" {
		t.Errorf("passes = %s, want the first split in two halves before the last", got)
	}

	boom := errors.New("model down")
	st = startState(t, nil, Config{MaxMessages: 2})
	asked := 0
	err = st.runPasses(context.Background(), chat(1, 6), func(context.Context, *pass, batch, int) (bool, error) {
		asked++
		return false, boom
	})
	if !errors.Is(err, boom) || asked != 1 {
		t.Errorf("Passes = %v after %d passes, want the first pass's error after one", err, asked)
	}

	st = startState(t, nil, Config{})
	err = st.runPasses(context.Background(), chat(1, 1), func(context.Context, *pass, batch, int) (bool, error) { return true, nil })
	if groupmem.ErrorCode(err) != groupmem.EINTERNAL {
		t.Errorf("splitting a pass of one message = %v, want EINTERNAL", err)
	}
}

// A whole run is one pass that shows every memory and every message,
// whatever the budget says.
func TestWholeRunIsOnePass(t *testing.T) {
	var mems []groupmem.Memory
	for i := range 120 {
		mems = append(mems, seedMemories(fmt.Sprintf("members talk about topic number %d", i))...)
	}
	st := startState(t, mems, Config{Whole: true, MaxMemories: 5, MaxMessages: 5})
	batches := st.batches(chat(1, 600))
	if len(batches) != 1 || len(batches[0].Messages) != 600 {
		t.Fatalf("%d batches, want one of 600 messages", len(batches))
	}
	p, err := st.pass(batches[0])
	if err != nil {
		t.Fatal(err)
	}
	if shown := len(p.Memories); shown < 120 {
		t.Errorf("the pass shows %d memories, want all 120", shown)
	}
}
