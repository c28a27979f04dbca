package chaos

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/llm/llmtest"
	"github.com/groupmem/groupmem/store/postgres"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/qdrant"
	"github.com/groupmem/groupmem/store/qdrant/qdranttest"
	"github.com/groupmem/groupmem/store/redis/redistest"
)

const (
	rounds = 32 // rounds of ingest, evolve and perhaps kill
	// sweepBound is how long runs left running by a kill may stay so: a
	// lock ttl (2 s) and a relay round (5 s), with slack for a loaded
	// machine (the race detector, other tests).
	sweepBound = 15 * time.Second
	groups     = 4
	dim        = 256
	lockTTL    = 2 * time.Second
)

// cluster is two replicas of the real binary over one Postgres schema,
// Redis and the Qdrant test server, evolving with the model at modelURL,
// with a lock TTL of 2 s.
type cluster struct {
	ledger *postgres.Ledger
	qaddr  string
	schema string
	reps   []*replica
}

// newCluster starts a cluster; extra settings are added to the replicas'
// environment.
func newCluster(t *testing.T, modelURL string, extra ...string) *cluster {
	t.Helper()
	ctx := context.Background()
	schema := "chaos_" + strings.ReplaceAll(groupmem.NewID()[:8], "-", "")
	t.Cleanup(func() { pgtest.DropSchema(t, schema) })
	ledger, err := postgres.Open(ctx, postgres.Config{URL: pgtest.URL(), Schema: schema})
	if err != nil {
		t.Fatalf("Postgres at GROUPMEM_TEST_POSTGRES_URL: %v", err)
	}
	t.Cleanup(ledger.Close)
	if _, err := ledger.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	redisAddr := redistest.Addr()
	qaddr := qdranttest.Start(t)
	env := append([]string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir(),
		"GROUPMEM_POSTGRES_URL=" + pgtest.URL(), "GROUPMEM_POSTGRES_SCHEMA=" + schema,
		"GROUPMEM_REDIS_ADDR=" + redisAddr, "GROUPMEM_REDIS_PREFIX=chaos-" + schema + ":",
		"GROUPMEM_QDRANT_ADDR=" + qaddr, "GROUPMEM_QDRANT_COLLECTION=" + schema, fmt.Sprintf("GROUPMEM_EMBED_DIM=%d", dim), "GROUPMEM_LOCAL_EMBEDDER=hashing",
		"GROUPMEM_LLM_URL=" + modelURL, "GROUPMEM_LLM_MODEL=scripted", "GROUPMEM_LANG=zh",
		"GROUPMEM_API_OPEN=true", "GROUPMEM_LOCK_TTL=" + lockTTL.String(), "GROUPMEM_GRACE=1s", "GROUPMEM_LOG_LEVEL=debug",
	}, extra...)
	bin := buildBinary(t)
	logDir := t.TempDir()
	c := &cluster{ledger: ledger, qaddr: qaddr, schema: schema, reps: []*replica{
		{t: t, bin: bin, env: env, log: filepath.Join(logDir, "a.log")},
		{t: t, bin: bin, env: env, log: filepath.Join(logDir, "b.log")},
	}}
	for _, r := range c.reps {
		t.Cleanup(r.kill)
	}
	t.Cleanup(func() {
		if t.Failed() {
			for _, r := range c.reps {
				t.Logf("log of %s:\n%s", filepath.Base(r.log), tail(r.log))
			}
		}
	})
	return c
}

// replica is one process of the real binary.
type replica struct {
	t    *testing.T
	bin  string
	env  []string
	log  string
	mu   sync.Mutex
	cmd  *exec.Cmd
	base string
	done chan struct{}
}

func (r *replica) start() {
	r.t.Helper()
	port := freePort(r.t)
	logf, err := os.OpenFile(r.log, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		r.t.Fatal(err)
	}
	cmd := exec.Command(r.bin, "serve")
	cmd.Env = append(slices.Clone(r.env), "GROUPMEM_HTTP_ADDR=127.0.0.1:"+port)
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		r.t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); logf.Close(); close(done) }()
	base := "http://127.0.0.1:" + port
	deadline := time.Now().Add(60 * time.Second)
	for {
		resp, err := http.Get(base + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				break
			}
		}
		select {
		case <-done:
			r.t.Fatalf("replica exited at start:\n%s", tail(r.log))
		default:
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("replica not ready within a minute:\n%s", tail(r.log))
		}
		time.Sleep(50 * time.Millisecond)
	}
	r.mu.Lock()
	r.cmd, r.base, r.done = cmd, base, done
	r.mu.Unlock()
}

// kill sends SIGKILL and waits for the process to end.
func (r *replica) kill() {
	r.mu.Lock()
	cmd, done := r.cmd, r.done
	r.cmd = nil
	r.mu.Unlock()
	if cmd == nil {
		return
	}
	_ = cmd.Process.Kill()
	<-done
}

func (r *replica) url() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.base
}

func freePort(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	_, port, _ := net.SplitHostPort(l.Addr().String())
	return port
}

func tail(path string) string {
	data, _ := os.ReadFile(path)
	if len(data) > 4000 {
		data = data[len(data)-4000:]
	}
	return string(data)
}

// binary is the groupmem command the tests of this package run, built
// once for all of them (see TestMain).
var binary struct {
	once sync.Once
	dir  string // removed by TestMain
	path string
	err  error
}

// TestMain removes the binary the tests built.
func TestMain(m *testing.M) {
	code := m.Run()
	if binary.dir != "" {
		os.RemoveAll(binary.dir)
	}
	os.Exit(code)
}

// buildBinary builds the groupmem command on the first call of the
// package's tests, with the race detector when the tests have it, and
// returns its path.
func buildBinary(t *testing.T) string {
	t.Helper()
	binary.once.Do(func() {
		binary.dir, binary.err = os.MkdirTemp("", "groupmem-chaos-")
		if binary.err != nil {
			return
		}
		bin := filepath.Join(binary.dir, "groupmem")
		args := []string{"build", "-o", bin}
		if raceBuild {
			args = append(args, "-race")
		}
		out, err := exec.Command("go", append(args, "github.com/groupmem/groupmem/cmd/groupmem")...).CombinedOutput()
		if err != nil {
			binary.err = fmt.Errorf("%w\n%s", err, out)
			return
		}
		binary.path = bin
	})
	if binary.err != nil {
		t.Fatalf("build: %v", binary.err)
	}
	return binary.path
}

// hanText returns n random Han characters: statements that share no
// bigrams, so none is merged into another.
func hanText(r *rand.Rand, n int) string {
	var b strings.Builder
	for range n {
		b.WriteRune(rune(0x4e00 + r.IntN(0x2000)))
	}
	return b.String()
}

// TestChaos runs two replicas of the real binary over Postgres, Redis and
// the Qdrant test server, with a slow scripted model, kills them with
// SIGKILL at random points and restarts them, then checks that every
// message was fused exactly once, no plan was applied in part, the index
// equals the ledger and no run is left running.
func TestChaos(t *testing.T) {
	started := time.Now()
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(uint64(started.UnixNano()), 7))
	var rmu sync.Mutex
	random := func(n int) int { rmu.Lock(); defer rmu.Unlock(); return rng.IntN(n) }

	// lastCall, once armed, hears of the model call that carries the last
	// message (lastWords), which then takes long enough to be killed in
	// the middle of.
	var lastCall atomic.Pointer[chan struct{}]
	const lastWords = "最后一轮"
	model := llmtest.New(t, llmtest.WithHandler(func(req llmtest.Request) llmtest.Reply {
		rmu.Lock()
		defer rmu.Unlock()
		text := fmt.Sprintf(`{"action":"create","statement":"成员讨论了%s","evidence":["m1"]}`+"\n"+
			`{"action":"create","statement":"成员约定%s"}`, hanText(rng, 8), hanText(rng, 8))
		latency := time.Duration(50+rng.IntN(700)) * time.Millisecond
		if strings.Contains(string(req.Body), lastWords) {
			if heard := lastCall.Swap(nil); heard != nil {
				close(*heard)
				latency = 10 * time.Second
			}
		}
		return llmtest.Reply{Text: text, Latency: latency, PromptTokens: 100, CompletionTokens: 40}
	}))
	c := newCluster(t, model.URL())
	ledger, qaddr, schema, reps := c.ledger, c.qaddr, c.schema, c.reps
	for _, r := range reps {
		r.start()
	}

	client := &http.Client{Timeout: 15 * time.Second}
	evolve := func(base, g string) (int, error) {
		resp, err := client.Post(base+"/memory/evolve/"+g, "application/json", nil)
		if err != nil {
			return 0, err
		}
		resp.Body.Close()
		return resp.StatusCode, nil
	}
	said := 0
	kills := 0
	for round := range rounds {
		g := fmt.Sprintf("g%d", random(groups))
		var msgs []groupmem.Message
		for range 3 + random(6) {
			said++
			msgs = append(msgs, groupmem.Message{GroupID: g, ID: fmt.Sprintf("msg-%d", said), SenderID: "u1", SenderName: "ann",
				Content: "今天聊了" + hanText(rng, 6), SentAt: time.Now().UTC()})
		}
		if _, err := ledger.InsertMessages(ctx, msgs); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		for range 1 + random(2) {
			r := reps[random(len(reps))]
			wg.Go(func() { _, _ = evolve(r.url(), g) })
		}
		time.Sleep(time.Duration(random(600)) * time.Millisecond)
		if random(10) < 6 {
			victim := reps[random(len(reps))]
			victim.kill()
			kills++
			wg.Wait()
			victim.start()
		}
		wg.Wait()
		t.Logf("round %d: %d messages to %s, %d kills so far", round, len(msgs), g, kills)
	}

	// The last kill lands in the middle of a model call, so that at
	// least one run is left running for the sweep to close.
	var lastRun string
	{
		g := "g0"
		said++
		if _, err := ledger.InsertMessages(ctx, []groupmem.Message{{GroupID: g, ID: fmt.Sprintf("msg-%d", said), SenderID: "u1", SenderName: "ann",
			Content: lastWords + hanText(rng, 6), SentAt: time.Now().UTC()}}); err != nil {
			t.Fatal(err)
		}
		heard := make(chan struct{})
		lastCall.Store(&heard)
		victim := reps[0]
		go func() {
			// A lock a killed replica held answers busy until its lease
			// runs out: ask again until the model hears the call.
			for {
				code, err := evolve(victim.url(), g)
				select {
				case <-heard:
					return
				default:
				}
				if err == nil && code != http.StatusConflict {
					return
				}
				time.Sleep(200 * time.Millisecond)
			}
		}()
		select {
		case <-heard:
		case <-time.After(45 * time.Second):
			t.Fatal("the last evolution never reached the model")
		}
		running, err := ledger.RunningRuns(ctx, groupmem.RunningRunsQuery{GroupID: g, Limit: 10})
		if err != nil || len(running) != 1 {
			t.Fatalf("while the model answers the last call, %s has running runs %+v, %v; want one", g, running, err)
		}
		lastRun = running[0].ID
		victim.kill()
		kills++
		victim.start()
	}

	// Runs whose replica was killed are closed by the replicas' sweep,
	// within a lock ttl and a relay round (2 s + 5 s; the bound leaves
	// slack for a loaded machine), without any new run.
	swept := time.Now()
	left := map[string]bool{}
	for g := 0; g < groups; {
		runs, err := ledger.RunningRuns(ctx, groupmem.RunningRunsQuery{GroupID: fmt.Sprintf("g%d", g), Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		if len(runs) == 0 {
			g++
			continue
		}
		for _, r := range runs {
			left[r.ID] = true
		}
		if time.Since(swept) > sweepBound {
			t.Fatalf("run %s still running %s after the last kill; want it closed within %s", runs[0].ID, time.Since(swept).Round(time.Second), sweepBound)
		}
		time.Sleep(100 * time.Millisecond)
	}
	sweepWait := time.Since(swept)
	left[lastRun] = true // closed perhaps before the first look, by a replica's sweep at start
	for id := range left {
		if r, err := ledger.Run(ctx, id); err != nil || r.Error != groupmem.AbandonedLease {
			t.Errorf("run %s was not closed by the sweep: %+v, %v", id, r, err)
		}
	}
	drained := time.Now()

	// Drain: every group evolves until nothing is left; a lock a killed
	// replica held answers busy until its lease runs out.
	deadline := time.Now().Add(2 * time.Minute)
	for i := range groups {
		g := fmt.Sprintf("g%d", i)
		for {
			code, err := evolve(reps[i%2].url(), g)
			if err == nil && code == http.StatusOK {
				runs, _ := ledger.Runs(ctx, groupmem.RunQuery{GroupID: g, Limit: 1})
				if len(runs) == 1 && runs[0].Status == groupmem.RunNoop {
					break
				}
				continue
			}
			if time.Now().After(deadline) {
				t.Fatalf("group %s could not be drained: %d, %v", g, code, err)
			}
			time.Sleep(200 * time.Millisecond)
		}
	}
	for {
		n, _, err := ledger.OutboxLag(ctx)
		if err == nil && n == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("outbox still holds %d entries", n)
		}
		time.Sleep(200 * time.Millisecond)
	}

	index, err := qdrant.Open(ctx, qdrant.Config{Addr: qaddr, Collection: schema, Dimension: dim, SkipCompatibilityCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	defer index.Close()
	fig := figures{messages: said, kills: kills, reasons: map[string]int{}, drained: drained}
	for i := range groups {
		checkGroup(t, ledger, index, fmt.Sprintf("g%d", i), &fig)
	}
	report := fmt.Sprintf("chaos: %d rounds, %d kills, %d runs under kills and %d in the drain (%d succeeded, %d failed: %v, %d of them closed by the sweep; %d noop), "+
		"%d messages fused exactly once, %d versions, index = ledger, %d runs left by the last kill closed %s after it, %s in all",
		rounds, fig.kills, fig.chaosRuns, fig.runs-fig.chaosRuns, fig.succeeded, fig.failed, fig.reasons, fig.swept, fig.noop,
		fig.fused, fig.versions, len(left), sweepWait.Round(100*time.Millisecond), time.Since(started).Round(time.Second))
	t.Log(report)
	if path := os.Getenv("GROUPMEM_CHAOS_REPORT"); path != "" {
		if err := os.WriteFile(path, []byte(report+"\n"), 0o644); err != nil {
			t.Error(err)
		}
	}
	if fig.chaosRuns < 20 || fig.kills < 5 {
		t.Errorf("only %d runs under kills and %d kills: too little chaos to judge", fig.chaosRuns, fig.kills)
	}
	if fig.fused != said {
		t.Errorf("%d messages fused, %d said", fig.fused, said)
	}
}

type figures struct {
	messages, kills, runs, succeeded, failed, noop, fused, versions int
	chaosRuns, swept                                                int // runs begun before the drain; runs the sweep closed
	reasons                                                         map[string]int
	drained                                                         time.Time // when the drain began
}

// checkGroup checks one group's guarantees after the chaos.
func checkGroup(t *testing.T, l *postgres.Ledger, x *qdrant.Index, g string, fig *figures) {
	t.Helper()
	ctx := context.Background()
	runs, err := l.Runs(ctx, groupmem.RunQuery{GroupID: g, Limit: 10000})
	if err != nil {
		t.Fatal(err)
	}
	changes, err := l.Changes(ctx, groupmem.ChangeQuery{GroupID: g, Limit: 100000})
	if err != nil {
		t.Fatal(err)
	}
	perRun := map[string]int{}
	for _, c := range changes {
		perRun[c.RunID]++
	}
	msgs, err := l.MessagesAfter(ctx, g, 0, 100000)
	if err != nil {
		t.Fatal(err)
	}
	fusedBy := map[int64]string{}
	for _, r := range runs {
		fig.runs++
		if r.StartedAt.Before(fig.drained) {
			fig.chaosRuns++
		}
		if r.Error == groupmem.AbandonedLease {
			fig.swept++
		}
		switch r.Status {
		case groupmem.RunRunning:
			t.Errorf("run %s of %s is still running", r.ID, g)
		case groupmem.RunSucceeded:
			fig.succeeded++
			n := 0
			for _, m := range msgs {
				if m.Seq > r.Watermark && m.Seq <= r.NewWatermark {
					if other, dup := fusedBy[m.Seq]; dup {
						t.Errorf("message %s fused by runs %s and %s", m.ID, other, r.ID)
					}
					fusedBy[m.Seq] = r.ID
					n++
				}
			}
			if n != r.Messages {
				t.Errorf("run %s fused %d messages by its watermarks but records %d", r.ID, n, r.Messages)
			}
			if want := r.Stats.Created + r.Stats.Updated + r.Stats.Deleted; perRun[r.ID] != want {
				t.Errorf("run %s: %d change-log rows for %+v: a partial plan", r.ID, perRun[r.ID], r.Stats)
			}
		case groupmem.RunNoop:
			fig.noop++
		default:
			fig.failed++
			fig.reasons[r.Report.Reason]++
			if perRun[r.ID] != 0 || r.NewWatermark != r.Watermark {
				t.Errorf("run %s (%s) left %d changes and watermark %d -> %d", r.ID, r.Status, perRun[r.ID], r.Watermark, r.NewWatermark)
			}
		}
	}
	for _, m := range msgs {
		if _, ok := fusedBy[m.Seq]; !ok {
			t.Errorf("message %s (seq %d) of %s was never fused", m.ID, m.Seq, g)
		}
	}
	fig.fused += len(fusedBy)

	ledgerPage, err := l.Memories(ctx, groupmem.MemoryQuery{GroupID: g, Limit: 100000})
	if err != nil {
		t.Fatal(err)
	}
	indexPage, err := x.List(ctx, groupmem.MemoryQuery{GroupID: g, Limit: 100000})
	if err != nil {
		t.Fatal(err)
	}
	fig.versions += len(ledgerPage.Memories)
	inIndex := map[string]groupmem.Memory{}
	for _, m := range indexPage.Memories {
		inIndex[m.ID] = m
	}
	for _, m := range ledgerPage.Memories {
		p, ok := inIndex[m.ID]
		if !ok || p.Status != m.Status || p.Statement != m.Statement || p.Version != m.Version {
			t.Errorf("version %s of %s: ledger %s %q v%d, index %+v", m.ID, g, m.Status, m.Statement, m.Version, p)
		}
		delete(inIndex, m.ID)
	}
	for id := range inIndex {
		t.Errorf("index holds %s of %s, which the ledger does not", id, g)
	}
}
