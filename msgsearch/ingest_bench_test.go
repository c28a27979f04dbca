package msgsearch_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/embed/static"
	"github.com/groupmem/groupmem/msgsearch"
)

// BenchmarkIngestIndexed measures ingestion including indexing, as the
// embedded default and the in-process index on Postgres do it: each op
// stores a batch of 100 messages of one of 64 groups (one ledger call)
// and catches the group's message index up (keywords and the static
// embedder's vectors, as the relay does). It reports messages per second.
//
//	go test ./msgsearch -run '^$' -bench BenchmarkIngestIndexed -benchtime 300x
func BenchmarkIngestIndexed(b *testing.B) {
	emb, err := static.Load()
	if err != nil {
		b.Fatal(err)
	}
	for _, lg := range benchLedgers {
		b.Run("ledger="+lg.name, func(b *testing.B) {
			ctx := context.Background()
			l := lg.open(b)
			ins := l.(interface {
				InsertMessages(context.Context, []groupmem.Message) (int, error)
			})
			x := msgsearch.New(l, emb, msgsearch.Config{})
			texts := []string{"周五晚上一起看新番，老地方见", "the release moves to Thursday after the review",
				"明天羽毛球还是十点，场地已经订好了", "anyone up for hotpot on Saturday?", "我下周要去杭州出差三天"}
			start := time.Now()
			for i := 0; b.Loop(); i++ {
				g := fmt.Sprintf("g%d", i%64)
				batch := make([]groupmem.Message, 100)
				for k := range batch {
					batch[k] = groupmem.Message{GroupID: g, ID: fmt.Sprintf("b%d-%d", i, k), SenderName: fmt.Sprintf("u%d", k%9),
						Content: fmt.Sprintf("%s #%d", texts[(i+k)%len(texts)], k), SentAt: t0.Add(time.Duration(i*100+k) * time.Second)}
				}
				if _, err := ins.InsertMessages(ctx, batch); err != nil {
					b.Fatal(err)
				}
				if err := x.CatchUp(ctx, g); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N*100)/time.Since(start).Seconds(), "msgs/s")
		})
	}
}
