package recall

import (
	"cmp"
	"slices"
	"strings"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/keyword"
	"github.com/groupmem/groupmem/prompts"
)

// Headers of the block, and the line format of a message.
const (
	memoriesHeader = "Memories:"
	messagesHeader = "Messages:"
	timeLayout     = "2006-01-02 15:04"
)

// pack fills budget with the candidates in the order given (best first):
// each takes its place if its line still fits, else it is counted as
// left out and the next one is tried. A long message is cut to the
// sentences that share a term with the question (asked). The block
// states the memories taken in rank order, then the messages taken,
// oldest first.
func pack(cands []candidate, budget int, asked map[string]bool) Context {
	var mems []*groupmem.Memory
	var msgs []groupmem.Message
	used, left := 0, [2]int{}
	var said []map[string]bool // the terms of the messages taken
	for _, c := range cands {
		var words map[string]bool
		if c.message != nil {
			words = terms(c.message.Content)
			if slices.ContainsFunc(said, func(s map[string]bool) bool { return alike(s, words) }) {
				continue // a line said again, or nearly, adds nothing
			}
		}
		var line string
		var m groupmem.Message
		if c.memory != nil {
			line = memoryLine(c.memory)
		} else {
			m = *c.message
			m.Content = excerpt(m.Content, asked)
			line = messageLine(m, m.Content)
		}
		cost := prompts.EstimateTokens(line) + headers(c, len(mems), len(msgs)) // the line and the headers it brings
		if len(mems)+len(msgs) > 0 {
			cost++ // the line break before it
		}
		if used+cost > budget {
			if c.memory != nil {
				left[0]++
			} else {
				left[1]++
			}
			continue
		}
		used += cost
		if words != nil {
			said = append(said, words)
		}
		if c.memory != nil {
			mems = append(mems, c.memory)
		} else {
			msgs = append(msgs, m)
		}
	}
	out := Context{MemoryIDs: []string{}, MessageIDs: []string{}, LeftOutMemories: left[0], LeftOutMessages: left[1]}
	out.Text = render(mems, msgs)
	out.Tokens = prompts.EstimateTokens(out.Text)
	for _, m := range mems {
		out.MemoryIDs = append(out.MemoryIDs, m.ID)
	}
	for _, m := range byTime(msgs) {
		out.MessageIDs = append(out.MessageIDs, m.ID)
	}
	return out
}

// headers is what c adds to the block beside its line, as the first of
// its kind: a block of memories only has no header; messages come under
// "Messages:", and memories beside messages under "Memories:", a blank
// line parting the two. It is an upper bound, as the lines' estimates are.
func headers(c candidate, mems, msgs int) int {
	mem, msg := prompts.EstimateTokens(memoriesHeader)+1, prompts.EstimateTokens(messagesHeader)+1
	switch {
	case c.memory != nil && mems == 0 && msgs > 0:
		return mem + 1
	case c.message != nil && msgs == 0 && mems > 0:
		return mem + msg + 1
	case c.message != nil && msgs == 0:
		return msg
	}
	return 0
}

func memoryLine(m *groupmem.Memory) string {
	return "- " + strings.Join(strings.Fields(m.Statement), " ")
}

// messageLine is "[2006-01-02 15:04 UTC] sender: text".
func messageLine(m groupmem.Message, text string) string {
	var b strings.Builder
	b.WriteString("[" + m.SentAt.UTC().Format(timeLayout) + " UTC] ")
	if who := cmp.Or(m.SenderName, m.SenderID); who != "" {
		b.WriteString(strings.Join(strings.Fields(who), " ") + ": ")
	}
	b.WriteString(strings.Join(strings.Fields(text), " "))
	return b.String()
}

// render writes the block: "- statement" lines, then, under a
// "Messages:" line, the message lines oldest first. With memories and
// messages both present, the memories come under a "Memories:" line and a
// blank line parts the two.
func render(mems []*groupmem.Memory, msgs []groupmem.Message) string {
	var b strings.Builder
	if len(mems) > 0 && len(msgs) > 0 {
		b.WriteString(memoriesHeader + "\n")
	}
	for i, m := range mems {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(memoryLine(m))
	}
	if len(msgs) == 0 {
		return b.String()
	}
	if len(mems) > 0 {
		b.WriteString("\n\n")
	}
	b.WriteString(messagesHeader)
	for _, m := range byTime(msgs) {
		b.WriteString("\n" + messageLine(m, m.Content))
	}
	return b.String()
}

// byTime returns msgs oldest first (by seq within one time).
func byTime(msgs []groupmem.Message) []groupmem.Message {
	out := slices.Clone(msgs)
	slices.SortStableFunc(out, func(a, b groupmem.Message) int {
		return cmp.Or(a.SentAt.Compare(b.SentAt), cmp.Compare(a.Seq, b.Seq))
	})
	return out
}

// alike reports whether two lines' terms are nearly the same: they share
// at least alikeShare of the terms either has (Jaccard similarity).
func alike(a, b map[string]bool) bool {
	if len(a) == 0 || len(b) == 0 {
		return len(a) == len(b)
	}
	if float64(min(len(a), len(b))) < alikeShare*float64(max(len(a), len(b))) {
		return false // they cannot share enough
	}
	both := 0
	for t := range a {
		if b[t] {
			both++
		}
	}
	return float64(both) >= alikeShare*float64(len(a)+len(b)-both)
}

// alikeShare is the share of terms two lines must share to be alike.
const alikeShare = 0.6

// terms is the set of the question's keyword terms.
func terms(q string) map[string]bool {
	out := map[string]bool{}
	for _, t := range keyword.Tokens(q) {
		out[t] = true
	}
	return out
}
