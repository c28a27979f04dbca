package prompts

import "unicode/utf8"

// EstimateTokens returns a cheap estimate of how many tokens s costs a
// model: every non-ASCII character (Han ideographs, kana, hangul, full-width
// punctuation, emoji) counts as one token, and ASCII text as one token per
// four bytes, rounded up. That matches common tokenizers on Chinese prose
// (about one token per character) and English prose (about four characters
// per token). It undercounts text dense in digits, hex and punctuation, such
// as UUIDs and timestamps, which real tokenizers split finely; comparisons
// against JSON dumps are therefore conservative. It is a budget, not a bill:
// the model's usage report is the real figure.
func EstimateTokens(s string) int {
	ascii, other := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c < utf8.RuneSelf:
			ascii++
		case utf8.RuneStart(c):
			other++
		}
	}
	return other + (ascii+3)/4
}

// TruncateTokens returns the longest prefix of s, cut at a character
// boundary, whose EstimateTokens is at most n.
func TruncateTokens(s string, n int) string {
	if n <= 0 {
		return ""
	}
	ascii, other := 0, 0
	for i := 0; i < len(s); {
		_, size := utf8.DecodeRuneInString(s[i:])
		if size == 1 && s[i] < utf8.RuneSelf {
			ascii++
		} else {
			other++
		}
		if other+(ascii+3)/4 > n {
			return s[:i]
		}
		i += size
	}
	return s
}
