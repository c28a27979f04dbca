package recall

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/groupmem/groupmem/keyword"
	"github.com/groupmem/groupmem/prompts"
)

// excerptAbove is the length, in tokens, above which a message is cut to
// the sentences that match the question.
const excerptAbove = 32

// gap marks text left out of a message.
const gap = "…"

// excerpt returns text, or, when it is longer than excerptAbove tokens,
// the sentences that share a term with the question, in order, with gap
// where text was left out (before, between and after them). Without such
// a sentence it keeps the opening sentences up to excerptAbove tokens.
// A kept sentence longer than that is cut at the limit. The words kept
// are the message's own.
func excerpt(text string, terms map[string]bool) string {
	if prompts.EstimateTokens(text) <= excerptAbove {
		return text
	}
	parts := sentences(text)
	keep := make([]bool, len(parts))
	any := false
	for i, p := range parts {
		for _, t := range keyword.Tokens(p) {
			if terms[t] {
				keep[i], any = true, true
				break
			}
		}
	}
	if !any {
		for i, used := 0, 0; i < len(parts) && (i == 0 || used+prompts.EstimateTokens(parts[i]) <= excerptAbove); i++ {
			keep[i], used = true, used+prompts.EstimateTokens(parts[i])
		}
	}
	var b strings.Builder
	used, prev := 0, -1 // prev: the last sentence written
	for i, p := range parts {
		if !keep[i] || used >= excerptAbove {
			continue
		}
		if i > prev+1 {
			b.WriteString(gap + " ") // text left out before it
		}
		if t := prompts.EstimateTokens(p); used+t <= excerptAbove {
			used += t
		} else {
			p = strings.TrimRightFunc(prompts.TruncateTokens(p, max(excerptAbove-used, excerptAbove/4)), unicode.IsSpace) + gap
			used = excerptAbove
		}
		b.WriteString(p + " ")
		prev = i
	}
	out := strings.TrimSpace(b.String())
	if prev < len(parts)-1 && !strings.HasSuffix(out, gap) {
		out += " " + gap
	}
	return out
}

// sentences splits text after each sentence end (. ! ? and their
// full-width forms, ; and line breaks) that a space, a line break or the
// end follows, or any full-width end. A dot between digits (3.5) or in
// a word (e.g.) does not end a sentence unless a space follows.
func sentences(text string) []string {
	var out []string
	start := 0
	for i, r := range text {
		size := utf8.RuneLen(r)
		end := false
		switch r {
		case '。', '！', '？', '；', '\n':
			end = true
		case '.', '!', '?', ';':
			next, _ := utf8.DecodeRuneInString(text[i+size:])
			end = i+size == len(text) || unicode.IsSpace(next)
		}
		if end {
			if s := strings.TrimSpace(text[start : i+size]); s != "" {
				out = append(out, s)
			}
			start = i + size
		}
	}
	if s := strings.TrimSpace(text[start:]); s != "" {
		out = append(out, s)
	}
	return out
}
