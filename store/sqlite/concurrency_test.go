package sqlite_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/sqlite"
	"github.com/groupmem/groupmem/store/storetest"
)

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
// while a reader, on either Ledger in turn, keeps advancing its watermark:
// every message is read exactly once.
func TestConcurrentInsertsReadOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ledger.db")
	a, b := openAt(t, path, nil), openAt(t, path, nil)
	db := rawDB(t, path)
	direct := func(ctx context.Context, msgs []groupmem.Message) error { return insertDirect(ctx, db, msgs) }
	storetest.InsertsReadOnce(t, []storetest.Inserter{storetest.LedgerInserter(a), storetest.LedgerInserter(b), direct}, []groupmem.Ledger{a, b}, 6, 12, 4)
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
