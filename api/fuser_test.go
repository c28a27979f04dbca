package api_test

import (
	"context"
	"errors"
	"strings"

	"github.com/groupmem/groupmem"
)

// scriptFuser stands in for the model: it reads instructions from the
// messages themselves, one per message, and plans exactly those changes.
//
//	create: <statement>
//	update: <old statement> => <new statement>
//	delete: <statement>
//	review                      (a guard refuses the result)
//	fail                        (the model is unreachable; with failures set)
//	crash                       (an unexpected error; with failures set)
//	hold                        (waits until hold is closed, or fails when the run's context ends first)
//
// Any other message changes nothing. Every active memory not touched is
// kept.
type scriptFuser struct {
	failures bool
	hold     chan struct{}
}

func (scriptFuser) Model() string         { return "script" }
func (scriptFuser) PromptVersion() string { return "script-1" }

func (s scriptFuser) Fuse(ctx context.Context, in groupmem.FuseInput) (groupmem.Fusion, error) {
	var f groupmem.Fusion
	byStatement := make(map[string]groupmem.Memory)
	for _, m := range in.Memories {
		byStatement[m.Statement] = m
	}
	touched := 0
	for _, msg := range in.Messages {
		cmd, arg, _ := strings.Cut(msg.Content, ":")
		arg = strings.TrimSpace(arg)
		switch strings.TrimSpace(cmd) {
		case "create":
			id := groupmem.NewID()
			f.New = append(f.New, groupmem.Memory{ID: id, LineageID: id, GroupID: in.GroupID, Statement: arg, Version: 1,
				Status: groupmem.StatusActive, Strength: 0.5, Tags: []string{"habit"}, ChangeSummary: "seen in chat",
				Evidence: []string{msg.ID}})
			f.Changes = append(f.Changes, groupmem.Change{Action: groupmem.ActionCreate, MemoryID: id, NewMemoryID: id,
				NewStatement: arg, Reason: "seen in chat", Version: 1})
			f.Stats.Created++
		case "update":
			oldS, newS, _ := strings.Cut(arg, "=>")
			old, ok := byStatement[strings.TrimSpace(oldS)]
			if !ok {
				continue
			}
			delete(byStatement, old.Statement)
			id := groupmem.NewID()
			newS = strings.TrimSpace(newS)
			f.New = append(f.New, groupmem.Memory{ID: id, LineageID: old.LineageID, GroupID: in.GroupID, Statement: newS,
				Version: old.Version + 1, ParentID: old.ID, Status: groupmem.StatusActive, Strength: old.Strength,
				ChangeSummary: "clarified", Evidence: []string{msg.ID}})
			f.Transitions = append(f.Transitions, groupmem.Transition{MemoryID: old.ID, From: groupmem.StatusActive, To: groupmem.StatusSuperseded})
			f.Changes = append(f.Changes, groupmem.Change{Action: groupmem.ActionUpdate, MemoryID: old.ID, NewMemoryID: id,
				OldStatement: old.Statement, NewStatement: newS, Reason: "clarified", Version: old.Version + 1})
			f.Stats.Updated++
			touched++
		case "delete":
			old, ok := byStatement[arg]
			if !ok {
				continue
			}
			delete(byStatement, old.Statement)
			f.Transitions = append(f.Transitions, groupmem.Transition{MemoryID: old.ID, From: groupmem.StatusActive, To: groupmem.StatusDeprecated})
			f.Changes = append(f.Changes, groupmem.Change{Action: groupmem.ActionDelete, MemoryID: old.ID,
				OldStatement: old.Statement, Reason: "no longer true", Version: old.Version})
			f.Stats.Deleted++
			touched++
		case "review":
			return f, groupmem.ErrReview
		case "fail":
			if s.failures {
				return f, groupmem.Errorf(groupmem.EUNAVAILABLE, "the model cannot be reached")
			}
		case "hold":
			select {
			case <-s.hold:
			case <-ctx.Done():
				return f, groupmem.WrapError(groupmem.EUNAVAILABLE, "the model call was cancelled", ctx.Err())
			}
		case "crash":
			if s.failures {
				return f, errors.New("the model client crashed")
			}
		}
	}
	f.Stats.Kept = len(in.Memories) - touched
	f.Passes = 1
	f.Tokens = groupmem.Tokens{Prompt: 100 * len(in.Messages), Completion: 10 * len(in.Messages)}
	f.Report = groupmem.Report{Passes: 1, Lines: len(in.Messages), Parsed: len(in.Messages), Repaired: 1,
		Dropped: []groupmem.Drop{{Line: 1, Reason: "unknown id", Text: "x"}}}
	return f, nil
}
