package worker

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/groupmem/groupmem"
)

// ManualMemory is a memory written by hand: its statement and, optionally,
// tags, strength and why it was written or changed.
type ManualMemory struct {
	Statement string
	Tags      []string // nil keeps the tags of the version edited
	Subjects  []string // the members it is about (sender ids the caller checked); nil keeps those of the version edited
	Strength  *float64 // nil: 1 for a new memory, the edited version's for an edit
	Reason    string   // the change summary; "" for a default that says it was written by hand
}

// ManualStrength is the strength of a memory created by hand when none is
// given: a moderator asserted it.
const ManualStrength = 1.0

// Create writes a new memory of group g by hand: version 1 of a new
// lineage, active, embedded, recorded in the change log as a create by
// actor. EINVALID for a bad group, statement or strength; EBUSY while the
// group is being evolved.
func (s *Service) Create(ctx context.Context, g, actor string, in ManualMemory) (groupmem.Memory, error) {
	if err := groupmem.CheckGroupID(g); err != nil {
		return groupmem.Memory{}, err
	}
	m := groupmem.Memory{ID: groupmem.NewID(), GroupID: g, Version: 1, Status: groupmem.StatusActive,
		Statement: in.Statement, Tags: in.Tags, Subjects: in.Subjects, Strength: ManualStrength,
		ChangeSummary: cmp.Or(in.Reason, "written by hand")}
	m.LineageID = m.ID
	if in.Strength != nil {
		m.Strength = *in.Strength
	}
	m, err := groupmem.CleanMemory(m)
	if err != nil {
		return groupmem.Memory{}, err
	}
	return s.manualIn(ctx, g, m.ID, actor, func(ctx context.Context, run groupmem.Run) (*groupmem.Plan, error) {
		m.RunID = run.ID
		run.Stats.Created = 1
		return &groupmem.Plan{
			Run: run,
			Writes: groupmem.Writes{
				New: []groupmem.Memory{m},
				Changes: []groupmem.Change{{Action: groupmem.ActionCreate, MemoryID: m.ID, NewMemoryID: m.ID,
					NewStatement: m.Statement, Reason: m.ChangeSummary, Version: 1}},
			},
		}, nil
	})
}

// Edit writes a new version of the active version id by hand: its parent
// is id, which becomes superseded; tags and strength carry over unless
// given; evidence carries over. The change log records an update by actor.
// ECONFLICT when id is not the active version (the message names the
// version that is); an edit that changes nothing writes nothing and
// returns id.
func (s *Service) Edit(ctx context.Context, id, actor string, in ManualMemory) (groupmem.Memory, error) {
	st, err := groupmem.CleanStatement(in.Statement)
	if err != nil {
		return groupmem.Memory{}, err
	}
	if in.Strength != nil {
		if err := groupmem.CheckStrength(*in.Strength); err != nil {
			return groupmem.Memory{}, err
		}
	}
	return s.manual(ctx, id, actor, func(old groupmem.Memory, run groupmem.Run) (*groupmem.Plan, error) {
		if old.Status != groupmem.StatusActive {
			return nil, s.notCurrent(ctx, old, "edited")
		}
		nm := old
		nm.ID, nm.ParentID, nm.Version, nm.Statement = groupmem.NewID(), old.ID, old.Version+1, st
		nm.ChangeSummary, nm.RunID, nm.Embedding = cmp.Or(in.Reason, "edited by hand"), run.ID, nil
		nm.Tags, nm.Evidence = slices.Clone(old.Tags), slices.Clone(old.Evidence)
		if in.Tags != nil {
			nm.Tags = in.Tags
		}
		if in.Subjects != nil {
			nm.Subjects = in.Subjects
		}
		if in.Strength != nil {
			nm.Strength = *in.Strength
		}
		nm, err := groupmem.CleanMemory(nm)
		if err != nil {
			return nil, err
		}
		if nm.Statement == old.Statement && slices.Equal(nm.Tags, old.Tags) && slices.Equal(nm.Subjects, old.Subjects) && nm.Strength == old.Strength {
			return nil, nil
		}
		if nm.Statement == old.Statement {
			nm.Embedding = old.Embedding // same text, same vector
		}
		run.Stats.Updated = 1
		return &groupmem.Plan{
			Run: run,
			Writes: groupmem.Writes{
				New:         []groupmem.Memory{nm},
				Transitions: []groupmem.Transition{{MemoryID: old.ID, From: groupmem.StatusActive, To: groupmem.StatusSuperseded}},
				Changes: []groupmem.Change{{Action: groupmem.ActionUpdate, MemoryID: old.ID, NewMemoryID: nm.ID,
					OldStatement: old.Statement, NewStatement: nm.Statement, Reason: nm.ChangeSummary, Version: nm.Version}},
			},
		}, nil
	})
}

// Current returns the current version of the memory whose lineage id (or
// any version's id) is id: the active version, or the newest one when the
// memory is deleted. ENOTFOUND for an unknown id.
func (s *Service) Current(ctx context.Context, id string) (groupmem.Memory, error) {
	lineage, err := s.ledger.Lineage(ctx, id)
	if err != nil {
		return groupmem.Memory{}, err
	}
	return s.ledger.Memory(ctx, lineage[len(lineage)-1].ID)
}

// notCurrent is the ECONFLICT for a change asked of a version that a later
// one replaced: it names the current version, so a caller holding an old
// id knows where the memory went.
func (s *Service) notCurrent(ctx context.Context, m groupmem.Memory, verb string) error {
	msg := fmt.Sprintf("memory %s is %s; only the current version of a memory can be %s", m.ID, m.Status, verb)
	if m.Status == groupmem.StatusSuperseded {
		if cur, err := s.Current(ctx, m.ID); err == nil {
			msg = fmt.Sprintf("memory %s is version %d, superseded by version %d (%s); act on that version or on lineage %s",
				m.ID, m.Version, cur.Version, cur.ID, m.LineageID)
		}
	}
	return groupmem.Errorf(groupmem.ECONFLICT, "%s", msg)
}
