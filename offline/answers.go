package offline

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/groupmem/groupmem"
)

// What a member answers when another asks them by name ("Carlos what's
// your little one's name again?" — "Ruby! the tornado of the family") is
// what they say about themselves, though the answer alone says nothing
// out of context. It is kept as the member's memory, as what it says of
// them when the answer names a value the question asks for (Language.
// Answer: "Carlos's little one's name is Ruby, the tornado of the family",
// "静静现在是康复治疗师，干了五六年了"), otherwise with the question beside
// it (Language.Answered: "阿豪被问到桌面那张照片是自己家的：比熊，三岁了").
// Its kind is "answer".
const (
	// kindAnswer is the kind (tag) of an answer's memory.
	kindAnswer = "answer"
	// answerWithin is how many of the window's messages after a question
	// its answer may come; lines read as noise ("ok", a sticker) do not
	// count, and are no answer.
	answerWithin = 6
	// answerDelay is how long after a question its answer may come.
	answerDelay = 30 * time.Minute
)

// answers finds, among the run's fresh messages, each reply of a member to
// a question another member put to them by name, and returns a memory of
// it for the replier in the words of the question's language
// (Language.Asked, Language.Answered), unless a statement of mems or of
// taken already says it, or the answer is in words other members of the
// window used too (windowWords.shared). It also returns the ids of the replies it kept,
// which memberFacts leaves to it.
func (f *Fuser) answers(items []*item, mems []groupmem.Memory, taken decisions, words *windowWords) (decisions, map[string]bool) {
	ls := f.cfg.Languages
	said := map[string]bool{}
	for _, m := range mems {
		said[m.Statement] = true
	}
	for _, d := range taken {
		said[d.statement] = true
	}
	names := senders(items)
	var ds decisions
	used := map[string]bool{}
	for i, q := range items {
		to := addressee(q.msg, names)
		if to == "" {
			continue
		}
		asked, l := question(ls, q.msg.Content, names[to])
		if l == nil {
			continue
		}
		a := reply(items[i+1:min(len(items), i+1+answerWithin)], to, q.msg.SentAt)
		if a == nil || !a.fresh || used[a.msg.ID] {
			continue
		}
		answer := strings.Join(strings.Fields(statementOf(ls, a.msg.Content)), " ")
		if answer == "" || asks(ls, answer) || words.shared(ls, a.msg, answer) || noAnswer(ls, answer) {
			continue // no answer, one others gave in the same words ("跟上次一样"), or "忘了"
		}
		name := names[to]
		if l.Voice != nil {
			// The question's own first person is its asker ("any allergies
			// I should know about before I cook?").
			asker := cmp.Or(strings.TrimSpace(q.msg.SenderName), sender(q.msg))
			asked = l.Voice(asked, asker, q.msg.SentAt.In(f.cfg.Evolve.Location), WeGroup)
		}
		raw := fmt.Sprintf(l.Answered, name, asked, answer)
		// What the answer leaves of raw once the answer is dropped; a
		// statement no longer than that lost its answer to clean.
		frame := len([]rune(raw)) - len([]rune(answer)) + 1
		if la := language(ls, answer); la != nil && la.SelfDated != nil && la.SelfDated.MatchString(answer) {
			// An answer that tells of a day in the member's own words
			// ("I went to a support group yesterday…") says what it says
			// without the question ("Anything new?").
			raw, frame = answer, len([]rune(name))+1
		} else if l.Answer != nil {
			if folded, ok := l.Answer(name, asked, answer); ok {
				raw, frame = folded, len([]rune(name))+1
			}
		}
		st := clean(ls, voice(ls, raw, a.msg, f.cfg.Evolve.Location, words.we(a.msg, true)))
		if !strings.Contains(st, name) || len([]rune(st)) <= frame ||
			said[st] || len([]rune(st)) > f.cfg.MaxStatementRunes {
			continue // the answer itself was dropped, or it is said already
		}
		said[st], used[a.msg.ID] = true, true
		day := a.msg.SentAt.In(f.cfg.Evolve.Location).Format(time.DateOnly)
		ds = append(ds, &decision{kind: groupmem.ActionCreate, statement: st,
			evidence: []string{a.msg.ID, q.msg.ID}, strength: 0.6,
			tags:   []string{TagMember, memberTag(a.msg), kindAnswer},
			reason: fmt.Sprintf("%s answered %s's question about themselves on %s", name, sender(q.msg), day)})
	}
	return ds, used
}

// senders maps each sender of items to their display name.
func senders(items []*item) map[string]string {
	names := map[string]string{}
	for _, it := range items {
		if n := strings.TrimSpace(it.msg.SenderName); n != "" {
			names[sender(it.msg)] = n
		}
	}
	return names
}

// addressee is the sender a message names in its first words, as a
// question is put to a member ("Carlos what's…", "@Carlos …", "静静你…",
// "wait Ben, did you…"), other than its own sender; "" when it names none.
func addressee(m groupmem.Message, names map[string]string) string {
	head := m.Content
	if rs := []rune(head); len(rs) > 40 {
		head = string(rs[:40])
	}
	ids := slices.Sorted(maps.Keys(names))
	best, at, size := "", len(head), 0
	for _, id := range ids {
		n := names[id]
		if id == sender(m) || len(n) < 2 {
			continue
		}
		// The earliest name wins; at the same place, the longer one.
		if i := nameAt(head, n); i >= 0 && (i < at || i == at && len(n) > size) {
			best, at, size = id, i, len(n)
		}
	}
	return best
}

// nameAt is where name first stands in s as a word of its own (nameBounded),
// or -1.
func nameAt(s, name string) int {
	for from := 0; from < len(s); {
		i := strings.Index(s[from:], name)
		if i < 0 {
			return -1
		}
		if at := from + i; nameBounded(s, at, len(name)) {
			return at
		}
		from += i + len(name)
	}
	return -1
}

// nameBounded reports whether the name (or lead word) at s[i:i+n] stands
// as a word of its own: no letter or digit of a spaced script joins it on either side
// (a side where the name itself is in an unspaced script needs no gap).
func nameBounded(s string, i, n int) bool {
	before, _ := utf8.DecodeLastRuneInString(s[:i])
	after, _ := utf8.DecodeRuneInString(s[i+n:])
	joins := func(r rune) bool { return (unicode.IsLetter(r) || unicode.IsDigit(r)) && !unspaced(r) }
	first, _ := utf8.DecodeRuneInString(s[i:])
	last, _ := utf8.DecodeLastRuneInString(s[:i+n])
	// A name written in an unspaced script stands on its own whatever
	// touches it ("胖虎11月24日").
	return (i == 0 || unspaced(first) || !joins(before)) && (i+n == len(s) || unspaced(last) || !joins(after))
}

// question returns what a message put to name asks, in the words of the
// language of its first question clause that addresses a reader
// (Language.Asked), and that language; nil when it asks nothing of them.
func question(ls []Language, text, name string) (string, *Language) {
	for _, c := range clauses(ls, strings.Replace(text, name, "", 1)) {
		l := language(ls, c)
		if l == nil || l.Asked == nil || !asks(ls, c) && !l.AsksUnmarked {
			continue
		}
		if asked, ok := l.Asked(c); ok {
			return asked, l
		}
	}
	return "", nil
}

// noAnswer reports whether answer says, in a language of ls, that its
// member does not know (Language.NoAnswer).
func noAnswer(ls []Language, answer string) bool {
	return slices.ContainsFunc(ls, func(l Language) bool { return l.NoAnswer != nil && l.NoAnswer.MatchString(answer) })
}

// reply returns the first of items that to sent within answerDelay of at,
// or nil.
func reply(items []*item, to string, at time.Time) *item {
	for _, it := range items {
		if it.msg.SentAt.Sub(at) > answerDelay {
			return nil
		}
		if sender(it.msg) == to {
			return it
		}
	}
	return nil
}
