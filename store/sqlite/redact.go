package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

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
	err := l.inTx(ctx, func(tx *sql.Tx) error {
		// A new fence, so that a run begun before (which may have read the
		// text) can never commit after.
		if _, err := tx.ExecContext(ctx, `UPDATE group_state SET fence = fence + 1 WHERE group_id = ?`, groupID); err != nil {
			return err
		}
		var text string
		var done sql.NullInt64
		err := tx.QueryRowContext(ctx, `SELECT content, redacted_at FROM messages WHERE group_id = ? AND message_id = ?`,
			groupID, messageID).Scan(&text, &done)
		if errors.Is(err, sql.ErrNoRows) {
			return groupmem.Errorf(groupmem.ENOTFOUND, "message %q of group %q not found", groupmem.Truncate(messageID, 80), groupmem.Truncate(groupID, 80))
		}
		if err != nil || done.Valid {
			return err // already redacted: nothing to do
		}
		now := l.now().UTC()
		if _, err := tx.ExecContext(ctx, `UPDATE messages SET content = '', redacted_at = ? WHERE group_id = ? AND message_id = ?`,
			nanos(now), groupID, messageID); err != nil {
			return err
		}
		r.Rows["messages"] = 1
		rows, err := tx.QueryContext(ctx, `SELECT memory_id, statement, status, version, evidence FROM memory_versions WHERE group_id = ?`, groupID)
		if err != nil {
			return err
		}
		type version struct {
			id, statement, status string
			version               int
			cites                 bool
		}
		all, err := collect(rows, func(row *sql.Rows) (version, error) {
			var v version
			var evidence string
			if err := row.Scan(&v.id, &v.statement, &v.status, &v.version, &evidence); err != nil {
				return v, err
			}
			list, err := decodeList(evidence)
			v.cites = slices.Contains(list, messageID)
			return v, err
		})
		if err != nil {
			return err
		}
		for _, v := range all {
			if !v.cites || !ledger.Quotes(v.statement, text) {
				continue
			}
			status := v.status
			if status == string(groupmem.StatusActive) {
				status = string(groupmem.StatusDeprecated)
				r.Deleted = append(r.Deleted, v.id)
				if _, err := tx.ExecContext(ctx, `INSERT INTO memory_change_log (group_id, action, memory_id, old_statement, change_summary, version, actor, created_at)
					VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, groupID, string(groupmem.ActionDelete), v.id, groupmem.Redacted,
					"it quoted a redacted message", v.version, r.Actor, nanos(now)); err != nil {
					return err
				}
			}
			if _, err := tx.ExecContext(ctx, `UPDATE memory_versions SET statement = ?, status = ?, updated_at = ? WHERE memory_id = ?`,
				groupmem.Redacted, status, nanos(now), v.id); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO outbox (group_id, memory_id, created_at) VALUES (?, ?, ?)`, groupID, v.id, nanos(now)); err != nil {
				return err
			}
			r.Redacted = append(r.Redacted, v.id)
		}
		if n := len(r.Redacted); n > 0 {
			r.Rows["memory_versions"] = n
		}
		if text != "" {
			// As ledger.Quotes: a statement holding the text, or one of at
			// least 8 characters the text holds.
			res, err := tx.ExecContext(ctx, `UPDATE memory_change_log SET
					old_statement = CASE WHEN `+quotesSQL("old_statement")+` THEN ?3 ELSE old_statement END,
					new_statement = CASE WHEN `+quotesSQL("new_statement")+` THEN ?3 ELSE new_statement END
				WHERE group_id = ?1 AND (`+quotesSQL("old_statement")+` OR `+quotesSQL("new_statement")+`)`, groupID, strings.TrimSpace(text), groupmem.Redacted)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n > 0 {
				r.Rows["memory_change_log"] = int(n)
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
		res, err := tx.ExecContext(ctx, `INSERT INTO removals (group_id, kind, actor, rows, removed_at) VALUES (?, ?, ?, ?, ?)`,
			groupID, r.Kind, r.Actor, string(counts), nanos(now))
		if err != nil {
			return err
		}
		r.ID, _ = res.LastInsertId()
		return nil
	})
	if err != nil {
		if groupmem.ErrorCode(err) == groupmem.ENOTFOUND {
			return groupmem.Redaction{}, err
		}
		return groupmem.Redaction{}, interpretError(fmt.Errorf("redact message: %w", err))
	}
	return r, nil
}

// quotesSQL is ledger.Quotes of column against the text ?2, in SQL.
func quotesSQL(column string) string {
	return `(` + column + ` <> '' AND (instr(` + column + `, ?2) > 0 OR (length(trim(` + column + `)) >= 8 AND instr(?2, trim(` + column + `)) > 0)))`
}
