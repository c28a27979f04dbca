package recall

import (
	"sync"
	"time"
)

// Member is a sender of the group as the question may name them.
type Member struct {
	ID    string   // sender id
	Names []string // display names seen (current first); the id itself also counts as a name
}

// Question is what a question says about where its answer lies.
type Question struct {
	Text    string
	Since   time.Time // the window the question's time words name, [Since, Until); both zero when it names none
	Until   time.Time
	Senders []string // ids of the members the question names, in order of first mention, no duplicates
	// Latest is set when the question asks how things are now ("where
	// does Ann work now?", "现在周会是周几？"): of what was said, the latest
	// answers it.
	Latest bool
}

// A Reader reads questions in the languages it was made with. It is safe
// for concurrent use.
type Reader struct {
	lx *lexicon
}

// NewReader returns a Reader of questions in langs, which a question may
// mix.
func NewReader(langs ...Language) *Reader {
	return &Reader{lx: compile(langs)}
}

// builtin is the Reader of Read.
var builtin = sync.OnceValue(func() *Reader { return NewReader(English, Chinese) })

// Read reads q, asked at now; calendar words are read in loc (nil: UTC).
// Read never fails: words it does not understand are simply not used. It
// reads English and Chinese.
func Read(q string, now time.Time, loc *time.Location, members []Member) Question {
	return builtin().Read(q, now, loc, members)
}

// Read reads q, asked at now; calendar words are read in loc (nil: UTC).
//
// The window is that of the first time expression of q that names one
// ("yesterday", "上周五", "May 3"), at the granularity it names: a day, a
// week (from Monday), a month or a year, or a part of one. A bound ("before
// May 3", "上周之后") sets one end only and joins the first later bound on
// the other side; "between X and Y" and "X到Y" span both. A weekday, month
// or date named alone is the latest one not after today, or the coming one
// when its sentence is about the future. Habits ("every Friday", "每周一")
// name no window. When Since and Until are both set, Since is before Until.
//
// A member is named where one of their names or their id appears in q:
// words of spaced scripts whole and in any case, names in scripts written
// without spaces anywhere; names of fewer than two characters never. Where
// names overlap, the longer wins. A name that is a common word ("Will")
// names its member only where q writes it capitalized. Such a name, and a
// name of digits, yields to a time expression that reads it ("in May");
// any other name is read first, and no time words are read inside it.
func (r *Reader) Read(q string, now time.Time, loc *time.Location, members []Member) Question {
	if loc == nil {
		loc = time.UTC
	}
	p := &reading{lx: r.lx, us: units(q), cal: newCalendar(now, loc)}
	p.ms, p.starts = r.lx.matchAll(p.us)
	names := p.names(members)
	p.markFuture()
	es := p.expressions()
	out := Question{Text: q, Senders: p.senders(names, members)}
	out.Since, out.Until = choose(es)
	out.Latest = p.current()
	return out
}

// reading is the state of reading one question.
type reading struct {
	lx      *lexicon
	us      []unit
	ms      []match // the lexicon's forms in us: see matchAll
	starts  []int
	cal     calendar
	futures uint64  // bit s: sentence s (the 64th and later share bit 63) is about the future
	seen    unitSet // the units of the question
}

// number is a number read from a question.
type number struct {
	n      int
	digits int // how many digits it was written with; 0 for a number word
}

// word returns the longest meaning with role r of a form starting at unit
// i, and the unit after it. Forms inside a blocked name are not read.
func (p *reading) word(i int, r role) (*meaning, int, bool) {
	if i >= len(p.us) {
		return nil, 0, false
	}
	for k := p.starts[i+1] - 1; k >= p.starts[i]; k-- {
		if m := p.ms[k]; m.m.role == r && !p.blocked(i, m.end) {
			return m.m, m.end, true
		}
	}
	return nil, 0, false
}

// blocked reports whether a unit of [i, end) is inside a blocking name.
func (p *reading) blocked(i, end int) bool {
	for ; i < end; i++ {
		if p.us[i].blocked {
			return true
		}
	}
	return false
}

// number reads a number at i: digits or a number word.
func (p *reading) number(i int) (number, int, bool) {
	if i >= len(p.us) || p.us[i].blocked {
		return number{}, 0, false
	}
	if n, c, rest := digits(p.us[i].low); c > 0 && rest == "" {
		return number{n: n, digits: c}, i + 1, true
	}
	if m, end, ok := p.word(i, roleNumber); ok {
		return number{n: m.n}, end, true
	}
	return number{}, 0, false
}

// ordinal reads an ordinal at i: digits and an ordinal suffix (3rd) or an
// ordinal word (third).
func (p *reading) ordinal(i int) (int, int, bool) {
	if i >= len(p.us) || p.us[i].blocked {
		return 0, 0, false
	}
	if n, c, rest := digits(p.us[i].low); c > 0 && p.lx.suffixes[rest] {
		return n, i + 1, true
	}
	if m, end, ok := p.word(i, roleOrdinal); ok {
		return m.n, end, true
	}
	return 0, 0, false
}

// fill returns the unit after the fillers at i.
func (p *reading) fill(i int) int {
	for {
		_, end, ok := p.word(i, roleFiller)
		if !ok {
			return i
		}
		i = end
	}
}

// context reports whether a word that places what follows in time ends
// just before unit i: in, during, a bound, a part, a shift, a range word.
func (p *reading) context(i int) bool {
	for k := i - 1; k >= 0 && k >= i-4; k-- {
		for _, m := range p.ms[p.starts[k]:p.starts[k+1]] {
			if m.end != i {
				continue
			}
			switch m.m.role {
			case roleContext, roleBound, roleBetween, roleJoin, rolePart, roleShift:
				return true
			}
		}
	}
	return false
}

// longest returns the end of the longest form starting at i, or 0.
func (p *reading) longest(i int) int {
	if i >= len(p.us) {
		return 0
	}
	if k := p.starts[i+1] - 1; k >= p.starts[i] {
		return p.ms[k].end
	}
	return 0
}

// lookAlike reports whether the longest form starting at i is a
// look-alike.
func (p *reading) lookAlike(i int) bool {
	end := p.longest(i)
	if end == 0 {
		return false
	}
	for k := p.starts[i+1] - 1; k >= p.starts[i] && p.ms[k].end == end; k-- {
		if p.ms[k].m.role == roleLookAlike {
			return true
		}
	}
	return false
}

// skip returns the unit after the longest form starting at i, or i+1.
func (p *reading) skip(i int) int {
	return max(p.longest(i), i+1)
}

// future reports whether the sentence of unit i is about the future.
func (p *reading) future(i int) bool {
	return p.futures>>min(p.us[i].sentence, 63)&1 == 1
}

// current reports whether a form of Current stands in the question on its
// own: not in a look-alike, not inside a longer form ("到现在"), and not
// ending a time expression ("until now", "two weeks from now").
func (p *reading) current() bool {
	for i := range p.us {
		if _, _, ok := p.word(i, roleCurrent); !ok || p.lookAlike(i) || p.covered(i) {
			continue
		}
		if i > 0 {
			if _, _, bound := p.word(i-1, roleBound); bound {
				continue
			}
			if _, _, join := p.word(i-1, roleJoin); join {
				continue
			}
		}
		return true
	}
	return false
}

// covered reports whether a form starting before unit i runs past it.
func (p *reading) covered(i int) bool {
	for k := range i {
		for _, m := range p.ms[p.starts[k]:p.starts[k+1]] {
			if m.end > i && m.m.role != roleCurrent {
				return true
			}
		}
	}
	return false
}

// markFuture marks the sentences about the future: those with a future
// word, a shift forward before what it shifts (next week, 下周) or a
// period ahead (tomorrow). It reads longest forms first, so a look-alike
// (会议, "will you") hides the words inside it, and skips members' names.
func (p *reading) markFuture() {
	for i := 0; i < len(p.us); {
		end := p.longest(i)
		if end == 0 || p.us[i].mention != 0 {
			i++
			continue
		}
		for k := p.starts[i+1] - 1; k >= p.starts[i] && p.ms[k].end == end; k-- {
			if p.forward(p.ms[k].m, end) {
				p.futures |= 1 << min(p.us[i].sentence, 63)
			}
		}
		i = end
	}
}

// forward reports whether meaning m, ending at unit end, speaks of the
// future.
func (p *reading) forward(m *meaning, end int) bool {
	switch m.role {
	case roleFuture:
		return true
	case rolePeriod:
		return m.n > 0
	case roleShift:
		if m.n <= 0 {
			return false
		}
		for _, r := range [...]role{roleUnit, roleWeekday, roleWeekend, roleMonth} {
			if _, _, ok := p.word(end, r); ok {
				return true
			}
		}
	}
	return false
}
