package worker

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/telemetry"
)

// PoolConfig tunes a Pool. Zero values mean the defaults.
type PoolConfig struct {
	// Concurrency bounds the evolutions one Pool runs at once
	// (GROUPMEM_CONCURRENCY, default 4).
	Concurrency int
	// RunTimeout bounds one evolution (GROUPMEM_RUN_TIMEOUT, default 10m);
	// a run that exceeds it is abandoned, applies nothing, and counts as a
	// failed attempt.
	RunTimeout time.Duration
	// MaxAttempts is how many failed attempts give a job up until the next
	// slot (GROUPMEM_MAX_ATTEMPTS, default 3).
	MaxAttempts int
	// Backoff is the wait after the first failed attempt; it doubles with
	// each further one, up to MaxBackoff (defaults 1m and 1h).
	Backoff    time.Duration
	MaxBackoff time.Duration
	// BusyDelay is the wait before trying a group again that another
	// worker (a manual trigger) holds (default 1m). It costs no attempt. A
	// job taken over from a holder whose lease ran out waits instead until
	// the lock it found runs out (BusyError.RetryAfter, plus a tenth of a
	// second), at most BusyDelay: that lock is most likely the dead
	// holder's, which nobody renews. A live holder renews its lock to a
	// full LockTTL every third of it, so such a job tries again no more
	// often than every two thirds of LockTTL.
	BusyDelay time.Duration
	// Poll is how long an idle lane waits before it looks for work again
	// (default 5s). A lane that put a job back due sooner (a taken-over
	// job waiting for its dead holder's lock) looks again when it is due.
	Poll time.Duration
	// Lease is how long a claimed job stays claimed unless renewed
	// (GROUPMEM_JOB_LEASE, default LockTTL). The Pool renews the claims of
	// its runs every Lease/3 for as long as they run, however long that
	// is. A job whose holder dies is claimed again by another replica
	// within a Lease plus that replica's Poll; its run cannot start before
	// the dead holder's group lock runs out (within LockTTL of the death,
	// as nobody renews it), and a job that finds that lock still held tries
	// again as it runs out (see BusyDelay). So a killed replica's jobs run
	// again within max(Lease + Poll, LockTTL) + 0.1s of its death: 35 s with
	// the defaults (30 s TTL, 5 s poll).
	//
	// LockTTL is the lowest safe Lease: the lease and the lock are renewed
	// on the same cadence, so a replica that stalls long enough to lose its
	// claims has lost its locks too, and a claim is never taken from a
	// replica whose runs may still commit. A shorter Lease would save at
	// most one Poll, and only while the dead holder's lock still lasts,
	// but would take the jobs of a replica that merely stalled (a pause, a
	// slow ledger) from under runs that still hold their locks, which are
	// then cancelled and their work lost; a longer one only delays the
	// takeover. NewPool does not check it; the command refuses less than
	// LockTTL.
	Lease time.Duration
	// LockTTL is the lease of the per-group lock (Config.LockTTL,
	// GROUPMEM_LOCK_TTL, default DefaultLockTTL); the default Lease
	// derives from it.
	LockTTL time.Duration
	// Days bounds the look-back of a group's first run, as Options.Days
	// (0: no bound).
	Days int
	// MaxFollowUps bounds the follow-up runs of one job, that is of one
	// group in one slot (GROUPMEM_MAX_FOLLOW_UPS, default 10; negative:
	// none). A run that applied a full batch (Result.More) continues its
	// job: the job goes back to the queue behind every job already due,
	// and evolves the group's next batch when its turn comes. With the
	// default 2,000 messages a run, a group catches up on 22,000 messages
	// in one slot; the rest waits for the next slot.
	MaxFollowUps int
	// ProgressEvery is how often a Pool that has work logs the progress
	// of the latest slot it claimed jobs of, as "night progress" (default
	// 1m; negative: never). Pool.Progress returns the last figures.
	ProgressEvery time.Duration
	// Rate, when set, reads the model's rate figures that the progress
	// adds: tokens per minute, 429s and budget waits.
	Rate func() RateFigures
	// Telemetry, when set, traces each job's run under a root span linked
	// to its slot's span (nil: no tracing).
	Telemetry *telemetry.Telemetry
}

// Pool evolves the jobs of a groupmem.Queue with bounded concurrency: Concurrency
// lanes each claim one due job, evolve its group with Trigger cron and a
// per-run timeout, and record the outcome on the job. Several Pools (one
// per replica) may share a groupmem.Queue; a job is held by one at a time.
//
// Outcomes: a run that succeeded, found nothing new (noop), or was held
// for review finishes its job (a person must look at a review; retrying
// would only ask again), unless it applied a full batch and more messages
// wait: the job then continues behind the other due jobs, up to
// MaxFollowUps times per slot. A group held by another worker (EBUSY) is
// tried again after BusyDelay at no cost (as soon as the lock it found
// runs out when the job was taken over from a holder whose lease ran out). Any other error is a failed
// attempt, retried with exponential backoff until MaxAttempts, then given
// up with its error recorded; the next slot enqueues the group afresh.
type Pool struct {
	queue   groupmem.Queue
	evolver Evolver
	log     *slog.Logger
	cfg     PoolConfig

	mu         sync.Mutex
	started    bool
	stopClaims context.CancelFunc // ends the lanes' claiming
	cancelRuns context.CancelFunc // abandons runs in flight
	lanes      sync.WaitGroup
	keeping    sync.WaitGroup // the renewal of claims, until the lanes end
	held       held           // the jobs whose runs are in flight
	prog       progress
}

// Defaults of PoolConfig.
const (
	DefaultConcurrency  = 4
	DefaultRunTimeout   = 10 * time.Minute
	DefaultMaxAttempts  = 3
	DefaultMaxFollowUps = 10
)

// NewPool returns a Pool that evolves the jobs of q with e. A negative
// setting is EINVALID, naming it.
func NewPool(q groupmem.Queue, e Evolver, log *slog.Logger, cfg PoolConfig) (*Pool, error) {
	for _, c := range []struct {
		name     string
		negative bool
	}{
		{"pool Concurrency", cfg.Concurrency < 0},
		{"pool RunTimeout", cfg.RunTimeout < 0},
		{"pool MaxAttempts", cfg.MaxAttempts < 0},
		{"pool Backoff", cfg.Backoff < 0},
		{"pool MaxBackoff", cfg.MaxBackoff < 0},
		{"pool BusyDelay", cfg.BusyDelay < 0},
		{"pool Poll", cfg.Poll < 0},
		{"pool Lease", cfg.Lease < 0},
		{"pool LockTTL", cfg.LockTTL < 0},
		{"pool Days", cfg.Days < 0},
	} {
		if c.negative {
			return nil, groupmem.Errorf(groupmem.EINVALID, "%s must not be negative", c.name)
		}
	}
	cfg.Concurrency = cmp.Or(cfg.Concurrency, DefaultConcurrency)
	cfg.RunTimeout = cmp.Or(cfg.RunTimeout, DefaultRunTimeout)
	cfg.MaxAttempts = cmp.Or(cfg.MaxAttempts, DefaultMaxAttempts)
	cfg.Backoff = cmp.Or(cfg.Backoff, time.Minute)
	cfg.MaxBackoff = max(cmp.Or(cfg.MaxBackoff, time.Hour), cfg.Backoff)
	cfg.BusyDelay = cmp.Or(cfg.BusyDelay, time.Minute)
	cfg.Poll = cmp.Or(cfg.Poll, 5*time.Second)
	cfg.LockTTL = cmp.Or(cfg.LockTTL, DefaultLockTTL)
	cfg.Lease = cmp.Or(cfg.Lease, cfg.LockTTL)
	cfg.MaxFollowUps = cmp.Or(cfg.MaxFollowUps, DefaultMaxFollowUps)
	cfg.ProgressEvery = cmp.Or(cfg.ProgressEvery, time.Minute)
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Pool{queue: q, evolver: e, log: log, cfg: cfg}, nil
}

// RunOnce claims up to Concurrency due jobs, evolves them concurrently,
// records their outcomes, and returns how many it ran once all have
// ended, renewing their claims meanwhile until ctx ends. The error joins
// the failures to claim or to record an outcome; a failed evolution is an
// outcome, not an error.
func (p *Pool) RunOnce(ctx context.Context) (int, error) {
	kctx, stop := context.WithCancel(ctx)
	var keeping sync.WaitGroup
	keeping.Go(func() { p.keepClaims(kctx) })
	defer keeping.Wait()
	defer stop()
	n, _, err := p.claimAndRun(ctx, ctx, p.cfg.Concurrency)
	return n, err
}

// claimAndRun claims up to limit jobs with claimCtx and runs them with
// runCtx, waiting for all of them. It returns how many it ran and when the
// first of those it put back in the queue is due again (zero if none).
func (p *Pool) claimAndRun(claimCtx, runCtx context.Context, limit int) (int, time.Time, error) {
	if claimCtx.Err() != nil {
		return 0, time.Time{}, nil
	}
	// A claim that commits must reach its caller, or the jobs would sit
	// claimed until their lease runs out: claim without the cancellation.
	cctx, cancel := context.WithTimeout(context.WithoutCancel(claimCtx), 30*time.Second)
	jobs, err := p.queue.ClaimJobs(cctx, limit, p.cfg.Lease)
	cancel()
	if err != nil {
		return 0, time.Time{}, fmt.Errorf("claim jobs: %w", err)
	}
	for _, job := range jobs {
		p.prog.claimedJob(job.Slot)
	}
	errs := make([]error, len(jobs))
	dues := make([]time.Time, len(jobs))
	var wg sync.WaitGroup
	for i, job := range jobs {
		wg.Go(func() { dues[i], errs[i] = p.work(runCtx, job) })
	}
	wg.Wait()
	var due time.Time
	for _, d := range dues {
		if !d.IsZero() && (due.IsZero() || d.Before(due)) {
			due = d
		}
	}
	return len(jobs), due, errors.Join(errs...)
}

// work evolves one claimed job and records how it ended. It returns when
// the job is due again if it went back to the queue (zero otherwise).
func (p *Pool) work(ctx context.Context, job groupmem.Job) (time.Time, error) {
	log := p.log.With("group_id", job.GroupID, "job_id", job.ID, "slot", job.Slot, "attempt", job.Attempts+1)
	var o groupmem.JobOutcome
	backlog := false // more messages wait, but the job may not continue
	if job.Attempts >= p.cfg.MaxAttempts {
		// Its holders kept dying before they could finish it.
		o = groupmem.JobOutcome{Kind: groupmem.OutcomeGiveUp, Error: job.LastError}
	} else {
		rctx, cancel := context.WithTimeout(ctx, p.cfg.RunTimeout)
		p.held.add(job, cancel)
		rctx, span := p.startJob(rctx, job)
		res, err := p.evolver.Evolve(rctx, job.GroupID, Options{Trigger: groupmem.TriggerCron, Actor: "cron", Days: p.cfg.Days})
		endSpan(span, err)
		cancel()
		if !p.held.remove(job.ID) {
			return time.Time{}, nil // lost to another claimer; RenewClaims logged it
		}
		o = p.outcome(ctx, job, res, err)
		backlog = res.More && o.Kind == groupmem.OutcomeDone
	}
	fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	if err := p.queue.FinishJob(fctx, job, o); err != nil {
		return time.Time{}, fmt.Errorf("finish job %d of group %s: %w", job.ID, job.GroupID, err)
	}
	var due time.Time
	if k := o.Kind; k == groupmem.OutcomeRelease || k == groupmem.OutcomeRetry || k == groupmem.OutcomeContinue {
		due = time.Now().Add(o.Delay) // the queue's due time, taken before FinishJob returned, is no later
	}
	attrs := []any{"outcome", o.Kind, "run_id", o.RunID, "run_status", o.RunStatus}
	switch o.Kind {
	case groupmem.OutcomeDone:
		if backlog {
			log.WarnContext(ctx, "job done after its last follow-up; more messages wait for the next slot",
				append(attrs, "follow_ups", job.FollowUps)...)
			break
		}
		log.InfoContext(ctx, "job done", attrs...)
	case groupmem.OutcomeContinue:
		log.InfoContext(ctx, "job continues: more messages wait", append(attrs, "follow_up", job.FollowUps+1)...)
	case groupmem.OutcomeRelease:
		log.InfoContext(ctx, "job released", append(attrs, "retry_in", o.Delay)...)
	case groupmem.OutcomeRetry:
		log.WarnContext(ctx, "job failed; will retry", append(attrs, "retry_in", o.Delay, "err", o.Error)...)
	default:
		log.ErrorContext(ctx, "job given up until the next slot", append(attrs, "err", o.Error)...)
	}
	return due, nil
}

// outcome classifies how an evolution of job ended. ctx is the pool's run
// context: when it ended (shutdown), the run was abandoned, not failed.
func (p *Pool) outcome(ctx context.Context, job groupmem.Job, res Result, err error) groupmem.JobOutcome {
	o := groupmem.JobOutcome{RunID: res.RunID, RunStatus: res.Status}
	switch {
	case err == nil && res.More && job.FollowUps < p.cfg.MaxFollowUps:
		o.Kind = groupmem.OutcomeContinue
	case err == nil:
		o.Kind = groupmem.OutcomeDone
	case groupmem.ErrorCode(err) == groupmem.EBUSY && job.LastError == groupmem.JobLeaseLost:
		// Most likely its dead holder's lock, about to run out: try again
		// as soon as it does, never later than BusyDelay. A live holder
		// renews its lock, and the job keeps trying at that pace.
		o.Kind, o.Delay = groupmem.OutcomeRelease, min(p.cfg.BusyDelay, retryAfter(err)+lockExpiryMargin)
	case groupmem.ErrorCode(err) == groupmem.EBUSY:
		o.Kind, o.Delay = groupmem.OutcomeRelease, p.cfg.BusyDelay
	case ctx.Err() != nil:
		o.Kind = groupmem.OutcomeRelease
	case job.Attempts+1 >= p.cfg.MaxAttempts:
		o.Kind, o.Error = groupmem.OutcomeGiveUp, err.Error()
	default:
		o.Kind, o.Error, o.Delay = groupmem.OutcomeRetry, err.Error(), p.backoff(job.Attempts+1)
	}
	return o
}

// lockExpiryMargin is how long after a lock's reported end a job that
// waits for it tries again: enough for the lock store to let it go.
const lockExpiryMargin = 100 * time.Millisecond

// retryAfter is how long the lock that made err busy lasts, when err says
// (BusyError.RetryAfter); 0 otherwise.
func retryAfter(err error) time.Duration {
	var busy *BusyError
	if errors.As(err, &busy) {
		return busy.RetryAfter
	}
	return 0
}

// backoff is the wait after the n-th failed attempt: Backoff·2^(n-1), at
// most MaxBackoff.
func (p *Pool) backoff(n int) time.Duration {
	d := p.cfg.Backoff
	for i := 1; i < n && d < p.cfg.MaxBackoff; i++ {
		d *= 2
	}
	return min(d, p.cfg.MaxBackoff)
}

// Start runs Concurrency lanes in the background. Each lane claims one
// job at a time, runs it, and waits Poll when there is none. When ctx ends
// the lanes stop claiming, but runs in flight go on (each within
// RunTimeout): call Stop to wait for them within a grace period. The
// claims of the runs in flight are renewed until the last lane ends. Start
// runs the lanes once; later calls do nothing.
func (p *Pool) Start(ctx context.Context) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.started {
		return
	}
	p.started = true
	claimCtx, stopClaims := context.WithCancel(ctx)
	runCtx, cancelRuns := context.WithCancel(context.WithoutCancel(ctx))
	p.stopClaims, p.cancelRuns = stopClaims, cancelRuns
	for range p.cfg.Concurrency {
		p.lanes.Go(func() { p.lane(claimCtx, runCtx) })
	}
	if p.cfg.ProgressEvery > 0 {
		p.lanes.Go(func() { p.report(claimCtx) })
	}
	keepCtx, stopKeeping := context.WithCancel(runCtx)
	p.keeping.Go(func() { p.keepClaims(keepCtx) })
	p.keeping.Go(func() {
		p.lanes.Wait()
		stopKeeping()
	})
	p.log.InfoContext(ctx, "worker pool started", "concurrency", p.cfg.Concurrency, "run_timeout", p.cfg.RunTimeout,
		"max_attempts", p.cfg.MaxAttempts, "job_lease", p.cfg.Lease)
}

// lane claims and runs one job at a time until claimCtx ends. After a job
// it looks for the next at once; when there is none it waits Poll, or
// less when a job it put back is due sooner.
func (p *Pool) lane(claimCtx, runCtx context.Context) {
	t := time.NewTimer(0)
	defer t.Stop()
	var due time.Time // when the job this lane last put back is due
	for {
		select {
		case <-claimCtx.Done():
			return
		case <-t.C:
		}
		n, back, err := p.claimAndRun(claimCtx, runCtx, 1)
		if err != nil && claimCtx.Err() == nil {
			p.log.ErrorContext(claimCtx, "worker pool", "err", err)
		}
		if !back.IsZero() {
			due = back
		}
		wait := p.cfg.Poll
		switch {
		case n > 0 && err == nil:
			wait = 0
		case !due.IsZero():
			wait = min(wait, max(time.Until(due), 0))
			due = time.Time{}
		}
		t.Reset(wait)
	}
}

// Stop stops claiming new jobs and waits for the runs in flight to end.
// When ctx ends first (the grace period is over), it cancels them: each
// abandoned run applies nothing, records itself as failed, releases its
// group, and its job becomes claimable again at no cost in attempts. Stop
// then waits for them to wind down and returns ctx's error.
func (p *Pool) Stop(ctx context.Context) error {
	p.mu.Lock()
	started, stopClaims, cancelRuns := p.started, p.stopClaims, p.cancelRuns
	p.mu.Unlock()
	if !started {
		return nil
	}
	stopClaims()
	done := make(chan struct{})
	go func() {
		p.lanes.Wait()
		p.keeping.Wait()
		close(done)
	}()
	select {
	case <-done:
		cancelRuns()
		return nil
	case <-ctx.Done():
		p.log.WarnContext(ctx, "grace period over; abandoning runs in flight")
		cancelRuns()
		<-done
		return ctx.Err()
	}
}
