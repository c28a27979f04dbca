package recall_test

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/demo"
	"github.com/groupmem/groupmem/embed/static"
	"github.com/groupmem/groupmem/internal/longchat"
	"github.com/groupmem/groupmem/msgsearch"
	"github.com/groupmem/groupmem/recall"
	"github.com/groupmem/groupmem/store/inmem"
	"github.com/groupmem/groupmem/store/sqlite"
)

// BenchmarkCompose100k measures one context on the embedded default (the
// SQLite ledger, the in-process indexes, the static embedder) in a group
// of 100,000 messages of the long-chat set's text, after the message
// index has caught up: the set's questions (with and without time words
// and member names), at 400 and 2,000 tokens by turns.
// It reports the p99 and the worst of the contexts.
func BenchmarkCompose100k(b *testing.B) {
	ctx := context.Background()
	l, err := sqlite.Open(ctx, sqlite.Config{Path: filepath.Join(b.TempDir(), "groupmem.db")})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { l.Close() })
	emb, err := static.Load()
	if err != nil {
		b.Fatal(err)
	}
	// The long-chat set's messages, of ten seeds, one after another in
	// one group: 100,000 messages of real chat text in both languages.
	var questions []string
	var batch []groupmem.Message
	var last time.Time
	n := 0
	for seed := int64(1); n < 100_000; seed++ {
		set := longchat.Generate(seed)
		for _, g := range set.Groups {
			c, err := demo.ParseChat(bytes.NewReader(g.Transcript))
			if err != nil {
				b.Fatal(err)
			}
			for _, m := range c.Messages() {
				if n == 100_000 {
					break
				}
				n++
				m.GroupID, m.ID = "g", fmt.Sprint(n)
				m.SentAt = time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(n) * 10 * time.Minute)
				last = m.SentAt
				batch = append(batch, m)
				if len(batch) == 5000 {
					if _, err := l.InsertMessages(ctx, batch); err != nil {
						b.Fatal(err)
					}
					batch = batch[:0]
				}
			}
		}
		for _, q := range set.Questions {
			if len(questions) < 500 {
				questions = append(questions, q.Text)
			}
		}
	}
	if _, err := l.InsertMessages(ctx, batch); err != nil {
		b.Fatal(err)
	}
	x, err := inmem.NewIndex(emb.Dimension())
	if err != nil {
		b.Fatal(err)
	}
	msgs := msgsearch.New(l, emb, msgsearch.Config{})
	if err := msgs.CatchUp(ctx, "g"); err != nil {
		b.Fatal(err)
	}
	s := recall.Parts{Index: x, Messages: msgs, Ledger: l}
	now := last.Add(time.Hour)
	var took []time.Duration
	byBudget := map[int][]time.Duration{}
	i := 0
	for b.Loop() {
		budget := []int{400, 2000}[i%2]
		t := time.Now()
		_, err := recall.Compose(ctx, s, emb, recall.Request{GroupID: "g", Text: questions[(i/2)%len(questions)], Budget: budget,
			Memories: 10, Now: now})
		if err != nil {
			b.Fatal(err)
		}
		took = append(took, time.Since(t))
		byBudget[budget] = append(byBudget[budget], time.Since(t))
		i++
	}
	b.ReportMetric(p99(took), "p99_ms")
	b.ReportMetric(p99(byBudget[400]), "p99_400_ms")
	b.ReportMetric(p99(byBudget[2000]), "p99_2000_ms")
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)-1].Microseconds())/1000, "worst_ms")
}

// p99 is the 99th percentile of took, in milliseconds.
func p99(took []time.Duration) float64 {
	if len(took) == 0 {
		return 0
	}
	took = slices.Clone(took)
	slices.Sort(took)
	return float64(took[min(len(took)-1, len(took)*99/100)].Microseconds()) / 1000
}
