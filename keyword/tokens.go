package keyword

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/width"
)

// maxTermBytes bounds one term: longer words (hashes, URLs) are cut.
const maxTermBytes = 64

// Tokens returns the terms of text in order, repeats kept: lower-cased
// words of letters and digits (stop words and contraction endings left
// out) and the character bigrams of Han runs. Text without letters,
// digits or Han characters has none.
func Tokens(text string) []string {
	t := tokenizer{}
	for _, r := range width.Fold.String(text) {
		switch {
		case unicode.Is(unicode.Han, r):
			t.endWord()
			t.han = append(t.han, r)
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
			t.endHan()
			t.word = append(t.word, unicode.ToLower(r))
		case (r == '\'' || r == '’') && len(t.word) > 0:
			// "member's", "don't": the word before the apostrophe is kept,
			// a contraction ending after it is not.
			t.endWord()
			t.afterApostrophe = true
		default:
			t.endHan()
			t.endWord()
		}
	}
	t.endHan()
	t.endWord()
	return t.out
}

type tokenizer struct {
	out             []string
	han, word       []rune
	afterApostrophe bool
}

func (t *tokenizer) endHan() {
	switch len(t.han) {
	case 0:
		return
	case 1:
		t.out = append(t.out, string(t.han))
	default:
		for i := 0; i+1 < len(t.han); i++ {
			t.out = append(t.out, string(t.han[i:i+2]))
		}
	}
	t.han = t.han[:0]
}

func (t *tokenizer) endWord() {
	if len(t.word) == 0 {
		t.afterApostrophe = false
		return
	}
	w := string(t.word)
	t.word = t.word[:0]
	ending := t.afterApostrophe && contractionEndings[w]
	t.afterApostrophe = false
	if ending || stopWords[w] {
		return
	}
	if len(w) > maxTermBytes {
		w = w[:maxTermBytes]
		for !utf8.ValidString(w) {
			w = w[:len(w)-1]
		}
	}
	t.out = append(t.out, w)
}

// contractionEndings are what follows the apostrophe of an English
// contraction or possessive.
var contractionEndings = set("s t re ve ll d m")

// stopWords are English function words, which match everything and
// therefore nothing; Chinese needs no list, as bigrams of function
// characters are rare in a query and weighed down by IDF.
var stopWords = set(`a an the and or but if then else of to in on at by for with from as into about
	is are was were be been being am do does did doing done have has had having
	i me my mine we us our ours you your yours he him his she her hers it its they them their theirs
	this that these those there here what which who whom whose when where why how
	not no nor so too very can could will would shall should may might must
	just also than only own same such both each few more most other some any all
	up down out off over under again further once
	don doesn didn isn aren wasn weren hasn haven hadn won wouldn shouldn couldn can't
	let lets ok okay yes yeah now currently`)

func set(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}
