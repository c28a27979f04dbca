package worker

import (
	"context"
	"fmt"
	"slices"

	"github.com/groupmem/groupmem"
)

// markForReview writes, in one commit with a fresh fencing token, a new
// version of every active memory of group g that still cites message id:
// the same statement and embedding, the message left out of its evidence,
// tagged groupmem.TagReview, with a change saying why; the old version is
// superseded and stays in history. A memory that no longer cites the
// message is left alone, so calling it again (after a crash between the
// redaction and this step) finishes what is left. The caller holds the
// group's lock. It returns the ids of the versions written.
func (s *Service) markForReview(ctx context.Context, g, id, actor string) ([]string, error) {
	var citing []string
	for offset := 0; ; {
		page, err := s.ledger.Memories(ctx, groupmem.MemoryQuery{GroupID: g, Status: groupmem.StatusActive, Limit: 500, Offset: offset})
		if err != nil {
			return nil, fmt.Errorf("read active memories: %w", err)
		}
		for _, m := range page.Memories {
			if slices.Contains(m.Evidence, id) {
				citing = append(citing, m.ID)
			}
		}
		offset += len(page.Memories)
		if len(page.Memories) == 0 || offset >= page.Total {
			break
		}
	}
	if len(citing) == 0 {
		return nil, nil
	}
	run, err := s.ledger.BeginRun(ctx, groupmem.BeginRunParams{GroupID: g, Trigger: groupmem.TriggerAdmin, Actor: actor})
	if err != nil {
		return nil, err
	}
	olds, err := s.ledger.MemoriesByID(ctx, citing) // with their embeddings
	if err != nil {
		run.Status = groupmem.RunFailed
		s.finish(ctx, run, err)
		return nil, err
	}
	plan := reviewPlan(run, olds, id, actor)
	if err := s.ledger.CommitPlan(ctx, plan); err != nil {
		run.Status = groupmem.RunFailed
		s.finish(ctx, run, err)
		return nil, err
	}
	s.observe(plan.Run)
	s.project(ctx, plan)
	ids := make([]string, len(plan.New))
	for i, m := range plan.New {
		ids[i] = m.ID
	}
	return ids, nil
}

// reviewPlan is the plan of markForReview: for each active version old
// citing message id, a new version on top of it without the message.
func reviewPlan(run groupmem.Run, olds []groupmem.Memory, id, actor string) *groupmem.Plan {
	plan := &groupmem.Plan{Run: run}
	why := fmt.Sprintf("message %s it rested on was redacted; to review", id)
	for _, old := range olds {
		nm := old
		nm.ID, nm.ParentID, nm.Version, nm.Status = groupmem.NewID(), old.ID, old.Version+1, groupmem.StatusActive
		nm.Evidence = slices.DeleteFunc(slices.Clone(old.Evidence), func(e string) bool { return e == id })
		if !slices.Contains(old.Tags, groupmem.TagReview) {
			nm.Tags = append(slices.Clone(old.Tags), groupmem.TagReview)
		}
		nm.ChangeSummary = why
		plan.New = append(plan.New, nm)
		plan.Transitions = append(plan.Transitions, groupmem.Transition{MemoryID: old.ID, From: groupmem.StatusActive, To: groupmem.StatusSuperseded})
		plan.Changes = append(plan.Changes, groupmem.Change{Action: groupmem.ActionUpdate, MemoryID: old.ID, NewMemoryID: nm.ID,
			OldStatement: old.Statement, NewStatement: nm.Statement, Reason: why, Version: nm.Version, Actor: actor})
	}
	plan.Run.Stats.Updated = len(plan.New)
	return plan
}
