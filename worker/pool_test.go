package worker_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/postgres"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/redis"
	"github.com/groupmem/groupmem/store/redis/redistest"
	"github.com/groupmem/groupmem/store/storetest"
	"github.com/groupmem/groupmem/worker"
)

// replica is one groupmem process: its own Postgres pool, Redis
// connection, index client and Service, over the stores of the test.
type replica struct {
	ledger *postgres.Ledger
	svc    *worker.Service
	ran    atomic.Int64 // evolutions this replica ran
}

func (r *replica) Evolve(ctx context.Context, group string, o worker.Options) (worker.Result, error) {
	r.ran.Add(1)
	return r.svc.Evolve(ctx, group, o)
}

// newReplica starts a replica over s. Replicas of one test share the
// Redis key prefix, the Postgres schema and the index.
func newReplica(t *testing.T, s *stores, prefix string, f groupmem.Fuser) *replica {
	t.Helper()
	ctx := context.Background()
	schema := s.ledger.Pool().Config().ConnConfig.RuntimeParams["search_path"]
	l, err := postgres.Open(ctx, postgres.Config{URL: pgtest.URL(), Schema: schema, MaxConns: 8})
	if err != nil {
		t.Fatalf("open Postgres at GROUPMEM_TEST_POSTGRES_URL: %v", err)
	}
	t.Cleanup(l.Close)
	return &replica{ledger: l, svc: newService(t, s, l, openLocker(t, prefix), f)}
}

func newService(t *testing.T, s *stores, l groupmem.Ledger, locker groupmem.Locker, f groupmem.Fuser) *worker.Service {
	t.Helper()
	return worker.New(worker.Deps{Ledger: l, Index: s.index, Locker: locker, Embedder: s.embedder, Fuser: f, Logger: s.log}, worker.Config{})
}

func openLocker(t testing.TB, prefix string) *redis.Locker {
	t.Helper()
	return redistest.Open(t, redis.Config{Prefix: prefix})
}

// syncBuffer is a bytes.Buffer safe for concurrent writers.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) Bytes() []byte {
	b.mu.Lock()
	defer b.mu.Unlock()
	return bytes.Clone(b.buf.Bytes())
}

func slogJSON(w io.Writer) *slog.Logger {
	return slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

// clock is a settable time source.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

var slot1 = time.Date(2026, 11, 2, 3, 0, 0, 0, time.UTC)

// addMessages stores n new messages in each group.
func addMessages(t *testing.T, l groupmem.Ledger, prefix string, n int, groups ...string) {
	t.Helper()
	var msgs []groupmem.Message
	for _, g := range groups {
		msgs = append(msgs, storetest.Msgs(g, prefix, n)...)
	}
	if _, err := l.InsertMessages(context.Background(), msgs); err != nil {
		t.Fatal(err)
	}
}

func newPool(t testing.TB, q groupmem.Queue, e worker.Evolver, log *slog.Logger, cfg worker.PoolConfig) *worker.Pool {
	t.Helper()
	p, err := worker.NewPool(q, e, log, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func tick(t testing.TB, q groupmem.Queue, slot time.Time, minNew int) int {
	t.Helper()
	sch, err := worker.NewScheduler(q, nil, worker.SchedulerConfig{MinMessages: minNew})
	if err != nil {
		t.Fatal(err)
	}
	n, err := sch.Tick(context.Background(), slot)
	if err != nil {
		t.Fatalf("Tick(%s): %v", slot, err)
	}
	return n
}

// runsOf returns the runs of group with the given trigger, by status.
func runsOf(t *testing.T, l groupmem.Ledger, group, trigger string) map[groupmem.RunStatus]int {
	t.Helper()
	runs, err := l.Runs(context.Background(), groupmem.RunQuery{GroupID: group, Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	out := map[groupmem.RunStatus]int{}
	for _, r := range runs {
		if r.Trigger == trigger {
			out[r.Status]++
		}
	}
	return out
}

func jobOf(t *testing.T, l *postgres.Ledger, slot time.Time, group string) groupmem.Job {
	t.Helper()
	jobs, err := l.Jobs(context.Background(), slot)
	if err != nil {
		t.Fatal(err)
	}
	for _, j := range jobs {
		if j.GroupID == group {
			return j
		}
	}
	t.Fatalf("no job of %s for slot %s", group, slot)
	return groupmem.Job{}
}

// waitJobs waits until every job of slot is finished.
func waitJobs(t *testing.T, l *postgres.Ledger, slot time.Time, want int) []groupmem.Job {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		jobs, err := l.Jobs(context.Background(), slot)
		if err != nil {
			t.Fatal(err)
		}
		finished := 0
		for _, j := range jobs {
			if j.Status == groupmem.JobDone || j.Status == groupmem.JobGivenUp {
				finished++
			}
		}
		if len(jobs) == want && finished == want {
			return jobs
		}
		if time.Now().After(deadline) {
			t.Fatalf("after 30s %d of %d jobs of slot %s finished", finished, len(jobs), slot)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func watermark(t *testing.T, l *postgres.Ledger, group string) int64 {
	t.Helper()
	var w int64
	if err := l.Pool().QueryRow(context.Background(), `SELECT watermark FROM group_state WHERE group_id = $1`, group).Scan(&w); err != nil {
		t.Fatal(err)
	}
	return w
}

// Two replicas, each with a scheduler and a pool, over one Postgres and
// one Redis: both tick the same slot, and every due group is evolved
// exactly once; the next slot evolves only the groups with new messages.
func TestTwoReplicasEvolveEachDueGroupOncePerSlot(t *testing.T) {
	ctx := context.Background()
	s := newStores(t)
	prefix := "groupmem-test:" + groupmem.NewID() + ":"
	f := &scriptedFuser{delay: 20 * time.Millisecond}
	replicas := []*replica{newReplica(t, s, prefix, f), newReplica(t, s, prefix, f)}
	var groups []string
	for i := range 16 {
		groups = append(groups, fmt.Sprintf("g%02d", i))
	}
	addMessages(t, s.ledger, "a", 3, groups...)

	runSlot := func(slot time.Time, due []string) {
		t.Helper()
		var wg sync.WaitGroup
		added := make([]int, len(replicas))
		for i, r := range replicas {
			wg.Go(func() { added[i] = tick(t, r.ledger, slot, 1) })
		}
		wg.Wait()
		if added[0]+added[1] != len(due) {
			t.Fatalf("the two ticks of %s added %v jobs, want %d in all", slot, added, len(due))
		}
		pools := make([]*worker.Pool, len(replicas))
		for i, r := range replicas {
			pools[i] = newPool(t, r.ledger, r, s.log, worker.PoolConfig{Concurrency: 3, Poll: 20 * time.Millisecond})
			pools[i].Start(ctx)
		}
		jobs := waitJobs(t, s.ledger, slot, len(due))
		for _, p := range pools {
			if err := p.Stop(ctx); err != nil {
				t.Fatal(err)
			}
		}
		for _, j := range jobs {
			if j.Status != groupmem.JobDone || j.RunStatus != groupmem.RunSucceeded || j.Attempts != 0 {
				t.Errorf("job of %s: status %s, run %s, %d failed attempts", j.GroupID, j.Status, j.RunStatus, j.Attempts)
			}
		}
	}

	runSlot(slot1, groups)
	for _, g := range groups {
		if got := runsOf(t, s.ledger, g, groupmem.TriggerCron); got[groupmem.RunSucceeded] != 1 || len(got) != 1 {
			t.Errorf("cron runs of %s after slot 1: %v, want exactly one succeeded", g, got)
		}
	}
	for i, r := range replicas {
		if r.ran.Load() == 0 {
			t.Errorf("replica %d evolved nothing; work did not spread", i)
		}
	}
	if total := replicas[0].ran.Load() + replicas[1].ran.Load(); total != int64(len(groups)) {
		t.Errorf("the replicas started %d evolutions for %d groups", total, len(groups))
	}

	// Next night: only the groups with new messages are due.
	addMessages(t, s.ledger, "b", 2, groups[:5]...)
	runSlot(slot1.Add(24*time.Hour), groups[:5])
	for i, g := range groups {
		want := 1
		if i < 5 {
			want = 2
		}
		if got := runsOf(t, s.ledger, g, groupmem.TriggerCron); got[groupmem.RunSucceeded] != want || len(got) != 1 {
			t.Errorf("cron runs of %s after slot 2: %v, want %d succeeded", g, got, want)
		}
		wantMark := int64(3)
		if i < 5 {
			wantMark = 5
		}
		if w := watermark(t, s.ledger, g); w != wantMark {
			t.Errorf("watermark of %s = %d, want %d", g, w, wantMark)
		}
	}
}

// Every line the pool logs names the group and the job; every line of a
// run names the run and the group.
func TestPoolLogLinesCarryTheirIDs(t *testing.T) {
	ctx := context.Background()
	s := newStores(t)
	var buf syncBuffer
	s.log = slogJSON(&buf)
	f := &scriptedFuser{fails: map[string]int{"bad": 1}}
	pool := newPool(t, s.ledger, newService(t, s, s.ledger, s.locker, f), s.log, worker.PoolConfig{Concurrency: 3})
	addMessages(t, s.ledger, "a", 2, "bad", "good")
	tick(t, s.ledger, slot1, 1)
	if _, err := pool.RunOnce(ctx); err != nil {
		t.Fatal(err)
	}
	lines := 0
	for _, line := range bytes.Split(bytes.TrimSpace(buf.Bytes()), []byte("\n")) {
		var rec map[string]any
		if err := json.Unmarshal(line, &rec); err != nil {
			t.Fatalf("log line is not JSON: %s", line)
		}
		msg, _ := rec["msg"].(string)
		if strings.HasPrefix(msg, "job ") {
			lines++
			if rec["group_id"] == nil || rec["job_id"] == nil || rec["run_id"] == nil {
				t.Errorf("pool line without group_id, job_id or run_id: %s", line)
			}
		}
		if rec["run_id"] != nil && rec["run_id"] != "" && rec["group_id"] == nil {
			t.Errorf("run line without group_id: %s", line)
		}
	}
	if lines != 2 {
		t.Fatalf("the pool logged %d job lines for 2 jobs:\n%s", lines, buf.Bytes())
	}
}

// Negative settings are refused, naming the setting.
func TestNewPoolRejectsNegativeSettings(t *testing.T) {
	tests := []struct {
		cfg     worker.PoolConfig
		setting string
	}{
		{worker.PoolConfig{Concurrency: -1}, "Concurrency"},
		{worker.PoolConfig{RunTimeout: -time.Second}, "RunTimeout"},
		{worker.PoolConfig{MaxAttempts: -3}, "MaxAttempts"},
		{worker.PoolConfig{Lease: -time.Second}, "Lease"},
		{worker.PoolConfig{LockTTL: -time.Second}, "LockTTL"},
	}
	for _, tt := range tests {
		_, err := worker.NewPool(nil, nil, nil, tt.cfg)
		if groupmem.ErrorCode(err) != groupmem.EINVALID || !strings.Contains(groupmem.ErrorMessage(err), tt.setting) {
			t.Errorf("NewPool(%+v) = %v; want %s naming %s", tt.cfg, err, groupmem.EINVALID, tt.setting)
		}
	}
}
