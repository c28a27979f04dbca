package prompts

import (
	"cmp"
	"strconv"
	"time"

	"github.com/groupmem/groupmem"
)

// ForPass returns the Input of pass p's prompt in lang, every time shown
// in loc: its memories under their aliases, its messages under the refs
// m1, m2, ... in order.
func ForPass(p groupmem.Pass, lang string, loc *time.Location) Input {
	in := Input{Lang: lang, GroupID: p.GroupID, Now: p.Now.In(loc)}
	for _, s := range p.Memories {
		in.Memories = append(in.Memories, ShownMemory(s, p.Now))
	}
	for i, m := range p.Messages {
		in.Messages = append(in.Messages, PassMessage(i, m))
	}
	return in
}

// ShownMemory is memory s as a pass at now shows it: with the version it
// has, or will have once the run commits, and the time its statement last
// changed (now for a memory the run created or changed).
func ShownMemory(s groupmem.Shown, now time.Time) Memory {
	m := Memory{Alias: s.Alias, Statement: s.Statement, Version: s.Memory.Version, UpdatedAt: s.Memory.UpdatedAt}
	switch {
	case s.Memory.ID == "":
		m.Version, m.UpdatedAt = 1, now
	case s.Statement != s.Memory.Statement:
		m.Version, m.UpdatedAt = s.Memory.Version+1, now
	}
	return m
}

// PassMessage is message m as the i-th message of a pass shows it (ref
// m(i+1)), under its sender's name, or id when it has none.
func PassMessage(i int, m groupmem.Message) Message {
	return Message{Ref: "m" + strconv.Itoa(i+1), Sender: cmp.Or(m.SenderName, m.SenderID), SentAt: m.SentAt, Text: m.Content}
}
