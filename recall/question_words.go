package recall

import (
	"strings"
	"time"
)

// A Language is what Read knows of one language: its words for time,
// tense and the look-alikes of both, as data. The reading itself is written
// once, against these words; a language adds no code to it.
type Language interface {
	// Words returns the language's words. It is called once, when a Reader
	// is made.
	Words() Words
}

// Words are one language's words, by what they do in a question. Every
// form is lower case; a form of several words has them apart by spaces
// ("the day before yesterday"); a form in a script written without spaces
// is matched character by character, anywhere ("上个月"). Forms of all the
// languages of a Reader are matched together, so a question may mix them.
//
// The grammar is the same for every language: a shift comes before what
// it shifts (last week, 上周), ago and later after a count of units
// (3 days ago, 3天前), a month mark and a day mark after their number
// (5月3号), a year mark after its number (2023年); a month name takes its
// day before or after it (May 3, 3 May), and a year comes first or last.
// What else varies in order (bounds, parts of a month) says so in its entry.
type Words struct {
	// Numbers are number words and their values: "two": 2, "两": 2,
	// "a couple of": 2. Digits need no entry.
	Numbers map[string]int
	// Ordinals are ordinal words for a day of the month: "third": 3.
	Ordinals map[string]int
	// OrdinalSuffixes follow digits to make an ordinal: "rd" of "3rd".
	OrdinalSuffixes []string
	// Units name the calendar units after a count or a shift:
	// "weeks": Week, "个月": Month.
	Units map[string]Unit
	// Spans are counts of units named by one form: "半个月": {15, Day}.
	Spans map[string]Span
	// Periods name one period counted from now: "yesterday": {-1, Day},
	// "去年": {-1, Year}, "月底": {0, Month, Late}.
	Periods map[string]Period
	// Shifts come before a unit, weekday, weekend or month and count
	// from the one now is in: "last": -1, "下个": 1. Before a count of
	// units ("last 3 days") a shift reads as the span up to now.
	Shifts map[string]int
	// Recent are words for the last days: "recently": 14. A value of 0
	// marks a word read only before a count: "past" of "past 3 days".
	Recent map[string]int
	// Months are month names: "may": time.May.
	Months map[string]time.Month
	// Guarded are month names (among Months) that are also common words
	// ("may", "march"): read as a month only beside a day or a year, or
	// after a word that places it in time (Context, a bound, a part, a
	// shift, a range word).
	Guarded []string
	// MonthMarks, DayMarks and YearMarks follow a number to make a month,
	// a day of the month or a year: "月", "号", "年".
	MonthMarks, DayMarks, YearMarks []string
	// Weekdays name the days of the week: "friday", "周五".
	Weekdays map[string]time.Weekday
	// Weekends name the weekend, Saturday and Sunday: "weekend", "周末".
	Weekends []string
	// Parts name the first, middle or last third of a month or a year:
	// "early", "月底".
	Parts map[string]PartWord
	// Context are words after which a guarded month is a month: "in".
	Context []string
	// Fillers may stand between the parts of a date: "the", "of", "的".
	Fillers []string
	// Ago and Later follow a count of units to place it before or after
	// now: "ago", "前"; "later", "后".
	Ago, Later []string
	// Bounds turn a time into one end of a window: "before", "之后".
	Bounds map[string]Bound
	// Between come before two times joined into a range: "between".
	Between []string
	// Joins join two times into a range: "and", "到". A join marked true
	// makes a range by itself ("to"); one marked false only after a
	// Between word or before a RangeEnd word ("and").
	Joins map[string]bool
	// RangeEnds close a range: "之间".
	RangeEnds []string
	// Earlier come before a window to end it at now: "earlier".
	Earlier []string
	// Every come before a time to make it a habit, which names no
	// window: "every", "每".
	Every []string
	// Future mark a sentence about what is to come, in which a weekday,
	// month or date named alone is the coming one: "will", "要".
	Future []string
	// Current mark a question about how things are now, whose answer is
	// the latest of what was said: "now", "currently", "现在".
	Current []string
	// LookAlikes are forms that contain or look like time or tense words
	// but are neither: "will you", "周到", "会议". No time is read from
	// where one starts, and a name that is a common word is not read
	// inside one.
	LookAlikes []string
	// CommonWords are common words that are also people's names
	// ("will", "bill"): a member named so is named by a question only
	// where it writes the name capitalized.
	CommonWords []string
}

// Unit is a calendar unit.
type Unit int8

// The calendar units. Weeks start on Monday.
const (
	Day Unit = iota + 1
	Week
	Month
	Year
)

// Part is a third of a month (its first, middle or last ten days, the
// last part running to the month's end) or of a year (four months each).
type Part int8

// The parts of a month or a year.
const (
	Early Part = iota + 1
	Mid
	Late
)

// A PartWord names a part; Follows marks one written after the month or
// year (5月初), not before it (early May).
type PartWord struct {
	Part    Part
	Follows bool
}

// A Span is a count of units: 半个月 is {15, Day}.
type Span struct {
	N    int
	Unit Unit
}

// A Period is the period Shift units from the one now is in, or the Part
// of it: yesterday is {-1, Day, 0}, 月底 is {0, Month, Late}.
type Period struct {
	Shift int
	Unit  Unit
	Part  Part
}

// A Bound turns a time into one end of a window.
type Bound struct {
	After     bool // the window starts at the time (after, since); else it ends there (before, until)
	Inclusive bool // the time itself is inside the window (since, until, 以来)
	Follows   bool // written after the time (之前), not before it (before)
}

// role is what one meaning of a form does.
type role uint8

const (
	roleNumber role = iota + 1
	roleOrdinal
	roleUnit
	roleSpan
	rolePeriod
	roleShift
	roleRecent
	roleMonth
	roleMonthMark
	roleDayMark
	roleYearMark
	roleWeekday
	roleWeekend
	rolePart
	roleContext
	roleFiller
	roleAgo
	roleLater
	roleBound
	roleBetween
	roleJoin
	roleRangeEnd
	roleEarlier
	roleEvery
	roleFuture
	roleCurrent
	roleLookAlike
)

// meaning is one meaning of a form.
type meaning struct {
	role  role
	n     int  // number, ordinal, month, weekday, shift, days, count
	unit  Unit // of units, spans and periods
	part  Part // of periods and parts
	bound Bound
	flag  bool // a guarded month, a join that ranges alone, a part that follows
}

// node is a node of the lexicon: a trie over units (words, or single
// characters of scripts written without spaces).
type node struct {
	next  map[string]*node
	means []meaning
}

// lexicon is the words of a Reader's languages, compiled.
type lexicon struct {
	root     node
	suffixes map[string]bool // ordinal suffixes
	common   map[string]bool // common words that are also names
}

// compile builds the lexicon of langs.
func compile(langs []Language) *lexicon {
	lx := &lexicon{suffixes: map[string]bool{}, common: map[string]bool{}}
	for _, l := range langs {
		lx.addWords(l.Words())
	}
	return lx
}

// addWords adds one language's words.
func (lx *lexicon) addWords(w Words) {
	for f, n := range w.Numbers {
		lx.add(f, meaning{role: roleNumber, n: n})
	}
	for f, n := range w.Ordinals {
		lx.add(f, meaning{role: roleOrdinal, n: n})
	}
	for _, s := range w.OrdinalSuffixes {
		lx.suffixes[strings.ToLower(s)] = true
	}
	for f, u := range w.Units {
		lx.add(f, meaning{role: roleUnit, unit: u})
	}
	for f, s := range w.Spans {
		lx.add(f, meaning{role: roleSpan, n: s.N, unit: s.Unit})
	}
	for f, p := range w.Periods {
		lx.add(f, meaning{role: rolePeriod, n: p.Shift, unit: p.Unit, part: p.Part})
	}
	for f, n := range w.Shifts {
		lx.add(f, meaning{role: roleShift, n: n})
	}
	for f, n := range w.Recent {
		lx.add(f, meaning{role: roleRecent, n: n})
	}
	guarded := map[string]bool{}
	for _, f := range w.Guarded {
		guarded[strings.ToLower(f)] = true
	}
	for f, m := range w.Months {
		lx.add(f, meaning{role: roleMonth, n: int(m), flag: guarded[strings.ToLower(f)]})
	}
	for f, d := range w.Weekdays {
		lx.add(f, meaning{role: roleWeekday, n: int(d)})
	}
	for f, p := range w.Parts {
		lx.add(f, meaning{role: rolePart, part: p.Part, flag: p.Follows})
	}
	for f, b := range w.Bounds {
		lx.add(f, meaning{role: roleBound, bound: b})
	}
	for f, alone := range w.Joins {
		lx.add(f, meaning{role: roleJoin, flag: alone})
	}
	for _, l := range []struct {
		forms []string
		role  role
	}{
		{w.MonthMarks, roleMonthMark}, {w.DayMarks, roleDayMark}, {w.YearMarks, roleYearMark},
		{w.Weekends, roleWeekend}, {w.Context, roleContext}, {w.Fillers, roleFiller},
		{w.Ago, roleAgo}, {w.Later, roleLater}, {w.Between, roleBetween}, {w.RangeEnds, roleRangeEnd},
		{w.Earlier, roleEarlier}, {w.Every, roleEvery}, {w.Future, roleFuture}, {w.Current, roleCurrent}, {w.LookAlikes, roleLookAlike},
	} {
		for _, f := range l.forms {
			lx.add(f, meaning{role: l.role})
		}
	}
	for _, f := range w.CommonWords {
		lx.common[strings.ToLower(f)] = true
	}
}

// add adds one meaning of form f.
func (lx *lexicon) add(f string, m meaning) {
	f = strings.ToLower(f)
	nd := &lx.root
	for i := 0; ; {
		start, end, _ := nextUnit(f, i)
		if start < 0 {
			break
		}
		key := f[start:end]
		child := nd.next[key]
		if child == nil {
			if nd.next == nil {
				nd.next = map[string]*node{}
			}
			child = &node{}
			nd.next[key] = child
		}
		nd, i = child, end
	}
	if nd != &lx.root {
		nd.means = append(nd.means, m)
	}
}
