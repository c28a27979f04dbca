package recall

import "time"

// date reads a calendar date, month or year: May 3, 3rd of May, May 2023,
// 2023年5月3号, 去年五月, 5月份, 3号, in 2023, 2023年. Without a year, a
// month or date is the latest one not after today, or in a sentence about
// the future the coming one.
func (p *reading) date(i int) (window, int, bool) {
	y, j, marked := p.yearBefore(i)
	if m, guarded, end, ok := p.month(j); ok {
		d, dend, hasDay := p.day(p.fill(end))
		if hasDay {
			end = dend
		}
		if y == 0 {
			if yy, yend, ok := p.yearAfter(p.fill(end)); ok {
				y, end = yy, yend
			}
		}
		if guarded && !hasDay && y == 0 && !p.context(i) {
			return window{}, 0, false
		}
		if hasDay {
			w, ok := p.cal.monthDay(y, m, d, p.future(i))
			return w, end, ok
		}
		return p.cal.month(y, m, p.future(i)), end, true
	}
	switch {
	case marked:
		return p.cal.unitAt(p.cal.date(y, time.January, 1), Year), j, true
	case j != i:
		return window{}, 0, false
	}
	if w, end, ok := p.dayFirst(i); ok {
		return w, end, true
	}
	if d, end, ok := p.number(i); ok && end > i {
		if e, ok := p.dayMark(end); ok { // 3号
			w, ok := p.cal.monthDayOf(d.n, p.future(i))
			return w, e, ok
		}
		if d.digits == 4 && p.context(i) { // in 2023
			return p.cal.unitAt(p.cal.date(d.n, time.January, 1), Year), end, true
		}
	}
	return window{}, 0, false
}

// dayFirst reads a day before its month: 3 May, 3rd of May 2023. Before a
// guarded month the day must be an ordinal or the month capitalized, as a
// bare number before a common word is not a date ("2 may come").
func (p *reading) dayFirst(i int) (window, int, bool) {
	d, end, ord := p.ordinal(i)
	if !ord {
		n, e, ok := p.number(i)
		if !ok || n.digits == 0 || n.digits > 2 {
			return window{}, 0, false
		}
		d, end = n.n, e
	}
	k := p.fill(end)
	m, end, ok := p.word(k, roleMonth)
	if !ok || m.flag && !ord && !p.us[k].upper {
		return window{}, 0, false
	}
	y := 0
	if yy, yend, ok := p.yearAfter(p.fill(end)); ok {
		y, end = yy, yend
	}
	w, ok := p.cal.monthDay(y, time.Month(m.n), d, p.future(i))
	return w, end, ok
}

// yearBefore reads a year written before a month at i: 2023年, 23年, 去年,
// with the fillers after it. It returns the year (0 for none), the unit
// after, and whether the year stands alone too (2023年).
func (p *reading) yearBefore(i int) (y, end int, alone bool) {
	if m, e, ok := p.word(i, rolePeriod); ok && m.unit == Year && m.part == 0 {
		return p.cal.today.Year() + m.n, p.fill(e), false
	}
	n, e, ok := p.number(i)
	if !ok || n.digits != 2 && n.digits != 4 {
		return 0, i, false
	}
	if _, e, ok := p.word(e, roleYearMark); ok {
		if n.digits == 2 {
			return 2000 + n.n, p.fill(e), false
		}
		return n.n, p.fill(e), n.n >= 1000
	}
	return 0, i, false
}

// yearAfter reads a year written after a month or a date: 2023, 2023年,
// last year.
func (p *reading) yearAfter(i int) (y, end int, ok bool) {
	if m, e, ok := p.word(i, rolePeriod); ok && m.unit == Year && m.part == 0 {
		return p.cal.today.Year() + m.n, e, true
	}
	n, e, ok := p.number(i)
	if !ok || n.digits != 4 || n.n < 1000 {
		return 0, 0, false
	}
	if _, me, ok := p.word(e, roleYearMark); ok {
		e = me
	}
	return n.n, e, true
}

// month reads a month: a month name, or a number and a month mark (5月,
// 五月份). It reports whether the name is guarded.
func (p *reading) month(i int) (m time.Month, guarded bool, end int, ok bool) {
	if w, end, ok := p.word(i, roleMonth); ok {
		return time.Month(w.n), w.flag, end, true
	}
	n, e, ok := p.number(i)
	if !ok || n.n < 1 || n.n > 12 || n.digits > 2 {
		return 0, false, 0, false
	}
	if _, end, ok := p.word(e, roleMonthMark); ok {
		return time.Month(n.n), false, end, true
	}
	return 0, false, 0, false
}

// day reads a day of the month after its month or a join: 3, 3rd, third,
// 3号, 三日. A number followed by a unit or another mark is not a day.
func (p *reading) day(i int) (d, end int, ok bool) {
	if d, end, ok := p.ordinal(i); ok {
		return d, end, d >= 1 && d <= 31
	}
	n, end, ok := p.number(i)
	if !ok || n.n < 1 || n.n > 31 || n.digits > 2 {
		return 0, 0, false
	}
	if e, ok := p.dayMark(end); ok {
		return n.n, e, true
	}
	for _, r := range [...]role{roleUnit, roleMonthMark, roleYearMark, roleSpan} {
		if _, _, ok := p.word(end, r); ok {
			return 0, 0, false
		}
	}
	return n.n, end, true
}

// dayMark reads a day mark at i, unless a look-alike starts there (号楼,
// 号线: a building, a line).
func (p *reading) dayMark(i int) (int, bool) {
	if p.lookAlike(i) {
		return 0, false
	}
	_, end, ok := p.word(i, roleDayMark)
	return end, ok
}
