package evolve

import (
	"context"
	"strings"
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
// block, such a tag covers only its own line. Tags
// elsewhere, such as inside a statement, are text. It stops with ctx's
// error when ctx ends, looking at it once per 16 KiB read.
func reasoningSpans(ctx context.Context, s string) ([]span, error) {
	var spans []span
	checked := 0
	pos, after := 0, -1 // pos: where the next block may begin; after: end of the previous block
	open := ""          // the tag of the block being read; "" outside blocks
	start := 0
	lineStart, seen := 0, 0 // the start of the line holding offset seen
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
			if startsLine(s, t.pos, after) || endsLine(s, t.end) {
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
