package evolve

import (
	"fmt"
	"slices"
	"strings"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/prompts"
)

// Plan returns what the run writes, given the run record begun by the
// ledger: the run's changes as new versions, transitions and change-log
// rows, all stamped with the time given to newState, run.ID and run.Actor.
// The returned plan's Run is run with GroupID, PromptVersion, Messages (the
// messages shown in applied passes), Stats and Report filled in; the worker
// adds embeddings, status, watermark, tokens and finish time.
//
// A memory touched in several passes yields at most one change, judged on
// where the run left it against where it began:
//
//   - updated once or more: one new version with the final statement,
//     Version = parent's + 1, ParentID = the committed version, the same
//     LineageID, Tags and Strength, ChangeSummary = the update reasons in
//     order, Evidence = the cited messages (latest pass first) followed by
//     the parent's; the parent goes active -> superseded.
//   - updated back to the statement it began with: kept, nothing written.
//   - deleted (whether or not updated before): the committed version goes
//     active -> deprecated; no new version.
//   - created (and perhaps updated later): one version 1 with its own id as
//     LineageID, no parent, DefaultStrength, the final statement.
//   - created and deleted again: nothing.
//
// Stats count the group's memories: Kept + Updated + Deleted is the number
// of memories given to newState; Created the new lineages. Every new
// version passes groupmem.CleanMemory (embedding aside); each parent is
// transitioned exactly once and no lineage gets two active versions.
//
// plan does not change the state; each call makes fresh version ids.
// After a pass was refused for review, plan returns that error (EREVIEW
// wrapping groupmem.ErrReview) and no plan. EINTERNAL means a bug: a version that
// fails CleanMemory.
func (s *state) plan(run groupmem.Run) (*groupmem.Plan, error) {
	if s.review != nil {
		return nil, s.review
	}
	return s.makePlan(run)
}

// held returns, after a pass was refused for review, the plan plan would
// have made had the guard let that pass through: the passes before it and
// that pass, as answered; no later pass was asked. Its report is the
// run's (the held pass's actions counted as held). Before any refusal it
// returns EINVALID: there is nothing held.
func (s *state) held(run groupmem.Run) (*groupmem.Plan, error) {
	if s.review == nil {
		return nil, groupmem.Errorf(groupmem.EINVALID, "no pass was held for review")
	}
	return s.makePlan(run)
}

// plan makes the plan of the state as it stands.
func (s *state) makePlan(run groupmem.Run) (*groupmem.Plan, error) {
	plan := &groupmem.Plan{}
	var stats groupmem.Stats
	change := func(c groupmem.Change) {
		c.GroupID, c.RunID, c.Actor, c.CreatedAt = s.groupID, run.ID, run.Actor, s.now
		plan.Changes = append(plan.Changes, c)
	}
	for i, e := range s.entries {
		initial := i < s.initial
		switch {
		case initial && e.deleted:
			stats.Deleted++
			plan.Transitions = append(plan.Transitions, groupmem.Transition{MemoryID: e.orig.ID, From: groupmem.StatusActive, To: groupmem.StatusDeprecated})
			change(groupmem.Change{Action: groupmem.ActionDelete, MemoryID: e.orig.ID, OldStatement: e.orig.Statement, Reason: e.delReason, Version: e.orig.Version})
		case initial && e.statement == e.orig.Statement:
			stats.Kept++
			if r := e.restrength; r != nil && *r != e.orig.Strength {
				strength := *r
				plan.Transitions = append(plan.Transitions, groupmem.Transition{MemoryID: e.orig.ID, From: groupmem.StatusActive,
					To: groupmem.StatusActive, Strength: &strength})
				change(groupmem.Change{Action: groupmem.ActionStrength, MemoryID: e.orig.ID, OldStatement: e.orig.Statement,
					NewStatement: e.orig.Statement, Version: e.orig.Version,
					Reason: fmt.Sprintf("strength %.2f → %.2f: %s", e.orig.Strength, strength, e.restrengthReason)})
			}
		case initial:
			stats.Updated++
			m, err := s.version(e, run.ID)
			if err != nil {
				return nil, err
			}
			plan.New = append(plan.New, m)
			plan.Transitions = append(plan.Transitions, groupmem.Transition{MemoryID: e.orig.ID, From: groupmem.StatusActive, To: groupmem.StatusSuperseded})
			change(groupmem.Change{Action: groupmem.ActionUpdate, MemoryID: e.orig.ID, NewMemoryID: m.ID, OldStatement: e.orig.Statement, NewStatement: m.Statement, Reason: m.ChangeSummary, Version: m.Version})
		case !e.deleted:
			stats.Created++
			m, err := s.version(e, run.ID)
			if err != nil {
				return nil, err
			}
			plan.New = append(plan.New, m)
			change(groupmem.Change{Action: groupmem.ActionCreate, MemoryID: m.ID, NewMemoryID: m.ID, NewStatement: m.Statement, Reason: m.ChangeSummary, Version: 1})
		}
	}
	run.GroupID = s.groupID
	run.PromptVersion = prompts.Version(s.cfg.Lang)
	run.Messages = s.messages
	run.Stats = stats
	run.Report = s.runReport()
	plan.Run = run
	return plan, nil
}

// version builds the new version an updated or created memory gets.
func (s *state) version(e *entry, runID string) (groupmem.Memory, error) {
	sep := "; "
	if s.cfg.Lang == prompts.LangZH {
		sep = "；"
	}
	m := groupmem.Memory{
		ID:            groupmem.NewID(),
		GroupID:       s.groupID,
		Statement:     e.statement,
		Version:       1,
		Status:        groupmem.StatusActive,
		Strength:      s.cfg.DefaultStrength,
		ChangeSummary: strings.Join(e.reasons, sep),
		Evidence:      e.evidence,
		RunID:         runID,
		CreatedAt:     s.now,
		UpdatedAt:     s.now,
	}
	m.LineageID = m.ID
	if p := e.orig; p.ID != "" {
		m.LineageID, m.ParentID, m.Version = p.LineageID, p.ID, p.Version+1
		m.Tags, m.Strength = slices.Clone(p.Tags), p.Strength
		m.Evidence = append(slices.Clone(e.evidence), p.Evidence...)
		m.Subjects = slices.Clone(p.Subjects)
	}
	if e.subjects != nil {
		m.Subjects = slices.Clone(e.subjects)
	}
	if e.strength != nil {
		m.Strength = *e.strength
	}
	if e.tags != nil {
		m.Tags = slices.Clone(e.tags)
	}
	clean, err := groupmem.CleanMemory(m)
	if err != nil {
		return m, groupmem.WrapError(groupmem.EINTERNAL, fmt.Sprintf("plan version of memory %s", m.LineageID), err)
	}
	return clean, nil
}
