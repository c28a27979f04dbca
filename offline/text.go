package offline

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/groupmem/groupmem"
)

// Reasons a message is left out of clustering, as counted in the log.
const (
	noiseEmpty   = "empty"    // nothing but stickers, emoji, mentions, links or punctuation
	noiseBot     = "bot"      // a bot command, or a message from a bot
	noiseFiller  = "filler"   // only greetings, acknowledgements, laughter
	noiseShort   = "short"    // too little left to say anything
	noiseTooLong = "too_long" // longer than a chat line; pasted text, not talk
)

// maxLineRunes bounds the messages that are clustered at all: longer ones
// are pastes (logs, articles) whose words would blur every centroid.
const maxLineRunes = 2000

// noise returns why m is noise, or "" when it says something. A message is
// noise when it comes from a sender listed in ignore or named like a bot,
// is a bot command ("/roll", "!help", ".r 1d20"), or has fewer than
// minUnits units left once stickers, emoji, mentions, links and filler
// (greetings, acknowledgements, laughter) are taken out. A unit is a CJK
// character or half a word of another script (a word counts 2).
func noise(ls []Language, m groupmem.Message, ignore map[string]bool, minUnits int) string {
	if isBot(m, ignore) {
		return noiseBot
	}
	text := strings.TrimSpace(m.Content)
	if isCommand(text) {
		return noiseBot
	}
	if utf8.RuneCountInString(text) > maxLineRunes {
		return noiseTooLong
	}
	segs := segments(strip(text, true))
	if len(segs) == 0 {
		return noiseEmpty
	}
	units, filler := 0, true
	for _, s := range segs {
		n, all := segmentUnits(ls, s)
		units += n
		filler = filler && all
	}
	switch {
	case filler:
		return noiseFiller
	case units < minUnits:
		return noiseShort
	}
	return ""
}

// isBot reports whether m was sent by a bot: a sender in ignore (by id or
// name, lower-cased), or one whose id or name ends in "bot" or holds "机器人".
func isBot(m groupmem.Message, ignore map[string]bool) bool {
	for _, s := range []string{m.SenderID, m.SenderName} {
		s = strings.ToLower(strings.TrimSpace(s))
		if s == "" {
			continue
		}
		if ignore[s] || strings.HasSuffix(s, "bot") || strings.Contains(s, "机器人") {
			return true
		}
	}
	return false
}

// isCommand reports whether text is a bot command: "/", "!", "！" or "."
// directly followed by an ASCII letter.
func isCommand(text string) bool {
	r, size := utf8.DecodeRuneInString(text)
	if r != '/' && r != '!' && r != '！' && r != '.' {
		return false
	}
	next, _ := utf8.DecodeRuneInString(text[size:])
	return next < utf8.RuneSelf && unicode.IsLetter(next)
}

// strip removes what carries no content from a chat line: sticker and
// image markers ("[图片]", "[捂脸]", "[sticker]"), ":shortcode:" emoji,
// emoji and other pictographs, @mentions, and, when links is set, URLs.
// Runs of white space become one space.
func strip(text string, links bool) string {
	var b strings.Builder
	words := strings.Fields(groupmem.CleanText(text))
	for _, w := range words {
		if links && isLink(w) || strings.HasPrefix(w, "@") || strings.HasPrefix(w, "＠") {
			continue
		}
		w = dropMarkers(w)
		w = strings.Map(func(r rune) rune {
			if isPictograph(r) {
				return -1
			}
			return r
		}, w)
		if w == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(w)
	}
	return b.String()
}

func isLink(w string) bool {
	lw := strings.ToLower(w)
	return strings.HasPrefix(lw, "http://") || strings.HasPrefix(lw, "https://") || strings.HasPrefix(lw, "www.")
}

// dropMarkers removes "[...]" markers of at most 8 letters (stickers,
// images, WeChat emoji) and ":word:" shortcodes from w.
func dropMarkers(w string) string {
	for _, pair := range [][2]string{{"[", "]"}, {"【", "】"}, {":", ":"}} {
		for {
			i := strings.Index(w, pair[0])
			if i < 0 {
				break
			}
			j := strings.Index(w[i+len(pair[0]):], pair[1])
			if j < 0 {
				break
			}
			inner := w[i+len(pair[0]) : i+len(pair[0])+j]
			if !isMarker(inner, pair[0] == ":") {
				break
			}
			w = w[:i] + w[i+len(pair[0])+j+len(pair[1]):]
		}
	}
	return w
}

func isMarker(inner string, shortcode bool) bool {
	n := utf8.RuneCountInString(inner)
	if n == 0 || n > 24 || !shortcode && n > 8 {
		return false
	}
	for _, r := range inner {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' && r != '-' && r != '+' {
			return false
		}
		if shortcode && r >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// isPictograph reports whether r is an emoji or a symbol without words:
// symbols (So, Sk outside ASCII), variation selectors, the zero-width
// joiner and the regional indicators.
func isPictograph(r rune) bool {
	switch {
	case r == 0x200D || r >= 0xFE00 && r <= 0xFE0F || r >= 0x1F1E6 && r <= 0x1F1FF:
		return true
	case r < utf8.RuneSelf:
		return false
	}
	return unicode.Is(unicode.So, r) || unicode.Is(unicode.Sk, r)
}

// segments splits text at punctuation and symbols into lower-cased
// segments of letters, digits and single spaces.
func segments(text string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if s := strings.TrimSpace(string(cur)); s != "" {
			out = append(out, s)
		}
		cur = cur[:0]
	}
	for _, r := range text {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r) || r == '\'' || r == '+':
			cur = append(cur, unicode.ToLower(r))
		case unicode.IsSpace(r):
			if len(cur) > 0 && cur[len(cur)-1] != ' ' {
				cur = append(cur, ' ')
			}
		default:
			flush()
		}
	}
	flush()
	return out
}

// unitsOf counts the units of a segment: each CJK character one, each other
// word two.
func unitsOf(seg string) int {
	n, inWord := 0, false
	for _, r := range seg {
		switch {
		case unspaced(r):
			n++
			inWord = false
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if !inWord {
				n += 2
			}
			inWord = true
		default:
			inWord = false
		}
	}
	return n
}

// contentUnits counts the units of a segment without its filler: filler
// words, and filler phrases at the start or the end of a CJK word
// ("哈哈哈好饿" counts as "饿").
func contentUnits(ls []Language, seg string) int {
	n, _ := segmentUnits(ls, seg)
	return n
}

// segmentUnits returns contentUnits of seg and whether it is filler
// (isFiller), reading each word once.
func segmentUnits(ls []Language, seg string) (units int, filler bool) {
	filler = true
	for _, w := range strings.Fields(seg) {
		if !fillerToken(ls, w) {
			filler = false
			units += unitsOf(trimFillerPhrases(ls, w))
		}
	}
	return units, filler
}

// trimFillerPhrases removes filler phrases from both ends of w.
func trimFillerPhrases(ls []Language, w string) string {
	for trimmed := true; trimmed && w != ""; {
		if !mayHoldPhrase(ls, w, false) && !mayHoldPhrase(ls, w, true) {
			break // no phrase opens or ends it
		}
		trimmed = false
		for _, l := range ls {
			for _, p := range l.FillerPhrases {
				if strings.HasPrefix(w, p) {
					w, trimmed = w[len(p):], true
				} else if strings.HasSuffix(w, p) {
					w, trimmed = w[:len(w)-len(p)], true
				}
			}
		}
	}
	return w
}

// unspaced reports whether r belongs to a script written without spaces
// between its words (Han, Kana, Hangul, Thai, Lao, Khmer, Myanmar). It is
// a fact of the script, not of a language: a run of such characters is
// read two characters at a time, a space between two of them ends a
// sentence, and their clauses join without a space.
func unspaced(r rune) bool {
	return r >= 0x0E00 && unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul,
		unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar)
}

// endsUnspaced reports whether r may end a sentence of an unspaced
// script that a space then closes ("撑死了[捂脸] 这周…"): a character of
// such a script, the bracket that closes a sticker, or a symbol (emoji).
func endsUnspaced(r rune) bool {
	return unspaced(r) || r == ']' || unicode.Is(unicode.So, r)
}

// isFiller reports whether a segment is made only of filler: filler
// words, filler phrases, laughter ("hhh", "www", "233"), and "1", "+1",
// "666", "88".
func isFiller(ls []Language, seg string) bool {
	for _, w := range strings.Fields(seg) {
		if !fillerToken(ls, w) {
			return false
		}
	}
	return true
}

func fillerToken(ls []Language, w string) bool {
	if fillerWord(ls, w) || isLaugh(w) {
		return true
	}
	if strings.Trim(w, "0123456789+") == "" {
		return w == "1" || w == "+1" || strings.Trim(w, "1") == "" || strings.HasPrefix(w, "233") ||
			strings.Trim(w, "6") == "" || w == "88" || w == "886"
	}
	// CJK: consume filler phrases greedily; anything else is content.
	rest := w
	for rest != "" {
		if !mayHoldPhrase(ls, rest, false) {
			return false
		}
		n := prefixIn(ls, rest, func(l Language) []string { return l.FillerPhrases })
		if n == 0 {
			return false
		}
		rest = rest[n:]
	}
	return true
}

// isLaugh reports whether w is Latin laughter: only h, a, e, w letters with
// at least two of them ("haha", "hhh", "www", "hehe").
func isLaugh(w string) bool {
	if len(w) < 2 {
		return false
	}
	for _, r := range w {
		if r != 'h' && r != 'a' && r != 'e' && r != 'w' {
			return false
		}
	}
	return strings.ContainsAny(w, "hw")
}

func setOf(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// adjoin joins a and b as they are, or with a space when both meet in a
// word of letters or digits: a name before a Chinese line that opens in
// English ("Ines" and "jersey 尺码…" read "Ines jersey 尺码…", not
// "Inesjersey").
func adjoin(a, b string) string {
	last, _ := utf8.DecodeLastRuneInString(a)
	first, _ := utf8.DecodeRuneInString(b)
	if isWordRune(last) && isWordRune(first) {
		return a + " " + b
	}
	return a + b
}
