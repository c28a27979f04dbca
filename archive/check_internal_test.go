package archive

import (
	"strings"
	"testing"

	"github.com/groupmem/groupmem"
)

// TestRunTokensOfAFileBounded holds that the runs of one file together
// count at most MaxFileTokens tokens of each kind, so that no import can
// overflow a ledger's sums of usage however many runs it holds, each
// within MaxRunTokens; up to the bound they pass.
func TestRunTokensOfAFileBounded(t *testing.T) {
	for i, kind := range []string{"prompt", "completion", "embedding"} {
		c := &checker{}
		c.tokens[i] = MaxFileTokens - 10
		run := func(n int) runRecord {
			v := runRecord{}
			switch kind {
			case "prompt":
				v.Tokens = groupmem.Tokens{Prompt: n}
			case "completion":
				v.Tokens = groupmem.Tokens{Completion: n}
			default:
				v.Tokens = groupmem.Tokens{Embedding: n}
			}
			return v
		}
		if err := c.numbers(run(10)); err != nil {
			t.Fatalf("%s tokens up to the bound: %v", kind, err)
		}
		err := c.numbers(run(1))
		if want := "tokens." + kind + ": the runs of the file count more than 1000000000000000 tokens of a kind together"; err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("%s tokens past the bound: %v; want %q", kind, err, want)
		}
	}
}

// TestRunCostOfAFileBounded holds that the runs of one file together cost
// at most MaxFileCost, so that no import can overflow a ledger's sums of
// cost in nano-units; up to the bound they pass.
func TestRunCostOfAFileBounded(t *testing.T) {
	c := &checker{}
	for range MaxFileCost / MaxRunCost {
		if err := c.numbers(runRecord{Tokens: groupmem.Tokens{Cost: MaxRunCost}}); err != nil {
			t.Fatalf("runs costing %v together: %v", c.cost, err)
		}
	}
	err := c.numbers(runRecord{Tokens: groupmem.Tokens{Cost: 1}})
	if want := "tokens.cost: the runs of the file cost more than 100000000 together"; err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("a run past the bound: %v; want %q", err, want)
	}
}
