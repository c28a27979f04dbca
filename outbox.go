package groupmem

import "time"

// Outbox entry kinds.
const (
	OutboxMemory = "memory" // project one memory version into the index
	OutboxPurge  = "purge"  // remove every index point of the group
	// OutboxMessages asks for the group's message index to catch up with
	// the ledger; storing messages queues it.
	OutboxMessages = "messages"
	// OutboxForget asks for the group's message index to let go of what it
	// holds of messages whose text is gone; a redaction and retention
	// queue it in the transaction that removes the text, so that a
	// process stopping before its relay ran loses none of that work.
	OutboxForget = "forget"
)

// NilID is the id an outbox entry of kind OutboxPurge, OutboxMessages or
// OutboxForget carries.
const NilID = "00000000-0000-0000-0000-000000000000"

// OutboxEntry asks the projector to bring one memory version's index point
// up to date with the ledger.
type OutboxEntry struct {
	ID        int64
	GroupID   string
	Kind      string // OutboxMemory or OutboxPurge
	MemoryID  string // the version to project (OutboxMemory); NilID for OutboxPurge
	Attempts  int
	CreatedAt time.Time
}
