package api

import (
	"net/http"
	"time"

	"github.com/groupmem/groupmem"
)

// messageIn is one chat message of an ingestion batch.
type messageIn struct {
	ID         string `json:"id"`
	SenderID   string `json:"sender_id"`
	SenderName string `json:"sender_name"`
	Content    string `json:"content"`
	SentAt     string `json:"sent_at"`
}

// ingest answers POST /memory/messages/{group_id} with the body
// {"messages": [{"id", "sender_id", "sender_name", "content", "sent_at"}]}:
// it stores 1 to groupmem.MaxBatchMessages messages in the group's stream,
// in the order given. A message whose id the group already holds is
// skipped, so a batch can be resent safely. Text is cleaned and cut to its
// limits by the ledger. The answer says how many were received and how many
// were new.
func (h *Handler) ingest(w http.ResponseWriter, r *http.Request, c *call) error {
	g, err := groupParam(r)
	if err != nil {
		return err
	}
	if err := checkGroup(c.key, g, "group "+describe(g)); err != nil {
		return err
	}
	var body struct {
		Messages []messageIn `json:"messages"`
	}
	present, err := readBody(w, r, h.cfg.MaxBodyBytes, &body)
	if err != nil {
		return err
	}
	if !present || len(body.Messages) == 0 {
		return groupmem.Errorf(groupmem.EINVALID, `the body must be {"messages": [...]} with 1 to %d messages`, groupmem.MaxBatchMessages)
	}
	if len(body.Messages) > groupmem.MaxBatchMessages {
		return groupmem.Errorf(groupmem.ETOOLARGE, "a batch holds at most %d messages; got %d", groupmem.MaxBatchMessages, len(body.Messages))
	}
	msgs := make([]groupmem.Message, len(body.Messages))
	for i, in := range body.Messages {
		m, err := messageFrom(g, in)
		if err != nil {
			return groupmem.Errorf(groupmem.EINVALID, "messages[%d]: %s", i, groupmem.ErrorMessage(err))
		}
		msgs[i] = m
	}
	n, err := h.d.Ledger.InsertMessages(r.Context(), msgs)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, struct {
		Success  bool   `json:"success"`
		GroupID  string `json:"group_id"`
		Received int    `json:"received"`
		Inserted int    `json:"inserted"`
	}{true, g, len(msgs), n})
	return nil
}

// messageFrom checks one message of a batch and cleans it.
func messageFrom(g string, in messageIn) (groupmem.Message, error) {
	if in.SentAt == "" {
		return groupmem.Message{}, groupmem.Errorf(groupmem.EINVALID, "sent_at is required")
	}
	t, err := time.Parse(time.RFC3339Nano, in.SentAt)
	if err != nil || t.Year() < 1970 || t.Year() > 9999 {
		return groupmem.Message{}, groupmem.Errorf(groupmem.EINVALID, "sent_at must be an RFC 3339 time such as 2026-01-15T12:30:00Z")
	}
	return groupmem.CleanMessage(groupmem.Message{
		GroupID: g, ID: in.ID, SenderID: in.SenderID, SenderName: in.SenderName, Content: in.Content, SentAt: t.UTC(),
	})
}
