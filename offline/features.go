package offline

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// features returns the text that is embedded for clustering: the message
// without stickers, emoji, mentions and links, lower-cased, without filler
// segments, and with function words (English stop words, Chinese particles
// and pronouns) replaced by spaces so that they neither count as shared
// features nor join their neighbours into new ones.
func features(ls []Language, text string) string {
	spoken, shared := captions(ls, text)
	var b strings.Builder
	for _, seg := range segments(strip(strings.Join(append([]string{spoken}, shared...), " "), true)) {
		if isFiller(ls, seg) {
			continue
		}
		for _, w := range strings.Fields(seg) {
			w = contracted(ls, w)
			if w == "" || stopWord(ls, w) {
				continue
			}
			b.WriteString(dropStopPhrases(ls, w))
			b.WriteByte(' ')
		}
		b.WriteString("| ")
	}
	return b.String()
}

// contracted returns an English word without its contraction ("Marco's"
// is "marco's" → "marco", "that's" → "that"), or "" for a negated
// auxiliary ("can't", "don't", "won't"), so that the pieces of a
// contraction never count as words of their own. Curly apostrophes count
// as straight ones.
func contracted(ls []Language, w string) string {
	w = strings.ReplaceAll(w, "’", "'")
	if stopWord(ls, w) {
		return w
	}
	if strings.HasSuffix(w, "n't") {
		return ""
	}
	for _, suffix := range []string{"'s", "'re", "'ve", "'ll", "'d", "'m"} {
		if base, ok := strings.CutSuffix(w, suffix); ok && base != "" {
			return base
		}
	}
	return w
}

// captions splits a chat line into what the sender said and the captions
// of what they shared: a bracketed note naming a kind of media ("[shares a
// photo: the sunset at the beach]", "[图片: 海边日落]") is not speech; what
// follows its colon describes the shared thing. Text without such notes
// comes back as it is, with no captions.
func captions(ls []Language, text string) (spoken string, shared []string) {
	var b strings.Builder
	rest := text
	for {
		i := strings.IndexAny(rest, "[【")
		if i < 0 {
			break
		}
		closing := "]"
		if strings.HasPrefix(rest[i:], "【") {
			closing = "】"
		}
		open := len(string([]rune(rest[i:])[0]))
		j := strings.Index(rest[i+open:], closing)
		if j < 0 {
			break
		}
		inner := rest[i+open : i+open+j]
		if !namesMedia(ls, inner) {
			b.WriteString(rest[:i+open+j+len(closing)])
			rest = rest[i+open+j+len(closing):]
			continue
		}
		b.WriteString(rest[:i])
		b.WriteByte(' ')
		if _, desc, ok := strings.Cut(strings.ReplaceAll(inner, "：", ":"), ":"); ok && strings.TrimSpace(desc) != "" {
			shared = append(shared, strings.TrimSpace(desc))
		}
		rest = rest[i+open+j+len(closing):]
	}
	b.WriteString(rest)
	return strings.TrimSpace(b.String()), shared
}

// namesMedia reports whether a bracketed note names a kind of media.
func namesMedia(ls []Language, inner string) bool {
	head, _, _ := strings.Cut(strings.ReplaceAll(strings.ToLower(inner), "：", ":"), ":")
	return says(ls, head, func(l Language) []string { return l.MediaWords })
}

// dropStopPhrases replaces the Chinese stop phrases in w by spaces.
func dropStopPhrases(ls []Language, w string) string {
	if !strings.ContainsFunc(w, unspaced) {
		return w // the phrases are found inside words of unspaced scripts only
	}
	var b strings.Builder
	for i := 0; i < len(w); {
		if n := prefixIn(ls, w[i:], func(l Language) []string { return l.StopPhrases }); n > 0 {
			b.WriteByte(' ')
			i += n
		} else {
			_, size := utf8.DecodeRuneInString(w[i:])
			b.WriteString(w[i : i+size])
			i += size
		}
	}
	return b.String()
}

// emojiBreak is an emoji (or a run of them) between two Latin words.
var emojiBreak = regexp.MustCompile(`(\p{Latin})\s+([\p{So}\x{FE0F}\x{200D}]+)\s+(\p{Latin}+)`)

// statementOf returns a message's text as a memory statement: the words as
// written, without stickers, emoji and mentions (links stay), without
// filler at the start or the end ("哈哈哈，", ", lol"), without leading
// punctuation, and with a run of closing punctuation cut to one mark. It
// adds nothing.
func statementOf(ls []Language, text string) string {
	spoken, _ := captions(ls, text) // what was shared is not what was said
	// An emoji standing between two words of a spaced script ends a
	// clause there ("adopted a greyhound 🐾 the whole house is obsessed").
	spoken = emojiBreak.ReplaceAllStringFunc(spoken, func(m string) string {
		sub := emojiBreak.FindStringSubmatch(m)
		if isLaugh(strings.ToLower(sub[3])) || trailingWord(ls, strings.ToLower(sub[3])) {
			return sub[1] + " " + sub[3] // "4pm 👍 lol": no clause follows
		}
		if r, _ := utf8.DecodeRuneInString(sub[3]); unicode.IsUpper(r) {
			return sub[1] + ". " + sub[3] // "were 🔥 The intern…": a new sentence
		}
		return sub[1] + ", " + sub[3]
	})
	pieces := pieces(strip(spoken, false))
	for len(pieces) > 1 && (fillerPiece(ls, pieces[0]) || isLeadMarker(ls, pieces[0])) {
		pieces = pieces[1:]
	}
	if len(pieces) == 1 && fillerPiece(ls, pieces[0]) {
		pieces = nil
	}
	for len(pieces) > 0 && fillerPiece(ls, pieces[len(pieces)-1]) {
		pieces = pieces[:len(pieces)-1]
	}
	// What the line tells or asks its readers ("bring your capo", "新来的
	// 同学记得上线", "有人有纸箱吗") is not what the memory keeps.
	pieces = dropReaderClauses(ls, pieces)
	s := dropLead(ls, trimFillerWords(ls, strings.Join(pieces, "")))
	s = strings.TrimLeftFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || unicode.IsPunct(r) && !isOpening(r)
	})
	s = strings.TrimRightFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == '~' || r == '～' })
	return trimTrailingMarks(trimLaugh(s))
}

// dropReaderClauses drops the trailing clauses of a line's pieces that
// tell or ask its readers something, while what is left says something
// of its own (a weight of 8: 4 Han characters or 8 letters, and not itself
// addressed to the readers). Clauses end at clause marks only, not at an
// apostrophe or a dash.
func dropReaderClauses(ls []Language, pieces []string) []string {
	var clauses []string
	cur := ""
	for _, p := range pieces {
		cur += p
		if endsClause(p) {
			clauses, cur = append(clauses, cur), ""
		}
	}
	if cur != "" {
		clauses = append(clauses, cur)
	}
	for len(clauses) > 1 {
		last := clauses[len(clauses)-1]
		if !addressesReader(ls, last) && !asks(ls, last) {
			break
		}
		rest := strings.TrimRightFunc(strings.Join(clauses[:len(clauses)-1], ""), func(r rune) bool {
			return unicode.IsSpace(r) || strings.ContainsRune(",，;；:：、", r)
		})
		if addressesReader(ls, rest) || contentRunes(rest) < 8 {
			break
		}
		clauses = clauses[:len(clauses)-1]
		clauses[len(clauses)-1] = strings.TrimRightFunc(clauses[len(clauses)-1], func(r rune) bool {
			return unicode.IsSpace(r) || strings.ContainsRune(",，;；:：、", r)
		})
	}
	return clauses
}

// endsClause reports whether a piece ends at a clause mark, so that what
// follows it is a clause of its own (not the rest of "it's" or a dash).
func endsClause(piece string) bool {
	p := strings.TrimRightFunc(piece, unicode.IsSpace)
	r, _ := utf8.DecodeLastRuneInString(p)
	return strings.ContainsRune(",，;；。.!！?？、:：", r)
}

// contentRunes weighs the letters and digits of s: a character of a
// script written without spaces, which says as much as a short word,
// counts two.
func contentRunes(s string) int {
	n := 0
	for _, r := range s {
		switch {
		case unspaced(r):
			n += 2
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			n++
		}
	}
	return n
}

// addressesReader reports whether a clause speaks to its readers rather
// than of the group, in some language of ls (Language.Reader).
func addressesReader(ls []Language, piece string) bool {
	return slices.ContainsFunc(ls, func(l Language) bool { return l.Reader != nil && l.Reader.MatchString(piece) })
}

// pieces splits text after each run of punctuation that follows words,
// so that joining the pieces gives the text back.
func pieces(text string) []string {
	var out []string
	start, inPunct, words := 0, false, false
	for i, r := range text {
		p := unicode.IsPunct(r) || unicode.IsSpace(r) && inPunct
		if inPunct && !p && words {
			out = append(out, text[start:i])
			start, words = i, false
		}
		inPunct = p
		words = words || !p && !unicode.IsSpace(r)
	}
	if start < len(text) {
		out = append(out, text[start:])
	}
	return out
}

// fillerPiece reports whether a piece holds only filler (or nothing).
func fillerPiece(ls []Language, p string) bool {
	for _, s := range segments(p) {
		if !isFiller(ls, s) {
			return false
		}
	}
	return true
}

func isOpening(r rune) bool {
	return unicode.Is(unicode.Ps, r) || unicode.Is(unicode.Pi, r) || r == '"' || r == '\'' || r == '#'
}

// trimTrailingMarks cuts a run of closing ! ? . and their full-width forms
// at the end of s to its first mark.
func trimTrailingMarks(s string) string {
	end := len(s)
	for end > 0 {
		r, size := utf8.DecodeLastRuneInString(s[:end])
		if !strings.ContainsRune("!?.！？。", r) {
			break
		}
		end -= size
	}
	if end == len(s) {
		return s
	}
	_, size := utf8.DecodeRuneInString(s[end:])
	return s[:end+size]
}

// trimLaugh cuts laughter ("哈哈", "hhh") glued to the end of s.
func trimLaugh(s string) string {
	end, n := len(s), 0
	for end > 0 {
		r, size := utf8.DecodeLastRuneInString(s[:end])
		if !strings.ContainsRune("哈呵嘿嘻", r) {
			break
		}
		end -= size
		n++
	}
	if n < 2 || end == 0 {
		return s
	}
	return strings.TrimRightFunc(s[:end], unicode.IsSpace)
}

// trimFillerWords removes filler words of Latin script ("lol", "haha")
// from the end of s. (At the start they would leave a sentence cut:
// "Thanks for the review" is not "for the review".)
func trimFillerWords(ls []Language, s string) string {
	words := strings.Fields(s)
	filler := func(w string) bool {
		w = strings.ToLower(strings.TrimFunc(w, unicode.IsPunct))
		return isLaugh(w) || trailingWord(ls, w)
	}
	i, j := 0, len(words)
	for j > i && filler(words[j-1]) {
		j--
	}
	if i == 0 && j == len(words) {
		return s
	}
	return strings.Join(words[i:j], " ")
}

// tokens returns the words a message shares with others: its Latin words
// of two letters or more and the character pairs of its CJK runs, from
// its features, each once.
func tokens(feat string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(t string) {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	for _, w := range strings.Fields(feat) {
		var run []rune
		flush := func() {
			for i := 0; i+1 < len(run); i++ {
				add(string(run[i : i+2]))
			}
			run = run[:0]
		}
		var latin []rune
		for _, r := range w {
			switch {
			case unspaced(r):
				if len(latin) > 1 {
					add(string(latin))
				}
				latin = latin[:0]
				run = append(run, r)
			case unicode.IsLetter(r) || unicode.IsDigit(r):
				flush()
				latin = append(latin, r)
			default:
				flush()
				if len(latin) > 1 {
					add(string(latin))
				}
				latin = latin[:0]
			}
		}
		flush()
		if len(latin) > 1 {
			add(string(latin))
		}
	}
	return out
}
