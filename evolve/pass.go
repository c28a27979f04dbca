package evolve

import (
	"cmp"
	"slices"
	"strings"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/prompts"
)

// batch is the messages of one pass, in order.
type batch struct {
	Messages []groupmem.Message // Content of a cut message ends with "…"
	Cut      []string           // ids of the messages whose content was cut to fit
	// tokens is what the messages' lines take, as batches measured them;
	// 0 when unmeasured (a batch split in two is measured again, its
	// messages under new refs).
	tokens int
}

// split cuts b into two batches of about half its messages each, in
// order, each keeping the cut marks of its own messages. ok is false for a
// batch of fewer than two messages.
func (b batch) split() (first, second batch, ok bool) {
	if len(b.Messages) < 2 {
		return b, batch{}, false
	}
	half := len(b.Messages) / 2
	first.Messages, second.Messages = b.Messages[:half:half], b.Messages[half:]
	for _, id := range b.Cut {
		if slices.ContainsFunc(first.Messages, func(m groupmem.Message) bool { return m.ID == id }) {
			first.Cut = append(first.Cut, id)
		} else {
			second.Cut = append(second.Cut, id)
		}
	}
	return first, second, true
}

// cutMark ends the content of a message cut to fit a pass.
const cutMark = "…"

// batches splits msgs, in the order given, into the batches of successive
// passes: each holds at most MaxMessages messages whose prompt lines fit in
// the room MaxPromptTokens leaves after the instructions and the memories.
// Every message lands in exactly one batch. A message too long to fit even
// alone is cut (its content ends with "…", its id is listed in batch.Cut
// and the run's report records it as DropMessageCut); none is dropped.
// The room for memories is fixed when the state is made, with space for
// memories the passes create (see state.pass), so every batch still fits
// when its pass comes. A whole run (Config.Whole) is one batch, measured
// by nothing.
func (s *state) batches(msgs []groupmem.Message) []batch {
	if s.cfg.Whole {
		if len(msgs) == 0 {
			return nil
		}
		return []batch{{Messages: msgs}}
	}
	var out []batch
	var cur batch
	used := 0
	for _, m := range msgs {
		t := s.messageTokens(len(cur.Messages), m)
		if len(cur.Messages) > 0 && (len(cur.Messages) == s.cfg.MaxMessages || used+t > s.msgRoom) {
			out = append(out, cur)
			cur, used = batch{}, 0
			t = s.messageTokens(0, m)
		}
		if t > s.msgRoom {
			m = s.cutMessage(len(cur.Messages), m)
			cur.Cut = append(cur.Cut, m.ID)
			t = s.messageTokens(len(cur.Messages), m)
		}
		cur.Messages = append(cur.Messages, m)
		used += t
		cur.tokens = used
	}
	if len(cur.Messages) > 0 {
		out = append(out, cur)
	}
	return out
}

// cutMessage shortens m's content so that its line, as message i of a
// pass, fits in the message room.
func (s *state) cutMessage(i int, m groupmem.Message) groupmem.Message {
	bare := m
	bare.Content = ""
	room := s.msgRoom - s.messageTokens(i, bare) - prompts.EstimateTokens(cutMark)
	m.Content = prompts.TruncateTokens(strings.Join(strings.Fields(m.Content), " "), room) + cutMark
	return m
}

func (s *state) messageTokens(i int, m groupmem.Message) int {
	return prompts.EstimateTokens(prompts.MessageLine(prompts.PassMessage(i, m), s.cfg.Location)) + 1
}

// pass is one pass of a run: what its Fuser is shown (groupmem.Pass: the
// memories under the aliases M1, M2, ..., the messages under the refs m1,
// m2, ...), and what the run needs to read the answer back.
type pass struct {
	groupmem.Pass // Log, Asked and Moderated are the fusion's (see fusing.ask)

	state *state
	shown []*entry // shown[i] is alias M(i+1), Pass.Memories[i]
	// senders maps how the prompt shows each sender of the pass (their
	// name, or their id), and their id, lowered, to their sender id.
	senders map[string]string
	cut     []string
}

// pass makes the pass of batch b on the current state: the memories as
// the earlier passes left them, under fresh aliases. It shows at most
// MaxMemories memories within the room reserved for them, in this order:
// those this run created or changed (latest first), then by strength, then
// the most recently updated; any others are kept untouched by this pass.
// It renders no prompt: a Fuser that asks a model renders one from the
// groupmem.Pass (package llmfuse), within the budget batches kept.
//
// It returns EINVALID for an empty batch, the review error (EREVIEW,
// wrapping groupmem.ErrReview) after a pass was refused for review, and
// ETOOLARGE for a batch that does not fit (one not made by batches).
func (s *state) pass(b batch) (*pass, error) {
	if s.review != nil {
		return nil, s.review
	}
	if len(b.Messages) == 0 {
		return nil, groupmem.Errorf(groupmem.EINVALID, "pass has no messages")
	}
	if !s.cfg.Whole {
		used := b.tokens
		if used == 0 {
			for i, m := range b.Messages {
				used += s.messageTokens(i, m)
			}
		}
		if len(b.Messages) > s.cfg.MaxMessages || used > s.msgRoom {
			return nil, groupmem.Errorf(groupmem.ETOOLARGE, "pass of %d messages (about %d tokens) exceeds the budget of %d messages and %d tokens", len(b.Messages), used, s.cfg.MaxMessages, s.msgRoom)
		}
	}
	p := &pass{state: s, shown: s.choose(s.memRoom), cut: b.Cut}
	p.Pass = groupmem.Pass{GroupID: s.groupID, N: s.passes + 1, Messages: b.Messages, Now: s.now}
	for i, e := range p.shown {
		p.Memories = append(p.Memories, e.asShown(i))
	}
	p.Hidden = s.live() - len(p.shown)
	for _, m := range b.Messages {
		if m.SenderID != "" {
			if p.senders == nil {
				p.senders = map[string]string{}
			}
			p.senders[strings.ToLower(cmp.Or(m.SenderName, m.SenderID))] = m.SenderID
			p.senders[strings.ToLower(m.SenderID)] = m.SenderID
		}
	}
	return p, nil
}

// memory returns the entry shown under alias, or nil.
func (p *pass) memory(alias string) *entry {
	i, ok := aliasIndex(alias, 'M')
	if !ok || i >= len(p.shown) {
		return nil
	}
	return p.shown[i]
}

// messageIDs maps the refs a model cited to the chat app's message ids,
// ignoring refs this pass did not show and repeats.
func (p *pass) messageIDs(refs []string) []string {
	var ids []string
	for _, ref := range refs {
		ref = strings.Trim(ref, " \t[]()#\"'")
		if len(ref) > 1 && ref[0] == 'M' {
			ref = "m" + ref[1:]
		}
		i, ok := aliasIndex(ref, 'm')
		if !ok || i >= len(p.Messages) || slices.Contains(ids, p.Messages[i].ID) {
			continue
		}
		ids = append(ids, p.Messages[i].ID)
	}
	return ids
}

// subjects maps the names the model gave to the sender ids of the pass's
// senders they name, in order, once each; a name that is no sender of the
// pass is left out. nil when the model gave none, or named nobody it
// could be sure of (the version then keeps its parent's subjects); empty
// when it gave an empty list: the memory is about the group.
func (p *pass) subjects(names []string) []string {
	if names == nil {
		return nil
	}
	ids := []string{}
	for _, n := range names {
		n = strings.ToLower(strings.Trim(n, " \t@\"'"))
		if id, ok := p.senders[n]; ok && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	if len(names) > 0 && len(ids) == 0 {
		return nil
	}
	return ids
}

// aliasIndex parses prefix followed by a positive decimal number without
// leading zeros into a zero-based index.
func aliasIndex(alias string, prefix byte) (int, bool) {
	if len(alias) < 2 || len(alias) > 8 || alias[0] != prefix || alias[1] == '0' {
		return 0, false
	}
	n := 0
	for _, c := range []byte(alias[1:]) {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n - 1, true
}
