package ledger

import (
	"context"
	"strings"
	"time"

	"github.com/groupmem/groupmem"
)

// Citing is a memory version that cites a message as its evidence.
type Citing struct {
	ID, Statement string
	Status        groupmem.Status
	Version       int
}

// RedactTx is what one ledger transaction does for a redaction, in the
// ledger's own SQL; Redact holds the rules, the same for every ledger.
type RedactTx interface {
	// NewFence takes a new fencing token for the group, so that a run
	// begun before (which may have read the text) can never commit after.
	NewFence(ctx context.Context, groupID string) error
	// Message returns the message's text and whether it was redacted
	// already; ENOTFOUND when there is no such message. It locks the row
	// where the ledger locks rows.
	Message(ctx context.Context, groupID, messageID string) (text string, redacted bool, err error)
	// ClearMessage empties the message's text and marks it redacted at now.
	ClearMessage(ctx context.Context, groupID, messageID string, now time.Time) error
	// QueueForget queues an groupmem.OutboxForget entry for the group,
	// unless one waits unclaimed already: the message index lets go of the
	// text even if the process stops before its relay runs.
	QueueForget(ctx context.Context, groupID string, now time.Time) error
	// Citing returns every version of the group whose evidence holds the
	// message, locked where the ledger locks rows.
	Citing(ctx context.Context, groupID, messageID string) ([]Citing, error)
	// RedactVersion sets the version's statement to groupmem.Redacted and
	// its status, and queues it in the outbox for the index.
	RedactVersion(ctx context.Context, groupID string, v Citing, status groupmem.Status, now time.Time) error
	// LogChange appends a row to the group's change log.
	LogChange(ctx context.Context, c groupmem.Change) error
	// ScrubChangeLog replaces, in the group's change log, every old or new
	// statement that quotes text (as Quotes says) by groupmem.Redacted, and
	// returns how many rows changed. text is trimmed and never empty.
	ScrubChangeLog(ctx context.Context, groupID, text string) (int, error)
	// ScrubPlans rewrites, in the group's kept plans (every status), the
	// writes that quote text, as ScrubWrites does, and returns how many
	// plans changed. text is trimmed and never empty.
	ScrubPlans(ctx context.Context, groupID, text string) (int, error)
	// ScrubEvents replaces, in the group's webhook events, every
	// statement that quotes text (as Quotes says) by groupmem.Redacted.
	ScrubEvents(ctx context.Context, groupID, text string) error
	// Emit writes webhook events of one group (see groupmem.Webhooks).
	Emit(ctx context.Context, events []groupmem.Event, now time.Time) error
	// ScrubRuns removes text from the excerpts of the group's run reports
	// (as RedactReport does) and returns how many runs changed.
	ScrubRuns(ctx context.Context, groupID, text string) (int, error)
	// RecordRemoval records r, without any text, and sets its ID.
	RecordRemoval(ctx context.Context, r *groupmem.Removal) error
}

// CheckRedaction checks the ids of a RedactMessage before its
// transaction begins: EINVALID for a bad group or message id.
func CheckRedaction(groupID, messageID string) error {
	if err := groupmem.CheckGroupID(groupID); err != nil {
		return err
	}
	return groupmem.CheckMessageID(messageID)
}

// Redact removes a message's text inside one ledger transaction, by the
// rules of groupmem.Ledger.RedactMessage: a new fence first; the message
// emptied (a message redacted already changes nothing and returns an empty
// Redaction); every version that cites it and quotes it redacted, the
// active ones among them deleted with a change-log row; every change-log
// statement, kept plan's statement and run excerpt that quotes it
// scrubbed; the removal recorded
// by table. now is the transaction's time.
func Redact(ctx context.Context, tx RedactTx, groupID, messageID, actor string, now time.Time) (groupmem.Redaction, error) {
	r := groupmem.Redaction{MessageID: messageID, Removal: groupmem.Removal{GroupID: groupID, Kind: groupmem.RemovalRedact,
		Actor: groupmem.CleanActor(actor), Rows: map[string]int{}}}
	if err := tx.NewFence(ctx, groupID); err != nil {
		return r, err
	}
	text, done, err := tx.Message(ctx, groupID, messageID)
	if err != nil || done {
		return r, err
	}
	if err := tx.ClearMessage(ctx, groupID, messageID, now); err != nil {
		return r, err
	}
	if err := tx.QueueForget(ctx, groupID, now); err != nil {
		return r, err
	}
	r.Rows["messages"] = 1
	deleted, err := redactCiting(ctx, tx, &r, text, now)
	if err != nil {
		return r, err
	}
	if t := strings.TrimSpace(text); t != "" {
		n, err := tx.ScrubChangeLog(ctx, groupID, t)
		if err != nil {
			return r, err
		}
		count(r.Rows, "memory_change_log", n)
		if n, err = tx.ScrubPlans(ctx, groupID, t); err != nil {
			return r, err
		}
		count(r.Rows, "plans", n)
		if err := tx.ScrubEvents(ctx, groupID, t); err != nil {
			return r, err
		}
	}
	n, err := tx.ScrubRuns(ctx, groupID, text)
	if err != nil {
		return r, err
	}
	count(r.Rows, "evolution_runs", n)
	r.RemovedAt = now
	if err := tx.RecordRemoval(ctx, &r.Removal); err != nil {
		return r, err
	}
	return r, tx.Emit(ctx, append(ChangeEvents(deleted), RedactEvent(r)), now)
}

// redactCiting redacts the versions that cite the message and quote its
// text; the active ones among them are deleted, which the change log
// tells without the text. It returns the change-log rows it wrote, whose
// memory.deleted events go before the message.redacted one.
func redactCiting(ctx context.Context, tx RedactTx, r *groupmem.Redaction, text string, now time.Time) ([]groupmem.Change, error) {
	cited, err := tx.Citing(ctx, r.GroupID, r.MessageID)
	if err != nil {
		return nil, err
	}
	var logged []groupmem.Change
	for _, v := range cited {
		if !Quotes(v.Statement, text) {
			continue
		}
		status := v.Status
		if status == groupmem.StatusActive {
			status = groupmem.StatusDeprecated
			r.Deleted = append(r.Deleted, v.ID)
			c := groupmem.Change{GroupID: r.GroupID, Action: groupmem.ActionDelete, MemoryID: v.ID,
				OldStatement: groupmem.Redacted, Reason: "it quoted a redacted message", Version: v.Version, Actor: r.Actor,
				CreatedAt: now}
			if err := tx.LogChange(ctx, c); err != nil {
				return nil, err
			}
			logged = append(logged, c)
		}
		if err := tx.RedactVersion(ctx, r.GroupID, v, status, now); err != nil {
			return nil, err
		}
		r.Redacted = append(r.Redacted, v.ID)
	}
	count(r.Rows, "memory_versions", len(r.Redacted))
	return logged, nil
}

// count sets rows[table] to n when n is positive.
func count(rows map[string]int, table string, n int) {
	if n > 0 {
		rows[table] = n
	}
}
