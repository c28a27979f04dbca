package chaos

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/llm/llmtest"
)

// takeoverBound is how soon after a replica is killed while holding jobs
// another must have finished them: the lock TTL plus 10 s.
const takeoverBound = lockTTL + 10*time.Second

// A replica killed while holding jobs, its runs in the middle of a model
// call, loses them to the other replica, which finishes every one within
// the lock TTL plus 10 s of the kill; no job is run by both at once (the
// run records and the model's requests say so), and every message is
// fused exactly once.
func TestJobTakeover(t *testing.T) {
	ctx := context.Background()
	// The first call for each group is slow, so that the first replica is
	// killed holding its jobs; the calls after answer at once.
	var mu sync.Mutex
	asked := map[string]int{}
	slowCalls := make(chan string, groups)
	model := llmtest.New(t, llmtest.WithHandler(func(req llmtest.Request) llmtest.Reply {
		body := string(req.Body)
		g := ""
		for i := range groups {
			if strings.Contains(body, fmt.Sprintf("takeover-g%d", i)) {
				g = fmt.Sprintf("g%d", i)
			}
		}
		mu.Lock()
		asked[g]++
		first := asked[g] == 1
		mu.Unlock()
		reply := llmtest.Reply{Text: `{"action":"create","statement":"成员讨论了接管` + g + `"}`, PromptTokens: 100, CompletionTokens: 20}
		if first {
			slowCalls <- g
			reply.Latency = time.Minute // killed before it answers
		}
		return reply
	}))
	// The schedule never fires on its own: the test enqueues the jobs.
	// The job lease is the default: the lock TTL. Each replica runs as many
	// jobs at once as there are groups.
	c := newCluster(t, model.URL(), "GROUPMEM_SCHEDULE=0 3 1 1 *", fmt.Sprintf("GROUPMEM_CONCURRENCY=%d", groups))
	a, b := c.reps[0], c.reps[1]
	a.start()

	var all []string
	slot := time.Now().UTC().Truncate(time.Second)
	for i := range groups {
		g := fmt.Sprintf("g%d", i)
		all = append(all, g)
		var msgs []groupmem.Message
		for j := range 3 {
			msgs = append(msgs, groupmem.Message{GroupID: g, ID: fmt.Sprintf("%s-m%d", g, j), SenderID: "u1", SenderName: "ann",
				Content: fmt.Sprintf("takeover-%s 第%d条消息", g, j), SentAt: time.Now().UTC()})
		}
		if _, err := c.ledger.InsertMessages(ctx, msgs); err != nil {
			t.Fatal(err)
		}
	}
	if n, err := c.ledger.EnqueueJobs(ctx, slot, all); err != nil || n != groups {
		t.Fatalf("EnqueueJobs = %d, %v; want %d", n, err, groups)
	}
	for range groups {
		select {
		case <-slowCalls:
		case <-time.After(60 * time.Second):
			t.Fatalf("the first replica did not take every job:\n%s", tail(a.log))
		}
	}
	b.start()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if log, _ := os.ReadFile(b.log); strings.Contains(string(log), "job_lease="+lockTTL.String()) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the replicas' job lease is not the lock TTL (%s) by default:\n%s", lockTTL, tail(b.log))
		}
	}
	time.Sleep(2 * lockTTL) // the first replica renews its claims: the second takes none
	if jobs := jobsOf(t, c, slot); slices.ContainsFunc(jobs, func(j groupmem.Job) bool { return j.Status != groupmem.JobRunning || j.Attempts != 0 }) {
		t.Fatalf("while their holder lives, the jobs changed hands: %+v", jobs)
	}

	a.kill()
	died := time.Now()
	var jobs []groupmem.Job
	for {
		jobs = jobsOf(t, c, slot)
		if !slices.ContainsFunc(jobs, func(j groupmem.Job) bool { return j.Status != groupmem.JobDone }) {
			break
		}
		if time.Since(died) > 3*takeoverBound {
			t.Fatalf("%s after the kill, jobs %+v are not all done", time.Since(died).Round(time.Second), jobs)
		}
		time.Sleep(50 * time.Millisecond)
	}
	took := time.Since(died)
	report := fmt.Sprintf("job takeover: %d jobs held by a replica killed in the middle of its model calls were finished by the other %s after the kill (lock TTL %s, bound the TTL + 10 s = %s)",
		len(jobs), took.Round(100*time.Millisecond), lockTTL, takeoverBound)
	t.Log(report)
	if path := os.Getenv("GROUPMEM_CHAOS_REPORT"); path != "" {
		f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err == nil {
			_, _ = fmt.Fprintln(f, report)
			f.Close()
		}
	}
	if took > takeoverBound {
		t.Errorf("the dead replica's jobs were finished %s after its death; want within %s", took.Round(100*time.Millisecond), takeoverBound)
	}

	// No job was run by both at once. The ledger holds two runs of each
	// group: the killed one, begun before the kill and closed by the sweep
	// or by the run that took the group over, and one that fused its
	// messages, begun after the kill with a later fence, which is the run
	// the job records. The model was asked twice for each group, once by
	// each run: the second replica started no run while the first lived.
	jobRun := map[string]string{}
	for _, j := range jobs {
		jobRun[j.GroupID] = j.RunID
	}
	for _, g := range all {
		for {
			running, err := c.ledger.RunningRuns(ctx, groupmem.RunningRunsQuery{GroupID: g, Limit: 10})
			if err != nil {
				t.Fatal(err)
			}
			if len(running) == 0 {
				break
			}
			if time.Since(died) > 3*takeoverBound {
				t.Fatalf("group %s still has running runs %+v", g, running)
			}
			time.Sleep(100 * time.Millisecond)
		}
		runs, err := c.ledger.Runs(ctx, groupmem.RunQuery{GroupID: g, Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		var killed, ok []groupmem.Run
		for _, r := range runs {
			switch {
			case r.Status == groupmem.RunSucceeded:
				ok = append(ok, r)
			case r.Error == groupmem.AbandonedLease || r.Error == groupmem.AbandonedRun:
				killed = append(killed, r)
			default:
				t.Errorf("group %s: run %s ended %s (%s); want the killed run abandoned, the other succeeded", g, r.ID, r.Status, r.Error)
			}
		}
		if len(killed) != 1 || len(ok) != 1 {
			t.Errorf("group %s: %d abandoned runs and %d succeeded; want one of each", g, len(killed), len(ok))
			continue
		}
		k, s := killed[0], ok[0]
		if !k.StartedAt.Before(died) || s.StartedAt.Before(died) || s.Fence <= k.Fence || s.Messages != 3 {
			t.Errorf("group %s: killed run %+v, succeeded run %+v; want the killed one begun before the kill, the other after it with a later fence, fusing its 3 messages", g, k, s)
		}
		if jobRun[g] != s.ID {
			t.Errorf("group %s: the job records run %s; want %s, the run that finished it", g, jobRun[g], s.ID)
		}
		mu.Lock()
		n := asked[g]
		mu.Unlock()
		if n != 2 {
			t.Errorf("group %s: the model was asked %d times; want twice, once by each replica", g, n)
		}
	}
	for _, j := range jobs {
		if j.Attempts != 1 {
			t.Errorf("job of %s: %d failed attempts; want the killed one counted", j.GroupID, j.Attempts)
		}
	}
}

// jobsOf returns the jobs of slot.
func jobsOf(t *testing.T, c *cluster, slot time.Time) []groupmem.Job {
	t.Helper()
	jobs, err := c.ledger.Jobs(context.Background(), slot)
	if err != nil {
		t.Fatal(err)
	}
	return jobs
}
