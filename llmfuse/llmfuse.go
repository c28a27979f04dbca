// Package llmfuse is the model-driven evolver: a groupmem.Fuser that asks a
// language model, one pass per batch of messages, and takes nothing of an
// answer on trust (package evolve parses, repairs and validates it).
package llmfuse

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/evolve"
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

// Outcomes of one model attempt, as recorded in groupmem.Attempt.Outcome
// besides the run's failure reasons.
const (
	OutcomeApplied = "applied" // the answer was applied to its pass
	OutcomeReasked = "reasked" // it held no valid action; the pass was asked again
	OutcomeSplit   = "split"   // the token limit cut it; the pass was split in two and asked again
	OutcomeReview  = "review"  // the deletion guard held it for a person
)

// answerExcerpt is how much of an unusable answer a run record keeps.
const answerExcerpt = 400

// Fuser fuses through a language model: one pass per batch of messages
// within the budget of evolve.Config, each pass on the previous one's
// result; every answer is parsed, repaired and validated by package evolve
// before anything of it counts.
//
// An answer is never taken on trust, and a bad one never costs a message:
//
//   - An answer that holds no valid action line (prose only, empty, an
//     error page, JSON of another schema, a content filter's refusal) is
//     not applied: the pass is asked again, up to evolve.Config.Reasks
//     times, and then the fusion fails with groupmem.FailAnswerUnusable
//     (or FailContentFilter when the provider withheld the answer). The
//     run applies nothing and its messages wait for the next run.
//   - An answer cut by the token limit (finish reason "length") is never
//     applied, not even its complete lines, because the actions it did not
//     reach are lost: its pass is split in two and each half asked in
//     turn, up to evolve.Config.MaxSplits times deep; a pass of one
//     message that is still cut fails the fusion with FailAnswerCut.
//   - A lone {"action":"keep"}, or keep lines only, is a valid answer.
type Fuser struct {
	model Model
	cfg   evolve.Config
}

var _ groupmem.Fuser = (*Fuser)(nil)

// New returns a fuser asking model, or EINVALID naming a bad setting of
// cfg.
func New(model Model, cfg evolve.Config) (*Fuser, error) {
	cfg, err := cfg.WithDefaults()
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

// Fuse implements groupmem.Fuser. A model that cannot be reached, or that rejects
// our credentials, fails the run with EUNAVAILABLE: that is the operator's
// problem, never the caller's. A pass the deletion guard refuses ends the
// fusion with groupmem.ErrReview. Every failure carries its groupmem.Fail* reason
// (see FailReason). The returned Fusion carries the report, attempts and
// tokens so far also when it fails.
func (f *Fuser) Fuse(ctx context.Context, in groupmem.FuseInput) (groupmem.Fusion, error) {
	st, err := evolve.NewState(in.GroupID, in.Memories, f.cfg, in.Now)
	if err != nil {
		return groupmem.Fusion{}, err
	}
	run := &fusing{f: f, st: st, in: in}
	if err := st.Passes(ctx, in.Messages, run.pass); err != nil {
		return run.partial(), err
	}
	plan, err := st.Plan(groupmem.Run{GroupID: in.GroupID})
	if err != nil {
		return run.partial(), err
	}
	out := run.out
	out.Writes = plan.Writes
	out.Stats, out.Report = plan.Run.Stats, plan.Run.Report
	out.Report.Attempts = run.attempts
	return out, nil
}

// fusing is the state of one Fuse call.
type fusing struct {
	f        *Fuser
	st       *evolve.State
	in       groupmem.FuseInput
	out      groupmem.Fusion
	attempts []groupmem.Attempt
	answer   string // the last answer that could not be used
}

// pass is the evolve.Answerer of a fusion: it asks for one pass until an
// answer applies, re-asking and splitting by the rules of Fuser.
func (r *fusing) pass(ctx context.Context, pass *evolve.Pass, batch evolve.Batch, depth int) (split bool, err error) {
	user := pass.User
	for asked := 0; ; asked++ {
		reply, err := r.f.model.Ask(ctx, pass.System, user)
		r.out.Passes++
		r.out.Tokens.Prompt += reply.Tokens.Prompt
		r.out.Tokens.Completion += reply.Tokens.Completion
		r.record(ctx, pass.N, reply.Attempts)
		if err != nil {
			return false, modelError(pass.N, err)
		}
		ans, err := evolve.Parse(ctx, reply.Text, reply.Finish, r.f.cfg)
		if err != nil {
			return false, groupmem.Failure(groupmem.FailCancelled, fmt.Errorf("parse the answer of pass %d: %w", pass.N, err))
		}
		r.logAnswer(ctx, pass, reply, ans)
		if evolve.CutOff(reply.Finish) {
			if err := r.st.Discard(pass, ans, evolve.DropAnswerCut); err != nil {
				return false, err
			}
			if len(batch.Messages) < 2 || depth >= r.f.cfg.MaxSplits {
				r.outcome(groupmem.FailAnswerCut, reply.Text)
				return false, groupmem.Failure(groupmem.FailAnswerCut, groupmem.Errorf(groupmem.EUNAVAILABLE,
					"the model's answer to pass %d (%d messages) was cut by its token limit; nothing was applied", pass.N, len(batch.Messages)))
			}
			r.outcome(OutcomeSplit, "")
			return true, nil
		}
		err = r.st.ApplyAnswer(pass, ans)
		switch {
		case err == nil:
			r.outcome(OutcomeApplied, "")
			return false, nil
		case errors.Is(err, groupmem.ErrReview):
			r.outcome(OutcomeReview, "")
			return false, err
		case !errors.Is(err, evolve.ErrNoAction):
			return false, fmt.Errorf("pass %d: %w", pass.N, err)
		case asked < r.f.cfg.Reasks:
			r.outcome(OutcomeReasked, reply.Text)
			user = pass.User + prompts.Reask(r.f.cfg.Lang)
			continue
		}
		reason := groupmem.FailAnswerUnusable
		if strings.EqualFold(reply.Finish, "content_filter") {
			reason = groupmem.FailContentFilter
		}
		r.outcome(reason, reply.Text)
		return false, groupmem.Failure(reason, groupmem.Errorf(groupmem.EUNAVAILABLE,
			"the model's answers to pass %d held no valid action after %d attempts (finish reason %q); nothing was applied",
			pass.N, asked+1, groupmem.Truncate(reply.Finish, 40)))
	}
}

// record adds the attempts of one reply, stamped with their pass, and
// logs each.
func (r *fusing) record(ctx context.Context, pass int, attempts []groupmem.Attempt) {
	for _, a := range attempts {
		a.Pass = pass
		a.Status = groupmem.CleanActor(a.Status)
		a.Finish = groupmem.CleanActor(a.Finish)
		r.attempts = append(r.attempts, a)
		if r.in.Log != nil {
			r.in.Log.InfoContext(ctx, "model attempt", "pass", pass, "status", a.Status, "wait_ms", a.WaitMS,
				"duration_ms", a.DurationMS, "prompt_tokens", a.Tokens.Prompt, "completion_tokens", a.Tokens.Completion, "finish", a.Finish)
		}
	}
}

// outcome notes what became of the last attempt's answer; answer, when
// set, is kept as the last answer that could not be used.
func (r *fusing) outcome(o, answer string) {
	if n := len(r.attempts); n > 0 {
		r.attempts[n-1].Outcome = o
	}
	if answer != "" || o != OutcomeApplied {
		r.answer = answer
	}
}

func (r *fusing) logAnswer(ctx context.Context, pass *evolve.Pass, reply groupmem.Reply, ans evolve.Answer) {
	if r.in.Log == nil {
		return
	}
	rep := ans.Report
	r.in.Log.InfoContext(ctx, "model answer", "pass", pass.N, "messages", pass.Messages, "memories", pass.Memories,
		"attempts", len(reply.Attempts), "prompt_tokens", reply.Tokens.Prompt, "completion_tokens", reply.Tokens.Completion,
		"finish", reply.Finish, "lines", rep.Lines, "actions", rep.Parsed, "repaired", rep.Repaired,
		"dropped", groupmem.Total(rep.Drops), "ignored", groupmem.Total(rep.Ignored))
}

// partial is what a fusion that stopped early reports.
func (r *fusing) partial() groupmem.Fusion {
	out := r.out
	out.Report = r.st.Report()
	out.Report.Attempts = r.attempts
	if r.answer != "" {
		out.Report.Answer = groupmem.TruncateRunes(strings.TrimSpace(groupmem.CleanText(r.answer)), answerExcerpt)
	}
	return out
}

// modelError marks a failed model call with the reason its run records.
// Its code is the one the model client gave it where the error entered
// (package llm: EUNAVAILABLE for whatever the model refused or failed).
func modelError(pass int, err error) error {
	reason := groupmem.FailModel
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		reason = groupmem.FailCancelled
	}
	return groupmem.Failure(reason, fmt.Errorf("model call of pass %d: %w", pass, err))
}
