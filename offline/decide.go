package offline

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/groupmem/groupmem"
)

// decision is what the evolver wants done with one cluster.
type decision struct {
	kind      groupmem.ActionKind // create, update, delete, or keep (strength only)
	mem       *groupmem.Memory    // the memory acted on; nil for create
	statement string              // for create and update, as stored
	reason    string
	evidence  []string // message ids, most recent first, at most MaxEvidence
	strength  float64  // the strength after the run
	tags      []string // for create: the new memory's tags
}

// decisions are a run's decisions in cluster order.
type decisions []*decision

// decide turns clusters into decisions.
func (f *Fuser) decide(clusters []*cluster, active activeDays, moderated map[string]time.Time) decisions {
	var ds decisions
	for _, c := range clusters {
		var d *decision
		if c.mem != nil {
			d = f.decideMemory(c, active, moderated[c.mem.ID])
		} else {
			d = f.decideCandidate(c, active)
		}
		if d != nil {
			ds = append(ds, d)
		}
	}
	return ds
}

// decideCandidate makes a memory of a cluster that recurs and has a new
// message; nil otherwise. Only the messages that share the cluster's core
// word count, so that a cluster chained together by different words (a
// word one pair shares, another word the next) does not pass for a habit.
func (f *Fuser) decideCandidate(c *cluster, active activeDays) *decision {
	word, items := core(f.cfg.Languages, c.items)
	if isTimeWord(f.cfg.Languages, word) {
		return nil // lines that share only "day" or "晚上" share no topic
	}
	s := supportOf(items)
	if f.cfg.Lexicon != nil && !strings.ContainsFunc(word, func(r rune) bool { return !unspaced(r) }) && f.cfg.Lexicon.Frequency(word) == 0 {
		return nil // a core of an unspaced script that is no word ("到十" of "喝到十二点", "搞到十一点") ties no topic together
	}
	if s.fresh == 0 || s.days < f.cfg.MinDays || s.members < f.cfg.MinMembers || s.messages < f.cfg.MinMessages ||
		active.since(s.last) >= f.cfg.DeleteAfterDays {
		return nil // not recurring, or stopped already (in a backlog fused at once)
	}
	// A habit is the group's recurring activity at a recurring time, said
	// as such: only a line that says how often ("every Friday", "每周五")
	// or names the weekday and the hour it happens at, and that does not
	// speak of its sender alone ("I", "我"), may word it. A line said on
	// three days with no time in it, one whose only day is the one it was
	// sent ("today", "今天") unless the cluster is said on that weekday
	// week after week, or one member's mishap is no habit.
	weekly, inWeek := weekdayOfCluster(items, f.cfg.Evolve.Location)
	said := func(it *item) bool {
		day := it.msg.SentAt.In(f.cfg.Evolve.Location)
		return habitLine(f.cfg.Languages, topicWith(f.cfg.Languages, it.msg.Content, word), day, inWeek && day.Weekday() == weekly)
	}
	closeness := func(it *item) float64 { return c.cosine(it.vec) }
	rep := f.representative(items, closeness, said)
	// A habit a small group arranges in questions and replies is said
	// across its lines: the weekday it happens on named week after week
	// ("climbing thursday 7pm?", "climbing tomorrow at 7?" the day
	// before), and its recurrence said in one of them, as a question too
	// ("same time thursday for climbing?", "climbing thursday as
	// usual?"). Then the line that best names that weekday words it,
	// asked or not. A weekday two lines happen to share, with nothing said
	// of a recurrence, is no habit. A statement that names no weekday gets
	// the one its lines keep to.
	var named time.Weekday
	keeps, across := false, false
	if rep == nil && slices.ContainsFunc(items, func(it *item) bool {
		return recursForGroup(f.cfg.Languages, topicWith(f.cfg.Languages, it.msg.Content, word))
	}) {
		named, keeps = weekdayNamed(f.cfg.Languages, items, f.cfg.Evolve.Location)
	}
	if keeps {
		rep = f.representativeBy(items, closeness, func(it *item) bool {
			text := habitual(f.cfg.Languages, told(topicWith(f.cfg.Languages, it.msg.Content, word)), it.msg.SentAt.In(f.cfg.Evolve.Location))
			return !singular(f.cfg.Languages, text) && factsOf(f.cfg.Languages, text).has(kindWeekday, weekdayValue(named))
		}, func(it *item) string { return f.weeklyStatement(it.msg, named) })
		across = rep != nil
	}
	if rep == nil {
		return nil
	}
	loc := f.cfg.Evolve.Location
	// The statement is the part of the line that said the habit (as
	// said judged it), not the talk before a turn to it ("…I give up.
	// Also, …").
	topic := rep.msg
	topic.Content = topicWith(f.cfg.Languages, rep.msg.Content, word)
	st := f.habitStatement(topic)
	if across {
		st = f.weeklyStatement(topic, named)
	} else if len(factsOf(f.cfg.Languages, st)[kindWeekday]) == 0 {
		if named, keeps = weekdayNamed(f.cfg.Languages, items, f.cfg.Evolve.Location); keeps {
			st = asWeekly(f.cfg.Languages, st, named)
		}
	}
	return &decision{
		kind:      groupmem.ActionCreate,
		statement: f.habit(st, c),
		reason: fmt.Sprintf("recurring: %d messages from %d members on %d days (%s to %s) about %q",
			s.messages, s.members, s.days, s.first.In(loc).Format(time.DateOnly), s.last.In(loc).Format(time.DateOnly), word),
		evidence: f.evidence(items, nil),
		strength: f.strength(s, active.since(s.last), active),
	}
}

// decideMemory deletes a memory without support for DeleteAfterDays,
// updates one whose fact changed or that has a clearer representative, and
// recomputes the strength of the others. Pinned memories (strength 1) get
// no decision.
func (f *Fuser) decideMemory(c *cluster, active activeDays, moderated time.Time) *decision {
	m := c.mem
	if m.Strength >= 1 || isMemberFact(m) || isSetting(m) || isSeries(m) {
		return nil // pinned, what a member said about themselves, a setting or a series: kept without repetition
	}
	s := supportOf(c.items)
	last := m.CreatedAt
	if s.messages > 0 && s.last.After(last) {
		last = s.last
	}
	// A strength a person set stands until messages support the memory
	// after it; the wait before deletion counts from it too.
	respect := !moderated.IsZero() && !last.After(moderated)
	if moderated.After(last) {
		last = moderated
	}
	idle := active.since(last)
	loc := f.cfg.Evolve.Location
	if idle >= f.cfg.DeleteAfterDays {
		why := fmt.Sprintf("no message has supported it on %d days the group was active (last on %s)", idle, last.In(loc).Format(time.DateOnly))
		if idle == math.MaxInt32 {
			why = fmt.Sprintf("no message has supported it since before the window the run reads (last on %s)", last.In(loc).Format(time.DateOnly))
		}
		return &decision{kind: groupmem.ActionDelete, mem: m, reason: why}
	}
	d := &decision{kind: groupmem.ActionKeep, mem: m, strength: f.strength(s, idle, active)}
	if respect {
		d.strength = m.Strength
	}
	if s.fresh == 0 {
		d.reason = fmt.Sprintf("no new support since %s", last.In(loc).Format(time.DateOnly))
		return d
	}
	d.reason = fmt.Sprintf("supported by %d messages from %d members on %d days", s.messages, s.members, s.days)
	recent := slices.DeleteFunc(slices.Clone(c.items), func(it *item) bool { return !it.msg.SentAt.After(m.CreatedAt) })
	if st, ev, reason := f.changedFact(c, recent); st != "" {
		d.kind, d.statement, d.evidence, d.reason = groupmem.ActionUpdate, st, ev, reason
		return d
	}
	if st := f.clearer(c, recent); st != "" {
		d.kind, d.statement, d.reason = groupmem.ActionUpdate, st, fmt.Sprintf("clearer wording among %d messages since %s", len(recent), m.CreatedAt.In(loc).Format(time.DateOnly))
		d.evidence = f.evidence(c.items, nil)
	}
	return d
}

// activeDays are the local dates, in order, on which the group wrote
// anything in a run's window: the clock by which memories fade and
// expire, so that a group that goes quiet for weeks finds its memories as
// it left them. from, when set, is where the window begins: a support
// older than that is older than all of its active days.
type activeDays struct {
	dates []string // time.DateOnly in loc
	loc   *time.Location
	from  time.Time
	full  bool // the window holds WindowDays active days: a support before it is older than all of them
	seen  map[string]bool
}

// activeDaysOf returns the active days of msgs, in a window from from
// (zero: unbounded).
func (f *Fuser) activeDaysOf(msgs []groupmem.Message, from time.Time) activeDays {
	a := activeDays{loc: f.cfg.Evolve.Location, from: from}
	for _, m := range msgs {
		a.add(m)
	}
	a.sort()
	return a
}

// add counts the day m was sent.
func (a *activeDays) add(m groupmem.Message) {
	day := m.SentAt.In(a.loc).Format(time.DateOnly)
	if a.seen == nil {
		a.seen = map[string]bool{}
	}
	if !a.seen[day] {
		a.seen[day] = true
		a.dates = append(a.dates, day)
	}
}

// sort puts the dates in order, after adds.
func (a *activeDays) sort() { slices.Sort(a.dates) }

// longestGap is the most active days from one of days (sorted local
// dates) to the next.
func (a activeDays) longestGap(days []string) int {
	gap := 0
	for i := 1; i < len(days); i++ {
		from, _ := slices.BinarySearch(a.dates, days[i-1])
		to, _ := slices.BinarySearch(a.dates, days[i])
		gap = max(gap, to-from)
	}
	return gap
}

// since counts the active days after the local date of t. For a t before
// the window: more than any bound (math.MaxInt32) when the window holds
// all the active days a run reads (full); otherwise the window's active
// days, the least that can have passed, so that a group back from a
// silence longer than the window reads back finds its memories fading by
// its active days only, not expired at once.
func (a activeDays) since(t time.Time) int {
	if !a.from.IsZero() && t.Before(a.from) {
		if !a.full {
			return len(a.dates)
		}
		return math.MaxInt32
	}
	i, found := slices.BinarySearch(a.dates, t.In(a.loc).Format(time.DateOnly))
	if found {
		i++
	}
	return len(a.dates) - i
}

// representative returns the item whose statement scores best: closeness
// (as given) times quality; the later one on a tie. Items that fail ok
// (when given), or whose statement is empty or too long, never win. nil
// when none qualifies.
func (f *Fuser) representative(items []*item, closeness func(*item) float64, ok func(*item) bool) *item {
	return f.representativeBy(items, closeness, ok, func(it *item) string { return f.statement(it.msg) })
}

// representativeBy is representative with the statement of an item as
// statement gives it.
func (f *Fuser) representativeBy(items []*item, closeness func(*item) float64, ok func(*item) bool, statement func(*item) string) *item {
	var best *item
	bestScore := math.Inf(-1)
	for _, it := range items {
		if ok != nil && !ok(it) {
			continue
		}
		st := statement(it)
		if st == "" || utf8.RuneCountInString(st) > f.cfg.MaxStatementRunes {
			continue
		}
		if score := closeness(it) * quality(f.cfg.Languages, st); score >= bestScore {
			best, bestScore = it, score
		}
	}
	return best
}

// statement is a message's text as a statement, white space folded as
// package evolve stores it.
func (f *Fuser) statement(m groupmem.Message) string {
	return clean(f.cfg.Languages, thirdPerson(f.cfg.Languages, strings.Join(strings.Fields(statementOf(f.cfg.Languages, m.Content)), " "), m, f.cfg.Evolve.Location))
}

// ownStatement is the statement of what m's sender says about
// themselves: as statement, with their "we" read as their household.
func (f *Fuser) ownStatement(m groupmem.Message) string { return f.memberStatement(m, WeOwn) }

// memberStatement is the statement of a member's own line, its verb-led
// opening given the first person, with their "we" read as we says: their
// household (WeOwn, WeApart) or the group (an outing: "the landlord knows
// us").
func (f *Fuser) memberStatement(m groupmem.Message, we We) string {
	ls := f.cfg.Languages
	st := strings.Join(strings.Fields(statementOf(ls, m.Content)), " ")
	// The rewrite of the first language that owns the line and has one for
	// it ("Thanks for carrying me in Helldivers 2 tonight 婷婷" is English
	// that Chinese owns too).
	for i := range ls {
		if ls[i].Owns(st) {
			if r := ls[i].rewrite(st); r != st {
				st = r
				break
			}
		}
	}
	return clean(ls, voice(ls, selfLed(ls, st), m, f.cfg.Evolve.Location, we))
}

// selfLed gives a member's line that opens with its verb, its subject left
// out ("Dropped my phone, so now I'm on a Pixel"), the first person of
// its language as subject ("I dropped my phone…"), so that the rewrite
// names the member once and says "they" after.
func selfLed(ls []Language, st string) string {
	cs := clauses(ls, st)
	if len(cs) == 0 {
		return st
	}
	l := language(ls, cs[0])
	if l == nil || l.Self == "" || !l.opensWithVerb(cs[0]) {
		return st
	}
	r, size := utf8.DecodeRuneInString(st)
	st = l.Self + l.SubjectSpace + string(unicode.ToLower(r)) + st[size:]
	if l.Agree != nil {
		st = l.Agree(st)
	}
	return st
}

// habitStatement is the statement of a habit whose representative line
// is m: as statement, with the days m counts from its own date written as
// the weekly pattern (habitual).
func (f *Fuser) habitStatement(m groupmem.Message) string {
	said := m
	said.Content = habitual(f.cfg.Languages, strings.Join(strings.Fields(statementOf(f.cfg.Languages, m.Content)), " "), m.SentAt.In(f.cfg.Evolve.Location))
	return f.statement(said)
}

// weeklyStatement is the statement of a habit said across its lines
// whose representative line is m, a question maybe: as habitStatement,
// asked as told, its weekday wd as the weekly pattern (Language.Weekly).
func (f *Fuser) weeklyStatement(m groupmem.Message, wd time.Weekday) string {
	said := m
	said.Content = asWeekly(f.cfg.Languages, habitual(f.cfg.Languages, strings.Join(strings.Fields(statementOf(f.cfg.Languages, told(m.Content))), " "), m.SentAt.In(f.cfg.Evolve.Location)), wd)
	return f.statement(said)
}

// asWeekly words st as the weekly pattern of wd, by the language of ls
// that owns it (Language.Weekly).
func asWeekly(ls []Language, st string, wd time.Weekday) string {
	if l := language(ls, st); l != nil && l.Weekly != nil {
		return l.Weekly(st, wd)
	}
	return st
}

// told is a line with its question marks as pauses: what a question
// arranging a habit says ("climbing thursday 7pm at Mission Cliffs?") is
// what the habit is.
func told(text string) string {
	text = strings.NewReplacer("?", ",", "？", "，").Replace(text)
	return strings.TrimRight(text, " ,，")
}

// singular reports whether every clause of text speaks of its sender
// alone ("I", "我"; Language.Singular).
func singular(ls []Language, text string) bool {
	for _, c := range clauses(ls, text) {
		if l := language(ls, c); l == nil || l.Singular == nil || !l.Singular.MatchString(c) {
			return false
		}
	}
	return true
}

// recursForGroup reports whether a clause of text that does not speak of
// its sender alone says the thing recurs (Language.Recurs), asked or
// not ("same time thursday?", "as usual?").
func recursForGroup(ls []Language, text string) bool {
	if !slices.ContainsFunc(ls, func(l Language) bool { return l.Recurs != nil && l.Recurs.MatchString(text) }) {
		return false // no language's recurrence anywhere in it
	}
	for _, c := range clauses(ls, text) {
		if l := language(ls, c); l != nil && l.Singular != nil && l.Singular.MatchString(c) {
			continue
		}
		if recurs(ls, c) {
			return true
		}
	}
	return false
}

// weekdayNamed returns the weekday items name most often for the day
// they speak of — a weekday's name, or a day counted from the line's own
// date ("tomorrow" sent on a Wednesday is Thursday) — and whether they
// name it in two weeks or more.
func weekdayNamed(ls []Language, items []*item, loc *time.Location) (time.Weekday, bool) {
	var weeks [7]map[string]bool
	for _, it := range items {
		day := it.msg.SentAt.In(loc)
		for _, v := range factsOf(ls, habitual(ls, it.msg.Content, day))[kindWeekday] {
			wd := slices.Index(weekdayValues, v)
			if wd < 0 {
				continue
			}
			if weeks[wd] == nil {
				weeks[wd] = map[string]bool{}
			}
			weeks[wd][monday(day).Format(time.DateOnly)] = true
		}
	}
	best := 0
	for wd := range weeks {
		if len(weeks[wd]) > len(weeks[best]) {
			best = wd
		}
	}
	return time.Weekday(best), len(weeks[best]) >= 2
}

// weekdayValues are the values of kindWeekday, by time.Weekday.
var weekdayValues = []string{"sun", "mon", "tue", "wed", "thu", "fri", "sat"}

// weekdayValue is the kindWeekday value of wd.
func weekdayValue(wd time.Weekday) string { return weekdayValues[wd] }

// weekdayOfCluster returns the weekday most of items were sent on, and
// whether they keep to it: at least two of them, in two weeks or more. A
// pub quiz announced "tonight" each Wednesday keeps to Wednesday.
func weekdayOfCluster(items []*item, loc *time.Location) (time.Weekday, bool) {
	var count [7]int
	weeks := map[time.Weekday]map[string]bool{}
	for _, it := range items {
		day := it.msg.SentAt.In(loc)
		wd := day.Weekday()
		count[wd]++
		if weeks[wd] == nil {
			weeks[wd] = map[string]bool{}
		}
		weeks[wd][monday(day).Format(time.DateOnly)] = true
	}
	best := time.Sunday
	for wd := range count {
		if count[wd] > count[best] {
			best = time.Weekday(wd)
		}
	}
	return best, count[best] >= 2 && len(weeks[best]) >= 2
}

// tiedToOccasion reports whether text speaks of one day ("tonight",
// "明天") rather than of a habit.
func tiedToOccasion(ls []Language, text string) bool {
	return says(ls, text, func(l Language) []string { return l.Occasion })
}

// quality rates a statement as a memory. Lines of 12 to 60 units score 1,
// shorter ones in proportion, longer ones less; a question scores less;
// a line that says how often something happens ("每周", "every", "as
// usual") or names a weekday or a clock time scores more, since that is
// what a habit is.
func quality(ls []Language, st string) float64 {
	units := 0
	for _, s := range segments(st) {
		if !isFiller(ls, s) {
			units += unitsOf(s)
		}
	}
	q := 1.0
	switch {
	case units < 12:
		q = float64(units) / 12
	case units > 60:
		q = max(0.3, 60/float64(units))
	}
	last, _ := utf8.DecodeLastRuneInString(strings.TrimRight(st, " ~～!！.。"))
	if last == '?' || last == '？' || last == '吗' || last == '呢' {
		q *= 0.75
	}
	if saysHowOften(ls, st) {
		q *= 1.2
	}
	facts := factsOf(ls, st)
	for _, kind := range []string{kindWeekday, kindTime} {
		if len(facts[kind]) > 0 {
			q *= 1.15
		}
	}
	return q
}

// strength is a memory's strength given its support in the window and the
// active days it has gone without support: 0.35 + 0.05 per day + 0.05 per
// member, at most 0.95, halved every HalfLifeDays; at least 0.01, to two
// decimals.
func (f *Fuser) strength(s support, idle int, active activeDays) float64 {
	base := min(0.95, 0.35+0.05*float64(s.days)+0.05*float64(s.members))
	// A habit is not fading while it keeps its own rhythm: the wait counts
	// only beyond the longest wait it has had, in the group's active days
	// (at most 14), so a weekly habit does not weaken between its weeks.
	wait := max(0, float64(idle)-float64(min(active.longestGap(s.dayList), 14)))
	v := base * math.Pow(0.5, wait/f.cfg.HalfLifeDays)
	return max(0.01, math.Round(v*100)/100)
}

// evidence returns the ids of first and then of the rest of items, most
// recent first within each, at most MaxEvidence.
func (f *Fuser) evidence(items, first []*item) []string {
	byRecency := func(list []*item) []*item {
		out := slices.Clone(list)
		slices.SortStableFunc(out, func(a, b *item) int {
			return cmp.Or(b.msg.SentAt.Compare(a.msg.SentAt), cmp.Compare(b.msg.Seq, a.msg.Seq))
		})
		return out
	}
	var ids []string
	for _, it := range append(byRecency(first), byRecency(items)...) {
		if len(ids) == f.cfg.MaxEvidence {
			break
		}
		if !slices.Contains(ids, it.msg.ID) {
			ids = append(ids, it.msg.ID)
		}
	}
	return ids
}

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// actions are the decisions as the actions of a pass that shows every
// memory: each names its memory by its alias (alias maps a memory id to
// it) and carries what
// the evolver decided of the version it writes — its strength, its tags
// (a create's), the messages it rests on — and a memory kept as it is
// gets a strength of its own only when it moves into another band of
// width step.
func (ds decisions) actions(alias map[string]string, step float64) []groupmem.Action {
	var out []groupmem.Action
	for _, d := range ds {
		a := groupmem.Action{Kind: d.kind, Statement: d.statement, Reason: d.reason, Line: len(out) + 1}
		if d.mem != nil {
			if a.Alias = alias[d.mem.ID]; a.Alias == "" {
				continue // not shown: cannot happen with a pass that shows every memory
			}
		}
		strength := d.strength
		switch d.kind {
		case groupmem.ActionKeep:
			if !crosses(d.mem.Strength, d.strength, step) {
				continue
			}
			a.Strength = &strength
		case groupmem.ActionCreate:
			a.Strength, a.Tags, a.Cites = &strength, d.tags, d.evidence
		case groupmem.ActionUpdate:
			a.Strength, a.Cites = &strength, d.evidence
		}
		out = append(out, a)
	}
	return out
}

// crosses reports whether a strength moving from old to new is written:
// when it enters another band of width step ([0, step), [step, 2·step),
// ...) and moves by at least half a band, so that a strength wavering
// around a band's edge is not rewritten back and forth.
func crosses(old, new, step float64) bool {
	band := func(s float64) int { return int(math.Floor(min(s, 1-1e-9)/step + 1e-9)) }
	return band(old) != band(new) && math.Abs(new-old) >= step/2-1e-9
}

// unitSparse returns v scaled to length 1 as unitVector would scale its
// dense form.
func unitSparse(v sparse) sparse {
	var n float64
	for _, x := range v.val {
		n += float64(x) * float64(x)
	}
	if n == 0 || math.Abs(n-1) < 1e-6 {
		return v
	}
	n = math.Sqrt(n)
	var out sparse
	for k, x := range v.val {
		if y := float32(float64(x) / n); y != 0 {
			out.idx, out.val = append(out.idx, v.idx[k]), append(out.val, y)
		}
	}
	return out
}

// unitVector returns v scaled to length 1 (the zero vector stays zero).
func unitVector(v []float32) []float32 {
	var n float64
	for _, x := range v {
		n += float64(x) * float64(x)
	}
	if n == 0 || math.Abs(n-1) < 1e-6 {
		return v
	}
	n = math.Sqrt(n)
	out := make([]float32, len(v))
	for i, x := range v {
		out[i] = float32(float64(x) / n)
	}
	return out
}
