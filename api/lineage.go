package api

import (
	"net/http"
	"slices"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/worker"
)

// currentOf reads a lineage id (any version's id names its lineage too)
// from the path, checks that the key may see its group, and returns the
// id of the lineage's current version: the active one, or the newest when
// the memory is deleted. A bot that kept a lineage id never holds a stale
// version.
func (h *Handler) currentOf(r *http.Request, c *call) (string, error) {
	id, err := idParam(r, "lineage_id")
	if err != nil {
		return "", err
	}
	lineage, err := h.d.Ledger.Lineage(r.Context(), id)
	if err == nil {
		err = checkGroup(c.key, lineage[0].GroupID, "memory "+id)
	}
	if err != nil {
		return "", memoryError(err, id)
	}
	return lineage[len(lineage)-1].ID, nil
}

// memory answers GET /memory/{memory_id} (that version) and GET
// /memory/lineage/{lineage_id} (the current version of the memory), with
// the messages its evidence names: who said what, and when. Evidence
// messages no longer stored are left out.
func (h *Handler) memory(target resolver) handler {
	return func(w http.ResponseWriter, r *http.Request, c *call) error {
		id, err := target(r, c)
		if err != nil {
			return err
		}
		m, err := h.d.Ledger.Memory(r.Context(), id)
		if err != nil {
			return memoryError(err, id)
		}
		msgs, err := h.d.Ledger.MessagesByID(r.Context(), m.GroupID, m.Evidence)
		if err != nil {
			return err
		}
		msgs = slices.DeleteFunc(msgs, func(m groupmem.Message) bool { return m.Content == "" }) // redacted
		writeJSON(w, http.StatusOK, struct {
			Success  bool          `json:"success"`
			Memory   memoryJSON    `json:"memory"`
			Evidence []messageJSON `json:"evidence_messages"`
		}{true, memoryOut(m), messagesOut(msgs)})
		return nil
	}
}

// messageJSON is one stored chat message, named as on the way in.
type messageJSON struct {
	ID         string    `json:"id"`
	SenderID   string    `json:"sender_id"`
	SenderName string    `json:"sender_name"`
	Content    string    `json:"content"`
	SentAt     time.Time `json:"sent_at"`
}

func messagesOut(msgs []groupmem.Message) []messageJSON {
	out := make([]messageJSON, len(msgs))
	for i, m := range msgs {
		out[i] = messageJSON{ID: m.ID, SenderID: m.SenderID, SenderName: m.SenderName, Content: m.Content, SentAt: m.SentAt.UTC()}
	}
	return out
}

// manualBody is the body of a memory written or edited by hand.
type manualBody struct {
	Statement *string   `json:"statement"`
	Tags      *[]string `json:"tags"`
	Subjects  *[]string `json:"subjects"`
	Strength  *float64  `json:"strength"`
	Reason    string    `json:"reason"`
}

// read reads and checks the body; the statement is required.
func (b *manualBody) read(w http.ResponseWriter, r *http.Request) (worker.ManualMemory, error) {
	present, err := readBody(w, r, smallBodyBytes, b)
	if err != nil {
		return worker.ManualMemory{}, err
	}
	if !present || b.Statement == nil {
		return worker.ManualMemory{}, groupmem.Errorf(groupmem.EINVALID,
			`the body must be {"statement": "...", "tags": [...], "subjects": [...], "strength": <0 to 1>, "reason": "..."}; statement is required`)
	}
	st, err := groupmem.CleanStatement(*b.Statement)
	if err != nil {
		return worker.ManualMemory{}, err
	}
	reason, err := checkReason(b.Reason)
	if err != nil {
		return worker.ManualMemory{}, err
	}
	out := worker.ManualMemory{Statement: st, Strength: b.Strength, Reason: reason}
	if b.Strength != nil {
		if err := groupmem.CheckStrength(*b.Strength); err != nil {
			return out, err
		}
	}
	if b.Tags != nil {
		out.Tags = append([]string{}, *b.Tags...)
	}
	if b.Subjects != nil {
		out.Subjects = append([]string{}, *b.Subjects...)
	}
	return out, nil
}

// checkSubjects returns EINVALID unless every subject is a member of
// group g: a sender who wrote in it.
func (h *Handler) checkSubjects(r *http.Request, g string, subjects []string) error {
	if len(subjects) > groupmem.MaxSubjects {
		return groupmem.Errorf(groupmem.EINVALID, "subjects holds %d members, at most %d", len(subjects), groupmem.MaxSubjects)
	}
	for _, s := range subjects {
		if _, _, err := h.d.Ledger.Member(r.Context(), g, s, 0); err != nil {
			if c := groupmem.ErrorCode(err); c == groupmem.ENOTFOUND || c == groupmem.EINVALID {
				return groupmem.Errorf(groupmem.EINVALID, "subject %q is no member of the group: no message of theirs is stored", groupmem.Truncate(s, 80))
			}
			return err
		}
	}
	return nil
}

// create answers POST /memory/create/{group_id}: a memory written by hand,
// version 1 of a new lineage, with the key's name as its author in the
// change log. 201 with the version written.
func (h *Handler) create(w http.ResponseWriter, r *http.Request, c *call) error {
	g, err := groupParam(r)
	if err != nil {
		return err
	}
	if err := checkGroup(c.key, g, "group "+describe(g)); err != nil {
		return err
	}
	var body manualBody
	in, err := body.read(w, r)
	if err != nil {
		return err
	}
	if err := h.checkSubjects(r, g, in.Subjects); err != nil {
		return err
	}
	m, err := h.d.Service.Create(r.Context(), g, c.key.Name, in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, struct {
		Success bool       `json:"success"`
		Memory  memoryJSON `json:"memory"`
	}{true, memoryOut(m)})
	return nil
}

// edit answers PUT /memory/{memory_id}: a new version of the active
// version written by hand, its parent the version edited, which becomes
// superseded. Tags and strength carry over unless given. ECONFLICT, naming
// the current version, when the version is not the active one.
func (h *Handler) edit(w http.ResponseWriter, r *http.Request, c *call) error {
	id, err := h.ownMemory(r, c)
	if err != nil {
		return err
	}
	var body manualBody
	in, err := body.read(w, r)
	if err != nil {
		return err
	}
	if in.Subjects != nil {
		old, err := h.d.Ledger.Memory(r.Context(), id)
		if err != nil {
			return memoryError(err, id)
		}
		if err := h.checkSubjects(r, old.GroupID, in.Subjects); err != nil {
			return err
		}
	}
	m, err := h.d.Service.Edit(r.Context(), id, c.key.Name, in)
	return writeMemory(w, id, m, err)
}
