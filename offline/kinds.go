package offline

import (
	"bufio"
	"bytes"
	"cmp"
	"embed"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The kinds of lasting things a person is or has, by the words of each
// language that name them (kinds/<Language.Name>.txt): jobs, animals kept,
// foods avoided, pastimes, studies, family and big possessions. A line
// that names one ("people at parties hear hospice nurse…", "下班回家缅因猫
// 在门口等我") may tell its sender's; the reader weighs it. The lists are
// general vocabulary, written without the evaluation chats.

//go:embed kinds/*.txt
var kindFiles embed.FS

// kindNames are the kinds, each a feature of the reader.
var kindNames = []string{"job", "animal", "food", "pastime", "study", "family", "vehicle"}

// kindWords are each language's kind words: a word or phrase, lower-cased,
// to its kind.
var kindWords = mustKinds()

// kindMaxUnits is how many units (a word of a spaced script, a character
// of an unspaced one) a kind word may span.
const kindMaxUnits = 8

func mustKinds() map[string]map[string]string {
	out := map[string]map[string]string{}
	files, err := kindFiles.ReadDir("kinds")
	if err != nil {
		panic(err)
	}
	for _, f := range files {
		data, err := kindFiles.ReadFile(path.Join("kinds", f.Name()))
		if err != nil {
			panic(err)
		}
		lang := strings.TrimSuffix(f.Name(), ".txt")
		words, err := parseKinds(data)
		if err != nil {
			panic(fmt.Sprintf("offline: kinds/%s: %v", f.Name(), err))
		}
		out[lang] = words
	}
	return out
}

// parseKinds reads a kinds file: sections "[kind]" of one word or phrase
// a line, "#" comments.
func parseKinds(data []byte) (map[string]string, error) {
	words := map[string]string{}
	kind := ""
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]"):
			kind = line[1 : len(line)-1]
			if !slices.Contains(kindNames, kind) {
				return nil, fmt.Errorf("line %d: unknown kind %q", n, kind)
			}
		case kind == "":
			return nil, fmt.Errorf("line %d: a word before any [kind]", n)
		default:
			w := strings.Join(units(strings.ToLower(line)), "")
			if len(units(w)) > kindMaxUnits {
				return nil, fmt.Errorf("line %d: %q is longer than %d units", n, line, kindMaxUnits)
			}
			if _, dup := words[w]; !dup {
				words[w] = kind
			}
		}
	}
	return words, sc.Err()
}

// units splits lower-cased text into units: a word of a spaced script
// (letters, digits, inner ' and -), with the space before it when it
// follows another, or one character of an unspaced script. Joined, a
// run of units is the text they span, spaces normalised.
func units(text string) []string {
	var out []string
	var word strings.Builder
	flush := func() {
		if word.Len() > 0 {
			w := strings.Trim(word.String(), "'-")
			if w != "" {
				if len(out) > 0 && !unspacedString(out[len(out)-1]) {
					w = " " + w
				}
				out = append(out, w)
			}
			word.Reset()
		}
	}
	for _, r := range text {
		switch {
		case unspaced(r):
			flush()
			out = append(out, string(r))
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '\'' || r == '-' || r == '’':
			word.WriteRune(r)
		default:
			flush()
		}
	}
	flush()
	return out
}

func unspacedString(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unspaced(r)
}

// kindPattern is an alternation, for a regular expression, of every word
// of kind in language lang's kind words that listed does not match at its
// end, longest first: the job patterns read a job by any name the lexicon
// knows ("optometrist", "crane operator", "算法工程师"), not only by the
// names they list themselves (listed: the words a name may end with, which
// they read already; leaving those out keeps the patterns small, and
// fast).
func kindPattern(lang, kind, listed string) string {
	ends := regexp.MustCompile(`(?:^|[ -])(?:` + listed + `)$`)
	if unspacedString(listed) {
		ends = regexp.MustCompile(`(?:` + listed + `)$`)
	}
	var ws []string
	for w, k := range kindWords[lang] {
		if k == kind && (listed == "" || !ends.MatchString(w)) {
			ws = append(ws, regexp.QuoteMeta(w))
		}
	}
	slices.SortFunc(ws, func(a, b string) int { return cmp.Or(cmp.Compare(len(b), len(a)), strings.Compare(a, b)) })
	return strings.Join(ws, "|")
}

// kindsIn returns the kinds named in lower, a lower-cased sentence of
// language lang, each once, in the order of kindNames. A word of a spaced
// script matches in the plural too ("peanuts", "classes").
func kindsIn(lang, lower string) []string {
	found := map[string]bool{}
	for _, m := range kindMatches(lang, lower) {
		found[m.kind] = true
	}
	var out []string
	for _, k := range kindNames {
		if found[k] {
			out = append(out, k)
		}
	}
	return out
}

// kindMatch is one kind word found in a sentence: its kind, how many
// units it spans, and the unit before it ("" at the start).
type kindMatch struct {
	kind   string
	units  int
	before string
}

// kindMatches returns the kind words of language lang in lower, a
// lower-cased sentence, the longest at each place.
func kindMatches(lang, lower string) []kindMatch {
	words := kindWords[lang]
	if len(words) == 0 {
		return nil
	}
	var out []kindMatch
	us := units(lower)
	for i := 0; i < len(us); i++ {
		var b strings.Builder
		var best kindMatch
		for j := i; j < len(us) && j < i+kindMaxUnits; j++ {
			u := us[j]
			if j == i {
				u = strings.TrimPrefix(u, " ")
			}
			b.WriteString(u)
			w := b.String()
			k, ok := words[w]
			if !ok && !unspacedString(u) {
				if k, ok = words[strings.TrimSuffix(w, "s")]; !ok {
					k, ok = words[strings.TrimSuffix(w, "es")]
				}
			}
			if ok {
				best = kindMatch{kind: k, units: j - i + 1}
			}
		}
		if best.kind != "" {
			if i > 0 {
				best.before = strings.TrimPrefix(us[i-1], " ")
			}
			out = append(out, best)
			i += best.units - 1
		}
	}
	return out
}
