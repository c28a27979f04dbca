package evolve

import (
	"strings"
	"unicode/utf8"

	"github.com/groupmem/groupmem"
)

// Reasons the run drops an action, or an answer, as counted in
// groupmem.Report.Drops. A Fuser reading text adds its own (package
// llmfuse: the reasons a line of a model's answer is not an action).
const (
	DropUnknownAction  = "unknown_action"     // no action, or one other than keep, update, create, delete
	DropBadStrength    = "bad_strength"       // an evolver's strength outside [0, 1]
	DropMissingID      = "missing_id"         // update or delete without an id
	DropUnknownID      = "unknown_id"         // an id this pass did not show
	DropEmptyStatement = "empty_statement"    // no statement, or one without real content (see Config.MinStatementLetters)
	DropPlaceholder    = "placeholder"        // a statement such as null, none, n/a, "..." or 无
	DropLongStatement  = "statement_too_long" // longer than Config.MaxStatementRunes; never cut
	DropConflict       = "conflict"           // the memory was already changed by another action of the pass
	DropDuplicate      = "duplicate"          // a create that repeats a memory or an earlier create
	DropHeld           = "held_for_review"    // valid, but the deletion guard held the pass for a person
	DropAnswerCut      = "answer_cut"         // the answer was cut by the token limit; its pass is asked again, smaller
	DropMessageCut     = "message_cut"        // not an entry: an input message was cut to fit (Line 0)
)

// CutOff reports whether a finish reason means the token limit cut the
// answer: such an answer is never applied (see Fuse).
func CutOff(finishReason string) bool {
	switch strings.ToLower(strings.TrimSpace(finishReason)) {
	case "length", "max_tokens", "max_output_tokens":
		return true
	}
	return false
}

// excerptRunes is the length of the excerpt a drop carries.
const excerptRunes = 60

// Excerpt returns the short one-line excerpt of s that a groupmem.Drop
// carries: control characters removed, white space folded, at most 60
// characters.
func Excerpt(s string) string {
	s = groupmem.Truncate(s, 8*excerptRunes)
	s = strings.Join(strings.Fields(groupmem.CleanText(s)), " ")
	if utf8.RuneCountInString(s) > excerptRunes {
		return groupmem.TruncateRunes(s, excerptRunes-1) + "…"
	}
	return s
}

// NormalizeAlias turns " m3 ", "[M3]" or "M3:" into the alias M3 under
// which a pass shows a memory; anything else is returned trimmed, to be
// rejected as unknown.
func NormalizeAlias(s string) string {
	s = strings.Trim(s, " \t[]()#:：【】")
	if len(s) > 1 && s[0] == 'm' {
		return "M" + s[1:]
	}
	return s
}
