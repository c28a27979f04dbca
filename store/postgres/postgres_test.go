package postgres_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/postgres"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/storetest"
)

// waitForLockWait blocks until some backend waits on a lock, so the test
// knows the second writer is queued behind the first.
func waitForLockWait(t *testing.T, l *postgres.Ledger) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		var n int
		if err := l.Pool().QueryRow(context.Background(), `SELECT count(*) FROM pg_locks WHERE NOT granted`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n > 0 {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatal("the second writer never waited for the first")
}

// A message whose insert started first but commits last is still read by a
// reader that advanced its watermark in between: seq order is commit order.
func TestOutOfOrderCommitsLoseNothing(t *testing.T) {
	ctx := context.Background()
	writers := map[string]func(l *postgres.Ledger) error{
		"batch insert": func(l *postgres.Ledger) error {
			_, err := l.InsertMessages(ctx, []groupmem.Message{{GroupID: "g", ID: "b", Content: "second", SentAt: time.Now()}})
			return err
		},
		"direct INSERT": func(l *postgres.Ledger) error {
			_, err := l.Pool().Exec(ctx, `INSERT INTO messages (group_id, message_id, content, sent_at) VALUES ('g', 'b', 'second', now())`)
			return err
		},
	}
	for name, second := range writers {
		t.Run(name, func(t *testing.T) {
			l := pgtest.Open(t)
			// The chat app's first insert, through the trigger, stays open.
			tx, err := l.Pool().Begin(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer tx.Rollback(ctx)
			if _, err := tx.Exec(ctx, `INSERT INTO messages (group_id, message_id, content, sent_at) VALUES ('g', 'a', 'first', now())`); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- second(l) }()
			waitForLockWait(t, l)

			// A run reads now and advances its watermark to what it saw.
			seen, err := l.MessagesAfter(ctx, "g", 0, 100)
			if err != nil {
				t.Fatal(err)
			}
			var watermark int64
			for _, m := range seen {
				watermark = max(watermark, m.Seq)
			}
			if err := tx.Commit(ctx); err != nil {
				t.Fatal(err)
			}
			if err := <-done; err != nil {
				t.Fatal(err)
			}
			rest, err := l.MessagesAfter(ctx, "g", watermark, 100)
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]int{}
			for _, m := range append(seen, rest...) {
				got[m.ID]++
			}
			if got["a"] != 1 || got["b"] != 1 || len(got) != 2 {
				t.Fatalf("messages read across the two runs = %v, want a and b once each", got)
			}
		})
	}
}

// Many concurrent writers, through the ledger and through plain SQL, and
// a reader that keeps advancing its watermark: every message is read
// exactly once.
func TestConcurrentInsertsReadOnce(t *testing.T) {
	l := pgtest.Open(t)
	direct := func(ctx context.Context, msgs []groupmem.Message) error {
		return pgx.BeginFunc(ctx, l.Pool(), func(tx pgx.Tx) error {
			for _, m := range msgs {
				if _, err := tx.Exec(ctx, `INSERT INTO messages (group_id, message_id, content, sent_at) VALUES ($1, $2, $3, now())`, m.GroupID, m.ID, m.Content); err != nil {
					return err
				}
			}
			return nil
		})
	}
	storetest.InsertsReadOnce(t, []storetest.Inserter{storetest.LedgerInserter(l), direct}, []groupmem.Ledger{l}, 6, 15, 4)
}

func TestMigrateIsIdempotent(t *testing.T) {
	l := pgtest.Open(t)
	applied, err := l.Migrate(context.Background())
	if err != nil || len(applied) != 0 {
		t.Fatalf("second Migrate applied %v, %v; want nothing", applied, err)
	}
	var n int
	if err := l.Pool().QueryRow(context.Background(), `SELECT count(*) FROM schema_migrations`).Scan(&n); err != nil || n < 1 {
		t.Fatalf("schema_migrations rows = %d, %v", n, err)
	}
}

func TestOpenErrorsNameTheSetting(t *testing.T) {
	ctx := context.Background()
	_, err := postgres.Open(ctx, postgres.Config{URL: "postgres://nobody@127.0.0.1:1/none?connect_timeout=1"})
	if groupmem.ErrorCode(err) != groupmem.EUNAVAILABLE {
		t.Fatalf("unreachable server: %v", err)
	}
	_, err = postgres.Open(ctx, postgres.Config{URL: "::not a url::"})
	if groupmem.ErrorCode(err) != groupmem.EINVALID {
		t.Fatalf("bad url: %v", err)
	}
}
