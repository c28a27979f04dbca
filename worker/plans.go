package worker

import (
	"context"
	"fmt"
	"slices"

	"github.com/groupmem/groupmem"
)

// ApplyParams say who commits a kept plan, and how.
type ApplyParams struct {
	// Actor is recorded on the run and on every change-log row it writes.
	Actor string
	// Approve commits a plan held for review (an admin's approval);
	// without it only a dry run's preview is committed.
	Approve bool
}

// ApplyPlan commits exactly the plan that the dry run or held run id kept
// (groupmem.KeptPlan): the same version ids, statements, transitions and
// change-log rows, written by p.Actor, under a new run (trigger manual)
// whose report names the plan. It holds the group's lock, and commits
// only while the group is as the run left it: the new run's fence must
// directly follow the plan's run's, and its watermark be the same.
//
// ENOTFOUND for an unknown plan. ECONFLICT for a plan applied, rejected
// or expired, of the other kind (a held plan without Approve, a preview
// with it), or stale: the group changed since it was made (preview
// again). EBUSY when the group is being evolved. A plan is committed at
// most once: the ledger marks it applied in the commit's transaction.
func (s *Service) ApplyPlan(ctx context.Context, id string, p ApplyParams) (Result, error) {
	kp, err := s.applicable(ctx, id, p)
	if err != nil {
		return Result{}, err
	}
	lease, err := s.acquire(ctx, kp.GroupID)
	if err != nil {
		return Result{}, err
	}
	defer func() {
		if err := lease.Release(context.WithoutCancel(ctx)); err != nil {
			s.log.WarnContext(ctx, "release group lock", "group_id", kp.GroupID, "err", err)
		}
	}()
	ctx = lease.Context()
	// Read again under the lock: nothing of this group moves now but
	// by a writer that takes no lock.
	if kp, err = s.applicable(ctx, id, p); err != nil {
		return Result{}, err
	}
	run, err := s.ledger.BeginRun(ctx, groupmem.BeginRunParams{GroupID: kp.GroupID, Trigger: groupmem.TriggerManual,
		Actor: p.Actor, Model: kp.Run.Model, PromptVersion: kp.Run.PromptVersion})
	if err != nil {
		return Result{}, err
	}
	plan := appliedPlan(run, kp, p.Actor)
	res := Result{RunID: run.ID, GroupID: run.GroupID, EvolvedAt: run.StartedAt, Messages: kp.Messages,
		Pending: kp.Pending, Stats: kp.Stats, PlanID: kp.ID}
	stop := func(reason string, err error) (Result, error) {
		run.Status, run.Report.Reason, run.Messages = groupmem.RunFailed, reason, 0
		run.NewWatermark = run.Watermark
		s.finish(ctx, run, err)
		res.Status, res.Messages = groupmem.RunFailed, 0
		return res, err
	}
	if run.Fence != kp.Run.Fence+1 || run.Watermark != kp.Run.Watermark {
		return stop(groupmem.FailCommit, groupmem.Errorf(groupmem.ECONFLICT,
			"group %s changed since plan %s was made (another run began); preview again", kp.GroupID, kp.ID))
	}
	if err := s.embedBare(ctx, plan.New); err != nil {
		return stop(groupmem.FailEmbed, fmt.Errorf("embed: %w", err))
	}
	if err := s.ledger.CommitPlan(ctx, plan); err != nil {
		reason := groupmem.FailCommit
		if groupmem.ErrorCode(err) == groupmem.ESTALE {
			reason = groupmem.FailLeaseLost
		}
		return stop(reason, fmt.Errorf("commit plan %s: %w", kp.ID, err))
	}
	s.observe(plan.Run)
	s.log.InfoContext(ctx, "applied a kept plan", "run_id", run.ID, "group_id", run.GroupID, "plan_id", kp.ID,
		"approved", p.Approve, "actor", p.Actor)
	s.project(ctx, plan)
	res.Status, res.Changes, res.New, res.Report = groupmem.RunSucceeded, plan.Changes, plan.New, plan.Run.Report
	return res, nil
}

// embedBare embeds the versions of mems kept without their embedding (a
// held plan's), in one call.
func (s *Service) embedBare(ctx context.Context, mems []groupmem.Memory) error {
	var bare []groupmem.Memory
	for _, m := range mems {
		if m.Embedding == nil {
			bare = append(bare, m)
		}
	}
	if err := s.embed(ctx, bare); err != nil {
		return err
	}
	for i, j := 0, 0; i < len(mems) && j < len(bare); i++ {
		if mems[i].Embedding == nil {
			mems[i].Embedding = bare[j].Embedding
			j++
		}
	}
	return nil
}

// applicable reads kept plan id and says why p may not commit it, if so.
func (s *Service) applicable(ctx context.Context, id string, p ApplyParams) (groupmem.KeptPlan, error) {
	kp, err := s.ledger.KeptPlan(ctx, id)
	if err != nil {
		return kp, err
	}
	if err := kp.Undecided(); err != nil {
		return kp, err
	}
	switch {
	case kp.Status == groupmem.PlanHeld && !p.Approve:
		return kp, groupmem.Errorf(groupmem.ECONFLICT, "plan %s is held for review: an admin approves or rejects it", id)
	case kp.Status == groupmem.PlanPreview && p.Approve:
		return kp, groupmem.Errorf(groupmem.ECONFLICT, "plan %s is a preview, not held for review: apply it", id)
	case kp.Stale:
		return kp, groupmem.Errorf(groupmem.ECONFLICT,
			"group %s changed since plan %s was made (a run began or messages arrived); preview again", kp.GroupID, id)
	}
	return kp, nil
}

// appliedPlan is kept plan kp as run commits it: kp's writes, each
// change-log row by actor, and the run's record saying what kp's run
// planned (its stats, messages and report, without the model calls,
// which that run made and counted).
func appliedPlan(run groupmem.Run, kp groupmem.KeptPlan, actor string) *groupmem.Plan {
	run.NewWatermark, run.Messages, run.Stats = kp.NewWatermark, kp.Messages, kp.Stats
	rep := kp.Run.Report
	rep.Reason, rep.Answer, rep.Attempts, rep.PlanID, rep.Pending = "", "", nil, kp.ID, kp.Pending
	run.Report = rep
	w := groupmem.Writes{New: slices.Clone(kp.New), Transitions: slices.Clone(kp.Transitions), Changes: slices.Clone(kp.Changes)}
	for i := range w.New {
		w.New[i].RunID = run.ID
	}
	for i := range w.Changes {
		w.Changes[i].RunID, w.Changes[i].Actor = run.ID, actor
	}
	return &groupmem.Plan{Run: run, Writes: w}
}
