package api

import (
	"net/http"

	"github.com/groupmem/groupmem"
)

// handler is what a route serves.
type handler = func(w http.ResponseWriter, r *http.Request, c *call) error

// resolver names the version a manual change acts on, from the request.
type resolver = func(r *http.Request, c *call) (string, error)

// ownMemory reads the memory id from the path and checks that the key may
// see its group; a memory of another group is ENOTFOUND, like an unknown
// one.
func (h *Handler) ownMemory(r *http.Request, c *call) (string, error) {
	id, err := idParam(r, "memory_id")
	if err != nil {
		return "", err
	}
	m, err := h.d.Ledger.Memory(r.Context(), id)
	if err == nil {
		err = checkGroup(c.key, m.GroupID, "memory "+id)
	}
	if err != nil {
		return "", memoryError(err, id)
	}
	return id, nil
}

// writeMemory answers the version a manual change left, or the change's
// error. Manual changes go through the Service (the worker's lock, commit
// and projection path) and are recorded with the key's name as actor.
func writeMemory(w http.ResponseWriter, id string, m groupmem.Memory, err error) error {
	if err != nil {
		return memoryError(err, id)
	}
	writeJSON(w, http.StatusOK, struct {
		Success bool       `json:"success"`
		Memory  memoryJSON `json:"memory"`
	}{true, memoryOut(m)})
	return nil
}

// delete answers DELETE /memory/{memory_id} and DELETE
// /memory/lineage/{lineage_id} (the current version) with an optional body
// {"reason": "..."}: the active version becomes deprecated (restorable).
// ECONFLICT when the version is not active.
func (h *Handler) delete(target resolver) handler {
	return func(w http.ResponseWriter, r *http.Request, c *call) error {
		id, err := target(r, c)
		if err != nil {
			return err
		}
		var body struct {
			Reason string `json:"reason"`
		}
		if _, err := readBody(w, r, smallBodyBytes, &body); err != nil {
			return err
		}
		reason, err := checkReason(body.Reason)
		if err != nil {
			return err
		}
		m, err := h.d.Service.Delete(r.Context(), id, c.key.Name, reason)
		return writeMemory(w, id, m, err)
	}
}

// restore answers PUT /memory/{memory_id}/restore and PUT
// /memory/lineage/{lineage_id}/restore (no body, or {}): a
// deprecated version becomes active again as it was; a superseded version
// is restored by writing its statement as a new version on top of its
// lineage, whose active version (if any) becomes superseded; restoring the
// active version changes nothing. It answers the version active afterwards.
func (h *Handler) restore(target resolver) handler {
	return func(w http.ResponseWriter, r *http.Request, c *call) error {
		id, err := target(r, c)
		if err != nil {
			return err
		}
		var body struct{}
		if _, err := readBody(w, r, smallBodyBytes, &body); err != nil {
			return err
		}
		m, err := h.d.Service.Restore(r.Context(), id, c.key.Name)
		return writeMemory(w, id, m, err)
	}
}

// strength answers PUT /memory/{memory_id}/strength and PUT
// /memory/lineage/{lineage_id}/strength with the body
// {"strength": 0..1}: the version's strength changes, its status does not.
func (h *Handler) strength(target resolver) handler {
	return func(w http.ResponseWriter, r *http.Request, c *call) error {
		id, err := target(r, c)
		if err != nil {
			return err
		}
		var body struct {
			Strength *float64 `json:"strength"`
		}
		present, err := readBody(w, r, smallBodyBytes, &body)
		if err != nil {
			return err
		}
		if !present || body.Strength == nil {
			return groupmem.Errorf(groupmem.EINVALID, `the body must be {"strength": <number from 0 to 1>}`)
		}
		if err := groupmem.CheckStrength(*body.Strength); err != nil {
			return err
		}
		m, err := h.d.Service.SetStrength(r.Context(), id, *body.Strength, c.key.Name)
		return writeMemory(w, id, m, err)
	}
}
