package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/ledger"
)

// RedactMessage implements groupmem.Ledger.
func (l *Ledger) RedactMessage(ctx context.Context, groupID, messageID, actor string) (groupmem.Redaction, error) {
	if err := ledger.CheckRedaction(groupID, messageID); err != nil {
		return groupmem.Redaction{}, err
	}
	var r groupmem.Redaction
	err := pgx.BeginFunc(ctx, l.pool, func(tx pgx.Tx) error {
		var err error
		r, err = ledger.Redact(ctx, redactTx{tx, l.groupLock}, groupID, messageID, actor, l.now().UTC())
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

// redactTx is a redaction's transaction: ledger.RedactTx in Postgres.
type redactTx struct {
	tx   pgx.Tx
	lock groupLockWait // bounds the wait for the group's state row
}

var _ ledger.RedactTx = redactTx{}

func (t redactTx) NewFence(ctx context.Context, groupID string) error {
	return t.lock.run(ctx, t.tx, nil, `UPDATE group_state SET fence = fence + 1 WHERE group_id = $1`, groupID)
}

func (t redactTx) Message(ctx context.Context, groupID, messageID string) (string, bool, error) {
	var text string
	var done *time.Time
	err := t.tx.QueryRow(ctx, `SELECT content, redacted_at FROM messages WHERE group_id = $1 AND message_id = $2 FOR UPDATE`,
		groupID, messageID).Scan(&text, &done)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", false, groupmem.Errorf(groupmem.ENOTFOUND, "message %q of group %q not found", groupmem.Truncate(messageID, 80), groupmem.Truncate(groupID, 80))
	}
	return text, done != nil, err
}

func (t redactTx) ClearMessage(ctx context.Context, groupID, messageID string, now time.Time) error {
	_, err := t.tx.Exec(ctx, `UPDATE messages SET content = '', redacted_at = $3 WHERE group_id = $1 AND message_id = $2`,
		groupID, messageID, now)
	return err
}

func (t redactTx) Citing(ctx context.Context, groupID, messageID string) ([]ledger.Citing, error) {
	rows, err := t.tx.Query(ctx, `SELECT memory_id, statement, status, version FROM memory_versions
		WHERE group_id = $1 AND $2 = ANY(evidence) FOR UPDATE`, groupID, messageID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (ledger.Citing, error) {
		var v ledger.Citing
		err := row.Scan(&v.ID, &v.Statement, &v.Status, &v.Version)
		return v, err
	})
}

func (t redactTx) QueueForget(ctx context.Context, groupID string, now time.Time) error {
	_, err := t.tx.Exec(ctx, queueForget, groupID, groupmem.NilID, now)
	return err
}

// queueForget queues an OutboxForget entry for group $1 unless one waits.
const queueForget = `INSERT INTO outbox (group_id, memory_id, kind, created_at) VALUES ($1, $2, 'forget', $3)
	ON CONFLICT (group_id) WHERE kind = 'forget' AND done_at IS NULL AND claimed_until IS NULL DO NOTHING`

func (t redactTx) RedactVersion(ctx context.Context, groupID string, v ledger.Citing, status groupmem.Status, now time.Time) error {
	if _, err := t.tx.Exec(ctx, `UPDATE memory_versions SET statement = $2, status = $3, updated_at = $4 WHERE memory_id = $1`,
		v.ID, groupmem.Redacted, status, now); err != nil {
		return err
	}
	_, err := t.tx.Exec(ctx, `INSERT INTO outbox (group_id, memory_id, created_at) VALUES ($1, $2, $3)`, groupID, v.ID, now)
	return err
}

func (t redactTx) LogChange(ctx context.Context, c groupmem.Change) error {
	_, err := t.tx.Exec(ctx, `INSERT INTO memory_change_log (group_id, action, memory_id, old_statement, change_summary, version, actor, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, c.GroupID, c.Action, c.MemoryID, c.OldStatement, c.Reason, c.Version, c.Actor, c.CreatedAt)
	return err
}

func (t redactTx) ScrubChangeLog(ctx context.Context, groupID, text string) (int, error) {
	tag, err := t.tx.Exec(ctx, `UPDATE memory_change_log SET
			old_statement = CASE WHEN `+quotesSQL("old_statement")+` THEN $3 ELSE old_statement END,
			new_statement = CASE WHEN `+quotesSQL("new_statement")+` THEN $3 ELSE new_statement END
		WHERE group_id = $1 AND (`+quotesSQL("old_statement")+` OR `+quotesSQL("new_statement")+`)`, groupID, text, groupmem.Redacted)
	return int(tag.RowsAffected()), err
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
	return t.tx.QueryRow(ctx, `INSERT INTO removals (group_id, kind, actor, rows, removed_at) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
		r.GroupID, r.Kind, r.Actor, counts, r.RemovedAt).Scan(&r.ID)
}

// quotesSQL is ledger.Quotes of column against the text $2, in SQL.
func quotesSQL(column string) string {
	return `(` + column + ` <> '' AND (strpos(` + column + `, $2) > 0 OR (char_length(btrim(` + column + `)) >= 8 AND strpos($2, btrim(` + column + `)) > 0)))`
}
