package groupmem

import (
	"context"
	"time"
)

// Transfer moves one group's ledger rows out whole and back in exactly:
// what export and import (package archive) read and write. Both ledgers
// implement it (store/postgres, store/sqlite) beside Ledger.
type Transfer interface {
	// ExportGroup calls emit with the group's rows, a page at a time, all
	// read from one snapshot of the ledger: the runs (every run with
	// q.AllRuns, otherwise those that a version or a change-log row
	// names) in id order, the messages with q.Messages in seq order, the
	// memory versions in lineage order (lineage id, then version: a
	// version's parent comes before it), the change log in the order it
	// was written, and last the group's state. It holds at most one page
	// at a time, whatever the group's size. Times are those stored; a
	// ledger that keeps nanoseconds gives them. EINVALID for a bad group
	// id; an error of emit ends the export and is returned.
	ExportGroup(ctx context.Context, q ExportQuery, emit func(GroupRows) error) error

	// ImportGroup writes the rows next returns, until it returns io.EOF,
	// into the group groupID, which must hold no message, version, change
	// or run (ECONFLICT otherwise), in one transaction: nothing is written
	// unless everything is. The batches must come in the order
	// ExportGroup gives them, each of one kind, the state last. Every
	// row is written as given (ids, parents, versions, times), into
	// groupID whatever group the rows name; change-log rows get new ids
	// in the order given. The group's state becomes the one given, and
	// one outbox entry per version (and one for the message index, when
	// messages came) has the relay bring the indexes up to date.
	// EINVALID, naming the line of GroupRows.Lines, for a row the ledger
	// refuses: an id another row holds already (of any group), a version
	// or change naming a run, or a change naming a version, that is not
	// of the import. An error of next ends the import and is returned.
	// next may be called for the following batch while one is written,
	// from another goroutine (never two calls at once); every call has
	// returned when ImportGroup returns. Runs are written in the order
	// they began, whatever their order in the file (an export's is by
	// id, which is random), so that imports of several groups at once,
	// whose runs add to the same days' usage, do not wait on each other
	// in a cycle.
	ImportGroup(ctx context.Context, groupID string, next func() (GroupRows, error)) (GroupCounts, error)
}

// ExportQuery says what ExportGroup reads.
type ExportQuery struct {
	GroupID  string
	Messages bool // also every message of the group
	AllRuns  bool // every run, not only those the versions and the change log name
	PageSize int  // rows per page (default DefaultTransferPage)
}

// DefaultTransferPage is the page of ExportGroup when ExportQuery names
// none.
const DefaultTransferPage = 1000

// GroupRows is a batch of one kind of a group's rows, as ExportGroup
// gives them and ImportGroup takes them: exactly one of its fields is
// set.
type GroupRows struct {
	Runs     []Run
	Messages []StoredMessage
	Memories []Memory // embeddings included when the ledger holds them
	Changes  []Change // on import, ID and Manual are ignored
	State    *GroupState
	// Lines are, on import, the line of each row in its file, in order;
	// a ledger names them in its errors. Nil on export.
	Lines []int
}

// StoredMessage is a message as the ledger holds it: with the time its
// text was removed (by a redaction or retention), when it was.
type StoredMessage struct {
	Message
	RedactedAt time.Time // zero while the message has its text
}

// GroupState is where a group stands in the ledger.
type GroupState struct {
	Watermark int64 // seq of the last message fused
	Fence     int64 // the group's fencing token
	NextSeq   int64 // the seq its next message gets
}

// GroupCounts counts a group's rows by kind.
type GroupCounts struct {
	Runs     int `json:"runs"`
	Messages int `json:"messages"`
	Memories int `json:"memories"`
	Changes  int `json:"changes"`
}

// Add counts the rows of b.
func (c *GroupCounts) Add(b GroupRows) {
	c.Runs += len(b.Runs)
	c.Messages += len(b.Messages)
	c.Memories += len(b.Memories)
	c.Changes += len(b.Changes)
}
