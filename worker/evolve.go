package worker

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"sync"
	"time"

	"go.opentelemetry.io/otel/trace"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/evolve"
	"github.com/groupmem/groupmem/telemetry"
)

// Evolve runs one evolution of a group and waits for it: lock, fencing
// token, load every active memory and the messages past the watermark,
// the passes through the Fuser and the deletion guard (evolve.Fuse, by
// Config.Evolve), embed, commit, project, release. EBUSY, with a *BusyError naming
// the holder's run, when another worker holds the group. A run that fails
// changes nothing but its run record, which says why and that it fused no
// message (Messages 0; those it read count as Pending); the error is
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
// bad group id or options; EINTERNAL for a Config.Evolve that cannot be
// used. A run that fails answers busy, stale, conflict or unavailable, or
// EINTERNAL for any other cause (see runFailure).
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
	if s.badCfg != nil {
		return nil, groupmem.WrapError(groupmem.EINTERNAL, "the worker's evolve configuration cannot be used: "+groupmem.ErrorMessage(s.badCfg), s.badCfg)
	}
	ctx, span := s.tel.Start(ctx, spanRun, trace.WithAttributes(telemetry.Trigger.String(o.Trigger)))
	lctx, lock := telemetry.Child(ctx, spanLock)
	lease, err := s.acquire(lctx, groupID)
	if err != nil {
		endSpan(lock, err)
		endSpan(span, err)
		return nil, err
	}
	run, err := s.ledger.BeginRun(lease.Context(), groupmem.BeginRunParams{
		GroupID: groupID, Trigger: o.Trigger, Actor: o.Actor,
		Model: s.fuser.Model(), PromptVersion: s.fuser.PromptVersion(),
	})
	endSpan(lock, err)
	if err != nil {
		_ = lease.Release(context.WithoutCancel(ctx))
		endSpan(span, err)
		return nil, err
	}
	span.SetAttributes(telemetry.RunID.String(run.ID))
	job := &Evolution{RunID: run.ID, GroupID: groupID, done: make(chan struct{})}
	go func() {
		defer close(job.done)
		defer func() {
			if err := lease.Release(context.WithoutCancel(ctx)); err != nil {
				s.log.WarnContext(ctx, "release group lock", "group_id", groupID, "run_id", run.ID, "err", err)
			}
		}()
		job.result, job.err = s.evolve(under(lease.Context(), span), run, o)
		if cause := lostLease(ctx, lease); job.err != nil && cause != nil {
			job.err = leaseLostError(groupID, cause, job.err)
		}
		job.result.More = job.err == nil && job.result.Status == groupmem.RunSucceeded && !o.Reprocess &&
			job.result.Messages >= s.cfg.MaxRunMessages
		endRun(span, job.result, job.err)
	}()
	return job, nil
}

// evolve does the work of one begun run: load, the passes, apply. Every path
// out of it records the run's end exactly once.
func (s *Service) evolve(ctx context.Context, run groupmem.Run, o Options) (Result, error) {
	now := s.now().UTC()
	e := &evolving{s: s, run: run, o: o, now: now, log: s.log.With("run_id", run.ID, "group_id", run.GroupID),
		res: Result{RunID: run.ID, GroupID: run.GroupID, EvolvedAt: now, DryRun: o.DryRun}}
	lctx, span := telemetry.Child(ctx, spanLoad)
	in, err := e.load(lctx)
	endSpan(span, err)
	if err != nil || in == nil {
		return e.res, err
	}
	fctx, span := telemetry.Child(ctx, spanFuse)
	fusion, err := evolve.Fuse(fctx, s.fuserFor(fctx), s.cfg.Evolve, *in)
	endSpan(span, err)
	plan := &fusion.Plan
	plan.Run.Report.Skipped, plan.Run.Report.Pending = e.res.Skipped, e.res.Pending
	plan.Run.Tokens.Calls = fusion.Calls
	plan.Run.Tokens = s.cfg.Prices.Priced(plan.Run.Tokens)
	e.run = plan.Run
	e.res.Report, e.res.Tokens, e.res.Stats, e.res.Passes = e.run.Report, e.run.Tokens, e.run.Stats, fusion.Calls
	if errors.Is(err, groupmem.ErrReview) {
		// Not an error of the caller's or ours: the result says review and
		// the run record says why; the plan held is kept for an admin.
		if h := fusion.Held; h != nil {
			e.keep = e.kept(groupmem.PlanHeld, h, after(in.Messages, h.Run.NewWatermark)+e.res.Pending)
		}
		_, _ = e.fail(ctx, groupmem.RunReview, groupmem.FailReview, err)
		return e.res, nil
	}
	if err != nil {
		return e.fail(ctx, groupmem.RunFailed, groupmem.FailReason(err, groupmem.FailInternal), fmt.Errorf("fuse: %w", err))
	}
	return e.apply(ctx, plan)
}

// evolving is one begun run on its way: its record, its result so far,
// and the logger whose lines carry its ids.
type evolving struct {
	s   *Service
	run groupmem.Run
	o   Options
	now time.Time
	log *slog.Logger
	res Result
	// keep is the plan the run's end keeps, for a dry run or a run held
	// for review.
	keep *groupmem.KeptPlan
}

// kept is the plan of this run to keep with status, which leaves pending
// messages past its watermark.
func (e *evolving) kept(status groupmem.PlanStatus, plan *groupmem.Plan, pending int) *groupmem.KeptPlan {
	return &groupmem.KeptPlan{ID: e.run.ID, GroupID: e.run.GroupID, Status: status,
		NewWatermark: plan.Run.NewWatermark, Messages: plan.Run.Messages, Pending: pending, Stats: plan.Run.Stats,
		Writes: plan.Writes}
}

// after counts the messages of msgs past seq.
func after(msgs []groupmem.Message, seq int64) int {
	n := 0
	for _, m := range msgs {
		if m.Seq > seq {
			n++
		}
	}
	return n
}

// ended fills the result's plan id and expiry when the run's plan was
// kept.
func (e *evolving) ended(kept bool) {
	if kept && e.keep != nil {
		e.res.PlanID, e.res.PlanExpires = e.keep.ID, e.keep.ExpiresAt
	}
}

// fail ends the run without applying anything. The record keeps the
// watermark the run began with (nothing else was committed) and the
// reason, from the closed list of groupmem.FailReasons; a run whose
// context ended says why it ended instead. It fused no message: the record
// and the result say 0 messages, and the messages it read are counted
// with those still past the watermark (Report.Pending, Result.Pending),
// which the next run reads again.
func (e *evolving) fail(ctx context.Context, status groupmem.RunStatus, reason string, err error) (Result, error) {
	read := e.res.Messages
	e.run.Status = status
	e.run.NewWatermark = e.run.Watermark
	e.run.Messages, e.res.Messages = 0, 0
	e.res.Pending += read
	e.run.Report.Pending, e.run.Report.Skipped = e.res.Pending, e.res.Skipped
	if cause := context.Cause(ctx); ctx.Err() != nil && cause != nil {
		if _, lost := errors.AsType[*groupmem.Error](cause); lost {
			reason = groupmem.FailLeaseLost
		} else if reason != groupmem.FailReview {
			reason = groupmem.FailCancelled
		}
		if !errors.Is(err, cause) {
			err = fmt.Errorf("%w (%v)", err, cause)
		}
	}
	e.run.Report.Reason = reason
	err = runFailure(err)
	var keep *groupmem.KeptPlan
	if status == groupmem.RunReview {
		keep = e.keep
	}
	e.ended(e.s.end(ctx, e.run, err, keep))
	e.res.Status, e.res.Report = status, e.run.Report
	e.log.WarnContext(ctx, "evolution did not apply", "status", status, "reason", reason, "messages_read", read, "err", err)
	return e.res, err
}

// runFailure is err as the caller of a begun run sees it: busy, stale,
// conflict and unavailable keep their codes; any other failure of a run
// (an answer, embedder or ledger that refused the run's own data) is
// nothing the caller did, and is EINTERNAL, keeping err's message.
func runFailure(err error) error {
	switch groupmem.ErrorCode(err) {
	case groupmem.EBUSY, groupmem.ESTALE, groupmem.ECONFLICT, groupmem.EUNAVAILABLE, groupmem.EINTERNAL:
		return err
	}
	return groupmem.WrapError(groupmem.EINTERNAL, groupmem.ErrorMessage(err), err)
}

// load reads what the run fuses, from the ledger: every active memory,
// the messages past the watermark and the recent manual strength changes.
// With no new message it ends the run as a noop and returns nil.
//
// The memories and the manual changes are read while the messages are
// read and counted, each read on its own, as they were one after the
// other before: every read begins after the run took its fence, so each
// sees every commit to the group made before it, and any commit made
// after it by another run makes this run's own commit fail (ESTALE). A
// failure is reported as if the reads had run in turn: memories,
// messages, counts, manual changes.
func (e *evolving) load(ctx context.Context) (*evolve.Input, error) {
	s, run, group := e.s, &e.run, e.run.GroupID
	var memories []groupmem.Memory
	var moderated map[string]time.Time
	var memErr, modErr error
	var wg sync.WaitGroup
	wg.Go(func() { memories, memErr = s.activeMemories(ctx, group) })
	wg.Go(func() { moderated, modErr = s.moderated(ctx, group) })
	msgs, msgErr := s.newMessages(ctx, *run, e.o, e.now)
	var countErr error
	if msgErr == nil {
		if len(msgs) > 0 {
			run.NewWatermark = max(run.Watermark, msgs[len(msgs)-1].Seq)
		}
		e.res.Skipped, e.res.Pending, countErr = s.leftOut(ctx, *run, e.o, len(msgs))
	}
	wg.Wait()
	var err error
	switch {
	case memErr != nil:
		err = fmt.Errorf("load memories: %w", memErr)
	case msgErr != nil:
		err = fmt.Errorf("load messages: %w", msgErr)
	case countErr != nil:
		err = fmt.Errorf("count messages: %w", countErr)
	}
	if memErr != nil || msgErr != nil {
		// No message counts as read (nor skipped, nor pending) when the
		// memories or the messages could not be.
		e.res.Skipped, e.res.Pending = 0, 0
	} else {
		e.res.Messages = len(msgs)
	}
	if err != nil {
		_, err = e.fail(ctx, groupmem.RunFailed, groupmem.FailLoad, err)
		return nil, err
	}
	if len(msgs) == 0 {
		run.Status = groupmem.RunNoop
		run.Report.Pending = e.res.Pending
		s.finish(ctx, *run, nil)
		e.res.Status = groupmem.RunNoop
		e.res.Stats.Kept = len(memories)
		e.log.InfoContext(ctx, "no new messages", "older_than_look_back", e.res.Pending)
		return nil, nil
	}
	if e.res.Skipped > 0 {
		e.log.WarnContext(ctx, "messages older than the look-back are left out", "skipped", e.res.Skipped, "days", e.o.Days)
	}
	run.Messages = len(msgs)
	if modErr != nil {
		_, err = e.fail(ctx, groupmem.RunFailed, groupmem.FailLoad, fmt.Errorf("load manual changes: %w", modErr))
		return nil, err
	}
	return &evolve.Input{Log: e.log, Run: *run, Memories: memories, Messages: msgs, Now: e.now,
		Moderated: moderated}, nil
}

// apply embeds the new versions of plan and commits it with the run's
// fence (a dry run records itself instead), then projects it onto the
// index.
func (e *evolving) apply(ctx context.Context, plan *groupmem.Plan) (Result, error) {
	s, run := e.s, e.run
	ectx, span := telemetry.Child(ctx, spanEmbed, trace.WithAttributes(telemetry.Texts.Int(len(plan.New))))
	embedded, err := s.embedCounting(ectx, plan.New)
	if endSpan(span, err); err != nil {
		return e.fail(ctx, groupmem.RunFailed, groupmem.FailEmbed, fmt.Errorf("embed: %w", err))
	}
	if embedded > 0 {
		plan.Run.Tokens.Embedding += embedded
		plan.Run.Tokens = s.cfg.Prices.Priced(plan.Run.Tokens)
		run.Tokens, e.run.Tokens, e.res.Tokens = plan.Run.Tokens, plan.Run.Tokens, plan.Run.Tokens
	}
	e.res.Changes, e.res.New = plan.Changes, plan.New
	if e.o.DryRun {
		e.keep = e.kept(groupmem.PlanPreview, plan, e.res.Pending)
		run.Status = groupmem.RunDryRun
		run.NewWatermark = run.Watermark
		e.ended(s.end(ctx, run, nil, e.keep))
		e.res.Status = groupmem.RunDryRun
		return e.res, nil
	}
	cctx, span := telemetry.Child(ctx, spanCommit, trace.WithAttributes(telemetry.Versions.Int(len(plan.New))))
	err = s.ledger.CommitPlan(cctx, plan)
	if endSpan(span, err); err != nil {
		reason := groupmem.FailCommit
		if groupmem.ErrorCode(err) == groupmem.ESTALE {
			reason = groupmem.FailLeaseLost
		}
		return e.fail(ctx, groupmem.RunFailed, reason, fmt.Errorf("commit: %w", err))
	}
	s.observe(plan.Run)
	res := &e.res
	res.Status, res.Changes, res.New = groupmem.RunSucceeded, plan.Changes, plan.New
	e.log.InfoContext(ctx, "evolved", "messages", run.Messages, "kept", res.Stats.Kept, "updated", res.Stats.Updated,
		"created", res.Stats.Created, "deleted", res.Stats.Deleted, "passes", res.Passes,
		"prompt_tokens", res.Tokens.Prompt, "completion_tokens", res.Tokens.Completion)
	pctx, span := telemetry.Child(ctx, spanProject)
	s.project(pctx, plan)
	span.End()
	return e.res, nil
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
	if lookBack(run, o) {
		since = now.AddDate(0, 0, -o.Days)
	}
	if o.Reprocess {
		after = 0
	}
	return s.ledger.MessagesSince(ctx, run.GroupID, after, since, s.cfg.MaxRunMessages)
}

// lookBack reports whether run reads only the messages of the last
// o.Days days: a group's first run, or a reprocessing one, given days.
func lookBack(run groupmem.Run, o Options) bool {
	return o.Days > 0 && (run.Watermark == 0 || o.Reprocess)
}

// leftOut counts what a run with fused messages up to run.NewWatermark
// leaves: the messages past the watermark that the look-back bound skips,
// and those still past the new watermark. A run that read fewer than
// MaxRunMessages with no look-back read every message past the watermark
// that was committed when it read them: it leaves none pending, and asks
// the ledger nothing (a message committed since is the next run's).
func (s *Service) leftOut(ctx context.Context, run groupmem.Run, o Options, fused int) (skipped, pending int, err error) {
	if fused > 0 && fused < s.cfg.MaxRunMessages && !lookBack(run, o) {
		return 0, 0, nil
	}
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
	_, err := s.embedCounting(ctx, mems)
	return err
}

// embedCounting is embed, and the tokens the embedder's service reported
// (0 for an embedder that does not count them: groupmem.CountingEmbedder).
func (s *Service) embedCounting(ctx context.Context, mems []groupmem.Memory) (int, error) {
	if len(mems) == 0 {
		return 0, nil
	}
	texts := make([]string, len(mems))
	for i, m := range mems {
		texts[i] = m.Statement
	}
	var vecs [][]float32
	var tokens int
	var err error
	if c, ok := s.embedder.(groupmem.CountingEmbedder); ok {
		vecs, tokens, err = c.EmbedCounting(ctx, texts)
	} else {
		vecs, err = s.embedder.Embed(ctx, texts)
	}
	if err != nil {
		return 0, err
	}
	if len(vecs) != len(mems) {
		return 0, groupmem.Errorf(groupmem.EUNAVAILABLE, "embedder returned %d vectors for %d texts", len(vecs), len(mems))
	}
	for i := range mems {
		mems[i].Embedding = vecs[i]
	}
	return tokens, nil
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
