package llmfuse

import (
	"cmp"
	"context"
	"encoding/json"
	"strings"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/evolve"
	"github.com/kaptinlin/jsonrepair"
)

// Reasons a line of an answer is not an action, as counted in
// groupmem.Report.Drops beside the run's own (evolve.DropUnknownAction and
// the others that validation gives).
const (
	DropUnrepairable = "unrepairable" // an object that neither parses nor can be repaired without changing its text
	DropNotObject    = "not_object"   // repair gave something other than a JSON object
	DropBadField     = "bad_field"    // a field of the wrong type, or id and old_id that disagree
	DropTruncated    = "truncated"    // the object was cut off at the end of the answer
	DropUnclosed     = "unclosed"     // the object never closed before the next object began
	DropUnterminated = "unterminated" // a string in the object did not end on its line
	DropFragment     = "fragment"     // a piece of JSON outside any object, such as the rest of a broken line
	DropGarbled      = "garbled"      // an object whose line goes on with the rest of a string after it: where it really ended is unsure
	DropProse        = "prose"        // a line, or the text beside an object, of words and no JSON: something the model said that is not an action
	DropTooLong      = "too_long"     // an object longer than Config.MaxObjectBytes, or text past Config.MaxAnswerBytes
)

// maxStrayQuotes is the most single quotes outside strings an object may
// hold and still be handed to jsonrepair.
const maxStrayQuotes = 4

// maxRepairNesting is the deepest nesting of objects and arrays an object
// handed to jsonrepair may have; an action needs two.
const maxRepairNesting = 8

// Parse reads a model's answer into actions: the groupmem.Answer holds
// them, each with its line, the text, and the accounting of every entry
// that is not an action (its Report has Answers 1; Applied and Kept are
// left to the run, evolve.Fuse, which validates the actions). finishReason is the reason the
// model gave for stopping ("stop", "length", ...). It reads at most
// cfg.MaxAnswerBytes of the answer (lines past that are dropped as
// too_long) and stops with ctx's error when ctx ends; otherwise it never
// fails: what it cannot use is counted in the report with its reason.
//
// Lines are the unit. It accepts JSON Lines and the shapes models really
// return: code fences, a JSON array on one line or across lines, objects
// spread over several lines, several objects on one line ({..} {..} or
// {..},{..}), a wrapper object holding an array of actions, list markers
// before objects, prose before, between and after, reasoning blocks
// (<think>...</think> and the like, also with the opening tag missing; a
// tag inside a JSON string is text),
// full-width punctuation and curly quotes outside strings, unescaped quotes
// inside strings, and old_id as a synonym of id. The rules:
//
//   - A string never spans lines, and a quote closes a string only when the
//     line ends after it or a closing brace, a colon before a value, a comma
//     before the next key or the next key follows; otherwise it is text, so
//     …说"稳住，我们能赢"" keeps its inner quotation. Text inside strings is
//     kept byte for byte, full-width punctuation included.
//   - A line that starts an object ends any object left open: one broken
//     line never swallows the next. An object that never closes, whose
//     string does not end on its line, or that is longer than
//     cfg.MaxObjectBytes is dropped whole; so is any object when the answer
//     was cut by the token limit and nothing follows it. Text left beside
//     objects that looks like JSON is a dropped fragment; an object whose
//     line goes on with the rest of one of its strings after its brace
//     (…"the set {a, b"} more"}) is dropped as garbled: no piece of a
//     broken object can become an action.
//   - Nothing the model said is lost without a trace: every entry that is
//     not an action is a drop with its line and an excerpt (prose too,
//     under its own reason), except structure (fences, brackets, numbers,
//     list markers, a wrapper) and reasoning, which are counted as
//     ignored. A code fence reads what follows it on its line, so
//     ```{"action":"keep"}``` is an entry like any other.
//   - A closed object that is not valid JSON is repaired with jsonrepair;
//     the result must be an object whose string fields appear, as they
//     are, in the object's own text. Every object must have a known action
//     and fields of the right types.
//
// Parse runs in time linear in the answer's size (repair works on one
// bounded object at a time).
func Parse(ctx context.Context, answer, finishReason string, cfg Config) (groupmem.Answer, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return groupmem.Answer{}, err
	}
	out := groupmem.Answer{Text: answer, Report: groupmem.Report{Answers: 1, Finish: finishReason}}
	rest := ""
	if len(answer) > cfg.MaxAnswerBytes {
		cut := strings.LastIndexByte(answer[:cfg.MaxAnswerBytes], '\n') + 1
		answer, rest = answer[:cut], answer[cut:]
	}
	s, err := scanAnswer(ctx, answer, cfg.MaxObjectBytes)
	if err != nil {
		return groupmem.Answer{}, err
	}
	out.Report.Lines = s.lines
	if err := readItems(ctx, &out, answer, s.items, evolve.CutOff(finishReason)); err != nil {
		return groupmem.Answer{}, err
	}
	dropRest(&out.Report, rest, s.lines)
	return out, nil
}

// readItems turns the items scanned from answer into out's actions and
// accounting: every item is an entry, ignored, dropped with its reason or
// an action. The last object is truncated when nothing but structure
// follows it and it never closed, or the answer was cut. It stops with
// ctx's error when ctx ends.
func readItems(ctx context.Context, out *groupmem.Answer, answer string, items []item, cut bool) error {
	rep := &out.Report
	lastObject := -1
	for i, it := range items {
		if it.object {
			lastObject = i
		}
	}
	for i, it := range items {
		rep.Entries++
		text := answer[it.from:max(it.from, it.to)]
		if it.ignore != "" {
			groupmem.Count(&rep.Ignored, it.ignore, 1)
			continue
		}
		if i == lastObject && !trailingText(items[i+1:]) && (cut || !it.closed) {
			it.drop = DropTruncated
		}
		if it.drop != "" {
			rep.AddDrop(groupmem.Drop{Line: it.line, Reason: it.drop, Text: evolve.Excerpt(text)}, true)
			continue
		}
		if i%64 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		a, reason := decode(it, text)
		if reason != "" {
			rep.AddDrop(groupmem.Drop{Line: it.line, Reason: reason, Text: evolve.Excerpt(text)}, true)
			continue
		}
		out.Actions = append(out.Actions, a)
		rep.Parsed++
		if a.Repaired {
			rep.Repaired++
		}
	}
	return nil
}

// dropRest counts the lines past the answer cap, rest, each as an entry
// dropped too_long; the first is listed with the line after the scanned
// ones.
func dropRest(rep *groupmem.Report, rest string, scanned int) {
	n := 0
	for l := range strings.SplitSeq(rest, "\n") {
		if strings.TrimSpace(l) != "" {
			n++
		}
	}
	rep.Lines += n
	rep.Entries += n
	if n > 0 {
		rep.AddDrop(groupmem.Drop{Line: scanned + 1, Reason: DropTooLong, Text: evolve.Excerpt(rest)}, true)
		groupmem.Count(&rep.Drops, DropTooLong, n-1)
	}
}

// trailingText reports whether items hold anything but structure: text
// after the last object that shows the answer went on past it.
func trailingText(items []item) bool {
	for _, it := range items {
		if it.ignore != IgnoreStructure {
			return true
		}
	}
	return false
}

// decode turns one closed object into an action, or returns the reason it
// cannot. src is the object's own text in the answer.
func decode(it item, src string) (groupmem.Action, string) {
	var obj map[string]any
	repaired := it.adjusted
	if err := json.Unmarshal(it.text, &obj); err != nil || obj == nil {
		if it.stray > maxStrayQuotes || it.nesting > maxRepairNesting {
			// jsonrepair takes seconds on such text; none of it is a
			// statement worth the wait.
			return groupmem.Action{}, DropUnrepairable
		}
		fixed, err := jsonrepair.Repair(string(it.text))
		if err != nil {
			return groupmem.Action{}, DropUnrepairable
		}
		var v any
		if err := json.Unmarshal([]byte(fixed), &v); err != nil {
			return groupmem.Action{}, DropUnrepairable
		}
		m, ok := v.(map[string]any)
		if !ok {
			return groupmem.Action{}, DropNotObject
		}
		if !verbatim(m, src) {
			return groupmem.Action{}, DropUnrepairable
		}
		obj, repaired = m, true
	}
	a, reason := toAction(obj)
	a.Line, a.Repaired = it.line, repaired
	return a, reason
}

// verbatim reports whether every string of obj that becomes part of an
// action appears in src as it is or as JSON would escape it: a repair may
// add quotes and commas, never change what the model wrote.
func verbatim(obj map[string]any, src string) bool {
	appears := func(v string) bool {
		if strings.Contains(src, v) {
			return true
		}
		var b strings.Builder
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(v)
		quoted := strings.TrimSpace(b.String())
		return strings.Contains(src, quoted[1:len(quoted)-1])
	}
	for _, key := range [...]string{"action", "id", "old_id", "statement", "change_reason", "evidence"} {
		switch v := obj[key].(type) {
		case string:
			if !appears(v) {
				return false
			}
		case []any:
			for _, item := range v {
				if s, ok := item.(string); ok && !appears(s) {
					return false
				}
			}
		}
	}
	return true
}

// toAction checks the fields of one object.
func toAction(obj map[string]any) (groupmem.Action, string) {
	var a groupmem.Action
	kind, ok := obj["action"].(string)
	if _, present := obj["action"]; present && !ok {
		return a, DropBadField
	}
	switch k := groupmem.ActionKind(strings.ToLower(strings.TrimSpace(kind))); k {
	case groupmem.ActionKeep, groupmem.ActionUpdate, groupmem.ActionCreate, groupmem.ActionDelete:
		a.Kind = k
	default:
		return a, evolve.DropUnknownAction
	}
	id, ok1 := stringField(obj, "id")
	oldID, ok2 := stringField(obj, "old_id")
	statement, ok3 := stringField(obj, "statement")
	reason, ok4 := stringField(obj, "change_reason")
	if !ok1 || !ok2 || !ok3 || !ok4 {
		return a, DropBadField
	}
	id, oldID = evolve.NormalizeAlias(id), evolve.NormalizeAlias(oldID)
	if id != "" && oldID != "" && id != oldID {
		return a, DropBadField
	}
	a.Alias = cmp.Or(id, oldID)
	a.Statement, a.Reason = statement, reason
	a.Evidence = evidenceField(obj["evidence"])
	a.Subjects = namesField(obj["subjects"])
	return a, ""
}

// stringField returns obj[key] when it is a string, "" when it is absent
// or null, and false for any other type.
func stringField(obj map[string]any, key string) (string, bool) {
	switch v := obj[key].(type) {
	case nil:
		return "", true
	case string:
		return v, true
	}
	return "", false
}

// evidenceField accepts a list of strings (other items are ignored) or one
// string of refs separated by commas or spaces. Any other type gives no
// evidence; the action itself stays valid.
func evidenceField(v any) []string {
	var out []string
	switch v := v.(type) {
	case []any:
		for _, item := range v {
			if s, ok := item.(string); ok {
				out = append(out, s)
			}
		}
	case string:
		out = strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == '，' || r == '、' || isBlank(r) })
	}
	return out
}

// namesField reads a list of names: an array of strings, or one string of
// names separated by commas (names may hold spaces).
func namesField(v any) []string {
	var out []string
	switch v := v.(type) {
	case []any:
		out = make([]string, 0, len(v)) // [] says "nobody in particular"
		for _, item := range v {
			if s, ok := item.(string); ok && strings.TrimSpace(s) != "" {
				out = append(out, strings.TrimSpace(s))
			}
		}
	case string:
		for s := range strings.FieldsFuncSeq(v, func(r rune) bool { return r == ',' || r == '，' || r == '、' }) {
			if s = strings.TrimSpace(s); s != "" {
				out = append(out, s)
			}
		}
	}
	return out
}
