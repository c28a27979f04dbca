package llmfuse

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"unicode/utf8"
)

// item is one entry of a model's answer: an object, or text outside
// objects (a whole line, or what is left beside an object on its line).
type item struct {
	line     int    // 1-based line where it starts
	from, to int    // its bytes in the answer, for excerpts
	object   bool   // a JSON object; otherwise loose text
	text     []byte // the object with its strings delimited and escaped, punctuation outside strings made ASCII
	closed   bool   // the object's closing brace was seen
	drop     string // the reason the scanner already dropped it, "" when none
	ignore   string // for loose text that is not dropped: reasoning, structure
	adjusted bool   // text differs from the answer's bytes by more than escaping
	stray    int    // single quotes outside strings, which make a repair slow
	nesting  int    // the deepest nesting of objects and arrays, which too
}

// Ignore buckets of Report.Ignored: text that never said anything. Prose,
// which did, is a drop (DropProse), with its line.
const (
	IgnoreReasoning = "reasoning" // a line inside a reasoning block
	IgnoreStructure = "structure" // fences, brackets, commas, numbers, list markers, a wrapper such as {"actions": [
)

// scanner cuts an answer into items, one line at a time. Lines are the
// unit: a string never spans lines, and a line that starts a new object
// ends any object left open before it, so one broken line can never
// swallow the lines after it. Its running time is linear in the answer's
// size.
type scanner struct {
	src       string
	maxObject int
	spans     []span // reasoning blocks, in order
	items     []item
	lines     int // non-blank lines

	cur    *item // the object being read, nil outside objects
	depth  int   // object nesting inside cur
	arrays int   // array nesting inside cur
	inStr  bool
	quote  rune // what opened the current string: '"', '“' or '\''; all three are written as JSON strings
	last   byte // the last significant byte written to cur outside strings
	skip   int  // bytes after the current character that it consumed (an escape)

	line      int
	lineStart int
	loose     looseText // text outside objects on the current line
	closedAt  int       // the item of the object that closed last on this line, when only loose text followed it; -1 otherwise

	ctx     context.Context
	err     error // ctx's error once it ended
	checked int   // offset of the last look at ctx
}

// looseText collects the text of one line that lies outside objects.
type looseText struct {
	from, to int
	seen     bool // a non-blank character
	letters  bool // a letter or a pictograph: words (digits alone are list numbers)
	jsonish  bool // a quote or a brace: a piece of JSON
	quote    bool // a quote: the piece of a string
}

// scanAnswer cuts answer into items. It stops with ctx's error when ctx
// ends.
func scanAnswer(ctx context.Context, answer string, maxObject int) (*scanner, error) {
	spans, err := reasoningSpans(ctx, answer)
	if err != nil {
		return nil, err
	}
	s := &scanner{src: answer, maxObject: maxObject, spans: spans, ctx: ctx}
	for start, n := 0, 1; start <= len(answer); n++ {
		end := strings.IndexByte(answer[start:], '\n')
		if end < 0 {
			end = len(answer)
		} else {
			end += start
		}
		s.scanLine(n, start, end)
		if s.err != nil {
			return nil, s.err
		}
		start = end + 1
	}
	s.endObject(false)
	return s, nil
}

// stop reports whether ctx ended, looking at it once per 16 KiB read.
func (s *scanner) stop(i int) bool {
	if i-s.checked < 16<<10 {
		return false
	}
	s.checked = i
	s.err = s.ctx.Err()
	return s.err != nil
}

// scanLine reads the line answer[start:end], numbered n.
func (s *scanner) scanLine(n, start, end int) {
	s.line, s.lineStart, s.loose, s.closedAt = n, start, looseText{}, -1
	blank, hidden := true, false // hidden: non-blank text inside reasoning
	objectHere := s.cur != nil
	first := true // the next visible non-blank character is the line's first
	for i := start; i < end; {
		if s.stop(i) {
			return
		}
		if sp, ok := s.spanAt(i); ok {
			next := min(sp.end, end)
			hidden = hidden || strings.TrimFunc(s.src[i:next], func(r rune) bool { return r < utf8.RuneSelf && isBlankByte(byte(r)) }) != ""
			i = next
			continue
		}
		r, size := rune(s.src[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s.src[i:])
		}
		if isBlank(r) {
			if s.cur != nil {
				s.inside(r, i, size, end)
			}
			i += size + s.skip
			s.skip = 0
			continue
		}
		blank = false
		if first {
			first = false
			next, whole := s.lineOpens(n, i, end)
			if whole {
				return
			}
			if next != i {
				i = next
				continue
			}
		}
		objectHere = s.scanRune(r, i, size, end) || objectHere
		i += size + s.skip
		s.skip = 0
	}
	s.endLine(n, start, end, blank, hidden, objectHere)
}

// lineOpens reads what opens a line at its first visible character i: a
// code fence ends any object left open and, alone on its line (with its
// language), is structure that ends the line (whole); what follows it on
// the line, as in ```{"a":"b"}```, is read from next. A line that starts
// an object ends any object left open (next is i).
func (s *scanner) lineOpens(n, i, end int) (next int, whole bool) {
	if strings.HasPrefix(s.src[i:end], "```") {
		s.endObject(false)
		rest := fenceEnd(s.src, i, end)
		if strings.TrimSpace(s.src[rest:end]) == "" {
			s.addLoose(n, i, end, IgnoreStructure)
			s.lines++
			return end, true
		}
		return rest, false
	}
	if s.cur != nil && startsObject(s.src[i:end]) && !s.wrapperItem() {
		s.endObject(false)
	}
	return i, false
}

// scanRune reads the visible rune r at i, of size bytes: it opens an
// object, goes into the open one, or is loose text. It reports whether
// the rune belongs to an object.
func (s *scanner) scanRune(r rune, i, size, end int) bool {
	if s.cur != nil {
		s.inside(r, i, size, end)
		return true
	}
	if r == '{' || r == '｛' {
		s.flushLoose(true)
		s.begin(i, r != '{')
		return true
	}
	s.addLooseRune(r, i, size)
	return false
}

// endLine closes line n, answer[start:end]: an object whose string is
// still open is broken (JSON strings do not span lines); the line counts
// when it showed anything or hid reasoning, and its loose text is kept.
func (s *scanner) endLine(n, start, end int, blank, hidden, objectHere bool) {
	if s.cur != nil && s.inStr {
		s.cur.drop = DropUnterminated
		s.endObject(false)
	}
	switch {
	case !blank:
		s.lines++
		s.flushLoose(objectHere)
	case hidden:
		s.lines++
		if !objectHere {
			s.addLoose(n, start, end, IgnoreReasoning)
		}
	}
}

// spanAt returns the reasoning block that covers offset i.
func (s *scanner) spanAt(i int) (span, bool) {
	for len(s.spans) > 0 && s.spans[0].end <= i {
		s.spans = s.spans[1:]
	}
	if len(s.spans) > 0 && s.spans[0].start <= i {
		return s.spans[0], true
	}
	return span{}, false
}

// startsObject reports whether a line, from its first non-blank character,
// starts an object: "{", or "{" after list markers such as "[", ",", "-",
// "*" or "1.".
func startsObject(line string) bool {
	line = strings.TrimLeft(line, " \t[,-*•>")
	if k := strings.IndexFunc(line, func(r rune) bool { return r < '0' || r > '9' }); k > 0 && k < len(line) && (line[k] == '.' || line[k] == ')') {
		line = strings.TrimLeft(line[k+1:], " \t")
	}
	return strings.HasPrefix(line, "{") || strings.HasPrefix(line, "｛")
}

// wrapperItem reports whether the open object is a wrapper such as
// {"actions": [ whose array now expects its next item.
func (s *scanner) wrapperItem() bool {
	return s.cur != nil && !s.inStr && s.depth == 1 && s.arrays > 0 && (s.last == '[' || s.last == ',') &&
		!bytes.Contains(s.cur.text, []byte(`"action"`))
}

// fenceEnd returns the offset after the code fence at src[i:] and the
// language word that may follow it, such as ```json.
func fenceEnd(src string, i, end int) int {
	i += len("```")
	for i < end && (isWordByte(src[i]) || strings.IndexByte("+#.-", src[i]) >= 0) {
		i++
	}
	return i
}

func isWordByte(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

func (s *scanner) begin(at int, adjusted bool) {
	s.closedAt = -1
	s.cur = &item{line: s.line, from: at, object: true, text: append(make([]byte, 0, 128), '{'), adjusted: adjusted}
	s.depth, s.arrays, s.inStr, s.quote, s.last = 1, 0, false, 0, '{'
}

// endObject ends the open object, if any; closed says its brace was seen.
func (s *scanner) endObject(closed bool) {
	it := s.cur
	if it == nil {
		return
	}
	s.cur, s.inStr = nil, false
	it.closed = closed
	if !closed && it.drop == "" {
		it.drop = DropUnclosed
	}
	s.items = append(s.items, *it)
	if closed {
		s.closedAt = len(s.items) - 1
	}
}

// inside reads one character of the open object at offset i; lineEnd ends
// its line.
func (s *scanner) inside(r rune, i, size, lineEnd int) {
	it := s.cur
	it.to = i + size
	if s.inStr {
		s.insideString(r, i, size, lineEnd)
		return
	}
	if isBlank(r) {
		// Kept: an unquoted value that a repair quotes keeps its spaces.
		s.write(' ')
		return
	}
	if s.opensString(r) {
		return
	}
	switch r {
	case '\'':
		it.stray++
	case '：', '，', '｛', '｝', '［', '］':
		r = asciiPunct(r)
		it.adjusted = true
	}
	if s.nest(r, i, size) {
		return
	}
	if r < utf8.RuneSelf {
		s.write(byte(r))
		s.last = byte(r)
	} else {
		s.writeString(s.src[i : i+size])
		s.last = 'a'
	}
	if s.depth == 0 {
		it.to = i + size
		s.endObject(true)
	}
}

// opensString opens a string of the open object at the quote r: a
// straight or curly double quote, or a single quote where a key or value
// begins. It reports whether r did.
func (s *scanner) opensString(r rune) bool {
	it := s.cur
	switch {
	case r == '"':
		s.inStr, s.quote = true, '"'
	case r == '“' || r == '”':
		s.inStr, s.quote, it.adjusted = true, '“', true
	case r == '\'' && strings.IndexByte("{,:[", s.last) >= 0:
		s.inStr, s.quote, it.adjusted = true, '\'', true
	default:
		return false
	}
	s.write('"')
	return true
}

// nest follows the braces and brackets of the open object at r, at
// offset i. It reports whether r began another object (a wrapper's item,
// or a new object where a key was expected), so that r is read no more.
func (s *scanner) nest(r rune, i, size int) bool {
	it := s.cur
	switch r {
	case '{':
		switch {
		case s.wrapperItem():
			// The wrapper's items are the objects we want: the wrapper
			// itself is structure (an entry of its own when it has a line
			// to itself).
			if it.line < s.line {
				s.addLoose(it.line, it.from, i, IgnoreStructure)
			}
			s.cur = nil
			s.begin(i, size > 1)
			return true
		case s.last == ':' || s.depth > 1 || s.arrays > 0:
			s.depth++
			it.nesting = max(it.nesting, s.depth+s.arrays)
		default:
			// A new object where a key was expected: the open one was
			// left unclosed.
			it.to = i
			s.endObject(false)
			s.begin(i, size > 1)
			return true
		}
	case '}':
		s.depth--
	case '[':
		s.arrays++
		it.nesting = max(it.nesting, s.depth+s.arrays)
	case ']':
		s.arrays = max(0, s.arrays-1)
	}
	return false
}

func (s *scanner) insideString(r rune, i, size, lineEnd int) {
	closer := r == s.quote || s.quote == '“' && r == '”'
	switch {
	case r == '\\':
		s.escape(i, lineEnd)
	case closer:
		if closesString(s.src, i+size, lineEnd, s.arrays > 0) {
			s.inStr = false
			s.write('"')
			s.last = '"'
			return
		}
		if r == '"' {
			s.write('\\', '"')
		} else {
			s.writeString(s.src[i : i+size])
		}
	case r == '"' && s.quote != '"':
		s.write('\\', '"')
	case r < 0x20:
		s.writeString(`\u00` + strconv.FormatUint(uint64(r)>>4, 16) + strconv.FormatUint(uint64(r)&15, 16))
	default:
		s.writeString(s.src[i : i+size])
	}
}

// escape handles a backslash at offset i inside a string: a valid JSON
// escape is kept as it is; any other backslash is content and is itself
// escaped. The escaped character is consumed with it.
func (s *scanner) escape(i, lineEnd int) {
	s.write('\\')
	if i+1 >= lineEnd {
		s.write('\\')
		return
	}
	switch c := s.src[i+1]; c {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		s.write(c)
		s.skip = 1
	case 'u':
		if i+6 <= lineEnd && isHex(s.src[i+2:i+6]) {
			s.writeString(s.src[i+1 : i+6])
			s.skip = 5
			return
		}
		s.write('\\')
	default:
		s.write('\\')
	}
}

func (s *scanner) writeString(t string) {
	if len(s.cur.text)+len(t) > s.maxObject {
		if s.cur.drop == "" {
			s.cur.drop = DropTooLong
		}
		return
	}
	s.cur.text = append(s.cur.text, t...)
}

func (s *scanner) write(b ...byte) {
	if len(s.cur.text)+len(b) > s.maxObject {
		if s.cur.drop == "" {
			s.cur.drop = DropTooLong
		}
		return
	}
	s.cur.text = append(s.cur.text, b...)
}
