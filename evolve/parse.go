package evolve

import (
	"cmp"
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/groupmem/groupmem"
	"github.com/kaptinlin/jsonrepair"
)

// Reasons a line or an action is dropped, as recorded in groupmem.Drop.
const (
	DropNotJSON        = "not_json"           // text that holds no JSON object (prose, a heading)
	DropUnrepairable   = "unrepairable"       // an object that neither parses nor can be repaired
	DropNotObject      = "not_object"         // repair gave something other than a JSON object
	DropUnknownAction  = "unknown_action"     // no action, or one other than keep, update, create, delete
	DropBadField       = "bad_field"          // a field of the wrong type, or id and old_id that disagree
	DropTruncated      = "truncated"          // the object was cut off by the model's token limit
	DropMissingID      = "missing_id"         // update or delete without an id
	DropUnknownID      = "unknown_id"         // an id this pass did not show
	DropEmptyStatement = "empty_statement"    // no statement, or one without a letter or digit
	DropLongStatement  = "statement_too_long" // longer than Config.MaxStatementRunes; never cut
	DropConflict       = "conflict"           // the memory was already changed by another action of the pass
	DropDuplicate      = "duplicate"          // a create that repeats a memory or an earlier create
	DropMessageCut     = "message_cut"        // not a drop of the answer: an input message was cut to fit (Line 0)
	DropOmitted        = "omitted"            // the last entry of a full report; Text counts the drops left out
)

// maxDrops bounds the drops one report keeps; the rest are counted in one
// final DropOmitted entry.
const maxDrops = 200

// excerptRunes is the length of the excerpt a drop carries.
const excerptRunes = 60

// maxRepairBytes bounds the object handed to jsonrepair, whose running time
// grows faster than linearly; a larger broken object is dropped.
const maxRepairBytes = 16 << 10

// Parse reads a model's answer into actions. finishReason is the reason
// the model gave for stopping ("stop", "length", ...).
//
// It accepts JSON Lines and the shapes models really return: code fences,
// a JSON array on one line or across lines, objects spread over several
// lines, several objects on one line ({..} {..} or {..},{..}), a wrapper
// object holding an array of actions, prose before, between and after,
// reasoning blocks (<think>...</think> and the like, also with the opening
// tag missing), full-width punctuation and curly quotes outside strings,
// and old_id as a synonym of id. An object that is not valid JSON is
// repaired with jsonrepair, and every result, repaired or not, is checked
// again: it must be a JSON object with a known action and string fields.
//
// When finishReason says the answer was cut by the token limit ("length",
// "max_tokens"), the last object is dropped as truncated even if it parses,
// unless other text follows it. Whatever the finish reason, a last object
// that never closes and has an unterminated string is dropped as truncated.
//
// Parse never fails: what it cannot understand is reported in Dropped with
// its line and a short excerpt. Report.Lines counts the non-blank lines
// outside reasoning blocks; Parsed counts the actions returned, Repaired
// those of them that needed repair or normalization.
func Parse(answer, finishReason string) ([]groupmem.Action, groupmem.Report) {
	rep := groupmem.Report{Finish: finishReason}
	s := scanAnswer(answer)
	rep.Lines = s.lines
	cut := cutOff(finishReason)
	var actions []groupmem.Action
	prose := s.prose
	for i, seg := range s.segs {
		for len(prose) > 0 && prose[0].line < seg.line {
			addDrop(&rep, groupmem.Drop{Line: prose[0].line, Reason: DropNotJSON, Text: excerpt(prose[0].text)})
			prose = prose[1:]
		}
		last := i == len(s.segs)-1
		if last && (cut && !s.trailing || !seg.closed && seg.strOpen) {
			addDrop(&rep, groupmem.Drop{Line: seg.line, Reason: DropTruncated, Text: excerpt(answer[seg.from:seg.to])})
			continue
		}
		a, reason := decode(seg)
		if reason != "" {
			addDrop(&rep, groupmem.Drop{Line: seg.line, Reason: reason, Text: excerpt(answer[seg.from:seg.to])})
			continue
		}
		actions = append(actions, a)
		rep.Parsed++
		if a.Repaired {
			rep.Repaired++
		}
	}
	for _, p := range prose {
		addDrop(&rep, groupmem.Drop{Line: p.line, Reason: DropNotJSON, Text: excerpt(p.text)})
	}
	return actions, rep
}

// cutOff reports whether a finish reason means the token limit cut the
// answer.
func cutOff(finishReason string) bool {
	switch strings.ToLower(strings.TrimSpace(finishReason)) {
	case "length", "max_tokens", "max_output_tokens":
		return true
	}
	return false
}

// decode turns one object into an action, or returns the reason it
// cannot.
func decode(seg segment) (groupmem.Action, string) {
	var obj map[string]any
	repaired := seg.normalized
	if err := json.Unmarshal(seg.text, &obj); err != nil || obj == nil {
		if len(seg.text) > maxRepairBytes {
			return groupmem.Action{}, DropUnrepairable
		}
		fixed, err := jsonrepair.Repair(string(seg.text))
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
		obj, repaired = m, true
	}
	a, reason := toAction(obj)
	a.Line, a.Repaired = seg.line, repaired
	return a, reason
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
		return a, DropUnknownAction
	}
	id, ok1 := stringField(obj, "id")
	oldID, ok2 := stringField(obj, "old_id")
	statement, ok3 := stringField(obj, "statement")
	reason, ok4 := stringField(obj, "change_reason")
	if !ok1 || !ok2 || !ok3 || !ok4 {
		return a, DropBadField
	}
	id, oldID = normalizeAlias(id), normalizeAlias(oldID)
	if id != "" && oldID != "" && id != oldID {
		return a, DropBadField
	}
	a.Alias = cmp.Or(id, oldID)
	a.Statement, a.Reason = statement, reason
	a.Evidence = evidenceField(obj["evidence"])
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

// normalizeAlias turns " m3 ", "[M3]" or "M3:" into "M3"; anything else is
// returned trimmed, to be rejected as unknown.
func normalizeAlias(s string) string {
	s = strings.Trim(s, " \t[]()#:：【】")
	if len(s) > 1 && s[0] == 'm' {
		return "M" + s[1:]
	}
	return s
}

// excerpt returns a short one-line excerpt of s for a drop.
func excerpt(s string) string {
	s = groupmem.Truncate(s, 8*excerptRunes)
	s = strings.Join(strings.Fields(groupmem.CleanText(s)), " ")
	if utf8.RuneCountInString(s) > excerptRunes {
		return groupmem.TruncateRunes(s, excerptRunes-1) + "…"
	}
	return s
}

// addDrop records d, keeping at most maxDrops entries; the last one then
// counts the rest.
func addDrop(r *groupmem.Report, d groupmem.Drop) {
	switch n := len(r.Dropped); {
	case n < maxDrops-1:
		r.Dropped = append(r.Dropped, d)
	case n == maxDrops-1:
		r.Dropped = append(r.Dropped, groupmem.Drop{Reason: DropOmitted, Text: "1"})
	default:
		last := &r.Dropped[n-1]
		more, _ := strconv.Atoi(last.Text)
		last.Text = strconv.Itoa(more + 1)
	}
}
