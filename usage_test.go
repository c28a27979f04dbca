package groupmem_test

import (
	"math"
	"testing"

	"github.com/groupmem/groupmem"
)

func TestPricesCheck(t *testing.T) {
	for _, p := range []groupmem.Prices{
		{ChatInput: groupmem.MaxPrice + 1},
		{ChatOutput: 1e300},
		{EmbedInput: math.MaxFloat64},
		{ChatInput: -1},
		{ChatOutput: math.NaN()},
		{EmbedInput: math.Inf(1)},
	} {
		if code := groupmem.ErrorCode(p.Check()); code != groupmem.EINVALID {
			t.Errorf("Check(%+v) = %q, want %q", p, code, groupmem.EINVALID)
		}
	}
	most := groupmem.Prices{ChatInput: groupmem.MaxPrice, ChatOutput: groupmem.MaxPrice, EmbedInput: groupmem.MaxPrice}
	if err := most.Check(); err != nil {
		t.Fatalf("the highest prices: %v", err)
	}
	all := groupmem.Tokens{Prompt: math.MaxInt64, Completion: math.MaxInt64, Embedding: math.MaxInt64}
	if c := most.Cost(all); c != groupmem.MaxCost {
		t.Errorf("the most tokens at the highest prices cost %v, want MaxCost", c)
	}
}
