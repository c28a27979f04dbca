package postgres_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/postgres"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/storetest"
)

// A write queued behind another writer that waits for the same group's
// state row gets its conflict after the lock timeout, counted from its own
// start: Postgres bounds each lock wait by lock_timeout, and a queued
// waiter waits twice (for the tuple lock the writer ahead holds, then for
// the holder's transaction), so the bound must hold over the whole wait.
func TestQueuedWriteFailsWithinLockTimeout(t *testing.T) {
	const (
		bound = time.Second
		slack = 500 * time.Millisecond // scheduling under -race on a busy machine; the fault it guards against takes a whole bound more
	)
	ctx := context.Background()
	l := pgtest.OpenWith(t, pgtest.Options{LockTimeout: bound})
	run := storetest.Begin(t, l, "g")
	if _, err := l.InsertMessages(ctx, storetest.Msgs("g", "seed", 1)); err != nil {
		t.Fatal(err)
	}
	writes := []struct {
		name  string
		write func(ctx context.Context) error
	}{
		{"CommitPlan", func(ctx context.Context) error { return l.CommitPlan(ctx, storetest.CreatePlan(run, "never written")) }},
		{"InsertMessages", func(ctx context.Context) error {
			_, err := l.InsertMessages(ctx, storetest.Msgs("g", "m", 2))
			return err
		}},
		{"BeginRun", func(ctx context.Context) error {
			_, err := l.BeginRun(ctx, groupmem.BeginRunParams{GroupID: "g", Trigger: groupmem.TriggerManual})
			return err
		}},
		{"AbandonRun", func(ctx context.Context) error {
			_, err := l.AbandonRun(ctx, groupmem.AbandonRunParams{RunID: run.ID})
			return err
		}},
		{"PurgeGroup", func(ctx context.Context) error {
			_, err := l.PurgeGroup(ctx, "g", "test")
			return err
		}},
		{"RedactMessage", func(ctx context.Context) error {
			_, err := l.RedactMessage(ctx, "g", "seed0", "test")
			return err
		}},
	}
	for _, w := range writes {
		t.Run(w.name, func(t *testing.T) {
			foreign := lockGroupState(t, l, "g")
			defer foreign.Rollback(ctx)
			holder := foreign.Conn().PgConn().PID()
			// The writer ahead: it waits for the foreign holder and gives up
			// after the lock timeout.
			ahead := make(chan error, 1)
			go func() {
				wctx, cancel := context.WithTimeout(ctx, patience)
				defer cancel()
				_, err := l.BeginRun(wctx, groupmem.BeginRunParams{GroupID: "g", Trigger: groupmem.TriggerCron})
				ahead <- err
			}()
			waitForBlocked(t, l, holder, 1)
			start := time.Now()
			wctx, cancel := context.WithTimeout(ctx, patience)
			defer cancel()
			err := w.write(wctx)
			took := time.Since(start)
			if code := groupmem.ErrorCode(err); code != groupmem.ECONFLICT || !strings.Contains(groupmem.ErrorMessage(err), "lock timeout") {
				t.Errorf("%s queued behind another writer: code %q, message %q (%v); want %s naming the lock timeout",
					w.name, code, groupmem.ErrorMessage(err), err, groupmem.ECONFLICT)
			}
			if took > bound+slack {
				t.Errorf("%s queued behind another writer got its answer after %s; the lock timeout is %s", w.name, took, bound)
			}
			t.Logf("%s: conflict after %s", w.name, took.Round(time.Millisecond))
			if err := <-ahead; groupmem.ErrorCode(err) != groupmem.ECONFLICT {
				t.Errorf("the writer ahead: %v, want %s", err, groupmem.ECONFLICT)
			}
		})
	}
}

// waitForBlocked blocks until n sessions wait for a lock that the backend
// holder holds, so the test knows they are queued behind it.
func waitForBlocked(t *testing.T, l *postgres.Ledger, holder uint32, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		var got int
		err := l.Pool().QueryRow(context.Background(),
			`SELECT count(*) FROM pg_stat_activity WHERE $1::int = ANY(pg_blocking_pids(pid))`, int32(holder)).Scan(&got)
		if err != nil {
			t.Fatal(err)
		}
		if got >= n {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("%d sessions never queued behind backend %d", n, holder)
}
