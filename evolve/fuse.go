package evolve

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/telemetry"
)

// Input is what one evolution fuses.
type Input struct {
	// Log is the run's logger: every line it writes carries the run_id and
	// group_id; nil means no logging.
	Log *slog.Logger
	// Run is the run record the ledger began: its id, group and actor
	// stamp what the run writes.
	Run      groupmem.Run
	Memories []groupmem.Memory  // every active memory of the group, from the ledger
	Messages []groupmem.Message // new messages, in stream order
	Now      time.Time
	// Moderated holds, by memory id, when a person last set the strength
	// of an active memory by hand; it reaches every pass (groupmem.Pass).
	Moderated map[string]time.Time
}

// Fusion is an evolution's result: the plan the run commits, and the model
// calls it took.
type Fusion struct {
	// Plan is Input.Run with the run's stats, report (every attempt
	// included) and tokens, and the writes of the run, stamped with its id
	// and actor. New versions carry no embedding yet; the worker embeds
	// them before the commit. When Fuse fails, the Plan holds the report
	// and tokens so far and no writes.
	Plan  groupmem.Plan
	Calls int // model calls made, asks again and halves included
	// Held is, when the deletion guard held a pass for review (the error
	// of Fuse wraps groupmem.ErrReview), the plan the run would have
	// committed had the guard let that pass through (state.held): the
	// passes up to the held one, its Run with their stats, the messages
	// they showed and NewWatermark at the last of them. New versions carry
	// no embedding. Nil otherwise.
	Held *groupmem.Plan
}

// answerExcerpt is how much of an unusable answer a run record keeps.
const answerExcerpt = 400

// Fuse is the one pass loop of every evolution: it makes the passes of
// in.Messages under the budget of cfg, has f answer each on the state the
// passes before it left, and makes the plan. An answer is never taken on
// trust, and a bad one never costs a message:
//
//   - Every action is validated and the deletion guard applies (see
//     the rules of state.apply); a pass the guard refuses ends the fusion with an
//     error wrapping groupmem.ErrReview.
//   - An answer that holds no valid action line (prose only, empty, an
//     error page, JSON of another schema, a content filter's refusal) is
//     not applied: the pass is asked again, with the reminder of the
//     answer's form, up to cfg.Reasks times, and then the fusion fails
//     with groupmem.FailAnswerUnusable (or FailContentFilter when the
//     provider withheld the answer). Nothing applies and the run's
//     messages wait for the next run.
//   - An answer cut by the token limit (finish reason "length") is never
//     applied, not even its complete lines, because the actions it did not
//     reach are lost: its pass is split in two and each half asked in
//     turn, up to cfg.MaxSplits times deep; a pass of one message that is
//     still cut fails the fusion with FailAnswerCut.
//   - A lone {"action":"keep"}, or keep lines only, is a valid answer.
//
// Every failure carries its groupmem.Fail* reason (see FailReason); f's own
// errors keep the reason f gave them. The returned Fusion carries the
// report, attempts and costs so far also when Fuse fails. EINVALID for a
// bad cfg or an input newState rejects.
func Fuse(ctx context.Context, f groupmem.Fuser, cfg Config, in Input) (Fusion, error) {
	cfg, err := cfg.WithDefaults()
	if err != nil {
		return Fusion{}, err
	}
	st, err := newState(in.Run.GroupID, in.Memories, cfg, in.Now)
	if err != nil {
		return Fusion{Plan: groupmem.Plan{Run: in.Run}}, err
	}
	r := &fusing{f: f, cfg: cfg, st: st, in: in}
	r.out.Plan.Run = in.Run
	if err := st.runPasses(ctx, in.Messages, r.pass); err != nil {
		out := r.partial()
		if errors.Is(err, groupmem.ErrReview) {
			out.Held = r.held()
		}
		return out, err
	}
	plan, err := st.plan(in.Run)
	if err != nil {
		return r.partial(), err
	}
	out := r.out
	out.Plan.Writes = plan.Writes
	run := &out.Plan.Run
	run.Stats, run.Report = plan.Run.Stats, plan.Run.Report
	run.Report.Attempts = r.attempts
	return out, nil
}

// fusing is the state of one Fuse call.
type fusing struct {
	f        groupmem.Fuser
	cfg      Config
	st       *state
	in       Input
	out      Fusion
	attempts []groupmem.Attempt
	answer   string // the last answer that could not be used
	upTo     int64  // the seq of the last message of the passes taken
}

// pass is the answerer of a fusion: it asks for one pass until an answer
// applies, asking again and splitting by the rules of Fuse.
func (r *fusing) pass(ctx context.Context, p *pass, batch batch, depth int) (split bool, err error) {
	for asked := 0; ; asked++ {
		ans, err := r.f.Fuse(ctx, r.ask(p, asked))
		r.count(ctx, p.N, ans)
		if err != nil {
			if !errors.Is(err, groupmem.ErrReview) {
				return false, fmt.Errorf("pass %d: %w", p.N, err)
			}
			r.outcome(groupmem.OutcomeReview, "")
			return false, err
		}
		if CutOff(ans.Report.Finish) {
			return r.cut(p, batch, depth, ans)
		}
		_, span := telemetry.Child(ctx, "evolve.validate")
		if ans.Final {
			err = r.st.apply(p, ans.Actions, ans.Report)
		} else {
			err = r.st.applyAnswer(p, ans)
		}
		span.End()
		switch {
		case err == nil:
			r.outcome(groupmem.OutcomeApplied, "")
			r.took(batch)
			return false, nil
		case errors.Is(err, groupmem.ErrReview):
			r.outcome(groupmem.OutcomeReview, "")
			r.took(batch)
			return false, err
		case !errors.Is(err, errNoAction):
			return false, fmt.Errorf("pass %d: %w", p.N, err)
		case asked < r.cfg.Reasks:
			r.outcome(groupmem.OutcomeReasked, ans.Text)
			continue
		}
		reason := groupmem.FailAnswerUnusable
		if strings.EqualFold(ans.Report.Finish, "content_filter") {
			reason = groupmem.FailContentFilter
		}
		r.outcome(reason, ans.Text)
		return false, groupmem.Failure(reason, groupmem.Errorf(groupmem.EUNAVAILABLE,
			"the answers to pass %d held no valid action after %d attempts (finish reason %q); nothing was applied",
			p.N, asked+1, groupmem.Truncate(ans.Report.Finish, 40)))
	}
}

// ask is pass p as f is asked it for the time asked+1.
func (r *fusing) ask(p *pass, asked int) groupmem.Pass {
	v := p.Pass
	v.Log, v.Asked, v.Moderated = r.in.Log, asked, r.in.Moderated
	return v
}

// cut discards an answer the token limit cut and has its pass split, or
// fails the fusion when the pass cannot be split any more.
func (r *fusing) cut(p *pass, batch batch, depth int, ans groupmem.Answer) (bool, error) {
	if err := r.st.discard(p, ans, DropAnswerCut); err != nil {
		return false, err
	}
	if len(batch.Messages) < 2 || depth >= r.cfg.MaxSplits {
		r.outcome(groupmem.FailAnswerCut, ans.Text)
		return false, groupmem.Failure(groupmem.FailAnswerCut, groupmem.Errorf(groupmem.EUNAVAILABLE,
			"the answer to pass %d (%d messages) was cut by its token limit; nothing was applied", p.N, len(batch.Messages)))
	}
	r.outcome(groupmem.OutcomeSplit, "")
	return true, nil
}

// count adds the costs and attempts of one answer, its attempts stamped
// with their pass, and logs them.
func (r *fusing) count(ctx context.Context, pass int, ans groupmem.Answer) {
	r.out.Calls += ans.Calls
	tokens := &r.out.Plan.Run.Tokens
	tokens.Prompt += ans.Tokens.Prompt
	tokens.Completion += ans.Tokens.Completion
	for _, a := range ans.Attempts {
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
	if answer != "" || o != groupmem.OutcomeApplied {
		r.answer = answer
	}
}

// took notes that the passes so far include batch.
func (r *fusing) took(batch batch) {
	for _, m := range batch.Messages {
		r.upTo = max(r.upTo, m.Seq)
	}
}

// held is the plan of a fusion whose last pass the guard held, or nil
// when the state holds none (the Fuser itself refused the pass).
func (r *fusing) held() *groupmem.Plan {
	plan, err := r.st.held(r.in.Run)
	if err != nil {
		return nil
	}
	plan.Run.NewWatermark = max(r.in.Run.Watermark, r.upTo)
	return plan
}

// partial is what a fusion that stopped early reports.
func (r *fusing) partial() Fusion {
	out := r.out
	rep := &out.Plan.Run.Report
	*rep = r.st.runReport()
	rep.Attempts = r.attempts
	if r.answer != "" {
		rep.Answer = groupmem.TruncateRunes(strings.TrimSpace(groupmem.CleanText(r.answer)), answerExcerpt)
	}
	return out
}
