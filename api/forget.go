package api

import (
	"net/http"
	"time"

	"github.com/groupmem/groupmem"
)

// purge answers DELETE /memory/groups/{group_id} (admin): the group is
// forgotten, every message, memory version, change, run and index point
// of it, and the answer says how many rows of each kind went. The removal
// is recorded without its text. Purging again removes nothing; the group
// can start again from nothing.
func (h *Handler) purge(w http.ResponseWriter, r *http.Request, c *call) error {
	g, err := groupParam(r)
	if err != nil {
		return err
	}
	if err := checkGroup(c.key, g, "group "+describe(g)); err != nil {
		return err
	}
	var body struct{}
	if _, err := readBody(w, r, smallBodyBytes, &body); err != nil {
		return err
	}
	removal, err := h.d.Service.Purge(r.Context(), g, c.key.Name)
	if err != nil {
		return err
	}
	if err := h.msgs.Forget(r.Context(), g); err != nil {
		// The ledger holds nothing of the group: the index drops the rest
		// when it next catches up with it.
		h.log.WarnContext(r.Context(), "remove a purged group from the message index", "group_id", g, "err", err)
	}
	removed := removal.Rows
	if removed == nil {
		removed = map[string]int{}
	}
	writeJSON(w, http.StatusOK, struct {
		Success bool           `json:"success"`
		GroupID string         `json:"group_id"`
		Removed map[string]int `json:"removed"`
		Total   int            `json:"total"`
	}{true, g, removed, removal.Total()})
	return nil
}

// redact answers DELETE /memory/messages/{group_id}/{message_id} (admin):
// the message's text is removed (its row stays, so evidence ids and
// watermarks stay valid); memory versions that quoted it have their
// statement redacted and the active ones among them are deleted; the
// active memories that only cited it get a new version marked for review.
// The answer names them. Redacting again changes nothing.
func (h *Handler) redact(w http.ResponseWriter, r *http.Request, c *call) error {
	g, err := groupParam(r)
	if err != nil {
		return err
	}
	id := r.PathValue("message_id")
	if err := groupmem.CheckMessageID(id); err != nil {
		return err
	}
	if err := checkGroup(c.key, g, "group "+describe(g)); err != nil {
		return err
	}
	var body struct{}
	if _, err := readBody(w, r, smallBodyBytes, &body); err != nil {
		return err
	}
	red, err := h.d.Service.Redact(r.Context(), g, id, c.key.Name)
	if err != nil {
		return err
	}
	if err := h.msgs.Forget(r.Context(), g, id); err != nil {
		// Searches check every hit against the ledger: the redacted
		// message is never returned, and its entry goes when found.
		h.log.WarnContext(r.Context(), "remove a redacted message from the message index", "group_id", g, "message_id", id, "err", err)
	}
	writeJSON(w, http.StatusOK, struct {
		Success         bool     `json:"success"`
		GroupID         string   `json:"group_id"`
		MessageID       string   `json:"message_id"`
		Changed         bool     `json:"changed"`
		RedactedMemory  []string `json:"redacted_memory_ids"`
		DeletedMemories []string `json:"deleted_memory_ids"`
		ReviewMemories  []string `json:"review_memory_ids"`
	}{true, g, id, red.ID != 0 || len(red.Review) > 0, list(red.Redacted), list(red.Deleted), list(red.Review)})
	return nil
}

// removalJSON is one entry of a group's removal record.
type removalJSON struct {
	Kind      string         `json:"kind"`
	Actor     string         `json:"actor"`
	RemovedAt time.Time      `json:"removed_at"`
	Rows      map[string]int `json:"rows"`
	Total     int            `json:"total"`
}

// removals answers GET /memory/removals/{group_id} (admin): the record of
// what was removed from the group, newest first — purges, redactions and
// retention — each with who removed it, when, and how many rows of each
// ledger table; never the removed text. A purge's record outlives the
// group it removed.
func (h *Handler) removals(w http.ResponseWriter, r *http.Request, c *call) error {
	g, err := groupParam(r)
	if err != nil {
		return err
	}
	p := params{q: c.query}
	limit := p.int("limit", 20, 1, maxLimit)
	if p.err != nil {
		return p.err
	}
	if err := checkGroup(c.key, g, "group "+describe(g)); err != nil {
		return err
	}
	rs, err := h.d.Ledger.Removals(r.Context(), g, limit)
	if err != nil {
		return err
	}
	out := make([]removalJSON, 0, len(rs))
	for _, rm := range rs {
		rows := rm.Rows
		if rows == nil {
			rows = map[string]int{}
		}
		out = append(out, removalJSON{Kind: rm.Kind, Actor: rm.Actor, RemovedAt: rm.RemovedAt.UTC(), Rows: rows, Total: rm.Total()})
	}
	writeJSON(w, http.StatusOK, struct {
		Success  bool          `json:"success"`
		GroupID  string        `json:"group_id"`
		Removals []removalJSON `json:"removals"`
	}{true, g, out})
	return nil
}
