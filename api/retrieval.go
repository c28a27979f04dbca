package api

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/msgsearch"
)

// memoryHit is a memory found and how: the fused score and its parts
// (nil when the memory was not among that side's candidates).
type memoryHit struct {
	memory   groupmem.Memory
	score    float64
	semantic *float64
	keyword  *float64
}

// searchMemories finds the group's active memories for q by mode. With a
// threshold, only memories whose cosine similarity is above it are
// found; without, semantic mode cuts at the configured default and hybrid
// mode keeps every memory with a positive similarity or a shared term.
// The index ranks and fuses (groupmem.Index.SearchHybrid).
func (h *Handler) searchMemories(ctx context.Context, g, q string, mode msgsearch.Mode, limit int, threshold *float64) ([]memoryHit, error) {
	if mode == msgsearch.Semantic {
		cut := h.cfg.DefaultThreshold
		if threshold != nil {
			cut = *threshold
		}
		sems, err := h.searchActive(ctx, g, q, limit, cut)
		if err != nil {
			return nil, err
		}
		out := make([]memoryHit, len(sems))
		for i, hit := range sems {
			v := hit.Score
			out[i] = memoryHit{memory: hit.Memory, score: hit.Score, semantic: &v}
		}
		return out, nil
	}
	hq := groupmem.HybridQuery{GroupID: g, Text: q, Limit: limit, Threshold: threshold}
	if mode == msgsearch.Hybrid { // keyword mode takes no threshold
		vec, err := h.embedQuery(ctx, q)
		if err != nil {
			return nil, err
		}
		if vec == nil && threshold != nil {
			return nil, nil // nothing is similar to a query without features
		}
		hq.Vector = vec
	}
	hits, err := h.d.Index.SearchHybrid(ctx, hq)
	if err != nil {
		return nil, err
	}
	out := make([]memoryHit, len(hits))
	for i, hit := range hits {
		out[i] = memoryHit{memory: hit.Memory, score: hit.Score, semantic: hit.Semantic, keyword: hit.Keyword}
	}
	return out, nil
}

// searchResultJSON is one memory found, with its score: the fused score
// in hybrid mode, the cosine similarity in semantic mode, the BM25 score
// in keyword mode; semantic_score and keyword_score are its parts.
type searchResultJSON struct {
	memoryJSON
	Score         float64  `json:"score"`
	SemanticScore *float64 `json:"semantic_score"`
	KeywordScore  *float64 `json:"keyword_score"`
}

// search answers GET /memory/search/{group_id}: the group's active
// memories that best match q, best first, by mode (hybrid by default).
func (h *Handler) search(w http.ResponseWriter, r *http.Request, c *call) error {
	g, err := groupParam(r)
	if err != nil {
		return err
	}
	p := params{q: c.query}
	q := p.text("q", true, maxQueryLen)
	limit := p.int("limit", 5, 1, maxLimit)
	threshold := p.optionalFloat("threshold", 0, 1)
	mode, merr := msgsearch.ParseMode(p.q.Get("mode"))
	if p.err != nil {
		return p.err
	}
	if merr != nil {
		return merr
	}
	if threshold != nil && mode == msgsearch.Keyword {
		return groupmem.Errorf(groupmem.EINVALID, "threshold is a cosine similarity: it applies to the hybrid and semantic modes, not to keyword")
	}
	if err := checkGroup(c.key, g, "group "+describe(g)); err != nil {
		return err
	}
	hits, err := h.searchMemories(r.Context(), g, q, mode, limit, threshold)
	if err != nil {
		return err
	}
	results := make([]searchResultJSON, len(hits))
	for i, hit := range hits {
		results[i] = searchResultJSON{memoryOut(hit.memory), hit.score, hit.semantic, hit.keyword}
	}
	writeJSON(w, http.StatusOK, struct {
		Success bool               `json:"success"`
		GroupID string             `json:"group_id"`
		Query   string             `json:"query"`
		Mode    msgsearch.Mode     `json:"mode"`
		Results []searchResultJSON `json:"results"`
	}{true, g, q, mode, results})
	return nil
}

// messageHitJSON is one message found: its score and parts as for
// memories (null when paging by time).
type messageHitJSON struct {
	messageJSON
	Score         *float64 `json:"score"`
	SemanticScore *float64 `json:"semantic_score"`
	KeywordScore  *float64 `json:"keyword_score"`
}

// messages answers GET /memory/messages/{group_id}: with q, the group's
// messages that best match it by mode; without q, its messages newest
// first, one page at a time. since, until and sender narrow both.
func (h *Handler) messages(w http.ResponseWriter, r *http.Request, c *call) error {
	g, err := groupParam(r)
	if err != nil {
		return err
	}
	p := params{q: c.query}
	q := p.text("q", false, maxQueryLen)
	limit := p.int("limit", 20, 1, maxLimit)
	since := p.time("since")
	until := p.time("until")
	sender := p.text("sender", false, groupmem.MaxNameBytes)
	at := p.cursor("cursor")
	var before int64
	if !at.At.IsZero() {
		before = p.cursorInt(at, "messages")
	}
	mode, merr := msgsearch.ParseMode(p.q.Get("mode"))
	if p.err != nil {
		return p.err
	}
	if merr != nil {
		return merr
	}
	if err := checkGroup(c.key, g, "group "+describe(g)); err != nil {
		return err
	}
	hits, err := h.msgs.Search(r.Context(), msgsearch.Query{GroupID: g, Text: q, Mode: mode, Limit: limit + 1,
		Since: since, Until: until, Sender: sender, Before: before})
	if err != nil {
		return err
	}
	var next *string
	if q == "" && len(hits) > limit {
		last := hits[limit-1].Message
		next = nullable(cursor{At: last.SentAt, ID: strconv.FormatInt(last.Seq, 10)}.String())
	}
	hits = hits[:min(limit, len(hits))]
	out := make([]messageHitJSON, len(hits))
	for i, hit := range hits {
		out[i] = messageHitJSON{messagesOut([]groupmem.Message{hit.Message})[0], nil, hit.Semantic, hit.Keyword}
		if q != "" {
			s := hit.Score
			out[i].Score = &s
		}
	}
	writeJSON(w, http.StatusOK, struct {
		Success    bool             `json:"success"`
		GroupID    string           `json:"group_id"`
		Query      string           `json:"query"`
		Mode       msgsearch.Mode   `json:"mode"`
		NextCursor *string          `json:"next_cursor"`
		Messages   []messageHitJSON `json:"messages"`
	}{true, g, q, mode, next, out})
	return nil
}

// optionalFloat returns the number parameter name within [lo, hi], or nil
// when it is absent.
func (p *params) optionalFloat(name string, lo, hi float64) *float64 {
	if _, ok := p.q[name]; !ok {
		return nil
	}
	v := p.float(name, 0, lo, hi)
	return &v
}

// time returns the RFC 3339 time parameter name, or the zero time when it
// is absent.
func (p *params) time(name string) time.Time {
	s, ok := p.q[name]
	if !ok {
		return time.Time{}
	}
	t, err := time.Parse(time.RFC3339, s[0])
	if err != nil {
		p.fail("%s must be an RFC 3339 time such as 2026-01-15T12:30:00Z", name)
	}
	return t
}
