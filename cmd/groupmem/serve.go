package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/api"
	"github.com/groupmem/groupmem/console"
	"github.com/groupmem/groupmem/mcp"
	"github.com/groupmem/groupmem/metrics"
	"github.com/groupmem/groupmem/stack"
)

// server is the API and its background duties on one set of backends.
type server struct {
	env       *Env
	b         *stack.Stack
	handler   *api.Handler
	mcp       *mcp.Server // the API's tools for agents, at /mcp
	httpSrv   *http.Server
	duties    []func(ctx context.Context) // run until ctx ends
	evolution *evolution                  // nil when the scheduler is off
	listener  net.Listener
	metrics   *metrics.Registry
	// cancelBackground ends asynchronous evolutions still running when the
	// grace period is over.
	cancelBackground context.CancelFunc
}

// newServer wires the API, the metrics and the outbox relay on b.
func newServer(env *Env, b *stack.Stack, open bool) (*server, error) {
	cfg := env.Config
	keys, err := api.ParseKeys(cfg.APIKeys)
	if err != nil {
		return nil, fmt.Errorf("GROUPMEM_API_KEYS: %w", err)
	}
	svc, reg := b.Service, b.Metrics
	background, cancelBackground := context.WithCancel(context.Background())
	deps := api.Deps{
		Ledger: b.Ledger, Index: b.Index, Embedder: b.Embedder, Service: svc, Keys: keys,
		Metrics: reg, Logger: env.Log, Ready: b.Ready, Background: background, Messages: b.Messages, List: b.List, Webhooks: b.Webhooks,
		Telemetry: b.Telemetry,
	}
	origins, err := api.ParseOrigins(cfg.CORSOrigins)
	if err != nil {
		cancelBackground()
		return nil, err
	}
	h, err := api.New(deps, api.Config{Open: open || cfg.APIOpen, DefaultThreshold: b.SearchThreshold, CORSOrigins: origins})
	if err != nil {
		cancelBackground()
		return nil, fmt.Errorf("GROUPMEM_API_KEYS or GROUPMEM_API_OPEN: %w", err)
	}
	agents, err := mcp.New(h, mcp.Options{Version: groupmem.BuildVersion(), Logger: env.Log})
	if err != nil {
		cancelBackground()
		return nil, err
	}
	s := &server{env: env, b: b, handler: h, mcp: agents, metrics: reg, cancelBackground: cancelBackground}
	root := http.NewServeMux()
	root.Handle("/mcp", agents.Handler())
	root.Handle("/", console.Mount(guardAPIMetrics(cfg, h)))
	s.httpSrv = api.NewServer(cfg.HTTPAddr, root, api.Config{})
	// Requests live in background too, so that requests still running
	// when the grace period is over are cancelled, not cut off mid-write.
	s.httpSrv.BaseContext = func(net.Listener) context.Context { return background }
	s.duties = append(s.duties, svc.Relay().Run)
	if b.Deliverer != nil {
		s.duties = append(s.duties, b.Deliverer.Run)
	}
	if cfg.Scheduler {
		evo, err := newEvolution(cfg, b, env.Log)
		if err != nil {
			return nil, err
		}
		s.evolution = evo
	}
	return s, nil
}

// serve listens and serves until ctx ends, then shuts down gracefully:
// it stops accepting, lets requests and evolutions finish within the
// grace period, and stops the background duties.
func (s *server) serve(ctx context.Context) error {
	ln := s.listener
	if ln == nil {
		var err error
		if ln, err = net.Listen("tcp", s.env.Config.HTTPAddr); err != nil {
			return fmt.Errorf("GROUPMEM_HTTP_ADDR: %w", err)
		}
	}
	if s.env.Config.MetricsAddr != "" {
		stopOps, err := serveOps(ctx, s.env, s.metrics, s.b.Ready)
		if err != nil {
			ln.Close()
			return err
		}
		defer stopOps()
	}
	dutyCtx, stopDuties := context.WithCancel(context.WithoutCancel(ctx))
	var wg sync.WaitGroup
	for _, d := range s.duties {
		wg.Go(func() { d(dutyCtx) })
	}
	evoDone := make(chan error, 1)
	if s.evolution != nil {
		go func() { evoDone <- s.evolution.run(ctx, s.env.Config) }()
	} else {
		evoDone <- nil
	}
	errc := make(chan error, 1)
	go func() { errc <- s.httpSrv.Serve(ln) }()
	s.env.Log.InfoContext(ctx, "serving", "addr", ln.Addr().String())
	var err error
	select {
	case err = <-errc:
	case <-ctx.Done():
	}
	s.shutdown(ctx)
	s.cancelBackground()
	if eerr := <-evoDone; eerr != nil {
		s.env.Log.WarnContext(ctx, "stop the scheduler", "err", eerr)
	}
	stopDuties()
	wg.Wait()
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return err
}

// shutdown stops the HTTP server and the asynchronous evolutions within
// the grace period; what still runs then is cancelled (a cancelled run
// applies nothing and records that it failed) and given 10 s more, so it
// ends before the backends close.
func (s *server) shutdown(ctx context.Context) {
	grace, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.env.Config.ShutdownGrace)
	defer cancel()
	abandon := func(what string, err error, wait func(context.Context) error) {
		s.env.Log.WarnContext(ctx, what, "err", err)
		s.cancelBackground()
		late, cancelLate := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		defer cancelLate()
		_ = wait(late)
	}
	if err := s.httpSrv.Shutdown(grace); err != nil {
		abandon("cancelling requests still running at the end of the grace period", err, s.httpSrv.Shutdown)
	}
	if err := s.handler.Wait(grace); err != nil {
		abandon("abandoning evolutions still running at the end of the grace period", err, s.handler.Wait)
	}
}

func runServe(ctx context.Context, env *Env, _ []string) error {
	if err := checkAPIKeys(env.Config); err != nil {
		return err
	}
	if err := env.Config.checkReplicas(); err != nil {
		return err
	}
	b, err := openStack(ctx, env.Config, env.Log, true)
	if err != nil {
		return err
	}
	defer b.Close()
	s, err := newServer(env, b, false)
	if err != nil {
		return err
	}
	return s.serve(ctx)
}
