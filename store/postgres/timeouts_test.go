package postgres_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/postgres"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/storetest"
)

// patience bounds every call that must not hang: far longer than any
// timeout these tests set, so a loaded machine does not fail them, and
// short enough that a call that waits for good fails the test.
const patience = 30 * time.Second

// Every session of the pool runs with the configured timeouts, and with
// the documented defaults when none are configured.
func TestSessionTimeouts(t *testing.T) {
	tests := []struct {
		name string
		o    pgtest.Options
		want [3]string // idle in transaction, lock, statement
	}{
		{"defaults", pgtest.Options{}, [3]string{"1min", "10s", "1min"}},
		{"configured", pgtest.Options{IdleInTxTimeout: 1500 * time.Millisecond, LockTimeout: 700 * time.Millisecond,
			StatementTimeout: 2500 * time.Millisecond}, [3]string{"1500ms", "700ms", "2500ms"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			tt.o.MaxConns = 3
			l := pgtest.OpenWith(t, tt.o)
			// Hold every connection at once, so each session is asked.
			var conns []*pgxpool.Conn
			for range 3 {
				c, err := l.Pool().Acquire(ctx)
				if err != nil {
					t.Fatal(err)
				}
				defer c.Release()
				conns = append(conns, c)
			}
			for i, c := range conns {
				var got [3]string
				err := c.QueryRow(ctx, `SELECT current_setting('idle_in_transaction_session_timeout'),
					current_setting('lock_timeout'), current_setting('statement_timeout')`).Scan(&got[0], &got[1], &got[2])
				if err != nil {
					t.Fatal(err)
				}
				if got != tt.want {
					t.Errorf("session %d runs with %v, want %v", i, got, tt.want)
				}
			}
		})
	}
}

// (a) A session of our pool that locks a group's rows and then goes idle
// inside its transaction is ended by Postgres after the idle timeout; the
// group can then be written.
func TestIdleTransactionIsEnded(t *testing.T) {
	ctx := context.Background()
	l := pgtest.OpenWith(t, pgtest.Options{IdleInTxTimeout: 300 * time.Millisecond, LockTimeout: patience})
	run := storetest.Begin(t, l, "g")
	stalled, err := l.Pool().Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer stalled.Rollback(ctx)
	if _, err := stalled.Exec(ctx, `SELECT 1 FROM group_state WHERE group_id = 'g' FOR UPDATE`); err != nil {
		t.Fatal(err)
	}
	// The stalled transaction goes idle, holding the row; the commit waits
	// for it only until Postgres ends the idle session.
	cctx, cancel := context.WithTimeout(ctx, patience)
	defer cancel()
	if err := l.CommitPlan(cctx, storetest.CreatePlan(run, "written after the stall")); err != nil {
		t.Fatalf("CommitPlan behind an idle transaction: %v", err)
	}
	if _, err := l.InsertMessages(cctx, storetest.Msgs("g", "m", 2)); err != nil {
		t.Fatalf("InsertMessages after the stall: %v", err)
	}
	_, err = stalled.Exec(ctx, `SELECT 1`)
	if err == nil {
		t.Error("the idle transaction was still usable after the idle timeout")
	}
	if code := groupmem.ErrorCode(postgres.InterpretError(err)); code != groupmem.EUNAVAILABLE {
		t.Errorf("the ended session's error %v maps to %q, want %q", err, code, groupmem.EUNAVAILABLE)
	}
	mems, err := l.Memories(ctx, groupmem.MemoryQuery{GroupID: "g", Status: groupmem.StatusActive, Limit: 10})
	if err != nil || len(mems.Memories) != 1 {
		t.Fatalf("memories after the stall = %+v, %v; want the one committed", mems, err)
	}
}

// (b) A foreign client without timeouts holds a group's state row: our
// writes fail after the lock timeout with ECONFLICT instead of waiting for
// it, and go through once it lets go.
func TestForeignLockFailsFast(t *testing.T) {
	ctx := context.Background()
	l := pgtest.OpenWith(t, pgtest.Options{LockTimeout: 300 * time.Millisecond})
	run := storetest.Begin(t, l, "g")
	plan := storetest.CreatePlan(run, "written once the row is free")
	writes := []struct {
		name  string
		write func(ctx context.Context) error
	}{
		{"CommitPlan", func(ctx context.Context) error { return l.CommitPlan(ctx, plan) }},
		{"InsertMessages", func(ctx context.Context) error {
			_, err := l.InsertMessages(ctx, storetest.Msgs("g", "m", 2))
			return err
		}},
		{"BeginRun", func(ctx context.Context) error {
			_, err := l.BeginRun(ctx, groupmem.BeginRunParams{GroupID: "g", Trigger: groupmem.TriggerManual})
			return err
		}},
	}
	foreign := lockGroupState(t, l, "g")
	for _, w := range writes {
		wctx, cancel := context.WithTimeout(ctx, patience)
		err := w.write(wctx)
		cancel()
		if code := groupmem.ErrorCode(err); code != groupmem.ECONFLICT || !strings.Contains(groupmem.ErrorMessage(err), "lock timeout") {
			t.Errorf("%s while a foreign client holds the row: code %q, message %q (%v); want %s naming the lock timeout",
				w.name, code, groupmem.ErrorMessage(err), err, groupmem.ECONFLICT)
		}
	}
	if err := foreign.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	for _, w := range writes {
		if err := w.write(ctx); err != nil {
			t.Errorf("%s once the foreign client let go: %v", w.name, err)
		}
	}
}

// A statement that runs past the statement timeout, here a wait for a lock
// that the lock timeout would allow, fails with EUNAVAILABLE.
func TestStatementTimeoutIsUnavailable(t *testing.T) {
	ctx := context.Background()
	l := pgtest.OpenWith(t, pgtest.Options{LockTimeout: patience, StatementTimeout: 300 * time.Millisecond})
	run := storetest.Begin(t, l, "g")
	foreign := lockGroupState(t, l, "g")
	defer foreign.Rollback(ctx)
	cctx, cancel := context.WithTimeout(ctx, patience)
	defer cancel()
	err := l.CommitPlan(cctx, storetest.CreatePlan(run, "never written"))
	if code := groupmem.ErrorCode(err); code != groupmem.EUNAVAILABLE || !strings.Contains(groupmem.ErrorMessage(err), "statement timeout") {
		t.Errorf("CommitPlan past the statement timeout: code %q, message %q (%v); want %s naming the statement timeout",
			code, groupmem.ErrorMessage(err), err, groupmem.EUNAVAILABLE)
	}
}

// Migrate is not bound by the session's lock timeout: a second migrator
// waits for the first to finish instead of failing.
func TestMigrateOutwaitsLockTimeout(t *testing.T) {
	ctx := context.Background()
	l := pgtest.OpenWith(t, pgtest.Options{LockTimeout: 100 * time.Millisecond})
	first, err := l.Pool().Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer first.Rollback(ctx)
	// The first migrator waits as long as it must: other tests' migrations
	// of their own schemas take the same lock now and then.
	if _, err := first.Exec(ctx, `SET LOCAL lock_timeout = 0`); err != nil {
		t.Fatal(err)
	}
	if _, err := first.Exec(ctx, `SELECT pg_advisory_xact_lock(x'67726f75706d656d'::bigint)`); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		mctx, cancel := context.WithTimeout(ctx, patience)
		defer cancel()
		_, err := l.Migrate(mctx)
		done <- err
	}()
	waitForLockWait(t, l)
	time.Sleep(time.Second) // ten lock timeouts
	if err := first.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatalf("Migrate behind another migrator: %v", err)
	}
}

func TestOpenRejectsTimeoutsUnderAMillisecond(t *testing.T) {
	for _, cfg := range []postgres.Config{
		{IdleInTxTimeout: -time.Second},
		{LockTimeout: time.Microsecond},
		{StatementTimeout: -1},
		{MigrateTimeout: -time.Minute},
	} {
		cfg.URL = pgtest.URL()
		l, err := postgres.Open(context.Background(), cfg)
		if err == nil {
			l.Close()
		}
		if code := groupmem.ErrorCode(err); code != groupmem.EINVALID || !strings.Contains(groupmem.ErrorMessage(err), "Timeout") {
			t.Errorf("Open(%+v): code %q (%v), want %s naming the timeout", cfg, code, err, groupmem.EINVALID)
		}
	}
}

// lockGroupState has a foreign client, a plain connection with the
// server's default settings (no timeouts), lock group g's state row in a
// transaction that it leaves open. The test rolls it back to let go.
func lockGroupState(t *testing.T, l *postgres.Ledger, g string) pgx.Tx {
	t.Helper()
	ctx := context.Background()
	var schema string
	if err := l.Pool().QueryRow(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
		t.Fatal(err)
	}
	conn, err := pgx.Connect(ctx, pgtest.URL())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	tx, err := conn.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, `SELECT 1 FROM `+pgx.Identifier{schema, "group_state"}.Sanitize()+` WHERE group_id = $1 FOR UPDATE`, g); err != nil {
		t.Fatal(err)
	}
	return tx
}
