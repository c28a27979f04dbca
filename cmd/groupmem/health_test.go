package main

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/metrics"
)

// freeAddr returns a loopback address nothing listens on.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// get answers a GET of url with token as the bearer token (none if empty).
func get(t *testing.T, url, token string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

// composeService returns the block of one service of docker-compose.yml.
func composeService(t *testing.T, name string) string {
	t.Helper()
	raw, err := os.ReadFile("../../docker-compose.yml")
	if err != nil {
		t.Fatal(err)
	}
	s := string(raw)
	start := strings.Index(s, "\n  "+name+":\n")
	if start < 0 {
		t.Fatalf("docker-compose.yml has no service %s", name)
	}
	block := s[start+1:]
	if end := regexp.MustCompile(`\n  [a-z-]+:\n|\n[a-z]`).FindStringIndex(block[1:]); end != nil {
		block = block[:end[0]+1]
	}
	return block
}

// composeHealthcheck returns the arguments of a service's groupmem health
// check in docker-compose.yml.
func composeHealthcheck(t *testing.T, service string) []string {
	t.Helper()
	m := regexp.MustCompile(`test: \["CMD", "/usr/local/bin/groupmem", (.*)\]`).FindStringSubmatch(composeService(t, service))
	if m == nil {
		t.Fatalf("service %s has no groupmem health check", service)
	}
	var args []string
	if err := json.Unmarshal([]byte("["+m[1]+"]"), &args); err != nil {
		t.Fatal(err)
	}
	return args
}

// Every long-running service of the compose file has a health check, and
// the API key is required before anything starts.
func TestComposeHealthChecks(t *testing.T) {
	for _, svc := range []string{"postgres", "redis", "qdrant", "groupmem", "worker"} {
		if !strings.Contains(composeService(t, svc), "    healthcheck:\n") {
			t.Errorf("compose service %s has no health check", svc)
		}
	}
	for _, svc := range []string{"groupmem", "worker"} {
		if args := composeHealthcheck(t, svc); args[0] != "healthcheck" {
			t.Errorf("compose service %s checks itself with %v", svc, args)
		}
	}
	raw, _ := os.ReadFile("../../docker-compose.yml")
	if !strings.Contains(string(raw), "${GROUPMEM_API_KEYS:?") {
		t.Error("docker-compose.yml starts without GROUPMEM_API_KEYS")
	}
}

// A worker answers /healthz, /readyz and a keyed /metrics on its metrics
// address, and the compose file's health check of the worker passes
// against it.
func TestWorkerHealth(t *testing.T) {
	env := map[string]string{
		"GROUPMEM_SQLITE_PATH":  filepath.Join(t.TempDir(), "gm.db"),
		"GROUPMEM_METRICS_ADDR": freeAddr(t),
		"GROUPMEM_METRICS_KEY":  hashOf("scrape"),
	}
	check := composeHealthcheck(t, "worker")
	if _, _, err := runCmd(t, env, check...); err == nil {
		t.Fatalf("%v passes with no worker running", check)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"worker"}, mapEnv(env), io.Discard, io.Discard) }()
	deadline := time.Now().Add(20 * time.Second)
	for {
		_, _, err := runCmd(t, env, check...)
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%v still fails after 20s: %v", check, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	base := "http://" + env["GROUPMEM_METRICS_ADDR"]
	for _, tc := range []struct {
		path, token string
		want        int
	}{
		{"/healthz", "", 200}, {"/readyz", "", 200}, {"/metrics", "", 401}, {"/metrics", "wrong", 401}, {"/metrics", "scrape", 200},
	} {
		if code, body := get(t, base+tc.path, tc.token); code != tc.want {
			t.Errorf("worker %s with token %q = %d %s, want %d", tc.path, tc.token, code, body, tc.want)
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("worker ended with %v", err)
	}
}

// /readyz on the metrics address asks the backends and says which one is
// down.
func TestOpsReadyzAsksTheBackends(t *testing.T) {
	down := groupmem.WrapError(groupmem.EUNAVAILABLE, "redis unreachable", errors.New("dial tcp: refused"))
	srv := httptest.NewServer(opsMux(&Config{}, metrics.New(nil), func(context.Context) error { return down }))
	defer srv.Close()
	code, body := get(t, srv.URL+"/readyz", "")
	if code != 503 || !strings.Contains(body, "not ready: redis unreachable") || strings.Contains(body, "refused") {
		t.Fatalf("readyz with a backend down = %d %s", code, body)
	}
	host, port, _ := net.SplitHostPort(strings.TrimPrefix(srv.URL, "http://"))
	_, _, err := runCmd(t, map[string]string{"GROUPMEM_METRICS_ADDR": net.JoinHostPort(host, port)}, "healthcheck", "-metrics")
	if err == nil || !strings.Contains(err.Error(), "redis unreachable") {
		t.Fatalf("healthcheck -metrics with a backend down = %v", err)
	}
}

// serve with a metrics address serves /metrics there only, behind its
// key, and both health checks of the compose file pass.
func TestServeMetricsAddr(t *testing.T) {
	env := map[string]string{
		"GROUPMEM_SQLITE_PATH":  filepath.Join(t.TempDir(), "gm.db"),
		"GROUPMEM_API_KEYS":     "bot:admin:*:" + hashOf("s3cret"),
		"GROUPMEM_METRICS_ADDR": freeAddr(t),
		"GROUPMEM_METRICS_KEY":  hashOf("scrape"),
	}
	base, stop := serveOn(t, env)
	defer stop()
	if code, _ := get(t, base+"/metrics", "scrape"); code != 404 {
		t.Errorf("the API's /metrics = %d with a metrics address of its own, want 404", code)
	}
	ops := "http://" + env["GROUPMEM_METRICS_ADDR"]
	deadline := time.Now().Add(10 * time.Second)
	for {
		if _, _, err := runCmd(t, env, "healthcheck", "-metrics"); err == nil {
			break
		} else if time.Now().After(deadline) {
			t.Fatalf("healthcheck -metrics: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if code, _ := get(t, ops+"/metrics", ""); code != 401 {
		t.Errorf("/metrics without its key = %d, want 401", code)
	}
	if code, body := get(t, ops+"/metrics", "scrape"); code != 200 || !strings.Contains(body, "groupmem_") {
		t.Errorf("/metrics with its key = %d %.200s", code, body)
	}
	env["GROUPMEM_HTTP_ADDR"] = strings.TrimPrefix(base, "http://")
	if _, _, err := runCmd(t, env, composeHealthcheck(t, "groupmem")...); err != nil {
		t.Errorf("the compose health check of serve fails: %v", err)
	}
}

// Without a key, serve stops at once with one line saying what to set,
// before it opens any backend.
func TestServeWithoutKey(t *testing.T) {
	env := map[string]string{"GROUPMEM_POSTGRES_URL": "postgres://nobody@127.0.0.1:1/x?connect_timeout=1"}
	_, stderr, err := runCmd(t, env, "serve")
	if !errors.Is(err, errNoAPIKey) || strings.Contains(err.Error(), "\n") || stderr != "" {
		t.Fatalf("serve without a key = %v, logged %q; want the one line of errNoAPIKey", err, stderr)
	}
	if _, _, err := runCmd(t, map[string]string{"GROUPMEM_METRICS_KEY": "scrape"}, "config"); err == nil ||
		!strings.Contains(err.Error(), "GROUPMEM_METRICS_KEY") {
		t.Errorf("a plain metrics token = %v, want an error naming GROUPMEM_METRICS_KEY", err)
	}
	if _, _, err := runCmd(t, map[string]string{"GROUPMEM_CORS_ORIGINS": "console.example.com"}, "config"); err == nil ||
		!strings.Contains(err.Error(), "GROUPMEM_CORS_ORIGINS") {
		t.Errorf("an origin without a scheme = %v, want an error naming GROUPMEM_CORS_ORIGINS", err)
	}
}

func mapEnv(env map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := env[k]; return v, ok }
}
