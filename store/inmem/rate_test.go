package inmem

import (
	"testing"

	"github.com/groupmem/groupmem/store/storetest"
)

func TestRateBudget(t *testing.T) {
	t.Parallel()
	storetest.TestRateBudget(t, func(t *testing.T) storetest.RateBudgetFixture {
		b := NewRateBudget(nil)
		return storetest.RateBudgetFixture{A: b, B: b}
	})
}
