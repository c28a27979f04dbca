package api

import (
	"net/http"
	"strconv"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/webhook"
)

// webhookJSON is the API's webhook object. Its secret is never in it:
// the answers of create and rotate carry it, once, beside it.
type webhookJSON struct {
	WebhookID    string     `json:"webhook_id"`
	URL          string     `json:"url"`
	Events       []string   `json:"events"`
	Groups       []string   `json:"groups"` // null: every group
	Status       string     `json:"status"` // active or paused
	PausedAt     *time.Time `json:"paused_at"`
	PausedReason string     `json:"paused_reason"`
	// PreviousSecretUntil is when the secret before the last rotation
	// stops signing; null when there is none.
	PreviousSecretUntil *time.Time `json:"previous_secret_until"`
	CreatedBy           string     `json:"created_by"`
	CreatedAt           time.Time  `json:"created_at"`
}

func webhookOut(w groupmem.Webhook) webhookJSON {
	out := webhookJSON{WebhookID: w.ID, URL: w.URL, Groups: w.Groups, Status: "active", PausedReason: w.PausedReason,
		CreatedBy: w.Actor, CreatedAt: w.CreatedAt.UTC(), PausedAt: timeOrNull(w.PausedAt)}
	for _, e := range w.Events {
		out.Events = append(out.Events, string(e))
	}
	if !w.PausedAt.IsZero() {
		out.Status = "paused"
	}
	if w.PreviousSecret != "" {
		out.PreviousSecretUntil = timeOrNull(w.PreviousUntil)
	}
	return out
}

func timeOrNull(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	t = t.UTC()
	return &t
}

// deliveryJSON is one entry of a webhook's delivery log.
type deliveryJSON struct {
	DeliveryID    int64      `json:"delivery_id"`
	EventID       string     `json:"event_id"`
	EventType     string     `json:"event_type"`
	GroupID       string     `json:"group_id"`
	Seq           int64      `json:"seq"`
	State         string     `json:"state"`
	Attempts      int        `json:"attempts"`
	LastStatus    int        `json:"last_status"`
	LastError     string     `json:"last_error"`
	LatencyMS     float64    `json:"latency_ms"`
	CreatedAt     time.Time  `json:"created_at"`
	LastAttemptAt *time.Time `json:"last_attempt_at"`
	DeliveredAt   *time.Time `json:"delivered_at"`
	// FirstFailedAt is when the retry window began; null while no
	// attempt failed.
	FirstFailedAt *time.Time `json:"first_failed_at"`
}

func deliveryOut(d groupmem.WebhookDelivery) deliveryJSON {
	return deliveryJSON{DeliveryID: d.ID, EventID: d.Event.ID, EventType: string(d.Event.Type), GroupID: d.Event.GroupID,
		Seq: d.Event.Seq, State: d.State, Attempts: d.Attempts, LastStatus: d.LastStatus, LastError: d.LastError,
		LatencyMS: float64(d.Latency.Microseconds()) / 1000, CreatedAt: d.CreatedAt.UTC(),
		LastAttemptAt: timeOrNull(d.LastAttemptAt), DeliveredAt: timeOrNull(d.DeliveredAt), FirstFailedAt: timeOrNull(d.FirstFailedAt)}
}

// hooks returns the subscriptions the API manages webhooks through;
// EUNAVAILABLE when the server has none.
func (h *Handler) hooks() (*webhook.Subscriptions, error) {
	if h.d.Webhooks == nil {
		return nil, groupmem.Errorf(groupmem.EUNAVAILABLE, "webhooks are not available on this server")
	}
	return h.d.Webhooks, nil
}

// administers reports whether key k may administer every group of w: a
// webhook of every group only a key of every group.
func administers(k *Key, w groupmem.Webhook) bool {
	if w.Groups == nil {
		return k.Groups == nil
	}
	for _, g := range w.Groups {
		if !k.AllowsGroup(g) {
			return false
		}
	}
	return true
}

// createWebhook answers POST /memory/webhooks (admin): a webhook of the
// URL for the event types, in the groups named, or in every group the
// key may administer when none are. The answer carries its secret, the
// only time it is shown. A bad URL, an unknown event type or a private
// address is 400, a group the key may not administer 403; nothing is
// stored then.
func (h *Handler) createWebhook(w http.ResponseWriter, r *http.Request, c *call) error {
	subs, err := h.hooks()
	if err != nil {
		return err
	}
	var body struct {
		URL    string   `json:"url"`
		Events []string `json:"events"`
		Groups []string `json:"groups"`
	}
	if _, err := readBody(w, r, smallBodyBytes, &body); err != nil {
		return err
	}
	in := webhook.NewWebhook{URL: body.URL, Groups: body.Groups, Actor: c.key.Name}
	for _, e := range body.Events {
		in.Events = append(in.Events, groupmem.EventType(e))
	}
	if in.Groups == nil {
		in.Groups = c.key.Groups
	}
	for _, g := range in.Groups {
		if err := groupmem.CheckGroupID(g); err == nil && !c.key.AllowsGroup(g) {
			return groupmem.Errorf(groupmem.EFORBIDDEN, "key %q may not administer group %s", c.key.Name, describe(g))
		}
	}
	hook, err := subs.Create(r.Context(), in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, secretAnswer{true, webhookOut(hook), hook.Secret})
	return nil
}

// secretAnswer is the answer that shows a webhook's secret.
type secretAnswer struct {
	Success bool        `json:"success"`
	Webhook webhookJSON `json:"webhook"`
	Secret  string      `json:"secret"`
}

// webhooks answers GET /memory/webhooks (admin): the webhooks whose every
// group the key may administer, oldest first, without their secrets.
func (h *Handler) webhooks(w http.ResponseWriter, r *http.Request, c *call) error {
	subs, err := h.hooks()
	if err != nil {
		return err
	}
	all, err := subs.Store.ListWebhooks(r.Context())
	if err != nil {
		return err
	}
	out := []webhookJSON{}
	for _, hook := range all {
		if administers(c.key, hook) {
			out = append(out, webhookOut(hook))
		}
	}
	writeJSON(w, http.StatusOK, struct {
		Success  bool          `json:"success"`
		Webhooks []webhookJSON `json:"webhooks"`
	}{true, out})
	return nil
}

// ownWebhook returns the webhook of the path, when the key administers
// it; ENOTFOUND otherwise, as for one that does not exist.
func (h *Handler) ownWebhook(r *http.Request, c *call) (*webhook.Subscriptions, groupmem.Webhook, error) {
	subs, err := h.hooks()
	if err != nil {
		return nil, groupmem.Webhook{}, err
	}
	id, err := idParam(r, "webhook_id")
	if err != nil {
		return nil, groupmem.Webhook{}, err
	}
	hook, err := subs.Store.Webhook(r.Context(), id)
	if err == nil && !administers(c.key, hook) {
		err = groupmem.Errorf(groupmem.ENOTFOUND, "webhook %q not found", id)
	}
	return subs, hook, err
}

// webhookAnswer writes one webhook.
func webhookAnswer(w http.ResponseWriter, hook groupmem.Webhook) {
	writeJSON(w, http.StatusOK, struct {
		Success bool        `json:"success"`
		Webhook webhookJSON `json:"webhook"`
	}{true, webhookOut(hook)})
}

// webhookByID answers GET /memory/webhooks/{webhook_id} (admin).
func (h *Handler) webhookByID(w http.ResponseWriter, r *http.Request, c *call) error {
	_, hook, err := h.ownWebhook(r, c)
	if err != nil {
		return err
	}
	webhookAnswer(w, hook)
	return nil
}

// deleteWebhook answers DELETE /memory/webhooks/{webhook_id} (admin): the
// webhook and its delivery log are removed; nothing more is sent to it.
func (h *Handler) deleteWebhook(w http.ResponseWriter, r *http.Request, c *call) error {
	subs, hook, err := h.ownWebhook(r, c)
	if err != nil {
		return err
	}
	if err := subs.Store.DeleteWebhook(r.Context(), hook.ID); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, struct {
		Success   bool   `json:"success"`
		WebhookID string `json:"webhook_id"`
	}{true, hook.ID})
	return nil
}

// rotateWebhook answers POST /memory/webhooks/{webhook_id}/rotate
// (admin): a new secret, shown once; the one before keeps signing beside
// it for 24 hours.
func (h *Handler) rotateWebhook(w http.ResponseWriter, r *http.Request, c *call) error {
	subs, hook, err := h.ownWebhook(r, c)
	if err != nil {
		return err
	}
	if hook, err = subs.Rotate(r.Context(), hook.ID); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, secretAnswer{true, webhookOut(hook), hook.Secret})
	return nil
}

// resumeWebhook answers POST /memory/webhooks/{webhook_id}/resume
// (admin): a paused webhook's deliveries start again from the event
// that failed.
func (h *Handler) resumeWebhook(w http.ResponseWriter, r *http.Request, c *call) error {
	subs, hook, err := h.ownWebhook(r, c)
	if err != nil {
		return err
	}
	if hook, err = subs.Store.ResumeWebhook(r.Context(), hook.ID); err != nil {
		return err
	}
	webhookAnswer(w, hook)
	return nil
}

// webhookDeliveries answers GET /memory/webhooks/{webhook_id}/deliveries
// (admin): the delivery log, newest first, a page at a time.
func (h *Handler) webhookDeliveries(w http.ResponseWriter, r *http.Request, c *call) error {
	subs, hook, err := h.ownWebhook(r, c)
	if err != nil {
		return err
	}
	p := params{q: c.query}
	limit := p.int("limit", 20, 1, maxLimit)
	var before int64
	if s, ok := c.query["cursor"]; ok {
		if before, err = strconv.ParseInt(s[0], 10, 64); err != nil || before <= 0 {
			p.fail("cursor must be the next_cursor of an earlier page, passed back unchanged")
		}
	}
	if p.err != nil {
		return p.err
	}
	ds, err := subs.Store.WebhookDeliveries(r.Context(), groupmem.WebhookDeliveryQuery{WebhookID: hook.ID, Before: before, Limit: limit + 1})
	if err != nil {
		return err
	}
	var next *string
	if len(ds) > limit {
		ds = ds[:limit]
		s := strconv.FormatInt(ds[limit-1].ID, 10)
		next = &s
	}
	out := make([]deliveryJSON, len(ds))
	for i, d := range ds {
		out[i] = deliveryOut(d)
	}
	writeJSON(w, http.StatusOK, struct {
		Success    bool           `json:"success"`
		WebhookID  string         `json:"webhook_id"`
		Deliveries []deliveryJSON `json:"deliveries"`
		NextCursor *string        `json:"next_cursor"`
	}{true, hook.ID, out, next})
	return nil
}

// replayWebhook answers POST /memory/webhooks/{webhook_id}/replay
// (admin): every event of the named event's group from it on is queued
// again for the webhook, with the ids it had, in order.
func (h *Handler) replayWebhook(w http.ResponseWriter, r *http.Request, c *call) error {
	subs, hook, err := h.ownWebhook(r, c)
	if err != nil {
		return err
	}
	var body struct {
		EventID string `json:"event_id"`
	}
	if _, err := readBody(w, r, smallBodyBytes, &body); err != nil {
		return err
	}
	if !groupmem.ValidID(body.EventID) {
		return groupmem.Errorf(groupmem.EINVALID, "event_id must be the UUID of an event (a delivery's event_id)")
	}
	n, err := subs.Store.ReplayWebhook(r.Context(), hook.ID, body.EventID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, struct {
		Success   bool   `json:"success"`
		WebhookID string `json:"webhook_id"`
		Queued    int    `json:"queued"`
	}{true, hook.ID, n})
	return nil
}
