// Package llmfuse is the model-driven evolver: a groupmem.Fuser that asks a
// language model each pass of an evolution and takes nothing of an answer
// on trust. It renders a pass's prompt (package prompts), calls the model,
// and reads the answer with Parse, which repairs what it can and counts
// what it cannot; package evolve then validates the actions, as it does
// every Fuser's.
package llmfuse

import (
	"context"
	"errors"
	"fmt"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/prompts"
)

// Model is a chat model: one system and one user message in, one answer
// out. llm.Chat implements it.
type Model interface {
	// Ask returns the answer with every request it took (status, wait,
	// tokens); on error the reply still holds the attempts made.
	Ask(ctx context.Context, system, user string) (groupmem.Reply, error)
	// Model names the model; it is recorded on every run.
	Model() string
}

// Fuser fuses through a language model: it asks the model a pass's
// prompt and reads the answer with Parse, which repairs
// what it can and counts what it cannot. The rest (asking again, splitting
// a cut answer, validation, the deletion guard) is evolve.Fuse's, the same
// for every Fuser.
type Fuser struct {
	model Model
	cfg   Config
}

var _ groupmem.Fuser = (*Fuser)(nil)

// New returns a fuser asking model, reading its answers by the limits of
// cfg (MaxAnswerBytes, MaxObjectBytes) and recording the prompt version of
// cfg.Lang. EINVALID names a bad setting of cfg.
func New(model Model, cfg Config) (*Fuser, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	if model == nil {
		return nil, groupmem.Errorf(groupmem.EINVALID, "no model given")
	}
	return &Fuser{model: model, cfg: cfg}, nil
}

// Model implements groupmem.Fuser.
func (f *Fuser) Model() string { return f.model.Model() }

// PromptVersion implements groupmem.Fuser.
func (f *Fuser) PromptVersion() string { return prompts.Version(f.cfg.Lang) }

// Fuse implements groupmem.Fuser: one model call with p's prompt (see
// prompt), its answer parsed. A model that cannot be reached, or that rejects our
// credentials, fails with the code the model client gave it
// (EUNAVAILABLE: the operator's problem, never the caller's) and the
// reason groupmem.FailModel, or FailCancelled when ctx ended. The answer
// carries the call's tokens and attempts also then.
func (f *Fuser) Fuse(ctx context.Context, p groupmem.Pass) (groupmem.Answer, error) {
	system, user, err := f.prompt(p)
	if err != nil {
		return groupmem.Answer{}, err
	}
	reply, err := f.model.Ask(ctx, system, user)
	cost := groupmem.Answer{Tokens: reply.Tokens, Attempts: reply.Attempts, Calls: 1}
	if err != nil {
		return cost, modelError(err)
	}
	ans, err := Parse(ctx, reply.Text, reply.Finish, f.cfg)
	if err != nil {
		return cost, groupmem.Failure(groupmem.FailCancelled, fmt.Errorf("parse the answer: %w", err))
	}
	ans.Tokens, ans.Attempts, ans.Calls = cost.Tokens, cost.Attempts, cost.Calls
	logAnswer(ctx, p, reply, ans)
	return ans, nil
}

// prompt renders pass p in the configured language and zone: the
// instructions, the memories and the messages, and on a pass asked again
// (p.Asked > 0) the reminder of the answer's form.
func (f *Fuser) prompt(p groupmem.Pass) (system, user string, err error) {
	system, user, err = prompts.Render(prompts.ForPass(p, f.cfg.Lang, f.cfg.Location))
	if err != nil {
		return "", "", fmt.Errorf("render the prompt of pass %d: %w", p.N, err)
	}
	if p.Asked > 0 {
		user += prompts.Reask(f.cfg.Lang)
	}
	return system, user, nil
}

func logAnswer(ctx context.Context, p groupmem.Pass, reply groupmem.Reply, ans groupmem.Answer) {
	if p.Log == nil {
		return
	}
	rep := ans.Report
	p.Log.InfoContext(ctx, "model answer", "pass", p.N, "asked", p.Asked, "messages", len(p.Messages), "memories", len(p.Memories),
		"attempts", len(reply.Attempts), "prompt_tokens", reply.Tokens.Prompt, "completion_tokens", reply.Tokens.Completion,
		"finish", reply.Finish, "lines", rep.Lines, "actions", rep.Parsed, "repaired", rep.Repaired,
		"dropped", groupmem.Total(rep.Drops), "ignored", groupmem.Total(rep.Ignored))
}

// modelError marks a failed model call with the reason its run records.
// Its code is the one the model client gave it where the error entered
// (package llm: EUNAVAILABLE for whatever the model refused or failed).
func modelError(err error) error {
	reason := groupmem.FailModel
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		reason = groupmem.FailCancelled
	}
	return groupmem.Failure(reason, fmt.Errorf("model call: %w", err))
}
