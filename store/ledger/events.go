package ledger

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/groupmem/groupmem"
)

// EventTables are the tables that hold a group's webhook events and their
// deliveries. A purge empties them of the group's rows apart from its own
// group.purged event and its streams (EmptyEvents and PurgeEvent), without counting them
// among the removed rows: they are a copy of what went, on its way out.
var EventTables = []string{"webhook_deliveries", EventStreamTable, "webhook_events"}

// EventStreamTable holds the streams (webhook, group) and their leases.
// They hold no text, and a purge keeps them.
//
// TakeLeases: a redaction's scrub and a purge give each leased stream of
// the group a new lease token that nobody holds, and keep leased_until.
// The holder's next record of attempts fails with ESTALE, so it stops
// sending what it read before the change; nobody else can claim the
// stream before leased_until, so what the change queued (the scrubbed
// events, group.purged) goes only after the holder has stopped.
const EventStreamTable = "webhook_streams"

// EventSeqTable holds each group's last event seq. A purge keeps the
// group's row (a number, no text), so that the group.purged event and
// every later event of the group follow the seq of the events before it.
const EventSeqTable = "webhook_event_seq"

// PlanEvents returns the events of a committed plan: one per change-log
// row (stamped), in their order, then the end of run (finished), which
// is run.succeeded for an evolution; a change made by hand (TriggerAdmin)
// has no run event.
func PlanEvents(changes []groupmem.Change, run groupmem.Run) []groupmem.Event {
	out := ChangeEvents(changes)
	if e, ok := RunEvent(run); ok {
		out = append(out, e)
	}
	return out
}

// ChangeEvents returns the events of change-log rows, in their order.
func ChangeEvents(changes []groupmem.Change) []groupmem.Event {
	var out []groupmem.Event
	for _, c := range changes {
		if e, ok := changeEvent(c); ok {
			out = append(out, e)
		}
	}
	return out
}

// changeEvent is the event of one change-log row.
func changeEvent(c groupmem.Change) (groupmem.Event, bool) {
	d := groupmem.EventData{MemoryID: c.MemoryID, Version: c.Version, Reason: c.Reason, RunID: c.RunID, Actor: c.Actor}
	if c.NewMemoryID != "" && c.NewMemoryID != c.MemoryID {
		d.MemoryID, d.ParentID = c.NewMemoryID, c.MemoryID
	}
	var t groupmem.EventType
	switch c.Action {
	case groupmem.ActionCreate:
		t, d.Statement = groupmem.EventMemoryCreated, c.NewStatement
	case groupmem.ActionUpdate, groupmem.ActionStrength:
		t, d.Statement, d.OldStatement = groupmem.EventMemoryUpdated, c.NewStatement, c.OldStatement
	case groupmem.ActionDelete:
		t, d.Statement = groupmem.EventMemoryDeleted, c.OldStatement
	case groupmem.ActionRestore:
		t, d.Statement = groupmem.EventMemoryRestored, c.NewStatement
	default:
		return groupmem.Event{}, false
	}
	if d.Statement == "" {
		d.Statement = c.OldStatement
	}
	return newEvent(c.GroupID, t, c.CreatedAt, d), true
}

// RunEvent returns the event of an evolution's end: run.succeeded for a
// committed plan or nothing to do, run.failed for a failure that is not an
// abandonment (a run whose worker stopped or lost the group sends nothing),
// run.held_for_review for a run the guard held. A dry run, a running run
// and a change made by hand have none.
func RunEvent(run groupmem.Run) (groupmem.Event, bool) {
	if run.Trigger == groupmem.TriggerAdmin {
		return groupmem.Event{}, false
	}
	var t groupmem.EventType
	switch run.Status {
	case groupmem.RunSucceeded, groupmem.RunNoop:
		t = groupmem.EventRunSucceeded
	case groupmem.RunFailed:
		if r := run.Report.Reason; r == groupmem.FailAbandoned || r == groupmem.FailLeaseLost {
			return groupmem.Event{}, false
		}
		t = groupmem.EventRunFailed
	case groupmem.RunReview:
		t = groupmem.EventRunHeld
	default:
		return groupmem.Event{}, false
	}
	stats := run.Stats
	d := groupmem.EventData{RunID: run.ID, Trigger: run.Trigger, Status: string(run.Status), Stats: &stats,
		Actor: run.Actor, Reason: run.Report.Reason}
	return newEvent(run.GroupID, t, run.FinishedAt, d), true
}

// PurgeEvent returns a purge's group.purged event: the counts, no text.
func PurgeEvent(r groupmem.Removal) groupmem.Event {
	return newEvent(r.GroupID, groupmem.EventGroupPurged, r.RemovedAt, groupmem.EventData{Actor: r.Actor, Removed: r.Rows})
}

// RedactEvent returns a redaction's message.redacted event: the message's
// id and the versions redacted and deleted, no text.
func RedactEvent(r groupmem.Redaction) groupmem.Event {
	return newEvent(r.GroupID, groupmem.EventMessageRedacted, r.RemovedAt, groupmem.EventData{Actor: r.Actor,
		MessageID: r.MessageID, Redacted: r.Redacted, Deleted: r.Deleted})
}

func newEvent(groupID string, t groupmem.EventType, at time.Time, d groupmem.EventData) groupmem.Event {
	d.GroupID = groupID
	return groupmem.Event{ID: groupmem.NewID(), GroupID: groupID, Type: t, At: at, Data: d}
}

// EventRow is an event as a ledger stores it: the statements in columns
// of their own (a redaction scrubs them there), the rest as JSON.
type EventRow struct {
	ID, Type, Statement, OldStatement string
	Data                              []byte
}

// EncodeEvent returns the stored form of e.
func EncodeEvent(e groupmem.Event) EventRow {
	d := e.Data
	row := EventRow{ID: e.ID, Type: string(e.Type), Statement: d.Statement, OldStatement: d.OldStatement}
	d.Statement, d.OldStatement, d.Seq = "", "", 0
	row.Data, _ = json.Marshal(d) // plain strings, numbers, lists and maps always marshal
	return row
}

// DecodeEvent reads an event back from its stored form.
func DecodeEvent(e *groupmem.Event, data []byte, statement, oldStatement string) error {
	if err := json.Unmarshal(data, &e.Data); err != nil {
		return fmt.Errorf("read event %s: %w", e.ID, err)
	}
	e.Data.Statement, e.Data.OldStatement, e.Data.Seq, e.Data.GroupID = statement, oldStatement, e.Seq, e.GroupID
	return nil
}

// WebhookError is the error of a webhook id that names none.
func WebhookError(id string) error {
	return groupmem.Errorf(groupmem.ENOTFOUND, "webhook %q not found", groupmem.Truncate(id, 80))
}

// LostLease is the error of an attempt whose claim another took over.
func LostLease(a groupmem.WebhookAttempt) error {
	return groupmem.Errorf(groupmem.ESTALE, "the claim of webhook %s's stream of group %s is not held by lease %s any more",
		a.WebhookID, a.GroupID, a.Lease)
}

// MaxDeliveryError bounds the error text a delivery log keeps.
const MaxDeliveryError = 500

// CleanAttempt returns a with its errors cleaned and cut to
// MaxDeliveryError bytes.
func CleanAttempt(a groupmem.WebhookAttempt) groupmem.WebhookAttempt {
	a.Results = slices.Clone(a.Results)
	for i := range a.Results {
		a.Results[i].Error = groupmem.Truncate(groupmem.CleanText(a.Results[i].Error), MaxDeliveryError)
	}
	return a
}

// EventError is the error of an event id that names no event a webhook
// covers, or one pruned after the retention.
func EventError(id string) error {
	return groupmem.Errorf(groupmem.ENOTFOUND, "event %q not found among the webhook's groups; "+
		"events every webhook got are pruned after the retention and cannot be replayed", groupmem.Truncate(id, 80))
}

// ReplayGapError is the error of a replay from an event some later
// event of whose group was pruned: the replay would skip it.
func ReplayGapError(id string) error {
	return groupmem.Errorf(groupmem.ECONFLICT, "events after %q were pruned after the retention, so a replay from it "+
		"would skip them; replay from a later event", groupmem.Truncate(id, 80))
}

// RotationError is the error of a rotation of w while the secret before
// its current one still signs.
func RotationError(w groupmem.Webhook) error {
	return groupmem.Errorf(groupmem.ECONFLICT, "webhook %s was rotated recently: its previous secret still signs until %s, "+
		"and a rotation now would drop it; rotate again after then", w.ID, w.PreviousUntil.UTC().Format(time.RFC3339))
}

// EventTypeNames returns types as strings.
func EventTypeNames(types []groupmem.EventType) []string {
	out := make([]string, len(types))
	for i, t := range types {
		out[i] = string(t)
	}
	return out
}
