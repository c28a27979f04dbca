package llmfuse

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/evolve"
)

const testGroup = "group_test_001"

// testNow is the time every test run evolves at.
var testNow = time.Date(2026, 11, 21, 3, 0, 0, 0, time.UTC)

// parse runs Parse with the default configuration and no deadline.
func parse(t testing.TB, answer, finish string) ([]groupmem.Action, groupmem.Report) {
	t.Helper()
	a, err := Parse(context.Background(), answer, finish, Config{})
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return a.Actions, a.Report
}

// dropReasons lists the reasons of a report's drops, in order.
func dropReasons(r groupmem.Report) []string {
	var out []string
	for _, d := range r.Dropped {
		out = append(out, d.Reason)
	}
	return out
}

// lines joins answer lines.
func lines(ls ...string) string { return strings.Join(ls, "\n") }

// seedMemories returns active memories of testGroup, one per statement,
// as the ledger would hold them: version 2 with a parent, updated on
// distinct days (the first statement most recently), strength 0.8.
func seedMemories(statements ...string) []groupmem.Memory {
	out := make([]groupmem.Memory, len(statements))
	for i, st := range statements {
		out[i] = groupmem.Memory{
			ID: groupmem.NewID(), LineageID: groupmem.NewID(), GroupID: testGroup, Statement: st, Version: 2,
			ParentID: groupmem.NewID(), Status: groupmem.StatusActive, Tags: []string{"habit"}, Strength: 0.8,
			Evidence:  []string{fmt.Sprintf("old_%d", i)},
			CreatedAt: testNow.Add(-time.Duration(60+i) * 24 * time.Hour),
			UpdatedAt: testNow.Add(-time.Duration(10+i) * 24 * time.Hour),
		}
	}
	return out
}

// chat returns n messages of testGroup, one minute apart, with ids msg_1..
// msg_n.
func chat(n int) []groupmem.Message {
	out := make([]groupmem.Message, n)
	for i := range out {
		k := i + 1
		out[i] = groupmem.Message{
			GroupID: testGroup, ID: fmt.Sprintf("msg_%d", k), Seq: int64(k), SenderID: fmt.Sprintf("u%d", k%5),
			SenderName: []string{"小王", "阿杰", "Lily", "老张", "momo"}[k%5],
			Content:    fmt.Sprintf("这周五还看新番吗 #%d", k),
			SentAt:     time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC).Add(time.Duration(k) * time.Minute),
		}
	}
	return out
}

// canned is a model that gives one answer to every prompt.
type canned struct{ text, finish string }

func (c canned) Ask(context.Context, string, string) (groupmem.Reply, error) {
	return groupmem.Reply{Text: c.text, Finish: c.finish}, nil
}

func (canned) Model() string { return "canned" }

// recorder is a Fuser that remembers the last pass it was shown.
type recorder struct {
	*Fuser
	last groupmem.Pass
}

func (r *recorder) Fuse(ctx context.Context, p groupmem.Pass) (groupmem.Answer, error) {
	r.last = p
	return r.Fuser.Fuse(ctx, p)
}

// fuseOnce runs one evolution of mems and msgs, which must make one pass,
// whose answer is text with the finish reason given, asked once and
// never split. It returns the fusion and the pass the Fuser was shown.
func fuseOnce(t testing.TB, mems []groupmem.Memory, msgs []groupmem.Message, text, finish string) (evolve.Fusion, groupmem.Pass, error) {
	t.Helper()
	f, err := New(canned{text, finish}, Config{})
	if err != nil {
		t.Fatal(err)
	}
	r := &recorder{Fuser: f}
	out, err := evolve.Fuse(context.Background(), r, evolve.Config{Reasks: -1, MaxSplits: -1},
		evolve.Input{Run: groupmem.Run{ID: groupmem.NewID(), GroupID: testGroup}, Memories: mems, Messages: msgs, Now: testNow})
	if r.last.N != 1 || r.last.Later != 0 {
		t.Fatalf("the run made pass %d with %d messages later; want one pass", r.last.N, r.last.Later)
	}
	return out, r.last, err
}
