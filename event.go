package groupmem

import (
	"slices"
	"time"
)

// EventType names what an event says happened. Events are what webhooks
// deliver; each is written by the transaction that made it true.
type EventType string

// The event types.
const (
	EventMemoryCreated   EventType = "memory.created"
	EventMemoryUpdated   EventType = "memory.updated" // a new version, or a strength set by hand
	EventMemoryDeleted   EventType = "memory.deleted"
	EventMemoryRestored  EventType = "memory.restored"
	EventRunSucceeded    EventType = "run.succeeded" // an evolution committed its plan, or had nothing to do
	EventRunFailed       EventType = "run.failed"    // an evolution ended without applying anything, for a reason it recorded
	EventRunHeld         EventType = "run.held_for_review"
	EventGroupPurged     EventType = "group.purged"
	EventMessageRedacted EventType = "message.redacted"
)

// EventTypes lists every event type, in the order the API documents them.
var EventTypes = []EventType{EventMemoryCreated, EventMemoryUpdated, EventMemoryDeleted, EventMemoryRestored,
	EventRunSucceeded, EventRunFailed, EventRunHeld, EventGroupPurged, EventMessageRedacted}

// CheckEventType returns EINVALID, naming the known types, for a type that
// is not one of EventTypes.
func CheckEventType(t EventType) error {
	if slices.Contains(EventTypes, t) {
		return nil
	}
	return Errorf(EINVALID, "unknown event type %q; known types: memory.created, memory.updated, memory.deleted, "+
		"memory.restored, run.succeeded, run.failed, run.held_for_review, group.purged, message.redacted", Truncate(string(t), 60))
}

// Event is one thing that happened to a group, as its webhooks tell it.
// Its ID is stable: every delivery of the event, retried or replayed,
// carries it, so that a receiver can drop duplicates. Seq is its place in
// the group's events, which is the order the transactions that wrote them
// committed in.
type Event struct {
	ID      string
	GroupID string
	Seq     int64
	Type    EventType
	At      time.Time // when the transaction that wrote it committed (its "now")
	Data    EventData
}

// EventData is what an event carries: ids and what changed, never the
// text of a message. A statement that quoted a message redacted later is
// redacted in every event not yet delivered too, and a purge removes the
// group's undelivered events; the fields that do not apply are empty.
type EventData struct {
	GroupID      string         `json:"group_id"`
	Seq          int64          `json:"seq"`
	MemoryID     string         `json:"memory_id,omitempty"` // the version the change wrote (or, for a delete, left)
	ParentID     string         `json:"parent_id,omitempty"` // the version it replaced
	Version      int            `json:"version,omitempty"`
	Statement    string         `json:"statement,omitempty"`
	OldStatement string         `json:"old_statement,omitempty"`
	Reason       string         `json:"reason,omitempty"`
	RunID        string         `json:"run_id,omitempty"`
	Trigger      string         `json:"trigger,omitempty"`
	Status       string         `json:"status,omitempty"` // a run's
	Stats        *Stats         `json:"stats,omitempty"`
	Actor        string         `json:"actor,omitempty"`
	MessageID    string         `json:"message_id,omitempty"`
	Redacted     []string       `json:"redacted,omitempty"` // versions whose statement a redaction removed
	Deleted      []string       `json:"deleted,omitempty"`  // versions a redaction deleted
	Removed      map[string]int `json:"removed,omitempty"`  // a purge's counts by table
}

// Webhook is one subscription: events of the given types in the given
// groups are signed with Secret and posted to URL, in commit order per
// group.
type Webhook struct {
	ID     string
	URL    string
	Events []EventType
	// Groups are the groups whose events it receives; nil means every
	// group.
	Groups []string
	// Secret signs deliveries ("whsec_" and base64). A rotation keeps the
	// secret before it, PreviousSecret, signing beside the new one until
	// PreviousUntil.
	Secret         string
	PreviousSecret string
	PreviousUntil  time.Time
	Actor          string // the key that created it
	CreatedAt      time.Time
	// PausedAt is set when deliveries stopped because one failed for the
	// whole retry window; PausedReason says which and why. Events keep
	// being queued while it is paused and are sent once it resumes.
	PausedAt     time.Time
	PausedReason string
}

// Covers reports whether the webhook receives events of type t in group g.
func (w Webhook) Covers(g string, t EventType) bool {
	return w.CoversGroup(g) && slices.Contains(w.Events, t)
}

// CoversGroup reports whether the webhook receives events of group g.
func (w Webhook) CoversGroup(g string) bool { return w.Groups == nil || slices.Contains(w.Groups, g) }

// Delivery states.
const (
	DeliveryPending   = "pending"   // not yet accepted by the receiver
	DeliveryDelivered = "delivered" // the receiver answered 2xx
)

// WebhookDelivery is one event on its way to one webhook, and the log of
// its attempts.
type WebhookDelivery struct {
	ID         int64
	WebhookID  string
	Event      Event
	State      string // DeliveryPending or DeliveryDelivered
	Attempts   int
	LastStatus int    // the HTTP status of the last attempt; 0 when none came
	LastError  string // why the last attempt failed
	Latency    time.Duration
	// CreatedAt is when the delivery was queued, or queued again by a
	// replay.
	CreatedAt     time.Time
	LastAttemptAt time.Time
	DeliveredAt   time.Time
	// FirstFailedAt is when the first failed attempt since it was queued
	// (or its webhook resumed) was made; zero while none failed. Its
	// retry window is measured from there, so that an event that waited
	// behind a long backlog still gets the whole window.
	FirstFailedAt time.Time
}

// WebhookBatch is one claimed stream, the events of one group for one
// webhook: the next pending deliveries in order, held under Lease until a
// WebhookAttempt releases it or the lease runs out.
type WebhookBatch struct {
	Webhook    Webhook
	GroupID    string
	Lease      string
	Deliveries []WebhookDelivery
	// LeasedUntil is when the claim runs out unless an attempt renews
	// it, by the ledger's clock.
	LeasedUntil time.Time
}

// ClaimWebhooksParams selects streams to deliver.
type ClaimWebhooksParams struct {
	Streams   int           // at most this many streams
	PerStream int           // at most this many deliveries of each
	Lease     time.Duration // how long the claim holds without an attempt renewing it
	// PerWebhook, when positive, bounds the streams of one webhook the
	// caller holds: the claim takes at most PerWebhook - Busy[id] streams
	// of webhook id, so that a slow receiver's streams never take every
	// place.
	PerWebhook int
	Busy       map[string]int
}

// WebhookAttempt records attempts at a claimed stream's deliveries, in
// the order they were made, and renews or ends the claim.
type WebhookAttempt struct {
	WebhookID, GroupID, Lease string
	Results                   []DeliveryResult
	// Release ends the claim; the stream is due again at NextAt (the
	// retry time after a failure). Otherwise the claim is renewed for
	// Renew.
	Release bool
	NextAt  time.Time
	Renew   time.Duration
}

// DeliveryResult is one attempt at one delivery.
type DeliveryResult struct {
	DeliveryID int64
	Delivered  bool // the receiver answered 2xx
	Status     int
	Error      string
	Latency    time.Duration
}

// WebhookDeliveryQuery selects a page of a webhook's delivery log, newest
// first.
type WebhookDeliveryQuery struct {
	WebhookID string
	Before    int64 // only deliveries with a smaller id; 0 for the newest
	Limit     int
}

// PruneWebhooksParams selects what a prune removes: deliveries delivered
// before Before, and then events older than Before that no delivery
// still refers to (every webhook that covered them got them, or was
// deleted), at most Limit rows of each.
type PruneWebhooksParams struct {
	Before time.Time
	Limit  int
}

// PrunedWebhooks counts what one prune removed.
type PrunedWebhooks struct {
	Deliveries, Events int
}
