package longchat

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"
)

// Pairs returns the two-person chats of the set: two friends catching up
// over months, each telling the other about their life (LoCoMo-like).
// Their questions, one per planted fact, are PairQuestions(seed).
//
// For every seed it guarantees, as Generate does for the group chats:
// the same seed gives byte-identical transcripts; every transcript is in
// the format of demo.ParseChat with Fact ids as it numbers the messages;
// every planted Value is in its message and in no other message of the
// chat (case-insensitively). The chats' ids and splits do not depend on
// the seed; who says what, when and in which words does.
func Pairs(seed int64) []Group {
	gs, _ := pairSet(seed)
	return gs
}

// PairQuestions returns the questions about Pairs(seed): one per planted
// fact, its Evidence the fact's message. A dated event is asked with
// KindTemporal and a date-ish Answer ("14 March 2024", "the weekend of
// 9–10 March 2024", "the week before 15 March 2024"); everything else
// with KindSingle and the Value (or a short phrase holding it) as Answer.
func PairQuestions(seed int64) []Question {
	_, qs := pairSet(seed)
	return qs
}

// pairSet builds every pair chat of seed, in the order of pairChats.
func pairSet(seed int64) ([]Group, []Question) {
	var gs []Group
	var qs []Question
	for i, c := range pairChats {
		g, q := newPairBuilder(c, seed, i).build()
		gs = append(gs, g)
		qs = append(qs, q...)
	}
	return gs, qs
}

// pairChat is one two-person chat: its id, split, zone and the two people.
type pairChat struct {
	id, split, zone string
	a, b            *pairProfile
}

// pairProfile is one person: what they tell about their life and the
// one-off talk that is theirs.
type pairProfile struct {
	name  string
	items []pairItem
	talk  []string // one-off first-person lines and photos: never facts
}

// pairItem is one thing a person tells: a lasting fact, a dated event or
// a plan.
type pairItem struct {
	kind string   // "fact/<key>", "event" or "plan"
	val  string   // the distinctive words; in every say line
	say  []string // ways to tell it, one picked; an event's hold {when} or {When}
	ask  string   // the other's question the line answers, or ""
	more []string // what follows: the other, the teller, the other...
	q    string   // the question about it, {n} the teller's name
	a    string   // the answer when it is not val
	step int      // 0; 1 an older value of kind; 2 the value that replaces it
	days int      // an event's days: 0 any, pairWeekday Monday to Friday, pairWeekend Saturday or Sunday
}

// The days an event may fall on.
const (
	pairWeekday = 1
	pairWeekend = 2
)

// The constructors of pairItem, for the tables: a lasting fact, a dated
// event and a plan.
func pf(key, val, q string, say ...string) pairItem {
	return pairItem{kind: "fact/" + key, val: val, q: q, say: say}
}

func pe(val, q string, say ...string) pairItem {
	return pairItem{kind: "event", val: val, q: q, say: say}
}

func pp(val, q string, say ...string) pairItem {
	return pairItem{kind: "plan", val: val, q: q, say: say}
}

// asked has the other ask the question the item answers.
func (it pairItem) asked(q string) pairItem { it.ask = q; return it }

// then adds the lines that follow the item: the other, the teller, ...
func (it pairItem) then(lines ...string) pairItem { it.more = lines; return it }

// ans sets the answer of the item's question.
func (it pairItem) ans(a string) pairItem { it.a = a; return it }

// older and newer mark a value that changes: the older one is told in the
// first half of the chat, the newer at least two weeks after it.
func (it pairItem) older() pairItem { it.step = 1; return it }
func (it pairItem) newer() pairItem { it.step = 2; return it }

// weekday and weekend mark an event that happens only on those days.
func (it pairItem) weekday() pairItem { it.days = pairWeekday; return it }
func (it pairItem) weekend() pairItem { it.days = pairWeekend; return it }

// pairBuilder builds one pair chat.
type pairBuilder struct {
	r        *rand.Rand
	c        *pairChat
	zone     *time.Location
	people   [2]*pairProfile
	ids      [2]string
	plants   []*pairPlant
	sessions []*pairSession
	vals     []string // the planted values, lower-cased
	uses     map[string]int
	decks    map[string]*pairDeck
}

// pairPlant is an item planted in the chat.
type pairPlant struct {
	it      *pairItem
	owner   int
	text    string
	session int
	answer  string
	id      string
}

// pairSession is one day the two talk.
type pairSession struct {
	date   time.Time
	start  int // minutes after midnight
	target int // messages it should hold
	gap    int // days since the session before, 0 for the first
	plants []*pairPlant
	scenes [][]pairLine
}

// pairLine is one message of a session.
type pairLine struct {
	from int
	text string
	p    *pairPlant // nil for talk
}

// pairDeck deals a pool's lines in a random order, all before any again.
type pairDeck struct {
	order []int
	next  int
}

// Limits of the chats.
const (
	pairMinSessions = 18
	pairMaxSessions = 26
	pairMinSpan     = 124 // days from the first session to the last: about four months
	pairMaxSpan     = 240 // about eight months
	pairMinGap      = 2
	pairMaxGap      = 20
	pairMinLines    = 16 // messages a session
	pairMaxLines    = 40
	pairMinFacts    = 40
	pairMaxFacts    = 70
	pairMaxRepeat   = 3 // times a talk line may be said in a chat
	pairChangeDays  = 14
)

func newPairBuilder(c *pairChat, seed int64, n int) *pairBuilder {
	off, err := time.Parse("-07:00", c.zone)
	if err != nil {
		panic("longchat: pair chat " + c.id + " has a bad zone: " + c.zone) // a defect in the tables, caught by the tests
	}
	_, secs := off.Zone()
	b := &pairBuilder{
		r:      rand.New(rand.NewPCG(uint64(seed), uint64(1000+n)+1)),
		c:      c,
		zone:   time.FixedZone("UTC"+c.zone, secs),
		people: [2]*pairProfile{c.a, c.b},
		uses:   map[string]int{},
		decks:  map[string]*pairDeck{},
	}
	for i, p := range b.people {
		b.ids[i] = strings.ToLower(p.name)
	}
	return b
}

func (b *pairBuilder) build() (Group, []Question) {
	b.chooseItems()
	b.pickSessions()
	b.assign()
	for _, s := range b.sessions {
		b.compose(s)
	}
	g := Group{ID: b.c.id, Lang: "en", Split: b.c.split}
	g.Transcript, g.Facts = b.write()
	last := b.sessions[len(b.sessions)-1].date
	g.AskedAt = last.AddDate(0, 0, 1).Add(10 * time.Hour)
	b.verify()
	return g, b.questions()
}

// chooseItems picks the way each item is told and keeps items whose value
// is in no other kept item's line nor in a name, then trims the chat to
// 40–70 facts. A changing value is kept or dropped with its pair.
func (b *pairBuilder) chooseItems() {
	type unit []*pairPlant
	var units []unit
	for w, p := range b.people {
		changes := map[string]unit{}
		for k := range p.items {
			it := &p.items[k]
			pl := &pairPlant{it: it, owner: w, text: pick(b.r, it.say)}
			if !strings.Contains(strings.ToLower(pl.text), strings.ToLower(it.val)) {
				panic("longchat: pair item " + it.val + " is not in its line: " + pl.text) // a defect in the tables
			}
			if it.step != 0 {
				changes[it.kind] = append(changes[it.kind], pl)
				continue
			}
			units = append(units, unit{pl})
		}
		for _, k := range sortedKeys(changes) {
			u := changes[k]
			slices.SortFunc(u, func(x, y *pairPlant) int { return x.it.step - y.it.step })
			if len(u) != 2 || u[0].it.step != 1 || u[1].it.step != 2 {
				panic("longchat: pair change " + k + " of " + p.name + " is not an older and a newer value")
			}
			units = append(units, u)
		}
	}
	units = shuffled(b.r, units)
	names := strings.ToLower(b.people[0].name + " " + b.people[1].name)
	var kept []*pairPlant
	clash := func(pl *pairPlant) bool {
		v, t := strings.ToLower(pl.it.val), strings.ToLower(pl.text+" "+pl.it.ask)
		if strings.Contains(names, v) {
			return true
		}
		for _, o := range kept {
			ov := strings.ToLower(o.it.val)
			if strings.Contains(t, ov) || strings.Contains(strings.ToLower(o.text+" "+o.it.ask), v) {
				return true
			}
		}
		return false
	}
	target := 48 + b.r.IntN(19)
	for _, u := range units {
		ok := true
		for _, pl := range u {
			ok = ok && !clash(pl)
		}
		if !ok || len(kept)+len(u) > target {
			continue
		}
		kept = append(kept, u...)
	}
	if len(kept) < pairMinFacts {
		panic(fmt.Sprintf("longchat: pair chat %s keeps %d facts, fewer than %d", b.c.id, len(kept), pairMinFacts))
	}
	b.plants = kept
	for _, pl := range kept {
		b.vals = append(b.vals, strings.ToLower(pl.it.val))
	}
}

func sortedKeys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// pickSessions spreads 18–26 sessions over four to eight months, 2–20
// days apart, mostly in the evening.
func (b *pairBuilder) pickSessions() {
	n := pairMinSessions + b.r.IntN(pairMaxSessions-pairMinSessions+1)
	for try := 0; ; try++ {
		var gaps []int
		sum := 0
		for range n - 1 {
			g := pairMinGap + b.r.IntN(pairMaxGap-pairMinGap+1)
			if try > 200 { // a long chat: keep the gaps short enough to fit
				g = pairMinGap + b.r.IntN((pairMaxSpan-pairMinGap)/(n-1)-1)
			}
			gaps = append(gaps, g)
			sum += g
		}
		if sum >= pairMinSpan && sum <= pairMaxSpan {
			b.sessionDays(gaps)
			return
		}
	}
}

// sessionDays lays the sessions out with the gaps between them.
func (b *pairBuilder) sessionDays(gaps []int) {
	date := time.Date(2023, 1, 9, 0, 0, 0, 0, b.zone).AddDate(0, 0, b.r.IntN(560))
	messages := 530 + b.r.IntN(180)
	per := float64(messages) / float64(len(gaps)+1)
	for i := 0; i <= len(gaps); i++ {
		s := &pairSession{date: date}
		if i > 0 {
			s.gap = gaps[i-1]
			s.date = date.AddDate(0, 0, s.gap)
		}
		date = s.date
		switch x := b.r.Float64(); {
		case x < 0.72:
			s.start = 18*60 + 20 + b.r.IntN(190)
		case x < 0.9:
			s.start = 12*60 + b.r.IntN(240)
		default:
			s.start = 7*60 + 40 + b.r.IntN(120)
		}
		s.target = min(max(int(per*(0.65+0.7*b.r.Float64())), pairMinLines+2), pairMaxLines-2)
		b.sessions = append(b.sessions, s)
	}
}

// assign gives every planted item a session: an older value in the first
// half, its newer value two weeks or more later, the rest where fewest
// items are.
func (b *pairBuilder) assign() {
	n := len(b.sessions)
	place := func(pl *pairPlant, from, to int) {
		best := -1
		for _, i := range shuffled(b.r, seq(from, to)) {
			if best < 0 || len(b.sessions[i].plants) < len(b.sessions[best].plants) {
				best = i
			}
		}
		pl.session = best
		b.sessions[best].plants = append(b.sessions[best].plants, pl)
	}
	older := map[string]*pairPlant{}
	for _, pl := range b.plants {
		if pl.it.step == 1 {
			place(pl, 0, n/2)
			older[fmt.Sprint(pl.owner, pl.it.kind)] = pl
		}
	}
	for _, pl := range b.plants {
		if pl.it.step == 2 {
			o := older[fmt.Sprint(pl.owner, pl.it.kind)]
			from := o.session + 1
			for from < n-1 && b.sessions[from].date.Sub(b.sessions[o.session].date) < pairChangeDays*24*time.Hour {
				from++
			}
			place(pl, from, n)
		}
	}
	for _, pl := range b.plants {
		if pl.it.step == 0 {
			place(pl, 0, n)
		}
	}
}

func seq(from, to int) []int {
	var out []int
	for i := from; i < to; i++ {
		out = append(out, i)
	}
	return out
}

// compose writes a session: a greeting, its planted items and small talk
// in a random order, and most times a goodbye.
func (b *pairBuilder) compose(s *pairSession) {
	first := b.r.IntN(2)
	greet := []pairLine{}
	pool := "greet"
	if s.gap == 0 || s.gap >= 12 {
		pool = "greetlong"
	}
	b.add(&greet, first, pool)
	b.add(&greet, 1-first, "greetback")
	if strings.HasSuffix(greet[len(greet)-1].text, "?") {
		b.add(&greet, first, "fine")
	}
	var middle [][]pairLine
	for _, pl := range s.plants {
		middle = append(middle, b.plantScene(s, pl))
	}
	count := len(greet) + 2
	for _, sc := range middle {
		count += len(sc)
	}
	topics := map[int]bool{} // the small talk of the session, each once
	for personal, fails := [2]int{}, 0; count < s.target && fails < 100; {
		var sc []pairLine
		w := b.r.IntN(2)
		if x := b.r.Float64(); x < 0.2 && personal[w] < 1 {
			personal[w]++
			sc = b.personal(w)
		} else {
			sc = b.smallTalk(w, topics)
		}
		if len(sc) == 0 {
			fails++
			continue
		}
		middle = append(middle, sc)
		count += len(sc)
	}
	s.scenes = append([][]pairLine{greet}, shuffled(b.r, middle)...)
	bye := []pairLine{}
	last := b.r.IntN(2)
	night := ""
	if s.start >= 18*60 {
		night = "night"
	}
	if b.r.Float64() < 0.3 {
		b.add(&bye, last, "bye"+night)
	} else {
		b.add(&bye, last, "bye")
	}
	if b.r.Float64() < 0.8 {
		b.add(&bye, 1-last, "byeback"+night)
	}
	s.scenes = append(s.scenes, bye)
}

// plantScene tells a planted item: the other's question when it has one,
// the line, and what follows it.
func (b *pairBuilder) plantScene(s *pairSession, pl *pairPlant) []pairLine {
	var sc []pairLine
	w, o := pl.owner, 1-pl.owner
	it := pl.it
	if it.kind == "event" {
		words, answer := b.when(s, it.days)
		pl.text = strings.ReplaceAll(pl.text, "{When}", upperFirst(words))
		pl.text = strings.ReplaceAll(pl.text, "{when}", words)
		pl.answer = answer
	} else if it.a != "" {
		pl.answer = it.a
	} else {
		pl.answer = it.val
	}
	if it.ask != "" {
		b.say(&sc, o, it.ask)
	} else if !strings.HasPrefix(it.kind, "fact/") && b.r.Float64() < 0.25 {
		b.add(&sc, w, "lead")
	}
	sc = append(sc, pairLine{from: w, text: pl.text, p: pl})
	if b.r.Float64() < 0.15 {
		b.add(&sc, w, "tail")
	}
	if len(it.more) > 0 {
		for k, t := range it.more {
			if !b.say(&sc, []int{o, w}[k%2], t) {
				break
			}
		}
		return sc
	}
	kind := "fact"
	if it.kind == "event" || it.kind == "plan" {
		kind = it.kind
	} else if it.ask != "" {
		kind = "answer"
	}
	b.add(&sc, o, "react/"+kind)
	if (kind == "event" || kind == "plan") && b.r.Float64() < 0.55 {
		if b.add(&sc, o, "ask/"+kind) {
			b.add(&sc, w, "reply/"+kind)
		}
	}
	return sc
}

// personal has w say one of their own one-off lines, each once a chat,
// and the other react: to a photo ("Here's a pic of the sunset") as to a
// photo, to anything else with a laugh.
func (b *pairBuilder) personal(w int) []pairLine {
	var sc []pairLine
	own := b.people[w].talk
	key := "own/" + b.ids[w]
	if d := b.decks[key]; d != nil && d.next == len(d.order) {
		return nil
	}
	t := own[b.deal(key, len(own))]
	if !b.say(&sc, w, t) {
		return nil
	}
	react := "react/talk"
	for _, p := range []string{"pic", "photo", "sunset", "sunrise", "sky", "view", "rainbow", "one I did", "mural"} {
		if strings.Contains(t, p) {
			react = "react/pic"
		}
	}
	b.add(&sc, 1-w, react)
	return sc
}

// smallTalk has w open a topic (the weather, work, a show, a mishap) and
// the other answer, and sometimes w again.
func (b *pairBuilder) smallTalk(w int, seen map[int]bool) []pairLine {
	k := b.deal("topic", len(pairTopics))
	if seen[k] {
		return nil
	}
	seen[k] = true
	tp := pairTopics[k]
	var sc []pairLine
	key := fmt.Sprint("topic/", k, "/")
	if !b.sayFrom(&sc, w, key+"open", tp.open) {
		return nil
	}
	b.sayFrom(&sc, 1-w, key+"reply", tp.reply)
	if len(tp.back) > 0 && b.r.Float64() < 0.45 {
		b.sayFrom(&sc, w, key+"back", tp.back)
	}
	return sc
}

// add appends a line of the named talk pool said by w; false when the
// pool has no line left that may be said.
func (b *pairBuilder) add(sc *[]pairLine, w int, pool string) bool {
	lines, ok := pairTalk[pool]
	if !ok {
		panic("longchat: no pair talk pool " + pool) // a defect in the tables
	}
	return b.sayFrom(sc, w, pool, lines)
}

// sayFrom appends the next line of a pool that may be said.
func (b *pairBuilder) sayFrom(sc *[]pairLine, w int, key string, lines []string) bool {
	for range lines {
		if b.say(sc, w, lines[b.deal(key, len(lines))]) {
			return true
		}
	}
	return false
}

// say appends t said by w, {o} the other's name, unless it holds a planted
// value or has been said three times.
func (b *pairBuilder) say(sc *[]pairLine, w int, t string) bool {
	t = fill(t, "o", b.people[1-w].name, "me", b.people[w].name)
	lt := strings.ToLower(t)
	if b.uses[t] >= pairMaxRepeat {
		return false
	}
	for _, v := range b.vals {
		if strings.Contains(lt, v) {
			return false
		}
	}
	b.uses[t]++
	*sc = append(*sc, pairLine{from: w, text: t})
	return true
}

// deal returns the next index below n of the deck named key.
func (b *pairBuilder) deal(key string, n int) int {
	d := b.decks[key]
	if d == nil || d.next == len(d.order) {
		d = &pairDeck{order: b.r.Perm(n)}
		b.decks[key] = d
	}
	d.next++
	return d.order[d.next-1]
}

// when returns the time words an event told in s is set with, and the
// answer to when it happened; days limits the day it may fall on. Every
// day of the week has words for a weekday and for a weekend, so the loop
// ends.
func (b *pairBuilder) when(s *pairSession, days int) (string, string) {
	d := s.date
	day := func(t time.Time) string { return t.Format("2 January 2006") }
	fits := func(t time.Time) bool {
		weekend := t.Weekday() == time.Saturday || t.Weekday() == time.Sunday
		return days == 0 || (days == pairWeekend) == weekend
	}
	for {
		switch b.r.IntN(7) {
		case 0:
			if t := d.AddDate(0, 0, -1); fits(t) {
				return "yesterday", day(t)
			}
		case 1:
			if t := d.AddDate(0, 0, -2); fits(t) {
				return "two days ago", day(t)
			}
		case 2:
			if t := d.AddDate(0, 0, -(2 + b.r.IntN(3))); fits(t) {
				return "on " + t.Weekday().String(), day(t)
			}
		case 3:
			if t := d.AddDate(0, 0, -(4 + b.r.IntN(4))); fits(t) {
				return "last " + t.Weekday().String(), day(t)
			}
		case 4:
			wd := int(d.Weekday())
			if wd < 1 || wd > 4 || days == pairWeekday {
				continue
			}
			sat := d.AddDate(0, 0, -(wd + 1))
			sun := sat.AddDate(0, 0, 1)
			if sat.Month() == sun.Month() {
				return "last weekend", fmt.Sprintf("the weekend of %d–%s", sat.Day(), day(sun))
			}
			return "last weekend", fmt.Sprintf("the weekend of %s – %s", day(sat), day(sun))
		case 5:
			if days == 0 {
				return "last week", "the week before " + day(d)
			}
		case 6:
			if s.start >= 17*60 && fits(d) {
				return pick(b.r, []string{"this morning", "earlier today"}), day(d)
			}
		}
	}
}

// write returns the transcript, giving every message its id and time, and
// the planted messages in chat order.
func (b *pairBuilder) write() ([]byte, []Fact) {
	var buf bytes.Buffer
	var facts []Fact
	fmt.Fprintf(&buf, "# %s: a two-person chat of the long-chat retrieval evaluation set (%s split).\n", b.c.id, b.c.split)
	fmt.Fprintf(&buf, "group %s\nzone %s\n", b.c.id, b.c.zone)
	for i, p := range b.people {
		fmt.Fprintf(&buf, "member %s %s\n", b.ids[i], p.name)
	}
	n := 0
	for _, s := range b.sessions {
		fmt.Fprintf(&buf, "\nday %s\n", s.date.Format(time.DateOnly))
		at := s.start
		for k, sc := range s.scenes {
			for j, l := range sc {
				switch {
				case k == 0 && j == 0:
				case j == 0:
					at += 1 + b.r.IntN(7)
				default:
					at += b.r.IntN(3)
				}
				at = min(at, 23*60+59)
				n++
				id := fmt.Sprintf("msg-%04d", n)
				fmt.Fprintf(&buf, "%02d:%02d %s %s\n", at/60, at%60, b.ids[l.from], l.text)
				if l.p != nil {
					l.p.id = id
					facts = append(facts, Fact{ID: id, Kind: l.p.it.kind, Value: l.p.it.val})
				}
			}
		}
	}
	return buf.Bytes(), facts
}

// verify panics unless every planted value is in its message and in no
// other message of the chat, and every session holds 16–40 messages.
func (b *pairBuilder) verify() {
	for _, s := range b.sessions {
		n := 0
		for _, sc := range s.scenes {
			for _, l := range sc {
				n++
				lt := strings.ToLower(l.text)
				for _, pl := range b.plants {
					in := strings.Contains(lt, strings.ToLower(pl.it.val))
					if in != (l.p == pl) {
						panic(fmt.Sprintf("longchat: %s: value %q in %q", b.c.id, pl.it.val, l.text)) // a defect in the algorithm or the tables
					}
				}
			}
		}
		if n < pairMinLines || n > pairMaxLines {
			panic(fmt.Sprintf("longchat: %s: a session of %d messages", b.c.id, n))
		}
	}
}

// questions returns one question per planted item, in chat order.
func (b *pairBuilder) questions() []Question {
	var out []Question
	for _, s := range b.sessions {
		for _, sc := range s.scenes {
			for _, l := range sc {
				if pl := l.p; pl != nil {
					q := Question{Group: b.c.id, Kind: KindSingle, Text: fill(pl.it.q, "n", b.people[pl.owner].name),
						Evidence: []string{pl.id}, Answer: pl.answer, values: []string{pl.it.val}}
					if pl.it.kind == "event" {
						q.Kind = KindTemporal
					}
					out = append(out, q)
				}
			}
		}
	}
	return out
}

// pairTopic is a bit of small talk: ways to open it, answers that fit
// every opening, and what the opener may say back.
type pairTopic struct {
	open, reply, back []string
}
