package api

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/telemetry"
	"github.com/groupmem/groupmem/worker"
)

// EvolveAnswer is the answer of a synchronous evolution: the original
// spec's shape plus the run's id, status and what it read, and each
// change's evidence. `groupmem evolve -json` prints the same.
type EvolveAnswer struct {
	Success       bool               `json:"success"`
	GroupID       string             `json:"group_id"`
	RunID         string             `json:"run_id"`
	Status        string             `json:"status"`
	DryRun        bool               `json:"dry_run"`
	Message       string             `json:"message,omitempty"`
	EvolutionTime time.Time          `json:"evolution_time"`
	Messages      int                `json:"messages"`
	Skipped       int                `json:"skipped_messages"`
	Pending       int                `json:"pending_messages"`
	Stats         groupmem.Stats     `json:"stats"`
	Tokens        groupmem.Tokens    `json:"tokens"`
	Changes       []evolveChangeJSON `json:"changes"`
	// PlanID names the plan a dry run or a run held for review kept: POST
	// /memory/plans/{plan_id}/apply (or /approve, for a held one) commits
	// exactly it until PlanExpiresAt. For a run that applied a kept plan,
	// the plan it applied.
	PlanID        string     `json:"plan_id,omitempty"`
	PlanExpiresAt *time.Time `json:"plan_expires_at,omitempty"`
}

// Messages of the evolve answer by run status.
var evolveMessages = map[groupmem.RunStatus]string{
	groupmem.RunNoop:   "no new messages",
	groupmem.RunDryRun: "dry run: the changes were planned, nothing was applied",
	groupmem.RunReview: "the result needs review; nothing was applied (see the run's report)",
}

// evolveMessage says in words what a run did, and what it left for later.
func evolveMessage(res worker.Result) string {
	var parts []string
	if m := evolveMessages[res.Status]; m != "" {
		parts = append(parts, m)
	}
	if res.Skipped > 0 {
		parts = append(parts, fmt.Sprintf("%d messages older than the look-back were left out", res.Skipped))
	}
	if res.Pending > 0 {
		parts = append(parts, fmt.Sprintf("%d messages wait for the next run", res.Pending))
	}
	switch {
	case res.PlanID == "":
	case res.Status == groupmem.RunDryRun:
		parts = append(parts, fmt.Sprintf("POST /memory/plans/%s/apply commits exactly this plan until %s", res.PlanID,
			res.PlanExpires.UTC().Format(time.RFC3339)))
	case res.Status == groupmem.RunReview:
		parts = append(parts, fmt.Sprintf("an admin may approve or reject plan %s until %s", res.PlanID,
			res.PlanExpires.UTC().Format(time.RFC3339)))
	case res.Status == groupmem.RunSucceeded:
		parts = append(parts, "applied plan "+res.PlanID)
	}
	return strings.Join(parts, "; ")
}

// evolve answers POST /memory/evolve/{group_id}. Query: days (1..365; the
// look-back of a group's first run and of reprocessing, which requires it;
// absent: a first run fuses the group's whole backlog, in runs of the
// service's batch),
// dry_run, async, reprocess (admin keys only). Synchronous by default; with
// async=true it answers 202 once the run is recorded. EBUSY (409) when the
// group is being evolved.
func (h *Handler) evolve(w http.ResponseWriter, r *http.Request, c *call) error {
	g, err := groupParam(r)
	if err != nil {
		return err
	}
	p := params{q: c.query}
	o := worker.Options{
		Days: p.int("days", 0, 1, maxDays), DryRun: p.bool("dry_run"), Reprocess: p.bool("reprocess"),
		Trigger: groupmem.TriggerManual, Actor: c.key.Name,
	}
	async := p.bool("async")
	switch {
	case p.err != nil:
		return p.err
	case async && o.DryRun:
		return groupmem.Errorf(groupmem.EINVALID, "dry_run and async cannot be combined: a dry run's plan is only in its answer")
	case o.Reprocess && !c.key.Allows(ScopeAdmin):
		return groupmem.Errorf(groupmem.EFORBIDDEN, "reprocess needs an admin key")
	case o.Reprocess && o.Days == 0:
		return groupmem.Errorf(groupmem.EINVALID, "reprocess needs days: how many days of messages to fuse again")
	}
	if err := checkGroup(c.key, g, "group "+describe(g)); err != nil {
		return err
	}
	var body struct{}
	if _, err := readBody(w, r, smallBodyBytes, &body); err != nil {
		return err
	}
	if async {
		return h.evolveAsync(w, r, g, o)
	}
	ctx, cancel := context.WithTimeout(r.Context(), h.cfg.EvolveTimeout)
	defer cancel()
	_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(h.cfg.EvolveTimeout + 10*time.Second))
	res, err := h.d.Service.Evolve(ctx, g, o)
	if err != nil {
		return runError(res.RunID, err)
	}
	writeJSON(w, http.StatusOK, NewEvolveAnswer(res))
	return nil
}

// NewEvolveAnswer is the answer for what an evolution did.
func NewEvolveAnswer(res worker.Result) EvolveAnswer {
	return EvolveAnswer{
		Success: true, GroupID: res.GroupID, RunID: res.RunID, Status: string(res.Status), DryRun: res.DryRun,
		Message: evolveMessage(res), EvolutionTime: res.EvolvedAt.UTC(), Messages: res.Messages,
		Skipped: res.Skipped, Pending: res.Pending,
		Stats: res.Stats, Tokens: res.Tokens, Changes: evolveChangesOut(res), PlanID: res.PlanID,
		PlanExpiresAt: nullableTime(res.PlanExpires),
	}
}

// evolveAsync starts the evolution under Deps.Background and answers 202.
func (h *Handler) evolveAsync(w http.ResponseWriter, r *http.Request, g string, o worker.Options) error {
	// Bounded like a synchronous run, and ended with Background.
	ctx, cancel := context.WithTimeout(telemetry.Follow(h.d.Background, r.Context()), h.cfg.EvolveTimeout)
	job, err := h.d.Service.Start(ctx, g, o)
	if err != nil {
		cancel()
		return runError("", err)
	}
	h.jobs.Add(1)
	go func() {
		defer h.jobs.Done()
		defer cancel()
		if res, err := job.Wait(); err != nil {
			h.log.Warn("asynchronous evolution failed", "run_id", job.RunID, "group_id", g, "err", err)
		} else {
			h.log.Info("asynchronous evolution ended", "run_id", job.RunID, "group_id", g, "status", res.Status)
		}
	}()
	w.Header().Set("Location", "/memory/run/"+job.RunID)
	writeJSON(w, http.StatusAccepted, struct {
		Success bool   `json:"success"`
		GroupID string `json:"group_id"`
		RunID   string `json:"run_id"`
		Status  string `json:"status"`
	}{true, g, job.RunID, string(groupmem.RunRunning)})
	return nil
}

// runError makes an evolution's error answerable: its code is the one the
// worker gave it (a failed run blames the caller for nothing), and the
// caller learns the run's id, whose record says why it failed.
func runError(runID string, err error) error {
	code := groupmem.ErrorCode(err)
	if runID == "" {
		return err
	}
	msg := fmt.Sprintf("run %s did not apply: %s", runID, groupmem.ErrorMessage(err))
	return groupmem.WrapError(code, msg, &failedRun{id: runID, err: err})
}

// failedRun marks the error of an evolution whose run was recorded; its id
// is safe to show even when the rest of the error is not.
type failedRun struct {
	id  string
	err error
}

func (e *failedRun) Error() string { return "run " + e.id + ": " + e.err.Error() }
func (e *failedRun) Unwrap() error { return e.err }

// run answers GET /memory/run/{run_id}. A run of a group the key may not
// see is ENOTFOUND, like an unknown one.
func (h *Handler) run(w http.ResponseWriter, r *http.Request, c *call) error {
	id, err := idParam(r, "run_id")
	if err != nil {
		return err
	}
	run, err := h.d.Ledger.Run(r.Context(), id)
	if err == nil {
		err = checkGroup(c.key, run.GroupID, "run "+id)
	}
	if err != nil {
		if groupmem.ErrorCode(err) == groupmem.ENOTFOUND {
			return groupmem.Errorf(groupmem.ENOTFOUND, "run %s not found", id)
		}
		return err
	}
	writeJSON(w, http.StatusOK, struct {
		Success bool    `json:"success"`
		Run     runJSON `json:"run"`
	}{true, runOut(run)})
	return nil
}
