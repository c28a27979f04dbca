package api

import (
	"net/http"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/recall"
)

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
// sender: text" lines, oldest first, times in UTC), composed by
// recall.Compose: with q, memories, message hits, the evidence of the
// memories found and the neighbours of the best hits compete for the
// budget by one score, time words and member names in q raise the
// messages they point at, and long messages are cut to the sentences
// that match; without q, memories go by strength, then recency, and
// messages are the newest. What earned a place but found no room is
// counted in left_out. With about (a sender id), the active memories about
// that member come first (at most limit of them); a sender who never
// wrote in the group is ENOTFOUND. Tokens are estimated like
// prompts.EstimateTokens.
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
	about := p.text("about", false, groupmem.MaxNameBytes)
	if p.err != nil {
		return p.err
	}
	if err := checkGroup(c.key, g, "group "+describe(g)); err != nil {
		return err
	}
	var first []groupmem.Memory
	if about != "" {
		var err error
		if _, first, err = h.d.Ledger.Member(r.Context(), g, about, limit); err != nil {
			return err
		}
	}
	got, err := recall.Compose(r.Context(), recall.Parts{Index: h.d.Index, Messages: h.msgs, Ledger: h.d.Ledger}, h.d.Embedder,
		recall.Request{GroupID: g, Text: q, Budget: budget, Memories: limit, Threshold: threshold, Now: h.now(), About: first})
	if err != nil {
		return err
	}
	out := contextJSON{Success: true, GroupID: g, Context: got.Text, MemoryIDs: got.MemoryIDs, MessageIDs: got.MessageIDs, Tokens: got.Tokens}
	out.LeftOut.Memories, out.LeftOut.Messages = got.LeftOutMemories, got.LeftOutMessages
	writeJSON(w, http.StatusOK, out)
	return nil
}
