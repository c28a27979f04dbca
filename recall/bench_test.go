package recall_test

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/llm/static"
	"github.com/groupmem/groupmem/msgsearch"
	"github.com/groupmem/groupmem/recall"
	"github.com/groupmem/groupmem/store/inmem"
	"github.com/groupmem/groupmem/store/sqlite"
)

// BenchmarkCompose100k measures one context on the embedded default (the
// SQLite ledger, the in-process indexes, the static embedder) in a group
// of 100,000 messages, after the message index has caught up: questions
// with and without time words and member names, 400 and 2,000 tokens.
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
	t0 := time.Date(2026, 1, 1, 8, 0, 0, 0, time.UTC)
	names := []string{"Ann", "Bo", "Cy", "老张", "小王", "Dee", "莉莉", "Raj"}
	words := []string{"周会", "星期五", "羽毛球", "deploy", "redis", "前端", "后端", "晚上", "meeting", "coffee", "猫", "周末",
		"爬山", "review", "火锅", "地铁", "加班", "release", "bug", "电影", "跑步", "吉他", "搬家", "面试", "杭州", "成都"}
	var batch []groupmem.Message
	for i := range 100_000 {
		who := names[i%len(names)]
		text := fmt.Sprintf("%s %s and then %s, 还有 %s 的事 #%d", words[i%len(words)], words[(i*7+3)%len(words)], words[(i*11+1)%len(words)], words[(i*13+5)%len(words)], i)
		batch = append(batch, groupmem.Message{GroupID: "g", ID: fmt.Sprint(i), SenderID: fmt.Sprint("u", i%len(names)), SenderName: who,
			Content: text, SentAt: t0.Add(time.Duration(i) * time.Minute)})
		if len(batch) == 5000 {
			if _, err := l.InsertMessages(ctx, batch); err != nil {
				b.Fatal(err)
			}
			batch = batch[:0]
		}
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
	now := t0.Add(100_000 * time.Minute)
	questions := []string{"周末去爬山还是打羽毛球", "when is the release review", "what did Ann say about redis last week?",
		"老张上个月说的火锅在哪里", "成都火锅", "bug after the deploy in February"}
	var took []time.Duration
	i := 0
	for b.Loop() {
		t := time.Now()
		_, err := recall.Compose(ctx, s, emb, recall.Request{GroupID: "g", Text: questions[i%len(questions)], Budget: []int{400, 2000}[i%2],
			Memories: 10, Now: now})
		if err != nil {
			b.Fatal(err)
		}
		took = append(took, time.Since(t))
		i++
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[min(len(took)-1, len(took)*99/100)].Microseconds())/1000, "p99_ms")
	b.ReportMetric(float64(took[len(took)-1].Microseconds())/1000, "worst_ms")
}
