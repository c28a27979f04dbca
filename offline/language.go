package offline

import (
	"regexp"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Language is what the offline evolver knows of one language: how its
// chat splits into clauses, and the words that show a clause is not worth
// remembering or what a habit says. It is data: the algorithm is written
// once against it (clean, recurs), and adding a language is adding a
// value in a file of its own (english.go, chinese.go) to
// Config.Languages.
type Language struct {
	// Name names the language in logs and tests ("en", "zh").
	Name string
	// Owns reports whether a clause is written in this language. The
	// first language of Config.Languages that owns a clause reads it.
	Owns func(clause string) bool
	// ClauseMarks are the marks that end a clause; a clause keeps its mark.
	ClauseMarks string

	// What makes a clause unfit for a memory: it addresses a reader, asks,
	// greets or takes leave, only reacts, points at a picture, or leaves
	// a first-person word or verb after the third-person rewrite.
	SecondPerson, Question, Greeting, SignOff, Reaction, Photo *regexp.Regexp
	// FirstPerson finds a first-person word the rewrite did not cover.
	FirstPerson *regexp.Regexp
	// Singular finds the first person singular in a chat line ("I", "my",
	// "我" but not "我们"): a line about its sender, not about the group,
	// words no group habit.
	Singular *regexp.Regexp
	// BareVerb finds a verb left in its first-person form after the
	// sender's name, which the rewrite's conjugation table did not cover
	// ("Melanie appreciate"): its first group is the name.
	BareVerb *regexp.Regexp

	// VerbLead finds a clause that opens with its verb, its subject left
	// out ("Booked flights to Lisbon"): the member's name goes before it,
	// after SubjectSpace. nil: any clause takes the name so (Chinese).
	VerbLead     *regexp.Regexp
	SubjectSpace string
	// Possessive is the form of a name that owns ("%s's"), and Their what
	// it becomes once the name has been said ("their"): a statement names
	// its member once, not at every "my". Empty: left as they are.
	Possessive, Their string
	// Attribution joins a member's name to a statement of theirs that
	// neither names them nor opens with its verb ("Ann: ").
	Attribution string

	// Recurs finds the words that say a thing recurs ("every Friday",
	// "每周五", "as usual"): without them a cluster is no habit.
	Recurs *regexp.Regexp
}

// language returns the language of ls that owns clause, or nil.
func language(ls []Language, clause string) *Language {
	for i := range ls {
		if ls[i].Owns(clause) {
			return &ls[i]
		}
	}
	return nil
}

// clauses splits text into clauses at the marks of ls's languages and at
// a space between two CJK characters (how a Chinese chat line joins two
// sentences), each clause keeping its mark.
func clauses(ls []Language, text string) []string {
	marks := ""
	for _, l := range ls {
		marks += l.ClauseMarks
	}
	var out []string
	rs := []rune(text)
	start := 0
	cut := func(end int) {
		if c := strings.TrimSpace(string(rs[start:end])); c != "" {
			out = append(out, c)
		}
		start = end
	}
	for i, r := range rs {
		switch {
		case strings.ContainsRune(marks, r):
			if i+1 < len(rs) && (strings.ContainsRune(marks, rs[i+1]) || r == '.' && !unicode.IsSpace(rs[i+1])) {
				continue // "?!", "...", "3.5"
			}
			cut(i + 1)
		case unicode.IsSpace(r) && i > 0 && i+1 < len(rs) && isCJK(rs[i-1]) && isCJK(rs[i+1]):
			cut(i)
		}
	}
	cut(len(rs))
	return out
}

// clean keeps the clauses of a third-person statement that a person would
// keep: it drops each clause that its language finds addressing a reader,
// asking, greeting, taking leave, only reacting, pointing at a picture,
// keeping a first-person word or verb, made of filler, or already said.
// What is left is joined again; "" when nothing is.
func clean(ls []Language, st string) string {
	var kept []string
	seen := map[string]bool{}
	for _, c := range clauses(ls, st) {
		key := sameLine(strings.TrimRight(c, ",，、;；:："))
		if seen[key] || isFiller(strings.Join(segments(c), " ")) || len(segments(c)) == 0 {
			continue
		}
		seen[key] = true
		if l := language(ls, c); l != nil && !l.fit(c) {
			continue
		}
		kept = append(kept, c)
	}
	out := strings.TrimSpace(strings.Join(kept, " "))
	if strings.ContainsFunc(out, isCJK) {
		for i, c := range kept[:max(len(kept)-1, 0)] {
			if last, _ := utf8.DecodeLastRuneInString(c); isCJK(last) {
				kept[i] = c + "。" // a sentence a space ended in the chat
			}
		}
		out = strings.ReplaceAll(strings.Join(kept, ""), "，，", "，")
	}
	out = strings.TrimRight(out, ",，、;；:： ")
	if out == "" {
		return ""
	}
	if last, _ := utf8.DecodeLastRuneInString(out); last == '，' {
		out = strings.TrimSuffix(out, "，") + "。"
	}
	return capitalize(out)
}

// fit reports whether a clause of l may stay in a statement.
func (l *Language) fit(c string) bool {
	for _, re := range []*regexp.Regexp{l.SecondPerson, l.Question, l.Greeting, l.SignOff, l.Reaction, l.Photo, l.FirstPerson, l.BareVerb} {
		if re != nil && re.MatchString(c) {
			return false
		}
	}
	return true
}

// recurs reports whether text, in some language of ls, says that
// something recurs.
func recurs(ls []Language, text string) bool {
	for _, c := range clauses(ls, text) {
		if l := language(ls, c); l != nil && l.Recurs != nil && l.Recurs.MatchString(c) {
			return true
		}
	}
	return false
}

// saysWhen reports whether a line sent on day says when something
// recurs: how often ("every Friday", "每周五"), or both the weekday and
// the clock time it happens at, the weekday perhaps as the day it counts
// from ("tonight, 8pm" on a Wednesday). A weekday alone ("the repair guy
// comes Monday") or an hour alone ("a call at 4:50") is no habit.
func saysWhen(ls []Language, text string, day time.Time) bool {
	if recurs(ls, text) {
		return true
	}
	facts := factsOf(habitual(text, day))
	return len(facts[kindWeekday]) > 0 && len(facts[kindTime]) > 0
}

// habitLine reports whether a line sent on day may word a group habit:
// its clauses that do not speak of the sender alone, in the first person
// singular, say when it recurs (saysWhen) ("明天上午十点羽毛球，
// 我订好了场地" may; "I have to get up at seven every Friday" may not).
func habitLine(ls []Language, text string, day time.Time) bool {
	var group []string
	for _, c := range clauses(ls, text) {
		if l := language(ls, c); l == nil || l.Singular == nil || !l.Singular.MatchString(c) {
			group = append(group, c)
		}
	}
	return saysWhen(ls, strings.Join(group, " "), day)
}

// once keeps the first mention of name in st and words each later
// possessive of it as l's Their.
func (l *Language) once(st, name string) string {
	if l.Possessive == "" {
		return st
	}
	first := strings.Index(st, name)
	pos := strings.ReplaceAll(l.Possessive, "%s", name)
	if first < 0 {
		return st
	}
	head, tail := st[:first+len(name)], st[first+len(name):]
	return head + strings.ReplaceAll(tail, pos, l.Their)
}

// DefaultLanguages are the languages the evolver reads when
// Config.Languages is empty: Chinese (any clause with a CJK character),
// then English (any other).
func DefaultLanguages() []Language { return []Language{Chinese, English} }
