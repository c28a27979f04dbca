package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/ledger"
)

// RedactMessage implements groupmem.Ledger.
func (l *Ledger) RedactMessage(ctx context.Context, groupID, messageID, actor string) (groupmem.Redaction, error) {
	if err := groupmem.CheckGroupID(groupID); err != nil {
		return groupmem.Redaction{}, err
	}
	if err := groupmem.CheckMessageID(messageID); err != nil {
		return groupmem.Redaction{}, err
	}
	r := groupmem.Redaction{MessageID: messageID, Removal: groupmem.Removal{GroupID: groupID, Kind: groupmem.RemovalRedact,
		Actor: groupmem.CleanActor(actor), Rows: map[string]int{}}}
	err := pgx.BeginFunc(ctx, l.pool, func(tx pgx.Tx) error {
		// First, as CommitPlan does, the group's state row: a new fence, so
		// that a run begun before (which may have read the text) can never
		// commit after.
		if _, err := tx.Exec(ctx, `UPDATE group_state SET fence = fence + 1 WHERE group_id = $1`, groupID); err != nil {
			return err
		}
		var text string
		var done *time.Time
		err := tx.QueryRow(ctx, `SELECT content, redacted_at FROM messages WHERE group_id = $1 AND message_id = $2 FOR UPDATE`,
			groupID, messageID).Scan(&text, &done)
		if errors.Is(err, pgx.ErrNoRows) {
			return groupmem.Errorf(groupmem.ENOTFOUND, "message %q of group %q not found", groupmem.Truncate(messageID, 80), groupmem.Truncate(groupID, 80))
		}
		if err != nil || done != nil {
			return err // already redacted: nothing to do
		}
		now := l.now().UTC()
		if _, err := tx.Exec(ctx, `UPDATE messages SET content = '', redacted_at = $3 WHERE group_id = $1 AND message_id = $2`,
			groupID, messageID, now); err != nil {
			return err
		}
		r.Rows["messages"] = 1
		rows, err := tx.Query(ctx, `SELECT memory_id, statement, status, version FROM memory_versions
			WHERE group_id = $1 AND $2 = ANY(evidence) FOR UPDATE`, groupID, messageID)
		if err != nil {
			return err
		}
		type version struct {
			id, statement, status string
			version               int
		}
		cited, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (version, error) {
			var v version
			err := row.Scan(&v.id, &v.statement, &v.status, &v.version)
			return v, err
		})
		if err != nil {
			return err
		}
		for _, v := range cited {
			if !ledger.Quotes(v.statement, text) {
				continue
			}
			status := v.status
			if status == string(groupmem.StatusActive) {
				status = string(groupmem.StatusDeprecated)
				r.Deleted = append(r.Deleted, v.id)
				if _, err := tx.Exec(ctx, `INSERT INTO memory_change_log (group_id, action, memory_id, old_statement, change_summary, version, actor, created_at)
					VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, groupID, groupmem.ActionDelete, v.id, groupmem.Redacted,
					"it quoted a redacted message", v.version, r.Actor, now); err != nil {
					return err
				}
			}
			if _, err := tx.Exec(ctx, `UPDATE memory_versions SET statement = $2, status = $3, updated_at = $4 WHERE memory_id = $1`,
				v.id, groupmem.Redacted, status, now); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO outbox (group_id, memory_id, created_at) VALUES ($1, $2, $3)`, groupID, v.id, now); err != nil {
				return err
			}
			r.Redacted = append(r.Redacted, v.id)
		}
		if n := len(r.Redacted); n > 0 {
			r.Rows["memory_versions"] = n
		}
		if t := strings.TrimSpace(text); t != "" {
			// As ledger.Quotes: a statement holding the text, or one of at
			// least 8 characters the text holds.
			tag, err := tx.Exec(ctx, `UPDATE memory_change_log SET
					old_statement = CASE WHEN `+quotesSQL("old_statement")+` THEN $3 ELSE old_statement END,
					new_statement = CASE WHEN `+quotesSQL("new_statement")+` THEN $3 ELSE new_statement END
				WHERE group_id = $1 AND (`+quotesSQL("old_statement")+` OR `+quotesSQL("new_statement")+`)`, groupID, t, groupmem.Redacted)
			if err != nil {
				return err
			}
			if n := int(tag.RowsAffected()); n > 0 {
				r.Rows["memory_change_log"] = n
			}
		}
		if n, err := scrubRuns(ctx, tx, groupID, text); err != nil {
			return err
		} else if n > 0 {
			r.Rows["evolution_runs"] = n
		}
		counts, err := json.Marshal(r.Rows)
		if err != nil {
			return err
		}
		r.RemovedAt = now
		return tx.QueryRow(ctx, `INSERT INTO removals (group_id, kind, actor, rows, removed_at) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
			groupID, r.Kind, r.Actor, counts, now).Scan(&r.ID)
	})
	if err != nil {
		if groupmem.ErrorCode(err) == groupmem.ENOTFOUND {
			return groupmem.Redaction{}, err
		}
		return groupmem.Redaction{}, interpretError(fmt.Errorf("redact message: %w", err))
	}
	return r, nil
}

// quotesSQL is ledger.Quotes of column against the text $2, in SQL.
func quotesSQL(column string) string {
	return `(` + column + ` <> '' AND (strpos(` + column + `, $2) > 0 OR (char_length(btrim(` + column + `)) >= 8 AND strpos($2, btrim(` + column + `)) > 0)))`
}
