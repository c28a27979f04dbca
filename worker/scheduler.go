package worker

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/robfig/cron/v3"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/telemetry"
)

// SchedulerConfig tunes a Scheduler. Zero values mean the defaults.
type SchedulerConfig struct {
	// Spec is a standard five-field cron spec, or a descriptor such as
	// @daily (GROUPMEM_SCHEDULE, default "0 3 * * *": every night at
	// 03:00). A "CRON_TZ=Zone " prefix overrides TimeZone.
	Spec string
	// TimeZone is the IANA zone Spec is read in (GROUPMEM_TIMEZONE,
	// default "UTC"; "Local" is the machine's zone).
	TimeZone string
	// MinMessages is how many new messages make a group due
	// (GROUPMEM_MIN_MESSAGES, default 1).
	MinMessages int
	// Page is how many due groups one query reads (default 1,000).
	Page int
	// Retention is how long finished jobs are kept before a tick prunes
	// them (default 30 days).
	Retention time.Duration
	// Now is the clock (default time.Now).
	Now func() time.Time
	// AfterTick, when set, runs after each slot's tick: housekeeping such
	// as retention, once per slot on each replica running a Scheduler.
	AfterTick func(ctx context.Context)
	// Telemetry, when set, records each slot's tick as the root span that
	// the slot's runs link to (nil: no tracing).
	Telemetry *telemetry.Telemetry
}

// Scheduler turns a cron schedule into jobs: at every scheduled time (a
// slot) it enqueues one job per due group on the groupmem.Queue, where any
// replica's Pool picks them up. It evolves nothing itself. Every replica
// may run a Scheduler: ticks of one slot from several replicas enqueue
// each group once.
type Scheduler struct {
	queue    groupmem.Queue
	log      *slog.Logger
	cfg      SchedulerConfig
	loc      *time.Location
	schedule cron.Schedule

	mu   sync.Mutex
	cron *cron.Cron         // nil when not running
	stop context.CancelFunc // cancels the running ticks' context
}

// Defaults of SchedulerConfig.
const (
	DefaultSchedule    = "0 3 * * *"
	DefaultTimeZone    = "UTC"
	DefaultMinMessages = 1
)

// NewScheduler checks cfg and returns a Scheduler. EINVALID, naming the
// setting, for a spec that does not parse or never fires, an unknown time
// zone, or a negative MinMessages.
func NewScheduler(q groupmem.Queue, log *slog.Logger, cfg SchedulerConfig) (*Scheduler, error) {
	cfg.Spec = cmp.Or(cfg.Spec, DefaultSchedule)
	cfg.TimeZone = cmp.Or(cfg.TimeZone, DefaultTimeZone)
	cfg.MinMessages = cmp.Or(cfg.MinMessages, DefaultMinMessages)
	cfg.Retention = cmp.Or(cfg.Retention, 30*24*time.Hour)
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if cfg.MinMessages < 1 {
		return nil, groupmem.Errorf(groupmem.EINVALID, "scheduler MinMessages must be at least 1, got %d", cfg.MinMessages)
	}
	loc, err := time.LoadLocation(cfg.TimeZone)
	if err != nil {
		return nil, groupmem.WrapError(groupmem.EINVALID, fmt.Sprintf("scheduler TimeZone %q is not a known time zone", cfg.TimeZone), err)
	}
	schedule, err := cron.ParseStandard(cfg.Spec)
	if err != nil {
		return nil, groupmem.WrapError(groupmem.EINVALID, fmt.Sprintf("scheduler Spec %q is not a cron spec like \"0 3 * * *\"", cfg.Spec), err)
	}
	s := &Scheduler{queue: q, log: log, cfg: cfg, loc: loc, schedule: schedule}
	if s.Next(cfg.Now()).IsZero() {
		return nil, groupmem.Errorf(groupmem.EINVALID, "scheduler Spec %q never fires", cfg.Spec)
	}
	return s, nil
}

// Next returns the first slot strictly after t, in the scheduler's zone.
func (s *Scheduler) Next(t time.Time) time.Time {
	return s.schedule.Next(t.In(s.loc))
}

// Slot returns the latest slot at or before t (zero if none within five
// years): the slot a tick firing at t belongs to, even when it fires late.
func (s *Scheduler) Slot(t time.Time) time.Time {
	t = t.In(s.loc)
	for _, back := range []time.Duration{time.Minute, time.Hour, 25 * time.Hour, 32 * 24 * time.Hour, 367 * 24 * time.Hour, 5 * 367 * 24 * time.Hour} {
		slot := s.schedule.Next(t.Add(-back))
		if slot.IsZero() || slot.After(t) {
			continue
		}
		for n := s.schedule.Next(slot); !n.IsZero() && !n.After(t); n = s.schedule.Next(n) {
			slot = n
		}
		return slot
	}
	return time.Time{}
}

// Tick enqueues a job for slot for every group with at least MinMessages
// new messages, prunes finished jobs older than Retention, and returns how
// many jobs it added. Calling it twice for one slot (two replicas) adds
// nothing the second time. With Telemetry, the tick is the slot's span,
// which the runs of its jobs link to.
func (s *Scheduler) Tick(ctx context.Context, slot time.Time) (_ int, err error) {
	ctx, span := s.cfg.Telemetry.StartSlot(ctx, slot)
	defer func() { endSpan(span, err) }()
	total := 0
	err = eachDue(ctx, s.queue, s.cfg.MinMessages, s.cfg.Page, func(groups []string) error {
		n, err := s.queue.EnqueueJobs(ctx, slot, groups)
		total += n
		if err != nil {
			return fmt.Errorf("enqueue jobs: %w", err)
		}
		return nil
	})
	if err != nil {
		return total, err
	}
	if _, err := s.queue.PruneJobs(ctx, s.cfg.Now().Add(-s.cfg.Retention)); err != nil {
		return total, fmt.Errorf("prune jobs: %w", err)
	}
	return total, nil
}

// Start runs the schedule in the background until Stop or until ctx
// ends. At each slot the cron callback only hands work over: it calls
// Tick and logs the outcome. A slot that passes while no replica runs is
// not made up for; its groups stay due and the next slot enqueues them.
// Start does nothing while the schedule runs.
func (s *Scheduler) Start(ctx context.Context) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cron != nil {
		return
	}
	ctx, s.stop = context.WithCancel(ctx)
	c := cron.New(cron.WithLocation(s.loc))
	c.Schedule(s.schedule, cron.FuncJob(func() { s.fire(ctx) }))
	c.Start()
	s.cron = c
	go func() {
		<-ctx.Done()
		c.Stop() // a no-op after Stop
	}()
	s.log.InfoContext(ctx, "scheduler started", "schedule", s.cfg.Spec, "time_zone", s.loc.String(),
		"next_slot", s.Next(s.cfg.Now()))
}

// fire is the cron callback.
func (s *Scheduler) fire(ctx context.Context) {
	slot := s.Slot(s.cfg.Now())
	n, err := s.Tick(ctx, slot)
	if err != nil {
		s.log.ErrorContext(ctx, "schedule tick", "slot", slot, "enqueued", n, "err", err)
		return
	}
	s.log.InfoContext(ctx, "schedule tick", "slot", slot, "enqueued", n, "next_slot", s.Next(slot))
	if s.cfg.AfterTick != nil {
		s.cfg.AfterTick(ctx)
	}
}

// Stop stops the schedule and waits for a running tick to end, or for ctx
// to end, which cancels the tick (its enqueues are idempotent).
func (s *Scheduler) Stop(ctx context.Context) error {
	s.mu.Lock()
	c, stop := s.cron, s.stop
	s.cron = nil
	s.mu.Unlock()
	if c == nil {
		return nil
	}
	done := c.Stop()
	select {
	case <-done.Done():
		stop()
		return nil
	case <-ctx.Done():
		stop()
		<-done.Done()
		return ctx.Err()
	}
}
