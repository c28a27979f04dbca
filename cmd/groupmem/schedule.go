package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/llm"
	"github.com/groupmem/groupmem/stack"
	"github.com/groupmem/groupmem/worker"
)

// evolution is the nightly scheduler and an evolution pool on one queue.
type evolution struct {
	sch  *worker.Scheduler
	pool *worker.Pool
}

func newEvolution(cfg *Config, b *stack.Stack, log *slog.Logger) (*evolution, error) {
	sch, err := worker.NewScheduler(b.Queue, log, worker.SchedulerConfig{Spec: cfg.Schedule, TimeZone: cfg.TimeZone, MinMessages: cfg.MinMessages,
		AfterTick: b.AfterTick, Telemetry: b.Telemetry})
	if err != nil {
		return nil, fmt.Errorf("GROUPMEM_SCHEDULE, GROUPMEM_TIMEZONE or GROUPMEM_MIN_MESSAGES: %w", err)
	}
	followUps := cfg.FollowUps
	if followUps == 0 {
		followUps = -1 // none; the pool reads 0 as its default
	}
	pc := worker.PoolConfig{Concurrency: cfg.Concurrency, RunTimeout: cfg.RunTimeout, MaxAttempts: cfg.MaxAttempts,
		MaxFollowUps: followUps, LockTTL: cfg.LockTTL, Lease: cfg.JobLease, Telemetry: b.Telemetry}
	if lim := b.Limiter; lim != nil {
		pc.Rate = func() worker.RateFigures {
			st := lim.Stats()
			return worker.RateFigures{Tokens: st.Tokens, Throttled: st.Throttled, BudgetWaits: st.BudgetWaits}
		}
	}
	pool, err := worker.NewPool(b.Queue, b.Service, log, pc)
	if err != nil {
		return nil, fmt.Errorf("GROUPMEM_CONCURRENCY, GROUPMEM_RUN_TIMEOUT, GROUPMEM_MAX_ATTEMPTS or GROUPMEM_JOB_LEASE: %w", err)
	}
	b.Metrics.WatchNight(func() (groupmem.JobCounts, bool) {
		np, ok := pool.Progress()
		return np.Jobs, ok
	})
	return &evolution{sch: sch, pool: pool}, nil
}

// run starts the scheduler and the pool, and at the end of ctx stops
// them: no new work, runs in flight finish within the grace period or are
// abandoned cleanly.
func (e *evolution) run(ctx context.Context, cfg *Config) error {
	e.sch.Start(ctx)
	e.pool.Start(ctx)
	<-ctx.Done()
	grace, cancel := context.WithTimeout(context.WithoutCancel(ctx), cfg.ShutdownGrace)
	defer cancel()
	return errors.Join(e.sch.Stop(grace), e.pool.Stop(grace))
}

// runWorker is `groupmem worker`: the scheduler, a pool and the outbox
// relay, without the API.
func runWorker(ctx context.Context, env *Env, _ []string) error {
	if err := env.Config.checkReplicas(); err != nil {
		return err
	}
	b, err := openStack(ctx, env.Config, env.Log, false)
	if err != nil {
		return err
	}
	defer b.Close()
	svc := b.Service
	evo, err := newEvolution(env.Config, b, env.Log)
	if err != nil {
		return err
	}
	if env.Config.MetricsAddr != "" {
		stop, err := serveOps(ctx, env, b.Metrics, b.Ready)
		if err != nil {
			return err
		}
		defer stop()
	}
	relayCtx, stopRelay := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan struct{})
	go func() { defer close(done); svc.Relay().Run(relayCtx) }()
	env.Log.InfoContext(ctx, "worker started", "schedule", env.Config.Schedule, "timezone", env.Config.TimeZone,
		"concurrency", env.Config.Concurrency, "evolver", svc.Fuser().Model())
	err = evo.run(ctx, env.Config)
	stopRelay()
	<-done
	return err
}

// runEvolveAll is `groupmem evolve -all`: every due group now, with a
// progress bar on a terminal and a summary.
func runEvolveAll(ctx context.Context, env *Env, b *stack.Stack, svc *worker.Service, o worker.Options) error {
	groups, err := worker.ListDue(ctx, b.Queue, env.Config.MinMessages, 0)
	if err != nil {
		return err
	}
	bar := newProgressBar(env.Stderr)
	start, lastLog := time.Now(), time.Now()
	sum := worker.EvolveAll(ctx, svc, groups, env.Config.Concurrency, o, func(p worker.Progress) {
		line := progressLine(p, time.Since(start), b.Limiter)
		bar.update(p.Ended(), p.Total, line)
		if time.Since(lastLog) >= progressLogEvery || p.Ended() == p.Total {
			lastLog = time.Now()
			env.Log.InfoContext(ctx, "evolve progress", "done", p.Ended(), "left", p.Total-p.Ended(), "failed", p.Failed,
				"tokens_per_min", line.tokensPerMin, "throttled", line.throttled, "budget_waits", line.waits)
		}
	})
	bar.finish()
	fmt.Fprintf(env.Stdout, "groups %d: done %d, failed %d, skipped %d, review %d; tokens %d prompt + %d completion + %d embedding, %d model calls, cost %.4f\n",
		sum.Total, sum.Done, sum.Failed, sum.Skipped, sum.Review, sum.Tokens.Prompt, sum.Tokens.Completion, sum.Tokens.Embedding,
		sum.Tokens.Calls, sum.Tokens.Cost.Float64())
	for g, err := range sum.Errors {
		fmt.Fprintf(env.Stdout, "  %s: %s\n", g, groupmem.ErrorMessage(err))
	}
	if left := sum.Total - sum.Ended(); left > 0 {
		fmt.Fprintf(env.Stdout, "%d groups not started: interrupted\n", left)
	}
	if sum.Failed > 0 {
		return fmt.Errorf("%d of %d groups failed", sum.Failed, sum.Total)
	}
	return nil
}

// progressBar draws one line on a terminal and nothing elsewhere.
type progressBar struct {
	w   io.Writer
	tty bool
}

func newProgressBar(w io.Writer) *progressBar {
	f, ok := w.(*os.File)
	tty := false
	if ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			tty = true
		}
	}
	return &progressBar{w: w, tty: tty}
}

// progressLogEvery is how often evolve -all logs its progress.
const progressLogEvery = 30 * time.Second

// progress is the figures the bar and the log show besides the groups.
type progress struct {
	tokens, tokensPerMin int64
	throttled, waits     int64
}

// progressLine computes the figures after elapsed: the tokens the model
// reported, and with a limiter, the tokens per minute charged to the
// budget, the 429s and the waits for the budget.
func progressLine(p worker.Progress, elapsed time.Duration, lim *llm.Limiter) progress {
	out := progress{tokens: int64(p.Tokens.Prompt + p.Tokens.Completion)}
	if lim != nil {
		st := lim.Stats()
		out.throttled, out.waits = st.Throttled, st.BudgetWaits
		if m := elapsed.Minutes(); m > 0 {
			out.tokensPerMin = int64(float64(st.Tokens) / m)
		}
	}
	return out
}

func (p *progressBar) update(done, total int, f progress) {
	if !p.tty || total == 0 {
		return
	}
	const width = 30
	n := done * width / total
	fmt.Fprintf(p.w, "\r[%s%s] %d/%d groups, %d left, %d tokens, %d tokens/min, %d 429s, %d budget waits",
		strings.Repeat("#", n), strings.Repeat(".", width-n), done, total, total-done, f.tokens, f.tokensPerMin, f.throttled, f.waits)
}

func (p *progressBar) finish() {
	if p.tty {
		fmt.Fprintln(p.w)
	}
}
