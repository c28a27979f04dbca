package groupmem

import (
	"time"
)

// Kinds of removal.
const (
	RemovalPurge  = "purge"  // a whole group forgotten
	RemovalRedact = "redact" // one message's text removed
	// RemovalRetention is the text of a group's fused messages older than
	// the retention period, removed by the scheduler.
	RemovalRetention = "retention"
)

// Redacted replaces, in memory statements and the change log, the text of
// a redacted message.
const Redacted = "[redacted]"

// Redaction is what redacting one message did: the removal record, and
// the memory versions whose statement quoted the message (now Redacted),
// of which the active ones were deleted.
type Redaction struct {
	Removal
	MessageID string
	Redacted  []string // versions whose statement was replaced
	Deleted   []string // active versions among them, now deprecated
	// Review lists the versions written for the active memories that
	// cited the message without quoting it: the same statement, the
	// message left out of the evidence, tagged TagReview. The service
	// writes them; a ledger's RedactMessage leaves Review empty.
	Review []string
}

// TagReview marks a version written because a message its memory rested
// on was redacted: a person, or the next evolution, should check that the
// memory still holds.
const TagReview = "review"

// Removal records one removal: what kind, of which group, by whom, when,
// and how many rows of each table it removed; never the removed text.
type Removal struct {
	ID        int64
	GroupID   string
	Kind      string
	Actor     string
	Rows      map[string]int // by table
	RemovedAt time.Time
}

// Total is the number of rows removed.
func (r Removal) Total() int {
	n := 0
	for _, c := range r.Rows {
		n += c
	}
	return n
}
