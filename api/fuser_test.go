package api_test

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/groupmem/groupmem"
)

// scriptFuser stands in for the model: it reads instructions from the
// messages of each pass, one per message, and answers exactly those
// actions (ended by a keep of everything else):
//
//	create: <statement>
//	update: <old statement> => <new statement>
//	delete: <statement>
//	review                      (a guard refuses the result)
//	fail                        (the model is unreachable; with failures set)
//	crash                       (an unexpected error; with failures set)
//	hold                        (waits until hold is closed, or fails when the run's context ends first)
//
// Any other message changes nothing. Like a model's, every answer has a
// line that needed repair and one naming a memory the pass did not show
// (dropped); they pass the same validation, guard and plan.
type scriptFuser struct {
	failures bool
	hold     chan struct{}
}

func (scriptFuser) Model() string         { return "script" }
func (scriptFuser) PromptVersion() string { return "script-1" }

func (s scriptFuser) Fuse(ctx context.Context, p groupmem.Pass) (groupmem.Answer, error) {
	alias := make(map[string]string)
	for _, m := range p.Memories {
		alias[m.Statement] = m.Alias
	}
	n := len(p.Messages)
	ans := groupmem.Answer{Calls: 1, Tokens: groupmem.Tokens{Prompt: 100 * n, Completion: 10 * n},
		Actions: []groupmem.Action{{Kind: groupmem.ActionDelete, Alias: "M999", Reason: "invented", Repaired: true}}}
	for i, msg := range p.Messages {
		ref := []string{fmt.Sprintf("m%d", i+1)}
		cmd, arg, _ := strings.Cut(msg.Content, ":")
		arg = strings.TrimSpace(arg)
		switch strings.TrimSpace(cmd) {
		case "create":
			ans.Actions = append(ans.Actions, groupmem.Action{Kind: groupmem.ActionCreate, Statement: arg, Reason: "seen in chat",
				Tags: []string{"habit"}, Evidence: ref})
		case "update":
			oldS, newS, _ := strings.Cut(arg, "=>")
			if a, ok := alias[strings.TrimSpace(oldS)]; ok {
				ans.Actions = append(ans.Actions, groupmem.Action{Kind: groupmem.ActionUpdate, Alias: a,
					Statement: strings.TrimSpace(newS), Reason: "clarified", Evidence: ref})
			}
		case "delete":
			if a, ok := alias[arg]; ok {
				ans.Actions = append(ans.Actions, groupmem.Action{Kind: groupmem.ActionDelete, Alias: a, Reason: "no longer true"})
			}
		case "review":
			return ans, groupmem.ErrReview
		case "fail":
			if s.failures {
				return ans, groupmem.Errorf(groupmem.EUNAVAILABLE, "the model cannot be reached")
			}
		case "hold":
			select {
			case <-s.hold:
			case <-ctx.Done():
				return ans, groupmem.WrapError(groupmem.EUNAVAILABLE, "the model call was cancelled", ctx.Err())
			}
		case "crash":
			if s.failures {
				return ans, errors.New("the model client crashed")
			}
		}
	}
	ans.Actions = append(ans.Actions, groupmem.Action{Kind: groupmem.ActionKeep})
	for i := range ans.Actions {
		ans.Actions[i].Line = i + 1
	}
	k := len(ans.Actions)
	ans.Report = groupmem.Report{Answers: 1, Lines: k, Entries: k, Parsed: k, Repaired: 1, Finish: "stop"}
	return ans, nil
}
