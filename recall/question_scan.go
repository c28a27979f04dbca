package recall

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// A question is read as units: a run of letters and digits is one unit
// (a word, "3rd", "2023"), and so is each character of a script written
// without spaces (月, 号); everything else only separates them.

// unit is one unit of a question.
type unit struct {
	text     string // as written
	low      string // lower case: the lexicon's key
	sentence int    // which sentence of the question it is in
	upper    bool   // it starts with an upper-case letter
	digit    bool   // it starts with a digit
	mention  int    // 1 + the index of the mention of a member's name it is in; 0 for none
	blocked  bool   // inside a member's name where no time is read
	timed    bool   // inside a time expression
}

// match is one meaning of a lexicon form found in a question, from the
// unit where it starts to end.
type match struct {
	end int
	m   *meaning
}

// runeClass is what a rune is to the splitting of a question.
type runeClass uint8

const (
	separator runeClass = iota
	wordPart            // of a run of letters and digits
	single              // a character of a script written without spaces: a unit alone
	stop                // a separator that ends a sentence
)

// classOf returns the class of r.
func classOf(r rune) runeClass {
	switch {
	case r < utf8.RuneSelf:
		if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' {
			return wordPart
		}
	case 0x4E00 <= r && r <= 0x9FFF: // the common Han characters
		return single
	case r >= 0x2E80 && (unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r)),
		0x0E00 <= r && r <= 0x0EFF: // Thai, Lao
		return single
	case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
		return wordPart
	}
	switch r {
	case '.', '!', '?', ';', '\n', '。', '！', '？', '；':
		return stop
	}
	return separator
}

// nextUnit returns the bounds of the first unit of s at or after byte i,
// or -1, -1 when there is none, and whether a sentence ended before it.
func nextUnit(s string, i int) (start, end int, brk bool) {
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch classOf(r) {
		case wordPart:
			start = i
			for i += n; i < len(s); i += n {
				if r, n = utf8.DecodeRuneInString(s[i:]); classOf(r) != wordPart {
					break
				}
			}
			return start, i, brk
		case single:
			return i, i + n, brk
		case stop:
			brk = true
		}
		i += n
	}
	return -1, -1, brk
}

// lower returns s in lower case. Unlike strings.ToLower it passes over the
// characters of scripts without case without looking them up, and returns
// s itself when nothing changes.
func lower(s string) string {
	at := -1
	for i, r := range s {
		if r < utf8.RuneSelf && 'A' <= r && r <= 'Z' || r >= utf8.RuneSelf && !caseless(r) && unicode.ToLower(r) != r {
			at = i
			break
		}
	}
	if at < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:at])
	for _, r := range s[at:] {
		switch {
		case r < utf8.RuneSelf:
			if 'A' <= r && r <= 'Z' {
				r += 'a' - 'A'
			}
			b.WriteByte(byte(r))
			continue
		case !caseless(r):
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// caseless reports whether r is of a block without case: CJK, kana,
// Hangul and the like.
func caseless(r rune) bool {
	return 0x3000 <= r && r < 0xA640 || 0xAC00 <= r && r < 0xD800
}

// units splits q into its units.
func units(q string) []unit {
	low := lower(q)
	aligned := len(low) == len(q) // no rune changed its length in lower case
	us := make([]unit, 0, len(q)/3+8)
	sentence := 0
	for i := 0; ; {
		start, end, brk := nextUnit(q, i)
		if start < 0 {
			return us
		}
		if brk {
			sentence++
		}
		u := unit{text: q[start:end], sentence: sentence}
		if aligned {
			u.low = low[start:end]
		} else {
			u.low = lower(u.text)
		}
		r, _ := utf8.DecodeRuneInString(u.text)
		_, u.digit = digitValue(r)
		u.upper = !u.digit && unicode.IsUpper(r)
		us = append(us, u)
		i = end
	}
}

// digitValue returns the value of an ASCII or full-width digit.
func digitValue(r rune) (int, bool) {
	switch {
	case '0' <= r && r <= '9':
		return int(r - '0'), true
	case '０' <= r && r <= '９':
		return int(r - '０'), true
	}
	return 0, false
}

// digits reads s as a number written in digits, then an optional suffix:
// its value, how many digits, and what follows them. A number of more
// than six digits is none.
func digits(s string) (n, count int, rest string) {
	for i, r := range s {
		d, ok := digitValue(r)
		if !ok {
			return n, count, s[i:]
		}
		if count++; count > 6 {
			return 0, 0, s
		}
		n = n*10 + d
	}
	return n, count, ""
}

// matchAll finds every lexicon form in us: the matches of the forms
// starting at unit i are ms[starts[i]:starts[i+1]], shortest first. A form
// does not run across sentences.
func (lx *lexicon) matchAll(us []unit) (ms []match, starts []int) {
	starts = make([]int, len(us)+1)
	ms = make([]match, 0, len(us))
	for i := range us {
		starts[i] = len(ms)
		nd := &lx.root
		for j := i; j < len(us) && us[j].sentence == us[i].sentence; j++ {
			if nd = nd.next[us[j].low]; nd == nil {
				break
			}
			for k := range nd.means {
				ms = append(ms, match{end: j + 1, m: &nd.means[k]})
			}
		}
	}
	starts[len(us)] = len(ms)
	return ms, starts
}
