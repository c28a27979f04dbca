package llm

import (
	"net/http"
	"testing"
	"time"
)

func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name    string
		headers map[string]string
		want    time.Duration
	}{
		{"none", nil, -1},
		{"seconds", map[string]string{"Retry-After": "7"}, 7 * time.Second},
		{"fractional seconds", map[string]string{"Retry-After": " 1.5 "}, 1500 * time.Millisecond},
		{"zero", map[string]string{"Retry-After": "0"}, 0},
		{"negative", map[string]string{"Retry-After": "-3"}, -1},
		{"not a number", map[string]string{"Retry-After": "NaN"}, -1},
		{"absurdly large", map[string]string{"Retry-After": "1e300"}, -1},
		{"garbage", map[string]string{"Retry-After": "later"}, -1},
		{"HTTP date ahead", map[string]string{"Retry-After": now.Add(90 * time.Second).Format(http.TimeFormat)}, 90 * time.Second},
		{"HTTP date passed", map[string]string{"Retry-After": now.Add(-time.Hour).Format(http.TimeFormat)}, 0},
		{"milliseconds win", map[string]string{"Retry-After-Ms": "250", "Retry-After": "9"}, 250 * time.Millisecond},
		{"bad milliseconds fall back", map[string]string{"Retry-After-Ms": "x", "Retry-After": "2"}, 2 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := http.Header{}
			for k, v := range tt.headers {
				h.Set(k, v)
			}
			if got := retryAfter(h, now); got != tt.want {
				t.Errorf("retryAfter = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestWaitStaysWithinBounds(t *testing.T) {
	p := retryPolicy{base: 500 * time.Millisecond, max: 30 * time.Second, rand: func() float64 { return 0.999999 }}
	prev := time.Duration(0)
	for retry := range 200 { // far past the point where base << retry overflows
		d := p.wait(retry, -1)
		if d < prev || d > p.max {
			t.Fatalf("retry %d: wait %v after %v; want non-decreasing and at most %v", retry, d, prev, p.max)
		}
		prev = d
	}
	if prev < 29*time.Second {
		t.Errorf("late retries wait %v, want close to MaxBackoff", prev)
	}
	p.rand = func() float64 { return 0 }
	if d := p.wait(3, -1); d != 0 {
		t.Errorf("full jitter with a draw of 0 waits %v, want 0", d)
	}
}
