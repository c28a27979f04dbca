package worker

import (
	"context"
	"errors"
	"fmt"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/evolve"
	"github.com/groupmem/groupmem/prompts"
)

// Model is a chat model: one system and one user message in, one answer
// out. llm.Chat implements it.
type Model interface {
	// Ask returns the answer's text, its finish reason ("stop", "length",
	// ...) and the tokens it cost.
	Ask(ctx context.Context, system, user string) (text, finishReason string, tokens groupmem.Tokens, err error)
	// Model names the model; it is recorded on every run.
	Model() string
}

// LLMFuser fuses through a language model: one pass per batch of messages
// within the budget of evolve.Config, each pass on the previous one's
// result; every answer is parsed, repaired and validated by package evolve
// before anything of it counts.
type LLMFuser struct {
	model Model
	cfg   evolve.Config
}

var _ Fuser = (*LLMFuser)(nil)

// NewLLMFuser returns a fuser asking model, or EINVALID naming a bad
// setting of cfg.
func NewLLMFuser(model Model, cfg evolve.Config) (*LLMFuser, error) {
	cfg, err := cfg.WithDefaults()
	if err != nil {
		return nil, err
	}
	if model == nil {
		return nil, groupmem.Errorf(groupmem.EINVALID, "no model given")
	}
	return &LLMFuser{model: model, cfg: cfg}, nil
}

// Model implements Fuser.
func (f *LLMFuser) Model() string { return f.model.Model() }

// PromptVersion implements Fuser.
func (f *LLMFuser) PromptVersion() string { return prompts.Version(f.cfg.Lang) }

// Fuse implements Fuser. A model that cannot be reached, or that rejects
// our credentials, fails the run with EUNAVAILABLE: that is the operator's
// problem, never the caller's. A pass the deletion guard refuses ends the
// fusion with ErrReview. The returned Fusion carries the report and tokens
// so far also when it fails.
func (f *LLMFuser) Fuse(ctx context.Context, in FuseInput) (Fusion, error) {
	st, err := evolve.NewState(in.GroupID, in.Memories, f.cfg, in.Now)
	if err != nil {
		return Fusion{}, err
	}
	var out Fusion
	for _, batch := range st.Batches(in.Messages) {
		pass, err := st.Pass(batch)
		if err != nil {
			return f.partial(st, out), fmt.Errorf("pass %d: %w", out.Passes+1, err)
		}
		text, finish, tokens, err := f.model.Ask(ctx, pass.System, pass.User)
		out.Passes++
		out.Tokens.Prompt += tokens.Prompt
		out.Tokens.Completion += tokens.Completion
		if err != nil {
			return f.partial(st, out), modelError(out.Passes, err)
		}
		actions, rep := evolve.Parse(text, finish)
		if in.Log != nil {
			in.Log.DebugContext(ctx, "model pass", "pass", out.Passes, "messages", pass.Messages, "memories", pass.Memories,
				"prompt_tokens", tokens.Prompt, "completion_tokens", tokens.Completion, "finish", finish,
				"lines", rep.Lines, "parsed", rep.Parsed, "repaired", rep.Repaired, "dropped", len(rep.Dropped))
		}
		if err := st.Apply(pass, actions, rep); err != nil {
			if errors.Is(err, evolve.ErrReview) {
				return f.partial(st, out), fmt.Errorf("%w: %w", ErrReview, err)
			}
			return f.partial(st, out), fmt.Errorf("pass %d: %w", out.Passes, err)
		}
	}
	plan, err := st.Plan(groupmem.Run{GroupID: in.GroupID})
	if err != nil {
		return f.partial(st, out), err
	}
	out.New, out.Transitions, out.Changes = plan.New, plan.Transitions, plan.Changes
	out.Stats, out.Report = plan.Run.Stats, plan.Run.Report
	out.Report.Passes = out.Passes
	return out, nil
}

// partial is what a fusion that stopped early reports.
func (f *LLMFuser) partial(st *evolve.State, out Fusion) Fusion {
	out.Report = st.Report()
	out.Report.Passes = out.Passes
	return out
}

// modelError keeps the model's own failure out of the caller's error
// vocabulary: an authentication or request error of the model call is the
// operator's to fix, so it becomes EUNAVAILABLE.
func modelError(pass int, err error) error {
	switch groupmem.ErrorCode(err) {
	case groupmem.EUNAUTH, groupmem.EFORBIDDEN, groupmem.EINVALID, groupmem.ETOOLARGE, groupmem.EINTERNAL:
		return groupmem.WrapError(groupmem.EUNAVAILABLE, fmt.Sprintf("the model call of pass %d failed: %s", pass, groupmem.ErrorMessage(err)), err)
	}
	return fmt.Errorf("model call of pass %d: %w", pass, err)
}
