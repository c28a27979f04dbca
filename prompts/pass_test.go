package prompts

import (
	"testing"
	"time"

	"github.com/groupmem/groupmem"
)

// A pass shows a memory with the version it will have once the run
// commits, dated now when the run created or changed it.
func TestShownMemory(t *testing.T) {
	now := time.Date(2026, 11, 21, 3, 0, 0, 0, time.UTC)
	then := now.Add(-48 * time.Hour)
	committed := groupmem.Memory{ID: "v2", Statement: "Members play chess", Version: 2, UpdatedAt: then}
	tests := []struct {
		name    string
		shown   groupmem.Shown
		version int
		updated time.Time
	}{
		{"kept", groupmem.Shown{Alias: "M1", Memory: committed, Statement: committed.Statement}, 2, then},
		{"changed by the run", groupmem.Shown{Alias: "M1", Memory: committed, Statement: "Members play chess on Wednesdays"}, 3, now},
		{"created by the run", groupmem.Shown{Alias: "M2", Statement: "Members like tea"}, 1, now},
	}
	for _, tt := range tests {
		m := ShownMemory(tt.shown, now)
		if m.Alias != tt.shown.Alias || m.Statement != tt.shown.Statement || m.Version != tt.version || !m.UpdatedAt.Equal(tt.updated) {
			t.Errorf("%s: %+v, want version %d updated %v", tt.name, m, tt.version, tt.updated)
		}
	}
}

// A pass's prompt input shows its messages under the refs m1, m2, ... and
// every time in the zone given.
func TestForPass(t *testing.T) {
	loc := time.FixedZone("UTC+8", 8*3600)
	now := time.Date(2026, 11, 21, 3, 0, 0, 0, time.UTC)
	p := groupmem.Pass{GroupID: "g", Now: now, Messages: []groupmem.Message{{SenderID: "u1", Content: "hi"}, {SenderID: "u2", SenderName: "Ann", Content: "yo"}}}
	in := ForPass(p, LangEN, loc)
	if in.Now.Location() != loc || !in.Now.Equal(now) || in.GroupID != "g" || in.Lang != LangEN {
		t.Errorf("input %+v: want now in %v, group g, English", in, loc)
	}
	if len(in.Messages) != 2 || in.Messages[0].Ref != "m1" || in.Messages[0].Sender != "u1" || in.Messages[1].Ref != "m2" || in.Messages[1].Sender != "Ann" {
		t.Errorf("messages %+v: want m1 from u1 and m2 from Ann", in.Messages)
	}
}
