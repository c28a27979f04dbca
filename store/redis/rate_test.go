package redis

import (
	"testing"

	"github.com/groupmem/groupmem/store/storetest"
)

// TestRateBudget runs the contract on two Lockers of their own on the same
// server and prefix, as two replicas hold them.
func TestRateBudget(t *testing.T) {
	t.Parallel()
	storetest.TestRateBudget(t, func(t *testing.T) storetest.RateBudgetFixture {
		a := openTest(t, Config{})
		b, err := Open(t.Context(), Config{Addr: testAddr(), Prefix: a.prefix})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { b.Close() })
		return storetest.RateBudgetFixture{A: a.RateBudget(), B: b.RateBudget()}
	})
}
