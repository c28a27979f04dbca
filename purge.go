package groupmem

import "time"

// Outbox entry kinds.
const (
	OutboxMemory = "memory" // project one memory version into the index
	OutboxPurge  = "purge"  // remove every index point of the group
)

// NilID is the id an outbox entry of kind OutboxPurge carries.
const NilID = "00000000-0000-0000-0000-000000000000"

// RemovalPurge is the kind of removal that forgets a whole group.
const RemovalPurge = "purge"

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

// PurgeTables are the ledger tables a purge removes a group's rows from,
// in the order it removes them.
var PurgeTables = []string{"memory_change_log", "outbox", "memory_versions", "evolution_jobs", "evolution_runs", "messages", "group_state"}
