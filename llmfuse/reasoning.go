package llmfuse

import (
	"context"
	"strings"
	"unicode/utf8"
)

type span struct{ start, end int }

// reasoningTags are the blocks in which models think aloud before they
// answer; their content is never read as actions.
var reasoningTags = [...]string{"think", "thinking", "reasoning", "thought"}

// tagAt is one reasoning tag found in an answer.
type tagAt struct {
	pos, end int    // its bytes
	name     string // think, thinking, ...
	closing  bool
}

// reasoningSpans returns the byte ranges of the reasoning blocks of s
// (<think>, <thinking>, <reasoning>, <thought>, in any case), in order and
// in time linear in len(s). A block opens with a tag that starts a line (or
// follows the previous block) and runs to its closing tag, or to the end
// when it never closes. A closing tag with no opening one (some servers
// strip the opening tag) makes everything before it a block when the tag
// starts a line, ends one, or is followed by the answer; after an earlier
// block, such a tag covers only its own line. Tags elsewhere, and a
// closing tag inside a JSON string (as in "statement":"a</think>{b"), are
// text: a tag in a statement never makes the lines before it reasoning. It
// stops with ctx's error when ctx ends, looking at it once per 16 KiB read.
func reasoningSpans(ctx context.Context, s string) ([]span, error) {
	var spans []span
	checked := 0
	pos, after := 0, -1 // pos: where the next block may begin; after: end of the previous block
	open := ""          // the tag of the block being read; "" outside blocks
	start := 0
	lineStart, seen := 0, 0 // the start of the line holding offset seen
	var str stringState
	for i := 0; i < len(s); {
		k := strings.IndexByte(s[i:], '<')
		if k < 0 {
			break
		}
		i += k
		if i-checked >= 16<<10 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			checked = i
		}
		t, ok := tagAtOffset(s, i)
		if !ok {
			i++
			continue
		}
		switch {
		case open != "":
			if t.closing && t.name == open {
				spans = append(spans, span{start, t.end})
				open, pos, after = "", t.end, t.end
			}
		case t.closing:
			if (startsLine(s, t.pos, after) || endsLine(s, t.end)) && !str.inside(s, t.pos) {
				from := pos
				if after >= 0 {
					// Only an answer's first block can have lost its
					// opening tag; a later stray one covers its own line.
					if k := strings.LastIndexByte(s[seen:t.pos], '\n'); k >= 0 {
						lineStart = seen + k + 1
					}
					seen = t.pos
					from = max(pos, lineStart)
				}
				spans = append(spans, span{from, t.end})
				pos, after = t.end, t.end
			}
		case startsLine(s, t.pos, after):
			open, start = t.name, t.pos
		}
		i = t.end
	}
	if open != "" {
		spans = append(spans, span{start, len(s)})
	}
	return spans, nil
}

// tagAtOffset reads a reasoning tag starting at s[i] == '<', in any case.
func tagAtOffset(s string, i int) (tagAt, bool) {
	j := i + 1
	closing := j < len(s) && s[j] == '/'
	if closing {
		j++
	}
	for _, name := range reasoningTags {
		end := j + len(name)
		if end < len(s) && s[end] == '>' && strings.EqualFold(s[j:end], name) {
			return tagAt{pos: i, end: end + 1, name: name, closing: closing}, true
		}
	}
	return tagAt{}, false
}

// startsLine reports whether only blanks precede offset k on its line, or
// lie between k and after, the end of the previous block. It reads only the
// blanks before k.
func startsLine(s string, k, after int) bool {
	for k--; k >= 0; k-- {
		if k+1 == after {
			return true
		}
		switch s[k] {
		case '\n':
			return true
		case ' ', '\t', '\r':
		default:
			return false
		}
	}
	return true
}

// endsLine reports whether only blanks follow offset k up to the end of
// its line or the start of an answer ({, [ or a code fence). It reads only
// the blanks after k.
func endsLine(s string, k int) bool {
	for ; k < len(s); k++ {
		switch s[k] {
		case '\n', '{', '[', '`':
			return true
		case ' ', '\t', '\r':
		default:
			return false
		}
	}
	return true
}

// stringState follows the JSON strings of one line up to an offset, for
// tags met in order, reading each byte of the answer a bounded number of
// times.
type stringState struct {
	started bool
	at, end int  // how far the line has been read, and where it ends
	depth   int  // objects open on the line (1 for a line that starts with a quote: a key of an object spread over lines)
	inStr   bool // inside a string at offset at
	quote   rune // what opened it: '"' or '“'
}

// inside reports whether offset pos of s lies inside a JSON string of its
// line, by the scanner's rules: outside objects quotes are text, and a
// quote inside a string closes it only where closesString says so. pos
// must not be before the offset of an earlier call.
func (st *stringState) inside(s string, pos int) bool {
	if !st.started || strings.IndexByte(s[st.at:pos], '\n') >= 0 {
		line, end := strings.LastIndexByte(s[:pos], '\n')+1, len(s)
		if k := strings.IndexByte(s[pos:], '\n'); k >= 0 {
			end = pos + k
		}
		*st = stringState{started: true, at: line, end: end}
		if j := skipBlanks(s, line, pos); j < pos && (s[j] == '"' || strings.HasPrefix(s[j:], "“")) {
			st.depth = 1
		}
	}
	for st.at < pos {
		r, n := utf8.DecodeRuneInString(s[st.at:])
		switch {
		case st.inStr && r == '\\':
			n++ // an escape: the next character is text
		case st.inStr && (r == st.quote || st.quote == '“' && r == '”'):
			st.inStr = !closesString(s, st.at+n, st.end, false)
		case st.inStr:
		case r == '{' || r == '｛':
			st.depth++
		case r == '}' || r == '｝':
			st.depth = max(0, st.depth-1)
		case (r == '"' || r == '“') && st.depth > 0:
			st.inStr, st.quote = true, r
		}
		st.at += n
	}
	return st.inStr
}
