package llmfuse

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/groupmem/groupmem"
)

// TestParseDropsTooLongObject checks the per-object cap: an object longer
// than MaxObjectBytes is dropped whole as too_long before any repair, and
// the lines around it apply.
func TestParseDropsTooLongObject(t *testing.T) {
	long := `{"action":"create","statement":"` + strings.Repeat("成员常在周末讨论新番", 40) + `","evidence":["m1"]}`
	answer := lines(
		`{"action":"keep","id":"M1"}`,
		long,
		`{"action":"create","statement":"成员每周五晚上开周会","evidence":["m2"]}`,
	)
	a, err := Parse(context.Background(), answer, "stop", Config{MaxObjectBytes: 512})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Actions) != 2 || a.Actions[0].Line != 1 || a.Actions[1].Line != 3 {
		t.Fatalf("actions %+v: want lines 1 and 3", a.Actions)
	}
	if a.Report.Drops[DropTooLong] != 1 || len(a.Report.Drops) != 1 {
		t.Fatalf("drops %v: want one too_long", a.Report.Drops)
	}
	checkCounts(t, a.Actions, a.Report, 3, "stop")

	// The same object under a cap that holds it applies.
	a, err = Parse(context.Background(), answer, "stop", Config{MaxObjectBytes: 4 << 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Actions) != 3 {
		t.Fatalf("under a larger cap: %d actions, want 3; report %+v", len(a.Actions), a.Report)
	}
}

// TestParseAnswerCap checks the answer cap: the lines past MaxAnswerBytes
// are each counted as dropped too_long, none applies, and the lines before
// the cap apply in full.
func TestParseAnswerCap(t *testing.T) {
	var ls []string
	for range 10 {
		ls = append(ls, `{"action":"create","statement":"成员每周五晚上一起打羽毛球","evidence":["m1"]}`)
	}
	answer := lines(ls...)
	capAt := len(ls[0])*4 + 4 + len(ls[0])/2 // inside the fifth line
	a, err := Parse(context.Background(), answer, "stop", Config{MaxAnswerBytes: capAt})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Actions) != 4 {
		t.Fatalf("%d actions, want the 4 lines before the cap", len(a.Actions))
	}
	if a.Report.Drops[DropTooLong] != 6 {
		t.Fatalf("drops %v: want the 6 lines past the cap as too_long", a.Report.Drops)
	}
	checkCounts(t, a.Actions, a.Report, 10, "stop")
}

// TestParseUnterminatedLongLine checks that a 16 KB line with an
// unterminated string costs only itself: it is dropped and the next line
// applies, with the default caps and with a cap large enough to hand it
// to the scanner whole.
func TestParseUnterminatedLongLine(t *testing.T) {
	answer := unterminatedLine() + `{"action":"keep","id":"M2"}`
	for _, maxObject := range []int{0, 64 << 10} {
		a, err := Parse(context.Background(), answer, "stop", Config{MaxObjectBytes: maxObject})
		if err != nil {
			t.Fatal(err)
		}
		if len(a.Actions) != 1 || a.Actions[0].Line != 2 || a.Actions[0].Kind != groupmem.ActionKeep {
			t.Fatalf("cap %d: actions %+v, want the keep of line 2", maxObject, a.Actions)
		}
		if groupmem.Total(a.Report.Drops) != 1 {
			t.Fatalf("cap %d: drops %v, want the long line alone", maxObject, a.Report.Drops)
		}
		checkCounts(t, a.Actions, a.Report, 2, "stop")
	}
}

// TestParseStopsWhenContextEnds checks that Parse answers the context's
// error, not a partial answer, on every shape of large answer: actions,
// reasoning tags (read in their own pass), and one long line.
func TestParseStopsWhenContextEnds(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	answers := map[string]string{
		"actions":      bigAnswer(),
		"opening tags": strings.Repeat("<think", 1<<20/6),
		"closing tags": strings.Repeat("</think>", 1<<20/8),
		"one line":     `{"action":"create","statement":"` + strings.Repeat("a", 1<<20),
	}
	for name, answer := range answers {
		a, err := Parse(ctx, answer, "stop", Config{MaxAnswerBytes: 4 << 20, MaxObjectBytes: 2 << 20})
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s: err %v with %d actions, want context.Canceled", name, err, len(a.Actions))
		}
	}
}

// The pass that finds reasoning blocks, which runs before any line is
// read, stops at the context's end on its own.
func TestReasoningSpansStopWhenContextEnds(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := reasoningSpans(ctx, strings.Repeat("<think", 1<<20/6)); !errors.Is(err, context.Canceled) {
		t.Errorf("reasoningSpans on 1 MB of tags with an ended context = %v, want context.Canceled", err)
	}
	if spans, err := reasoningSpans(context.Background(), "<think>a</think>\n{}"); err != nil || len(spans) != 1 {
		t.Errorf("reasoningSpans = %v, %v; want one block", spans, err)
	}
}
