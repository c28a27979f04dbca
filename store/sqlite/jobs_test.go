package sqlite_test

import (
	"context"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/sqlite"
	"github.com/groupmem/groupmem/store/storetest"
)

func TestQueueContract(t *testing.T) {
	storetest.TestQueue(t, func(t *testing.T) (groupmem.Queue, groupmem.Ledger) {
		l := open(t)
		return l, l
	})
}

var jobSlot = time.Date(2026, 11, 2, 3, 0, 0, 0, time.UTC)

// Job times are the ledger clock's, to the nanosecond, and a lease is
// over at the instant it ends.
func TestJobTimesExact(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 2, 3, 0, 1, 123456789, time.UTC)
	l := openAt(t, filepath.Join(t.TempDir(), "ledger.db"), func() time.Time { return now })
	if _, err := l.EnqueueJobs(ctx, jobSlot, []string{"g1"}); err != nil {
		t.Fatal(err)
	}
	jobs, err := l.ClaimJobs(ctx, 1, time.Minute)
	if err != nil || len(jobs) != 1 {
		t.Fatalf("ClaimJobs = %v, %v", jobs, err)
	}
	want := groupmem.Job{ID: jobs[0].ID, Slot: jobSlot, GroupID: "g1", Status: groupmem.JobRunning,
		NextAttemptAt: now, Claim: jobs[0].Claim, ClaimedUntil: now.Add(time.Minute), CreatedAt: now, UpdatedAt: now}
	if diff := cmp.Diff(want, jobs[0]); diff != "" {
		t.Fatalf("claimed job (-want +got):\n%s", diff)
	}
	stored, err := l.Jobs(ctx, jobSlot)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(jobs, stored); diff != "" {
		t.Fatalf("stored job (-claimed +read):\n%s", diff)
	}

	now = now.Add(time.Minute - time.Nanosecond)
	if jobs, err := l.ClaimJobs(ctx, 1, time.Minute); err != nil || len(jobs) != 0 {
		t.Fatalf("claimed %v, %v a nanosecond before the lease ends", jobs, err)
	}
	now = now.Add(time.Nanosecond)
	again, err := l.ClaimJobs(ctx, 1, time.Minute)
	if err != nil || len(again) != 1 || again[0].Attempts != 1 || !again[0].ClaimedUntil.Equal(now.Add(time.Minute)) {
		t.Fatalf("claim as the lease ends = %+v, %v; want the job with 1 failed attempt", again, err)
	}
}

// A slot the file cannot store is EINVALID.
func TestJobSlotOutOfRange(t *testing.T) {
	l := open(t)
	_, err := l.EnqueueJobs(context.Background(), time.Date(1600, 1, 1, 0, 0, 0, 0, time.UTC), []string{"g1"})
	mustCode(t, err, groupmem.EINVALID)
}

// Ledgers sharing one file, as processes do, share the queue: together
// they enqueue each group once and claim each job once.
func TestQueueAcrossLedgers(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "ledger.db")
	ledgers := []*sqlite.Ledger{openAt(t, path, nil), openAt(t, path, nil), openAt(t, path, nil)}
	groups := make([]string, 30)
	for i := range groups {
		groups[i] = string(rune('a'+i/10)) + string(rune('0'+i%10))
	}

	var wg sync.WaitGroup
	var mu sync.Mutex
	added := 0
	for _, l := range ledgers {
		wg.Go(func() {
			n, err := l.EnqueueJobs(ctx, jobSlot, groups)
			if err != nil {
				t.Error(err)
			}
			mu.Lock()
			added += n
			mu.Unlock()
		})
	}
	wg.Wait()
	if added != len(groups) {
		t.Fatalf("enqueues through %d ledgers added %d jobs, want %d", len(ledgers), added, len(groups))
	}

	var claimed []string
	for _, l := range ledgers {
		for range 2 {
			wg.Go(func() {
				for {
					jobs, err := l.ClaimJobs(ctx, 3, time.Minute)
					if err != nil {
						t.Error(err)
						return
					}
					if len(jobs) == 0 {
						return
					}
					mu.Lock()
					for _, j := range jobs {
						claimed = append(claimed, j.GroupID)
					}
					mu.Unlock()
				}
			})
		}
	}
	wg.Wait()
	slices.Sort(claimed)
	if diff := cmp.Diff(groups, claimed); diff != "" {
		t.Fatalf("claims through %d ledgers (-want +got):\n%s", len(ledgers), diff)
	}
}

// A file written before the job queue existed gets it when opened.
func TestJobsSchemaAddedToOldFile(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "ledger.db")
	l, err := sqlite.Open(ctx, sqlite.Config{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.InsertMessages(ctx, storetest.Msgs("g1", "m", 2)); err != nil {
		t.Fatal(err)
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	db := rawDB(t, path)
	for _, stmt := range []string{`DROP TABLE evolution_jobs`,
		`DELETE FROM schema_migrations WHERE name IN ('0002_jobs', '0005_job_follow_ups')`} {
		if _, err := db.ExecContext(ctx, stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}

	l = openAt(t, path, nil)
	due, err := l.DueGroups(ctx, 2, "", 10)
	if err != nil || !slices.Equal(due, []string{"g1"}) {
		t.Fatalf("DueGroups on the old file's messages = %v, %v", due, err)
	}
	if n, err := l.EnqueueJobs(ctx, jobSlot, due); err != nil || n != 1 {
		t.Fatalf("EnqueueJobs after the upgrade = %d, %v", n, err)
	}
}
