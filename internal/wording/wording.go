// Package wording judges a memory's statement as a person would read it:
// it finds the defects that show a chat line copied rather than a thing
// worth remembering said — a reader addressed, a question, a phrase said
// twice, a greeting or a name called out, a photo pointed at, a verb left
// in the first person, a sign-off, a bare reaction, an @mention. It is the
// checker of the offline evolver's evaluation, written apart from the
// evolver so that it judges it rather than agreeing with it.
//
// Every rule that depends on a language is data: one lexicon value per
// language (lexicon.go's English and Chinese), and Check applies each of
// them to every clause, so a mixed statement is read by both.
package wording

import (
	"regexp"
	"strings"
	"unicode"
)

// The defect classes Check reports.
const (
	SecondPerson = "second-person" // addresses a reader: "you", "你"
	Question     = "question"      // asks: "?", "吗", "呢"
	Repeated     = "repeated"      // a clause said twice
	Greeting     = "greeting"      // a greeting or a vocative: "Hey Andrew,", "Dave!"
	Photo        = "photo"         // points at a picture or at the chat: "Here's a pic", "看这张"
	FirstPerson  = "first-person"  // a first-person word or verb form left: "I", "Melanie appreciate", "我"
	SignOff      = "sign-off"      // "Talk to you later!", "晚安"
	Reaction     = "reaction"      // a bare reaction: "That's great!", "太好了", "哈哈"
	Mention      = "mention"       // an @mention
	NameAgain    = "name-again"    // a member named again where a pronoun belongs: "Priya off Priya's phone"
)

// Classes lists the defect classes in the order they are reported.
var Classes = []string{SecondPerson, Question, Repeated, Greeting, Photo, FirstPerson, SignOff, Reaction, Mention, NameAgain}

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
}

// Lexicons are the languages Check reads every statement with.
var Lexicons = []Lexicon{English, Chinese}

var mention = regexp.MustCompile(`@\S`)

// Check returns the defect classes of statement, each once, in the order
// of Classes; names are the group's member names, for vocatives and
// verbs left in the first person. A clean statement gives none.
func Check(statement string, names []string) []string {
	found := map[string]bool{}
	if mention.MatchString(statement) {
		found[Mention] = true
	}
	for _, n := range names {
		if n == "" {
			continue
		}
		if i := strings.Index(statement, n); i >= 0 && strings.Contains(statement[i+len(n):], n+"'s") {
			found[NameAgain] = true
		}
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

// vocative reports whether a clause opens by calling a member by name:
// "Dave!", "Andrew, ...", "Hey Andrew".
func vocative(c string, names []string) bool {
	t := strings.TrimSpace(c)
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
