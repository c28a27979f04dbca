package storetest

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
)

// RateBudgetFixture is two handles on one budget store, as two replicas of
// the worker hold them: what one admits, the other must see.
type RateBudgetFixture struct {
	A, B groupmem.RateBudget
}

// TestRateBudget runs the contract of groupmem.RateBudget against the
// fixtures newFixture returns, one per subtest: admissions follow the
// limits' pace, a refused Take writes nothing, a pause stops every holder,
// and two holders together stay under one limit.
func TestRateBudget(t *testing.T, newFixture func(t *testing.T) RateBudgetFixture) {
	t.Helper()
	tests := []struct {
		name string
		run  func(t *testing.T, f RateBudgetFixture)
	}{
		{"RequestsArePaced", testRateRequests},
		{"TokensArePaced", testRateTokens},
		{"UnlimitedAdmitsAll", testRateUnlimited},
		{"PauseStopsEveryHolder", testRatePause},
		{"KeysAreIndependent", testRateKeys},
		{"InvalidArguments", testRateInvalid},
		{"HoldersShareOneLimit", testRateShared},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tt.run(t, newFixture(t))
		})
	}
}

func take(t *testing.T, b groupmem.RateBudget, key string, lim groupmem.RateLimits, tokens int) time.Duration {
	t.Helper()
	w, err := b.Take(t.Context(), key, lim, tokens)
	if err != nil {
		t.Fatalf("Take(%q, %+v, %d): %v", key, lim, tokens, err)
	}
	return w
}

func testRateRequests(t *testing.T, f RateBudgetFixture) {
	lim := groupmem.RateLimits{RequestsPerMinute: 120} // one per 500ms
	if w := take(t, f.A, "m", lim, 0); w != 0 {
		t.Fatalf("first request waits %v; want admitted", w)
	}
	w := take(t, f.B, "m", lim, 0)
	if w < 300*time.Millisecond || w > 500*time.Millisecond {
		t.Fatalf("second request at once: wait %v; want about 500ms", w)
	}
	// A refused Take admitted nothing: after the wait, one request fits.
	time.Sleep(w)
	if w := take(t, f.A, "m", lim, 0); w != 0 {
		t.Fatalf("request after the wait still waits %v", w)
	}
}

func testRateTokens(t *testing.T, f RateBudgetFixture) {
	lim := groupmem.RateLimits{TokensPerMinute: 60_000} // one token per ms
	if w := take(t, f.A, "m", lim, 400); w != 0 {
		t.Fatalf("first request waits %v; want admitted", w)
	}
	w := take(t, f.B, "m", lim, 10)
	if w < 250*time.Millisecond || w > 400*time.Millisecond {
		t.Fatalf("request after 400 tokens: wait %v; want about 400ms", w)
	}
	// Burst lets admissions run that far ahead of the pace.
	burst := lim
	burst.Burst = time.Second
	if w := take(t, f.A, "m2", burst, 400); w != 0 {
		t.Fatalf("first request waits %v", w)
	}
	if w := take(t, f.A, "m2", burst, 400); w != 0 {
		t.Fatalf("request within the burst waits %v", w)
	}
}

func testRateUnlimited(t *testing.T, f RateBudgetFixture) {
	for i := range 50 {
		if w := take(t, f.A, "m", groupmem.RateLimits{}, 1_000_000); w != 0 {
			t.Fatalf("request %d with no limits waits %v", i, w)
		}
	}
}

func testRatePause(t *testing.T, f RateBudgetFixture) {
	lim := groupmem.RateLimits{RequestsPerMinute: 60_000}
	if err := f.A.Pause(t.Context(), "m", 600*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if err := f.B.Pause(t.Context(), "m", 100*time.Millisecond); err != nil { // shorter: the longer stays
		t.Fatal(err)
	}
	w := take(t, f.B, "m", lim, 0)
	if w < 400*time.Millisecond || w > 600*time.Millisecond {
		t.Fatalf("during a pause of 600ms the other holder waits %v", w)
	}
	time.Sleep(w)
	if w := take(t, f.B, "m", lim, 0); w != 0 {
		t.Fatalf("after the pause: wait %v", w)
	}
}

func testRateKeys(t *testing.T, f RateBudgetFixture) {
	lim := groupmem.RateLimits{RequestsPerMinute: 1}
	take(t, f.A, "m1", lim, 0)
	if w := take(t, f.A, "m2", lim, 0); w != 0 {
		t.Fatalf("another key waits %v", w)
	}
}

func testRateInvalid(t *testing.T, f RateBudgetFixture) {
	ctx := t.Context()
	if _, err := f.A.Take(ctx, "", groupmem.RateLimits{}, 1); groupmem.ErrorCode(err) != groupmem.EINVALID {
		t.Errorf("empty key: %v; want EINVALID", err)
	}
	if _, err := f.A.Take(ctx, "m", groupmem.RateLimits{}, -1); groupmem.ErrorCode(err) != groupmem.EINVALID {
		t.Errorf("negative tokens: %v; want EINVALID", err)
	}
	if err := f.A.Pause(ctx, "m", -time.Second); groupmem.ErrorCode(err) != groupmem.EINVALID {
		t.Errorf("negative pause: %v; want EINVALID", err)
	}
	if w := take(t, f.A, "m", groupmem.RateLimits{RequestsPerMinute: 1}, 0); w != 0 {
		t.Errorf("after rejected calls the budget waits %v: they changed it", w)
	}
}

// testRateShared runs eight takers on each holder for 1.5s against 1,200
// requests and 240,000 tokens a minute (20 requests, 4,000 tokens a
// second): together they must admit no more than the limits allow over
// the window, and not far less.
func testRateShared(t *testing.T, f RateBudgetFixture) {
	lim := groupmem.RateLimits{RequestsPerMinute: 1200, TokensPerMinute: 240_000, Burst: 100 * time.Millisecond}
	const window, tokens = 1500 * time.Millisecond, 150
	var admitted atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for i := range 16 {
		b := f.A
		if i%2 == 1 {
			b = f.B
		}
		wg.Go(func() {
			for time.Since(start) < window {
				w, err := b.Take(t.Context(), "m", lim, tokens)
				if err != nil {
					t.Error(err)
					return
				}
				if w == 0 {
					admitted.Add(1)
					continue
				}
				time.Sleep(min(w, time.Until(start.Add(window))+time.Millisecond))
			}
		})
	}
	wg.Wait()
	// Tokens bind: 4,000/s at 150 each is 26.7 requests a second.
	perSec := float64(lim.TokensPerMinute) / 60 / tokens
	most := int64(perSec*(window+lim.Burst).Seconds()) + 1
	least := int64(perSec * window.Seconds() * 0.8)
	if n := admitted.Load(); n > most || n < least {
		t.Fatalf("two holders admitted %d requests in %v; want between %d and %d", n, window, least, most)
	}
}
