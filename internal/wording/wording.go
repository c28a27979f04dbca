// Package wording judges a memory's statement as a person would read it:
// it finds the defects that show a chat line copied rather than a thing
// worth remembering said — a reader addressed, a question, a phrase said
// twice, a greeting or a name called out, a photo pointed at, a verb left
// in the first person, a sign-off, a bare reaction, an @mention, a member
// named again where a pronoun belongs, a discourse marker left ("Anyway,",
// "话说"), two sentences run together with a bare space. It is the
// checker of the offline evolver's evaluation, written apart from the
// evolver so that it judges it rather than agreeing with it.
//
// Every rule that depends on a language is data: one lexicon value per
// language (lexicon.go's English and Chinese), and Check applies each of
// them to every clause, so a mixed statement is read by both.
package wording

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The defect classes Check reports.
const (
	SecondPerson = "second-person" // addresses a reader: "you", "你"
	Question     = "question"      // asks: "?", "吗", "呢"
	Repeated     = "repeated"      // a clause said twice
	Greeting     = "greeting"      // a greeting or a vocative: "Hey Andrew,", "Dave!", "…, Dave."
	Photo        = "photo"         // points at a picture or at the chat: "Here's a pic", "看这张"
	FirstPerson  = "first-person"  // a first-person word or verb form left: "I", "im", "Melanie appreciate", "我"
	SignOff      = "sign-off"      // "Talk to you later!", "晚安"
	Reaction     = "reaction"      // a bare reaction: "That's great!", "太好了", "哈哈"
	Mention      = "mention"       // an @mention
	NameAgain    = "name-again"    // a member named again where a pronoun belongs: "Priya off Priya's phone", "胖虎给胖虎的柜子"
	LeadWord     = "lead-word"     // a discourse marker left: "Anyway, Tom…", "Ben oh and…", "婷婷话说…", "对了，…"
	Joined       = "joined"        // two sentences run together with a bare space: "衣服一周没干了 我姐…"
)

// Classes lists the defect classes in the order they are reported.
var Classes = []string{SecondPerson, Question, Repeated, Greeting, Photo, FirstPerson, SignOff, Reaction, Mention, NameAgain, LeadWord, Joined}

// Lexicon is what a language's rules need. A value per language; adding a
// language is adding one to Lexicons.
type Lexicon struct {
	SecondPerson *regexp.Regexp // a word addressing the reader
	Question     *regexp.Regexp // a clause that asks
	Greeting     *regexp.Regexp // a clause that greets
	Photo        *regexp.Regexp // a clause pointing at a picture or a link
	FirstPerson  *regexp.Regexp // a first-person word left
	SignOff      *regexp.Regexp // a clause that takes leave
	Reaction     *regexp.Regexp // a whole clause that only reacts
	// Verb finds a name followed by a bare verb that the third person
	// inflects ("Melanie appreciate"); the name is checked against the
	// names given to Check.
	Verb *regexp.Regexp
	// Marker is a discourse marker that cannot follow a subject ("oh
	// and", "anyway", "话说", "对了"), anchored at its start: it is tried
	// wherever a part of a clause opens (see openings) and right after a
	// member's name there ("Tom anyway started…", "老李对了下周搬家").
	Marker *regexp.Regexp
	// Lead is a word that is a discourse marker only when it opens a
	// sentence ("Also,", "另外"), anchored at its start: it is tried at a
	// clause's start and where two Joined sentences meet, never after a
	// name ("Ben also plays chess", "小美另外买了…" are plain).
	Lead *regexp.Regexp
	// Joined finds two sentences run together with no mark between them;
	// the sentence after it opens at the last rune of the match.
	Joined *regexp.Regexp
}

// Lexicons are the languages Check reads every statement with.
var Lexicons = []Lexicon{English, Chinese}

var mention = regexp.MustCompile(`@\S`)

// Check returns the defect classes of statement, each once, in the order
// of Classes; names are the group's member names, for vocatives, verbs
// left in the first person, names said again and markers after a name.
// A clean statement gives none.
func Check(statement string, names []string) []string {
	found := map[string]bool{}
	if mention.MatchString(statement) {
		found[Mention] = true
	}
	seen := map[string]bool{}
	for _, c := range Clauses(statement) {
		key := normal(c)
		if key == "" {
			continue
		}
		if seen[key] && len([]rune(key)) >= 6 {
			found[Repeated] = true
		}
		seen[key] = true
		for _, l := range Lexicons {
			l.check(c, names, found)
		}
		if vocative(c, names) {
			found[Greeting] = true
		}
		if nameAgain(c, names) {
			found[NameAgain] = true
		}
	}
	var out []string
	for _, k := range Classes {
		if found[k] {
			out = append(out, k)
		}
	}
	return out
}

func (l Lexicon) check(c string, names []string, found map[string]bool) {
	for _, r := range []struct {
		re    *regexp.Regexp
		class string
	}{{l.SecondPerson, SecondPerson}, {l.Question, Question}, {l.Greeting, Greeting}, {l.Photo, Photo},
		{l.FirstPerson, FirstPerson}, {l.SignOff, SignOff}, {l.Reaction, Reaction}} {
		if r.re != nil && r.re.MatchString(c) {
			found[r.class] = true
		}
	}
	if l.Joined != nil && l.Joined.MatchString(c) {
		found[Joined] = true
	}
	if l.leadWord(c, names) {
		found[LeadWord] = true
	}
	if l.Verb == nil {
		return
	}
	for _, m := range l.Verb.FindAllStringSubmatch(c, -1) {
		for _, n := range names {
			if strings.EqualFold(m[1], n) {
				found[FirstPerson] = true
			}
		}
	}
}

// leadWord reports whether a discourse marker is left in clause c: a
// Marker where a part of it opens or right after a member's name there,
// or a Lead where a sentence opens.
func (l Lexicon) leadWord(c string, names []string) bool {
	for _, o := range l.openings(c) {
		s := strings.TrimSpace(c[o.at:])
		if o.sentence && l.Lead != nil && l.Lead.MatchString(s) {
			return true
		}
		if l.Marker == nil {
			continue
		}
		if l.Marker.MatchString(s) {
			return true
		}
		if n := opener(s, names); n != "" && l.Marker.MatchString(strings.TrimSpace(s[len(n):])) {
			return true
		}
	}
	return false
}

// opening is where a part of a clause begins: at byte at, and whether a
// sentence begins there too.
type opening struct {
	at       int
	sentence bool
}

// openings lists where the parts of clause c begin, in order: its start
// and the start of each sentence Joined to the one before, which open
// sentences, and the place after every comma, which opens only a part.
func (l Lexicon) openings(c string) []opening {
	out := []opening{{0, true}}
	if l.Joined != nil {
		for _, m := range l.Joined.FindAllStringIndex(c, -1) {
			_, size := utf8.DecodeLastRuneInString(c[:m[1]])
			out = append(out, opening{m[1] - size, true})
		}
	}
	for i, r := range c {
		if r == ',' || r == '，' {
			out = append(out, opening{i + utf8.RuneLen(r), false})
		}
	}
	slices.SortStableFunc(out, func(a, b opening) int { return a.at - b.at })
	return out
}

// nameAgain reports whether clause c names a member again before naming
// anyone else — "Tom dropped Tom's keys", "Emma's feet hate Emma",
// "胖虎准备给胖虎的柜子上锁了" — where a pronoun or 自己 could only mean
// them. Once another member is named a pronoun could mean either, so a
// name said again is clear, not a defect ("Tom and Emma met Emma's
// sister"); a name in each clause is plain ("…, Hannah signed a lease;
// on Tue Aug 4, Hannah moved").
func nameAgain(c string, names []string) bool {
	ns := named(c, names)
	return len(ns) >= 2 && ns[0] == ns[1]
}

// named returns the member names said in c, in order, the longest name
// wherever two would overlap; a name is said only as a whole word where
// it meets a letter or digit that is not Han ("Mel" is not said in
// "Melanie", "胖虎" is in "胖虎的").
func named(c string, names []string) []string {
	byLen := slices.Clone(names)
	slices.SortStableFunc(byLen, func(a, b string) int { return len(b) - len(a) })
	var out []string
	for i := 0; i < len(c); {
		n := ""
		for _, m := range byLen {
			if m != "" && strings.HasPrefix(c[i:], m) && whole(c, i, i+len(m)) {
				n = m
				break
			}
		}
		if n != "" {
			out = append(out, n)
			i += len(n)
			continue
		}
		_, size := utf8.DecodeRuneInString(c[i:])
		i += size
	}
	return out
}

// opener returns the member name s opens with as a whole word, the
// longest if several do, or "".
func opener(s string, names []string) string {
	best := ""
	for _, n := range names {
		if n != "" && len(n) > len(best) && strings.HasPrefix(s, n) && whole(s, 0, len(n)) {
			best = n
		}
	}
	return best
}

// whole reports whether s[i:j] stands as a word: no letter or digit that
// is not Han runs on into it on either side.
func whole(s string, i, j int) bool {
	before, _ := utf8.DecodeLastRuneInString(s[:i])
	first, _ := utf8.DecodeRuneInString(s[i:j])
	last, _ := utf8.DecodeLastRuneInString(s[i:j])
	after, _ := utf8.DecodeRuneInString(s[j:])
	return !(i > 0 && word(before) && word(first)) && !(j < len(s) && word(last) && word(after))
}

// word reports whether r is a letter or digit that words are spaced
// around: not Han, which runs on without spaces.
func word(r rune) bool {
	return (unicode.IsLetter(r) || unicode.IsDigit(r)) && !unicode.Is(unicode.Han, r)
}

// vocative reports whether a clause opens or ends by calling a member by
// name: "Dave!", "Andrew, ...", "Hey Andrew", "… knew everything, Dev.".
func vocative(c string, names []string) bool {
	t := strings.TrimSpace(c)
	end := strings.TrimRight(t, ".!?。！？ ")
	for _, n := range names {
		if n != "" && len(end) < len(t) && strings.HasSuffix(end, ", "+n) {
			return true
		}
	}
	for _, n := range names {
		if n == "" || !strings.HasPrefix(t, n) {
			continue
		}
		rest := strings.TrimSpace(t[len(n):])
		if rest == "" || strings.HasPrefix(rest, "!") || strings.HasPrefix(rest, ",") && len(strings.TrimSpace(rest[1:])) > 0 && !strings.HasPrefix(t, n+"'") {
			if rest == "" {
				return false // a name alone ends no sentence: the clause is the name
			}
			return true
		}
	}
	return false
}

// Clauses splits a statement at the marks that end a sentence or a
// clause, keeping each mark with its clause.
func Clauses(st string) []string {
	var out []string
	start := 0
	rs := []rune(st)
	for i, r := range rs {
		if strings.ContainsRune(".!?。！？；;\n", r) {
			if i+1 < len(rs) && strings.ContainsRune(".!?。！？", rs[i+1]) {
				continue // "?!", "..." end together
			}
			if r == '.' && i+1 < len(rs) && !unicode.IsSpace(rs[i+1]) {
				continue // "3.5", "e.g."
			}
			out = append(out, string(rs[start:i+1]))
			start = i + 1
		}
	}
	if start < len(rs) {
		out = append(out, string(rs[start:]))
	}
	return out
}

// normal is a clause as compared for repetition: lower case, letters,
// digits and CJK only.
func normal(c string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(c) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}
