package storetest

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
)

// BenchMembers measures paging through the members of one group of
// members senders and msgs messages, stored through InsertMessages in
// batches of 1,000 (seeding is not timed), with one active memory about
// every tenth member: each operation reads one page of 100 members, the
// pages taken in turn from the first to the last. Metrics: p50 and p99 of
// a page in ms, and the messages per second seeding stored (with the
// members kept up to date as they are).
func BenchMembers(b *testing.B, open func(b *testing.B) groupmem.Ledger, members, msgs int) {
	ctx := context.Background()
	l := open(b)
	start, seeded := time.Now(), 0
	batch := make([]groupmem.Message, 0, 1000)
	for i := range msgs {
		s := (i * 7919) % members // every member writes, in no order
		batch = append(batch, groupmem.Message{GroupID: "big", ID: fmt.Sprintf("m%07d", i), SenderID: fmt.Sprintf("u%05d", s),
			SenderName: fmt.Sprintf("Member %d", s), Content: "a line of chat", SentAt: t0.Add(time.Duration(i) * time.Second)})
		if len(batch) == cap(batch) || i == msgs-1 {
			n, err := l.InsertMessages(ctx, batch)
			if err != nil {
				b.Fatal(err)
			}
			seeded += n
			batch = batch[:0]
		}
	}
	seedRate := float64(seeded) / time.Since(start).Seconds()
	var about []string
	for s := 0; s < members; s += 10 {
		about = append(about, fmt.Sprintf("member u%05d likes tea", s))
	}
	plan := CreatePlan(Begin(b, l, "big"), about...)
	for i := range plan.New {
		plan.New[i].Tags = []string{fmt.Sprintf("member:u%05d", i*10)}
		plan.New[i].Evidence = nil
	}
	Commit(b, l, plan)

	var lat []time.Duration
	after := ""
	for b.Loop() {
		t := time.Now()
		page, err := l.Members(ctx, groupmem.MemberQuery{GroupID: "big", After: after, Limit: 100})
		lat = append(lat, time.Since(t))
		if err != nil || len(page) == 0 && after == "" {
			b.Fatalf("page after %q: %d members, %v", after, len(page), err)
		}
		if len(page) < 100 {
			after = "" // past the last page: from the first again
		} else {
			after = page[len(page)-1].SenderID
		}
	}
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
	b.ReportMetric(seedRate, "seed-msgs/s")
}
