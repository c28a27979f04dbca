package ledger

import (
	"encoding/json"
	"slices"
	"strings"
	"time"

	"github.com/groupmem/groupmem"
)

// CheckFinish checks a run before FinishRun records its end: a valid run
// id and one of the statuses FinishRun records (noop, failed, review,
// dry_run; a succeeded run ends in CommitPlan), and a reason from
// groupmem.FailReasons, which a failed run must give. EINVALID otherwise.
func CheckFinish(run groupmem.Run) error {
	if err := groupmem.CheckID(run.ID); err != nil {
		return err
	}
	switch reason := run.Report.Reason; {
	case reason != "" && !slices.Contains(groupmem.FailReasons, reason):
		return groupmem.Errorf(groupmem.EINVALID, "run %s: %q is not one of the documented failure reasons (%s)",
			run.ID, groupmem.Truncate(reason, 40), strings.Join(groupmem.FailReasons, ", "))
	case reason == "" && run.Status == groupmem.RunFailed:
		return groupmem.Errorf(groupmem.EINVALID, "run %s failed without a reason; give one of %s", run.ID, strings.Join(groupmem.FailReasons, ", "))
	}
	switch run.Status {
	case groupmem.RunNoop, groupmem.RunFailed, groupmem.RunReview, groupmem.RunDryRun:
		return nil
	}
	return groupmem.Errorf(groupmem.EINVALID, "FinishRun records noop, failed, review or dry_run runs, not %q", groupmem.Truncate(string(run.Status), 40))
}

// NewRun is the record BeginRun writes for p at the time at, before the
// database gives it its fence and watermark: a fresh id, status running,
// the actor, trigger, model and prompt version cleaned. EINVALID for a bad
// group id.
func NewRun(p groupmem.BeginRunParams, at time.Time) (groupmem.Run, error) {
	if err := groupmem.CheckGroupID(p.GroupID); err != nil {
		return groupmem.Run{}, err
	}
	return groupmem.Run{
		ID:            groupmem.NewID(),
		GroupID:       p.GroupID,
		Trigger:       groupmem.CleanActor(p.Trigger),
		Actor:         groupmem.CleanActor(p.Actor),
		Status:        groupmem.RunRunning,
		Model:         groupmem.CleanActor(p.Model),
		PromptVersion: groupmem.CleanActor(p.PromptVersion),
		StartedAt:     at,
	}, nil
}

// CheckRunning checks a RunningRuns query: EINVALID for a bad group id or
// a negative age; ok is false when the query asks for no run at all.
func CheckRunning(q groupmem.RunningRunsQuery) (ok bool, err error) {
	if q.GroupID != "" {
		if err := groupmem.CheckGroupID(q.GroupID); err != nil {
			return false, err
		}
	}
	if q.MinAge < 0 {
		return false, groupmem.Errorf(groupmem.EINVALID, "the age of running runs must not be negative, got %s", q.MinAge)
	}
	return q.Limit > 0, nil
}

// NewPurge is the removal record PurgeGroup fills with the rows it
// deletes. EINVALID for a bad group id.
func NewPurge(groupID, actor string) (groupmem.Removal, error) {
	if err := groupmem.CheckGroupID(groupID); err != nil {
		return groupmem.Removal{}, err
	}
	return groupmem.Removal{GroupID: groupID, Kind: groupmem.RemovalPurge, Actor: groupmem.CleanActor(actor), Rows: map[string]int{}}, nil
}

// One returns the only memory a read of id found, or ENOTFOUND.
func One(mems []groupmem.Memory, id string) (groupmem.Memory, error) {
	if len(mems) == 0 {
		return groupmem.Memory{}, groupmem.Errorf(groupmem.ENOTFOUND, "memory %s not found", id)
	}
	return mems[0], nil
}

// PurgeTables are the ledger tables a purge removes a group's rows from,
// in the order it removes them. Before usage_days, both ledgers add the
// group's usage to the purged groups' (PurgedGroup), so that a purge
// changes no day's usage and no total.
var PurgeTables = []string{"memory_change_log", "outbox", "memory_versions", "plans", "evolution_jobs", "evolution_runs", "usage_days", "usage_groups", "group_members", "messages", "group_state"}

// TokensJSON encodes the tokens of run r for its record: its cost as an
// exact decimal of units (groupmem.Cost), which both ledgers' usage
// triggers read back to the nano-unit.
func TokensJSON(r groupmem.Run) ([]byte, error) {
	b, err := json.Marshal(r.Tokens)
	if err != nil {
		return nil, groupmem.Errorf(groupmem.EINVALID, "run %s: its tokens and cost cannot be encoded: %v", r.ID, err)
	}
	return b, nil
}
