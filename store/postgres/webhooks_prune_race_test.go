package postgres_test

import (
	"context"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
)

// A prune that waits on a delivered delivery's row while a replay puts it
// back to pending keeps the delivery and its event: the replay's answer
// (re-queued) stays true.
func TestPruneKeepsWhatAReplayRequeuesMeanwhile(t *testing.T) {
	l := pgtest.Open(t)
	ctx := context.Background()
	pool := l.Pool()
	old := time.Now().Add(-10 * 24 * time.Hour)
	for _, q := range []string{
		`INSERT INTO webhooks (id, url, events, secret, created_at) VALUES ('11111111-1111-4111-8111-111111111111', 'https://x.example', '{memory.created}', 's', $1)`,
		`INSERT INTO webhook_events (id, group_id, seq, type, data, created_at) VALUES ('22222222-2222-4222-8222-222222222222', 'g', 1, 'memory.created', '{}', $1)`,
		`INSERT INTO webhook_deliveries (webhook_id, event_id, group_id, seq, state, created_at, delivered_at)
			VALUES ('11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', 'g', 1, 'delivered', $1, $1)`,
	} {
		if _, err := pool.Exec(ctx, q, old); err != nil {
			t.Fatal(err)
		}
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// ReplayWebhook's statement, its transaction held open.
	tag, err := tx.Exec(ctx, `INSERT INTO webhook_deliveries (webhook_id, event_id, group_id, seq, created_at)
			SELECT $1, e.id, e.group_id, e.seq, $4 FROM webhook_events e
			WHERE e.group_id = $2 AND e.seq >= $3
			ON CONFLICT (webhook_id, event_id) DO UPDATE SET state = 'pending', attempts = 0, last_status = 0,
				last_error = '', latency_us = 0, last_attempt_at = NULL, delivered_at = NULL, first_failed_at = NULL,
				created_at = excluded.created_at`, "11111111-1111-4111-8111-111111111111", "g", 1, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan groupmem.PrunedWebhooks)
	go func() {
		n, err := l.PruneWebhooks(ctx, groupmem.PruneWebhooksParams{Before: time.Now().Add(-7 * 24 * time.Hour), Limit: 1000})
		if err != nil {
			t.Error(err)
		}
		done <- n
	}()
	time.Sleep(500 * time.Millisecond) // the prune is waiting on the row by now
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	n := <-done
	var pending, events int
	_ = pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM webhook_deliveries WHERE state = 'pending'), (SELECT count(*) FROM webhook_events)`).Scan(&pending, &events)
	t.Logf("replay re-queued %d; prune removed %+v; after: pending deliveries %d, events %d", tag.RowsAffected(), n, pending, events)
	if pending != 1 || events != 1 {
		t.Errorf("the replayed delivery or its event is gone: a replay that answered re-queued sends nothing")
	}
}
