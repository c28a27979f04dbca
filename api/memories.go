package api

import (
	"context"
	"net/http"

	"github.com/groupmem/groupmem"
)

// list answers GET /memory/list/{group_id}: a page of the group's memories,
// newest first, read from the ledger (see the package comment for why).
func (h *Handler) list(w http.ResponseWriter, r *http.Request, c *call) error {
	g, err := groupParam(r)
	if err != nil {
		return err
	}
	p := params{q: c.query}
	status := groupmem.StatusActive
	if s, ok := c.query["status"]; ok {
		if status, err = groupmem.ParseStatus(s[0]); err != nil || s[0] == "" {
			return groupmem.Errorf(groupmem.EINVALID, "status must be one of active, superseded, deprecated, all")
		}
	}
	limit := p.int("limit", 20, 1, maxLimit)
	offset := p.int("offset", 0, 0, maxOffset)
	if p.err != nil {
		return p.err
	}
	if err := checkGroup(c.key, g, "group "+describe(g)); err != nil {
		return err
	}
	page, err := h.d.List(r.Context(), groupmem.MemoryQuery{GroupID: g, Status: status, Limit: limit, Offset: offset})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, struct {
		Success  bool         `json:"success"`
		GroupID  string       `json:"group_id"`
		Total    int          `json:"total"`
		Memories []memoryJSON `json:"memories"`
	}{true, g, page.Total, memoriesOut(page.Memories)})
	return nil
}

// searchActive embeds q and searches the group's active memories.
func (h *Handler) searchActive(ctx context.Context, g, q string, limit int, threshold float64) ([]groupmem.Hit, error) {
	vec, err := h.embedQuery(ctx, q)
	if err != nil || vec == nil { // a query without features matches nothing
		return nil, err
	}
	hits, err := h.d.Index.Search(ctx, groupmem.SearchQuery{GroupID: g, Vector: vec, Status: groupmem.StatusActive,
		Limit: limit, Threshold: threshold})
	if err != nil {
		return nil, err
	}
	return hits, nil
}

// embedQuery embeds a search query; nil for one without features.
func (h *Handler) embedQuery(ctx context.Context, q string) ([]float32, error) {
	vecs, err := h.d.Embedder.Embed(ctx, []string{q})
	if err != nil {
		return nil, err
	}
	if len(vecs) != 1 || len(vecs[0]) != h.d.Embedder.Dimension() {
		return nil, groupmem.Errorf(groupmem.EINTERNAL, "the embedder returned no usable vector")
	}
	if zero(vecs[0]) {
		return nil, nil
	}
	return vecs[0], nil
}

func zero(v []float32) bool {
	for _, x := range v {
		if x != 0 {
			return false
		}
	}
	return true
}

// history answers GET /memory/history/{memory_id}: every version of the
// memory that memory_id belongs to, oldest first, from the ledger.
func (h *Handler) history(w http.ResponseWriter, r *http.Request, c *call) error {
	id, err := idParam(r, "memory_id")
	if err != nil {
		return err
	}
	lineage, err := h.d.Ledger.Lineage(r.Context(), id)
	if err == nil {
		err = checkGroup(c.key, lineage[0].GroupID, "memory "+id)
	}
	if err != nil {
		return memoryError(err, id)
	}
	head := lineage[len(lineage)-1]
	writeJSON(w, http.StatusOK, struct {
		Success         bool         `json:"success"`
		MemoryID        string       `json:"memory_id"`
		LineageID       string       `json:"lineage_id"`
		GroupID         string       `json:"group_id"`
		CurrentVersion  int          `json:"current_version"`
		CurrentMemoryID string       `json:"current_memory_id"`
		CurrentStatus   string       `json:"current_status"`
		History         []memoryJSON `json:"history"`
	}{true, id, head.LineageID, head.GroupID, head.Version, head.ID, string(head.Status), memoriesOut(lineage)})
	return nil
}

// memoryError turns a not-found from the ledger into the one message any
// hidden or unknown memory gets.
func memoryError(err error, id string) error {
	if groupmem.ErrorCode(err) == groupmem.ENOTFOUND {
		return groupmem.Errorf(groupmem.ENOTFOUND, "memory %s not found", id)
	}
	return err
}
