package evolve

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
	case r == '"' || r == '“' || r == '”' || r == '{' || r == '}' || r == '｛' || r == '｝':
		l.jsonish = true
	case unicode.IsLetter(r):
		l.letters = true
	}
}

// flushLoose turns the loose text collected on the line so far into an
// item. Brackets and commas beside an object on its line are not an entry
// of their own.
func (s *scanner) flushLoose(objectOnLine bool) {
	l := s.loose
	s.loose = looseText{}
	if !l.seen {
		return
	}
	switch {
	case l.jsonish && l.letters:
		s.items = append(s.items, item{line: s.line, from: l.from, to: l.to, drop: DropFragment})
	case l.letters:
		s.addLoose(s.line, l.from, l.to, IgnoreProse)
	case !objectOnLine:
		s.addLoose(s.line, l.from, l.to, IgnoreStructure)
	}
}

func (s *scanner) addLoose(line, from, to int, why string) {
	s.items = append(s.items, item{line: line, from: from, to: to, ignore: why})
}
