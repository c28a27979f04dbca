package main

import (
	"bytes"
	"context"
	"maps"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/groupmem/groupmem/llm/llmtest"
)

// freeAddr returns a loopback address nothing listens on.
// startCmd runs a long-running command until the test calls stop, which
// returns the command's error. It fails the test unless /healthz answers
// 200 on addr within 20s.
func startCmd(t *testing.T, env map[string]string, addr string, args ...string) (stop func() error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	done := make(chan error, 1)
	go func() {
		var out, errOut bytes.Buffer
		done <- run(ctx, args, func(k string) (string, bool) { v, ok := env[k]; return v, ok }, &out, &errOut)
	}()
	stop = func() error {
		cancel()
		return <-done
	}
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		select {
		case err := <-done:
			cancel()
			t.Fatalf("%v ended before it served: %v", args, err)
		default:
		}
		if resp, err := http.Get("http://" + addr + "/healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return stop
			}
		}
		if time.Now().After(deadline) {
			stop()
			t.Fatalf("%v does not answer /healthz on %s after 20s", args, addr)
		}
	}
}

// Replicas sharing a Postgres ledger, each with its own in-process index,
// would answer searches differently: serve and worker refuse that setup
// with a one-line reason, unless the operator says this is the only
// replica (GROUPMEM_SINGLE_REPLICA or -single-replica).
func TestPostgresWithInProcessIndexNeedsSingleReplica(t *testing.T) {
	env, _ := serverEnv(t, llmtest.New(t))
	delete(env, "GROUPMEM_QDRANT_ADDR")
	env["GROUPMEM_API_OPEN"] = "true"
	for _, cmd := range []string{"serve", "worker"} {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		var out, errOut bytes.Buffer
		err := run(ctx, []string{cmd}, func(k string) (string, bool) { v, ok := env[k]; return v, ok }, &out, &errOut)
		cancel()
		if err == nil || !strings.Contains(err.Error(), "GROUPMEM_QDRANT_ADDR") || !strings.Contains(err.Error(), "GROUPMEM_SINGLE_REPLICA=true") {
			t.Fatalf("%s on Postgres with the in-process index = %v; want a refusal naming GROUPMEM_QDRANT_ADDR and GROUPMEM_SINGLE_REPLICA", cmd, err)
		}
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: the refusal is not one line: %q", cmd, err)
		}
	}

	t.Run("worker with the variable", func(t *testing.T) {
		env := maps.Clone(env)
		env["GROUPMEM_SINGLE_REPLICA"] = "true"
		env["GROUPMEM_METRICS_ADDR"] = freeAddr(t)
		stop := startCmd(t, env, env["GROUPMEM_METRICS_ADDR"], "worker")
		if err := stop(); err != nil {
			t.Fatalf("worker ended with %v", err)
		}
	})
	t.Run("serve with the flag", func(t *testing.T) {
		env := maps.Clone(env)
		env["GROUPMEM_HTTP_ADDR"] = freeAddr(t)
		stop := startCmd(t, env, env["GROUPMEM_HTTP_ADDR"], "serve", "-single-replica")
		if err := stop(); err != nil {
			t.Fatalf("serve ended with %v", err)
		}
	})
}
