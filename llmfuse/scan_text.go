package llmfuse

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// closesString reports whether a quote just before offset j ends its
// string: only when what follows on the line is the end of the line, a
// closing brace or bracket, a colon before a value, a comma before the
// next key, item or closing (or before any value inside an array), or the
// next key itself (a missing comma).
// Anything else makes the quote part of the text, as in 他说"稳住"吧.
func closesString(src string, j, lineEnd int, inArray bool) bool {
	k := skipBlanks(src, j, lineEnd)
	if k >= lineEnd {
		return true
	}
	r, n := utf8.DecodeRuneInString(src[k:])
	switch r {
	case '}', ']', '｝', '］':
		return true
	case ':', '：':
		k = skipBlanks(src, k+n, lineEnd)
		return k >= lineEnd || valueStart(src[k:])
	case ',', '，':
		k = skipBlanks(src, k+n, lineEnd)
		if k >= lineEnd {
			return true
		}
		r, _ := utf8.DecodeRuneInString(src[k:])
		return strings.ContainsRune(`"“{}[]'｛｝［］`, r) || inArray && valueStart(src[k:]) || bareKeyFollows(src[k:min(lineEnd, k+40)])
	case '"', '“':
		return keyFollows(src[k+n : min(lineEnd, k+n+40)])
	}
	return false
}

// valueStart reports whether s starts like a JSON value (or an unquoted
// word a repair can quote).
func valueStart(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return strings.ContainsRune(`"“{[｛［'-`, r) || r >= '0' && r <= '9' || r < utf8.RuneSelf && unicode.IsLetter(r)
}

// keyFollows reports whether s, which follows an opening quote, holds a
// short key and its colon: `key":`.
func keyFollows(s string) bool {
	i := 0
	for i < len(s) && (s[i] == '_' || 'a' <= s[i] && s[i] <= 'z' || 'A' <= s[i] && s[i] <= 'Z') {
		i++
	}
	if i == 0 {
		return false
	}
	switch {
	case strings.HasPrefix(s[i:], `"`):
		i++
	case strings.HasPrefix(s[i:], "”"):
		i += len("”")
	default:
		return false
	}
	k := skipBlanks(s, i, len(s))
	return k < len(s) && (s[k] == ':' || strings.HasPrefix(s[k:], "："))
}

// bareKeyFollows reports whether s starts with an unquoted key and its
// colon: `key:`.
func bareKeyFollows(s string) bool {
	i := 0
	for i < len(s) && (s[i] == '_' || 'a' <= s[i] && s[i] <= 'z' || 'A' <= s[i] && s[i] <= 'Z') {
		i++
	}
	k := skipBlanks(s, i, len(s))
	return i > 0 && k < len(s) && (s[k] == ':' || strings.HasPrefix(s[k:], "："))
}

func skipBlanks(s string, k, end int) int {
	for k < end {
		r, n := utf8.DecodeRuneInString(s[k:])
		if !isBlank(r) {
			return k
		}
		k += n
	}
	return end
}

func asciiPunct(r rune) rune {
	switch r {
	case '：':
		return ':'
	case '，':
		return ','
	case '｛':
		return '{'
	case '｝':
		return '}'
	case '［':
		return '['
	case '］':
		return ']'
	}
	return r
}

func isHex(s string) bool {
	for _, c := range []byte(s) {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

func isBlankByte(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' }

func isBlank(r rune) bool {
	switch r {
	case ' ', '\t', '\r', '\n', '\v', '\f', 0xa0, 0x3000, 0xfeff:
		return true
	}
	return false
}

// addLooseRune adds one character outside objects to the line's loose text.
func (s *scanner) addLooseRune(r rune, i, size int) {
	l := &s.loose
	if !l.seen {
		l.from, l.seen = i, true
	}
	l.to = i + size
	switch {
	case r == '"' || r == '“' || r == '”':
		l.jsonish, l.quote = true, true
	case r == '{' || r == '}' || r == '｛' || r == '｝':
		l.jsonish = true
	case unicode.IsLetter(r) || unicode.Is(unicode.So, r):
		l.letters = true
	}
}

// flushLoose turns the loose text collected on the line so far into an
// item: a fragment when it holds a piece of JSON (a quote, or a brace
// among words), prose when it holds words, structure otherwise (brackets,
// commas, numbers, list markers; beside an object on its line, these are
// not an entry of their own). Loose text that goes on after an object
// closed on its line with the rest of a string, as the ` more"}` of
// {"statement":"the set {a, b"} more"}, shows that the object did not end
// where its brace seemed to end it: the object is dropped as garbled, and
// the rest as a fragment.
func (s *scanner) flushLoose(objectOnLine bool) {
	l := s.loose
	s.loose = looseText{}
	after := s.closedAt
	s.closedAt = -1
	if !l.seen {
		return
	}
	switch {
	case after >= 0 && l.quote && stringGoesOn(s.src[l.from:l.to]):
		if it := &s.items[after]; it.drop == "" {
			it.drop = DropGarbled
		}
		s.items = append(s.items, item{line: s.line, from: l.from, to: l.to, drop: DropFragment})
	case l.jsonish && (l.letters || l.quote):
		s.items = append(s.items, item{line: s.line, from: l.from, to: l.to, drop: DropFragment})
	case l.letters:
		s.items = append(s.items, item{line: s.line, from: l.from, to: l.to, drop: DropProse})
	case !objectOnLine:
		s.addLoose(s.line, l.from, l.to, IgnoreStructure)
	}
}

// stringGoesOn reports whether text left after an object on its line, which
// holds a quote, reads as the rest of one of the object's strings: a quote
// that closes before a brace (` more"}`), or text with a quote left
// unpaired (` more"`). Text that may follow an object does not: a closing
// or opening bracket, a comma before the next key, item or object, a
// string of its own ("abc"), words that quote something (says "hi").
func stringGoesOn(rest string) bool {
	k := skipBlanks(rest, 0, len(rest))
	if k >= len(rest) {
		return false
	}
	first, n := utf8.DecodeRuneInString(rest[k:])
	switch first {
	case ']', '}', '[', '］', '｝', '［':
		return false
	case ',', '，':
		j := skipBlanks(rest, k+n, len(rest))
		if j >= len(rest) {
			return false
		}
		r, m := utf8.DecodeRuneInString(rest[j:])
		switch {
		case strings.ContainsRune("{}[]｛｝［］", r),
			(r == '"' || r == '“') && keyFollows(rest[j+m:min(len(rest), j+m+40)]),
			bareKeyFollows(rest[j:min(len(rest), j+40)]):
			return false
		}
	}
	quotes := 0
	for i, r := range rest {
		if r == '"' || r == '“' || r == '”' {
			quotes++
			if b := skipBlanks(rest, i+utf8.RuneLen(r), len(rest)); strings.HasPrefix(rest[b:], "}") || strings.HasPrefix(rest[b:], "｝") {
				return true
			}
		}
	}
	return quotes%2 == 1 && first != '"' && first != '“'
}

func (s *scanner) addLoose(line, from, to int, why string) {
	s.items = append(s.items, item{line: line, from: from, to: to, ignore: why})
}
