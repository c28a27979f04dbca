package storetest

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
)

// Inserter stores a batch of messages one way: the ledger's InsertMessages
// or a chat app's plain SQL.
type Inserter func(ctx context.Context, msgs []groupmem.Message) error

// LedgerInserter is l's InsertMessages as an Inserter.
func LedgerInserter(l groupmem.Ledger) Inserter {
	return func(ctx context.Context, msgs []groupmem.Message) error {
		_, err := l.InsertMessages(ctx, msgs)
		return err
	}
}

// InsertsReadOnce has writers goroutines insert batches batches of per
// messages each into one group, batch n of writer w through
// inserters[(w+n)%len(inserters)], while a reader keeps advancing its
// watermark through readers in turn: every message must be read exactly
// once, none skipped and none twice.
func InsertsReadOnce(t *testing.T, inserters []Inserter, readers []groupmem.Ledger, writers, batches, per int) {
	t.Helper()
	ctx := context.Background()
	var wg sync.WaitGroup
	for w := range writers {
		wg.Go(func() {
			for n := range batches {
				var msgs []groupmem.Message
				for i := range per {
					msgs = append(msgs, groupmem.Message{GroupID: "g", ID: fmt.Sprintf("w%d-b%d-%d", w, n, i), Content: "x", SentAt: time.Now()})
				}
				if err := inserters[(w+n)%len(inserters)](ctx, msgs); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	stop := make(chan struct{})
	go func() { wg.Wait(); close(stop) }()
	seen := map[string]int{}
	var watermark int64
	for round, finished := 0, false; ; round++ {
		select {
		case <-stop:
			finished = true
		default:
		}
		msgs, err := readers[round%len(readers)].MessagesAfter(ctx, "g", watermark, 7)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range msgs {
			seen[m.ID]++
			watermark = m.Seq
		}
		if finished && len(msgs) == 0 {
			break
		}
	}
	if len(seen) != writers*batches*per {
		t.Fatalf("read %d distinct messages, want %d", len(seen), writers*batches*per)
	}
	for id, n := range seen {
		if n != 1 {
			t.Fatalf("message %s read %d times", id, n)
		}
	}
}
