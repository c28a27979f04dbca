package api

import (
	"cmp"
	"net/http"
	"slices"
	"strings"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/prompts"
)

// contextScan is how many active memories the context endpoint considers
// when no query is given.
const contextScan = 1000

// promptContext answers GET /memory/context/{group_id}: the group's most
// relevant active memories as a block ready to paste into a prompt, one
// "- statement" line each, within a token budget. With q, relevance is
// similarity to q (above the threshold), from the search index; without q,
// it is strength, then recency, from the ledger. A memory that does not fit the remaining budget is skipped and
// the next one is tried. Tokens are estimated like prompts.EstimateTokens:
// a CJK character is about one token, four Latin characters are about one.
func (h *Handler) promptContext(w http.ResponseWriter, r *http.Request, c *call) error {
	g, err := groupParam(r)
	if err != nil {
		return err
	}
	p := params{q: c.query}
	q := p.text("q", false, maxQueryLen)
	budget := p.int("max_tokens", 500, 1, maxMaxTokens)
	limit := p.int("limit", 10, 1, maxLimit)
	threshold := p.float("threshold", h.cfg.DefaultThreshold, 0, 1)
	if p.err != nil {
		return p.err
	}
	if err := checkGroup(c.key, g, "group "+describe(g)); err != nil {
		return err
	}
	var ranked []groupmem.Memory
	if q != "" {
		hits, err := h.searchActive(r.Context(), g, q, limit, threshold)
		if err != nil {
			return err
		}
		for _, hit := range hits {
			ranked = append(ranked, hit.Memory)
		}
	} else {
		page, err := h.d.Ledger.Memories(r.Context(), groupmem.MemoryQuery{GroupID: g, Status: groupmem.StatusActive, Limit: contextScan})
		if err != nil {
			return backendError(err)
		}
		ranked = page.Memories
		slices.SortStableFunc(ranked, func(a, b groupmem.Memory) int {
			return cmp.Or(cmp.Compare(b.Strength, a.Strength), b.UpdatedAt.Compare(a.UpdatedAt))
		})
	}
	text, ids := packContext(ranked, limit, budget)
	writeJSON(w, http.StatusOK, struct {
		Success   bool     `json:"success"`
		GroupID   string   `json:"group_id"`
		Context   string   `json:"context"`
		MemoryIDs []string `json:"memory_ids"`
		Tokens    int      `json:"tokens"`
	}{true, g, text, ids, prompts.EstimateTokens(text)})
	return nil
}

// packContext joins up to limit statements, in order, as "- statement"
// lines whose estimated tokens stay within budget, and returns the block
// and the ids of the memories in it.
func packContext(mems []groupmem.Memory, limit, budget int) (string, []string) {
	var b strings.Builder
	ids := []string{}
	for _, m := range mems {
		if len(ids) == limit {
			break
		}
		line := "- " + strings.Join(strings.Fields(m.Statement), " ")
		if b.Len() > 0 {
			line = "\n" + line
		}
		if prompts.EstimateTokens(b.String()+line) > budget {
			continue
		}
		b.WriteString(line)
		ids = append(ids, m.ID)
	}
	return b.String(), ids
}
