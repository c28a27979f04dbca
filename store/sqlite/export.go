package sqlite

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"

	"github.com/groupmem/groupmem"
)

var _ groupmem.Transfer = (*Ledger)(nil)

// ExportGroup implements groupmem.Transfer. Every page is read in one
// read transaction, so the export is one snapshot of the file however
// long it takes (writers go on meanwhile; the write-ahead log keeps
// growing until the export ends). Pages are read by key on the group's
// indexes (schema/0016_transfer_order.sql). Times come out to the
// nanosecond, as stored.
func (l *Ledger) ExportGroup(ctx context.Context, q groupmem.ExportQuery, emit func(groupmem.GroupRows) error) error {
	if err := groupmem.CheckGroupID(q.GroupID); err != nil {
		return err
	}
	size := cmp.Or(q.PageSize, groupmem.DefaultTransferPage)
	g := q.GroupID
	return l.inReadTx(ctx, func(tx *sql.Tx) error {
		if err := exportRows(ctx, tx, q, size, emit); err != nil {
			return err
		}
		state := groupmem.GroupState{NextSeq: 1}
		err := tx.QueryRowContext(ctx, `SELECT watermark, fence, next_seq FROM group_state WHERE group_id = ?`, g).
			Scan(&state.Watermark, &state.Fence, &state.NextSeq)
		if err != nil && err != sql.ErrNoRows {
			return fmt.Errorf("read group state: %w", err)
		}
		return emit(groupmem.GroupRows{State: &state})
	})
}

// exportRows emits the group's runs (those its versions and changes name,
// or all of them), its messages when asked, its versions and its change
// log, a page of size at a time, each in its own order, within tx.
func exportRows(ctx context.Context, tx *sql.Tx, q groupmem.ExportQuery, size int, emit func(groupmem.GroupRows) error) error {
	g := q.GroupID
	err := pages(ctx, tx, size, scanRun, func(last *groupmem.Run) (string, []any) {
		after := ""
		if last != nil {
			after = last.ID
		}
		return `SELECT ` + runColumns + ` FROM evolution_runs r WHERE group_id = ?1 AND id > ?2
			AND (?3 OR EXISTS (SELECT 1 FROM memory_versions m WHERE m.run_id = r.id)
				OR EXISTS (SELECT 1 FROM memory_change_log c WHERE c.run_id = r.id))
			ORDER BY id LIMIT ?4`, []any{g, after, q.AllRuns, size}
	}, func(runs []groupmem.Run) error { return emit(groupmem.GroupRows{Runs: runs}) })
	if err == nil && q.Messages {
		err = pages(ctx, tx, size, scanStoredMessage, func(last *groupmem.StoredMessage) (string, []any) {
			var after int64
			if last != nil {
				after = last.Seq
			}
			return `SELECT group_id, seq, message_id, sender_id, sender_name, content, sent_at, redacted_at
				FROM messages WHERE group_id = ?1 AND seq > ?2 ORDER BY seq LIMIT ?3`, []any{g, after, size}
		}, func(msgs []groupmem.StoredMessage) error { return emit(groupmem.GroupRows{Messages: msgs}) })
	}
	if err == nil {
		err = pages(ctx, tx, size, scanMemory, func(last *groupmem.Memory) (string, []any) {
			lineage, version := "", 0
			if last != nil {
				lineage, version = last.LineageID, last.Version
			}
			return `SELECT ` + memoryColumns + ` FROM memory_versions
				WHERE group_id = ?1 AND (lineage_id, version) > (?2, ?3)
				ORDER BY lineage_id, version LIMIT ?4`, []any{g, lineage, version, size}
		}, func(mems []groupmem.Memory) error { return emit(groupmem.GroupRows{Memories: mems}) })
	}
	if err == nil {
		err = pages(ctx, tx, size, scanChange, func(last *groupmem.Change) (string, []any) {
			var after int64
			if last != nil {
				after = last.ID
			}
			return `SELECT id, group_id, action, memory_id, new_memory_id, old_statement, new_statement,
					change_summary, version, run_id, actor, created_at, false
				FROM memory_change_log WHERE group_id = ?1 AND id > ?2 ORDER BY id LIMIT ?3`, []any{g, after, size}
		}, func(changes []groupmem.Change) error { return emit(groupmem.GroupRows{Changes: changes}) })
	}
	return err
}

// pages reads the rows of query, a page of size at a time, each page
// after the last row of the one before (nil for the first), and hands
// each to emit, until a page comes back short.
func pages[T any](ctx context.Context, tx *sql.Tx, size int, scan func(*sql.Rows) (T, error),
	query func(last *T) (string, []any), emit func([]T) error) error {
	var last *T
	for {
		q, args := query(last)
		rows, err := tx.QueryContext(ctx, q, args...)
		if err != nil {
			return err
		}
		page, err := collect(rows, scan)
		if err != nil {
			return err
		}
		if len(page) > 0 {
			if err := emit(page); err != nil {
				return err
			}
			last = &page[len(page)-1]
		}
		if len(page) < size {
			return nil
		}
	}
}

// scanStoredMessage reads a row of group_id, seq, message_id, sender_id,
// sender_name, content, sent_at, redacted_at.
func scanStoredMessage(row *sql.Rows) (groupmem.StoredMessage, error) {
	var m groupmem.StoredMessage
	var sent int64
	var redacted sql.NullInt64
	err := row.Scan(&m.GroupID, &m.Seq, &m.ID, &m.SenderID, &m.SenderName, &m.Content, &sent, &redacted)
	m.SentAt, m.RedactedAt = fromNanos(sent), fromNullNanos(redacted)
	return m, err
}
