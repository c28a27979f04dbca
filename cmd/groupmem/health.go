package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/groupmem/groupmem/api"
	"github.com/groupmem/groupmem/metrics"
)

// errNoAPIKey is why serve does not start without a key: one line that
// says what to set.
var errNoAPIKey = errors.New(`no API key: set GROUPMEM_API_KEYS to name:scope:groups:hash entries ` +
	`(printf %s "$SECRET" | groupmem hash-key makes the hash), or GROUPMEM_API_OPEN=true to serve without keys on a private machine`)

// checkAPIKeys fails, before any backend is opened, when the API would
// have no key and is not open.
func checkAPIKeys(cfg *Config) error {
	if strings.TrimSpace(cfg.APIKeys) == "" && !cfg.APIOpen {
		return errNoAPIKey
	}
	return nil
}

// opsMux serves the operational endpoints on their own address: /metrics
// (behind GROUPMEM_METRICS_KEY when set), /healthz (the process is up) and
// /readyz (ready reports every backend reachable), answered as the API
// answers them.
func opsMux(cfg *Config, reg *metrics.Registry, ready func(context.Context) error) http.Handler {
	return api.Ops(api.OpsConfig{Metrics: reg, Ready: ready, MetricsKey: cfg.MetricsKey})
}

// guardAPIMetrics applies the metrics settings to the API's own /metrics:
// gone when metrics have an address of their own, behind the metrics key
// otherwise.
func guardAPIMetrics(cfg *Config, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/metrics" {
			next.ServeHTTP(w, r)
			return
		}
		if cfg.MetricsAddr != "" {
			http.NotFound(w, r)
			return
		}
		api.RequireMetricsKey(cfg.MetricsKey, next).ServeHTTP(w, r)
	})
}

// serveOps serves opsMux on GROUPMEM_METRICS_ADDR until stop is called.
func serveOps(ctx context.Context, env *Env, reg *metrics.Registry, ready func(context.Context) error) (stop func(), err error) {
	ln, err := net.Listen("tcp", env.Config.MetricsAddr)
	if err != nil {
		return nil, fmt.Errorf("GROUPMEM_METRICS_ADDR: %w", err)
	}
	srv := api.NewServer("", opsMux(env.Config, reg, ready), api.Config{})
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			env.Log.ErrorContext(ctx, "serve metrics", "err", err)
		}
	}()
	env.Log.InfoContext(ctx, "serving /metrics, /healthz and /readyz", "addr", ln.Addr().String())
	return func() {
		shutdown, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdown)
	}, nil
}

// healthcheckCommand registers the healthcheck command's flags.
func healthcheckCommand(fs *flag.FlagSet) runFunc {
	ops := fs.Bool("metrics", false, "ask GROUPMEM_METRICS_ADDR instead of GROUPMEM_HTTP_ADDR (a worker's health check)")
	return func(ctx context.Context, env *Env, _ []string) error {
		setting, addr := "GROUPMEM_HTTP_ADDR", env.Config.HTTPAddr
		if *ops {
			setting, addr = "GROUPMEM_METRICS_ADDR", env.Config.MetricsAddr
			if addr == "" {
				return errors.New("healthcheck -metrics: GROUPMEM_METRICS_ADDR is not set")
			}
		}
		return checkReady(ctx, setting, addr)
	}
}

// checkReady asks /readyz on the local address addr, read from setting:
// the container health check of an image without a shell.
func checkReady(ctx context.Context, setting, addr string) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("%s: %w", setting, err)
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "127.0.0.1"
	}
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+net.JoinHostPort(host, port)+"/readyz", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("readyz: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		var body struct {
			Error struct{ Message string }
		}
		_ = json.NewDecoder(resp.Body).Decode(&body)
		return fmt.Errorf("readyz: %s %s", resp.Status, body.Error.Message)
	}
	return nil
}
