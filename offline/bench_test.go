package offline_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/evolve"
	"github.com/groupmem/groupmem/offline"
)

// history serves a fixed slice of messages as a ledger would.
type history []groupmem.Message

func (h history) MessagesSince(_ context.Context, _ string, after int64, since time.Time, limit int) ([]groupmem.Message, error) {
	var out []groupmem.Message
	for _, m := range h {
		if m.Seq > after && !m.SentAt.Before(since) && len(out) < limit {
			out = append(out, m)
		}
	}
	return out, nil
}

// busyGroup returns n messages over 28 days from 40 members, mixing 30
// recurring topics with chatter drawn from a large vocabulary.
func busyGroup(n int) history {
	r := rand.New(rand.NewPCG(1, 2))
	words := make([]string, 3000)
	for i := range words {
		words[i] = fmt.Sprintf("w%x", i*7919)
	}
	start := time.Date(2026, 9, 1, 0, 0, 0, 0, time.UTC)
	out := make(history, n)
	for i := range out {
		text := ""
		if r.IntN(3) == 0 {
			text = fmt.Sprintf("topic%d gathering topic%d again", r.IntN(30), r.IntN(30))
		}
		for range 4 + r.IntN(8) {
			text += " " + words[r.IntN(len(words))]
		}
		out[i] = groupmem.Message{GroupID: "busy", ID: fmt.Sprintf("b%d", i), Seq: int64(i + 1),
			SenderID: fmt.Sprintf("u%d", r.IntN(40)), Content: text,
			SentAt: start.Add(time.Duration(i) * 28 * 24 * time.Hour / time.Duration(n))}
	}
	return out
}

// BenchmarkFuseBusyWindow fuses the last day of a group whose window holds
// 5,000 messages (the default MaxWindowMessages).
func BenchmarkFuseBusyWindow(b *testing.B) {
	h := busyGroup(5000)
	f, err := offline.New(offline.Config{History: h}, nil)
	if err != nil {
		b.Fatal(err)
	}
	in := evolve.Input{Run: groupmem.Run{GroupID: "busy"}, Messages: h[len(h)-180:], Now: h[len(h)-1].SentAt.Add(3 * time.Hour)}
	for b.Loop() {
		if _, err := evolve.Fuse(context.Background(), f, f.Evolve(), in); err != nil {
			b.Fatal(err)
		}
	}
}
