package llmfuse

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/groupmem/groupmem"
)

// statementPool holds statements in both languages with the characters
// that trouble parsers: inner quotes, full-width punctuation, backslashes,
// braces and brackets, tabs.
var statementPool = []string{
	"每周五晚上一起讨论新番动漫",
	"队长在比赛前总说\"稳住，我们能赢\"",
	"Members play chess every Wednesday evening",
	"成员常说：周五见，不见不散！",
	"He says \"hold on\" before every match",
	"成员用 C:\\tools 目录存放脚本",
	"群规：禁止讨论政治（含宗教）",
	"Most members write {React} and [Vue] code",
	"小王负责整理番剧列表\t每周更新",
	"Members avoid spoilers, even in jokes: \"no spoilers\"",
	"多数成员从事前端开发，常用 React、Vue",
	"大家常说“佛系”",
}

// validAnswer builds an answer of n valid JSON Lines from r.
func validAnswer(r *rand.Rand, n int) []string {
	enc := func(v map[string]any) string {
		var b strings.Builder
		e := json.NewEncoder(&b)
		e.SetEscapeHTML(false)
		_ = e.Encode(v)
		return strings.TrimSuffix(b.String(), "\n")
	}
	lines := make([]string, n)
	for i := range lines {
		st := statementPool[r.IntN(len(statementPool))]
		alias := fmt.Sprintf("M%d", r.IntN(9)+1)
		switch r.IntN(4) {
		case 0:
			lines[i] = enc(map[string]any{"action": "keep", "id": alias})
		case 1:
			lines[i] = enc(map[string]any{"action": "update", "id": alias, "statement": st, "change_reason": "补充", "evidence": []string{"m1"}})
		case 2:
			lines[i] = enc(map[string]any{"action": "create", "statement": st, "evidence": []string{"m2", "m3"}})
		default:
			lines[i] = enc(map[string]any{"action": "delete", "id": alias, "change_reason": "outdated"})
		}
	}
	return lines
}

// reasoningTag matches the tags that open or close a reasoning block: a
// documented structure of an answer, not a corruption.
var reasoningTag = regexp.MustCompile(`(?i)</?(think|thinking|reasoning|thought)>`)

// corrupt damages lines in one of five ways and returns the answer's lines
// and the range [from, to) of the lines the damage touched. cut reports a
// line cut short before its closing brace: nothing of it may apply.
func corrupt(lines []string, kind uint8, at uint16, payload string) (out []string, from, to int, cut bool) {
	payload = reasoningTag.ReplaceAllString(strings.ToValidUTF8(payload, "?"), "")
	k := int(at) % len(lines)
	line := lines[k]
	pos := int(at/7) % len(line)
	for pos > 0 && !utf8.RuneStart(line[pos]) {
		pos--
	}
	out = append([]string(nil), lines...)
	switch kind % 5 {
	case 0: // cut the line short
		out[k] = line[:pos]
		return out, k, k + 1, true
	case 1: // insert lines between two lines
		ins := strings.Split(payload, "\n")
		out = append(out[:k], append(ins, lines[k:]...)...)
		return out, k, k + len(ins), false
	case 2: // insert text inside a line
		ins := strings.Split(line[:pos]+payload+line[pos:], "\n")
		out = append(out[:k], append(ins, lines[k+1:]...)...)
		return out, k, k + len(ins), false
	case 3: // delete one character
		_, size := utf8.DecodeRuneInString(line[pos:])
		out[k] = line[:pos] + line[pos+size:]
		return out, k, k + 1, false
	default: // replace the line
		ins := strings.Split(payload, "\n")
		out = append(out[:k], append(ins, lines[k+1:]...)...)
		return out, k, k + len(ins), false
	}
}

// FuzzCorruptedAnswer checks the answer path's central promise on random
// valid answers with one corruption: every untouched valid line survives
// exactly, and nothing derived from the damaged lines applies unless it is
// a complete object whose statement the damaged text holds as it is; from
// a line cut short, nothing applies. And nothing vanishes: damaged lines
// that say anything (a letter, a pictograph or a quote) leave an action or
// a drop with the line of one of them.
func FuzzCorruptedAnswer(f *testing.F) {
	seeds := []struct {
		seed    uint64
		kind    uint8
		at      uint16
		payload string
	}{
		{1, 0, 40, ""},
		{2, 1, 3, `{"action":"update","id":"M1","statement":"每周五晚上","meta":{"a":1`},
		{3, 1, 9, `{"action":"create","statement":"群主说周末要`},
		{4, 2, 300, `", "statement":"x"}`},
		{5, 2, 77, `"`},
		{6, 3, 500, ""},
		{7, 4, 2, "<html><body>502</body></html>"},
		{8, 1, 5, `{"actions": [`},
		{9, 2, 120, "\n"},
		{10, 2, 64, `\`},
		{11, 1, 1, "```json"},
		{12, 4, 6, `{"action":"create","statement":"成员喜欢周末一起打羽毛球"}, "statement":"碎片"}`},
		{13, 2, 31, "{"},
		{14, 2, 88, "“"},
		{15, 1, 4, `[{"action":"keep","id":"M2"},`},
		{16, 4, 3, "```{\"action\":\"create\",\"statement\":\"成员周末常去爬山\"}```"},
		{17, 2, 200, `"} more"`},
		{18, 4, 5, `{"action":"create","statement":"the set {a, b"} more"}`},
		{19, 1, 2, "好的，以下是结果"},
		{20, 4, 1, `"12:20"`},
	}
	for _, s := range seeds {
		f.Add(s.seed, s.kind, s.at, s.payload)
	}
	f.Fuzz(func(t *testing.T, seed uint64, kind uint8, at uint16, payload string) {
		r := rand.New(rand.NewPCG(seed, seed>>32))
		lines := validAnswer(r, 3+r.IntN(6))
		damaged, from, to, cut := corrupt(lines, kind, at, payload)
		text := strings.Join(damaged, "\n")
		ans, err := Parse(context.Background(), text, "stop", Config{})
		if err != nil {
			t.Fatal(err)
		}
		want := map[int]groupmem.Action{} // untouched line number -> its action
		for i, l := range damaged {
			if i >= from && i < to {
				continue
			}
			one, _ := Parse(context.Background(), l, "stop", Config{})
			if len(one.Actions) != 1 {
				t.Fatalf("valid line %q parses into %d actions", l, len(one.Actions))
			}
			a := one.Actions[0]
			a.Line = i + 1
			want[i+1] = a
		}
		seen := map[int]bool{}
		damagedText := strings.Join(damaged[from:to], "\n")
		for _, a := range ans.Actions {
			if w, ok := want[a.Line]; ok {
				if seen[a.Line] || a.Kind != w.Kind || a.Alias != w.Alias || a.Statement != w.Statement || a.Reason != w.Reason {
					t.Fatalf("line %d: got %+v, want %+v\nanswer:\n%s", a.Line, a, w, text)
				}
				seen[a.Line] = true
				continue
			}
			if a.Line < from+1 || a.Line > to {
				t.Fatalf("action %+v comes from line %d, outside the damaged lines %d..%d\nanswer:\n%s", a, a.Line, from+1, to, text)
			}
			if cut {
				t.Fatalf("an action applies from a line cut short: %+v\nanswer:\n%s", a, text)
			}
			if a.Statement != "" && !holds(damagedText, a.Statement) {
				t.Fatalf("statement %q of %+v is not in the damaged text\n%s", a.Statement, a, damagedText)
			}
			if !a.Repaired && !completeObjectIn(damagedText, a) {
				t.Fatalf("%+v applies, but no complete object of the damaged text says it\n%s", a, damagedText)
			}
		}
		for line, w := range want {
			if !seen[line] {
				t.Fatalf("untouched line %d (%+v) was lost\nanswer:\n%s\nreport: %+v", line, w, text, ans.Report)
			}
		}
		rep := ans.Report
		if sum := rep.Parsed + groupmem.Total(rep.Drops) + groupmem.Total(rep.Ignored); sum != rep.Entries || rep.Parsed != len(ans.Actions) {
			t.Fatalf("report %+v: %d actions, buckets hold %d of %d entries", rep, len(ans.Actions), sum, rep.Entries)
		}
		if says(damagedText) && !opensWrapper(damagedText) && len(rep.Dropped) < groupmem.MaxDropExamples && !traced(ans, from+1, to) {
			t.Fatalf("the damaged lines %d..%d left no action and no drop\n%s\nreport: %+v", from+1, to, damagedText, rep)
		}
	})
}

// says reports whether text holds something said: a letter, a pictograph
// or a quote, not only brackets, commas, digits, list markers and code
// fences (```json).
func says(text string) bool {
	for l := range strings.SplitSeq(text, "\n") {
		if fence := strings.TrimSpace(l); strings.HasPrefix(fence, "```") && !strings.ContainsFunc(fence[3:], unicode.IsSpace) &&
			!strings.ContainsAny(fence, `{"“”`) {
			continue
		}
		if strings.ContainsFunc(l, func(r rune) bool {
			return unicode.IsLetter(r) || unicode.Is(unicode.So, r) || r == '"' || r == '“' || r == '”'
		}) {
			return true
		}
	}
	return false
}

// opensWrapper reports whether a line of text ends by opening an array, as
// {"actions": [ does: such a wrapper is structure, and its items are the
// lines after it.
func opensWrapper(text string) bool {
	for l := range strings.SplitSeq(text, "\n") {
		l = strings.TrimRightFunc(l, unicode.IsSpace)
		if strings.HasSuffix(l, "[") || strings.HasSuffix(l, "［") {
			return true
		}
	}
	return false
}

// traced reports whether an action or a listed drop of ans comes from a
// line in [from, to].
func traced(ans groupmem.Answer, from, to int) bool {
	for _, a := range ans.Actions {
		if a.Line >= from && a.Line <= to {
			return true
		}
	}
	for _, d := range ans.Report.Dropped {
		if d.Line >= from && d.Line <= to {
			return true
		}
	}
	return false
}

// completeObjectIn reports whether some complete JSON object in text is
// the action a: one that a strict decoder reads from one of its opening
// braces once inner quotes are escaped by the documented rule
// (closesString). An action that needed no repair must be said whole by
// the answer, never pieced together from fragments.
func completeObjectIn(text string, a groupmem.Action) bool {
	text = escapeInnerQuotes(text)
	for i := range len(text) {
		if text[i] != '{' {
			continue
		}
		var obj map[string]any
		if json.NewDecoder(strings.NewReader(text[i:])).Decode(&obj) != nil {
			continue
		}
		b, reason := toAction(obj)
		if reason == "" && b.Kind == a.Kind && b.Alias == a.Alias && b.Statement == a.Statement && b.Reason == a.Reason {
			return true
		}
	}
	return false
}

// escapeInnerQuotes escapes every quote of text that opens no string and
// closes none, control characters inside strings, and blanks outside them
// (which the scanner reads as spaces): strings never span
// lines, and a quote inside one closes it only where closesString says so.
func escapeInnerQuotes(text string) string {
	var b strings.Builder
	inStr, arrays, depth := false, 0, 0
	lineEnd := func(i int) int {
		if k := strings.IndexByte(text[i:], '\n'); k >= 0 {
			return i + k
		}
		return len(text)
	}
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c == '\n':
			inStr = false
		case inStr && c == '\\':
			// A JSON escape is kept; any other backslash is text.
			next := byte(0)
			if i+1 < len(text) {
				next = text[i+1]
			}
			b.WriteByte(c)
			switch {
			case strings.IndexByte(`"\/bfnrt`, next) >= 0 && next != 0:
				i++
				c = next
			case next == 'u' && i+6 <= len(text) && isHex(text[i+2:i+6]):
				b.WriteString(text[i+1 : i+6])
				i += 5
				continue
			}
		case inStr && c == '"':
			if closesString(text, i+1, lineEnd(i), arrays > 0) {
				inStr = false
			} else {
				b.WriteByte('\\')
			}
		case !inStr && c != '\n' && isBlankRuneAt(text, i):
			_, size := utf8.DecodeRuneInString(text[i:])
			i += size - 1
			b.WriteByte(' ')
			continue
		case inStr && c < 0x20:
			fmt.Fprintf(&b, `\u%04x`, c)
			continue
		case c == '"':
			inStr = depth > 0 // quotes outside objects are text
		case !inStr && c == '{':
			depth++
		case !inStr && c == '}':
			depth = max(0, depth-1)
		case !inStr && c == '[':
			arrays++
		case !inStr && c == ']':
			arrays = max(0, arrays-1)
		}
		b.WriteByte(c)
	}
	return b.String()
}

func isBlankRuneAt(s string, i int) bool {
	r, _ := utf8.DecodeRuneInString(s[i:])
	return isBlank(r)
}

// holds reports whether text contains s as it is, as JSON escapes it, or
// once the text's own escapes are read.
func holds(text, s string) bool {
	b, _ := json.Marshal(s)
	q := strings.NewReplacer(`\u003c`, "<", `\u003e`, ">", `\u0026`, "&").Replace(string(b))
	unescaped := strings.NewReplacer(`\\`, `\`, `\"`, `"`, `\t`, "\t", `\/`, "/", `\n`, "\n").Replace(text)
	return strings.Contains(text, s) || strings.Contains(text, q[1:len(q)-1]) || strings.Contains(unescaped, s)
}
