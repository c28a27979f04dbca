package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"io"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/api"
	"github.com/groupmem/groupmem/llm/llmtest"
	"github.com/groupmem/groupmem/store/sqlite"
)

// serveEmbedded starts `groupmem serve` on the embedded default with one
// admin key, on a loopback port, and stops it when the test ends.
func serveEmbedded(t *testing.T, model *llmtest.Server) (base string, stop func() error) {
	t.Helper()
	return serveOn(t, map[string]string{
		"GROUPMEM_SQLITE_PATH": filepath.Join(t.TempDir(), "gm.db"),
		"GROUPMEM_LLM_URL":     model.URL(),
		"GROUPMEM_API_KEYS":    "bot:admin:*:" + hashOf("s3cret"),
		"GROUPMEM_LANG":        "en",
	})
}

func hashOf(secret string) string { return api.HashKey(secret) }

// serveOn starts the server the serve command runs, with env as its
// whole environment, on a loopback port.
func serveOn(t testing.TB, env map[string]string) (base string, stop func() error) {
	t.Helper()
	fs := newFlagSet()
	cfg, err := bindConfig(fs, func(k string) (string, bool) { v, ok := env[k]; return v, ok })
	if err != nil || fs.Parse(nil) != nil || cfg.validate() != nil {
		t.Fatalf("config: %v", err)
	}
	e := &Env{Config: cfg, Stdout: io.Discard, Stderr: io.Discard, Log: slog.New(slog.DiscardHandler)}
	ctx, cancel := context.WithCancel(context.Background())
	b, err := openStack(ctx, cfg, e.Log, true)
	if err != nil {
		t.Fatal(err)
	}
	s, err := newServer(e, b, false)
	if err != nil {
		t.Fatal(err)
	}
	if s.listener, err = net.Listen("tcp", "127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- s.serve(ctx) }()
	stop = func() error {
		cancel()
		err := <-done
		b.Close()
		return err
	}
	t.Cleanup(func() { cancel() })
	return "http://" + s.listener.Addr().String(), stop
}

func call(t *testing.T, method, url, body string) (int, map[string]any) {
	t.Helper()
	return callAs(t, "s3cret", method, url, body)
}

// callAs is call with the key secret.
func callAs(t *testing.T, secret, method, url, body string) (int, map[string]any) {
	t.Helper()
	req, _ := http.NewRequest(method, url, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+secret)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var out map[string]any
	if err := json.Unmarshal(raw, &out); err != nil && !bytes.HasPrefix(raw, []byte("#")) {
		t.Fatalf("%s %s answered %q", method, url, raw)
	}
	return resp.StatusCode, out
}

// The served API on the embedded default: ingest, evolve, list, search,
// and a clean shutdown.
func TestServeEmbedded(t *testing.T) {
	model := llmtest.New(t)
	base, stop := serveEmbedded(t, model)
	if code, _ := call(t, "GET", base+"/healthz", ""); code != 200 {
		t.Fatalf("healthz = %d", code)
	}
	if code, _ := call(t, "GET", base+"/readyz", ""); code != 200 {
		t.Fatalf("readyz = %d", code)
	}
	sent := time.Now().Add(-time.Hour).UTC().Format(time.RFC3339)
	code, out := call(t, "POST", base+"/memory/messages/g1",
		`{"messages":[{"id":"a1","sender_id":"u1","sender_name":"Ann","content":"we are all front-end developers","sent_at":"`+sent+`"}]}`)
	if code != 200 || out["inserted"] != float64(1) {
		t.Fatalf("ingest = %d %v", code, out)
	}
	model.Enqueue(llmtest.Reply{Text: createAnswer})
	code, out = call(t, "POST", base+"/memory/evolve/g1", "")
	if code != 200 || out["success"] != true {
		t.Fatalf("evolve = %d %v", code, out)
	}
	code, out = call(t, "GET", base+"/memory/list/g1", "")
	if code != 200 || out["total"] != float64(1) {
		t.Fatalf("list = %d %v", code, out)
	}
	code, out = call(t, "GET", base+"/memory/search/g1?q=front-end+developers", "")
	if code != 200 || len(out["results"].([]any)) != 1 {
		t.Fatalf("search = %d %v", code, out)
	}
	if code, _ := call(t, "GET", base+"/metrics", ""); code != 200 {
		t.Fatalf("metrics = %d", code)
	}
	if err := stop(); err != nil {
		t.Fatalf("serve ended with %v", err)
	}
}

// The README's main command: the demo on the embedded default, and its
// -serve mode answering the API on the demo's data.
func TestDemoCommand(t *testing.T) {
	out, stderr, err := runCmd(t, nil, "demo")
	if err != nil {
		t.Fatalf("demo: %v\n%s", err, stderr)
	}
	for _, want := range []string{"== Night by night ==", "== Memories at the end ==", "== History of one memory ==", "== Search ==", `model "offline"`} {
		if !strings.Contains(out, want) {
			t.Fatalf("demo output lacks %q:\n%s", want, out)
		}
	}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	var errOut bytes.Buffer
	go func() {
		err := run(ctx, []string{"demo", "-serve", "-addr", "127.0.0.1:0"}, func(string) (string, bool) { return "", false }, outW, &errOut)
		outW.CloseWithError(err)
		done <- err
	}()
	// The URL is printed once the API listens: the first request to it
	// is answered, on loopback, with the demo's memories.
	url, consoleURL := "", ""
	lines := bufio.NewScanner(outR)
	for url == "" && lines.Scan() {
		if u, ok := strings.CutPrefix(lines.Text(), "Open the memory console: "); ok {
			consoleURL = u
		}
		if i := strings.Index(lines.Text(), "curl -s '"); i >= 0 {
			url = strings.TrimSuffix(lines.Text()[i+len("curl -s '"):], "'")
		}
	}
	go func() { _, _ = io.Copy(io.Discard, outR) }()
	if !strings.HasPrefix(url, "http://127.0.0.1:") || !strings.HasSuffix(url, "/memory/list/demo-devs") {
		t.Fatalf("demo -serve printed the URL %q, want http://127.0.0.1:<port>/memory/list/demo-devs (%v)", url, lines.Err())
	}
	resp, err := http.Get(url)
	if err != nil {
		t.Fatalf("GET %s right after it was printed: %v", url, err)
	}
	var body map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&body)
	resp.Body.Close()
	if resp.StatusCode != 200 || body["total"].(float64) < 4 {
		t.Fatalf("list on the demo = %d %v", resp.StatusCode, body)
	}
	// The console's URL opens the console on the demo group.
	page, _, _ := strings.Cut(consoleURL, "#")
	if !strings.HasPrefix(consoleURL, "http://127.0.0.1:") || !strings.HasSuffix(consoleURL, "/console/#/g/demo-devs") {
		t.Fatalf("demo -serve printed the console URL %q", consoleURL)
	}
	if resp, err = http.Get(page); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("GET %s = %d %s", page, resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("demo -serve ended with %v\n%s", err, errOut.String())
	}
}

// The demo binds loopback unless told otherwise, and refuses the settings
// it would ignore rather than run on something else than asked.
func TestDemoRefusesWhatItIgnores(t *testing.T) {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	demoCommand(fs)
	if def := fs.Lookup("addr").DefValue; def != "127.0.0.1:8080" {
		t.Errorf("demo -addr defaults to %q, want a loopback address", def)
	}
	for _, args := range [][]string{
		{"demo", "-llm-url", "http://127.0.0.1:1/v1"},
		{"demo", "-postgres-url", "postgres://127.0.0.1:1/x"},
		{"demo", "-serve", "-http-addr", "127.0.0.1:0"},
	} {
		_, _, err := runCmd(t, nil, args...)
		if err == nil || !strings.Contains(err.Error(), args[len(args)-2]+" is not used") {
			t.Errorf("%v: error %v, want one saying %s is not used", args, err, args[len(args)-2])
		}
	}
}

// An asynchronous evolution still waiting for the model when the grace
// period ends is abandoned cleanly: serve returns, and the run's record
// says failed, not running, with nothing applied.
func TestServeShutdownAbandonsRunsCleanly(t *testing.T) {
	model := llmtest.New(t, llmtest.WithDefault(llmtest.Reply{Latency: time.Minute, Text: createAnswer}))
	path := filepath.Join(t.TempDir(), "gm.db")
	base, stop := serveOn(t, map[string]string{
		"GROUPMEM_SQLITE_PATH": path, "GROUPMEM_LLM_URL": model.URL(), "GROUPMEM_LANG": "en",
		"GROUPMEM_API_KEYS": "bot:admin:*:" + hashOf("s3cret"), "GROUPMEM_GRACE": "200ms",
	})
	sent := time.Now().Add(-time.Hour).UTC().Format(time.RFC3339)
	if code, out := call(t, "POST", base+"/memory/messages/g1",
		`{"messages":[{"id":"a1","sender_name":"Ann","content":"we are all front-end developers","sent_at":"`+sent+`"}]}`); code != 200 {
		t.Fatalf("ingest = %d %v", code, out)
	}
	code, out := call(t, "POST", base+"/memory/evolve/g1?async=true", "")
	if code != 202 {
		t.Fatalf("async evolve = %d %v", code, out)
	}
	runID := out["run_id"].(string)
	for len(model.Requests()) == 0 { // the run is waiting for the model
		time.Sleep(10 * time.Millisecond)
	}
	start := time.Now()
	if err := stop(); err != nil {
		t.Fatalf("serve ended with %v", err)
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Fatalf("shutdown took %s", d)
	}
	l, err := sqlite.Open(context.Background(), sqlite.Config{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	run, err := l.Run(context.Background(), runID)
	if err != nil || run.Status != groupmem.RunFailed || run.FinishedAt.IsZero() {
		t.Fatalf("abandoned run = %+v, %v; want a finished, failed run", run, err)
	}
	page, _ := l.Memories(context.Background(), groupmem.MemoryQuery{GroupID: "g1", Limit: 10})
	if page.Total != 0 {
		t.Fatalf("an abandoned run applied %d memories", page.Total)
	}
}
