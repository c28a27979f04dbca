package worker

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/evolve"
	"github.com/groupmem/groupmem/telemetry"
)

// Deps are the parts a Service works with. Ledger, Index, Locker and
// Embedder are required.
type Deps struct {
	Ledger   groupmem.Ledger
	Index    groupmem.Index
	Locker   groupmem.Locker
	Embedder groupmem.Embedder
	Fuser    groupmem.Fuser // decides each pass of an evolution
	Observer Observer       // optional: hears about every finished run
	Logger   *slog.Logger
	// Telemetry, when set, traces every evolution: a span for the run and
	// one for each phase (nil: no tracing).
	Telemetry *telemetry.Telemetry
	Now       func() time.Time
}

// Config tunes a Service. Zero values mean the defaults.
type Config struct {
	LockTTL        time.Duration // lease of the per-group lock (default 30s); renewed while held
	MaxRunMessages int           // messages loaded per run at most (default 2,000); the rest wait for the next run (see PoolConfig.MaxFollowUps)
	Relay          RelayConfig
	// Evolve holds the rules and the budget of an evolution's passes
	// (package evolve): how many memories and messages a pass shows and
	// the prompt size they are measured by, how answers are validated,
	// asked again or split, and the deletion guard. It is the run's, not
	// the Fuser's: a Fuser's own settings are given to it where it is made
	// (llmfuse.Config: how a model's answer is read). An evolver that needs
	// its passes made a certain way says so (offline.Fuser.Evolve: one
	// pass of the whole run, with its validation rules).
	Evolve evolve.Config
	// UnsharedLock says that Locker sees only this process's locks while
	// other processes write the same ledger (an in-process lock on a
	// shared Postgres ledger). Sweep then does nothing, since it could not
	// tell another process's live run from an abandoned one; an abandoned
	// run is closed when its group's next run begins.
	UnsharedLock bool
	// Prices price each run's tokens: a run records its model calls and
	// what its tokens cost beside them (groupmem.Tokens). The zero Prices
	// cost nothing. They must pass groupmem.Prices.Check.
	Prices groupmem.Prices
}

// Service is the one writer path of groupmem: evolutions and the manual
// delete, restore and strength changes all take the group's lock, a fresh
// fencing token, commit one plan through the ledger and project it through
// the outbox.
type Service struct {
	ledger   groupmem.Ledger
	index    groupmem.Index
	locker   groupmem.Locker
	embedder groupmem.Embedder
	fuser    groupmem.Fuser
	observer Observer
	tel      *telemetry.Telemetry
	relay    *Relay
	log      *slog.Logger
	now      func() time.Time
	cfg      Config
	badCfg   error // the error of a Config.Evolve that cannot be used
}

// Defaults of Config.
const (
	DefaultLockTTL        = 30 * time.Second
	DefaultMaxRunMessages = 2000
)

// New returns a Service.
func New(d Deps, cfg Config) *Service {
	cfg.LockTTL = cmp.Or(cfg.LockTTL, DefaultLockTTL)
	cfg.MaxRunMessages = cmp.Or(cfg.MaxRunMessages, DefaultMaxRunMessages)
	log := d.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	now := d.Now
	if now == nil {
		now = time.Now
	}
	s := &Service{
		ledger: d.Ledger, index: d.Index, locker: d.Locker, embedder: d.Embedder, fuser: d.Fuser, observer: d.Observer, tel: d.Telemetry,
		relay: NewRelay(d.Ledger, d.Index, log, cfg.Relay), log: log, now: now, cfg: cfg,
	}
	s.relay.sweep = s.Sweep
	s.cfg.Evolve, s.badCfg = cfg.Evolve.WithDefaults()
	return s
}

// Relay returns the service's outbox relay. Its loop (Relay.Run) also
// sweeps abandoned runs (see Sweep) every round.
func (s *Service) Relay() *Relay { return s.relay }

// lockKey names the lock of a group.
func lockKey(groupID string) string { return "group:" + groupID }

// withGroup runs fn while holding the group's lock, with a context that
// ends when the lease is lost. EBUSY (with a *BusyError) when another
// worker holds the group; when fn fails after the lease was lost, the
// error says so (see leaseLostError).
func (s *Service) withGroup(ctx context.Context, groupID string, fn func(ctx context.Context) error) error {
	lease, err := s.acquire(ctx, groupID)
	if err != nil {
		return err
	}
	defer func() {
		if err := lease.Release(context.WithoutCancel(ctx)); err != nil {
			s.log.WarnContext(ctx, "release group lock", "group_id", groupID, "err", err)
		}
	}()
	err = fn(lease.Context())
	if cause := lostLease(ctx, lease); err != nil && cause != nil {
		err = leaseLostError(groupID, cause, err)
	}
	return err
}

// acquire takes the group's lock. When another worker holds it, it tells
// the observer and returns EBUSY with a *BusyError naming the holder.
func (s *Service) acquire(ctx context.Context, groupID string) (groupmem.Lease, error) {
	lease, err := s.locker.Acquire(ctx, lockKey(groupID), s.cfg.LockTTL)
	if groupmem.ErrorCode(err) == groupmem.EBUSY {
		if s.observer != nil {
			s.observer.LockBusy(groupID)
		}
		return nil, s.busy(ctx, groupID, err)
	}
	return lease, err
}

// projectTimeout bounds the projection a commit does itself; the relay
// does the rest.
const projectTimeout = 5 * time.Second

// project writes what plan committed to the index at once, within
// projectTimeout, so the change is searchable when the call returns. A
// failure is logged and left to the relay: the commit stands and the
// outbox still holds it.
func (s *Service) project(ctx context.Context, plan *groupmem.Plan) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), projectTimeout)
	defer cancel()
	if err := s.relay.Project(ctx, plan); err != nil {
		s.log.WarnContext(ctx, "project after commit; the relay will retry", "run_id", plan.Run.ID, "group_id", plan.Run.GroupID, "err", err)
	}
}

// manual commits one manual change of the memory id under the group's
// lock. build gets a fresh read of the memory and the begun run and returns
// the plan, or nil when there is nothing to do. manual returns the version
// that build's plan names first (the new one, if any), as stored.
func (s *Service) manual(ctx context.Context, id, actor string, build func(m groupmem.Memory, run groupmem.Run) (*groupmem.Plan, error)) (groupmem.Memory, error) {
	m, err := s.ledger.Memory(ctx, id)
	if err != nil {
		return groupmem.Memory{}, err
	}
	return s.manualIn(ctx, m.GroupID, id, actor, func(ctx context.Context, run groupmem.Run) (*groupmem.Plan, error) {
		m, err := s.ledger.Memory(ctx, id) // the truth, now that the group is ours
		if err != nil {
			return nil, err
		}
		return build(m, run)
	})
}

// manualIn commits one manual change in group g under its lock, recorded
// as a run with TriggerAdmin (runs lists leave those out) and changes
// whose actor is actor. build returns the plan, or nil when there is
// nothing to do; new versions without an embedding are embedded before
// the commit. It returns the first new version, or version id when the plan
// writes none, as stored.
func (s *Service) manualIn(ctx context.Context, g, id, actor string, build func(ctx context.Context, run groupmem.Run) (*groupmem.Plan, error)) (groupmem.Memory, error) {
	result := id
	err := s.withGroup(ctx, g, func(ctx context.Context) error {
		run, err := s.ledger.BeginRun(ctx, groupmem.BeginRunParams{GroupID: g, Trigger: groupmem.TriggerAdmin, Actor: actor})
		if err != nil {
			return err
		}
		plan, err := build(ctx, run)
		if err == nil && plan == nil {
			run.Status = groupmem.RunNoop
			s.finish(ctx, run, nil)
			return nil
		}
		if err == nil {
			err = s.embedMissing(ctx, plan.New)
		}
		if err == nil {
			for i := range plan.Changes {
				plan.Changes[i].Actor = actor
			}
			err = s.ledger.CommitPlan(ctx, plan)
		}
		if err != nil {
			run.Status = groupmem.RunFailed
			s.finish(ctx, run, err)
			return err
		}
		s.observe(plan.Run)
		if len(plan.New) > 0 {
			result = plan.New[0].ID
		}
		s.project(ctx, plan)
		return nil
	})
	if err != nil {
		return groupmem.Memory{}, err
	}
	// The change is committed: read it back even if the caller gave up.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), projectTimeout)
	defer cancel()
	return s.ledger.Memory(ctx, result)
}

// finish records a run that applied nothing and tells the observer. The
// run record keeps the cause's caller-safe message (API keys can read
// runs); the whole error goes to the log. A failure to record the run is
// logged: the run's outcome stands either way.
func (s *Service) finish(ctx context.Context, run groupmem.Run, cause error) {
	s.end(ctx, run, cause, nil)
}

// end is finish for a dry run or a held run, which keeps its plan keep
// (see record); it reports whether the plan was kept.
func (s *Service) end(ctx context.Context, run groupmem.Run, cause error, keep *groupmem.KeptPlan) bool {
	if cause != nil {
		run.Error = groupmem.ErrorMessage(cause)
		if run.Status == groupmem.RunFailed && run.Report.Reason == "" {
			run.Report.Reason = groupmem.FailReason(cause, groupmem.FailInternal)
		}
		s.log.DebugContext(ctx, "run did not apply", "run_id", run.ID, "group_id", run.GroupID, "status", run.Status, "err", cause)
	}
	if r := run.Report.Reason; r != "" && !slices.Contains(groupmem.FailReasons, r) {
		// A reason off the documented list (from a Fuser of another
		// make) must not keep the run from being recorded.
		run.Report.Reason = groupmem.FailInternal
	}
	return s.record(ctx, run, keep)
}

// record writes the end of run, with the plan kept when keep is set
// (Ledger.KeepPlan), and tells the observer. A plan that cannot be kept
// is logged and the run's end is recorded without it; record reports
// whether the plan was kept.
func (s *Service) record(ctx context.Context, run groupmem.Run, keep *groupmem.KeptPlan) (kept bool) {
	ctx = context.WithoutCancel(ctx)
	if keep != nil {
		err := s.ledger.KeepPlan(ctx, run, keep)
		if err == nil {
			s.observe(run)
			return true
		}
		s.log.WarnContext(ctx, "keep the run's plan", "run_id", run.ID, "group_id", run.GroupID, "err", err)
	}
	if err := s.ledger.FinishRun(ctx, run); err != nil {
		s.log.WarnContext(ctx, "record run", "run_id", run.ID, "group_id", run.GroupID, "err", err)
	}
	s.observe(run)
	return false
}

// observe tells the observer, if any, how a run ended.
func (s *Service) observe(run groupmem.Run) {
	if s.observer != nil {
		s.observer.RunFinished(run)
	}
}

// Delete deprecates the active version id. The version stays in the ledger
// and can be restored. ENOTFOUND for an unknown id; ECONFLICT when id is
// not the active version; EBUSY when the group is being evolved.
func (s *Service) Delete(ctx context.Context, id, actor, reason string) (groupmem.Memory, error) {
	return s.manual(ctx, id, actor, func(m groupmem.Memory, run groupmem.Run) (*groupmem.Plan, error) {
		if m.Status != groupmem.StatusActive {
			return nil, groupmem.Errorf(groupmem.ECONFLICT, "memory %s is %s; only the active version of a memory can be deleted", id, m.Status)
		}
		run.Stats.Deleted = 1
		return &groupmem.Plan{
			Run: run,
			Writes: groupmem.Writes{
				Transitions: []groupmem.Transition{{MemoryID: id, From: groupmem.StatusActive, To: groupmem.StatusDeprecated}},
				Changes: []groupmem.Change{{Action: groupmem.ActionDelete, MemoryID: id, OldStatement: m.Statement,
					Reason: cmp.Or(reason, "deleted by hand"), Version: m.Version}},
			},
		}, nil
	})
}

// Restore brings a memory back:
//   - a deprecated (deleted) version becomes active again, as it was;
//   - a superseded version is restored by writing a new version with its
//     statement on top of its lineage, and the lineage's active version, if
//     any, becomes superseded. History is never rewritten.
//
// Restoring the active version changes nothing. A redacted version
// (its statement groupmem.Redacted) cannot be restored: ECONFLICT. It
// returns the version that is active afterwards.
func (s *Service) Restore(ctx context.Context, id, actor string) (groupmem.Memory, error) {
	return s.manual(ctx, id, actor, func(m groupmem.Memory, run groupmem.Run) (*groupmem.Plan, error) {
		if m.Statement == groupmem.Redacted {
			return nil, groupmem.Errorf(groupmem.ECONFLICT, "memory %s was redacted: its text is gone, so it cannot be restored; write the memory anew", id)
		}
		lineage, err := s.ledger.Lineage(ctx, id)
		if err != nil {
			return nil, err
		}
		head := lineage[len(lineage)-1]
		switch m.Status {
		case groupmem.StatusActive:
			return nil, nil
		case groupmem.StatusDeprecated:
			return &groupmem.Plan{
				Run: run,
				Writes: groupmem.Writes{
					Transitions: []groupmem.Transition{{MemoryID: id, From: groupmem.StatusDeprecated, To: groupmem.StatusActive}},
					Changes: []groupmem.Change{{Action: groupmem.ActionRestore, MemoryID: id, NewStatement: m.Statement,
						Reason: "restored by hand", Version: m.Version}},
				},
			}, nil
		}
		nm := m
		nm.ID, nm.Version, nm.ParentID, nm.Status = groupmem.NewID(), head.Version+1, head.ID, groupmem.StatusActive
		nm.ChangeSummary = fmt.Sprintf("restored from version %d", m.Version)
		plan := &groupmem.Plan{Run: run, Writes: groupmem.Writes{New: []groupmem.Memory{nm}}}
		if head.Status != groupmem.StatusSuperseded {
			plan.Transitions = []groupmem.Transition{{MemoryID: head.ID, From: head.Status, To: groupmem.StatusSuperseded}}
		}
		plan.Changes = []groupmem.Change{{Action: groupmem.ActionRestore, MemoryID: id, NewMemoryID: nm.ID,
			OldStatement: head.Statement, NewStatement: nm.Statement, Reason: nm.ChangeSummary, Version: nm.Version}}
		return plan, nil
	})
}

// SetStrength sets the strength of version id, which must be within
// [0, 1] (EINVALID otherwise). The status is unchanged. A superseded
// version's strength means nothing: ECONFLICT naming the current version.
func (s *Service) SetStrength(ctx context.Context, id string, strength float64, actor string) (groupmem.Memory, error) {
	if err := groupmem.CheckStrength(strength); err != nil {
		return groupmem.Memory{}, err
	}
	return s.manual(ctx, id, actor, func(m groupmem.Memory, run groupmem.Run) (*groupmem.Plan, error) {
		if m.Status == groupmem.StatusSuperseded {
			return nil, s.notCurrent(ctx, m, "given a strength")
		}
		if m.Strength == strength {
			return nil, nil
		}
		return &groupmem.Plan{
			Run: run,
			Writes: groupmem.Writes{
				Transitions: []groupmem.Transition{{MemoryID: id, From: m.Status, To: m.Status, Strength: &strength}},
				Changes: []groupmem.Change{{Action: groupmem.ActionStrength, MemoryID: id, OldStatement: m.Statement,
					NewStatement: m.Statement, Reason: fmt.Sprintf("strength %.2f → %.2f", m.Strength, strength), Version: m.Version}},
			},
		}, nil
	})
}

// Fuser returns the evolver the service uses.
func (s *Service) Fuser() groupmem.Fuser { return s.fuser }

// embedMissing embeds the versions of mems that have no embedding yet.
func (s *Service) embedMissing(ctx context.Context, mems []groupmem.Memory) error {
	var idx []int
	var missing []groupmem.Memory
	for i, m := range mems {
		if len(m.Embedding) == 0 {
			idx, missing = append(idx, i), append(missing, m)
		}
	}
	if err := s.embed(ctx, missing); err != nil {
		return err
	}
	for k, i := range idx {
		mems[i].Embedding = missing[k].Embedding
	}
	return nil
}
