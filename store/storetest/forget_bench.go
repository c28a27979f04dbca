package storetest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
)

// BenchForget measures what forgetting costs a ledger l opens fresh:
//   - purge: PurgeGroup of one group holding msgs messages and vers
//     memory versions (256-dimensional embeddings), each with its change
//     log, outbox entry and run, beside another group of the same size;
//   - redact: RedactMessage of one message cited and quoted by one of vers
//     versions of its group;
//   - expire: ExpireMessages of msgs fused messages of one group.
//
// Seeding is not timed. Metrics: ms per operation, and rows per second
// for purge and expire.
func BenchForget(b *testing.B, open func(b *testing.B) groupmem.Ledger, msgs, vers int) {
	ctx := context.Background()
	b.Run(fmt.Sprintf("purge/%d-messages/%d-versions", msgs, vers), func(b *testing.B) {
		l := open(b)
		seedForget(b, l, "other", msgs, vers)
		rows := 0
		for i := 0; b.Loop(); i++ {
			b.StopTimer()
			g := fmt.Sprintf("g%d", i)
			seedForget(b, l, g, msgs, vers)
			b.StartTimer()
			r, err := l.PurgeGroup(ctx, g, "bench")
			if err != nil {
				b.Fatal(err)
			}
			rows += r.Total()
		}
		b.ReportMetric(float64(rows)/b.Elapsed().Seconds(), "rows/s")
	})
	b.Run(fmt.Sprintf("redact/%d-versions", vers), func(b *testing.B) {
		l := open(b)
		seedForget(b, l, "g", msgs, vers)
		for i := 0; b.Loop(); i++ {
			if i >= vers {
				b.Fatalf("more iterations than the %d messages a version quotes", vers)
			}
			r, err := l.RedactMessage(ctx, "g", fmt.Sprintf("m%d", i), "bench")
			if err != nil || len(r.Redacted) != 1 {
				b.Fatalf("redaction = %+v, %v; want one version redacted", r, err)
			}
		}
	})
	b.Run(fmt.Sprintf("expire/%d-messages", msgs), func(b *testing.B) {
		l := open(b)
		rows := 0
		for i := 0; b.Loop(); i++ {
			b.StopTimer()
			seedForget(b, l, fmt.Sprintf("g%d", i), msgs, 1)
			b.StartTimer()
			n, err := l.ExpireMessages(ctx, t0.Add(time.Duration(msgs+1)*time.Second), "bench")
			if err != nil || groupmem.Total(n) != msgs {
				b.Fatalf("expired %v, %v; want %d", n, err, msgs)
			}
			rows += groupmem.Total(n)
		}
		b.ReportMetric(float64(rows)/b.Elapsed().Seconds(), "rows/s")
	})
}

// seedForget gives group g msgs messages, one second apart from t0, all
// fused, and vers active versions, version i quoting and citing message i.
func seedForget(b *testing.B, l groupmem.Ledger, g string, msgs, vers int) {
	ctx := context.Background()
	const batch = 1000
	for start := 0; start < msgs; start += batch {
		var ms []groupmem.Message
		for i := start; i < min(start+batch, msgs); i++ {
			ms = append(ms, groupmem.Message{GroupID: g, ID: fmt.Sprintf("m%d", i), SenderID: "u1", SenderName: "Ann",
				Content: fmt.Sprintf("we meet on friday number %d at the cafe", i), SentAt: t0.Add(time.Duration(i) * time.Second)})
		}
		if _, err := l.InsertMessages(ctx, ms); err != nil {
			b.Fatal(err)
		}
	}
	for start := 0; start < vers; start += 100 {
		run, err := l.BeginRun(ctx, groupmem.BeginRunParams{GroupID: g, Trigger: groupmem.TriggerCron})
		if err != nil {
			b.Fatal(err)
		}
		plan := &groupmem.Plan{Run: run}
		for i := start; i < min(start+100, vers); i++ {
			id := groupmem.NewID()
			s := fmt.Sprintf("Ann said: we meet on friday number %d at the cafe", i)
			vec := make([]float32, 256)
			vec[i%256] = 1
			plan.New = append(plan.New, groupmem.Memory{ID: id, LineageID: id, GroupID: g, Statement: s, Version: 1,
				Status: groupmem.StatusActive, Strength: 0.5, Evidence: []string{fmt.Sprintf("m%d", i)}, Embedding: vec})
			plan.Changes = append(plan.Changes, groupmem.Change{Action: groupmem.ActionCreate, MemoryID: id, NewMemoryID: id,
				NewStatement: s, Version: 1})
		}
		plan.Run.NewWatermark = int64(msgs)
		if err := l.CommitPlan(ctx, plan); err != nil {
			b.Fatal(err)
		}
	}
}
