package postgres_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/groupmem/groupmem/migrations"
	"github.com/groupmem/groupmem/store/postgres"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/storetest"
)

// A supplied seq is rejected with the SQLSTATE the README documents, the
// one Postgres uses for a GENERATED ALWAYS column, so an app can tell it
// from every other failure.
func TestSuppliedSeqSQLState(t *testing.T) {
	ctx := context.Background()
	l := pgtest.Open(t)
	_, err := l.Pool().Exec(ctx, `INSERT INTO messages (group_id, seq, message_id, content, sent_at) VALUES ('g', 7, 'x', 'c', now())`)
	var pe *pgconn.PgError
	if !errors.As(err, &pe) || pe.Code != "428C9" {
		t.Fatalf("INSERT with a seq: %v, want SQLSTATE 428C9", err)
	}
}

// A ledger that was written before seq became the database's may hold
// supplied seqs that already block a group: the migration moves every
// group's allocator past the seqs in use, so ingestion goes on after the
// upgrade.
func TestUpgradeUnblocksGroups(t *testing.T) {
	ctx := context.Background()
	l := pgtest.OpenWith(t, pgtest.Options{Unmigrated: true})
	applyMigrations(t, l, "0001_init", "0002_jobs")
	// What apps could do before: insert without a seq, then take the next
	// seq, one far ahead, one in a group of their own.
	for _, sql := range []string{
		`INSERT INTO messages (group_id, message_id, content, sent_at) VALUES ('g', 'a0', 'c', now()), ('g', 'a1', 'c', now())`,
		`INSERT INTO messages (group_id, seq, message_id, content, sent_at) VALUES ('g', 3, 'x', 'c', now())`,
		`INSERT INTO messages (group_id, seq, message_id, content, sent_at) VALUES ('g', 100, 'y', 'c', now())`,
		`INSERT INTO messages (group_id, seq, message_id, content, sent_at) VALUES ('h', 7, 'z', 'c', now())`,
	} {
		if _, err := l.Pool().Exec(ctx, sql); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	applied, err := l.Migrate(ctx)
	if err != nil || len(applied) == 0 || applied[0] != "0003_seq_by_database.sql" {
		t.Fatalf("Migrate = %v, %v; want the seq migration first", applied, err)
	}
	if _, err := l.InsertMessages(ctx, storetest.Msgs("g", "b", 1)); err != nil {
		t.Fatalf("InsertMessages after the upgrade: %v", err)
	}
	if _, err := l.Pool().Exec(ctx, `INSERT INTO messages (group_id, message_id, content, sent_at) VALUES ('h', 'w', 'c', now())`); err != nil {
		t.Fatalf("direct insert after the upgrade: %v", err)
	}
	for g, want := range map[string]struct {
		id   string
		past int64
	}{"g": {"b0", 100}, "h": {"w", 7}} {
		msgs, err := l.MessagesSince(ctx, g, want.past, time.Time{}, 10)
		if err != nil || len(msgs) != 1 || msgs[0].ID != want.id {
			t.Errorf("group %s past seq %d: %+v, %v; want only %s", g, want.past, msgs, err, want.id)
		}
	}
}

// applyMigrations applies the named migrations, and only those, as
// Migrate would have when they were all there was.
func applyMigrations(t *testing.T, l *postgres.Ledger, names ...string) {
	t.Helper()
	ctx := context.Background()
	if _, err := l.Pool().Exec(ctx, `CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`); err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		sql, err := migrations.FS.ReadFile(name + ".sql")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := l.Pool().Exec(ctx, string(sql)); err != nil {
			t.Fatalf("apply %s: %v", name, err)
		}
		if _, err := l.Pool().Exec(ctx, `INSERT INTO schema_migrations (name) VALUES ($1)`, name); err != nil {
			t.Fatal(err)
		}
	}
}

// A batch is all or nothing although it is sent in one round trip: when
// the database refuses a message of the batch's second group, the first
// group's messages are not stored either, no seq range stays reserved (a
// direct INSERT with a seq is still rejected), and the next batch of both
// groups is stored at the seqs that follow.
func TestBatchAllOrNothing(t *testing.T) {
	ctx := context.Background()
	l := pgtest.Open(t)
	if _, err := l.Pool().Exec(ctx, `ALTER TABLE messages ADD CONSTRAINT no_poison CHECK (content <> 'poison')`); err != nil {
		t.Fatal(err)
	}
	if _, err := l.InsertMessages(ctx, storetest.Msgs("a", "x", 2)); err != nil {
		t.Fatal(err)
	}
	batch := append(storetest.Msgs("a", "y", 3), storetest.Msgs("b", "y", 3)...)
	batch[4].Content = "poison"
	if n, err := l.InsertMessages(ctx, batch); err == nil {
		t.Fatalf("InsertMessages with a refused message stored %d, want an error", n)
	}
	count := func(g string) int {
		n, err := l.CountMessages(ctx, g, 0, 1<<62)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if a, b := count("a"), count("b"); a != 2 || b != 0 {
		t.Fatalf("after the refused batch a has %d messages and b %d, want 2 and 0", a, b)
	}
	_, err := l.Pool().Exec(ctx, `INSERT INTO messages (group_id, seq, message_id, content, sent_at) VALUES ('a', 3, 'z', 'c', now())`)
	var pe *pgconn.PgError
	if !errors.As(err, &pe) || pe.Code != "428C9" {
		t.Fatalf("INSERT with a seq after the refused batch: %v, want SQLSTATE 428C9", err)
	}
	batch[4].Content = "fine"
	if n, err := l.InsertMessages(ctx, batch); err != nil || n != 6 {
		t.Fatalf("InsertMessages again = %d, %v; want 6 stored", n, err)
	}
	got, err := l.MessagesAfter(ctx, "a", 0, 10)
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range got {
		if m.Seq <= 0 || (i > 0 && m.Seq <= got[i-1].Seq) {
			t.Fatalf("group a's seqs are not increasing: %+v", got)
		}
	}
	if len(got) != 5 || got[2].ID != "y0" || got[4].ID != "y2" {
		t.Fatalf("group a = %+v, want x0, x1, y0, y1, y2", got)
	}
}
