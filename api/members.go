package api

import (
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/groupmem/groupmem"
)

// memberJSON is one member of a group.
type memberJSON struct {
	SenderID       string    `json:"sender_id"`
	DisplayName    string    `json:"display_name"`
	Names          []string  `json:"names"`
	Messages       int64     `json:"messages"`
	FirstMessageAt time.Time `json:"first_message_at"`
	LastMessageAt  time.Time `json:"last_message_at"`
	Memories       int       `json:"memories"`
}

func memberOut(m groupmem.Member) memberJSON {
	return memberJSON{SenderID: m.SenderID, DisplayName: m.DisplayName, Names: list(m.Names), Messages: m.Messages,
		FirstMessageAt: m.FirstAt.UTC(), LastMessageAt: m.LastAt.UTC(), Memories: m.Memories}
}

// members answers GET /memory/members/{group_id}: the group's members (its
// senders, one each whatever names they wrote under), in sender id order,
// one page at a time, each with their names, message count, first and
// last message and the number of active memories about them.
func (h *Handler) members(w http.ResponseWriter, r *http.Request, c *call) error {
	g, err := groupParam(r)
	if err != nil {
		return err
	}
	p := params{q: c.query}
	limit := p.int("limit", 50, 1, maxLimit)
	after := p.cursor("cursor")
	if p.err != nil {
		return p.err
	}
	if err := checkGroup(c.key, g, "group "+describe(g)); err != nil {
		return err
	}
	page, err := h.d.Ledger.Members(r.Context(), groupmem.MemberQuery{GroupID: g, After: after.ID, Limit: limit + 1})
	if err != nil {
		return err
	}
	var next *string
	if len(page) > limit {
		page = page[:limit]
		next = nullable(cursor{At: time.Unix(0, 0).UTC(), ID: page[len(page)-1].SenderID}.String())
	}
	out := make([]memberJSON, len(page))
	for i, m := range page {
		out[i] = memberOut(m)
	}
	writeJSON(w, http.StatusOK, struct {
		Success    bool         `json:"success"`
		GroupID    string       `json:"group_id"`
		NextCursor *string      `json:"next_cursor"`
		Members    []memberJSON `json:"members"`
	}{true, g, next, out})
	return nil
}

// aboutJSON is a memory with the messages its evidence names.
type aboutJSON struct {
	memoryJSON
	EvidenceMessages []messageJSON `json:"evidence_messages"`
}

// Bounds of one member's answer.
const (
	maxMemberMemories = 100 // memories about the member
	maxGroupHabits    = 500 // the group's active memories read for the habits they take part in
)

// member answers GET /memory/members/{group_id}/{sender_id}: the member,
// the active memories about them (newest first, at most 100) with the
// messages each rests on, and the group's other active memories whose
// evidence holds a message of theirs: the habits and settings they take
// part in. A sender who never wrote in the group is ENOTFOUND.
func (h *Handler) member(w http.ResponseWriter, r *http.Request, c *call) error {
	g, err := groupParam(r)
	if err != nil {
		return err
	}
	sender := r.PathValue("sender_id")
	if err := checkGroup(c.key, g, "group "+describe(g)); err != nil {
		return err
	}
	m, about, err := h.d.Ledger.Member(r.Context(), g, sender, maxMemberMemories)
	if err != nil {
		return err
	}
	group, err := h.d.Ledger.Memories(r.Context(), groupmem.MemoryQuery{GroupID: g, Status: groupmem.StatusActive, Limit: maxGroupHabits})
	if err != nil {
		return err
	}
	others := slices.DeleteFunc(group.Memories, func(x groupmem.Memory) bool {
		return slices.ContainsFunc(x.Tags, func(t string) bool { return strings.HasPrefix(t, groupmem.SubjectTag) })
	})
	msgs, err := h.evidence(r, g, append(slices.Clone(about), others...))
	if err != nil {
		return err
	}
	takesPart := func(x groupmem.Memory) bool {
		return slices.ContainsFunc(x.Evidence, func(id string) bool { return msgs[id].SenderID == sender })
	}
	habits := []aboutJSON{}
	for _, x := range others {
		if takesPart(x) {
			habits = append(habits, withEvidence(x, msgs))
		}
	}
	out := make([]aboutJSON, len(about))
	for i, x := range about {
		out[i] = withEvidence(x, msgs)
	}
	writeJSON(w, http.StatusOK, struct {
		Success  bool        `json:"success"`
		GroupID  string      `json:"group_id"`
		Member   memberJSON  `json:"member"`
		Memories []aboutJSON `json:"memories"`
		Habits   []aboutJSON `json:"habits"`
	}{true, g, memberOut(m), out, habits})
	return nil
}

// evidence reads, by id, the stored messages the memories' evidence names;
// redacted ones are left out.
func (h *Handler) evidence(r *http.Request, g string, mems []groupmem.Memory) (map[string]groupmem.Message, error) {
	var ids []string
	for _, x := range mems {
		ids = append(ids, x.Evidence...)
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	found, err := h.d.Ledger.MessagesByID(r.Context(), g, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[string]groupmem.Message, len(found))
	for _, m := range found {
		if m.Content != "" {
			out[m.ID] = m
		}
	}
	return out, nil
}

// withEvidence is x with the messages of its evidence that msgs holds, in
// the order of its evidence.
func withEvidence(x groupmem.Memory, msgs map[string]groupmem.Message) aboutJSON {
	var ev []groupmem.Message
	for _, id := range x.Evidence {
		if m, ok := msgs[id]; ok {
			ev = append(ev, m)
		}
	}
	return aboutJSON{memoryOut(x), nonNil(messagesOut(ev))}
}
