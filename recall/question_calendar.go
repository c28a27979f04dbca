package recall

import "time"

// window is a span of time [since, until) and the unit it was named in.
type window struct {
	since, until time.Time
	unit         Unit
	// cycle is how often a window named without its week, year or month
	// recurs (Friday: Week, May 3: Year, 3号: Month); 0 for one placed
	// in full.
	cycle   Unit
	byDay   bool // a day named by its day of the month (May 3, 3号)
	bareDay bool // a day of the month named without its month (3号)
}

// calendar places time words: it knows now and the location calendar
// words are read in.
type calendar struct {
	now   time.Time // in loc
	today time.Time // the start of now's day
	loc   *time.Location
}

// newCalendar returns the calendar of now in loc.
func newCalendar(now time.Time, loc *time.Location) calendar {
	now = now.In(loc)
	y, m, d := now.Date()
	return calendar{now: now, today: time.Date(y, m, d, 0, 0, 0, 0, loc), loc: loc}
}

// date returns the start of a day; out-of-range values normalize as in
// time.Date.
func (c calendar) date(y int, m time.Month, d int) time.Time {
	return time.Date(y, m, d, 0, 0, 0, 0, c.loc)
}

// start returns the start of the unit t is in.
func (c calendar) start(t time.Time, u Unit) time.Time {
	y, m, d := t.Date()
	switch u {
	case Week:
		return c.date(y, m, d-(int(t.Weekday())+6)%7)
	case Month:
		return c.date(y, m, 1)
	case Year:
		return c.date(y, time.January, 1)
	}
	return c.date(y, m, d)
}

// add returns t moved by n units.
func (c calendar) add(t time.Time, n int, u Unit) time.Time {
	switch u {
	case Week:
		return t.AddDate(0, 0, 7*n)
	case Month:
		return t.AddDate(0, n, 0)
	case Year:
		return t.AddDate(n, 0, 0)
	}
	return t.AddDate(0, 0, n)
}

// unitAt returns the unit starting at since.
func (c calendar) unitAt(since time.Time, u Unit) window {
	return window{since: since, until: c.add(since, 1, u), unit: u}
}

// shift returns w moved by n of its cycles.
func (c calendar) shift(w window, n int) window {
	w.since, w.until = c.add(w.since, n, w.cycle), c.add(w.until, n, w.cycle)
	return w
}

// period returns the unit shift units from the one now is in.
func (c calendar) period(shift int, u Unit) window {
	return c.unitAt(c.add(c.start(c.today, u), shift, u), u)
}

// part returns part p of w when w is a month or a year, else w.
func (c calendar) part(w window, p Part) window {
	step, u := 10, Day
	switch {
	case p == 0:
		return w
	case w.unit == Year:
		step, u = 4, Month
	case w.unit != Month:
		return w
	}
	since := c.add(w.since, step*int(p-1), u)
	until := w.until
	if p != Late {
		until = c.add(since, step, u)
	}
	return window{since: since, until: until, unit: Day, cycle: w.cycle}
}

// recent returns the last n units up to the end of today, or with n
// negative the next -n units from the start of today.
func (c calendar) recent(n int, u Unit) window {
	tomorrow := c.add(c.today, 1, Day)
	if n < 0 {
		return window{since: c.today, until: c.add(tomorrow, -n, u), unit: Day}
	}
	return window{since: c.add(c.today, -n, u), until: tomorrow, unit: Day}
}

// weekday returns weekday d of the week shift weeks from this one.
func (c calendar) weekday(shift int, d time.Weekday) window {
	monday := c.add(c.start(c.today, Week), shift, Week)
	return c.unitAt(c.add(monday, (int(d)+6)%7, Day), Day)
}

// nearWeekday returns the latest weekday d before today or, future, the
// first one after it.
func (c calendar) nearWeekday(d time.Weekday, future bool) window {
	back := (int(c.today.Weekday())-int(d)+6)%7 + 1 // 1 to 7 days
	if future {
		back = -((int(d)-int(c.today.Weekday())+6)%7 + 1)
	}
	w := c.unitAt(c.add(c.today, -back, Day), Day)
	w.cycle = Week
	return w
}

// weekend returns Saturday and Sunday of the week shift weeks from this
// one.
func (c calendar) weekend(shift int) window {
	sat := c.weekday(shift, time.Saturday).since
	return window{since: sat, until: c.add(sat, 2, Day), unit: Day}
}

// nearWeekend returns the latest weekend whose Saturday is before today
// or, future, the first whose Sunday is after it.
func (c calendar) nearWeekend(future bool) window {
	sat := c.weekday(0, time.Saturday).since
	if future {
		if !c.today.Before(c.add(sat, 1, Day)) { // today is Sunday
			sat = c.add(sat, 1, Week)
		}
	} else if !sat.Before(c.today) {
		sat = c.add(sat, -1, Week)
	}
	return window{since: sat, until: c.add(sat, 2, Day), unit: Day, cycle: Week}
}

// month returns month m of year y; with y zero, of the latest year where
// it began by now or, future, where it has not ended.
func (c calendar) month(y int, m time.Month, future bool) window {
	if y != 0 {
		return c.unitAt(c.date(y, m, 1), Month)
	}
	y = c.today.Year()
	switch {
	case future && m < c.today.Month():
		y++
	case !future && m > c.today.Month():
		y--
	}
	w := c.unitAt(c.date(y, m, 1), Month)
	w.cycle = Year
	return w
}

// shiftMonth returns month m of this year (shift 0), the latest one
// before this month (shift < 0) or the first after it (shift > 0).
func (c calendar) shiftMonth(shift int, m time.Month) window {
	y := c.today.Year()
	switch {
	case shift < 0 && m >= c.today.Month():
		y--
	case shift > 0 && m <= c.today.Month():
		y++
	}
	return c.unitAt(c.date(y, m, 1), Month)
}

// monthDay returns day d of month m of year y; with y zero, the latest
// such day not after today or, future, the first not before it. A day the
// month does not have is none.
func (c calendar) monthDay(y int, m time.Month, d int, future bool) (window, bool) {
	if y != 0 {
		t := c.date(y, m, d)
		w := c.unitAt(t, Day)
		w.byDay = true
		return w, t.Month() == m
	}
	step := -1
	if future {
		step = 1
	}
	for k := range 9 { // February 29 may be eight years away
		t := c.date(c.today.Year()+step*k, m, d)
		if t.Month() == m && (future && !t.Before(c.today) || !future && !t.After(c.today)) {
			w := c.unitAt(t, Day)
			w.cycle, w.byDay = Year, true
			return w, true
		}
	}
	return window{}, false
}

// monthDayOf returns day d of the month now is in, or of the latest month
// before it where that day is not after today or, future, the first after
// it where it is not before today.
func (c calendar) monthDayOf(d int, future bool) (window, bool) {
	first := c.start(c.today, Month)
	step := -1
	if future {
		step = 1
	}
	for k := range 12 {
		m := c.add(first, step*k, Month)
		t := c.date(m.Year(), m.Month(), d)
		if t.Month() == m.Month() && (future && !t.Before(c.today) || !future && !t.After(c.today)) {
			w := c.unitAt(t, Day)
			w.cycle, w.byDay, w.bareDay = Month, true, true
			return w, true
		}
	}
	return window{}, false
}

// order moves x or y by their cycles so that y does not start before x:
// a recurring x back when the question is about the past (from Monday to
// Wednesday: the latest such span), else a recurring y forward.
func (c calendar) order(x, y window, future bool) (window, window) {
	for range 3 {
		switch {
		case !y.since.Before(x.since):
			return x, y
		case !future && x.cycle != 0:
			x = c.shift(x, -1)
		case y.cycle != 0:
			y = c.shift(y, 1)
		default:
			return x, y
		}
	}
	return x, y
}
