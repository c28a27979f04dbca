package llmfuse

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/evolve"
)

// corpusCase is one broken answer of testdata/answers: a header of
// "# key: value" lines, a line "---", then the answer byte for byte.
//
//	# finish: stop                    the finish reason the model gave
//	# want: update M2 | statement     an action Parse must return, in order
//	# drops: unclosed=1 fragment=2    the run's drops by reason (a cut answer's actions: answer_cut)
//	# ignored: prose=1                the entries ignored, by bucket
type corpusCase struct {
	finish  string
	want    []string
	drops   map[string]int
	ignored map[string]int
	answer  string
}

func readCorpusCase(t *testing.T, path string) corpusCase {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	head, answer, ok := strings.Cut(string(data), "\n---\n")
	if !ok {
		t.Fatalf("%s: no --- line", path)
	}
	c := corpusCase{answer: answer}
	counts := func(v string) map[string]int {
		m := map[string]int{}
		for _, kv := range strings.Fields(v) {
			k, n, _ := strings.Cut(kv, "=")
			m[k], _ = strconv.Atoi(n)
		}
		return m
	}
	for _, l := range strings.Split(head, "\n") {
		key, v, _ := strings.Cut(strings.TrimPrefix(l, "# "), ": ")
		switch key {
		case "finish":
			c.finish = v
		case "want":
			c.want = append(c.want, v)
		case "drops":
			c.drops = counts(v)
		case "ignored":
			c.ignored = counts(v)
		}
	}
	return c
}

// show writes an action as a corpus "want" line.
func show(a groupmem.Action) string {
	s := string(a.Kind)
	if a.Alias != "" {
		s += " " + a.Alias
	}
	if a.Statement != "" {
		s += " | " + a.Statement
	}
	return s
}

// TestAnswerCorpus runs every broken answer of testdata/answers through
// Parse, and through a run (evolve.Fuse) of one pass on a group of three
// memories that asks once and never splits: the actions, the drops and
// the ignored text must be exactly those the case names, and every entry
// must land in exactly one bucket. The run fails exactly when nothing in
// the answer is usable, or when the token limit cut it.
func TestAnswerCorpus(t *testing.T) {
	paths, err := filepath.Glob("testdata/answers/*.txt")
	if err != nil || len(paths) < 15 {
		t.Fatalf("corpus: %d files, %v", len(paths), err)
	}
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txt"), func(t *testing.T) {
			c := readCorpusCase(t, path)
			ans, err := Parse(context.Background(), c.answer, c.finish, Config{})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, a := range ans.Actions {
				got = append(got, show(a))
			}
			if diff := cmp.Diff(c.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("actions (-want +got):\n%s", diff)
			}
			fusion, _, err := fuseOnce(t, seedMemories("每周五晚上聊新番动漫", "多数成员从事前端开发", "群规禁止讨论政治"), chat(3), c.answer, c.finish)
			rep := fusion.Plan.Run.Report
			if diff := cmp.Diff(c.drops, rep.Drops, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("drops (-want +got):\n%s\n%+v", diff, rep.Dropped)
			}
			if diff := cmp.Diff(c.ignored, rep.Ignored, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("ignored (-want +got):\n%s", diff)
			}
			if sum := rep.Applied + rep.Kept + groupmem.Total(rep.Drops) + groupmem.Total(rep.Ignored); sum != rep.Entries {
				t.Errorf("report %+v: the buckets hold %d entries, not %d", rep, sum, rep.Entries)
			}
			switch {
			case evolve.CutOff(c.finish):
				if groupmem.FailReason(err, "") != groupmem.FailAnswerCut || rep.Applied+rep.Kept != 0 {
					t.Errorf("run = %v with %d applied and %d kept: a cut answer is never applied", err, rep.Applied, rep.Kept)
				}
			case (err != nil) != (rep.Applied+rep.Kept == 0):
				t.Errorf("run = %v with %d applied and %d kept: an answer is refused exactly when nothing in it is usable", err, rep.Applied, rep.Kept)
			}
		})
	}
}
