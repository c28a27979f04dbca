package evolve

import (
	"cmp"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/groupmem/groupmem"
)

// op is one validated step of a pass.
type op struct {
	kind      groupmem.ActionKind
	target    *entry // the memory acted on; nil for create
	statement string // cleaned, for update and create
	grams     []uint64
	reason    string
	evidence  []string // message ids
	strength  *float64 // Action.Strength
	tags      []string // Action.Tags
	subjects  []string // Action.Subjects as sender ids of the pass; nil when none were given
	merged    bool     // a create that dedupe turned into an update of a near-duplicate
	line      int
	dropped   bool
}

// apply validates the actions a Fuser answered for pass p and applies
// them to the state; rep is the report that came with the answer. The rules:
//
//   - Only memories shown in p can be named, by their alias; an unknown or
//     invented alias is dropped (DropUnknownID), an update or delete
//     without one too (DropMissingID). A keep without an alias is the
//     answer "nothing to change" and is accepted silently.
//   - A create that carries an id is a create: the id is ignored (the
//     near-duplicate rule below turns it into an update when it restates
//     a memory).
//   - Statements are cleaned (control characters removed, white space
//     folded) and dropped, never cut, when empty, without any letter or
//     digit (DropEmptyStatement) or longer than MaxStatementRunes
//     (DropLongStatement). Reasons are cleaned and cut to
//     groupmem.MaxReasonRunes.
//   - An update to the statement the memory already has is a keep.
//   - A memory named by several actions: the first update applies; without
//     an update, a keep wins over a delete; otherwise the first delete
//     applies. Every other update or delete naming it is dropped
//     (DropConflict, or DropDuplicate for a repeated delete). So a memory
//     both updated and deleted is updated.
//   - A create whose statement is near-duplicate (Config.NearDuplicate) of
//     a live memory as this pass leaves it, or of an earlier create of the
//     pass, is dropped as DropDuplicate, except that it becomes an update
//     of that memory when the memory was shown, is not otherwise changed by
//     the pass, and the statement says more than it (their bigrams differ;
//     a change of punctuation or spacing alone is a duplicate).
//   - A memory no action names is kept.
//   - Evidence refs are mapped to the chat app's message ids; refs this
//     pass did not show are ignored.
//   - What an evolver decides itself (Action.Strength, Tags, Cites; a
//     parsed answer never has them) goes into the version written: its
//     strength (for a create that became an update, the stronger of it and
//     the memory's), its tags (else the parent's), and as evidence the
//     refs' ids, then the cited ones, then the parent's. A keep with a strength changes
//     the memory's strength, with a change-log row, unless the pass
//     changes the memory otherwise. A strength outside [0, 1] drops the
//     action (DropBadStrength).
//   - The deletion guard: when the pass would delete at least
//     MinDeleteGuard memories and more than MaxDeleteShare of those shown,
//     or the run as a whole would delete that much of the group's
//     memories, apply records the pass's actions in the report as held
//     (DropHeld, none applied) and returns an EREVIEW *groupmem.Error
//     wrapping groupmem.ErrReview; every later pass, apply and plan
//     returns the same error, and held returns the plan the run would
//     have committed with the pass taken as answered, for a person to
//     approve.
//
// Drops are added to the run's report with their line numbers counted
// across passes (the lines of pass 2 follow those of pass 1).
//
// apply returns EINVALID when p is not the next pass of this state (made by
// another state, applied already, or made before an earlier pass was
// applied).
func (s *state) apply(p *pass, actions []groupmem.Action, rep groupmem.Report) error {
	return s.applyOps(p, groupmem.Answer{Actions: actions, Report: rep}, false)
}

// applyAnswer applies a model's answer to pass p by the rules of apply,
// with one more: an answer in which no action survives validation (not
// even a keep) is not applied. The state then stays as it was, the
// answer's entries are counted in the run's report, and the error wraps
// errNoAction, so that the caller can ask again for the same pass. An
// answer of keep lines only, or a lone {"action":"keep"}, is a valid
// answer that changes nothing.
func (s *state) applyAnswer(p *pass, a groupmem.Answer) error {
	return s.applyOps(p, a, true)
}

// discard counts the entries of an answer to pass p that is not used at
// all, each action as dropped with reason (DropAnswerCut for an answer the
// token limit cut). The state is unchanged and p can be asked again.
func (s *state) discard(p *pass, a groupmem.Answer, reason string) error {
	if err := s.check(p); err != nil {
		return err
	}
	offset := s.report.Lines
	var drops []groupmem.Drop
	for _, act := range a.Actions {
		drops = append(drops, groupmem.Drop{Line: act.Line + offset, Reason: reason, Text: Excerpt(string(act.Kind) + " " + act.Alias + " " + act.Statement)})
	}
	s.merge(nil, a.Report, offset, drops, 0, 0)
	return nil
}

// check returns the error of applying p now.
func (s *state) check(p *pass) error {
	switch {
	case s.review != nil:
		return s.review
	case p == nil || p.state != s:
		return groupmem.Errorf(groupmem.EINVALID, "pass belongs to another run")
	case p.N != s.passes+1:
		return groupmem.Errorf(groupmem.EINVALID, "pass %d is stale: the next pass to apply is %d", p.N, s.passes+1)
	}
	return nil
}

func (s *state) applyOps(p *pass, a groupmem.Answer, require bool) error {
	if err := s.check(p); err != nil {
		return err
	}
	offset := s.report.Lines
	var drops []groupmem.Drop
	ops, silent := s.validate(p, a.Actions, offset, &drops)
	resolve(ops, &drops)
	s.dedupe(p, &ops, &drops)
	applied, kept := 0, silent
	for _, o := range ops {
		switch {
		case o.dropped:
		case o.kind == groupmem.ActionKeep:
			kept++
		default:
			applied++
		}
	}
	if require && applied+kept == 0 {
		s.merge(nil, a.Report, offset, drops, 0, 0)
		return fmt.Errorf("pass %d: %w", p.N, errNoAction)
	}
	if err := s.guard(p, ops); err != nil {
		// The pass is taken as answered, for the plan held for a person
		// (Held); the report counts none of it as applied.
		s.take(p, ops)
		for i := range ops {
			if !ops[i].dropped {
				ops[i].drop(&drops, DropHeld)
			}
		}
		s.review = err
		s.merge(p, a.Report, offset, drops, 0, silent)
		return err
	}
	s.take(p, ops)
	s.merge(p, a.Report, offset, drops, applied, kept)
	return nil
}

// take applies the steps of pass p that were not dropped to the state.
func (s *state) take(p *pass, ops []op) {
	for i := range ops {
		o := &ops[i]
		if o.dropped {
			continue
		}
		switch o.kind {
		case groupmem.ActionUpdate:
			e := o.target
			e.statement, e.grams, e.touched = o.statement, o.grams, p.N
			if o.reason != "" {
				e.reasons = append(e.reasons, o.reason)
			}
			e.evidence = append(o.evidence, e.evidence...)
			e.setStrength(o)
		case groupmem.ActionDelete:
			o.target.deleted, o.target.delReason = true, o.reason
		case groupmem.ActionCreate:
			e := &entry{statement: o.statement, grams: o.grams, evidence: o.evidence, touched: p.N}
			if o.reason != "" {
				e.reasons = []string{o.reason}
			}
			e.setStrength(o)
			s.entries = append(s.entries, e)
		case groupmem.ActionKeep:
			if o.strength != nil && o.target != nil {
				o.target.restrength, o.target.restrengthReason = o.strength, o.reason
			}
		}
	}
	s.passes++
	s.messages += len(p.Messages)
}

// validate checks each action on its own and returns the steps that
// passed, each action's line shifted by offset, and the number of keeps
// that named no memory.
func (s *state) validate(p *pass, actions []groupmem.Action, offset int, drops *[]groupmem.Drop) (ops []op, silentKeeps int) {
	ops = make([]op, 0, len(actions))
	for _, a := range actions {
		line := a.Line
		if line > 0 {
			line += offset
		}
		alias := NormalizeAlias(a.Alias)
		o := op{kind: a.Kind, line: line, reason: cleanReason(a.Reason), evidence: append(p.messageIDs(a.Evidence), a.Cites...),
			strength: a.Strength, tags: a.Tags, subjects: p.subjects(a.Subjects)}
		fail := func(reason string) {
			*drops = append(*drops, groupmem.Drop{Line: line, Reason: reason, Text: Excerpt(string(a.Kind) + " " + alias + " " + a.Statement)})
		}
		if a.Strength != nil && groupmem.CheckStrength(*a.Strength) != nil {
			fail(DropBadStrength)
			continue
		}
		switch a.Kind {
		case groupmem.ActionKeep, groupmem.ActionUpdate, groupmem.ActionDelete:
			if alias == "" {
				if a.Kind == groupmem.ActionKeep {
					silentKeeps++ // "nothing to change"
				} else {
					fail(DropMissingID)
				}
				continue
			}
			if o.target = p.memory(alias); o.target == nil {
				fail(DropUnknownID)
				continue
			}
		case groupmem.ActionCreate:
		default:
			fail(DropUnknownAction)
			continue
		}
		if a.Kind == groupmem.ActionUpdate || a.Kind == groupmem.ActionCreate {
			st, reason := s.cleanStatement(a.Statement)
			if reason != "" {
				fail(reason)
				continue
			}
			o.statement, o.grams = st, grams(st)
			if o.target != nil && st == o.target.statement {
				o.kind = groupmem.ActionKeep
			}
		}
		ops = append(ops, o)
	}
	return ops, silentKeeps
}

// cleanStatement returns the statement as it would be stored, or the
// reason it cannot be.
func (s *state) cleanStatement(st string) (string, string) {
	st = strings.Join(strings.Fields(groupmem.CleanText(st)), " ")
	if utf8.RuneCountInString(st) > s.cfg.MaxStatementRunes {
		return "", DropLongStatement
	}
	st, err := groupmem.CleanStatement(st)
	switch {
	case err == nil && placeholder(st):
		return "", DropPlaceholder
	case err != nil || len(grams(st)) == 0 || contentWeight(st) < s.cfg.MinStatementLetters:
		return "", DropEmptyStatement
	}
	return st, ""
}

// contentWeight measures how much a statement says: two for each Han,
// kana or Hangul character, one for any other letter; digits and
// punctuation count nothing.
func contentWeight(st string) int {
	n := 0
	for _, r := range st {
		switch {
		case unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul):
			n += 2
		case unicode.IsLetter(r):
			n++
		}
	}
	return n
}

// placeholders are statements a model writes when it has nothing to say.
var placeholders = map[string]bool{
	"null": true, "none": true, "nil": true, "n/a": true, "na": true, "undefined": true, "unknown": true,
	"tbd": true, "todo": true, "statement": true, "string": true, "text": true, "placeholder": true,
	"example": true, "xxx": true, "empty": true, "nothing": true, "no statement": true,
	"无": true, "空": true, "略": true, "暂无": true, "未知": true, "同上": true, "省略": true, "没有": true, "无内容": true,
}

// placeholder reports whether st is such a statement, ignoring case,
// punctuation and brackets around it.
func placeholder(st string) bool {
	st = strings.TrimFunc(strings.ToLower(st), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	return placeholders[st]
}

func cleanReason(r string) string {
	return groupmem.TruncateRunes(strings.Join(strings.Fields(groupmem.CleanText(r)), " "), groupmem.MaxReasonRunes)
}

// merge adds one answer's accounting to the run's report: its entries and
// the drops of parsing, the drops of validation, and how many actions were
// applied and kept. p is the applied pass, nil for an answer not applied;
// the lines of a later answer follow those of the earlier ones.
func (s *state) merge(p *pass, rep groupmem.Report, offset int, drops []groupmem.Drop, applied, kept int) {
	r := &s.report
	r.Answers += max(rep.Answers, 1)
	r.Lines += rep.Lines
	r.Entries += rep.Entries
	r.Parsed += rep.Parsed
	r.Repaired += rep.Repaired
	r.Applied += applied
	r.Kept += kept
	r.Finish = cmp.Or(rep.Finish, r.Finish)
	for reason, n := range rep.Ignored {
		groupmem.Count(&r.Ignored, reason, n)
	}
	for reason, n := range rep.Drops {
		groupmem.Count(&r.Drops, reason, n)
	}
	for _, d := range rep.Dropped {
		if d.Line > 0 {
			d.Line += offset
		}
		if len(r.Dropped) < groupmem.MaxDropExamples {
			r.Dropped = append(r.Dropped, d)
		}
	}
	for _, d := range drops {
		r.AddDrop(d, true)
	}
	if p == nil {
		return
	}
	r.Passes++
	for _, id := range p.cut {
		r.AddDrop(groupmem.Drop{Reason: DropMessageCut, Text: Excerpt(id)}, false)
	}
}
