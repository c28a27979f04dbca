package offline

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"iter"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A member's line that no fact pattern reads and that names no proper
// name of its own may still tell what lasts about them: "being a dialysis
// nurse means someone always needs you", "当审计就是这样，白天开会晚上干活",
// "Got home at 8am and the bearded dragon was sitting on my pillow". No
// single cue tells such a sentence from small talk; several weak ones
// together do. The reader weighs them: how rare in ordinary text its
// words are (the Lexicon's frequency) and how many it does not know,
// whether the words are its sender's own in the window or the words the
// others say too, whether it speaks in the first person or opens with
// its verb, whether it speaks to the reader, its length, capitals inside
// it, digits, a plan or a time, whether it tells of a mishap; and, where
// its language's weights have them, what it is about (meaning: its place
// in the Lexicon's space). The
// weights, one set per language (reader.json, by Language.Name), are a
// logistic regression fitted on the train split of the long-chat
// evaluation set (group chats and chats of two) by TestTrainReader
// (GROUPMEM_READER_TRAIN=1), which prints its held-out precision and
// recall chat by chat, with and without meaning, and keeps the one that
// keeps more at its language's floor of precision; a language without
// weights has no reader. A sentence the reader takes is then read,
// cleaned and told in the third person as any fact is, and kept only when
// that statement is clean (factStatement).

// readerFeatures names the cues the reader weighs, in the order of a
// feature vector; "bias" is always 1.
var readerFeatures = []string{"bias", "first", "verb_lead", "reader", "rare", "unknown", "min_freq",
	"own", "shared", "capitals", "digits", "units", "exclaim", "plan", "time", "opener",
	"job", "animal", "pastime", "study", "family", "vehicle", "specific", "mishap"}

// readerWeights is the reader of one language: a weight per feature, a
// weight per dimension of a sentence's meaning (none: the reader does not
// weigh meaning) and the probability from which a sentence is taken.
type readerWeights struct {
	Weights   map[string]float64 `json:"weights"`
	Meaning   []float64          `json:"meaning,omitempty"`
	Threshold float64            `json:"threshold"`
}

//go:embed reader.json
var readerJSON []byte

// readers are the readers of the languages that have one, by
// Language.Name.
var readers = mustReaders(readerJSON)

func mustReaders(data []byte) map[string]readerWeights {
	var out map[string]readerWeights
	if err := json.Unmarshal(data, &out); err != nil {
		panic(fmt.Sprintf("offline: reader.json: %v", err))
	}
	for lang, r := range out {
		for name := range r.Weights {
			if !slices.Contains(readerFeatures, name) {
				panic(fmt.Sprintf("offline: reader.json: %s: unknown feature %q", lang, name))
			}
		}
	}
	return out
}

// probability is how likely the reader finds a sentence with features x
// to tell a lasting fact of its sender's.
func (r readerWeights) probability(x []float64) float64 {
	z := 0.0
	for i, name := range readerFeatures {
		z += r.Weights[name] * x[i]
	}
	for i, v := range x[len(readerFeatures):] {
		if i < len(r.Meaning) {
			z += r.Meaning[i] * v
		}
	}
	return 1 / (1 + math.Exp(-z))
}

// readLine is one sentence the reader weighed, for its training
// (readerObserver).
type readLine struct {
	MsgID     string
	Lang      string
	Sentence  string
	Statement string // as factStatement words it; "" when it is not clean
	X         []float64
	P         float64 // the probability the reader gives it (0 with no reader)
	Dropped   string  // why the reader did not weigh it, if it did not
}

// unweighed says why the reader does not weigh sentence, a sentence of
// it in language l; "" when it weighs it. It does not weigh, cheapest
// check first:
//   - a question, a reply of a few words, a habit said as the group's;
//   - words the others say too (small talk, memberFacts);
//   - "we" where the group is more than two: the group's;
//   - the day's arrangement (Language.Arranges), or a thing of someone
//     outside the sender's household (Language.Others);
//   - a thing the others name that day or the day before (aboutShared).
func unweighed(ls []Language, l *Language, w *windowWords, it *item, sentence string) string {
	switch {
	case asks(ls, sentence):
		return "question"
	case contentUnits(ls, sentence) < novelMinUnits:
		return "short"
	case recursForGroup(ls, sentence):
		return "group habit"
	case w.shared(ls, it.msg, sentence):
		return "shared"
	case plural(ls, sentence) && !w.ofTwo():
		return "the group's"
	case l.Arranges != nil && l.Arranges.MatchString(sentence):
		return "the day's arrangement"
	case l.Others != nil && l.Others.MatchString(sentence):
		return "another's"
	case w.aboutShared(ls, it, sentence):
		return "about the others' topic"
	}
	return ""
}

// readerObserver, when set (by the reader's training only), sees every
// sentence the reader weighs, with the statement it would make.
var readerObserver func(readLine)

// readerFact returns the first sentence of it, a line of a member no
// pattern reads, that the reader of its language takes for a fact (see
// above), if its statement is clean. Questions, replies of a few words,
// lines that set a thing of the group's and habits said as the group's
// are never weighed, as with novelFact; a mishap is weighed, as one cue
// among the others: a line that says "again" may still tell what lasts
// ("Still Kon-Tiki for me, I read it again every few years", "今天又加班，
// 做空服员真的很难准时下班").
func (f *Fuser) readerFact(it *item, w *windowWords) (saidFact, bool) {
	ls := f.cfg.Languages
	text := it.msg.Content
	if _, ok := settingOf(ls, text); ok {
		return saidFact{}, false
	}
	for start, to := range sentenceSpans(text) {
		sentence := text[start:to]
		l := language(ls, sentence)
		if l == nil {
			continue
		}
		r, ok := readers[l.Name]
		if !ok && readerObserver == nil {
			continue
		}
		if why := unweighed(ls, l, w, it, sentence); why != "" {
			if readerObserver != nil {
				readerObserver(readLine{MsgID: it.msg.ID, Lang: l.Name, Sentence: sentence, Dropped: why})
			}
			continue
		}
		x := f.lineFeatures(l, it, w, sentence)
		if len(r.Meaning) > 0 || readerObserver != nil {
			x = append(x, f.meaning(strings.ToLower(sentence), w)...)
		}
		p := 0.0
		if ok {
			p = r.probability(x)
		}
		if readerObserver == nil && p < r.Threshold {
			continue
		}
		said := it.msg
		said.Content = sentence
		st, _ := f.factStatement(said, novelKind, w)
		if readerObserver != nil {
			readerObserver(readLine{MsgID: it.msg.ID, Lang: l.Name, Sentence: sentence, Statement: st, X: x, P: p})
		}
		if st != "" && ok && p >= r.Threshold {
			return saidFact{kind: novelKind, from: start, to: to}, true
		}
	}
	return saidFact{}, false
}

// lineFeatures returns the cues of sentence, a sentence of it in language
// l, in the order of readerFeatures.
func (f *Fuser) lineFeatures(l *Language, it *item, w *windowWords, sentence string) []float64 {
	ls := f.cfg.Languages
	x := make([]float64, len(readerFeatures))
	set := func(name string, v float64) {
		if i := slices.Index(readerFeatures, name); i >= 0 {
			x[i] = v
		}
	}
	b2f := func(b bool) float64 {
		if b {
			return 1
		}
		return 0
	}
	set("bias", 1)
	said, opened := l.shed(sentence)
	set("opener", b2f(opened))
	set("first", b2f(l.FirstPerson != nil && l.FirstPerson.MatchString(said)))
	set("verb_lead", b2f(l.opensWithVerb(said)))
	set("reader", b2f(l.Reader != nil && l.Reader.MatchString(said)))
	// The kinds a sentence names, but for foods: everyday food is named in
	// small talk as often as in what a member cannot eat ("早餐打卡：豆浆油条").
	// A kind said specifically, in words of several units ("golden
	// retriever", "缅因猫") or after a rare word that is no name ("hospice
	// nurse", "PACU nurse"), is more often one's own than a kind said
	// bare ("the dentist told me…").
	for _, m := range kindMatches(l.Name, strings.ToLower(said)) {
		if m.kind == "food" {
			continue
		}
		set(m.kind, 1)
		if m.units >= 2 || m.before != "" && !unspacedString(m.before) && !w.names[m.before] && !stopWord(ls, m.before) &&
			f.cfg.Lexicon.Frequency(m.before) < 1e-5 {
			set("specific", 1)
		}
	}
	set("plan", b2f(l.Plan != nil && l.Plan.MatchString(strings.ToLower(sentence))))
	set("time", b2f(l.TimeNames != nil && l.TimeNames.MatchString(sentence)))
	set("exclaim", b2f(strings.ContainsAny(sentence, "!！")))
	set("mishap", b2f(mishap(ls, sentence)))
	set("digits", b2f(strings.ContainsFunc(sentence, unicode.IsDigit)))
	set("units", math.Log(float64(max(1, contentUnits(ls, sentence))))/math.Log(40))

	// The words of the sentence the Lexicon knows, how rare the rarest
	// is, and how much of the sentence it does not know.
	lower := strings.ToLower(sentence)
	rare, minFreq, covered := 0, 1.0, 0
	for _, t := range f.cfg.Lexicon.Terms(lower) {
		if w.names[t] {
			continue
		}
		fr := f.cfg.Lexicon.Frequency(t)
		if fr > 0 && fr < 1e-5 {
			rare++
		}
		if fr > 0 {
			minFreq = min(minFreq, fr)
		}
		if strings.ContainsFunc(t, unspaced) {
			covered += utf8.RuneCountInString(t)
		}
	}
	unknown := 0
	han := 0
	for _, word := range strings.FieldsFunc(lower, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' }) {
		latin := strings.Map(func(r rune) rune {
			if unspaced(r) {
				han++
				return -1
			}
			return r
		}, word)
		if utf8.RuneCountInString(latin) >= 3 && !w.names[latin] && f.cfg.Lexicon.Frequency(latin) == 0 {
			unknown++
		}
	}
	if han > covered {
		unknown += (han - covered + 1) / 2
	}
	set("rare", math.Log1p(float64(rare)))
	set("unknown", math.Log1p(float64(unknown)))
	if minFreq < 1 {
		set("min_freq", min(2, max(0, (-math.Log10(minFreq)-3)/3)))
	}

	// Whose words they are in the window: the sender's alone, or the
	// others' too.
	s := sender(it.msg)
	ts := tokens(features(ls, sentence))
	own, shared, counted := 0, 0, 0
	for _, t := range ts {
		if w.names[t] {
			continue
		}
		counted++
		if w.voices[t].other(s) {
			shared++
		} else {
			own++
		}
	}
	if counted > 0 {
		set("own", float64(own)/float64(counted))
		set("shared", float64(shared)/float64(counted))
	}
	capitals := 0
	for i, word := range strings.Fields(sentence) {
		if i > 0 && capitalized(word) && word != "I" && !strings.HasPrefix(word, "I'") && !w.names[strings.ToLower(strings.Trim(word, ".,!?:;'\""))] {
			capitals++
		}
	}
	set("capitals", math.Log1p(float64(capitals)))
	return x
}

// meaning returns where a sentence (lower-cased) lies in the Lexicon's
// space, weighed after the cues of lineFeatures: the mean of its words' vectors,
// each weighed by how rare the word is (a/(a+p), so that "the" and "got"
// weigh little), the members' names left out, as a unit vector. What a
// sentence is about (a job, a pet, a move, a diagnosis) lies in a region
// of that space whatever words say it; small talk lies in others. It is
// all zeros when the Lexicon knows no word of the sentence.
func (f *Fuser) meaning(lower string, w *windowWords) []float64 {
	var sum []float64
	for _, t := range f.cfg.Lexicon.Terms(lower) {
		if w.names[t] {
			continue
		}
		v := f.cfg.Lexicon.WordVector(t)
		if v == nil {
			continue
		}
		if sum == nil {
			sum = make([]float64, len(v))
		}
		weight := meaningSmoothing / (meaningSmoothing + f.cfg.Lexicon.Frequency(t))
		for i, c := range v {
			if i < len(sum) {
				sum[i] += weight * float64(c)
			}
		}
	}
	norm := 0.0
	for _, c := range sum {
		norm += c * c
	}
	out := make([]float64, meaningDims)
	if norm == 0 {
		return out
	}
	norm = math.Sqrt(norm)
	for i := range min(len(out), len(sum)) {
		out[i] = sum[i] / norm
	}
	return out
}

// shed returns sentence without the marks before its first word and
// without the turn to news that opens it ("oh and", "跟你们说个事"), which
// is no part of what is told, and whether there was such a turn.
func (l *Language) shed(sentence string) (said string, opened bool) {
	notWord := func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }
	said = strings.TrimLeftFunc(sentence, notWord)
	for _, o := range l.Openers {
		if len(said) > len(o) && strings.EqualFold(said[:len(o)], o) {
			return strings.TrimLeftFunc(said[len(o):], notWord), true
		}
	}
	return said, false
}

// meaningDims is how many dimensions of a sentence's meaning the reader
// weighs: the Lexicon's (the static table's 128).
const meaningDims = 128

// meaningSmoothing is a in a word's weight a/(a+p) in meaning, p its
// frequency in ordinary text: a word seen once in a thousand weighs half.
const meaningSmoothing = 1e-3

// selfDated returns the first sentence of it, a line of a member no
// pattern reads, in which the member tells what they did or will do on a
// day it names (Language.SelfDated), or a notable event of their life on
// a recent day (Language.Notable, Language.Recent: "Earlier today I broke
// my toe", "Had a little fender bender two days ago", "昨天车被剐了"), told
// in the first person, opening with its verb, or in a chat of two, if its
// statement is clean: a dated event or plan of theirs. Questions, mishaps
// other than notable ones, replies of a few words, lines that set a thing
// of the group's, habits said as the group's and sentences in the words
// the others say too are not taken, as with the reader.
func (f *Fuser) selfDated(it *item, w *windowWords) (saidFact, bool) {
	ls := f.cfg.Languages
	text := it.msg.Content
	if _, ok := settingOf(ls, text); ok {
		return saidFact{}, false
	}
	for start, to := range sentenceSpans(text) {
		sentence := text[start:to]
		l := language(ls, sentence)
		if l == nil {
			continue
		}
		notable := notableEvent(l, w, sentence)
		if !notable && (l.SelfDated == nil || !l.SelfDated.MatchString(sentence)) {
			continue
		}
		if asks(ls, sentence) || !notable && mishap(ls, sentence) || contentUnits(ls, sentence) < novelMinUnits || recursForGroup(ls, sentence) ||
			w.shared(ls, it.msg, sentence) || mood(ls, sentence) || plural(ls, sentence) && !w.ofTwo() {
			continue
		}
		if !notable && !f.namesOwnThing(l, it, w, sentence) {
			continue // "I needed this laugh today": a reaction of the day
		}
		said := it.msg
		said.Content = sentence
		if st, _ := f.factStatement(said, novelKind, w); st != "" {
			return saidFact{kind: novelKind, from: start, to: to}, true
		}
	}
	return saidFact{}, false
}

// notableEvent reports whether sentence, in language l, tells a notable
// event (Language.Notable) of a recent day (Language.Recent) as its
// sender's own: in the first person, opening with its verb, or in a chat
// of two, where a line is its sender's unless it names another.
func notableEvent(l *Language, w *windowWords, sentence string) bool {
	if l.Notable == nil || l.Recent == nil || !l.Notable.MatchString(sentence) || !l.Recent.MatchString(sentence) {
		return false
	}
	return l.FirstPerson != nil && l.FirstPerson.MatchString(sentence) || l.opensWithVerb(sentence) || w.ofTwo()
}

// namesOwnThing reports whether sentence, of it in language l, names a
// thing of its own, by the reader's cues: a name in capitals, a word rare
// in ordinary text, or a kind of lasting thing (a job, an animal, a
// pastime, a study, family, a vehicle).
func (f *Fuser) namesOwnThing(l *Language, it *item, w *windowWords, sentence string) bool {
	x := f.lineFeatures(l, it, w, sentence)
	if x[slices.Index(readerFeatures, "rare")] > math.Log1p(1) || l.FirstTime != nil && l.FirstTime.MatchString(sentence) {
		// two rare words or more (one alone is as often the day's:
		// "binged", "sofa"), or a first time
		return true
	}
	for _, name := range []string{"capitals", "job", "animal", "pastime", "study", "family", "vehicle"} {
		if x[slices.Index(readerFeatures, name)] > 0 {
			return true
		}
	}
	return false
}

// sentenceSpans yields where each sentence of text (sentenceEnd) begins,
// past its leading spaces, and ends.
func sentenceSpans(text string) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		for from := 0; from < len(text); {
			to := from + sentenceEnd(text[from:])
			if to <= from {
				return
			}
			start := from
			for start < to && text[start] == ' ' {
				start++
			}
			if !yield(start, to) {
				return
			}
			from = to
		}
	}
}
