package sqlite_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/sqlite"
	"github.com/groupmem/groupmem/store/storetest"
)

// rawDB opens path the way another program would (a chat app, the sqlite3
// shell): plain database/sql, its own connections, writes that take the
// write lock when they begin.
func rawDB(t *testing.T, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", path+"?_pragma=busy_timeout(5000)&_txlock=immediate")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func mustCode(t *testing.T, err error, code string) {
	t.Helper()
	if got := groupmem.ErrorCode(err); got != code {
		t.Fatalf("error code = %q (%v), want %q", got, err, code)
	}
}

// Closing and opening the file again keeps every message, memory, change,
// run, outbox entry and the watermark, and does not apply the schema again.
func TestReopenKeepsEverything(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "ledger.db")
	first := time.Date(2026, 11, 1, 9, 30, 0, 123456789, time.UTC)
	l, err := sqlite.Open(ctx, sqlite.Config{Path: path, Now: func() time.Time { return first }})
	if err != nil {
		t.Fatal(err)
	}
	msgs := storetest.Msgs("g1", "m", 5)
	msgs[0].SentAt = time.Date(2026, 11, 1, 10, 0, 0, 987654321, time.FixedZone("CST", 8*3600))
	if _, err := l.InsertMessages(ctx, msgs); err != nil {
		t.Fatal(err)
	}
	wantMsgs, err := l.MessagesAfter(ctx, "g1", 0, 10)
	if err != nil {
		t.Fatal(err)
	}
	if !wantMsgs[0].SentAt.Equal(msgs[0].SentAt) {
		t.Fatalf("sent time = %v, want %v", wantMsgs[0].SentAt, msgs[0].SentAt)
	}
	run, err := l.BeginRun(ctx, groupmem.BeginRunParams{GroupID: "g1", Trigger: groupmem.TriggerCron})
	if err != nil {
		t.Fatal(err)
	}
	plan := storetest.CreatePlan(run, "likes tea", "meets on Fridays")
	plan.Run.NewWatermark = wantMsgs[3].Seq
	plan.Run.Tokens = groupmem.Tokens{Prompt: 100, Completion: 20}
	plan.Run.Report = groupmem.Report{Passes: 1, Lines: 3, Parsed: 2, Dropped: []groupmem.Drop{{Line: 3, Reason: "prose"}}}
	if err := l.CommitPlan(ctx, plan); err != nil {
		t.Fatal(err)
	}
	claimed, err := l.ClaimOutbox(ctx, 1, time.Hour)
	if err != nil || len(claimed) != 1 {
		t.Fatalf("claim = %v, %v", claimed, err)
	}
	if err := l.CompleteOutbox(ctx, []int64{claimed[0].ID}); err != nil {
		t.Fatal(err)
	}
	wantChanges, err := l.Changes(ctx, groupmem.ChangeQuery{GroupID: "g1", Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}

	later := first.Add(time.Hour)
	l = openAt(t, path, func() time.Time { return later })
	gotMsgs, err := l.MessagesAfter(ctx, "g1", 0, 10)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(wantMsgs, gotMsgs); diff != "" {
		t.Errorf("messages after reopen (-before +after):\n%s", diff)
	}
	gotMems, err := l.MemoriesByID(ctx, []string{plan.New[0].ID, plan.New[1].ID})
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]groupmem.Memory{}
	for _, m := range gotMems {
		byID[m.ID] = m
	}
	for _, want := range plan.New {
		// The plan was updated in place with the stored times and run id;
		// the stored version reads back exactly, to the nanosecond.
		if diff := cmp.Diff(want, byID[want.ID]); diff != "" {
			t.Errorf("memory %s after reopen (-committed +read):\n%s", want.ID, diff)
		}
	}
	if !plan.New[0].CreatedAt.Equal(first) {
		t.Errorf("created at = %v, want the commit's clock %v", plan.New[0].CreatedAt, first)
	}
	gotChanges, err := l.Changes(ctx, groupmem.ChangeQuery{GroupID: "g1", Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(wantChanges, gotChanges); diff != "" {
		t.Errorf("changes after reopen (-before +after):\n%s", diff)
	}
	gotRun, err := l.Run(ctx, run.ID)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(plan.Run, gotRun); diff != "" {
		t.Errorf("run after reopen (-committed +read):\n%s", diff)
	}
	if n, age, err := l.OutboxLag(ctx); err != nil || n != 2 || age != time.Hour {
		t.Errorf("outbox lag after reopen = %d, %v, %v; want 2 entries (the message index's, the version's) an hour old", n, age, err)
	}
	next, err := l.BeginRun(ctx, groupmem.BeginRunParams{GroupID: "g1", Trigger: groupmem.TriggerCron})
	if err != nil {
		t.Fatal(err)
	}
	if next.Watermark != wantMsgs[3].Seq || next.Fence != run.Fence+1 {
		t.Errorf("after reopen watermark = %d, fence = %d; want %d and %d", next.Watermark, next.Fence, wantMsgs[3].Seq, run.Fence+1)
	}
	// New messages continue the group's stream.
	if _, err := l.InsertMessages(ctx, storetest.Msgs("g1", "n", 1)); err != nil {
		t.Fatal(err)
	}
	rest, err := l.MessagesAfter(ctx, "g1", wantMsgs[4].Seq, 10)
	if err != nil || len(rest) != 1 || rest[0].ID != "n0" {
		t.Fatalf("messages past the old ones = %+v, %v", rest, err)
	}

	// The schema was applied once, by the first Open.
	db := rawDB(t, path)
	rows, err := db.Query(`SELECT name, applied_at FROM schema_migrations ORDER BY name`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var name string
		var at int64
		if err := rows.Scan(&name, &at); err != nil {
			t.Fatal(err)
		}
		if at != first.UnixNano() {
			t.Errorf("migration %s applied at %v, want the first Open's %v", name, time.Unix(0, at).UTC(), first)
		}
		names = append(names, name)
	}
	files, _ := filepath.Glob("schema/*.sql")
	if len(names) != len(files) || names[0] != "0001_init" {
		t.Errorf("recorded migrations = %v, want one per file of %v", names, files)
	}
}

// The file is in WAL mode and stores times as integer nanoseconds, lists as
// JSON and embeddings as little-endian float32s, so other programs can read
// it.
func TestStorageFormat(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ledger.db")
	l := openAt(t, path, nil)
	plan := storetest.CreatePlan(storetest.Begin(t, l, "g1"), "likes tea")
	storetest.Commit(t, l, plan)

	db := rawDB(t, path)
	var mode string
	if err := db.QueryRow(`PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal_mode = %q, %v; want wal", mode, err)
	}
	var blob, tags, created string
	err := db.QueryRow(`SELECT hex(embedding), tags, typeof(created_at) FROM memory_versions WHERE memory_id = ?`,
		plan.New[0].ID).Scan(&blob, &tags, &created)
	if err != nil {
		t.Fatal(err)
	}
	// CreatePlan's first embedding is [1, 0, 0, 0].
	if blob != "0000803F"+"00000000"+"00000000"+"00000000" || tags != `["habit"]` || created != "integer" {
		t.Errorf("stored embedding %s, tags %s, created_at type %s", blob, tags, created)
	}
}

// Failed commits name their cause with the same codes as the Postgres
// ledger, and write nothing.
func TestCommitErrorCodes(t *testing.T) {
	ctx := context.Background()
	l := open(t)
	base := storetest.CreatePlan(storetest.Begin(t, l, "g1"), "likes tea")
	storetest.Commit(t, l, base)
	mem := base.New[0]
	tests := []struct {
		name string
		plan func() *groupmem.Plan
		code string
	}{
		{"two new versions of one parent", func() *groupmem.Plan {
			run := storetest.Begin(t, l, "g1")
			p := storetest.UpdatePlan(run, mem, "one")
			p.New = append(p.New, storetest.UpdatePlan(run, mem, "two").New...)
			return p
		}, groupmem.ECONFLICT},
		{"second active version of a lineage", func() *groupmem.Plan {
			p := storetest.UpdatePlan(storetest.Begin(t, l, "g1"), mem, "changed")
			p.Transitions = nil
			return p
		}, groupmem.ECONFLICT},
		{"unknown parent", func() *groupmem.Plan {
			p := storetest.UpdatePlan(storetest.Begin(t, l, "g1"), groupmem.Memory{ID: groupmem.NewID(), LineageID: groupmem.NewID(), GroupID: "g1", Version: 1}, "orphan")
			p.Transitions = nil
			return p
		}, groupmem.EINVALID},
		{"transition of another group's memory", func() *groupmem.Plan {
			p := storetest.UpdatePlan(storetest.Begin(t, l, "g2"), mem, "moved")
			p.New[0].GroupID = "g2"
			return p
		}, groupmem.ECONFLICT},
		{"group without runs", func() *groupmem.Plan {
			return storetest.CreatePlan(groupmem.Run{ID: groupmem.NewID(), GroupID: "never"}, "x")
		}, groupmem.ENOTFOUND},
		{"run finished before its commit", func() *groupmem.Plan {
			run := storetest.Begin(t, l, "g1")
			failed := run
			failed.Status, failed.Report.Reason = groupmem.RunFailed, groupmem.FailModel
			if err := l.FinishRun(ctx, failed); err != nil {
				t.Fatal(err)
			}
			return storetest.CreatePlan(run, "late")
		}, groupmem.ECONFLICT},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before, err := l.Memories(ctx, groupmem.MemoryQuery{Limit: 100, GroupID: "g1"})
			if err != nil {
				t.Fatal(err)
			}
			mustCode(t, l.CommitPlan(ctx, tt.plan()), tt.code)
			after, err := l.Memories(ctx, groupmem.MemoryQuery{Limit: 100, GroupID: "g1"})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(before, after); diff != "" {
				t.Errorf("failed commit changed the memories (-before +after):\n%s", diff)
			}
			if n, _, _ := l.OutboxLag(ctx); n != 1 {
				t.Errorf("outbox holds %d entries, want only the first commit's", n)
			}
		})
	}
	mustCode(t, l.FinishRun(ctx, groupmem.Run{ID: groupmem.NewID(), Status: groupmem.RunNoop}), groupmem.ECONFLICT)
}

func TestOpenErrors(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	garbage := filepath.Join(dir, "garbage.db")
	if err := os.WriteFile(garbage, []byte("this is not a database, not at all, and long enough to have a header"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		cfg  sqlite.Config
		code string
	}{
		{"in memory", sqlite.Config{Path: ":memory:"}, groupmem.EINVALID},
		{"uri", sqlite.Config{Path: "file:" + filepath.Join(dir, "x.db")}, groupmem.EINVALID},
		{"query in path", sqlite.Config{Path: filepath.Join(dir, "x.db?mode=ro")}, groupmem.EINVALID},
		{"negative timeout", sqlite.Config{Path: filepath.Join(dir, "y.db"), BusyTimeout: -time.Second}, groupmem.EINVALID},
		{"missing directory", sqlite.Config{Path: filepath.Join(dir, "no", "such", "dir.db")}, groupmem.EUNAVAILABLE},
		{"a directory", sqlite.Config{Path: dir}, groupmem.EUNAVAILABLE},
		{"not a database", sqlite.Config{Path: garbage}, groupmem.EUNAVAILABLE},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := sqlite.Open(ctx, tt.cfg)
			if err == nil {
				l.Close()
			}
			mustCode(t, err, tt.code)
		})
	}
}

func TestPingAndClose(t *testing.T) {
	ctx := context.Background()
	l, err := sqlite.Open(ctx, sqlite.Config{Path: filepath.Join(t.TempDir(), "ledger.db")})
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Ping(ctx); err != nil {
		t.Fatalf("Ping = %v", err)
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	mustCode(t, l.Ping(ctx), groupmem.EUNAVAILABLE)
	if _, err := l.InsertMessages(ctx, storetest.Msgs("g1", "m", 1)); err == nil {
		t.Fatal("insert after Close succeeded")
	}
}

func TestSentAtOutOfRange(t *testing.T) {
	l := open(t)
	msgs := storetest.Msgs("g1", "m", 2)
	msgs[1].SentAt = time.Date(1500, 1, 1, 0, 0, 0, 0, time.UTC)
	_, err := l.InsertMessages(context.Background(), msgs)
	mustCode(t, err, groupmem.EINVALID)
	if got, _ := l.MessagesAfter(context.Background(), "g1", 0, 10); len(got) != 0 {
		t.Fatalf("rejected batch wrote %d messages", len(got))
	}
}
