package postgres

import (
	"cmp"
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/groupmem/groupmem"
)

var _ groupmem.Transfer = (*Ledger)(nil)

// ExportGroup implements groupmem.Transfer. Every page is read in one
// read-only repeatable-read transaction, so the export is one snapshot of
// the group however long it takes; the transaction is idle while emit
// writes a page out, so a reader that stalls longer than the
// idle-in-transaction timeout ends the export (EUNAVAILABLE). Pages are
// read by key on the group's indexes (migrations/0016_transfer_order.sql).
func (l *Ledger) ExportGroup(ctx context.Context, q groupmem.ExportQuery, emit func(groupmem.GroupRows) error) error {
	if err := groupmem.CheckGroupID(q.GroupID); err != nil {
		return err
	}
	size := cmp.Or(q.PageSize, groupmem.DefaultTransferPage)
	tx, err := l.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return interpretError(fmt.Errorf("begin export: %w", err))
	}
	defer tx.Rollback(context.WithoutCancel(ctx)) //nolint:errcheck // read-only
	g := q.GroupID
	if err := exportRows(ctx, tx, q, size, emit); err != nil {
		return interpretError(err)
	}
	state := groupmem.GroupState{NextSeq: 1}
	err = tx.QueryRow(ctx, `SELECT watermark, fence, next_seq FROM group_state WHERE group_id = $1`, g).
		Scan(&state.Watermark, &state.Fence, &state.NextSeq)
	if err != nil && err != pgx.ErrNoRows {
		return interpretError(fmt.Errorf("read group state: %w", err))
	}
	if err := tx.Commit(ctx); err != nil {
		return interpretError(err)
	}
	return interpretError(emit(groupmem.GroupRows{State: &state}))
}

// exportRows emits the group's runs (those its versions and changes name,
// or all of them), its messages when asked, its versions and its change
// log, a page of size at a time, each in its own order, within tx.
func exportRows(ctx context.Context, tx pgx.Tx, q groupmem.ExportQuery, size int, emit func(groupmem.GroupRows) error) error {
	g := q.GroupID
	err := pages(ctx, tx, size, scanRun, func(last *groupmem.Run) (string, []any) {
		after := groupmem.NilID
		if last != nil {
			after = last.ID
		}
		return `SELECT ` + runColumns + ` FROM evolution_runs r WHERE group_id = $1 AND id > $2
			AND ($3 OR EXISTS (SELECT 1 FROM memory_versions m WHERE m.run_id = r.id)
				OR EXISTS (SELECT 1 FROM memory_change_log c WHERE c.run_id = r.id))
			ORDER BY id LIMIT $4`, []any{g, after, q.AllRuns, size}
	}, func(runs []groupmem.Run) error { return emit(groupmem.GroupRows{Runs: runs}) })
	if err == nil && q.Messages {
		err = pages(ctx, tx, size, scanStoredMessage, func(last *groupmem.StoredMessage) (string, []any) {
			var after int64
			if last != nil {
				after = last.Seq
			}
			return `SELECT group_id, seq, message_id, sender_id, sender_name, content, sent_at, redacted_at
				FROM messages WHERE group_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`, []any{g, after, size}
		}, func(msgs []groupmem.StoredMessage) error { return emit(groupmem.GroupRows{Messages: msgs}) })
	}
	if err == nil {
		err = pages(ctx, tx, size, scanMemory, func(last *groupmem.Memory) (string, []any) {
			lineage, version := groupmem.NilID, 0
			if last != nil {
				lineage, version = last.LineageID, last.Version
			}
			return `SELECT ` + memoryColumns + ` FROM memory_versions
				WHERE group_id = $1 AND (lineage_id, version) > ($2::uuid, $3)
				ORDER BY lineage_id, version LIMIT $4`, []any{g, lineage, version, size}
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
				FROM memory_change_log WHERE group_id = $1 AND id > $2 ORDER BY id LIMIT $3`, []any{g, after, size}
		}, func(changes []groupmem.Change) error { return emit(groupmem.GroupRows{Changes: changes}) })
	}
	return err
}

// pages reads the rows of query, a page of size at a time, each page
// after the last row of the one before (nil for the first), and hands
// each to emit, until a page comes back short.
func pages[T any](ctx context.Context, tx pgx.Tx, size int, scan pgx.RowToFunc[T],
	query func(last *T) (string, []any), emit func([]T) error) error {
	var last *T
	for {
		sql, args := query(last)
		rows, err := tx.Query(ctx, sql, args...)
		if err != nil {
			return err
		}
		page, err := pgx.CollectRows(rows, scan)
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
func scanStoredMessage(r pgx.CollectableRow) (groupmem.StoredMessage, error) {
	var m groupmem.StoredMessage
	var redacted *time.Time
	err := r.Scan(&m.GroupID, &m.Seq, &m.ID, &m.SenderID, &m.SenderName, &m.Content, &m.SentAt, &redacted)
	if redacted != nil {
		m.RedactedAt = *redacted
	}
	return m, err
}

// scanChange reads a row of the change log's columns and whether it was
// made by hand.
func scanChange(row pgx.CollectableRow) (groupmem.Change, error) {
	var c groupmem.Change
	var newID, run *string
	err := row.Scan(&c.ID, &c.GroupID, &c.Action, &c.MemoryID, &newID, &c.OldStatement, &c.NewStatement,
		&c.Reason, &c.Version, &run, &c.Actor, &c.CreatedAt, &c.Manual)
	if newID != nil {
		c.NewMemoryID = *newID
	}
	if run != nil {
		c.RunID = *run
	}
	return c, err
}
