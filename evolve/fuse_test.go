package evolve

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
)

// fuserFunc is a groupmem.Fuser made of a function: a Fuser that decides
// without a model, as package offline does.
type fuserFunc func(context.Context, groupmem.Pass) (groupmem.Answer, error)

func (f fuserFunc) Fuse(ctx context.Context, p groupmem.Pass) (groupmem.Answer, error) {
	return f(ctx, p)
}
func (fuserFunc) Model() string         { return "func" }
func (fuserFunc) PromptVersion() string { return "" }

func keepAll(n int) groupmem.Answer {
	return groupmem.Answer{Actions: []groupmem.Action{{Kind: groupmem.ActionKeep, Line: 1}}, Calls: n,
		Report: groupmem.Report{Answers: 1, Lines: 1, Entries: 1, Parsed: 1, Finish: "stop"}}
}

// A Fuser sees each pass as the loop made it: its number, the memories
// shown under their aliases with what the passes before did to them, the
// messages of the pass and how many come later, the moderated strengths;
// a pass asked again says so and carries the reminder of the answer's
// form.
func TestFuseShowsEachPass(t *testing.T) {
	mems := seedMemories("群规禁止讨论政治", "周五晚上一起打羽毛球")
	moderated := map[string]time.Time{mems[0].ID: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)}
	var seen []groupmem.Pass
	f := fuserFunc(func(_ context.Context, p groupmem.Pass) (groupmem.Answer, error) {
		seen = append(seen, p)
		switch {
		case p.N == 1 && p.Asked == 0:
			return groupmem.Answer{Text: "I am not sure.", Calls: 1, Report: groupmem.Report{Answers: 1, Finish: "stop"}}, nil
		case p.N == 1:
			return groupmem.Answer{Calls: 1, Actions: []groupmem.Action{{Kind: groupmem.ActionCreate,
				Statement: "成员们每周三晚上下国际象棋", Evidence: []string{"m2"}, Line: 1}},
				Report: groupmem.Report{Answers: 1, Lines: 1, Entries: 1, Parsed: 1, Finish: "stop"}}, nil
		}
		return keepAll(1), nil
	})
	out, err := Fuse(context.Background(), f, Config{MaxMessages: 3}, Input{Run: groupmem.Run{GroupID: testGroup}, Memories: mems, Messages: chat(1, 5),
		Now: testNow, Moderated: moderated})
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) != 3 {
		t.Fatalf("the fuser was asked %d times, want pass 1 twice and pass 2 once", len(seen))
	}
	first, again, second := seen[0], seen[1], seen[2]
	if first.N != 1 || first.Asked != 0 || len(first.Messages) != 3 || first.Later != 2 || len(first.Memories) != 2 || first.Hidden != 0 ||
		first.Memories[0].Alias != "M1" || first.Memories[0].Memory.ID == "" || first.Moderated[mems[0].ID].IsZero() || first.GroupID != testGroup {
		t.Errorf("pass 1 = %+v", first)
	}
	if again.N != 1 || again.Asked != 1 || len(again.Messages) != 3 || len(again.Memories) != 2 {
		t.Errorf("pass 1 asked again: N %d, asked %d; it must show what it showed the first time", again.N, again.Asked)
	}
	if second.N != 2 || len(second.Messages) != 2 || second.Later != 0 || len(second.Memories) != 3 ||
		second.Memories[0].Statement != "成员们每周三晚上下国际象棋" || second.Memories[0].Memory.ID != "" {
		t.Errorf("pass 2 must show the memory pass 1 created first, with no committed version: %+v", second.Memories)
	}
	if len(out.Plan.New) != 1 || out.Plan.New[0].Evidence[0] != chat(1, 5)[1].ID || out.Calls != 3 || out.Plan.Run.Stats.Created != 1 {
		t.Errorf("fusion: %d new (evidence %v), %d calls, stats %+v", len(out.Plan.New), out.Plan.New[0].Evidence, out.Calls, out.Plan.Run.Stats)
	}
}

// A Fuser's own failure ends the passes with its reason; a Fuser that
// holds its pass for review ends them with ErrReview; either way the
// costs so far are counted and nothing is planned.
func TestFuseEndsOnTheFusersError(t *testing.T) {
	mems := seedMemories("群规禁止讨论政治")
	for _, c := range []struct {
		name   string
		err    error
		reason string
	}{
		{"model down", groupmem.Failure(groupmem.FailModel, groupmem.Errorf(groupmem.EUNAVAILABLE, "the model is down")), groupmem.FailModel},
		{"review", fmt.Errorf("would delete it all: %w", groupmem.ErrReview), groupmem.FailReview},
		{"unexpected", errors.New("crashed"), groupmem.FailInternal},
	} {
		t.Run(c.name, func(t *testing.T) {
			calls := 0
			f := fuserFunc(func(_ context.Context, p groupmem.Pass) (groupmem.Answer, error) {
				calls++
				if p.N == 2 {
					return groupmem.Answer{Calls: 1, Tokens: groupmem.Tokens{Prompt: 7}}, c.err
				}
				return keepAll(1), nil
			})
			out, err := Fuse(context.Background(), f, Config{MaxMessages: 2}, Input{Run: groupmem.Run{GroupID: testGroup}, Memories: mems, Messages: chat(1, 6),
				Now: testNow})
			if !errors.Is(err, c.err) || calls != 2 {
				t.Fatalf("Fuse = %v after %d calls, want the error of pass 2", err, calls)
			}
			reason := groupmem.FailReason(err, groupmem.FailInternal)
			if errors.Is(err, groupmem.ErrReview) {
				reason = groupmem.FailReview
			}
			if reason != c.reason || out.Calls != 2 || out.Plan.Run.Tokens.Prompt != 7 || len(out.Plan.New)+len(out.Plan.Changes) != 0 {
				t.Errorf("reason %q, %d calls, %d prompt tokens, %d writes", reason, out.Calls, out.Plan.Run.Tokens.Prompt, len(out.Plan.New)+len(out.Plan.Changes))
			}
		})
	}
}

// Settings of "never" hold however often the defaults are applied (the
// worker applies them, and so does Fuse): an answer with no valid action
// is not asked again, and the run fails on it after one call.
func TestFuseNeverAsksAgainWhenTold(t *testing.T) {
	cfg, err := Config{Reasks: -1, MaxSplits: -1}.WithDefaults()
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := cfg.WithDefaults(); again != cfg {
		t.Fatalf("applying the defaults twice changed them: %+v, then %+v", cfg, again)
	}
	calls := 0
	f := fuserFunc(func(context.Context, groupmem.Pass) (groupmem.Answer, error) {
		calls++
		return groupmem.Answer{Text: "nothing to add", Calls: 1, Report: groupmem.Report{Answers: 1, Finish: "stop"}}, nil
	})
	_, err = Fuse(context.Background(), f, cfg, Input{Run: groupmem.Run{GroupID: testGroup}, Messages: chat(1, 2), Now: testNow})
	if groupmem.FailReason(err, "") != groupmem.FailAnswerUnusable || calls != 1 {
		t.Errorf("Fuse = %v after %d calls; want answer_unusable after one", err, calls)
	}
}

// A final answer (a Fuser's own decision, not a model's text) whose every
// action validation drops changes nothing and is not asked again; the
// same answer from a model is.
func TestFinalAnswerIsNeverAskedAgain(t *testing.T) {
	for _, final := range []bool{true, false} {
		calls := 0
		f := fuserFunc(func(context.Context, groupmem.Pass) (groupmem.Answer, error) {
			calls++
			return groupmem.Answer{Final: final, Actions: []groupmem.Action{{Kind: groupmem.ActionDelete, Alias: "M9", Line: 1}},
				Report: groupmem.Report{Answers: 1, Lines: 1, Entries: 1, Parsed: 1}}, nil
		})
		out, err := Fuse(context.Background(), f, Config{Reasks: 1}, Input{Run: groupmem.Run{GroupID: testGroup},
			Memories: seedMemories("群规禁止讨论政治"), Messages: chat(1, 2), Now: testNow})
		switch {
		case final && (err != nil || calls != 1 || out.Plan.Run.Stats.Kept != 1 || out.Plan.Run.Report.Drops[DropUnknownID] != 1):
			t.Errorf("final: %v after %d calls, stats %+v; want nothing changed after one call", err, calls, out.Plan.Run.Stats)
		case !final && (groupmem.FailReason(err, "") != groupmem.FailAnswerUnusable || calls != 2):
			t.Errorf("not final: %v after %d calls; want answer_unusable after two", err, calls)
		}
	}
}
