package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/ledger"
)

// RedactMessage implements groupmem.Ledger.
func (l *Ledger) RedactMessage(ctx context.Context, groupID, messageID, actor string) (groupmem.Redaction, error) {
	if err := ledger.CheckRedaction(groupID, messageID); err != nil {
		return groupmem.Redaction{}, err
	}
	var r groupmem.Redaction
	err := l.inTx(ctx, func(tx *sql.Tx) error {
		var err error
		r, err = ledger.Redact(ctx, redactTx{tx}, groupID, messageID, actor, fromNanos(nanos(l.now())))
		return err
	})
	if err != nil {
		if groupmem.ErrorCode(err) == groupmem.ENOTFOUND {
			return groupmem.Redaction{}, err
		}
		return groupmem.Redaction{}, interpretError(fmt.Errorf("redact message: %w", err))
	}
	return r, nil
}

// redactTx is a redaction's transaction: ledger.RedactTx in SQLite, where
// the write transaction holds the whole database.
type redactTx struct{ tx *sql.Tx }

var _ ledger.RedactTx = redactTx{}

func (t redactTx) NewFence(ctx context.Context, groupID string) error {
	_, err := t.tx.ExecContext(ctx, `UPDATE group_state SET fence = fence + 1 WHERE group_id = ?`, groupID)
	return err
}

func (t redactTx) Message(ctx context.Context, groupID, messageID string) (string, bool, error) {
	var text string
	var done sql.NullInt64
	err := t.tx.QueryRowContext(ctx, `SELECT content, redacted_at FROM messages WHERE group_id = ? AND message_id = ?`,
		groupID, messageID).Scan(&text, &done)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, groupmem.Errorf(groupmem.ENOTFOUND, "message %q of group %q not found", groupmem.Truncate(messageID, 80), groupmem.Truncate(groupID, 80))
	}
	return text, done.Valid, err
}

func (t redactTx) ClearMessage(ctx context.Context, groupID, messageID string, now time.Time) error {
	_, err := t.tx.ExecContext(ctx, `UPDATE messages SET content = '', redacted_at = ? WHERE group_id = ? AND message_id = ?`,
		nanos(now), groupID, messageID)
	return err
}

func (t redactTx) Citing(ctx context.Context, groupID, messageID string) ([]ledger.Citing, error) {
	rows, err := t.tx.QueryContext(ctx, `SELECT memory_id, statement, status, version, evidence FROM memory_versions WHERE group_id = ?`, groupID)
	if err != nil {
		return nil, err
	}
	all, err := collect(rows, func(row *sql.Rows) (ledger.Citing, error) {
		var v ledger.Citing
		var status, evidence string
		if err := row.Scan(&v.ID, &v.Statement, &status, &v.Version, &evidence); err != nil {
			return v, err
		}
		v.Status = groupmem.Status(status)
		list, err := decodeList(evidence)
		if !slices.Contains(list, messageID) {
			v.ID = "" // cites something else
		}
		return v, err
	})
	return slices.DeleteFunc(all, func(v ledger.Citing) bool { return v.ID == "" }), err
}

func (t redactTx) QueueForget(ctx context.Context, groupID string, now time.Time) error {
	_, err := t.tx.ExecContext(ctx, queueForget, groupID, groupmem.NilID, nanos(now))
	return err
}

// queueForget queues an OutboxForget entry for group ?1 unless one waits.
const queueForget = `INSERT INTO outbox (group_id, memory_id, kind, created_at) VALUES (?1, ?2, 'forget', ?3)
	ON CONFLICT (group_id) WHERE kind = 'forget' AND done_at IS NULL AND claimed_until IS NULL DO NOTHING`

func (t redactTx) RedactVersion(ctx context.Context, groupID string, v ledger.Citing, status groupmem.Status, now time.Time) error {
	if _, err := t.tx.ExecContext(ctx, `UPDATE memory_versions SET statement = ?, status = ?, updated_at = ? WHERE memory_id = ?`,
		groupmem.Redacted, string(status), nanos(now), v.ID); err != nil {
		return err
	}
	_, err := t.tx.ExecContext(ctx, `INSERT INTO outbox (group_id, memory_id, created_at) VALUES (?, ?, ?)`, groupID, v.ID, nanos(now))
	return err
}

func (t redactTx) LogChange(ctx context.Context, c groupmem.Change) error {
	_, err := t.tx.ExecContext(ctx, `INSERT INTO memory_change_log (group_id, action, memory_id, old_statement, change_summary, version, actor, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, c.GroupID, string(c.Action), c.MemoryID, c.OldStatement, c.Reason, c.Version, c.Actor, nanos(c.CreatedAt))
	return err
}

func (t redactTx) ScrubChangeLog(ctx context.Context, groupID, text string) (int, error) {
	res, err := t.tx.ExecContext(ctx, `UPDATE memory_change_log SET
			old_statement = CASE WHEN `+quotesSQL("old_statement")+` THEN ?3 ELSE old_statement END,
			new_statement = CASE WHEN `+quotesSQL("new_statement")+` THEN ?3 ELSE new_statement END
		WHERE group_id = ?1 AND (`+quotesSQL("old_statement")+` OR `+quotesSQL("new_statement")+`)`, groupID, text, groupmem.Redacted)
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	return int(n), err
}

func (t redactTx) ScrubEvents(ctx context.Context, groupID, text string) error {
	return scrubEvents(ctx, t.tx, groupID, text)
}

func (t redactTx) Emit(ctx context.Context, events []groupmem.Event, now time.Time) error {
	return emitEvents(ctx, t.tx, events[0].GroupID, events, now)
}

func (t redactTx) ScrubPlans(ctx context.Context, groupID, text string) (int, error) {
	return scrubPlans(ctx, t.tx, groupID, text)
}

func (t redactTx) ScrubRuns(ctx context.Context, groupID, text string) (int, error) {
	return scrubRuns(ctx, t.tx, groupID, text)
}

func (t redactTx) RecordRemoval(ctx context.Context, r *groupmem.Removal) error {
	counts, err := json.Marshal(r.Rows)
	if err != nil {
		return err
	}
	res, err := t.tx.ExecContext(ctx, `INSERT INTO removals (group_id, kind, actor, rows, removed_at) VALUES (?, ?, ?, ?, ?)`,
		r.GroupID, r.Kind, r.Actor, string(counts), nanos(r.RemovedAt))
	if err != nil {
		return err
	}
	r.ID, err = res.LastInsertId()
	return err
}

// quotesSQL is ledger.Quotes of column against the text ?2, in SQL.
func quotesSQL(column string) string {
	return `(` + column + ` <> '' AND (instr(` + column + `, ?2) > 0 OR (length(trim(` + column + `)) >= 8 AND instr(?2, trim(` + column + `)) > 0)))`
}
