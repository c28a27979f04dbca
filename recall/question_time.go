package recall

import "time"

// The grammar of time words, the same for every language: each function
// reads one kind of expression starting at a unit and returns its window,
// the unit after it and whether it read one. The words come from the
// lexicon; nothing here knows a language.

// exprKind is what an expression says of the answer's time.
type exprKind uint8

const (
	habit exprKind = iota // no time: a habit (every Friday) or a bare count (一周一次)
	span                  // a window
	since                 // the window starts here
	until                 // the window ends here
)

// expr is one time expression of a question: units [start, end).
type expr struct {
	start, end int
	kind       exprKind
	w          window
}

// expressions reads the time expressions of the question, left to right,
// and marks their units timed; where none starts, the longest word there
// is passed over whole (so 十三月 is not read as 三月).
func (p *reading) expressions() []expr {
	var out []expr
	for i := 0; i < len(p.us); {
		if !p.us[i].digit && !p.opens(i) {
			i = p.skip(i)
			continue
		}
		if e, ok := p.expression(i); ok {
			out = append(out, e)
			for ; i < e.end; i++ {
				p.us[i].timed = true
			}
			continue
		}
		i = p.skip(i)
	}
	return out
}

// opens reports whether a form that may open an expression starts at i.
func (p *reading) opens(i int) bool {
	for _, m := range p.ms[p.starts[i]:p.starts[i+1]] {
		switch m.m.role {
		case roleFiller, roleJoin, roleAgo, roleLater, roleUnit, roleMonthMark, roleDayMark, roleYearMark,
			roleRangeEnd, roleFuture, roleCurrent, roleLookAlike, roleContext:
		default:
			return true
		}
	}
	return false
}

// choose returns the window of the first expression that names one; a
// bound is joined with the first later bound on the other side.
func choose(es []expr) (from, to time.Time) {
	for k, e := range es {
		switch e.kind {
		case span:
			return e.w.since, e.w.until
		case since:
			for _, f := range es[k+1:] {
				if f.kind == until && f.w.until.After(e.w.since) {
					return e.w.since, f.w.until
				}
			}
			return e.w.since, time.Time{}
		case until:
			for _, f := range es[k+1:] {
				if f.kind == since && f.w.since.Before(e.w.until) {
					return f.w.since, e.w.until
				}
			}
			return time.Time{}, e.w.until
		}
	}
	return time.Time{}, time.Time{}
}

// expression reads a habit, a bounded or ranged window, or a bare count of
// units at i.
func (p *reading) expression(i int) (expr, bool) {
	if p.lookAlike(i) {
		return expr{}, false
	}
	if _, end, ok := p.word(i, roleEvery); ok {
		e := expr{start: i, end: end, kind: habit}
		if x, ok := p.bounded(end); ok {
			e.end = x.end
		} else if _, _, c, ok := p.count(end); ok {
			e.end = c
		}
		return e, true
	}
	if e, ok := p.bounded(i); ok {
		return e, true
	}
	if _, _, end, ok := p.count(i); ok {
		return expr{start: i, end: end, kind: habit}, true
	}
	return expr{}, false
}

// bounded reads a window with what may bound or join it: "between X and
// Y", "before X", "X之前", "X to Y", or X alone.
func (p *reading) bounded(i int) (expr, bool) {
	if _, end, ok := p.word(i, roleBetween); ok {
		if x, xend, ok := p.window(end); ok {
			return p.ranged(i, x, xend, true)
		}
		return expr{}, false
	}
	if m, end, ok := p.word(i, roleBound); ok && !m.bound.Follows {
		x, xend, ok := p.window(end)
		if !ok {
			return expr{}, false
		}
		if b := m.bound; b.After && b.Inclusive { // from X to Y
			if r, ok := p.ranged(i, x, xend, false); ok {
				return r, true
			}
		}
		return bound(i, xend, m.bound, x), true
	}
	x, xend, ok := p.window(i)
	if !ok {
		return expr{}, false
	}
	if r, ok := p.ranged(i, x, xend, false); ok {
		return r, true
	}
	if m, end, ok := p.word(xend, roleBound); ok && m.bound.Follows {
		return bound(i, end, m.bound, x), true
	}
	return expr{start: i, end: xend, kind: span, w: x}, true
}

// bound returns the expression of units [start, end) that bounds the
// window by x.
func bound(start, end int, b Bound, x window) expr {
	e := expr{start: start, end: end, w: x}
	switch {
	case b.After:
		e.kind = since
		if !b.Inclusive {
			e.w.since = x.until
		}
	default:
		e.kind = until
		if !b.Inclusive {
			e.w.until = x.since
		}
	}
	return e
}

// ranged reads "to Y" or "and Y" after window x of units [start, xend) and
// returns the range from x to Y. A join that does not range alone needs
// between (a Between word before x) or a RangeEnd word after Y. After a
// day named by its day of the month, a bare day number is a day of the
// same month or the next (May 3 to 5, 5月3号到5号, 28号到3号).
func (p *reading) ranged(start int, x window, xend int, between bool) (expr, bool) {
	j, jend, ok := p.word(xend, roleJoin)
	if !ok {
		return expr{}, false
	}
	y, end, ok := p.window(jend)
	if x.byDay && (!ok || y.bareDay) {
		if d, dend, dok := p.day(jend); dok {
			if w, wok := p.cal.monthDay(x.since.Year(), x.since.Month(), d, false); wok {
				if w.cycle = Month; w.since.Before(x.since) {
					w = p.cal.shift(w, 1)
				}
				y, end, ok = w, dend, true
			}
		}
	}
	if !ok {
		return expr{}, false
	}
	if _, e, ok := p.word(end, roleRangeEnd); ok {
		end, between = e, true
	}
	if !j.flag && !between {
		return expr{}, false
	}
	x, y = p.cal.order(x, y, p.future(start))
	w := window{since: minTime(x.since, y.since), until: maxTime(x.until, y.until), unit: Day}
	return expr{start: start, end: end, kind: span, w: w}, true
}

// window reads a window at i: earlier and a part before it, the window,
// a part after it.
func (p *reading) window(i int) (window, int, bool) {
	if p.lookAlike(i) {
		return window{}, 0, false
	}
	earlier := false
	if _, end, ok := p.word(i, roleEarlier); ok {
		earlier, i = true, end
	}
	var part Part
	if m, end, ok := p.word(i, rolePart); ok && !m.flag {
		part, i = m.part, end
	}
	w, end, ok := p.core(i)
	if !ok {
		return window{}, 0, false
	}
	if m, e, ok := p.word(end, rolePart); ok && m.flag && part == 0 {
		part, end = m.part, e
	}
	w = p.cal.part(w, part)
	if earlier && w.since.Before(p.cal.now) && w.until.After(p.cal.now) {
		w.until = p.cal.now
	}
	return w, end, true
}

// core reads a window named by one expression at i.
func (p *reading) core(i int) (w window, end int, ok bool) {
	if w, end, ok = p.shifted(i); ok {
		return w, end, ok
	}
	if w, end, ok = p.date(i); ok {
		return w, end, ok
	}
	if w, end, ok = p.period(i); ok {
		return w, end, ok
	}
	if w, end, ok = p.ago(i); ok {
		return w, end, ok
	}
	if w, end, ok = p.near(i); ok {
		return w, end, ok
	}
	return p.recent(i)
}

// shifted reads a shift and what it shifts: last Friday, 上周末, next May,
// last 3 days, 上个月.
func (p *reading) shifted(i int) (window, int, bool) {
	s, i, ok := p.word(i, roleShift)
	if !ok {
		return window{}, 0, false
	}
	if m, end, ok := p.word(i, roleWeekday); ok {
		return p.cal.weekday(s.n, time.Weekday(m.n)), end, true
	}
	if _, end, ok := p.word(i, roleWeekend); ok {
		return p.cal.weekend(s.n), end, true
	}
	if m, end, ok := p.word(i, roleMonth); ok {
		return p.cal.shiftMonth(s.n, time.Month(m.n)), end, true
	}
	if n, u, end, ok := p.count(i); ok {
		if s.n > 0 {
			n = -n
		}
		return p.cal.recent(n, u), end, true
	}
	if m, end, ok := p.word(i, roleUnit); ok {
		return p.cal.period(s.n, m.unit), end, true
	}
	return window{}, 0, false
}

// period reads a period named by one word: yesterday, 去年, 月底.
func (p *reading) period(i int) (window, int, bool) {
	m, end, ok := p.word(i, rolePeriod)
	if !ok {
		return window{}, 0, false
	}
	return p.cal.part(p.cal.period(m.n, m.unit), m.part), end, true
}

// ago reads a count of units before or after now: 3 days ago, 两周前,
// 半个月前, 两周后, two weeks from now.
func (p *reading) ago(i int) (window, int, bool) {
	n, u, i, ok := p.count(i)
	if !ok {
		return window{}, 0, false
	}
	if _, end, ok := p.word(i, roleAgo); ok {
		return p.cal.period(-n, u), end, true
	}
	if _, end, ok := p.word(i, roleLater); ok {
		return p.cal.period(n, u), end, true
	}
	return window{}, 0, false
}

// near reads a weekday or the weekend named alone: the latest past one,
// or in a sentence about the future the coming one.
func (p *reading) near(i int) (window, int, bool) {
	if m, end, ok := p.word(i, roleWeekday); ok {
		if w, end, ok := p.date(p.fill(end)); ok && w.unit == Day { // Friday, May 3
			return w, end, true
		}
		return p.cal.nearWeekday(time.Weekday(m.n), p.future(i)), end, true
	}
	if _, end, ok := p.word(i, roleWeekend); ok {
		return p.cal.nearWeekend(p.future(i)), end, true
	}
	return window{}, 0, false
}

// recent reads the last days: recently, 最近, past 3 days, 最近两周.
func (p *reading) recent(i int) (window, int, bool) {
	m, i, ok := p.word(i, roleRecent)
	if !ok {
		return window{}, 0, false
	}
	if n, u, end, ok := p.count(i); ok {
		return p.cal.recent(n, u), end, true
	}
	if m.n > 0 {
		return p.cal.recent(m.n, Day), i, true
	}
	return window{}, 0, false
}

// count reads a count of units: 3 days, a couple of weeks, 两个月,
// 半个月. Counts above 9999 are none.
func (p *reading) count(i int) (n int, u Unit, end int, ok bool) {
	if m, end, ok := p.word(i, roleSpan); ok {
		return m.n, m.unit, end, true
	}
	c, i, ok := p.number(i)
	if !ok || c.n > 9999 {
		return 0, 0, 0, false
	}
	if m, end, ok := p.word(i, roleUnit); ok {
		return c.n, m.unit, end, true
	}
	return 0, 0, 0, false
}

func minTime(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}

func maxTime(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}
