package ledger

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/groupmem/groupmem"
)

// RedactStoredReport is RedactReport of a report as the ledger stores it
// (JSON), for the run runID: the JSON to store instead, and whether
// anything changed. An error names the run whose report cannot be read.
func RedactStoredReport(runID string, raw []byte, text string) ([]byte, bool, error) {
	var rep groupmem.Report
	if err := json.Unmarshal(raw, &rep); err != nil {
		return nil, false, fmt.Errorf("decode report of run %s: %w", runID, err)
	}
	rep, changed := RedactReport(rep, text)
	if !changed {
		return raw, false, nil
	}
	b, err := json.Marshal(rep)
	if err != nil {
		return nil, false, fmt.Errorf("encode report of run %s: %w", runID, err)
	}
	return b, true, nil
}

// minTailRunes is the shortest start of a text that RedactReport also
// removes where an excerpt was cut in the middle of the text.
const minTailRunes = 8

// RedactReport returns r without the text of a redacted message: every
// excerpt a run report keeps of the model's answers (Answer and the
// Dropped examples) has each occurrence of the trimmed text replaced by
// groupmem.Redacted, and an excerpt that ends with the start of the text (at least
// 8 characters of it, where the excerpt was cut) has that start replaced
// too. It reports whether anything changed. An empty text changes nothing.
func RedactReport(r groupmem.Report, text string) (groupmem.Report, bool) {
	text = strings.TrimSpace(text)
	if text == "" {
		return r, false
	}
	changed := false
	scrub := func(s string) string {
		out := strings.ReplaceAll(s, text, groupmem.Redacted)
		out = cutTail(out, text)
		changed = changed || out != s
		return out
	}
	r.Answer = scrub(r.Answer)
	if len(r.Dropped) > 0 {
		drops := make([]groupmem.Drop, len(r.Dropped))
		for i, d := range r.Dropped {
			d.Text = scrub(d.Text)
			drops[i] = d
		}
		r.Dropped = drops
	}
	return r, changed
}

// cutTail replaces the longest start of text (of at least minTailRunes
// characters) that s ends with.
func cutTail(s, text string) string {
	for n := len(text) - 1; n > 0; n-- {
		if !utf8.RuneStart(text[n]) {
			continue
		}
		if utf8.RuneCountInString(text[:n]) < minTailRunes {
			return s
		}
		if strings.HasSuffix(s, text[:n]) {
			return s[:len(s)-n] + groupmem.Redacted
		}
	}
	return s
}

// Quotes reports whether a memory statement quotes a message's text: the
// statement holds the whole text, or (for a statement of at least 8
// characters) the text holds the whole statement. Both are compared
// trimmed; an empty text quotes nothing.
func Quotes(statement, text string) bool {
	statement, text = strings.TrimSpace(statement), strings.TrimSpace(text)
	if text == "" || statement == "" {
		return false
	}
	return strings.Contains(statement, text) || (utf8.RuneCountInString(statement) >= 8 && strings.Contains(text, statement))
}
