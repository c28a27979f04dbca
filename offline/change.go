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
		ch := f.tallyChanges(old, kind, recent)
		best := ch.best(f.cfg.MinChangeMessages)
		if best == "" {
			continue
		}
		t := ch.news[best]
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

// changes tallies, for one kind of fact, the recent messages that give it
// a value the memory does not hold (news, in the order first said), and
// those that repeat one it holds.
type changes struct {
	news     map[string]*tally
	order    []string
	oldCount int
	lastOld  time.Time
}

// tally is what the recent messages say of one new value: which said it,
// whether one of them announced a change, and when the last did.
type tally struct {
	items []*item
	cue   bool
	last  time.Time
}

// tallyChanges reads the values of kind in the recent messages against old.
func (f *Fuser) tallyChanges(old values, kind string, recent []*item) changes {
	ch := changes{news: map[string]*tally{}}
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
				ch.oldCount++
				ch.lastOld = later(ch.lastOld, it.msg.SentAt)
			}
			continue
		}
		cue := announcesChange(f.cfg.Languages, it.msg.Content)
		for _, v := range fresh {
			t := ch.news[v]
			if t == nil {
				t = &tally{}
				ch.news[v] = t
				ch.order = append(ch.order, v)
			}
			t.items = append(t.items, it)
			t.cue = t.cue || cue
			t.last = later(t.last, it.msg.SentAt)
		}
	}
	return ch
}

// best is the new value said most (first said among equals) by at least
// minMessages messages, one of which announced the change, more often than
// the old values and after the last of them; "" when none is.
func (ch changes) best(minMessages int) string {
	best := ""
	for _, v := range ch.order {
		t := ch.news[v]
		if len(t.items) >= minMessages && t.cue && len(t.items) > ch.oldCount && t.last.After(ch.lastOld) &&
			(best == "" || len(t.items) > len(ch.news[best].items)) {
			best = v
		}
	}
	return best
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
