package offline

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/groupmem/groupmem"
)

// A series is what a group does again and again, each time with another
// name, and posts in the same words: the week's lunch place ("Lunch at
// Tacos El Rey today?"), the English corner's topic ("今晚英语角的主题是
// 「相亲角」"), the village school the volunteers went to. A sentence of the
// window whose words, outside one short stretch (its slot), are the words
// of sentences sent on other days, each with a slot of its own, is an
// occurrence; members' names count as one word wherever they stand, so
// "…and Owen taught them" and "…and Maeve taught them" share their frame.
// Sentences posted in the same words on seriesMinDays days or more (two,
// when the words around the slot say much and every slot names
// something), with as many slots that differ, are a series when the words
// around the slot say something (seriesMinFrameUnits), speak of no sender
// alone and fit a statement (no "you", no greeting; a question mark at
// their end is a proposal that was posted, and goes). A word with a
// capital at the slot's edge belongs to the names ("Sports Day").
//
// The series is kept as one memory of the group that lists its
// occurrences in the words they share, each with who posted it and when:
// "Lunch at Noodle Bar 8 (Emma, Mon Mar 2); Tacos El Rey (Marcus, Mon Mar
// 9)", "英语角的主题是「相亲角（老周，3月12日）；superpowers（依依，3月19日）」".
// Most of its slots must name something (a proper name, a word rare in
// ordinary text) said nowhere else in the window: talk that happens to
// share its words ("Woke up to sleet again", "Woke up to thick fog
// again") draws them from what everyone says.
// A later occurrence extends the memory; the oldest occurrences go when
// it would pass MaxStatementRunes. A series memory carries TagSeries and,
// like a setting, does not fade for want of repetition. Only a series
// with an occurrence among the run's new messages creates or changes a
// memory.
const TagSeries = "series"

// The bounds of a series.
const (
	// seriesMinDays is how many days a series' sentences must be posted on.
	seriesMinDays = 3
	// seriesMinDaysLong is how many days suffice when the frame says
	// much (seriesLongFrameUnits) and every slot names something:
	// "Morning workshop done: {…} with twelve signed up and fourteen who
	// came" posted twice is a series; "Back from {…}." is not.
	seriesMinDaysLong    = 2
	seriesLongFrameUnits = 12
	// seriesMinFrameUnits is how much the words around a slot must say
	// (unitsOf: a CJK character one, another word two).
	seriesMinFrameUnits = 6
	// seriesMaxSlotUnits bounds a slot: a name, not a sentence.
	seriesMaxSlotUnits = 12
	// seriesMaxBucket bounds the sentences compared for sharing their
	// first or last two words: a larger bucket is an opening everyone uses
	// ("I think"), not a series.
	seriesMaxBucket = 400
)

// nameMark stands for a member's name in a sentence read for its frame.
const nameMark = "\uE000"

// isSeries reports whether a memory lists a series of the group.
func isSeries(m *groupmem.Memory) bool { return slices.Contains(m.Tags, TagSeries) }

// shapeToken is a unit of a sentence read for its frame: a lower-cased
// word, one character of an unspaced script, or one mark.
type shapeToken struct {
	id       int // the token's text, interned
	units    int // 2 for a word, 1 for an unspaced character, 0 for a mark
	from, to int // its bytes in the sentence
}

// occurrence is a sentence of the window read for its frame.
type occurrence struct {
	it       *item
	sentence string // as posted, members' names replaced by nameMark
	toks     []shapeToken
	content  []int // the indexes of its tokens that are not marks
}

// series decides what the window's series say: a new series memory for
// each series with an occurrence among the run's new messages, or the
// next version of its memory with the occurrences it does not list yet.
func (f *Fuser) series(items []*item, mems []groupmem.Memory, w *windowWords) decisions {
	ls := f.cfg.Languages
	intern := map[string]int{}
	var occs []*occurrence
	for _, it := range items {
		text := maskNames(strip(it.msg.Content, true), w.members)
		for _, s := range sentencesOf(text) {
			s = dropLead(ls, s)
			o := &occurrence{it: it, sentence: s, toks: shapeOf(s, intern)}
			for i, t := range o.toks {
				if t.units > 0 {
					o.content = append(o.content, i)
				}
			}
			if len(o.content) >= 3 {
				occs = append(occs, o)
			}
		}
	}
	var said strings.Builder // every sentence, lower-cased, one a line
	for _, o := range occs {
		said.WriteString(strings.ToLower(o.sentence))
		said.WriteByte('\n')
	}
	all := said.String()
	groups := seriesGroups(occs, func(o *occurrence, slot []shapeToken) bool {
		return own(all, strings.ToLower(slotText(o, slot))) && f.names(o, slot)
	})
	var ds decisions
	for _, g := range groups {
		if d := f.seriesDecision(g, mems); d != nil {
			ds = append(ds, d)
		}
	}
	return ds
}

// maskNames replaces the members' names in text by nameMark.
func maskNames(text string, members map[string]string) string {
	for _, name := range members {
		if utf8.RuneCountInString(name) >= 2 && strings.Contains(text, name) {
			text = replaceName(text, name)
		}
	}
	return text
}

// replaceName replaces name in text where it stands as a name: not inside
// a longer word of a spaced script.
func replaceName(text, name string) string {
	var b strings.Builder
	for {
		i := strings.Index(text, name)
		if i < 0 {
			b.WriteString(text)
			return b.String()
		}
		j := i + len(name)
		if nameBounded(text, i, len(name)) {
			b.WriteString(text[:i] + nameMark)
		} else {
			b.WriteString(text[:j])
		}
		text = text[j:]
	}
}

// shapeOf splits a sentence into its tokens.
func shapeOf(s string, intern map[string]int) []shapeToken {
	var out []shapeToken
	id := func(t string) int {
		n, ok := intern[t]
		if !ok {
			n = len(intern)
			intern[t] = n
		}
		return n
	}
	start := -1 // the start of the word being read
	flush := func(end int) {
		if start >= 0 {
			out = append(out, shapeToken{id: id(strings.ToLower(s[start:end])), units: 2, from: start, to: end})
			start = -1
		}
	}
	for i, r := range s {
		switch {
		case unspaced(r) || string(r) == nameMark:
			flush(i)
			units := 1
			if string(r) == nameMark {
				units = 2
			}
			out = append(out, shapeToken{id: id(string(r)), units: units, from: i, to: i + utf8.RuneLen(r)})
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r) || r == '\'' && start >= 0:
			if start < 0 {
				start = i
			}
		case unicode.IsSpace(r):
			flush(i)
		default:
			flush(i)
			out = append(out, shapeToken{id: id(string(r)), from: i, to: i + utf8.RuneLen(r)})
		}
	}
	flush(len(s))
	return out
}

// seriesGroup is the occurrences of one series and the length of the
// frame they share, in tokens before and after the slot.
type seriesGroup struct {
	occs           []*occurrence
	prefix, suffix int
}

// slot returns o's slot in g's frame, as tokens.
func (g *seriesGroup) slot(o *occurrence) []shapeToken {
	return o.toks[g.prefix : len(o.toks)-g.suffix]
}

// slotText returns the words of slot, tokens of o, as o posted them.
func slotText(o *occurrence, slot []shapeToken) string {
	return o.sentence[slot[0].from:slot[len(slot)-1].to]
}

// seriesGroups finds the series among occs: sentences that share their
// frame with sentences of other days (framed), joined, and kept where
// all of them share one frame on SeriesMinDays days with as many slots.
func seriesGroups(occs []*occurrence, names func(*occurrence, []shapeToken) bool) []*seriesGroup {
	buckets := map[[3]int][]int{} // by which end (0, 1) and its two words
	for i, o := range occs {
		c := o.content
		first := [3]int{0, o.toks[c[0]].id, o.toks[c[1]].id}
		last := [3]int{1, o.toks[c[len(c)-2]].id, o.toks[c[len(c)-1]].id}
		buckets[first] = append(buckets[first], i)
		buckets[last] = append(buckets[last], i)
	}
	parent := make([]int, len(occs))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		if parent[i] != i {
			parent[i] = find(parent[i])
		}
		return parent[i]
	}
	for _, b := range buckets {
		if len(b) < 2 || len(b) > seriesMaxBucket {
			continue
		}
		for x, i := range b {
			for _, j := range b[x+1:] {
				a, c := occs[i], occs[j]
				if a.it.day == c.it.day || find(i) == find(j) {
					continue
				}
				if p, s := frameOf(a.toks, c.toks); framed(a.toks, c.toks, p, s) {
					parent[find(i)] = find(j)
				}
			}
		}
	}
	byRoot := map[int][]*occurrence{}
	var roots []int
	for i, o := range occs {
		r := find(i)
		if _, ok := byRoot[r]; !ok {
			roots = append(roots, r)
		}
		byRoot[r] = append(byRoot[r], o)
	}
	slices.Sort(roots)
	var out []*seriesGroup
	for _, r := range roots {
		if g := sharedFrame(byRoot[r], names); g != nil {
			out = append(out, g)
		}
	}
	return out
}

// frameOf returns how many tokens a and b share at their start and, after
// those, at their end.
func frameOf(a, b []shapeToken) (prefix, suffix int) {
	n := min(len(a), len(b))
	for prefix < n && a[prefix].id == b[prefix].id {
		prefix++
	}
	for suffix < n-prefix && a[len(a)-1-suffix].id == b[len(b)-1-suffix].id {
		suffix++
	}
	return prefix, suffix
}

// framed reports whether a and b are two occurrences of one frame whose
// first prefix and last suffix tokens they share: the frame says enough
// and each slot is a short name of its own.
func framed(a, b []shapeToken, prefix, suffix int) bool {
	frame := 0
	for _, t := range a[:prefix] {
		frame += t.units
	}
	for _, t := range a[len(a)-suffix:] {
		frame += t.units
	}
	if frame < seriesMinFrameUnits {
		return false
	}
	sa, sb := a[prefix:len(a)-suffix], b[prefix:len(b)-suffix]
	return slotOK(sa) && slotOK(sb)
}

// slotOK reports whether a slot can name an occurrence: it has a word or
// a character of an unspaced script, and is short.
func slotOK(slot []shapeToken) bool {
	units := 0
	for _, t := range slot {
		units += t.units
	}
	return units > 0 && units <= seriesMaxSlotUnits
}

// sharedFrame returns the frame all of occs share, the occurrences whose
// slot in it is a name, one a day, when they are a series with an
// occurrence among the run's new messages: nil when they are not. Most of
// the slots must name something (names): "Noodle Bar 8", "相亲角", not "an
// hour" or "dishwasher" from lines of talk that happen to share their
// words.
func sharedFrame(occs []*occurrence, names func(*occurrence, []shapeToken) bool) *seriesGroup {
	if len(occs) < seriesMinDaysLong {
		return nil
	}
	first := occs[0].toks
	prefix, suffix := len(first), len(first)
	for _, o := range occs[1:] {
		p, s := frameOf(first, o.toks)
		prefix, suffix = min(prefix, p), min(suffix, s)
	}
	// A word with a capital that the frame shares at the slot's edge is
	// part of the names ("Botanical Garden", "Sports Day"), not of the
	// frame.
	capital := func(t shapeToken) bool { return t.units == 2 && capitalized(occs[0].sentence[t.from:t.to]) }
	for suffix > 0 && capital(first[len(first)-suffix]) {
		suffix--
	}
	for prefix > 1 && capital(first[prefix-1]) {
		prefix--
	}
	g := &seriesGroup{prefix: prefix, suffix: suffix}
	days, slots := map[string]bool{}, map[string]bool{}
	for _, o := range occs {
		if len(o.toks) < prefix+suffix || !framed(first, o.toks, prefix, suffix) {
			continue
		}
		slot := g.slot(o)
		text := strings.ToLower(slotText(o, slot))
		if strings.Contains(text, nameMark) || strings.ContainsAny(text, clauseMarks) || !strings.ContainsFunc(text, unicode.IsLetter) {
			continue // a member's name, clauses, or a number: a score, a time
		}
		if days[o.it.day] || slots[text] {
			continue
		}
		days[o.it.day], slots[text] = true, true
		g.occs = append(g.occs, o)
	}
	frame := 0
	for _, t := range first[:prefix] {
		frame += t.units
	}
	for _, t := range first[len(first)-suffix:] {
		frame += t.units
	}
	long := frame >= seriesLongFrameUnits
	if len(days) < seriesMinDays && !(long && len(days) >= seriesMinDaysLong) || !slices.ContainsFunc(g.occs, func(o *occurrence) bool { return o.it.fresh }) {
		return nil // no series, or none the run's new messages speak of
	}
	named := 0
	for _, o := range g.occs {
		if names(o, g.slot(o)) {
			named++
		}
	}
	if 3*named < 2*len(g.occs) || len(days) < seriesMinDays && named < len(g.occs) {
		return nil
	}
	return g
}

// own reports whether value is said once in all, the window's sentences:
// a series names each occurrence once, where talk that shares a frame
// draws its words from what everyone says ("Woke up to sleet again",
// "Nothing but sleet out there").
func own(all, value string) bool {
	i := strings.Index(all, value)
	return i < 0 || !strings.Contains(all[i+len(value):], value)
}

// seriesMaxFreq is how rare in ordinary text a word of a slot must be to
// name something by itself.
const seriesMaxFreq = novelMaxFreq

// names reports whether slot, in o, names something: it holds no mark
// that ends a clause, and a word of it is rare in ordinary text or
// unknown there (the Lexicon's frequency), or, in a script with
// capitals, written with one inside its sentence or with a digit
// ("Noodle Bar 8", "Model 3").
func (f *Fuser) names(o *occurrence, slot []shapeToken) bool {
	text := slotText(o, slot)
	if strings.ContainsAny(text, clauseMarks) {
		return false
	}
	for _, t := range slot {
		w := o.sentence[t.from:t.to]
		if t.units == 2 && t.from > 0 && named(f.cfg.Languages, w) {
			return true
		}
		if t.units == 2 && strings.ContainsFunc(w, unicode.IsDigit) && strings.ContainsFunc(w, unicode.IsLetter) {
			return true
		}
	}
	for _, w := range f.cfg.Lexicon.Terms(strings.ToLower(text)) {
		if utf8.RuneCountInString(w) < 2 || strings.ContainsFunc(w, unicode.IsDigit) {
			continue
		}
		if !strings.ContainsFunc(w, unspaced) && utf8.RuneCountInString(w) < novelMinRunes {
			continue
		}
		if f.cfg.Lexicon.Frequency(w) <= seriesMaxFreq {
			return true
		}
	}
	return false
}

// seriesEntry is one occurrence as a series memory lists it.
type seriesEntry struct {
	value string // the slot as posted
	text  string // "Noodle Bar 8 (Emma, Mon Mar 2)"
	id    string // the message's id
}

// seriesDecision decides what series g says: nil when none of its
// occurrences is new, its words do not make a statement, or its memory
// lists them all.
func (f *Fuser) seriesDecision(g *seriesGroup, mems []groupmem.Memory) *decision {
	ls := f.cfg.Languages
	last := g.occs[len(g.occs)-1]
	head, tail := f.seriesLabel(g, last)
	if head == "" && tail == "" {
		return nil
	}
	slot := g.slot(last)
	example := head + slotText(last, slot) + tail
	l := language(ls, example)
	if l == nil || !fitAll(ls, example) || singular(ls, example) || contentUnits(ls, head+" "+tail) < 4 {
		return nil // "who's in for …", "I went to the … yesterday": no series of the group's
	}
	unspacedLabel := strings.ContainsFunc(head+tail, unspaced)
	entries := make([]seriesEntry, 0, len(g.occs))
	for _, o := range g.occs {
		value := strings.TrimSpace(slotText(o, g.slot(o)))
		day := o.it.msg.SentAt.In(f.cfg.Evolve.Location)
		who := cmp.Or(strings.TrimSpace(o.it.msg.SenderName), o.it.msg.SenderID)
		text := value + " (" + who + ", " + l.Date(day) + ")"
		if unspacedLabel {
			text = value + "（" + who + "，" + l.Date(day) + "）"
		}
		entries = append(entries, seriesEntry{value: value, text: text, id: o.it.msg.ID})
	}
	old := seriesMemory(mems, entries)
	if old != nil {
		listed := func(e seriesEntry) bool {
			return slices.Contains(old.Evidence, e.id) || strings.Contains(old.Statement, e.value+" (") || strings.Contains(old.Statement, e.value+"（")
		}
		if !slices.ContainsFunc(entries, func(e seriesEntry) bool { return !listed(e) }) {
			return nil
		}
		kept := oldEntries(old.Statement, head, tail, unspacedLabel)
		if kept == nil {
			return nil // worded otherwise since: left as it is
		}
		for _, e := range entries {
			if !listed(e) {
				kept = append(kept, e)
			}
		}
		entries = kept
	}
	sep := "; "
	if unspacedLabel {
		sep = "；"
	}
	statement := func() string {
		texts := make([]string, len(entries))
		for i, e := range entries {
			texts[i] = e.text
		}
		return capitalize(strings.TrimSpace(head + strings.Join(texts, sep) + tail))
	}
	st := statement()
	for len(entries) > 2 && utf8.RuneCountInString(st) > f.cfg.MaxStatementRunes {
		entries = entries[1:]
		st = statement()
	}
	if utf8.RuneCountInString(st) > f.cfg.MaxStatementRunes {
		return nil
	}
	var evidence []string
	for i := len(g.occs) - 1; i >= 0 && len(evidence) < f.cfg.MaxEvidence; i-- {
		evidence = append(evidence, g.occs[i].it.msg.ID)
	}
	day := last.it.msg.SentAt.In(f.cfg.Evolve.Location)
	d := &decision{kind: groupmem.ActionCreate, statement: st, evidence: evidence, strength: 0.6, tags: []string{TagSeries},
		reason: fmt.Sprintf("posted in the same words on %d days, the last by %s on %s", len(g.occs), sender(last.it.msg), day.Format(time.DateOnly))}
	if old != nil {
		d.kind, d.mem = groupmem.ActionUpdate, old
		for _, id := range old.Evidence {
			if len(d.evidence) < f.cfg.MaxEvidence && !slices.Contains(d.evidence, id) {
				d.evidence = append(d.evidence, id)
			}
		}
	}
	return d
}

// seriesMemory returns the active series memory among mems that lists
// some of entries: one that cites one of their messages, or names two of
// their values.
func seriesMemory(mems []groupmem.Memory, entries []seriesEntry) *groupmem.Memory {
	for i := range mems {
		m := &mems[i]
		if !isSeries(m) || m.Status != groupmem.StatusActive {
			continue
		}
		named := 0
		for _, e := range entries {
			if slices.Contains(m.Evidence, e.id) {
				return m
			}
			if strings.Contains(m.Statement, e.value) {
				named++
			}
		}
		if named >= 2 {
			return m
		}
	}
	return nil
}

// entryEnd ends an occurrence in a series memory's list.
var entryEnd = regexp.MustCompile(`\); |）；`)

// oldEntries returns the occurrences a series memory lists between head
// and tail, in order; nil when its statement is not worded so.
func oldEntries(st, head, tail string, unspacedLabel bool) []seriesEntry {
	head = capitalize(strings.TrimSpace(head))
	tail = strings.TrimSpace(tail)
	if !strings.HasPrefix(st, head) || !strings.HasSuffix(st, tail) || len(head)+len(tail) > len(st) {
		return nil
	}
	list := strings.TrimSpace(st[len(head) : len(st)-len(tail)])
	var out []seriesEntry
	for list != "" {
		loc := entryEnd.FindStringIndex(list)
		end, next := len(list), len(list)
		if loc != nil {
			end, next = loc[0]+len(")"), loc[1]
			if unspacedLabel {
				end = loc[0] + len("）")
			}
		}
		text := list[:end]
		value := text
		if i := strings.LastIndexAny(text, "(（"); i > 0 {
			value = strings.TrimSpace(text[:i])
		}
		out = append(out, seriesEntry{value: value, text: text})
		list = list[next:]
	}
	return out
}

// clauseMarks end a clause of a series' words; a colon or a quotation
// mark does not ("主题：", "「").
const clauseMarks = ",，;；!！?？。.…"

// seriesLabel returns the words of g's frame that a statement keeps,
// before and after its slot, as o posted them: those of the slot's own
// clause, without a member's name or a one-day word at their end
// ("today?", "tonight") that each occurrence's date says better.
func (f *Fuser) seriesLabel(g *seriesGroup, o *occurrence) (head, tail string) {
	slot := g.slot(o)
	head, tail = o.sentence[:slot[0].from], o.sentence[slot[len(slot)-1].to:]
	// The head's clause: after its last mark that ends one.
	if i := strings.LastIndexAny(head, clauseMarks); i >= 0 {
		_, n := utf8.DecodeRuneInString(head[i:])
		head = strings.TrimLeft(head[i+n:], " ")
	}
	if i := strings.LastIndex(head, nameMark); i >= 0 {
		head = strings.TrimLeft(head[i+len(nameMark):], " ")
	}
	if i := strings.IndexAny(tail, clauseMarks); i >= 0 {
		tail = tail[:i]
	}
	if i := strings.Index(tail, nameMark); i >= 0 {
		tail = tail[:i]
	}
	tail = strings.TrimRight(tail, " ")
	for _, l := range f.cfg.Languages {
		for _, w := range l.Occasion {
			// "今晚英语角的主题是…": a one-day word opening the head of an
			// unspaced script; each occurrence's date says it.
			if rest, ok := strings.CutPrefix(head, w); ok {
				next, _ := utf8.DecodeRuneInString(rest + o.sentence[slot[0].from:])
				if unspaced(next) {
					head = rest
				}
			}
		}
		for _, w := range l.Occasion {
			if strings.HasSuffix(strings.ToLower(tail), w) && nameBounded(tail, len(tail)-len(w), len(w)) {
				tail = strings.TrimRight(tail[:len(tail)-len(w)], " ")
			}
		}
	}
	if strings.TrimSpace(head) == "" && strings.TrimSpace(tail) == "" {
		return "", ""
	}
	return head, tail
}
