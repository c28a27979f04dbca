package offline

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/evolve"
)

// What a member says about themselves is kept as that member's memory,
// said once: their job, home, family, what they like, plan and did. Such a
// memory carries the tags TagMember, "member:<sender>" and its kind; it
// does not fade or expire for want of repetition, and a later line of the
// same member about a single-valued kind (job, home) updates it.
const TagMember = "member"

// factKind is a kind of thing members say about themselves.
type factKind struct {
	name   string
	single bool // a member has one at a time: a new one replaces the old
	named  bool // what the pattern matches names the thing itself ("grew up in Knoxville"): no object need follow
}

var factKinds = []factKind{
	{"job", true, true}, {"home", true, true}, {"family", false, false}, {"origin", false, true},
	{"owns", false, true}, {"school", false, true}, {"health", false, false}, {"likes", false, false},
	{"routine", false, false}, {"plans", false, false}, {"hopes", false, false}, {"did", false, false}, {"event", false, true},
}

// factAt returns the kind of thing the message says about its sender, if
// it says one in some language of ls (the first kind whose pattern it
// matches; a question says nothing about its sender), and where in text
// the sentence that says it begins and ends: the rest of the message is
// other talk.
func factAt(ls []Language, text string) (factKind, int, int, bool) {
	t := strings.TrimRightFunc(text, unicode.IsSpace)
	read := t // what the patterns read: the names of times lower-cased, so they name no thing
	for _, l := range ls {
		if l.TimeNames != nil && l.TimeNames.MatchString(read) {
			read = l.TimeNames.ReplaceAllStringFunc(read, strings.ToLower)
		}
	}
	owned := make([]bool, len(ls)) // a language reads a line only if it owns it (Language.Owns)
	for i := range ls {
		owned[i] = ls[i].Owns(t)
	}
	for _, k := range factKinds {
		for i := range ls {
			re := ls[i].Facts[k.name]
			if re == nil || !owned[i] {
				continue
			}
			// A match that asks, or tells of a chore, says nothing: a later
			// match of the same kind may ("Spent Saturday doing taxes.
			// Anyway, nobody beats Terry Pratchett for me").
			at := re.FindStringIndex(read)
			if at == nil {
				continue
			}
			if start, end, ok := factSpan(ls, &ls[i], k, t, at); ok {
				return k, start, end, true
			}
			for _, at := range re.FindAllStringIndex(read, maxFactMatches)[1:] {
				if start, end, ok := factSpan(ls, &ls[i], k, t, at); ok {
					return k, start, end, true
				}
			}
		}
	}
	return factKind{}, 0, 0, false
}

// maxFactMatches is how many matches of one kind's pattern factAt reads
// in one message.
const maxFactMatches = 4

// factSpan returns where the sentence that says the fact of kind k that
// the pattern of l matched at at begins and ends in t, if that match says
// one: not in a question, not a day's choice, not a chore, and naming
// what it is about.
func factSpan(ls []Language, l *Language, k factKind, t string, at []int) (int, int, bool) {
	// A pattern that reads from the start of a sentence matches the mark
	// or space before it ("…眼花 话说成都今天又下雨"): the match begins after.
	gap := len(t[at[0]:at[1]]) - len(strings.TrimLeftFunc(t[at[0]:at[1]], func(r rune) bool { return unicode.IsSpace(r) || unicode.IsPunct(r) }))
	at = []int{at[0] + gap, at[1]}
	if asks(ls, clauseAt(t, at[0])) || asks(ls, clauseAt(t, at[1]-1)) {
		return 0, 0, false // a question says nothing about its sender
	}
	if (k.name == "health" || k.name == "likes") && tiedToOccasion(ls, clauseAt(t, at[0])) {
		return 0, 0, false // "我今天不吃晚饭": one day's choice, not a trait
	}
	start := sentenceStart(t[:at[0]])
	if before := strings.TrimRightFunc(t[:at[0]], unicode.IsSpace); len(before) < at[0] && before != "" {
		// a match that opens the sentence a space between two
		// characters of an unspaced script began ("…手还是凉的 五常大米已截单")
		last, _ := utf8.DecodeLastRuneInString(before)
		if next, _ := utf8.DecodeRuneInString(t[at[0]:]); endsUnspaced(last) && unspaced(next) {
			start = at[0]
		}
	}
	if (k.name == "likes" || k.name == "plans" || k.name == "hopes" || k.name == "did") && chore(ls, t[start:at[1]+sentenceEnd(t[at[1]:])]) {
		return 0, 0, false // "spent the whole Saturday doing taxes": a chore, no pastime
	}
	if k.name == "plans" && l.Self != "" && !namesSomething(t[start:at[1]+sentenceEnd(t[at[1]:])]) {
		return 0, 0, false // "I'm going to clean the apartment": a chore, not a plan to remember
	}
	// What it is about is named in the match itself (a name, a number:
	// "Jude wants a Man City kit for his birthday"), or follows it, or,
	// for a match that does not open with the first person, comes before.
	if !(k.named || namesItself(ls, t[at[0]:at[1]]) || namesSomething(t[at[0]:at[1]]) || saysWhat(ls, t[at[1]:]) || !self(*l, t[at[0]:at[1]]) && (saysWhat(ls, t[start:at[0]]) || saysWhat(ls, lastClause(t[start:at[0]])))) {
		return 0, 0, false
	}
	end := at[1] + sentenceEnd(t[at[1]:])
	if rest := strings.TrimFunc(t[at[1]:end], func(r rune) bool { return unicode.IsPunct(r) || unicode.IsSpace(r) }); rest == "" ||
		utf8.RuneCountInString(rest) <= 2 && !strings.ContainsFunc(rest, func(r rune) bool { return !unspaced(r) }) {
		end += sentenceEnd(t[end:]) // "提车了！本田雅阁", "年假批了！下个月去清迈": what it names follows
	}
	if next := strings.TrimSpace(t[end : end+sentenceEnd(t[end:])]); next != "" && slices.ContainsFunc(ls, func(l Language) bool { return l.Irony != nil && l.Irony.MatchString(next) }) {
		return 0, 0, false // "I love living with people. Sometimes.": taken back
	}
	before := strings.TrimRightFunc(t[:start], func(r rune) bool { return unicode.IsSpace(r) || unicode.IsPunct(r) })
	if before != "" && namesItself(ls, t[at[0]:at[1]]) && asks(ls, strings.TrimSpace(t[sentenceStart(before):start])) {
		// "Can we keep soy out of the potluck? I'm allergic": what the
		// fact is about was asked for just before (the question itself
		// goes from the statement unless a rewrite says it plainly).
		start = sentenceStart(before)
	} else if before != "" && !namesSomething(t[start:end]) && namesSomething(t[sentenceStart(before):start]) {
		// "Found a signed Toni Morrison paperback!! My favorite
		// author": what the fact is about was named just before.
		start = sentenceStart(before)
	}
	return start, end, true
}

// lastClause returns what s says after its last clause mark: the words
// right before a match ("Anyway, hot take: Haruki Murakami" before "is the
// best writer" is "Haruki Murakami").
func lastClause(s string) string {
	if i := strings.LastIndexAny(s, ",.;:!?，。；：！？、"); i >= 0 {
		_, size := utf8.DecodeRuneInString(s[i:])
		return s[i+size:]
	}
	return s
}

// chore reports whether a sentence tells of a chore or an errand in some
// language of ls (Language.Chores).
func chore(ls []Language, sentence string) bool {
	for _, l := range ls {
		if l.Chores != nil && l.Chores.MatchString(sentence) {
			return true
		}
	}
	return false
}

// self reports whether a fact's match opens with the first person
// singular of l ("I love", "我喜欢"): what it is about follows it, and
// what comes before is other talk ("…terrible decisions and I love it").
func self(l Language, match string) bool {
	if l.Singular == nil {
		return false
	}
	loc := l.Singular.FindStringIndex(match)
	return loc != nil && loc[0] == 0
}

// namesSomething reports whether a sentence names a thing of its own: a
// capitalised word after its first, or a number.
func namesSomething(sentence string) bool {
	words := strings.Fields(sentence)
	for i, w := range words {
		r, _ := utf8.DecodeRuneInString(w)
		if unicode.IsDigit(r) || i > 0 && unicode.IsUpper(r) && w != "I" && !strings.HasPrefix(w, "I'") {
			return true
		}
	}
	return false
}

// sentenceEnd is where the first sentence of s ends: after its first
// sentence end (. ! ? and their full-width forms), before a space between
// two CJK characters (how a Chinese line joins two sentences), or len(s).
func sentenceEnd(s string) int {
	prev := rune(0)
	for i, r := range s {
		switch {
		case r == '.' && decimalPoint(s, i):
			// "£3.80" goes on
		case strings.ContainsRune(".!?。！？", r):
			return i + utf8.RuneLen(r)
		case unicode.IsSpace(r) && endsUnspaced(prev):
			if next, _ := utf8.DecodeRuneInString(s[i+utf8.RuneLen(r):]); unspaced(next) {
				return i
			}
		}
		prev = r
	}
	return len(s)
}

// decimalPoint reports whether the '.' at s[i] stands between two digits
// ("£3.80", "2.5k"): a number's, not a sentence's end.
func decimalPoint(s string, i int) bool {
	return i > 0 && i+1 < len(s) && s[i-1] >= '0' && s[i-1] <= '9' && s[i+1] >= '0' && s[i+1] <= '9'
}

// clauseAt returns the clause of t that holds offset i, with the mark that
// ends it: "我下周搬家，有人有纸箱吗" at 0 is "我下周搬家，". A space between
// two characters of an unspaced script ends a clause too, as it ends a
// sentence (sentenceEnd): "有人录了吗 话说我住普陀" at 我 is "话说我住普陀".
func clauseAt(t string, i int) string {
	const marks = "，。！？,.!?；;"
	from := 0
	if k := strings.LastIndexAny(t[:i], marks); k >= 0 {
		_, size := utf8.DecodeRuneInString(t[k:])
		from = k + size
	}
	if k := lastUnspacedBreak(t[from:i]); k >= 0 {
		from += k
	}
	to := len(t)
	if j := strings.IndexAny(t[i:], marks); j >= 0 {
		_, size := utf8.DecodeRuneInString(t[i+j:])
		to = i + j + size
	}
	if j := sentenceEnd(t[i:to]); i+j < to && !strings.ContainsAny(t[i:i+j], marks) {
		to = i + j
	}
	return t[from:to]
}

// lastUnspacedBreak returns where the last sentence that a space between
// two characters of an unspaced script began in s starts, or -1.
func lastUnspacedBreak(s string) int {
	at := -1
	prev := rune(0)
	for i, r := range s {
		if unicode.IsSpace(r) && endsUnspaced(prev) {
			if next, _ := utf8.DecodeRuneInString(s[i+utf8.RuneLen(r):]); unspaced(next) {
				at = i + utf8.RuneLen(r)
			}
		}
		prev = r
	}
	return at
}

// asks reports whether a clause is a question in the language of ls
// that owns it.
func asks(ls []Language, clause string) bool {
	l := language(ls, clause)
	return l != nil && l.Question != nil && l.Question.MatchString(strings.TrimRightFunc(clause, unicode.IsSpace))
}

// namesItself reports whether a matched fact already names what it says
// in some language of ls: an allergy, a diet or a move ("我对花生过敏",
// "I'm vegetarian", "我下周搬家"), or a food the language's lexicon knows
// ("我桃子不能碰", "I can't eat cilantro"), which needs no object after
// it, unlike "我不吃" or "I can't eat".
func namesItself(ls []Language, match string) bool {
	m := strings.ToLower(match)
	for _, l := range ls {
		for _, w := range l.NamesItself {
			if strings.Contains(m, w) {
				return true
			}
		}
		if slices.Contains(kindsIn(l.Name, m), "food") {
			return true
		}
	}
	return false
}

// sentenceStart is where the last sentence of s begins: after its last
// sentence end (. ! ? and their full-width forms), or 0.
func sentenceStart(s string) int {
	from := 0
	i := strings.LastIndexAny(s, ".!?。！？")
	for i >= 0 && s[i] == '.' && decimalPoint(s, i) {
		i = strings.LastIndexAny(s[:i], ".!?。！？")
	}
	if i >= 0 {
		_, size := utf8.DecodeRuneInString(s[i:])
		from = i + size
	}
	// or after a space between two CJK characters, how a Chinese line
	// joins two sentences
	prev := rune(0)
	for i, r := range s {
		if unicode.IsSpace(r) && endsUnspaced(prev) && i+1 > from {
			if next, _ := utf8.DecodeRuneInString(s[i+utf8.RuneLen(r):]); unspaced(next) {
				from = i + utf8.RuneLen(r)
			}
		}
		prev = r
	}
	return from
}

// saysWhat reports whether the rest of a clause after "I love", "I got",
// "我喜欢" names something: a word that is neither a function word, a
// Chinese particle or pronoun, nor a vague pointer (Language.Vague). Only
// the clause counts: in "I love that, I climbed in uni" the love is of
// "that".
func saysWhat(ls []Language, rest string) bool {
	if i := strings.IndexAny(rest, ",.;!?，。；！？、"); i >= 0 {
		rest = rest[:i]
	}
	for _, w := range strings.Fields(features(ls, rest)) {
		if w != "|" && !isFiller(ls, w) && !slices.ContainsFunc(ls, func(l Language) bool { return slices.Contains(l.Vague, w) }) {
			return true
		}
	}
	return false
}

// memberTag names the member a memory is about.
func memberTag(m groupmem.Message) string { return evolve.SubjectTag + sender(m) }

// memberFacts decides what the run's new messages say about their senders
// (but for the answers, which answers keeps), each fact of a message
// (at most maxFactsPerMessage): a new memory for each, in the member's
// name and with absolute dates, or the next version of the member's
// memory of that kind when the kind is single-valued. A fact already held
// in the same words, or that another decision of the run (taken) already
// words, is not repeated; one worded nearly as a memory or a fact of the
// run about the same member is (evolve would take it for a
// near-duplicate and replace the earlier one) extends that one with its
// date when it says something new ("Great hike at Eagle Peak…; on Mon
// Mar 9, great hike at Bear Lake"), and is dropped otherwise. A line no
// pattern reads may say a fact by a proper name of its own (novelFact);
// a fact said in words other members of the window use too (w.shared) is
// small talk and is not kept.
func (f *Fuser) memberFacts(items []*item, mems []groupmem.Memory, taken decisions, answered map[string]bool, w *windowWords) decisions {
	r := &factRun{f: f, w: w, mems: mems, updating: map[string]*decision{}, statements: map[string]bool{}, habits: map[string]*decision{}}
	for _, m := range mems {
		r.statements[m.Statement] = true
	}
	for _, d := range taken {
		r.statements[d.statement] = true
		if d.kind == groupmem.ActionCreate && !slices.Contains(d.tags, TagMember) {
			r.habits[d.statement] = d
		}
	}
	// What the group's habits state ("Climbing on Thursdays at 7pm at
	// Mission Cliffs"), a name of the group's, is no member's own.
	var group []string
	for _, m := range mems {
		if !isMemberFact(&m) && !isSetting(&m) {
			group = append(group, strings.ToLower(m.Statement))
		}
	}
	for _, d := range taken {
		if d.kind == groupmem.ActionCreate && d.tags == nil || d.kind == groupmem.ActionUpdate && d.mem != nil && !isMemberFact(d.mem) && !isSetting(d.mem) {
			group = append(group, strings.ToLower(d.statement))
		}
	}
	// A line a habit of the group's rests on ("早餐打卡：豆浆油条") is the
	// habit's, not a fact of its sender's for the reader to take.
	habitual := map[string]bool{}
	for _, d := range taken {
		if !slices.Contains(d.tags, TagMember) {
			for _, id := range d.evidence {
				habitual[id] = true
			}
		}
	}
	for _, m := range mems {
		if !isMemberFact(&m) && !isSetting(&m) {
			for _, id := range m.Evidence {
				habitual[id] = true
			}
		}
	}
	for _, it := range items {
		if !it.fresh || answered[it.msg.ID] {
			continue
		}
		fs := factsIn(f.cfg.Languages, it.msg.Content)
		if len(fs) == 0 && f.cfg.Lexicon != nil {
			if n, t, ok := f.novelFact(it, w); ok && !slices.ContainsFunc(group, func(st string) bool { return strings.Contains(st, t) }) &&
				(proper(f.cfg.Languages, it.msg.Content, t) || !w.aboutShared(f.cfg.Languages, it, it.msg.Content[n.from:n.to])) {
				fs = append(fs, n)
			} else if n, ok := f.readerFact(it, w); ok && !habitual[it.msg.ID] {
				fs = append(fs, n)
			} else if n, ok := f.selfDated(it, w); ok && !habitual[it.msg.ID] {
				fs = append(fs, n)
			}
		}
		for _, fs := range fs {
			said := it.msg.Content[fs.from:fs.to]
			if fs.kind.name == "routine" && !w.ofTwo() && plural(f.cfg.Languages, said) {
				continue // "we play volleyball every Saturday": the group's habit, but in a chat of two
			}
			if !w.shared(f.cfg.Languages, it.msg, said) {
				r.take(it.msg, fs)
			}
		}
	}
	return r.ds
}

// aboutShared reports whether sentence, a line of it, names a thing the
// other members name too that day or the day before, by two words
// together ("I'm in for board game night, bringing Catan" after others
// asked about "board game night"): a name of one word in it (inside) is
// brought to what the group is doing, not a thing of the member's own.
func (w *windowWords) aboutShared(ls []Language, it *item, sentence string) bool {
	var pairs []string
	for _, t := range withPairs(tokens(features(ls, sentence))) {
		if strings.Contains(t, " ") {
			pairs = append(pairs, t)
		}
	}
	days := []string{it.day}
	if d, err := time.Parse(time.DateOnly, it.day); err == nil {
		days = append(days, d.AddDate(0, 0, -1).Format(time.DateOnly))
	}
	s := sender(it.msg)
	for _, day := range days {
		ps := w.pairsOn(day)
		if slices.ContainsFunc(pairs, func(t string) bool { return ps[t].other(s) }) {
			return true
		}
	}
	return false
}

// factRun is the state of one memberFacts call: the decisions so far,
// this run's update of each memory (by id), the statements already held or
// decided, and this run's new habits by statement.
type factRun struct {
	f          *Fuser
	w          *windowWords
	mems       []groupmem.Memory
	ds         decisions
	updating   map[string]*decision
	statements map[string]bool
	habits     map[string]*decision
}

// take decides what fact fs of message msg says, by the rules of
// memberFacts.
func (r *factRun) take(msg groupmem.Message, fs saidFact) {
	f, k := r.f, fs.kind
	// The statement begins with the sentence that says it ("Busy. I
	// finished the migration" is about the migration).
	said := msg
	said.Content = said.Content[fs.from:fs.to]
	// A game's result is worded as the team's, but kept under its poster's
	// tag: evolve takes like statements of no member for one, and each
	// result is a memory of its own.
	st, _ := f.factStatement(said, k, r.w)
	tags := []string{TagMember, memberTag(msg), k.name}
	if h := r.habits[st]; h != nil && slices.Equal(h.evidence, []string{msg.ID}) {
		// A habit this run read from this line alone is what the member
		// said about themselves: it is kept as such, and does not fade.
		h.tags, h.strength = tags, 0.6
		delete(r.habits, st)
		return
	}
	if st == "" || r.statements[st] || len([]rune(st)) > f.cfg.MaxStatementRunes {
		return
	}
	r.statements[st] = true
	d := &decision{kind: groupmem.ActionCreate, statement: st, evidence: []string{msg.ID},
		strength: 0.6, tags: tags,
		reason: fmt.Sprintf("%s said this about themselves (%s) on %s", sender(msg), k.name,
			msg.SentAt.In(f.cfg.Evolve.Location).Format(time.DateOnly))}
	old := (*groupmem.Memory)(nil)
	if k.single {
		old = memberMemory(r.mems, msg, k.name)
	}
	if old == nil {
		if old = f.nearMemory(r.mems, r.ds, r.updating, msg, st); old != nil && !saysNew(f.cfg.Languages, st, old.Statement) {
			return // said already, in nearly the same words
		}
	}
	if old != nil {
		if prev := r.updating[old.ID]; prev != nil {
			// A second line of the run about the same thing extends
			// the first one's version.
			sofar := *old
			sofar.Statement, sofar.Evidence = prev.statement, prev.evidence
			f.extend(d, &sofar, msg, "added to what they said about themselves ("+k.name+")")
			prev.statement, prev.evidence, prev.reason = d.statement, d.evidence, d.reason
			return
		}
		f.extend(d, old, msg, "added to what they said about themselves ("+k.name+")")
		r.updating[old.ID] = d
	}
	r.ds = append(r.ds, d)
}

// maxFactsPerMessage is how many facts memberFacts reads in one message.
const maxFactsPerMessage = 3

// saidFact is where a fact of kind is said in a message.
type saidFact struct {
	kind     factKind
	from, to int
}

// factsIn returns the facts a message says about its sender, in order,
// each read by factAt from where the one before ends ("最近迷上了看纪录片…
// 话说我处女座的": a pastime, then a sign).
func factsIn(ls []Language, text string) []saidFact {
	var out []saidFact
	for off := 0; off < len(text) && len(out) < maxFactsPerMessage; {
		k, from, to, ok := factAt(ls, text[off:])
		if !ok || to <= from {
			break
		}
		out = append(out, saidFact{k, off + from, off + to})
		off += to
	}
	return out
}

// nearMemory returns the active memory of m's sender, or the memory this
// run creates or updates for them (ds, updating), whose statement evolve
// would take st for a near-duplicate of (evolve.Similarity at least
// Evolve.NearDuplicate); nil when there is none. A create of the run is
// returned as a memory of its own, with the id of its statement, so that a
// later fact extends it through updating.
func (f *Fuser) nearMemory(mems []groupmem.Memory, ds decisions, updating map[string]*decision, m groupmem.Message, st string) *groupmem.Memory {
	tag := memberTag(m)
	for i := range mems {
		if mems[i].Status == groupmem.StatusActive && slices.Contains(mems[i].Tags, tag) {
			cur := mems[i].Statement
			if d := updating[mems[i].ID]; d != nil {
				cur = d.statement
			}
			if evolve.Similarity(cur, st) >= f.cfg.Evolve.NearDuplicate {
				return &mems[i]
			}
		}
	}
	for _, d := range ds {
		if d.kind == groupmem.ActionCreate && slices.Contains(d.tags, tag) && evolve.Similarity(d.statement, st) >= f.cfg.Evolve.NearDuplicate {
			id := "run:" + d.statement
			if updating[id] == nil {
				updating[id] = d
			}
			return &groupmem.Memory{ID: id, Statement: d.statement, Evidence: d.evidence, Tags: d.tags, Status: groupmem.StatusActive}
		}
	}
	return nil
}

// saysNew reports whether st has a clause that said does not hold.
func saysNew(ls []Language, st, said string) bool {
	known := map[string]bool{}
	for _, c := range clauses(ls, said) {
		known[sameLine(strings.TrimRight(dropLead(ls, c), ",，、;；:："))] = true
	}
	for _, c := range clauses(ls, st) {
		if !known[sameLine(strings.TrimRight(dropLead(ls, c), ",，、;；:："))] {
			return true
		}
	}
	return false
}

// extend turns d, a member's new line about a single-valued kind (job,
// home), into the next version of their memory of that kind, old: the
// earlier statement is kept and the new one follows it with its date
// ("Ann works as a nurse…; on Mon Feb 1, Ann just started working day
// shifts"), since a line such as "day shifts now" or "moving to Shanghai
// in June" does not undo all that was said before. Only when the whole
// would be longer than MaxStatementRunes are the earlier parts cut to
// their first clause, then the oldest parts dropped; the reason says what
// was kept, cut or dropped. The evidence is both.
func (f *Fuser) extend(d *decision, old *groupmem.Memory, m groupmem.Message, did string) {
	day := m.SentAt.In(f.cfg.Evolve.Location)
	sep, lead := "; ", ""
	if l := language(f.cfg.Languages, d.statement); l != nil && l.Date != nil {
		sep, lead = l.PartSep, fmt.Sprintf(l.DatedPart, l.Date(day))
		if dateIn(d.statement, l.Date(day)) || l.Dated != nil && l.Dated.MatchString(d.statement) {
			lead = "" // the line dates itself
		}
	}
	parts := append(extendedParts(f.cfg.Languages, old.Statement), lead+unsaid(f.cfg.Languages, d.statement, old.Statement))
	dropped, shortened := 0, 0
	for len(parts) > 1 && len([]rune(strings.Join(parts, sep))) > f.cfg.MaxStatementRunes {
		// The earlier parts keep their first clause, which says the fact,
		// before the oldest part goes whole.
		if i := slices.IndexFunc(parts[:len(parts)-1], func(p string) bool { return firstClause(f.cfg.Languages, p) != p }); i >= 0 {
			parts[i] = firstClause(f.cfg.Languages, parts[i])
			shortened++
			continue
		}
		parts, dropped = parts[1:], dropped+1
	}
	if len(parts) == 1 {
		parts[0] = d.statement // alone, it needs no date to set it apart
	}
	parts[0] = capitalize(parts[0]) // "on Mon Mar 23, …" opening the statement once the oldest part went
	d.kind, d.mem, d.statement = groupmem.ActionUpdate, old, strings.Join(parts, sep)
	d.evidence = append(slices.Clone(d.evidence), old.Evidence...)
	d.evidence = d.evidence[:min(len(d.evidence), f.cfg.MaxEvidence)]
	d.reason = fmt.Sprintf("%s %s on %s; the earlier statement is kept", sender(m), did, day.Format(time.DateOnly))
	if shortened > 0 && dropped == 0 {
		d.reason = fmt.Sprintf("%s %s on %s; the earlier statement is kept, %d of its parts to their first clause to stay within %d characters",
			sender(m), did, day.Format(time.DateOnly), shortened, f.cfg.MaxStatementRunes)
	}
	if dropped > 0 {
		d.reason = fmt.Sprintf("%s %s on %s; the %d oldest parts of %q went to stay within %d characters",
			sender(m), did, day.Format(time.DateOnly), dropped, groupmem.Truncate(old.Statement, 80), f.cfg.MaxStatementRunes)
	}
}

// extendedParts splits a statement into the parts extend joined: at the
// separator of a language of ls, where a part that a date opens
// follows (Language.DatedPart), not at every semicolon.
func extendedParts(ls []Language, st string) []string {
	for _, l := range ls {
		if l.PartSep == "" || l.Date == nil || !strings.Contains(st, l.PartSep) {
			continue
		}
		var parts []string
		for _, p := range strings.Split(st, l.PartSep) {
			if len(parts) > 0 && (l.PartLead == nil || !l.PartLead.MatchString(p)) {
				parts[len(parts)-1] += l.PartSep + p
				continue
			}
			parts = append(parts, p)
		}
		return parts
	}
	return []string{st}
}

// firstClause is a part of an extended statement cut after its first
// clause that says something (not a name alone), without the mark that
// ends it, after its date; the part itself when nothing would be cut.
func firstClause(ls []Language, part string) string {
	lead := ""
	for _, l := range ls {
		if l.PartLead != nil {
			if at := l.PartLead.FindStringIndex(part); at != nil {
				lead, part = part[:at[1]], part[at[1]:]
				break
			}
		}
	}
	cs := clauses(ls, part)
	// The first clause that says something: not a name alone ("Jess:").
	i := slices.IndexFunc(cs, func(c string) bool { return len(segments(c)) > 0 && unitsOf(strings.Join(segments(c), " ")) > 4 })
	if len(cs) < 2 || i < 0 {
		return lead + part
	}
	// When it names nothing, up to the clause that names what it is
	// about ("Imogen and family have moved house, Todmorden now").
	if head := strings.Join(cs[:i+1], " "); !namesSomething(head) {
		if j := slices.IndexFunc(cs[i+1:], func(c string) bool { return namesSomething(head + " " + c) }); j >= 0 {
			i += 1 + j
		}
	}
	if i >= len(cs)-1 {
		return lead + part
	}
	return lead + strings.TrimRight(strings.Join(cs[:i+1], " "), ",，、;；:： ")
}

// unsaid is st without its clauses that said already holds ("So Marcus
// finally switched careers, they're a pastry chef now" after a statement
// that tells the switch), or st when every clause is said.
func unsaid(ls []Language, st, said string) string {
	known := map[string]bool{}
	for _, c := range clauses(ls, said) {
		known[sameLine(strings.TrimRight(dropLead(ls, c), ",，、;；:："))] = true
	}
	var kept []string
	for _, c := range clauses(ls, st) {
		if !known[sameLine(strings.TrimRight(dropLead(ls, c), ",，、;；:："))] {
			kept = append(kept, c)
		}
	}
	if len(kept) == 0 {
		return st
	}
	return clean(ls, strings.Join(kept, " "))
}

// dateIn reports whether st holds the date, not as the end of another
// (2月1日 in 12月1日).
func dateIn(st, date string) bool {
	for i := 0; ; {
		k := strings.Index(st[i:], date)
		if k < 0 {
			return false
		}
		if at := i + k; at == 0 || st[at-1] < '0' || st[at-1] > '9' {
			return true
		}
		i += k + 1
	}
}

// memberMemory returns the active memory of kind about m's sender, or nil.
func memberMemory(mems []groupmem.Memory, m groupmem.Message, kind string) *groupmem.Memory {
	for i := range mems {
		t := mems[i].Tags
		if mems[i].Status == groupmem.StatusActive && slices.Contains(t, memberTag(m)) && slices.Contains(t, kind) {
			return &mems[i]
		}
	}
	return nil
}

// isMemberFact reports whether a memory holds what a member said about
// themselves.
func isMemberFact(m *groupmem.Memory) bool { return slices.Contains(m.Tags, TagMember) }

// factStatement words what said, the sentences of a message that say a
// fact of kind k, tells: in its member's name, or, for a game's result,
// the team's (team). Its "we" is the member's household, but for an
// event or a line naming another member of w (nil: none), where it is
// those who were there; in a chat of two, a line that does not name the
// other is never of the two of them (WeApart).
func (f *Fuser) factStatement(said groupmem.Message, k factKind, w *windowWords) (st string, team bool) {
	if result(f.cfg.Languages, said.Content) {
		return f.teamStatement(said), true // whichever kind's pattern read it
	}
	// What the group did together ("ended up at The Kings Head, the
	// landlord knows us by name") has the group as its "we".
	if k.name == "family" || k.name == "owns" {
		said.Content = mine(f.cfg.Languages, said.Content)
	}
	said.Content = w.dropVocatives(said)
	we := w.we(said, k.name != "event")
	if we != WeGroup && (k.name == "home" || k.name == "family" || k.name == "owns") {
		we = WeHousehold // "we're in Titirangi now": the member's household moved
	}
	return f.subject(f.memberStatement(said, we), said), false
}

// dropVocatives returns m's text without the other members it calls by
// name at the end of a sentence ("You knew everything, Dev." → "You knew
// everything."): a memory speaks of a member, never to one.
func (w *windowWords) dropVocatives(m groupmem.Message) string {
	text := m.Content
	if w == nil {
		return text
	}
	for s, name := range w.members {
		if s == sender(m) || utf8.RuneCountInString(name) < 2 {
			continue
		}
		for _, comma := range []string{", ", "，"} {
			call := comma + name
			for _, mark := range vocativeEnds {
				text = strings.ReplaceAll(text, call+mark, mark) // the call goes, its mark stays
			}
			text = strings.TrimSuffix(text, call)
		}
	}
	return text
}

// vocativeEnds are the marks that close a sentence a call by name may end.
var vocativeEnds = []string{".", "!", "?", "。", "！", "？", "~", "～"}

// we is whose the plural first person of m, a member's own line, is:
// the group's when it names another member of w, the member's apart from
// the other in a chat of two, and otherwise the member's household when
// own (not an event of the group's).
func (w *windowWords) we(m groupmem.Message, own bool) We {
	switch {
	case w.namesOther(m):
		return WeGroup
	case w.ofTwo():
		return WeApart
	case own:
		return WeOwn
	}
	return WeGroup
}

// namesOther reports whether m names a member of the window other than
// its sender: then its "we" is those who were there, not the sender's
// household ("dragged ourselves to Big Star and Kayla paid").
func (w *windowWords) namesOther(m groupmem.Message) bool {
	if w == nil {
		return false
	}
	lower := strings.ToLower(m.Content)
	for s, name := range w.members {
		if s != sender(m) && utf8.RuneCountInString(name) > 1 && nameAt(lower, strings.ToLower(name)) >= 0 {
			return true
		}
	}
	return false
}

// mine reads a member's line about an animal or a thing of theirs that
// opens with it by its article (Language.Definite) as theirs, in the
// first person (Language.Mine), for the rewrite to name them: "The Maine
// Coon ate a shin pad" → "My Maine Coon…" → "Becks's Maine Coon…".
func mine(ls []Language, line string) string {
	l := language(ls, line)
	if l == nil || l.Definite == "" || l.Mine == "" || !strings.HasPrefix(line, l.Definite) {
		return line
	}
	return l.Mine + line[len(l.Definite):]
}

// result reports whether a line tells, in some language of ls that owns
// it, how a game the group played ended (Language.Result).
func result(ls []Language, line string) bool {
	return slices.ContainsFunc(ls, func(l Language) bool { return l.Result != nil && l.Owns(line) && l.Result.MatchString(line) })
}

// teamStatement words a line that tells a game's result as the team's:
// its plural first person the team (Language.Teamed), and the team its
// subject when it names none ("Lost 3-1 to Sporting Chance" → "The team
// lost 3-1 to Sporting Chance", "输给X了" → "队里输给X了"), or before it
// ("The team: 4-2 win against …").
func (f *Fuser) teamStatement(m groupmem.Message) string {
	ls := f.cfg.Languages
	st := strings.Join(strings.Fields(statementOf(ls, m.Content)), " ")
	for i := range ls {
		if ls[i].Teamed != nil && ls[i].Owns(st) {
			st = ls[i].Teamed(st)
		}
	}
	st = clean(ls, voice(ls, st, m, f.cfg.Evolve.Location, WeGroup))
	cs := clauses(ls, st)
	if len(cs) == 0 {
		return ""
	}
	l := language(ls, cs[0])
	if l == nil || l.Team == "" {
		return st
	}
	named := strings.Contains(strings.ToLower(st[:sentenceEnd(st)]), strings.ToLower(l.Team))
	switch {
	case l.opensWithVerb(cs[0]):
		r, size := utf8.DecodeRuneInString(st)
		return l.Team + l.SubjectSpace + string(unicode.ToLower(r)) + st[size:]
	case named:
		return st // the team is in it already ("Full time: the team 5, …")
	case l.VerbLead == nil:
		return l.Team + l.SubjectSpace + st
	}
	return l.Team + l.Attribution + st
}

// subject gives a member's statement that does not name them its
// subject, as the language of its first clause says: "Booked flights to
// Lisbon" → "Ann booked flights to Lisbon", "提车了" → "婷婷提车了",
// another one "Ann: ...".
func (f *Fuser) subject(st string, m groupmem.Message) string {
	name := cmp.Or(strings.TrimSpace(m.SenderName), strings.TrimSpace(m.SenderID))
	if st == "" || name == "" || nameAt(st, name) == 0 {
		return st
	}
	cs := clauses(f.cfg.Languages, st)
	l := language(f.cfg.Languages, cs[0])
	if l == nil {
		return st
	}
	named := nameAt(strings.ToLower(st), strings.ToLower(name)) >= 0
	switch {
	case l.VerbLead == nil && !named && l.Notice != nil && l.Notice.MatchString(st):
		return name + l.Attribution + st // "阿梅：临安山核桃已截单": a notice, not the poster's act
	case l.VerbLead == nil && !named && l.Household != nil && l.Household(st):
		st = adjoin(name+l.Home, st) // "青青家糖糖期中考了全班第三": the poster's child, not the poster
	case l.VerbLead == nil && l.Pronoun != "" && nameAt(st, name) > 0 && nameAt(cs[0], name) < 0 && (l.Notice == nil || !l.Notice.MatchString(st)):
		// "下班还得刷一建的题，开黑军哥就不来了": the member is the subject
		// from the first clause on
		at := nameAt(st, name)
		st = adjoin(name+l.SubjectSpace, st[:at]+l.Pronoun+st[at+len(name):])
	case l.VerbLead == nil && !named:
		st = adjoin(name+l.SubjectSpace, st) // "阿梅Harbor Lights的精酿不错": nothing to lower-case
	case l.opensWithVerb(cs[0]):
		r, size := utf8.DecodeRuneInString(st)
		st = name + l.SubjectSpace + string(unicode.ToLower(r)) + st[size:]
	case !named:
		return name + l.Attribution + st
	}
	return l.once(st, name)
}
