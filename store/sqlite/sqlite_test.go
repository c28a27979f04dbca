package sqlite_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
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
			failed.Status = groupmem.RunFailed
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

// A chat app may INSERT messages straight into the file without a seq: the
// schema assigns one that continues the group's stream.
func TestDirectInsertGetsSeq(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "ledger.db")
	l := openAt(t, path, nil)
	if _, err := l.InsertMessages(ctx, storetest.Msgs("g1", "a", 2)); err != nil {
		t.Fatal(err)
	}
	db := rawDB(t, path)
	for _, id := range []string{"x", "y"} {
		if _, err := db.Exec(`INSERT INTO messages (group_id, message_id, content, sent_at) VALUES ('g1', ?, 'direct', ?)`,
			id, time.Now().UnixNano()); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.Exec(`INSERT INTO messages (group_id, message_id, content, sent_at) VALUES ('g9', 'z', 'new group', 0)`); err != nil {
		t.Fatal(err)
	}
	if _, err := l.InsertMessages(ctx, storetest.Msgs("g1", "b", 1)); err != nil {
		t.Fatal(err)
	}
	got, err := l.MessagesAfter(ctx, "g1", 0, 10)
	if err != nil {
		t.Fatal(err)
	}
	var gotIDs []string
	var seqs []int64
	for _, m := range got {
		gotIDs, seqs = append(gotIDs, m.ID), append(seqs, m.Seq)
	}
	if diff := cmp.Diff([]string{"a0", "a1", "x", "y", "b0"}, gotIDs); diff != "" {
		t.Errorf("messages (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]int64{1, 2, 3, 4, 5}, seqs); diff != "" {
		t.Errorf("seqs (-want +got):\n%s", diff)
	}
	other, err := l.MessagesAfter(ctx, "g9", 0, 10)
	if err != nil || len(other) != 1 || other[0].Seq != 1 {
		t.Errorf("first message of a new group = %+v, %v; want seq 1", other, err)
	}
	// A direct INSERT OR REPLACE of a new message must not reset the
	// group's fence or watermark.
	r := storetest.Begin(t, l, "g1")
	if _, err := db.Exec(`INSERT OR REPLACE INTO messages (group_id, message_id, content, sent_at) VALUES ('g1', 'w', 'c', 0)`); err != nil {
		t.Fatal(err)
	}
	if next := storetest.Begin(t, l, "g1"); next.Fence != r.Fence+1 {
		t.Errorf("fence after a direct insert = %d, want %d", next.Fence, r.Fence+1)
	}
}

// Writers on two Ledgers and a third program insert into one group at once
// while a reader keeps advancing its watermark: every message is read
// exactly once.
func TestConcurrentInsertsReadOnce(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "ledger.db")
	a, b := openAt(t, path, nil), openAt(t, path, nil)
	db := rawDB(t, path)
	const writers, batches, per = 6, 12, 4
	var wg sync.WaitGroup
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 0; n < batches; n++ {
				var msgs []groupmem.Message
				for i := 0; i < per; i++ {
					msgs = append(msgs, groupmem.Message{GroupID: "g", ID: fmt.Sprintf("w%d-b%d-%d", w, n, i), Content: "x", SentAt: time.Now()})
				}
				var err error
				switch (w + n) % 3 {
				case 0:
					_, err = a.InsertMessages(ctx, msgs)
				case 1:
					_, err = b.InsertMessages(ctx, msgs)
				default:
					err = insertDirect(ctx, db, msgs)
				}
				if err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	stop := make(chan struct{})
	go func() { wg.Wait(); close(stop) }()
	seen := map[string]int{}
	var watermark int64
	readers := []*sqlite.Ledger{a, b}
	for round, finished := 0, false; ; round++ {
		select {
		case <-stop:
			finished = true
		default:
		}
		msgs, err := readers[round%2].MessagesAfter(ctx, "g", watermark, 7)
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

func insertDirect(ctx context.Context, db *sql.DB, msgs []groupmem.Message) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, m := range msgs {
		if _, err := tx.ExecContext(ctx, `INSERT INTO messages (group_id, message_id, content, sent_at) VALUES (?, ?, ?, ?)`,
			m.GroupID, m.ID, m.Content, m.SentAt.UnixNano()); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// Two Ledgers on one file (two processes, say) share the fencing token: a
// run begun on one makes the other's run stale.
func TestFencingAcrossLedgers(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "ledger.db")
	a, b := openAt(t, path, nil), openAt(t, path, nil)
	slow := storetest.Begin(t, a, "g1")
	fast := storetest.Begin(t, b, "g1")
	if fast.Fence != slow.Fence+1 {
		t.Fatalf("fences %d then %d across ledgers", slow.Fence, fast.Fence)
	}
	mustCode(t, a.CommitPlan(ctx, storetest.CreatePlan(slow, "stale")), groupmem.ESTALE)
	mustCode(t, b.CommitPlan(ctx, storetest.CreatePlan(slow, "stale")), groupmem.ESTALE)
	plan := storetest.CreatePlan(fast, "current")
	if err := a.CommitPlan(ctx, plan); err != nil {
		t.Fatalf("commit with the current fence through the other ledger: %v", err)
	}
	for name, l := range map[string]*sqlite.Ledger{"a": a, "b": b} {
		page, err := l.Memories(ctx, groupmem.MemoryQuery{GroupID: "g1", Limit: 10})
		if err != nil || page.Total != 1 || page.Memories[0].Statement != "current" {
			t.Errorf("ledger %s sees %+v, %v; want only the current run's memory", name, page, err)
		}
	}

	// Racing runs on both ledgers: each commit either applies in full or
	// is stale and writes nothing.
	const runs = 20
	var wg sync.WaitGroup
	var mu sync.Mutex
	committed, stale := 0, 0
	for i := 0; i < runs; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l := []*sqlite.Ledger{a, b}[i%2]
			r, err := l.BeginRun(ctx, groupmem.BeginRunParams{GroupID: "g2", Trigger: groupmem.TriggerCron})
			if err != nil {
				t.Error(err)
				return
			}
			err = l.CommitPlan(ctx, storetest.CreatePlan(r, fmt.Sprintf("run %d", i)))
			mu.Lock()
			defer mu.Unlock()
			switch groupmem.ErrorCode(err) {
			case "":
				committed++
			case groupmem.ESTALE:
				stale++
			default:
				t.Errorf("commit: %v", err)
			}
		}()
	}
	wg.Wait()
	page, err := a.Memories(ctx, groupmem.MemoryQuery{GroupID: "g2", Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	if committed+stale != runs || committed < 1 || page.Total != committed {
		t.Fatalf("committed %d, stale %d, memories %d; want every run either committed or stale, one memory per commit", committed, stale, page.Total)
	}
	// Nothing began after the run holding the highest fence, so it
	// cannot have been stale.
	history, err := a.Runs(ctx, groupmem.RunQuery{GroupID: "g2", Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	last := history[0]
	for _, r := range history {
		if r.Fence > last.Fence {
			last = r
		}
	}
	if len(history) != runs || last.Status != groupmem.RunSucceeded {
		t.Fatalf("%d runs recorded; the latest (fence %d) is %s, want %d runs and the latest succeeded", len(history), last.Fence, last.Status, runs)
	}
}

// A writer that cannot get the file's write lock in time fails with
// EUNAVAILABLE, or with the caller's context error when that ends first;
// once the lock is free the ledger works again.
func TestLockedFile(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "ledger.db")
	l, err := sqlite.Open(ctx, sqlite.Config{Path: path, BusyTimeout: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	patient := openAt(t, path, nil)

	holder, err := rawDB(t, path).BeginTx(ctx, nil) // takes the write lock
	if err != nil {
		t.Fatal(err)
	}
	_, err = l.InsertMessages(ctx, storetest.Msgs("g1", "m", 1))
	mustCode(t, err, groupmem.EUNAVAILABLE)
	short, cancel := context.WithTimeout(ctx, 30*time.Millisecond)
	defer cancel()
	_, err = patient.BeginRun(short, groupmem.BeginRunParams{GroupID: "g1"})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("BeginRun while locked with a short context = %v, want the deadline", err)
	}
	// Reads go on while the lock is held.
	if _, err := l.MessagesAfter(ctx, "g1", 0, 10); err != nil {
		t.Fatalf("read while locked: %v", err)
	}
	if err := holder.Rollback(); err != nil {
		t.Fatal(err)
	}
	if n, err := l.InsertMessages(ctx, storetest.Msgs("g1", "m", 1)); err != nil || n != 1 {
		t.Fatalf("insert after the lock is free = %d, %v", n, err)
	}
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

// Writers on two Ledgers that share a file never fail each other: runs of
// different groups committed at once through both all apply.
func TestConcurrentCommitsAcrossLedgers(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "ledger.db")
	ledgers := []*sqlite.Ledger{openAt(t, path, nil), openAt(t, path, nil)}
	const groups, rounds = 4, 10
	var wg sync.WaitGroup
	for g := 0; g < groups; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l := ledgers[g%2]
			group := fmt.Sprintf("g%d", g)
			for i := 0; i < rounds; i++ {
				if _, err := l.InsertMessages(ctx, storetest.Msgs(group, fmt.Sprintf("r%d-", i), 2)); err != nil {
					t.Error(err)
					return
				}
				r, err := l.BeginRun(ctx, groupmem.BeginRunParams{GroupID: group, Trigger: groupmem.TriggerCron})
				if err != nil {
					t.Error(err)
					return
				}
				p := storetest.CreatePlan(r, fmt.Sprintf("fact %d", i))
				p.Run.NewWatermark = r.Watermark + 2
				if err := l.CommitPlan(ctx, p); err != nil {
					t.Errorf("commit of %s round %d: %v", group, i, err)
					return
				}
				if _, err := l.ClaimOutbox(ctx, 1, time.Minute); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	for g := 0; g < groups; g++ {
		page, err := ledgers[0].Memories(ctx, groupmem.MemoryQuery{GroupID: fmt.Sprintf("g%d", g), Limit: 1})
		if err != nil || page.Total != rounds {
			t.Errorf("group g%d has %d memories, %v; want %d", g, page.Total, err, rounds)
		}
	}
}
