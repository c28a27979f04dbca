package worker

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/groupmem/groupmem"
)

// Evolve runs one evolution of a group and waits for it: lock, fencing
// token, load every active memory and the messages past the watermark,
// fuse, embed, commit, project, release. EBUSY, with a *BusyError naming
// the holder's run, when another worker holds the group. A run that fails
// changes nothing but its run record, which says why; the error is
// returned as well (a run that lost its lock says so: ESTALE, or
// EUNAVAILABLE when the lock could not be renewed). A run whose result a
// guard refused returns status review and no error.
func (s *Service) Evolve(ctx context.Context, groupID string, o Options) (Result, error) {
	job, err := s.Start(ctx, groupID, o)
	if err != nil {
		return Result{}, err
	}
	return job.Wait()
}

// Start locks the group and records the run before it returns, then
// carries on in the background until the job ends or ctx does. EBUSY
// (with a *BusyError) when another worker holds the group; EINVALID for a
// bad group id or options.
func (s *Service) Start(ctx context.Context, groupID string, o Options) (*Evolution, error) {
	if err := groupmem.CheckGroupID(groupID); err != nil {
		return nil, err
	}
	if o.Days < 0 || o.Days > 3650 || (o.Reprocess && o.Days == 0) {
		return nil, groupmem.Errorf(groupmem.EINVALID, "days must be within 1..3650 (and is required to reprocess)")
	}
	if s.fuser == nil {
		return nil, groupmem.Errorf(groupmem.EUNAVAILABLE, "no evolver is configured")
	}
	lease, err := s.acquire(ctx, groupID)
	if err != nil {
		return nil, err
	}
	run, err := s.ledger.BeginRun(lease.Context(), groupmem.BeginRunParams{
		GroupID: groupID, Trigger: o.Trigger, Actor: o.Actor,
		Model: s.fuser.Model(), PromptVersion: s.fuser.PromptVersion(),
	})
	if err != nil {
		_ = lease.Release(context.WithoutCancel(ctx))
		return nil, err
	}
	job := &Evolution{RunID: run.ID, GroupID: groupID, done: make(chan struct{})}
	go func() {
		defer close(job.done)
		defer func() {
			if err := lease.Release(context.WithoutCancel(ctx)); err != nil {
				s.log.WarnContext(ctx, "release group lock", "group_id", groupID, "run_id", run.ID, "err", err)
			}
		}()
		job.result, job.err = s.evolve(lease.Context(), run, o)
		if cause := lostLease(ctx, lease); job.err != nil && cause != nil {
			job.err = leaseLostError(groupID, cause, job.err)
		}
		job.result.More = job.err == nil && job.result.Status == groupmem.RunSucceeded && !o.Reprocess &&
			job.result.Messages >= s.cfg.MaxRunMessages
	}()
	return job, nil
}

// evolve does the work of one begun run. Every path out of it records the
// run's end exactly once.
func (s *Service) evolve(ctx context.Context, run groupmem.Run, o Options) (Result, error) {
	log := s.log.With("run_id", run.ID, "group_id", run.GroupID)
	now := s.now().UTC()
	res := Result{RunID: run.ID, GroupID: run.GroupID, EvolvedAt: now, DryRun: o.DryRun}
	// fail ends the run without applying anything. The record keeps the
	// watermark the run began with (nothing else was committed) and the
	// reason, from the closed list of groupmem.FailReasons.
	fail := func(status groupmem.RunStatus, reason string, err error) (Result, error) {
		run.Status = status
		run.NewWatermark = run.Watermark
		if ctx.Err() != nil && context.Cause(ctx) != nil {
			cause := context.Cause(ctx)
			var lost *groupmem.Error
			if errors.As(cause, &lost) {
				reason = groupmem.FailLeaseLost
			} else if reason != groupmem.FailReview {
				reason = groupmem.FailCancelled
			}
			if !errors.Is(err, cause) {
				err = fmt.Errorf("%w (%v)", err, cause)
			}
		}
		run.Report.Reason = reason
		s.finish(ctx, run, err)
		res.Status, res.Report = status, run.Report
		log.WarnContext(ctx, "evolution did not apply", "status", status, "reason", reason, "err", err)
		return res, err
	}

	memories, err := s.activeMemories(ctx, run.GroupID)
	if err != nil {
		return fail(groupmem.RunFailed, groupmem.FailLoad, fmt.Errorf("load memories: %w", err))
	}
	msgs, err := s.newMessages(ctx, run, o, now)
	if err != nil {
		return fail(groupmem.RunFailed, groupmem.FailLoad, fmt.Errorf("load messages: %w", err))
	}
	res.Messages = len(msgs)
	if len(msgs) > 0 {
		run.NewWatermark = max(run.Watermark, msgs[len(msgs)-1].Seq)
	}
	if res.Skipped, res.Pending, err = s.leftOut(ctx, run, o, len(msgs)); err != nil {
		return fail(groupmem.RunFailed, groupmem.FailLoad, fmt.Errorf("count messages: %w", err))
	}
	if len(msgs) == 0 {
		run.Status = groupmem.RunNoop
		run.Report.Pending = res.Pending
		s.finish(ctx, run, nil)
		res.Status = groupmem.RunNoop
		res.Stats.Kept = len(memories)
		log.InfoContext(ctx, "no new messages", "older_than_look_back", res.Pending)
		return res, nil
	}
	if res.Skipped > 0 {
		log.WarnContext(ctx, "messages older than the look-back are left out", "skipped", res.Skipped, "days", o.Days)
	}
	run.Messages = len(msgs)

	moderated, err := s.moderated(ctx, run.GroupID)
	if err != nil {
		return fail(groupmem.RunFailed, groupmem.FailLoad, fmt.Errorf("load manual changes: %w", err))
	}
	fusion, err := s.fuser.Fuse(ctx, groupmem.FuseInput{Log: log, GroupID: run.GroupID, Memories: memories, Messages: msgs, Now: now,
		Moderated: moderated})
	fusion.Report.Skipped, fusion.Report.Pending = res.Skipped, res.Pending
	run.Report, run.Tokens, run.Stats = fusion.Report, fusion.Tokens, fusion.Stats
	res.Report, res.Tokens, res.Stats, res.Passes = fusion.Report, fusion.Tokens, fusion.Stats, fusion.Passes
	if errors.Is(err, groupmem.ErrReview) {
		// Not an error of the caller's or ours: the result says review and
		// the run record says why.
		_, _ = fail(groupmem.RunReview, groupmem.FailReview, err)
		return res, nil
	}
	if err != nil {
		return fail(groupmem.RunFailed, groupmem.FailReason(err, groupmem.FailInternal), fmt.Errorf("fuse: %w", err))
	}
	if err := s.embed(ctx, fusion.New); err != nil {
		return fail(groupmem.RunFailed, groupmem.FailEmbed, fmt.Errorf("embed: %w", err))
	}
	plan := &groupmem.Plan{Run: run, New: fusion.New, Transitions: fusion.Transitions, Changes: fusion.Changes}
	for i := range plan.Changes {
		plan.Changes[i].Actor = run.Actor
	}
	res.Changes, res.New = plan.Changes, plan.New
	if o.DryRun {
		run.Status = groupmem.RunDryRun
		run.NewWatermark = run.Watermark
		s.finish(ctx, run, nil)
		res.Status = groupmem.RunDryRun
		return res, nil
	}
	if err := s.ledger.CommitPlan(ctx, plan); err != nil {
		reason := groupmem.FailCommit
		if groupmem.ErrorCode(err) == groupmem.ESTALE {
			reason = groupmem.FailLeaseLost
		}
		return fail(groupmem.RunFailed, reason, fmt.Errorf("commit: %w", err))
	}
	s.observe(plan.Run)
	res.Status, res.Changes, res.New = groupmem.RunSucceeded, plan.Changes, plan.New
	log.InfoContext(ctx, "evolved", "messages", len(msgs), "kept", res.Stats.Kept, "updated", res.Stats.Updated,
		"created", res.Stats.Created, "deleted", res.Stats.Deleted, "passes", res.Passes,
		"prompt_tokens", res.Tokens.Prompt, "completion_tokens", res.Tokens.Completion)
	s.project(ctx, plan)
	return res, nil
}

// activeMemories reads every active memory of a group from the ledger,
// never from the index, which may lag.
func (s *Service) activeMemories(ctx context.Context, groupID string) ([]groupmem.Memory, error) {
	const page = 500
	var all []groupmem.Memory
	for {
		p, err := s.ledger.Memories(ctx, groupmem.MemoryQuery{GroupID: groupID, Status: groupmem.StatusActive, Limit: page, Offset: len(all)})
		if err != nil {
			return nil, err
		}
		all = append(all, p.Memories...)
		if len(p.Memories) < page || len(all) >= p.Total {
			return all, nil
		}
	}
}

// newMessages reads what this run fuses: every message past the watermark
// (at most MaxRunMessages; the rest wait for the next run). On a group's first
// run, and when reprocessing, only messages sent within the last o.Days
// days are read; reprocessing ignores the watermark.
func (s *Service) newMessages(ctx context.Context, run groupmem.Run, o Options, now time.Time) ([]groupmem.Message, error) {
	after := run.Watermark
	var since time.Time
	if o.Days > 0 && (run.Watermark == 0 || o.Reprocess) {
		since = now.AddDate(0, 0, -o.Days)
	}
	if o.Reprocess {
		after = 0
	}
	return s.ledger.MessagesSince(ctx, run.GroupID, after, since, s.cfg.MaxRunMessages)
}

// leftOut counts what a run with fused messages up to run.NewWatermark
// leaves: the messages past the watermark that the look-back bound skips,
// and those still past the new watermark.
func (s *Service) leftOut(ctx context.Context, run groupmem.Run, o Options, fused int) (skipped, pending int, err error) {
	if fused > 0 && !o.Reprocess && o.Days > 0 && run.Watermark == 0 {
		n, err := s.ledger.CountMessages(ctx, run.GroupID, run.Watermark, run.NewWatermark)
		if err != nil {
			return 0, 0, err
		}
		skipped = n - fused
	}
	pending, err = s.ledger.CountMessages(ctx, run.GroupID, max(run.Watermark, run.NewWatermark), math.MaxInt64)
	return skipped, pending, err
}

// embed fills the embedding of every new version, in one call.
func (s *Service) embed(ctx context.Context, mems []groupmem.Memory) error {
	if len(mems) == 0 {
		return nil
	}
	texts := make([]string, len(mems))
	for i, m := range mems {
		texts[i] = m.Statement
	}
	vecs, err := s.embedder.Embed(ctx, texts)
	if err != nil {
		return err
	}
	if len(vecs) != len(mems) {
		return groupmem.Errorf(groupmem.EUNAVAILABLE, "embedder returned %d vectors for %d texts", len(vecs), len(mems))
	}
	for i := range mems {
		mems[i].Embedding = vecs[i]
	}
	return nil
}

// moderatedChanges bounds the change-log rows read for Moderated.
const moderatedChanges = 200

// moderated returns when a person last set each memory's strength by
// hand, from the group's latest strength changes in the change log.
func (s *Service) moderated(ctx context.Context, groupID string) (map[string]time.Time, error) {
	changes, err := s.ledger.Changes(ctx, groupmem.ChangeQuery{GroupID: groupID, Actions: []groupmem.ActionKind{groupmem.ActionStrength},
		Limit: moderatedChanges})
	if err != nil {
		return nil, err
	}
	out := map[string]time.Time{}
	for _, c := range changes {
		if c.Manual && c.CreatedAt.After(out[c.MemoryID]) {
			out[c.MemoryID] = c.CreatedAt
		}
	}
	return out, nil
}
