package api

import (
	"cmp"
	"context"
	"net/http"
	"slices"
	"strings"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/msgsearch"
	"github.com/groupmem/groupmem/prompts"
)

// contextScan is how many active memories the context endpoint considers
// when no query is given.
const contextScan = 1000

// contextMessages is how many message candidates the context endpoint
// weighs: the best message hits for q (or the newest messages without q)
// and the evidence of the memories found.
const contextMessages = 100

// contextJSON is the answer of GET /memory/context.
type contextJSON struct {
	Success    bool     `json:"success"`
	GroupID    string   `json:"group_id"`
	Context    string   `json:"context"`
	MemoryIDs  []string `json:"memory_ids"`
	MessageIDs []string `json:"message_ids"`
	Tokens     int      `json:"tokens"`
	LeftOut    struct {
		Memories int `json:"memories"`
		Messages int `json:"messages"`
	} `json:"left_out"`
}

// promptContext answers GET /memory/context/{group_id}: a block ready to
// paste into a prompt, within a token budget, of the group's long-term
// memories ("- statement" lines) and the messages that matter ("[time]
// sender: text" lines, oldest first, times in UTC). With q, memories and
// messages are those that best match q (hybrid search), and the evidence
// of the memories found follows the message hits; without q, memories
// go by strength, then recency, and messages are the newest. Memories take
// at most half the budget while messages wait; what does not fit is
// counted in left_out. Tokens are estimated like prompts.EstimateTokens.
func (h *Handler) promptContext(w http.ResponseWriter, r *http.Request, c *call) error {
	g, err := groupParam(r)
	if err != nil {
		return err
	}
	p := params{q: c.query}
	q := p.text("q", false, maxQueryLen)
	budget := p.int("max_tokens", 500, 1, maxMaxTokens)
	limit := p.int("limit", 10, 1, maxLimit)
	threshold := p.optionalFloat("threshold", 0, 1)
	if p.err != nil {
		return p.err
	}
	if err := checkGroup(c.key, g, "group "+describe(g)); err != nil {
		return err
	}
	mems, err := h.contextMemories(r.Context(), g, q, limit, threshold)
	if err != nil {
		return err
	}
	msgs, err := h.contextMessages(r.Context(), g, q, mems)
	if err != nil {
		return err
	}
	out := packContext(mems, msgs, budget)
	out.Success, out.GroupID = true, g
	writeJSON(w, http.StatusOK, out)
	return nil
}

// contextMemories ranks the memories the block may hold, up to limit.
func (h *Handler) contextMemories(ctx context.Context, g, q string, limit int, threshold *float64) ([]groupmem.Memory, error) {
	if q != "" {
		hits, err := h.searchMemories(ctx, g, q, msgsearch.Hybrid, limit, threshold)
		if err != nil {
			return nil, err
		}
		out := make([]groupmem.Memory, len(hits))
		for i, hit := range hits {
			out[i] = hit.memory
		}
		return out, nil
	}
	page, err := h.d.Ledger.Memories(ctx, groupmem.MemoryQuery{GroupID: g, Status: groupmem.StatusActive, Limit: contextScan})
	if err != nil {
		return nil, err
	}
	ranked := page.Memories
	slices.SortStableFunc(ranked, func(a, b groupmem.Memory) int {
		return cmp.Or(cmp.Compare(b.Strength, a.Strength), b.UpdatedAt.Compare(a.UpdatedAt))
	})
	return ranked[:min(limit, len(ranked))], nil
}

// contextMessages ranks the messages the block may hold: with q, the
// message hits first, best first, then the evidence of the memories found
// that is not among them (the hits match the question itself; a memory's
// evidence is about the memory, which may match it less); without q, the
// newest messages.
func (h *Handler) contextMessages(ctx context.Context, g, q string, mems []groupmem.Memory) ([]groupmem.Message, error) {
	hits, err := h.msgs.Search(ctx, msgsearch.Query{GroupID: g, Text: q, Mode: msgsearch.Hybrid, Limit: contextMessages})
	if err != nil {
		return nil, err
	}
	byID := map[string]groupmem.Message{}
	var found []string
	for _, hit := range hits {
		byID[hit.Message.ID] = hit.Message
		found = append(found, hit.Message.ID)
	}
	if q == "" {
		return messagesIn(found, byID), nil
	}
	var evidence []string
	for _, m := range mems {
		evidence = append(evidence, m.Evidence...)
	}
	cited, err := h.d.Ledger.MessagesByID(ctx, g, evidence)
	if err != nil {
		return nil, err
	}
	for _, m := range cited {
		if m.Content != "" { // a redacted message has nothing to say
			byID[m.ID] = m
		}
	}
	ranked := slices.Clone(found)
	listed := make(map[string]bool, len(found)+len(evidence))
	for _, id := range found {
		listed[id] = true
	}
	for _, id := range evidence {
		if _, ok := byID[id]; ok && !listed[id] {
			listed[id] = true
			ranked = append(ranked, id)
		}
	}
	return messagesIn(ranked, byID), nil
}

func messagesIn(ids []string, byID map[string]groupmem.Message) []groupmem.Message {
	out := make([]groupmem.Message, 0, len(ids))
	for _, id := range ids {
		out = append(out, byID[id])
	}
	return out
}

// packContext fills the budget: memories in rank order, within half the
// budget while messages are waiting, then messages in rank order, then
// memories again with what is left. A candidate that does not fit is
// skipped and the next one tried. The block lists messages oldest first.
func packContext(mems []groupmem.Memory, msgs []groupmem.Message, budget int) contextJSON {
	var keptMems []groupmem.Memory
	var keptMsgs []groupmem.Message
	fits := func(ms []groupmem.Memory, xs []groupmem.Message, cap int) bool {
		return prompts.EstimateTokens(renderContext(ms, xs)) <= cap
	}
	memCap := budget
	if len(msgs) > 0 {
		memCap = budget / 2
	}
	taken := make([]bool, len(mems))
	for i, m := range mems {
		if fits(append(keptMems, m), nil, memCap) {
			keptMems, taken[i] = append(keptMems, m), true
		}
	}
	for _, m := range msgs {
		if fits(keptMems, append(keptMsgs, m), budget) {
			keptMsgs = append(keptMsgs, m)
		}
	}
	for i, m := range mems {
		if !taken[i] && fits(append(keptMems, m), keptMsgs, budget) {
			keptMems, taken[i] = append(keptMems, m), true
		}
	}
	var out contextJSON
	out.Context = renderContext(keptMems, keptMsgs)
	out.Tokens = prompts.EstimateTokens(out.Context)
	out.MemoryIDs, out.MessageIDs = []string{}, []string{}
	for _, m := range keptMems {
		out.MemoryIDs = append(out.MemoryIDs, m.ID)
	}
	for _, m := range byTime(keptMsgs) {
		out.MessageIDs = append(out.MessageIDs, m.ID)
	}
	out.LeftOut.Memories, out.LeftOut.Messages = len(mems)-len(keptMems), len(msgs)-len(keptMsgs)
	return out
}

// renderContext writes the block: "- statement" lines, then, under a
// "Messages:" line, "[2006-01-02 15:04 UTC] sender: text" lines oldest
// first. With memories and messages both present, the memories come
// under a "Memories:" line and a blank line parts the two.
func renderContext(mems []groupmem.Memory, msgs []groupmem.Message) string {
	var b strings.Builder
	if len(mems) > 0 && len(msgs) > 0 {
		b.WriteString("Memories:\n")
	}
	for i, m := range mems {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString("- " + strings.Join(strings.Fields(m.Statement), " "))
	}
	if len(msgs) == 0 {
		return b.String()
	}
	if len(mems) > 0 {
		b.WriteString("\n\n")
	}
	b.WriteString("Messages:")
	for _, m := range byTime(msgs) {
		b.WriteString("\n[" + m.SentAt.UTC().Format("2006-01-02 15:04") + " UTC] ")
		if who := cmp.Or(m.SenderName, m.SenderID); who != "" {
			b.WriteString(strings.Join(strings.Fields(who), " ") + ": ")
		}
		b.WriteString(strings.Join(strings.Fields(m.Content), " "))
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
