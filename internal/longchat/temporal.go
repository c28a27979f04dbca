package longchat

import (
	"slices"
	"time"
)

// when is what a temporal question's time words mean: the days [from, to)
// in the chat's zone. Exactly one of the look-alike events falls in them.
type when struct {
	code     string // "date", "part", "before", "after", "lastweekday" or one of relCodes
	from, to time.Time
}

// relCodes are the relative time words a question may use, each counted
// from when the questions are asked (see relWindow). "lastweekday" (a
// named day of last week) is one more.
var relCodes = []string{"yesterday", "daybefore", "lastweek", "weekbeforelast", "twoweeksago", "lastmonth"}

// relWindow returns the days relative time words mean, asked at asked:
// yesterday; the day before; last week and the week before it (weeks
// start on Monday); about two weeks ago (10 to 17 days before); last
// calendar month.
func relWindow(code string, asked time.Time) (from, to time.Time) {
	a := time.Date(asked.Year(), asked.Month(), asked.Day(), 0, 0, 0, 0, asked.Location())
	monday := a.AddDate(0, 0, -((int(a.Weekday()) + 6) % 7))
	switch code {
	case "yesterday":
		return a.AddDate(0, 0, -1), a
	case "daybefore":
		return a.AddDate(0, 0, -2), a.AddDate(0, 0, -1)
	case "lastweek":
		return monday.AddDate(0, 0, -7), monday
	case "weekbeforelast":
		return monday.AddDate(0, 0, -14), monday.AddDate(0, 0, -7)
	case "twoweeksago":
		return a.AddDate(0, 0, -17), a.AddDate(0, 0, -10)
	case "lastmonth":
		first := time.Date(a.Year(), a.Month(), 1, 0, 0, 0, 0, a.Location())
		return first.AddDate(0, -1, 0), first
	}
	panic("longchat: unknown relative time words " + code)
}

// partOf returns the third of a month d falls in: days 1–10, 11–20, 21–.
func partOf(d time.Time) (from, to time.Time) {
	first := time.Date(d.Year(), d.Month(), 1, 0, 0, 0, 0, d.Location())
	switch {
	case d.Day() <= 10:
		return first, first.AddDate(0, 0, 10)
	case d.Day() <= 20:
		return first.AddDate(0, 0, 10), first.AddDate(0, 0, 20)
	}
	return first.AddDate(0, 0, 20), first.AddDate(0, 1, 0)
}

func onDay(d time.Time) *when {
	return &when{code: "date", from: d, to: d.AddDate(0, 0, 1)}
}

func within(d, from, to time.Time) bool {
	return !d.Before(from) && d.Before(to)
}

// event is one occurrence of a series.
type event struct {
	e *msg
	v string
	l *lang
	t seriesText
}

// plantSeries posts the events of s, the k-th series of the group, on
// nEvents days and asks about each: by time words that pick it among the
// others, or for its date.
func (b *builder) plantSeries(k int, s series) {
	var evs []event
	for _, di := range b.eventDays(k) {
		m := b.anyone()
		l := m.lang
		t, ok := s.text[l.code]
		if !ok {
			l = b.th.langs[0]
			t = s.text[l.code]
		}
		v := b.draw(s.values)
		st := stmt{say: t.say, reacts: t.reacts}
		e := planted(b.plant(b.days[di], s.slot, m, l, st, nil, "v", v, "x", b.others(m)[0].name), "event", v)
		evs = append(evs, event{e: e, v: v, l: l, t: t})
	}
	dated := b.dateAsks(evs)
	for i := range evs {
		if slices.Contains(dated, i) {
			b.askDate(evs, i)
		} else {
			b.askWhen(evs, i)
		}
	}
}

// recent are the relative time words each series is planted to be asked
// by, in turn: an event falls in each window when the chat has a day in
// it, the other events before all of them.
var recent = [][]string{{"yesterday", "lastweek", "weekbeforelast"}, {"daybefore", "twoweeksago", "lastmonth"}}

// eventDays returns the indices of the nEvents days the k-th series of
// the group happens on, in order.
func (b *builder) eventDays(k int) []int {
	var idx []int
	earliest := b.asked
	for _, code := range recent[k%len(recent)] {
		from, to := relWindow(code, b.asked)
		var in []int
		for i, d := range b.days {
			if within(d.date, from, to) && !slices.Contains(idx, i) {
				in = append(in, i)
			}
		}
		if len(in) > 0 {
			idx = append(idx, pick(b.r, in))
			if from.Before(earliest) {
				earliest = from
			}
		}
	}
	var before, rest []int
	for _, i := range b.r.Perm(len(b.days)) {
		switch {
		case slices.Contains(idx, i):
		case b.days[i].date.Before(earliest):
			before = append(before, i)
		default:
			rest = append(rest, i)
		}
	}
	idx = append(idx, append(before, rest...)[:nEvents-len(idx)]...)
	slices.Sort(idx)
	return idx
}

// dateAsks picks the events asked for their date: ones that relative
// time words cannot pick, when there are enough.
func (b *builder) dateAsks(evs []event) []int {
	var plain, rel []int
	for i := range evs {
		if r, _ := b.options(evs, i); len(r) > 0 {
			rel = append(rel, i)
		} else {
			plain = append(plain, i)
		}
	}
	return append(shuffled(b.r, plain), rel...)[:nDateAsks]
}

func (b *builder) askDate(evs []event, i int) {
	ev := evs[i]
	b.ask(&pending{
		kind: KindTemporal, text: fill(pick(b.r, ev.t.askDate), "v", ev.v), answer: ev.l.cal.answer(ev.e.date, b.asked),
		evidence: []*msg{ev.e}, distractors: others(evs, i, -1), values: []string{ev.v}, when: onDay(ev.e.date),
	})
}

// option is time words that pick one event of a series.
type option struct {
	w      *when
	words  string
	anchor int // the event the words name, or -1
}

// askWhen asks about event i by time words, relative ones when they can
// pick it (the least used first), else a day, a third of a month, or the
// event before or after it.
func (b *builder) askWhen(evs []event, i int) {
	ev := evs[i]
	rel, other := b.options(evs, i)
	o := pick(b.r, other)
	if len(rel) > 0 && b.r.Float64() < 0.85 {
		slices.SortStableFunc(rel, func(x, y option) int { return b.rels[x.w.code] - b.rels[y.w.code] })
		o = rel[0]
		b.rels[o.w.code]++
	}
	text := fill(pick(b.r, ev.t.ask), "when", o.words)
	if len(ev.t.askBy) > 0 && o.anchor < 0 && b.r.Float64() < 0.4 {
		text = fill(pick(b.r, ev.t.askBy), "when", o.words, "name", ev.e.from.name)
	}
	p := &pending{kind: KindTemporal, text: text, answer: ev.v, evidence: []*msg{ev.e}, values: []string{ev.v}, when: o.w}
	if o.anchor >= 0 {
		p.evidence = append(p.evidence, evs[o.anchor].e)
		p.values = append(p.values, evs[o.anchor].v)
	}
	p.distractors = others(evs, i, o.anchor)
	if !b.ask(p) {
		b.askDate(evs, i)
	}
}

// options returns the time words that pick event i among evs: relative
// ones, and the others.
func (b *builder) options(evs []event, i int) (rel, other []option) {
	d, cal := evs[i].e.date, evs[i].l.cal
	alone := func(from, to time.Time) bool {
		n := 0
		for _, ev := range evs {
			if within(ev.e.date, from, to) {
				n++
			}
		}
		return n == 1 && within(d, from, to)
	}
	for _, code := range relCodes {
		if from, to := relWindow(code, b.asked); alone(from, to) {
			rel = append(rel, option{&when{code, from, to}, cal.rel[code], -1})
		}
	}
	if from, to := relWindow("lastweek", b.asked); within(d, from, to) {
		rel = append(rel, option{&when{"lastweekday", d, d.AddDate(0, 0, 1)}, cal.weekday(d.Weekday()), -1})
	}
	if from, to := partOf(d); alone(from, to) {
		other = append(other, option{&when{"part", from, to}, cal.part(d, b.asked), -1})
	}
	if i+1 < len(evs) {
		other = append(other, option{&when{"before", d, evs[i+1].e.date}, fill(evs[i].t.before, "a", evs[i+1].v), i + 1})
	}
	if i > 0 {
		other = append(other, option{&when{"after", evs[i-1].e.date.AddDate(0, 0, 1), d.AddDate(0, 0, 1)}, fill(evs[i].t.after, "a", evs[i-1].v), i - 1})
	}
	other = append(other, option{onDay(d), cal.date(d, b.asked), -1})
	return rel, other
}

// others returns the messages of the events other than i and anchor.
func others(evs []event, i, anchor int) []*msg {
	var out []*msg
	for k, ev := range evs {
		if k != i && k != anchor {
			out = append(out, ev.e)
		}
	}
	return out
}

// randomDay returns one of the chat's days.
func (b *builder) randomDay() *day {
	return pick(b.r, b.days)
}

// randomSlot returns a part of the day, evenings most often.
func (b *builder) randomSlot() int {
	switch x := b.r.Float64(); {
	case x < 0.08:
		return morning
	case x < 0.35:
		return lunch
	}
	return evening
}

// twoDays returns the indices of two different days, in order.
func (b *builder) twoDays() (int, int) {
	p := b.r.Perm(len(b.days))
	return min(p[0], p[1]), max(p[0], p[1])
}

// farDays returns the indices of two days at least minSpanDays apart.
func (b *builder) farDays() (int, int) {
	for {
		i, j := b.twoDays()
		if b.days[j].date.Sub(b.days[i].date) >= minSpanDays*24*time.Hour {
			return i, j
		}
	}
}

// apart returns the indices of n days, in order, at least minDaysApart
// from each other.
func (b *builder) apart(n int) []int {
	for {
		idx := b.r.Perm(len(b.days))[:n]
		slices.Sort(idx)
		ok := true
		for k := 1; k < n; k++ {
			ok = ok && b.days[idx[k]].date.Sub(b.days[idx[k-1]].date) >= minDaysApart*24*time.Hour
		}
		if ok {
			return idx
		}
	}
}
