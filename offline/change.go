package offline

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// changedFact looks, among a memory's recent cluster messages, for a new
// value of a fact its statement names (see the package documentation). It
// returns the new statement, its evidence and the reason, or "".
func (f *Fuser) changedFact(c *cluster, recent []*item) (string, []string, string) {
	old := factsOf(f.cfg.Languages, c.mem.Statement)
	for _, kind := range []string{kindWeekday, kindTime, kindName} {
		if len(old[kind]) == 0 {
			continue
		}
		type tally struct {
			items []*item
			cue   bool
			last  time.Time
		}
		news := map[string]*tally{}
		var order []string
		var lastOld time.Time
		oldCount := 0
		for _, it := range recent {
			vals := factsOf(f.cfg.Languages, it.msg.Content)[kind]
			var fresh []string
			for _, v := range vals {
				if !old.has(kind, v) {
					fresh = append(fresh, v)
				}
			}
			if len(fresh) == 0 {
				if len(vals) > 0 {
					oldCount++
					lastOld = later(lastOld, it.msg.SentAt)
				}
				continue
			}
			cue := announcesChange(f.cfg.Languages, it.msg.Content)
			for _, v := range fresh {
				t := news[v]
				if t == nil {
					t = &tally{}
					news[v] = t
					order = append(order, v)
				}
				t.items = append(t.items, it)
				t.cue = t.cue || cue
				t.last = later(t.last, it.msg.SentAt)
			}
		}
		best := ""
		for _, v := range order {
			t := news[v]
			if len(t.items) >= f.cfg.MinChangeMessages && t.cue && len(t.items) > oldCount && t.last.After(lastOld) &&
				(best == "" || len(t.items) > len(news[best].items)) {
				best = v
			}
		}
		if best == "" {
			continue
		}
		t := news[best]
		rep := f.representative(t.items, func(it *item) float64 { return it.vec.dotSparse(c.seed) + c.cosine(it.vec) }, nil)
		if rep == nil {
			continue
		}
		reason := fmt.Sprintf("changed: %d messages since %s say %s where it said %s (%s)", len(t.items),
			c.mem.CreatedAt.In(f.cfg.Evolve.Location).Format(time.DateOnly), best, strings.Join(old[kind], ", "), kind)
		return f.habit(f.habitStatement(rep.msg), c), f.evidence(c.items, t.items), reason
	}
	return "", nil, ""
}

// clearer returns the statement of a recent message that represents the
// memory's cluster better than its statement by ClearerMargin, is about
// the same thing (its similarity to the statement reaches
// AssignThreshold), names no fact that disagrees with it, and is not tied
// to one occasion ("tonight", "明天") unless the statement already is; or
// "".
func (f *Fuser) clearer(c *cluster, recent []*item) string {
	old := factsOf(f.cfg.Languages, c.mem.Statement)
	occasional := tiedToOccasion(f.cfg.Languages, c.mem.Statement)
	current := c.cosine(c.seed) * quality(f.cfg.Languages, c.mem.Statement)
	consistent := func(it *item) bool {
		for kind, vals := range factsOf(f.cfg.Languages, it.msg.Content) {
			for _, v := range vals {
				if len(old[kind]) > 0 && !old.has(kind, v) {
					return false
				}
			}
		}
		return true
	}
	onTopic := func(it *item) bool {
		return it.vec.dotSparse(c.seed) >= f.cfg.AssignThreshold && consistent(it) &&
			(occasional || !tiedToOccasion(f.cfg.Languages, it.msg.Content))
	}
	rep := f.representative(recent, func(it *item) float64 { return c.cosine(it.vec) }, onTopic)
	if rep == nil {
		return ""
	}
	st := f.habit(f.habitStatement(rep.msg), c)
	if st == c.mem.Statement || c.cosine(rep.vec)*quality(f.cfg.Languages, st) < current+f.cfg.ClearerMargin || !keepsContent(f.cfg.Languages, c.mem.Statement, st) {
		return ""
	}
	return st
}

// habit words st, a statement of c's group habit, with habitStatement.
func (f *Fuser) habit(st string, c *cluster) string {
	lines := make([]string, len(c.items))
	for i, it := range c.items {
		lines[i] = it.msg.Content
	}
	return habitStatement(f.cfg.Languages, st, lines, supportOf(c.items), f.cfg.Evolve.Location)
}

// keepsContent reports whether a new wording keeps what the old one said:
// at least keptShare of the old statement's words (the pairs of its
// Chinese characters) are in the new one. A clearer wording may not lose
// content; only messages that contradict a fact may change it.
func keepsContent(ls []Language, old, new string) bool {
	const keptShare = 0.8
	was := tokens(features(ls, old))
	if len(was) == 0 {
		return true
	}
	now := tokens(features(ls, new))
	kept := 0
	for _, w := range was {
		if slices.Contains(now, w) {
			kept++
		}
	}
	return float64(kept) >= keptShare*float64(len(was))
}
