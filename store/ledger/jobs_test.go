package ledger

import (
	"testing"
	"time"
)

// A job's place: its oldest pending message, a minute earlier per pending
// message up to a day, never later than now.
func TestJobPlace(t *testing.T) {
	now := time.Date(2026, 11, 24, 3, 0, 0, 0, time.UTC)
	tests := []struct {
		name    string
		oldest  time.Time
		backlog int64
		want    time.Time
	}{
		{"nothing pending", time.Time{}, 0, now},
		{"one message this morning", now.Add(-2 * time.Hour), 1, now.Add(-2*time.Hour - time.Minute)},
		{"a backlog of 300", now.Add(-time.Hour), 300, now.Add(-time.Hour - 300*time.Minute)},
		{"a backlog beyond a day counts as a day", now.Add(-time.Hour), 1e6, now.Add(-25 * time.Hour)},
		{"a message stored after now", now.Add(time.Hour), 2, now.Add(-2 * time.Minute)},
		{"a negative backlog counts as none", now.Add(-time.Hour), -5, now.Add(-time.Hour)},
	}
	for _, tt := range tests {
		if got := JobPlace(now, tt.oldest, tt.backlog); !got.Equal(tt.want) {
			t.Errorf("%s: JobPlace = %s, want %s", tt.name, got, tt.want)
		}
	}
}
