package ledger

import (
	"testing"

	"github.com/groupmem/groupmem"
)

func TestRedactReport(t *testing.T) {
	const text = "my phone number is 555 0199"
	tests := []struct {
		name, in, want string
		changed        bool
	}{
		{"whole", `{"statement":"my phone number is 555 0199"}`, `{"statement":"[redacted]"}`, true},
		{"twice", text + " / " + text, "[redacted] / [redacted]", true},
		{"cut in the middle", `{"statement":"she said my phone number is 55`, `{"statement":"she said [redacted]`, true},
		{"start too short to tell", `I said my phon`, `I said my phon`, false},
		{"unrelated", `{"action":"keep","id":"M1"}`, `{"action":"keep","id":"M1"}`, false},
		{"multibyte cut", "他说我的电话号码是五五五", "他说[redacted]", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			quote := text
			if tt.name == "multibyte cut" {
				quote = "我的电话号码是五五五零一九九"
			}
			r, changed := RedactReport(groupmem.Report{Answer: tt.in, Dropped: []groupmem.Drop{{Line: 1, Text: tt.in}}}, quote)
			if r.Answer != tt.want || r.Dropped[0].Text != tt.want || changed != tt.changed {
				t.Errorf("RedactReport(%q) = %q, %q, %v; want %q, %v", tt.in, r.Answer, r.Dropped[0].Text, changed, tt.want, tt.changed)
			}
		})
	}
	orig := groupmem.Report{Dropped: []groupmem.Drop{{Text: text}}}
	RedactReport(orig, text)
	if orig.Dropped[0].Text != text {
		t.Errorf("RedactReport changed the report it was given")
	}
	if _, changed := RedactReport(groupmem.Report{Answer: text}, "  "); changed {
		t.Errorf("an empty text changed the report")
	}
}
