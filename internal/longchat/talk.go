package longchat

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/groupmem/groupmem/prompts"
)

// fill adds small talk to every day until it holds about its target of
// messages and the group's messages cost minTokens: greetings some
// mornings, chatter and its replies, questions to the group and their
// answers, good nights some evenings. What the planted messages of a day
// cost beyond its share of minTokens is taken off the other days' talk.
func (b *builder) fill() {
	planted, spent, short := make([]int, len(b.days)), 0, 0
	for i, d := range b.days {
		planted[i] = tokens(d)
		spent += planted[i]
		short += max(d.tokens-planted[i], 0)
	}
	need := max(minTokens-spent, 0)
	for i, d := range b.days {
		goal := planted[i]
		if short > 0 {
			goal += (max(d.tokens-planted[i], 0)*need + short - 1) / short // rounded up, so that the days add up to minTokens
		}
		if b.r.Float64() < 0.45 {
			b.around(d, morning, func(l *lang) []string { return l.talk.greet })
		}
		for count(d) < d.target || tokens(d) < goal {
			if b.r.Float64() < 0.22 {
				b.exchange(d)
			} else {
				b.chat(d)
			}
		}
		if b.r.Float64() < 0.4 {
			b.around(d, bedtime, func(l *lang) []string { return l.talk.night })
		}
	}
}

// tokens returns what the day's messages cost by prompts.EstimateTokens.
func tokens(d *day) int {
	n := 0
	for _, s := range d.scenes {
		for _, e := range s.lines {
			n += prompts.EstimateTokens(e.text)
		}
	}
	return n
}

func count(d *day) int {
	n := 0
	for _, s := range d.scenes {
		n += len(s.lines)
	}
	return n
}

// around has one to three members greet, or say good night.
func (b *builder) around(d *day, slot int, lines func(*lang) []string) {
	s := &scene{slot: slot}
	seen := map[string]bool{}
	for _, m := range b.others(nil)[:1+b.r.IntN(3)] {
		if t := pick(b.r, lines(b.speaks(m))); !seen[t] {
			seen[t] = true
			s.add(d, m, t)
		}
	}
	d.scenes = append(d.scenes, s)
}

// chat has a member share one to three messages of chatter, and others
// reply or laugh.
func (b *builder) chat(d *day) {
	s := &scene{slot: b.talkSlot()}
	m := b.anyone()
	l := b.speaks(m)
	s.add(d, m, b.chatter(l))
	for range [...]int{0, 0, 1, 1, 1, 2}[b.r.IntN(6)] {
		s.add(d, m, b.chatter(l))
	}
	seen := map[string]bool{}
	for _, o := range b.others(m)[:b.r.IntN(3)] {
		ol := b.speaks(o)
		pool := ol.talk.react
		if b.r.Float64() < 0.65 {
			pool = ol.talk.reply
		}
		if t := fill(pick(b.r, pool), "name", m.name); !seen[t] {
			seen[t] = true
			s.add(d, o, t)
		}
	}
	d.scenes = append(d.scenes, s)
}

// talkSlot returns the part of the day small talk happens in: evenings
// mostly, lunch breaks now and then.
func (b *builder) talkSlot() int {
	if b.r.Float64() < 0.22 {
		return lunch
	}
	return evening
}

// chatter returns a message of small talk in l: a line of the language's
// or the group's, or more often one made of the parts of a topic; in a
// mixed group now and then a line that mixes both languages.
func (b *builder) chatter(l *lang) string {
	if mix, ok := b.th.talk["mix"]; ok && b.r.Float64() < 0.18 {
		return mix.chatter[b.deal("chatter/mix", len(mix.chatter))]
	}
	topics, pool := b.th.talk[l.code].topics, b.th.talk[l.code].chatter
	if !b.th.ownTalk {
		topics = append(append([]topic(nil), l.talk.topics...), topics...)
		pool = append(append([]string(nil), l.talk.chatter...), pool...)
	}
	if len(topics) > 0 && b.r.Float64() < 0.6 {
		return b.compose(l, topics)
	}
	return pool[b.deal("chatter/"+l.code, len(pool))]
}

// compose makes a message of one of the topics: a line of its first
// part, then of the second, the third or both, each with its {word} slots
// filled from the language's word lists. Lines are dealt, so that they
// repeat as little as they can.
func (b *builder) compose(l *lang, topics []topic) string {
	var t topic
	k := b.deal("topic/"+l.code, openings(topics))
	for _, t = range topics {
		if k < len(t[0]) {
			break
		}
		k -= len(t[0])
	}
	line := func(part int) string {
		return t[part][b.deal(fmt.Sprintf("topic/%s/%s/%d", l.code, t[0][0], part), len(t[part]))]
	}
	parts := []string{t[0][k]}
	switch x := b.r.Float64(); {
	case x < 0.65:
		parts = append(parts, line(1), line(2))
	case x < 0.9:
		parts = append(parts, line(1))
	default:
		parts = append(parts, line(2))
	}
	for i, p := range parts {
		parts[i] = upperFirst(b.words(l, p))
	}
	return strings.Join(parts, l.talk.join)
}

// openings counts the lines of the first parts of topics.
func openings(topics []topic) int {
	n := 0
	for _, t := range topics {
		n += len(t[0])
	}
	return n
}

// words fills each {key} slot of s with a word of l's list key.
func (b *builder) words(l *lang, s string) string {
	var out strings.Builder
	for {
		i := strings.IndexByte(s, '{')
		j := strings.IndexByte(s[max(i, 0):], '}')
		if i < 0 || j < 0 {
			out.WriteString(s)
			return out.String()
		}
		list, ok := l.talk.words[s[i+1:i+j]]
		if !ok {
			panic("longchat: no word list " + s[i+1:i+j]) // a defect in the tables, caught by the tests
		}
		out.WriteString(s[:i])
		out.WriteString(pick(b.r, list))
		s = s[i+j+1:]
	}
}

// upperFirst capitalizes the first letter of s.
func upperFirst(s string) string {
	r := []rune(s)
	if len(r) > 0 {
		r[0] = unicode.ToUpper(r[0])
	}
	return string(r)
}

// exchange has a member ask the group something and others answer, in
// answers that make sense only next to the question.
func (b *builder) exchange(d *day) {
	m := b.anyone()
	l := b.speaks(m)
	pool, key := append(append([]exchange(nil), l.talk.exchanges...), b.th.talk[l.code].exchanges...), "exchange/"+l.code
	if mix, ok := b.th.talk["mix"]; ok && b.r.Float64() < 0.15 {
		pool, key = mix.exchanges, "exchange/mix"
	}
	ex := pool[b.deal(key, len(pool))]
	s := &scene{slot: b.talkSlot()}
	if ex.lunch {
		s.slot = lunch
	}
	ask := pick(b.r, ex.ask)
	who := b.others(m)
	if strings.Contains(ask, "{x}") {
		who = who[:1] // asked by name, the member named answers
	} else {
		who = who[:1+b.r.IntN(min(3, len(who)))]
	}
	s.add(d, m, fill(ask, "x", who[0].name))
	replies := shuffled(b.r, ex.replies)
	for k, o := range who {
		s.add(d, o, fill(replies[k%len(replies)], "name", m.name))
	}
	if len(ex.close) > 0 && len(who) > 1 && b.r.Float64() < 0.6 {
		s.add(d, m, fill(pick(b.r, ex.close), "x", who[0].name))
	}
	d.scenes = append(d.scenes, s)
}
