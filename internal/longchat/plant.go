package longchat

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/groupmem/groupmem/keyword"
)

// plant posts st by m on d, in language l, with kv filled in: as a
// statement, now and then inside a longer message, or as m's reply to
// another member's prompt. Others react. It returns the message that
// holds the statement. ok, when not nil, must accept that message;
// otherwise another variant is tried, and nil returned when none passes.
func (b *builder) plant(d *day, slot int, m *member, l *lang, st stmt, ok func(*msg) bool, kv ...string) *msg {
	for range 40 {
		s := &scene{slot: slot}
		var e *msg
		if len(st.prompt) > 0 && b.r.Float64() < 0.25 {
			s.add(d, b.others(m)[0], fill(pick(b.r, st.prompt), "name", m.name))
			e = s.add(d, m, fill(pick(b.r, st.reply), kv...))
		} else {
			e = s.add(d, m, b.long(l, st, pick(b.r, st.say), kv...))
		}
		if ok != nil && !ok(e) {
			continue
		}
		b.react(d, s, m, l, st)
		d.scenes = append(d.scenes, s)
		return e
	}
	return nil
}

// add appends a message by m to the scene.
func (s *scene) add(d *day, m *member, text string) *msg {
	e := &msg{from: m, text: text, date: d.date}
	s.lines = append(s.lines, e)
	return e
}

// long returns the statement t of st filled with kv, nearly half the
// time joined with small talk into one longer message, as friends write
// when they mention something among other things. Big news (good, bad)
// gets a message of its own.
func (b *builder) long(l *lang, st stmt, t string, kv ...string) string {
	text := fill(t, kv...)
	if b.r.Float64() >= 0.45 || st.mood == "good" || st.mood == "bad" || st.mood == "news" {
		return text
	}
	lowered := text
	if !strings.HasPrefix(t, "{") {
		lowered = lowerFirst(text)
	}
	return fill(pick(b.r, l.joins), "chat", b.chatter(l), "fact-", lowered, "fact.", sentence(l, text), "fact", text)
}

// lowerFirst lowers the first letter of s when it only starts a sentence
// ("Meet", not "I'm" or "PASSED").
func lowerFirst(s string) string {
	r := []rune(s)
	if len(r) > 1 && unicode.IsUpper(r[0]) && unicode.IsLower(r[1]) {
		r[0] = unicode.ToLower(r[0])
	}
	return string(r)
}

// sentence returns s ending as a sentence of l.
func sentence(l *lang, s string) string {
	r := []rune(s)
	if last := r[len(r)-1]; unicode.IsLetter(last) || unicode.IsDigit(last) {
		return s + l.stop
	}
	return s
}

// react has up to three other members react to what m said.
func (b *builder) react(d *day, s *scene, m *member, l *lang, st stmt) {
	seen := map[string]bool{}
	n := b.r.IntN(4)
	if st.mood == "good" || st.mood == "bad" || st.mood == "news" {
		n = 1 + b.r.IntN(3) // news is never met with silence
	}
	for _, o := range b.others(m)[:n] {
		ol := b.speaks(o)
		pool := ol.moods[cmp.Or(st.mood, "meh")]
		if ol == l && len(st.reacts) > 0 && (st.mood == "" || b.r.Float64() < 0.5) {
			pool = st.reacts
		}
		t := fill(pick(b.r, pool), "name", m.name)
		if !seen[t] {
			seen[t] = true
			s.add(d, o, t)
		}
	}
}

// speaks returns the language m writes the next message in: theirs,
// now and then the other one of a mixed group.
func (b *builder) speaks(m *member) *lang {
	if m.other != nil && b.r.Float64() < 0.2 {
		return m.other
	}
	return m.lang
}

// plantFacts plants the members' facts and asks the single, who,
// multihop (bridge) and updated questions about them.
func (b *builder) plantFacts() {
	for range nUpdates {
		b.askUpdate()
	}
	for range nSingle {
		b.askFact(KindSingle)
	}
	for range nWho {
		b.askFact(KindWho)
	}
	for range nBridge {
		b.askBridge()
	}
	for range nLookalikes {
		if m, f := b.freeFact(nil, nil); f != nil {
			b.state(m, f, b.randomDay())
		}
	}
}

// freeFact returns a member (m, or the one who has stated least) and a
// fact of their language that they have not stated, that fits the group,
// that has a value left and that ok accepts; nil when there is none.
func (b *builder) freeFact(m *member, ok func(*fact) bool) (*member, *fact) {
	ms := []*member{m}
	if m == nil {
		ms = shuffled(b.r, b.members)
		slices.SortStableFunc(ms, func(x, y *member) int { return b.stated[x] - b.stated[y] })
	}
	for _, m := range ms {
		facts := append(append([]fact(nil), m.lang.facts...), b.th.facts[m.lang.code]...)
		for _, i := range b.r.Perm(len(facts)) {
			f := &facts[i]
			// skip hides facts of the language that do not fit the group;
			// the group's own facts always fit it.
			if (i < len(m.lang.facts) && slices.Contains(b.th.skip, f.key)) || b.taken[m.id+"/"+f.key] || b.left(f.values) == 0 || (ok != nil && !ok(f)) {
				continue
			}
			return m, f
		}
	}
	return nil, nil
}

// take records that m has stated the fact key.
func (b *builder) take(m *member, key string) {
	if !b.taken[m.id+"/"+key] {
		b.taken[m.id+"/"+key] = true
		b.stated[m]++
	}
}

// left returns how many values of pool the group has not planted.
func (b *builder) left(pool []string) int {
	n := 0
	for _, v := range pool {
		if !b.used[strings.ToLower(v)] {
			n++
		}
	}
	return n
}

// state has m state f on d with a new value.
func (b *builder) state(m *member, f *fact, d *day) (*msg, string) {
	v := b.draw(f.values)
	e := planted(b.plant(d, b.randomSlot(), m, m.lang, f.stmt, nil, "v", v), "fact/"+f.key, v)
	b.take(m, f.key)
	b.like[f.key] = append(b.like[f.key], e)
	return e, v
}

func (b *builder) askFact(kind string) {
	m, f := b.freeFact(nil, func(f *fact) bool {
		if kind == KindWho {
			return len(f.who) > 0
		}
		return len(f.ask)+len(f.byName) > 0
	})
	if f == nil {
		return
	}
	e, v := b.state(m, f, b.randomDay())
	p := &pending{kind: kind, evidence: []*msg{e}, like: f.key, values: []string{v}}
	if kind == KindWho {
		p.text, p.answer = fill(pick(b.r, f.who), "v", v), m.name
	} else {
		p.text, p.answer = fill(pick(b.r, append(f.ask, f.byName...)), "who", m.name, "his", m.pronoun()), v
	}
	b.ask(p)
}

// askBridge plants two facts of one member on different nights and asks
// about the second through the first: "Which city does the member who
// adopted a beagle live in?"
func (b *builder) askBridge() {
	m, first := b.freeFact(nil, func(f *fact) bool { return len(f.desc) > 0 })
	if first == nil {
		return
	}
	_, second := b.freeFact(m, func(f *fact) bool { return len(f.ask) > 0 && f.key != first.key })
	if second == nil {
		return
	}
	i, j := b.twoDays()
	e1, v1 := b.state(m, first, b.days[i])
	e2, v2 := b.state(m, second, b.days[j])
	who := fill(pick(b.r, first.desc), "v", v1)
	b.ask(&pending{
		kind: KindMultiHop, text: fill(pick(b.r, second.ask), "who", who, "his", m.pronoun()),
		answer: fmt.Sprintf("%s (%s)", v2, m.name), evidence: []*msg{e1, e2}, like: second.key, values: []string{v1, v2},
	})
}

// askUpdate has a member state a fact, then change it once or twice on
// later nights, and asks for the current value.
func (b *builder) askUpdate() {
	n := 2 + b.r.IntN(3)/2
	m, f := b.freeFact(nil, func(f *fact) bool { return len(f.change.say) > 0 && len(f.now) > 0 && b.left(f.values) >= n })
	if f == nil {
		return
	}
	b.take(m, f.key)
	var said []*msg
	var v string
	for i, di := range b.apart(n) {
		st := f.change
		if i == 0 {
			st = f.stmt
		}
		v = b.draw(f.values)
		said = append(said, planted(b.plant(b.days[di], b.randomSlot(), m, m.lang, st, nil, "v", v), "fact/"+f.key, v))
	}
	b.like[f.key] = append(b.like[f.key], said...)
	last := len(said) - 1
	b.ask(&pending{
		kind: KindUpdated, text: fill(pick(b.r, f.now), "name", m.name, "his", m.pronoun()), answer: v,
		evidence: said[last:], distractors: said[:last], values: []string{v},
	})
}

// plantGroupUpdate has members state a value of the group's and change it
// on later nights, and asks for the current one.
func (b *builder) plantGroupUpdate(u update) {
	var said []*msg
	var v string
	var t updateText
	for i, di := range b.apart(2 + b.r.IntN(3)/2) {
		m := b.anyone()
		l := m.lang
		var ok bool
		if t, ok = u.text[l.code]; !ok {
			l = b.th.langs[0]
			t = u.text[l.code]
		}
		st := stmt{say: t.change, mood: "note"}
		if i == 0 {
			st.say = t.say
		}
		v = b.draw(u.values)
		kept := v
		if u.common {
			kept = "" // an ordinary word: not a value of its own
		}
		said = append(said, planted(b.plant(b.days[di], b.randomSlot(), m, l, st, nil, "v", v), "group/"+u.key, kept))
	}
	last := len(said) - 1
	p := &pending{kind: KindUpdated, text: pick(b.r, t.ask), answer: v, evidence: said[last:], distractors: said[:last]}
	if !u.common {
		p.values = []string{v}
	}
	b.ask(p)
}

// plantSpans plants the two ends of spans and asks how long lay between.
func (b *builder) plantSpans() {
	for range nSpan {
		m := b.anyone()
		l := m.lang
		k := b.unused("span/"+l.code, len(l.spans))
		if k < 0 {
			continue
		}
		sp := l.spans[k]
		i, j := b.farDays()
		e1 := planted(b.plant(b.days[i], b.randomSlot(), m, l, sp.start, nil), "span", "")
		e2 := planted(b.plant(b.days[j], b.randomSlot(), m, l, sp.end, nil), "span", "")
		b.ask(&pending{
			kind: KindMultiHop, text: fill(pick(b.r, sp.ask), "name", m.name, "his", m.pronoun()),
			answer: l.cal.span(b.days[i].date, b.days[j].date), evidence: []*msg{e1, e2},
		})
	}
}

// plantMilestones plants members' one-off events and asks their dates.
func (b *builder) plantMilestones() {
	for range nMilestones {
		m := b.anyone()
		l := m.lang
		k := b.unused("milestone/"+l.code, len(l.milestones))
		if k < 0 {
			continue
		}
		ms := l.milestones[k]
		d := b.randomDay()
		e := planted(b.plant(d, b.randomSlot(), m, l, ms.stmt, nil), "milestone", "")
		b.ask(&pending{
			kind: KindTemporal, text: fill(pick(b.r, ms.ask), "name", m.name, "his", m.pronoun()),
			answer: l.cal.answer(d.date, b.asked), evidence: []*msg{e}, when: onDay(d.date),
		})
	}
}

// plantParaphrases plants statements and asks about them in words they
// do not use.
func (b *builder) plantParaphrases() {
	for range nParaphrase {
		b.askParaphrase()
	}
}

func (b *builder) askParaphrase() {
	for _, m := range shuffled(b.r, b.members) {
		for _, i := range b.r.Perm(len(m.lang.paraphrases)) {
			p := m.lang.paraphrases[i]
			if b.used["paraphrase/"+p.key] || slices.ContainsFunc(p.avoid, func(k string) bool { return b.taken[m.id+"/"+k] }) {
				continue
			}
			e := planted(b.plant(b.randomDay(), b.randomSlot(), m, m.lang, p.stmt, func(e *msg) bool { return disjoint(p.ask, e) }), "paraphrase", "")
			if e == nil {
				continue
			}
			b.used["paraphrase/"+p.key] = true
			for _, k := range p.avoid {
				b.take(m, k)
			}
			b.ask(&pending{kind: KindParaphrase, text: p.ask, answer: fmt.Sprintf("%s: %s", m.name, p.gist), evidence: []*msg{e}})
			return
		}
	}
}

// disjoint reports whether question shares no keyword with e, its
// sender's name included.
func disjoint(question string, e *msg) bool {
	words := map[string]bool{}
	for _, w := range keyword.Tokens(question) {
		words[w] = true
	}
	for _, w := range keyword.Tokens(e.from.name + " " + e.text) {
		if words[w] {
			return false
		}
	}
	return true
}

// unused returns a random index below n that key has not used, marking
// it used, or -1 when all are.
func (b *builder) unused(key string, n int) int {
	for _, i := range b.r.Perm(n) {
		if k := fmt.Sprintf("%s/%d", key, i); !b.used[k] {
			b.used[k] = true
			return i
		}
	}
	return -1
}
