package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/llm/llmtest"
	"github.com/groupmem/groupmem/store/postgres"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/qdrant/qdranttest"
	"github.com/groupmem/groupmem/store/redis/redistest"
	"github.com/groupmem/groupmem/store/sqlite"
)

// runCmd runs the binary's main logic with env as its whole environment.
func runCmd(t *testing.T, env map[string]string, args ...string) (string, string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	err := run(context.Background(), args, lookup, &out, &errOut)
	return out.String(), errOut.String(), err
}

func messages(g string, n int) []groupmem.Message {
	var msgs []groupmem.Message
	for i := 0; i < n; i++ {
		msgs = append(msgs, groupmem.Message{GroupID: g, ID: fmt.Sprintf("m%d", i), SenderName: "Ann",
			Content: "we are all front-end developers here", SentAt: time.Now().Add(-time.Hour)})
	}
	return msgs
}

const createAnswer = `{"action":"create","statement":"Most members are front-end developers","change_reason":"said often","evidence":["m1"]}`

// The production setup: Postgres, Redis, Qdrant (its gRPC API served in
// process) and an OpenAI-compatible model.
func TestEvolveAndReindexOnServers(t *testing.T) {
	ctx := context.Background()
	model := llmtest.New(t)
	model.Enqueue(llmtest.Reply{Text: createAnswer, PromptTokens: 500, CompletionTokens: 40})
	env, l := serverEnv(t, model)
	if _, err := l.InsertMessages(ctx, messages("g1", 3)); err != nil {
		t.Fatal(err)
	}
	out, stderr, err := runCmd(t, env, "evolve", "-group", "g1", "-json")
	if err != nil {
		t.Fatalf("evolve: %v\n%s", err, stderr)
	}
	var res struct {
		Success bool
		Status  string
		Stats   groupmem.Stats
		Changes []map[string]any
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("evolve -json printed %q: %v", out, err)
	}
	if !res.Success || res.Status != "succeeded" || res.Stats.Created != 1 || res.Changes[0]["statement"] != "Most members are front-end developers" ||
		fmt.Sprint(res.Changes[0]["evidence"]) == "[]" || res.Changes[0]["evidence"] == nil {
		t.Fatalf("evolve result = %+v", res)
	}
	if reqs := model.Requests(); len(reqs) != 1 || reqs[0].Model != "scripted" {
		t.Fatalf("model requests = %+v", reqs)
	}
	out, stderr, err = runCmd(t, env, "reindex")
	if err != nil || !strings.Contains(out, "reindexed 1 memory versions") {
		t.Fatalf("reindex = %q, %v\n%s", out, err, stderr)
	}
	// A second run has nothing new to fuse and says so.
	out, _, err = runCmd(t, env, "evolve", "-group", "g1")
	if err != nil || !strings.Contains(out, "no new messages") {
		t.Fatalf("second evolve = %q, %v", out, err)
	}
	out, _, err = runCmd(t, env, "migrate")
	if err != nil || !strings.Contains(out, "up to date") {
		t.Fatalf("migrate = %q, %v", out, err)
	}
}

// serverEnv is the environment of the production setup on a fresh
// Postgres schema, Redis prefix and Qdrant test server.
func serverEnv(t *testing.T, model *llmtest.Server) (map[string]string, *postgres.Ledger) {
	t.Helper()
	ctx := context.Background()
	schema := "gmcmd_" + strings.ReplaceAll(groupmem.NewID()[:8], "-", "")
	t.Cleanup(func() { pgtest.DropSchema(t, schema) })
	l, err := postgres.Open(ctx, postgres.Config{URL: pgtest.URL(), Schema: schema})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(l.Close)
	if _, err := l.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	redisAddr := redistest.Addr()
	return map[string]string{
		"GROUPMEM_POSTGRES_URL": pgtest.URL(), "GROUPMEM_POSTGRES_SCHEMA": schema,
		"GROUPMEM_REDIS_ADDR": redisAddr, "GROUPMEM_REDIS_PREFIX": "gmcmd-" + schema + ":",
		"GROUPMEM_QDRANT_ADDR": qdranttest.Start(t), "GROUPMEM_QDRANT_COLLECTION": schema,
		"GROUPMEM_LLM_URL": model.URL(), "GROUPMEM_LLM_MODEL": "scripted", "GROUPMEM_LANG": "en",
	}, l
}

func TestEvolveAll(t *testing.T) {
	ctx := context.Background()
	model := llmtest.New(t, llmtest.WithDefault(llmtest.Reply{Text: createAnswer, PromptTokens: 100, CompletionTokens: 10}))
	env, l := serverEnv(t, model)
	for _, g := range []string{"g1", "g2", "g3"} {
		if _, err := l.InsertMessages(ctx, messages(g, 2)); err != nil {
			t.Fatal(err)
		}
	}
	out, stderr, err := runCmd(t, env, "evolve", "-all")
	if err != nil || !strings.Contains(out, "groups 3: done 3, failed 0") || !strings.Contains(out, "tokens 300 prompt + 30 completion + 0 embedding, 3 model calls, cost 0.0000") {
		t.Fatalf("evolve -all = %q, %v\n%s", out, err, stderr)
	}
	out, _, err = runCmd(t, env, "evolve", "-all")
	if err != nil || !strings.Contains(out, "groups 0") {
		t.Fatalf("second evolve -all = %q, %v", out, err)
	}
}

// groupmem worker evolves due groups on its schedule and stops cleanly.
func TestWorkerCommand(t *testing.T) {
	ctx := context.Background()
	model := llmtest.New(t, llmtest.WithDefault(llmtest.Reply{Text: createAnswer}))
	env, l := serverEnv(t, model)
	env["GROUPMEM_SCHEDULE"] = "@every 1s"
	mln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	metricsAddr := mln.Addr().String()
	mln.Close()
	env["GROUPMEM_METRICS_ADDR"] = metricsAddr
	if _, err := l.InsertMessages(ctx, messages("g1", 2)); err != nil {
		t.Fatal(err)
	}
	wctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() {
		var out, errOut bytes.Buffer
		done <- run(wctx, []string{"worker"}, func(k string) (string, bool) { v, ok := env[k]; return v, ok }, &out, &errOut)
	}()
	deadline := time.Now().Add(20 * time.Second)
	for {
		runs, err := l.Runs(ctx, groupmem.RunQuery{GroupID: "g1", Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		if len(runs) > 0 && runs[0].Status == groupmem.RunSucceeded && runs[0].Trigger == groupmem.TriggerCron {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no cron run after 20s: %+v", runs)
		}
		time.Sleep(50 * time.Millisecond)
	}
	// The worker's metrics count the run it did.
	resp, err := http.Get("http://" + metricsAddr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(body), `groupmem_runs_total{status="succeeded",trigger="cron"} 1`) {
		t.Fatalf("worker metrics lack the cron run:\n%s", body)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("worker ended with %v", err)
	}
}

// The embedded default: a SQLite file, in-process lock and index.
func TestEvolveEmbedded(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "gm.db")
	l, err := sqlite.Open(ctx, sqlite.Config{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.InsertMessages(ctx, messages("g1", 2)); err != nil {
		t.Fatal(err)
	}
	l.Close()
	model := llmtest.New(t)
	model.Enqueue(llmtest.Reply{Text: createAnswer})
	env := map[string]string{"GROUPMEM_SQLITE_PATH": path, "GROUPMEM_LLM_URL": model.URL()}
	out, stderr, err := runCmd(t, env, "evolve", "-group", "g1")
	if err != nil || !strings.Contains(out, "+ Most members are front-end developers") {
		t.Fatalf("evolve = %q, %v\n%s", out, err, stderr)
	}
}

func TestBadConfigurationNamesTheSetting(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		args []string
		want string
	}{
		{map[string]string{"GROUPMEM_EMBED_DIM": "lots"}, []string{"evolve", "-group", "g"}, "GROUPMEM_EMBED_DIM"},
		{map[string]string{"GROUPMEM_EMBED_DIM": "3"}, []string{"evolve", "-group", "g"}, "GROUPMEM_EMBED_DIM"},
		{map[string]string{"GROUPMEM_LANG": "fr"}, []string{"evolve", "-group", "g"}, "GROUPMEM_LANG"},
		{map[string]string{"GROUPMEM_TIMEZONE": "Mars/Olympus"}, []string{"evolve", "-group", "g"}, "GROUPMEM_TIMEZONE"},
		{map[string]string{"GROUPMEM_LOCK_TTL": "soon"}, []string{"evolve", "-group", "g"}, "GROUPMEM_LOCK_TTL"},
		{nil, []string{"evolve"}, "either -group G or -all"},
		{nil, []string{"evolve", "-all", "-group", "g"}, "either -group G or -all"},
		{map[string]string{"GROUPMEM_CONCURRENCY": "0"}, []string{"evolve", "-all"}, "GROUPMEM_CONCURRENCY"},
		{nil, []string{"migrate"}, "GROUPMEM_POSTGRES_URL"},
		{map[string]string{"GROUPMEM_POSTGRES_LOCK_TIMEOUT": "0s"}, []string{"migrate"}, "GROUPMEM_POSTGRES_LOCK_TIMEOUT"},
		{map[string]string{"GROUPMEM_POSTGRES_IDLE_TX_TIMEOUT": "-1s"}, []string{"migrate"}, "GROUPMEM_POSTGRES_IDLE_TX_TIMEOUT"},
		{map[string]string{"GROUPMEM_POSTGRES_STATEMENT_TIMEOUT": "0s"}, []string{"migrate"}, "GROUPMEM_POSTGRES_STATEMENT_TIMEOUT"},
		{map[string]string{"GROUPMEM_POSTGRES_MIGRATE_TIMEOUT": "later"}, []string{"migrate"}, "GROUPMEM_POSTGRES_MIGRATE_TIMEOUT"},
		{nil, []string{"frobnicate"}, "unknown command"},
		{map[string]string{"GROUPMEM_MAX_DELETE_SHARE": "2"}, []string{"evolve", "-group", "g"}, "GROUPMEM_MAX_DELETE_SHARE"},
		{map[string]string{"GROUPMEM_MAX_MEMORIES": "-3"}, []string{"evolve", "-group", "g"}, "GROUPMEM_MAX_MEMORIES"},
		{map[string]string{"GROUPMEM_MAX_PROMPT_TOKENS": "0"}, []string{"evolve", "-group", "g"}, "GROUPMEM_MAX_PROMPT_TOKENS"},
		{map[string]string{"GROUPMEM_LLM_URL": "http://127.0.0.1:1/v1", "GROUPMEM_LLM_MODEL": " "}, []string{"evolve", "-group", "g"}, "GROUPMEM_LLM_MODEL"},
		{map[string]string{"GROUPMEM_LLM_URL": "ftp://models"}, []string{"evolve", "-group", "g"}, "GROUPMEM_LLM_URL"},
		{map[string]string{"GROUPMEM_EMBED_URL": "not a url"}, []string{"evolve", "-group", "g"}, "GROUPMEM_EMBED_URL"},
		{map[string]string{"GROUPMEM_POSTGRES_URL": "postgres://nobody@127.0.0.1:1/x?connect_timeout=1"}, []string{"migrate"}, "GROUPMEM_POSTGRES_URL"},
		{map[string]string{"GROUPMEM_REDIS_ADDR": "127.0.0.1:1"}, []string{"evolve", "-group", "g"}, "GROUPMEM_REDIS_ADDR"},
		{map[string]string{"GROUPMEM_API_KEYS": "bot1:read"}, []string{"serve"}, "GROUPMEM_API_KEYS"},
	} {
		env := map[string]string{"GROUPMEM_SQLITE_PATH": filepath.Join(t.TempDir(), "groupmem.db")}
		maps.Copy(env, tc.env)
		_, stderr, err := runCmd(t, env, tc.args...)
		if err == nil || !strings.Contains(err.Error()+stderr, tc.want) {
			t.Errorf("%v %v: error %v, want one naming %s", tc.env, tc.args, err, tc.want)
		}
	}
}
