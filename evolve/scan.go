package evolve

import (
	"strings"
	"unicode/utf8"
)

// segment is one JSON object cut out of a model's answer, normalized
// outside its strings (full-width punctuation and curly quotes made ASCII).
type segment struct {
	line       int    // 1-based line of its opening brace
	text       []byte // the object, normalized
	closed     bool   // its closing brace was seen
	strOpen    bool   // a string in it was never terminated
	normalized bool   // the text differs from the answer's bytes
	from, to   int    // its bytes in the answer, for excerpts
}

// scan is the state of one pass over an answer. It cuts the answer into
// objects by brace matching that knows about strings, and notes the lines
// that hold no object at all.
type scan struct {
	src   string
	skips []span // reasoning blocks, in order
	pos   int    // offset of the character being read
	next  int    // offset just after it

	line      int
	lineStart int
	lineSeen  bool // a non-blank byte outside reasoning on this line
	lineObj   bool // an object began or continued on this line
	lineProse bool // a byte that is neither blank nor structural punctuation, outside objects
	lines     int  // non-blank lines outside reasoning

	seg      *segment // the object being read, nil outside objects
	depth    int      // object nesting inside seg
	arrays   int      // array nesting inside seg
	inStr    bool
	curly    bool // the current string was opened by a curly quote
	escape   bool
	lastSig  byte // the last non-blank byte written to seg outside strings
	trailing bool // non-blank text other than commas follows the last object

	segs  []segment
	prose []proseLine
}

type span struct{ start, end int }

type proseLine struct {
	line int
	text string
}

// scanAnswer cuts answer into objects and notes prose lines.
func scanAnswer(answer string) *scan {
	s := &scan{src: answer, skips: reasoningSpans(answer), line: 1}
	skip := 0
	for i := 0; i < len(answer); {
		if skip < len(s.skips) && i >= s.skips[skip].start {
			for ; i < s.skips[skip].end; i++ {
				if answer[i] == '\n' {
					s.endLine(i)
				}
			}
			skip++
			continue
		}
		c := answer[i]
		s.pos = i
		if c == '\n' {
			s.endLine(i)
			i++
			continue
		}
		if !s.lineSeen && c == '`' && strings.HasPrefix(answer[i:], "```") {
			// A code fence: skip the line; it ends any object left open.
			s.lineSeen = true
			s.finish(false)
			if s.segs != nil {
				s.trailing = true
			}
			for i < len(answer) && answer[i] != '\n' {
				i++
			}
			continue
		}
		r, size := rune(c), 1
		if c >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(answer[i:])
		}
		s.next = i + size
		if !isBlank(r) {
			s.lineSeen = true
		}
		if s.seg == nil {
			s.outside(r)
		} else {
			s.inside(r, answer[i:i+size])
		}
		i += size
	}
	s.pos = len(answer)
	s.endLine(len(answer))
	s.finish(false)
	return s
}

// outside handles a character between objects.
func (s *scan) outside(r rune) {
	if r == '{' || r == '｛' {
		s.start()
		s.seg.normalized = r != '{'
		return
	}
	if isBlank(r) {
		return
	}
	if r != ',' && r != '，' {
		s.trailing = s.segs != nil || s.trailing
	}
	switch r {
	case '[', ']', ',', '}', ':', '［', '］', '，', '｝', '：':
	default:
		s.lineProse = true
	}
}

// inside handles a character within an object; raw is its bytes.
func (s *scan) inside(r rune, raw string) {
	s.lineObj = true
	if s.inStr {
		s.insideString(r, raw)
		return
	}
	switch r {
	case '"':
		s.inStr, s.curly = true, false
	case '“', '”':
		s.inStr, s.curly = true, true
		s.write('"', true)
		return
	case '：':
		r = ':'
	case '，':
		r = ','
	case '｛':
		r = '{'
	case '｝':
		r = '}'
	case '［':
		r = '['
	case '］':
		r = ']'
	}
	normalized := r < utf8.RuneSelf && len(raw) > 1
	switch r {
	case '{':
		if s.depth > 1 || s.lastSig == ':' {
			s.depth++
			break
		}
		// A new object where a key was expected: either the previous
		// object was left open, or it was a wrapper such as
		// {"actions": [ ... ]} whose items are the objects we want.
		wrapper := s.arrays > 0 && s.depth == 1
		if wrapper {
			s.seg = nil
		} else {
			s.finish(false)
		}
		s.start()
		s.seg.normalized = len(raw) > 1
		return
	case '}':
		s.depth--
	case '[':
		s.arrays++
	case ']':
		s.arrays = max(0, s.arrays-1)
	}
	if r < utf8.RuneSelf {
		s.write(byte(r), normalized)
	} else {
		s.seg.text = append(s.seg.text, raw...)
	}
	if !isBlank(r) {
		s.lastSig = byte(min(r, 0x7f))
	}
	if s.depth == 0 {
		s.finish(true)
	}
}

func (s *scan) insideString(r rune, raw string) {
	switch {
	case s.escape:
		s.escape = false
	case r == '\\':
		s.escape = true
	case r == '"' && !s.curly:
		s.inStr = false
	case s.curly && (r == '”' || r == '“'):
		s.inStr = false
		s.write('"', true)
		return
	case s.curly && r == '"':
		s.seg.text = append(s.seg.text, '\\', '"')
		s.seg.normalized = true
		return
	}
	s.seg.text = append(s.seg.text, raw...)
}

func (s *scan) write(b byte, normalized bool) {
	s.seg.text = append(s.seg.text, b)
	if normalized {
		s.seg.normalized = true
	}
}

func (s *scan) start() {
	s.seg = &segment{line: s.line, from: s.pos, text: append(make([]byte, 0, 128), '{')}
	s.depth, s.arrays, s.inStr, s.escape, s.lastSig = 1, 0, false, false, '{'
	s.lineObj = true
	s.trailing = false
}

// finish ends the current object, if any.
func (s *scan) finish(closed bool) {
	if s.seg == nil {
		return
	}
	s.seg.closed = closed
	s.seg.strOpen = s.seg.strOpen || s.inStr
	s.seg.to = s.pos
	if closed {
		s.seg.to = s.next
	}
	s.segs = append(s.segs, *s.seg)
	s.seg = nil
	s.inStr = false
}

// endLine closes the line ending at offset end. A string cannot span lines
// in JSON: one still open is closed here, which the repair step would not
// do by itself.
func (s *scan) endLine(end int) {
	if s.seg != nil && s.inStr {
		s.inStr, s.escape = false, false
		s.write('"', true)
		s.seg.strOpen = true
		s.lastSig = '"'
	}
	if s.lineSeen {
		s.lines++
		if s.lineProse && !s.lineObj {
			s.prose = append(s.prose, proseLine{s.line, s.src[s.lineStart:end]})
		}
	}
	s.line++
	s.lineStart = end + 1
	s.lineSeen, s.lineObj, s.lineProse = false, s.seg != nil, false
}

func isBlank(r rune) bool {
	switch r {
	case ' ', '\t', '\r', '\n', '\v', '\f', 0xa0, 0x3000, 0xfeff:
		return true
	}
	return false
}

// reasoningSpans returns the byte ranges of the blocks in which models
// think aloud before answering (<think>, <thinking>, <reasoning>,
// <thought>, in any case); their content is never read as actions. A block
// opens with a tag that starts a line (or follows the previous block) and
// runs to its closing tag, or to the end when it never closes. A closing
// tag with no opening one (some servers strip the opening tag) makes
// everything before it a block when the tag starts a line, ends one, or is
// followed by the answer. Tags elsewhere, such as inside a statement, are
// text.
func reasoningSpans(s string) []span {
	if !strings.Contains(s, "<") {
		return nil
	}
	lower := asciiLower(s)
	var spans []span
	pos, after := 0, -1 // after: where the previous block ended
	for pos < len(lower) {
		open, tag := nextTag(lower, pos, "<", func(k, _ int) bool { return startsLine(lower, k, after) })
		closeAt, closeTag := nextTag(lower, pos, "</", func(k, n int) bool {
			return startsLine(lower, k, after) || endsLine(lower, k+n)
		})
		switch {
		case closeAt >= 0 && (open < 0 || closeAt < open):
			spans = append(spans, span{pos, closeAt + len("</"+closeTag+">")})
		case open >= 0:
			closing := "</" + tag + ">"
			end := len(lower)
			if k := strings.Index(lower[open:], closing); k >= 0 {
				end = open + k + len(closing)
			}
			spans = append(spans, span{open, end})
		default:
			return spans
		}
		pos = spans[len(spans)-1].end
		after = pos
	}
	return spans
}

// nextTag finds the first prefix+tag+">" at or after pos, for any
// reasoning tag, that ok accepts (given its offset and length); it returns
// the offset and the tag, or -1.
func nextTag(lower string, pos int, prefix string, ok func(k, n int) bool) (int, string) {
	best, bestTag := -1, ""
	for _, tag := range [...]string{"think", "thinking", "reasoning", "thought"} {
		t := prefix + tag + ">"
		for from := pos; from < len(lower); {
			k := strings.Index(lower[from:], t)
			if k < 0 {
				break
			}
			k += from
			if ok(k, len(t)) {
				if best < 0 || k < best {
					best, bestTag = k, t
				}
				break
			}
			from = k + 1
		}
	}
	return best, strings.TrimSuffix(strings.TrimPrefix(bestTag, prefix), ">")
}

// startsLine reports whether only blanks precede offset k on its line, or
// lie between k and after, the end of the previous block.
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
// its line or the start of an answer ({, [ or a code fence).
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

// asciiLower lower-cases ASCII letters only, so offsets stay valid.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
