package groupmem

import (
	"crypto/rand"
	"encoding/hex"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Size limits on stored text.
const (
	MaxGroupIDBytes   = 255      // a group id
	MaxMessageIDBytes = 255      // a chat app's message id
	MaxNameBytes      = 255      // sender ids and names
	MaxSubjects       = 20       // members one memory is about
	MaxMessageBytes   = 32 << 10 // message content is cut to this
	MaxStatementRunes = 1000     // a memory statement may not be longer
	MaxReasonRunes    = 2000     // a change reason is cut to this
	MaxTags           = 16       // tags per memory
	MaxEvidence       = 64       // evidence ids per memory
	maxTagBytes       = 64       // one tag
	maxActorBytes     = 255      // an actor name
	MaxBatchMessages  = 10000    // messages per InsertMessages call
)

// CleanText returns s with NUL bytes and other C0 controls except tab,
// newline and carriage return removed and every invalid UTF-8 sequence
// replaced by U+FFFD. Postgres rejects NUL in text; everything written to a
// ledger passes through here.
func CleanText(s string) string {
	clean := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 && c != '\t' && c != '\n' && c != '\r' || c >= 0x80 {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteRune(utf8.RuneError)
		case r < 0x20 && r != '\t' && r != '\n' && r != '\r':
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Truncate cuts s to at most n bytes without splitting a rune.
func Truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// TruncateRunes cuts s to at most n runes.
func TruncateRunes(s string, n int) string {
	i := 0
	for j := range s {
		if i == n {
			return s[:j]
		}
		i++
	}
	return s
}

// CheckGroupID returns EINVALID unless id is a usable group id: 1 to 255
// bytes of valid UTF-8 with no control characters or surrounding spaces.
func CheckGroupID(id string) error {
	return checkName("group id", id, MaxGroupIDBytes)
}

// CheckMessageID returns EINVALID unless id is a usable chat-app message id.
func CheckMessageID(id string) error {
	return checkName("message id", id, MaxMessageIDBytes)
}

func checkName(what, id string, max int) error {
	switch {
	case id == "":
		return Errorf(EINVALID, "%s is empty", what)
	case len(id) > max:
		return Errorf(EINVALID, "%s is longer than %d bytes", what, max)
	case !utf8.ValidString(id):
		return Errorf(EINVALID, "%s is not valid UTF-8", what)
	case strings.TrimSpace(id) != id:
		return Errorf(EINVALID, "%s has leading or trailing spaces", what)
	}
	for _, r := range id {
		if unicode.IsControl(r) {
			return Errorf(EINVALID, "%s contains a control character", what)
		}
	}
	return nil
}

// CheckID returns EINVALID unless id is a canonical lowercase UUID, the
// form of every memory and run id.
func CheckID(id string) error {
	if !ValidID(id) {
		return Errorf(EINVALID, "id %q is not a UUID", Truncate(id, 40))
	}
	return nil
}

// ValidID reports whether id is a UUID in canonical lowercase form.
func ValidID(id string) bool {
	if len(id) != 36 {
		return false
	}
	for i := 0; i < 36; i++ {
		c := id[i]
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
				return false
			}
		}
	}
	return true
}

// NewID returns a random (version 4) UUID in canonical form.
func NewID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported platforms
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	var s [36]byte
	hex.Encode(s[0:8], b[0:4])
	s[8] = '-'
	hex.Encode(s[9:13], b[4:6])
	s[13] = '-'
	hex.Encode(s[14:18], b[6:8])
	s[18] = '-'
	hex.Encode(s[19:23], b[8:10])
	s[23] = '-'
	hex.Encode(s[24:], b[10:])
	return string(s[:])
}

// CleanStatement cleans a memory statement and checks it: EINVALID when it
// is empty after cleaning or longer than MaxStatementRunes.
func CleanStatement(s string) (string, error) {
	s = strings.TrimSpace(CleanText(s))
	if s == "" {
		return "", Errorf(EINVALID, "statement is empty")
	}
	if n := utf8.RuneCountInString(s); n > MaxStatementRunes {
		return "", Errorf(EINVALID, "statement has %d characters; at most %d are allowed", n, MaxStatementRunes)
	}
	return s, nil
}

// CleanMessage returns m with every text field cleaned and cut to its
// limit, or EINVALID when its group or message id is unusable.
func CleanMessage(m Message) (Message, error) {
	if err := CheckGroupID(m.GroupID); err != nil {
		return m, err
	}
	if err := CheckMessageID(m.ID); err != nil {
		return m, err
	}
	m = CleanMessageText(m)
	if m.SentAt.IsZero() {
		return m, Errorf(EINVALID, "message %q has no sent time", m.ID)
	}
	return m, nil
}

// CleanMessageText returns m with its sender's id and name and its
// content cleaned (CleanText) and cut to their limits, as ingest keeps
// them: MaxNameBytes, MaxMessageBytes.
func CleanMessageText(m Message) Message {
	m.SenderID = Truncate(CleanText(m.SenderID), MaxNameBytes)
	m.SenderName = Truncate(CleanText(m.SenderName), MaxNameBytes)
	m.Content = Truncate(CleanText(m.Content), MaxMessageBytes)
	return m
}

// CleanMemory cleans the text fields of a version about to be written and
// checks the rest: EINVALID for a bad id, group, status, version, strength,
// or statement. Reasons, tags and evidence are cleaned and cut to their
// limits.
func CleanMemory(m Memory) (Memory, error) {
	if err := CheckID(m.ID); err != nil {
		return m, err
	}
	if err := CheckID(m.LineageID); err != nil {
		return m, err
	}
	if m.ParentID != "" {
		if err := CheckID(m.ParentID); err != nil {
			return m, err
		}
	}
	if err := CheckGroupID(m.GroupID); err != nil {
		return m, err
	}
	if !m.Status.Valid() {
		return m, Errorf(EINVALID, "status %q is not valid", Truncate(string(m.Status), 40))
	}
	if m.Version < 1 || (m.Version == 1) != (m.ParentID == "") {
		return m, Errorf(EINVALID, "version %d does not match parent %q", m.Version, m.ParentID)
	}
	if err := CheckStrength(m.Strength); err != nil {
		return m, err
	}
	st, err := CleanStatement(m.Statement)
	if err != nil {
		return m, err
	}
	m.Statement = st
	m.ChangeSummary = TruncateRunes(CleanText(m.ChangeSummary), MaxReasonRunes)
	m.Tags = cleanList(m.Tags, MaxTags, maxTagBytes)
	m.Evidence = cleanList(m.Evidence, MaxEvidence, MaxMessageIDBytes)
	m.Subjects = cleanList(append(m.Subjects, tagSubjects(m.Tags)...), MaxSubjects, MaxNameBytes)
	return m, nil
}

// tagSubjects are the sender ids that tags name with SubjectTag: a
// "member:<sender id>" tag makes its member a subject of the memory.
func tagSubjects(tags []string) []string {
	var out []string
	for _, t := range tags {
		if id, ok := strings.CutPrefix(t, SubjectTag); ok && id != "" {
			out = append(out, id)
		}
	}
	return out
}

// CheckStrength returns EINVALID unless s is within [0, 1].
func CheckStrength(s float64) error {
	if !(s >= 0 && s <= 1) {
		return Errorf(EINVALID, "strength must be within [0, 1]")
	}
	return nil
}

// cleanList cleans each item, drops empties and duplicates, and keeps at
// most max items of at most maxBytes each.
func cleanList(in []string, max, maxBytes int) []string {
	if len(in) == 0 {
		return nil
	}
	out := make([]string, 0, min(len(in), max))
	seen := make(map[string]bool, len(in))
	for _, s := range in {
		s = Truncate(strings.TrimSpace(CleanText(s)), maxBytes)
		if s == "" || seen[s] {
			continue
		}
		seen[s] = true
		out = append(out, s)
		if len(out) == max {
			break
		}
	}
	return out
}

// CleanActor cleans and cuts an actor name.
func CleanActor(s string) string { return Truncate(CleanText(s), maxActorBytes) }
