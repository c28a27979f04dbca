package offline

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/sqlite"
)

// The active days of a window count every message read, also those the
// window leaves out for MaxWindowMessages: a busy group's days all count.
func TestWindowCountsEveryActiveDay(t *testing.T) {
	ctx := context.Background()
	l, err := sqlite.Open(ctx, sqlite.Config{Path: filepath.Join(t.TempDir(), "g.db")})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	start := time.Date(2027, 1, 4, 9, 0, 0, 0, time.UTC)
	var msgs []groupmem.Message
	for day := range 25 {
		for k := range 5 {
			msgs = append(msgs, groupmem.Message{GroupID: "g", ID: fmt.Sprintf("d%d-%d", day, k), SenderName: "ann",
				Content: "hello", SentAt: start.AddDate(0, 0, day).Add(time.Duration(k) * time.Minute)})
		}
	}
	if _, err := l.InsertMessages(ctx, msgs); err != nil {
		t.Fatal(err)
	}
	stored, err := l.MessagesAfter(ctx, "g", 0, 1000)
	if err != nil {
		t.Fatal(err)
	}
	f, err := New(Config{History: l, MaxWindowMessages: 10}, nil)
	if err != nil {
		t.Fatal(err)
	}
	now := start.AddDate(0, 0, 25)
	window, days, err := f.window(ctx, "g", stored[len(stored)-5:], now)
	if err != nil {
		t.Fatal(err)
	}
	if len(window) != 10 || len(days.dates) != 25 {
		t.Fatalf("window of %d messages over %d active days; want 10 messages and all 25 days", len(window), len(days.dates))
	}
	if n := days.since(start.AddDate(0, 0, 3)); n != 21 {
		t.Errorf("active days after the fourth day = %d, want 21", n)
	}
	if n := days.since(start.AddDate(0, 0, -60)); n < f.cfg.DeleteAfterDays {
		t.Errorf("a support from before the window counts %d active days; want it expired", n)
	}
}
