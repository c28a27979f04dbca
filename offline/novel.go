package offline

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/evolve"
)

// A member's line that no fact pattern reads may still tell what lasts
// about them: "Tenancy signed in Petaling Jaya", "Imbi Market after the
// ride, worth every climb", "今天骑了Kuala Kubu Bharu". What such a line
// has that small talk has not is a proper name of its own: a word
// written with a capital inside its sentence, rare in ordinary text (the
// Lexicon's frequency) or unknown there, that no other member of the
// window uses. A rare word alone is not enough: measured on the train
// chats, lower-case rare words ("jackhammers", "sourdough") made small
// talk of one memory in seven. And what a member says in the words the
// others say too is small talk however it is worded (windowWords.shared):
// a thing of one's own is named once, by its owner. The rule knows no
// language: its words are the window's tokens and the Lexicon's
// frequencies, and the sentence around the name is read, cleaned and
// told in the third person as any fact is. A script without capitals
// (Chinese) writes its names by what they name: a place, a shop or a kind
// ends with a character its language lists (Language.NameEnds: "申花路",
// "三墩镇"), after characters no word of the Lexicon covers, or is a
// kind of place the Lexicon knows ending so ("夜市", "街道") after two
// characters or more of the member's own ("武林夜市", kindPlace), and that
// name, used by no other member, said among words the others use too,
// makes the line a fact as a proper name does (islands); so does the
// place a plan dated ahead goes to (Language.Plan: "下个月去喀纳斯"). A
// rare word alone was measured again here: a run of a member's own
// characters, without NameEnds, made small talk of one Chinese memory in
// six on the train chats ("中午抽空去了趟社保局…"). A model of a thing is
// a word of letters and digits with a capital, after its maker ("松下S5",
// "Sony A7C", model): a distance ("10k") or a road ("the M32") is not.

// novelKind is the kind of a fact read from a specific word.
var novelKind = factKind{name: "said", named: true}

// novelMaxFreq is how frequent in ordinary text a proper name may be
// ("Petaling", "Kiara"), not a word every line may open with;
// novelMaxNameFreq how frequent a name of one word said in the first
// person may be (inside): a city is said more often than a suburb
// ("Vancouver", "Toronto").
const (
	novelMaxFreq     = 2e-5
	novelMaxNameFreq = 5e-5
)

// novelMinUnits is how many units (a character of an unspaced script is
// one, another word two) the sentence of a specific word must have: a
// shorter one is a reply that needs the line it answers ("That
// Scandinavian detective one").
const novelMinUnits = 10

// novelMinRunes is how long a word of a spaced script must be to name
// something: shorter ones are abbreviations and chat shorthand.
const novelMinRunes = 4

// novelMinNamePart is how many characters a name of an unspaced script
// has before the character of Language.NameEnds it ends with ("丁桥"),
// and novelMinKindPart how many before a word of a kind of place it ends
// with ("白塔公园"): one character before a kind is a word, not a name
// ("住小区").
const (
	novelMinNamePart = 1
	novelMinKindPart = 2
)

// windowWords is what the window's members say in the window's tokens:
// for each token, the members who used it (at most two are kept).
type windowWords struct {
	voices  map[string]voices
	names   map[string]bool    // the tokens of the members' names
	members map[string]string  // sender → display name
	two     bool               // the group is a chat of two (chatOfTwo)
	days    map[string][]*item // the window's items by the day they were sent on (item.day)
	// dayPairs are, by day, the first two members who used each pair of
	// words that day (withPairs), made when a day is first asked about
	// (aboutShared).
	dayPairs map[string]map[string]voices
}

// pairsOn returns who used each pair of words on day (see dayPairs).
func (w *windowWords) pairsOn(day string) map[string]voices {
	if ps, ok := w.dayPairs[day]; ok {
		return ps
	}
	if w.dayPairs == nil {
		w.dayPairs = map[string]map[string]voices{}
	}
	ps := map[string]voices{}
	for _, o := range w.days[day] {
		s := sender(o.msg)
		for _, t := range withPairs(o.words) {
			if !strings.Contains(t, " ") {
				continue
			}
			if v := ps[t]; v[1] == "" && v[0] != s {
				if v[0] == "" {
					v[0] = s
				} else {
					v[1] = s
				}
				ps[t] = v
			}
		}
	}
	w.dayPairs[day] = ps
	return ps
}

func newWindowWords(ls []Language, items []*item) *windowWords {
	w := &windowWords{voices: make(map[string]voices, 4*len(items)), names: nameTokens(ls, items), members: senders(items),
		days: map[string][]*item{}}
	for _, it := range items {
		s := sender(it.msg)
		w.days[it.day] = append(w.days[it.day], it)
		for _, t := range withPairs(it.words) {
			if v := w.voices[t]; v[1] == "" && v[0] != s {
				if v[0] == "" {
					v[0] = s
				} else {
					v[1] = s
				}
				w.voices[t] = v
			}
		}
	}
	return w
}

// voices are the first two members who used a token ("" for none).
type voices [2]string

// other reports whether a member other than s used the token.
func (v voices) other(s string) bool { return v[0] != "" && v[0] != s || v[1] != "" && v[1] != s }

// withPairs returns ts and each pair of consecutive words of a spaced
// script among them ("nothing phone"): a name of several ordinary words
// is the words together ("Nothing Phone 2", "fire station").
func withPairs(ts []string) []string {
	out := slices.Clone(ts)
	for i := 1; i < len(ts); i++ {
		a, _ := utf8.DecodeRuneInString(ts[i-1])
		b, _ := utf8.DecodeRuneInString(ts[i])
		if !unspaced(a) && !unspaced(b) && !strings.HasPrefix(ts[i-1], conceptPrefix) && !strings.HasPrefix(ts[i], conceptPrefix) {
			out = append(out, ts[i-1]+" "+ts[i])
		}
	}
	return out
}

// owner returns the one member who used token t in the window, or "".
func (w *windowWords) owner(t string) string {
	if v := w.voices[t]; v[1] == "" {
		return v[0]
	}
	return ""
}

// shared reports whether every token of what m says in span is a word
// another member of the window also used: a line said in the same words
// by others ("孩子最近迷上了做史莱姆" from four parents, "跟上次一样") is
// the group's small talk, not what m says of themselves. A thing of one's
// own is named in some word of one's own, or between words of one's own
// in an unspaced script ("我家英短…": "家英", "英短").
func (w *windowWords) shared(ls []Language, m groupmem.Message, span string) bool {
	s := sender(m)
	n := 0
	for _, t := range withPairs(tokens(features(ls, span))) {
		if w.names[t] || strings.ContainsFunc(t, unicode.IsSpace) && w.voices[t][0] == "" {
			continue
		}
		n++
		if !w.voices[t].other(s) {
			return false
		}
	}
	return n > 0
}

// nameTokens returns the tokens of every sender's display name among
// items: a name is no specific word.
func nameTokens(ls []Language, items []*item) map[string]bool {
	out := map[string]bool{}
	for _, n := range senders(items) {
		for _, w := range tokens(strings.ToLower(n)) {
			out[w] = true
		}
		for _, w := range tokens(features(ls, n)) {
			out[w] = true
		}
	}
	return out
}

// novelFact returns the sentence of it that names a specific word of its
// sender's (see above), read as a fact, if it has one whose statement
// keeps the word: not in a question, a mishap ("…again"), a reply of a
// few words or a line that sets a thing of the group's (Language.Setting);
// a line to the reader or a reaction around it is dropped by the
// statement's cleaning, and then so is the fact.
func (f *Fuser) novelFact(it *item, w *windowWords) (saidFact, string, bool) {
	text := it.msg.Content
	lower := strings.ToLower(text)
	for _, t := range f.novelTerms(it, w) {
		at := novelAt(lower, t)
		if at < 0 {
			continue
		}
		from := sentenceStart(text[:at])
		to := at + sentenceEnd(text[at:])
		if sentence := text[from:to]; asks(f.cfg.Languages, clauseAt(text, at)) || mishap(f.cfg.Languages, sentence) || mood(f.cfg.Languages, sentence) ||
			contentUnits(f.cfg.Languages, sentence) < novelMinUnits || recursForGroup(f.cfg.Languages, clauseAt(text, at)) {
			continue // a question, a mishap ("…again"), a reply of a few words ("That Scandinavian detective one"), a name said as the group's habit ("Mission Cliffs at 7 as usual", not "the weekly feed done, Cafe Marhaba this time")
		}
		if _, ok := settingOf(f.cfg.Languages, text); ok {
			return saidFact{}, "", false // the group's setting (settings), not the member's
		}
		said := it.msg
		said.Content = text[from:to]
		st, _ := f.factStatement(said, novelKind, w)
		if st == "" || !strings.Contains(strings.ToLower(st), t) {
			continue
		}
		return saidFact{kind: novelKind, from: from, to: to}, t, true
	}
	return saidFact{}, "", false
}

// novelTerms returns the tokens of it that may name a thing of its
// sender's own: its proper names (specific), then the names of places,
// shops and kinds in its unspaced script (islands).
func (f *Fuser) novelTerms(it *item, w *windowWords) []string {
	var out []string
	for _, t := range it.words {
		if f.specific(t, it, w) || model(t, it, w) {
			out = append(out, t)
		}
	}
	out = append(out, w.islands(f.cfg.Languages, f.cfg.Lexicon, it)...)
	out = append(out, w.ownMatches(f.cfg.Languages, it, func(l *Language) *regexp.Regexp { return l.Title })...)
	return append(out, w.ownMatches(f.cfg.Languages, it, func(l *Language) *regexp.Regexp { return l.Plan })...)
}

// ownMatches returns, lower-cased, what the pattern of each language of
// ls (nil: none) finds in it, its last group that matched, when a token
// of it is its sender's alone in the window and names no member: the
// title of a song a member's choir rehearses (Language.Title: "今天排《祝
// 酒歌》"), where a trip of one's own goes (Language.Plan: "下个月去喀纳斯"),
// not the show or the outing every member talks about.
func (w *windowWords) ownMatches(ls []Language, it *item, pattern func(l *Language) *regexp.Regexp) []string {
	var out []string
	lower := strings.ToLower(it.msg.Content)
	s := sender(it.msg)
	for i := range ls {
		re := pattern(&ls[i])
		if re == nil {
			continue
		}
		for _, m := range re.FindAllStringSubmatch(lower, -1) {
			found := ""
			for _, g := range m[1:] {
				if g != "" {
					found = g
				}
			}
			if found != "" && slices.ContainsFunc(tokens(features(ls, found)), func(t string) bool { return !w.names[t] && w.owner(t) == s }) {
				out = append(out, found)
			}
		}
	}
	return out
}

// islands returns the names a script without capitals writes in it, found
// as the proper names of a spaced script are (specific): a name
// (placeName) that holds a pair of characters no other member of the
// window uses and that names no member ("…就是申花路的人了", "新地址三墩镇"),
// in a line where the tokens others use too are at least as many as the
// sender's own: a name of one's own said among the window's common words,
// as a proper name is said among ordinary words. A line of one's own
// words throughout is talk of the moment, not a thing named.
func (w *windowWords) islands(ls []Language, lex Lexicon, it *item) []string {
	ends := ""
	for _, l := range ls {
		ends += l.NameEnds
	}
	if ends == "" {
		return nil
	}
	s := sender(it.msg)
	mine, others := 0, 0
	for _, t := range it.words {
		if v := w.voices[t]; v.other(s) {
			others++
		} else if v[0] == s {
			mine++
		}
	}
	if mine > others {
		return nil
	}
	var names []string
	rs := []rune(strings.ToLower(it.msg.Content))
	pair := func(k int) string { // the pair of characters at k, "" when there is none
		if k < 0 || k+1 >= len(rs) || !unspaced(rs[k]) || !unspaced(rs[k+1]) {
			return ""
		}
		return string(rs[k : k+2])
	}
	own := func(k int) bool { p := pair(k); return p != "" && !w.names[p] && w.owner(p) == s }
	common := func(k int) bool { p := pair(k); return p != "" && w.voices[p].other(s) }
	for i := 0; i+1 < len(rs); i++ {
		if !own(i) {
			continue
		}
		from, to := max(i-3, 0), min(i+5, len(rs))
		n := placeName(lex, ends, rs, from, to)
		if n == "" {
			n = kindPlace(lex, ends, rs, from, to, own, common)
		}
		if n != "" && !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return names
}

// kindPlace returns the first name in rs[from:to] that ends in a word of
// a kind of place the Lexicon knows, itself ending in a character of ends
// ("公园", "夜市", "街道", "古城"): two characters or more of the
// sender's own before it ("白塔公园", "武林夜市", "闻堰街道"), each in a
// pair of characters no other member uses (own), the first not the end
// of a word others use too (common). A kind alone ("超市", "在小区") or
// after one character ("住小区") is no name. "" when there is none.
func kindPlace(lex Lexicon, ends string, rs []rune, from, to int, own, common func(int) bool) string {
	known := func(i, j int) bool { return i >= 0 && j <= len(rs) && lex.Frequency(string(rs[i:j])) > 0 }
	for j := from + 1; j < to; j++ {
		if !strings.ContainsRune(ends, rs[j]) || known(j, j+2) || known(j, j+3) {
			continue
		}
		for a := j - 1; a >= max(j-3, 0); a-- {
			if !known(a, j+1) {
				continue
			}
			i := a
			for i > 0 && own(i-1) && !common(i-2) {
				i--
			}
			if a-i >= novelMinKindPart {
				return string(rs[i : j+1])
			}
		}
	}
	return ""
}

// placeName returns the first name in rs[from:to]: a character of ends
// after at least two that no word of the Lexicon covers ("三墩镇",
// "申花路", "拱宸桥"), the character of ends itself not the last of a
// word the Lexicon knows ("超市", "小区", "夜市" are words, not names). A
// word is two to four characters the Lexicon gives a frequency. "" when
// there is none.
func placeName(lex Lexicon, ends string, rs []rune, from, to int) string {
	known := func(i, j int) bool { return i >= 0 && j <= len(rs) && lex.Frequency(string(rs[i:j])) > 0 }
	covered := func(i int) bool { // some word of rs holds rs[i]
		for a := max(i-3, 0); a <= i; a++ {
			for b := max(a+2, i+1); b <= min(a+4, len(rs)); b++ {
				if known(a, b) {
					return true
				}
			}
		}
		return false
	}
	for j := from + 1; j < to; j++ {
		if !strings.ContainsRune(ends, rs[j]) || known(j-1, j+1) || known(j-2, j+1) || known(j-3, j+1) || known(j, j+2) || known(j, j+3) {
			continue
		}
		i := j
		for i > from && unspaced(rs[i-1]) && !covered(i-1) {
			i--
		}
		if j-i >= novelMinNamePart {
			return string(rs[i : j+1])
		}
	}
	return ""
}

// specific reports whether token w of it names a thing of its sender's
// own: no other member of the window uses it, it is no name of a member
// and no number, and it is a proper name — written with a capital inside
// its sentence, in a script that has capitals, and rare in ordinary text
// or unknown there ("Imbi Market", "Petaling Jaya", "骑了Janda Baik").
func (f *Fuser) specific(w string, it *item, ww *windowWords) bool {
	if strings.HasPrefix(w, conceptPrefix) || ww.names[w] || ww.owner(w) != sender(it.msg) {
		return false
	}
	first, _ := utf8.DecodeRuneInString(w)
	freq := f.cfg.Lexicon.Frequency(w)
	if strings.IndexFunc(w, unicode.IsDigit) >= 0 || !unicode.IsLetter(first) || unspaced(first) ||
		utf8.RuneCountInString(w) < novelMinRunes || freq > max(novelMaxFreq, novelMaxNameFreq) {
		return false
	}
	text := it.msg.Content
	if len(strings.ToLower(text)) != len(text) {
		return false // its offsets would not be the lower-cased text's
	}
	if at := nameAt(strings.ToLower(text), w); at >= 0 {
		cased := text[at : at+len(w)]
		for _, l := range f.cfg.Languages {
			if l.TimeNames != nil && (l.TimeNames.MatchString(cased) || l.TimeNames.MatchString(strings.TrimSuffix(cased, "s"))) {
				return false // "on Thursdays" names a time, not a thing
			}
		}
	}
	return freq <= novelMaxFreq && proper(f.cfg.Languages, text, w) || freq <= novelMaxNameFreq && inside(f.cfg.Languages, text, w)
}

// inside reports whether w (lower-cased, rare in ordinary text) stands in
// text as a name of one word in a sentence of its sender's own: written
// with a capital, not as the first word of the sentence, where every word
// takes one, naming no time, in a sentence in the first person (Language.
// FirstPerson) or, as a place (Language.PlaceWords), in one that opens
// with its verb: "I'm in Ancoats now", "Warhammer is the only thing keeping
// me sane", "Signed the lease in Songshan today". A name of one word in
// a sentence about no one ("bringing Catan", "Book club on Zoom", "Got
// tickets for the Radiohead tribute band") is as often a game, an app or
// a band as a thing of one's own.
func inside(ls []Language, text, w string) bool {
	return midSentence(text, w, func(at int) bool {
		if !named(ls, text[at:at+len(w)]) {
			return false
		}
		sentence := text[sentenceStart(text[:at]) : at+sentenceEnd(text[at:])]
		if slices.ContainsFunc(ls, func(l Language) bool { return l.FirstPerson != nil && l.FirstPerson.MatchString(sentence) }) {
			return true
		}
		// A sentence that opens with its verb speaks of its sender too
		// ("Signed the lease in Songshan today"); a place after it is theirs.
		prep := strings.ToLower(wordBefore(text[:at]))
		return slices.ContainsFunc(ls, func(l Language) bool {
			return slices.Contains(l.PlaceWords, prep) && l.opensWithVerb(strings.TrimSpace(sentence))
		})
	})
}

// model reports whether token w of it names a model of a thing of its
// sender's own: a word of a spaced script that joins letters and digits,
// written with a capital letter and after its maker ("换成松下S5了",
// "富士XT5", "Sony A7C") or with the maker in it ("iPhone13"), used by
// no other member of the window. A number with its unit is written in
// lower case ("10k", "5km", "8pm") and a road's number has no maker
// ("on the M32"): neither names a thing.
func model(w string, it *item, ww *windowWords) bool {
	if strings.HasPrefix(w, conceptPrefix) || ww.names[w] || ww.owner(w) != sender(it.msg) {
		return false
	}
	letters, digits := 0, 0
	for _, r := range w {
		switch {
		case unicode.IsDigit(r):
			digits++
		case unicode.IsLetter(r) && !unspaced(r):
			letters++
		default:
			return false
		}
	}
	if letters == 0 || digits == 0 {
		return false
	}
	text := it.msg.Content
	if len(strings.ToLower(text)) != len(text) {
		return false // its offsets would not be the lower-cased text's
	}
	at := nameAt(strings.ToLower(text), w)
	if at < 0 || !strings.ContainsFunc(text[at:at+len(w)], unicode.IsUpper) {
		return false
	}
	if letters >= novelMinRunes {
		return true // the maker's name in the word ("iPhone13")
	}
	before, _ := utf8.DecodeLastRuneInString(text[:at])
	if unspaced(before) {
		return true // a maker written without a space before ("松下S5")
	}
	maker := wordBefore(text[:at])
	// a maker written with a capital inside its sentence ("a Sony A7C"),
	// not as the first word of it, where every word takes one ("The M32")
	return maker != "" && capitalized(maker) && strings.TrimSpace(text[sentenceStart(text[:at]):at]) != maker
}

// proper reports whether w (lower-cased) stands in text as a word of a
// proper name of two words or more: written with a capital (its first
// letter upper case and not all of it), not as the first word of a
// sentence, where every word takes one, and next to another word with a
// capital that names no time ("Petaling Jaya", "Imbi Market", "Kuala
// Kubu Bharu"). A name of one word is as often a brand, a game or an app
// ("Zoom", "Catan", "Tetris") as a thing of one's own.
func proper(ls []Language, text, w string) bool {
	return midSentence(text, w, func(at int) bool {
		return named(ls, wordBefore(text[:at])) || named(ls, wordAfter(text[at+len(w):]))
	})
}

// midSentence reports whether ok holds at some offset where w (lower-cased)
// stands in text as a word of its own, written with a capital and not as
// the first word of a sentence, where every word takes one.
func midSentence(text, w string, ok func(at int) bool) bool {
	lower := strings.ToLower(text)
	for from := 0; from < len(lower); {
		i := nameAt(lower[from:], w)
		if i < 0 {
			return false
		}
		at := from + i
		from = at + len(w)
		before := strings.TrimRightFunc(text[:at], unicode.IsSpace)
		last, _ := utf8.DecodeLastRuneInString(before)
		if !capitalized(text[at:at+len(w)]) || before == "" || strings.ContainsRune(".!?。！？:：", last) {
			continue
		}
		if ok(at) {
			return true
		}
	}
	return false
}

// capitalized reports whether word opens with an upper-case letter and is
// not all upper case.
func capitalized(word string) bool {
	r, _ := utf8.DecodeRuneInString(word)
	return unicode.IsUpper(r) && strings.ToUpper(word) != word
}

// named reports whether word is capitalized and names no time in any
// language of ls.
func named(ls []Language, word string) bool {
	if word == "" || !capitalized(word) {
		return false
	}
	for _, l := range ls {
		if l.TimeNames != nil && (l.TimeNames.MatchString(word) || l.TimeNames.MatchString(strings.TrimSuffix(word, "s"))) {
			return false
		}
	}
	return true
}

// wordBefore returns the word of a spaced script that ends s after at
// most a space, and wordAfter the one that opens s after at most a
// space; "" when punctuation or another script comes first.
func wordBefore(s string) string {
	s = strings.TrimRight(s, " ")
	i := strings.LastIndexFunc(s, func(r rune) bool { return !isWordRune(r) })
	if i < 0 {
		return s
	}
	_, size := utf8.DecodeRuneInString(s[i:])
	return s[i+size:]
}

func wordAfter(s string) string {
	s = strings.TrimLeft(s, " ")
	if i := strings.IndexFunc(s, func(r rune) bool { return !isWordRune(r) }); i >= 0 {
		return s[:i]
	}
	return s
}

// isWordRune reports whether r is a letter or a digit of a spaced script.
func isWordRune(r rune) bool {
	return (unicode.IsLetter(r) || unicode.IsDigit(r)) && !unspaced(r)
}

// novelAt is where token w stands in the lower-cased text: as a word of
// its own for a spaced script, anywhere for an unspaced one; -1 when it
// does not.
func novelAt(lower, w string) int {
	if first, _ := utf8.DecodeRuneInString(w); unspaced(first) {
		return strings.Index(lower, w)
	}
	return nameAt(lower, w)
}

// smallTalkFacts deletes each active memory of what a member said about
// themselves whose statement, their name left out, is in words other
// members of the window used too (windowWords.shared): a line the member
// said first that the others then said as well ("最近迷上了看纪录片…" from
// three members) was the group's small talk. A memory another decision
// of the run acts on, or whose member has no line in the window, is left;
// so is an answer's memory, whose answer was held to the same test when it
// was kept and whose question's words are the asker's ("老周平时还玩太极").
func (f *Fuser) smallTalkFacts(mems []groupmem.Memory, taken decisions, w *windowWords) decisions {
	acted := map[string]bool{}
	for _, d := range taken {
		if d.mem != nil {
			acted[d.mem.ID] = true
		}
	}
	var ds decisions
	for i := range mems {
		m := &mems[i]
		if !isMemberFact(m) || m.Status != groupmem.StatusActive || m.Strength >= 1 || acted[m.ID] || slices.Contains(m.Tags, kindAnswer) {
			continue
		}
		who := memberOf(m)
		name, ok := w.members[who]
		if !ok {
			continue
		}
		st := strings.ReplaceAll(m.Statement, name, " ")
		if !w.shared(f.cfg.Languages, groupmem.Message{SenderID: who}, st) {
			continue
		}
		ds = append(ds, &decision{kind: groupmem.ActionDelete, mem: m,
			reason: "what " + who + " said of themselves is what other members of the window say too: small talk"})
	}
	return ds
}

// memberOf returns the sender a member's memory is about (its
// evolve.SubjectTag tag), or "".
func memberOf(m *groupmem.Memory) string {
	for _, t := range m.Tags {
		if s, ok := strings.CutPrefix(t, evolve.SubjectTag); ok {
			return s
		}
	}
	return ""
}

// ofTwo reports whether w is the window of a chat of two (chatOfTwo).
func (w *windowWords) ofTwo() bool { return w != nil && w.two }

// chatOfTwo reports whether a group is a chat of two people: the senders
// of its window and the members its memories are about are two.
func chatOfTwo(senders map[string]string, mems []groupmem.Memory) bool {
	ids := map[string]bool{}
	for s := range senders {
		ids[s] = true
	}
	for _, m := range mems {
		for _, t := range m.Tags {
			if id, ok := strings.CutPrefix(t, evolve.SubjectTag); ok {
				ids[id] = true
			}
		}
	}
	return len(ids) == 2
}
