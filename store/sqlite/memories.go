package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/ledger"
)

const memoryColumns = `memory_id, lineage_id, group_id, statement, version, parent_id, status, tags,
	strength, change_summary, evidence, embedding, run_id, created_at, updated_at, subjects`

// qualifiedColumns are memoryColumns of memory_versions under the alias m,
// for a query that joins it.
const qualifiedColumns = `m.memory_id, m.lineage_id, m.group_id, m.statement, m.version, m.parent_id, m.status, m.tags,
	m.strength, m.change_summary, m.evidence, m.embedding, m.run_id, m.created_at, m.updated_at, m.subjects`

// listColumns are memoryColumns without the embedding, for reads that
// never need it.
const listColumns = `memory_id, lineage_id, group_id, statement, version, parent_id, status, tags,
	strength, change_summary, evidence, NULL, run_id, created_at, updated_at, subjects`

func scanMemory(row *sql.Rows) (groupmem.Memory, error) {
	var m groupmem.Memory
	var parent, run sql.NullString
	var status, tags, evidence, subjects string
	var embedding []byte
	var created, updated int64
	err := row.Scan(&m.ID, &m.LineageID, &m.GroupID, &m.Statement, &m.Version, &parent, &status,
		&tags, &m.Strength, &m.ChangeSummary, &evidence, &embedding, &run, &created, &updated, &subjects)
	if err != nil {
		return m, err
	}
	m.ParentID, m.RunID, m.Status = parent.String, run.String, groupmem.Status(status)
	m.CreatedAt, m.UpdatedAt = fromNanos(created), fromNanos(updated)
	if m.Tags, err = decodeList(tags); err != nil {
		return m, fmt.Errorf("memory %s tags: %w", m.ID, err)
	}
	if m.Evidence, err = decodeList(evidence); err != nil {
		return m, fmt.Errorf("memory %s evidence: %w", m.ID, err)
	}
	if m.Subjects, err = decodeList(subjects); err != nil {
		return m, fmt.Errorf("memory %s subjects: %w", m.ID, err)
	}
	if len(m.Subjects) == 0 {
		m.Subjects = nil // about the group: as written
	}
	if m.Embedding, err = decodeVector(embedding); err != nil {
		return m, fmt.Errorf("memory %s: %w", m.ID, err)
	}
	return m, nil
}

type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

func queryMemories(ctx context.Context, q querier, query string, args ...any) ([]groupmem.Memory, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, interpretError(fmt.Errorf("read memories: %w", err))
	}
	mems, err := collect(rows, scanMemory)
	return mems, interpretError(err)
}

// Memories implements groupmem.Ledger: newest first by updated_at, then by
// id, so paging is stable. The count and the page come from one snapshot.
// An invalid group id or status is EINVALID.
func (l *Ledger) Memories(ctx context.Context, q groupmem.MemoryQuery) (groupmem.MemoryPage, error) {
	if err := groupmem.CheckGroupID(q.GroupID); err != nil {
		return groupmem.MemoryPage{}, err
	}
	if q.Status != "" && !q.Status.Valid() {
		return groupmem.MemoryPage{}, groupmem.Errorf(groupmem.EINVALID, "status %q is not valid", q.Status)
	}
	// Two spellings of one query, so each uses its own index.
	where, args := `WHERE group_id = ?`, []any{q.GroupID}
	if q.Status != "" {
		where, args = `WHERE group_id = ? AND status = ?`, append(args, string(q.Status))
	}
	var page groupmem.MemoryPage
	err := l.inReadTx(ctx, func(tx *sql.Tx) error {
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM memory_versions `+where, args...).Scan(&page.Total); err != nil {
			return fmt.Errorf("count memories: %w", err)
		}
		if q.Limit <= 0 || q.Offset >= page.Total {
			return nil
		}
		var err error
		page.Memories, err = queryMemories(ctx, tx, `SELECT `+listColumns+` FROM memory_versions `+where+`
			ORDER BY updated_at DESC, memory_id LIMIT ? OFFSET ?`, append(args, q.Limit, max(q.Offset, 0))...)
		return err
	})
	return page, err
}

// MemoriesByID implements groupmem.Ledger. Malformed ids are EINVALID.
func (l *Ledger) MemoriesByID(ctx context.Context, ids []string) ([]groupmem.Memory, error) {
	for _, id := range ids {
		if err := groupmem.CheckID(id); err != nil {
			return nil, err
		}
	}
	if len(ids) == 0 {
		return nil, nil
	}
	list, _ := json.Marshal(ids) // a []string always marshals
	return queryMemories(ctx, l.read, `SELECT `+memoryColumns+` FROM memory_versions
		WHERE memory_id IN (SELECT value FROM json_each(?))`, string(list))
}

// Memory implements groupmem.Ledger. A malformed id is EINVALID; an
// unknown one ENOTFOUND.
func (l *Ledger) Memory(ctx context.Context, id string) (groupmem.Memory, error) {
	mems, err := l.MemoriesByID(ctx, []string{id})
	if err != nil {
		return groupmem.Memory{}, err
	}
	return ledger.One(mems, id)
}

// Lineage implements groupmem.Ledger: every version, oldest first. A
// malformed id is EINVALID; an unknown one ENOTFOUND.
func (l *Ledger) Lineage(ctx context.Context, id string) ([]groupmem.Memory, error) {
	if err := groupmem.CheckID(id); err != nil {
		return nil, err
	}
	mems, err := queryMemories(ctx, l.read, `SELECT `+listColumns+` FROM memory_versions
		WHERE lineage_id = (SELECT lineage_id FROM memory_versions WHERE memory_id = ?)
		ORDER BY version`, id)
	if err != nil {
		return nil, err
	}
	if len(mems) == 0 {
		return nil, groupmem.Errorf(groupmem.ENOTFOUND, "memory %s not found", id)
	}
	return mems, nil
}

// ScanMemories implements groupmem.Ledger: ids are canonical lowercase
// UUIDs, so text order is the Postgres ledger's uuid order. A malformed
// after is EINVALID; "" starts from the beginning.
func (l *Ledger) ScanMemories(ctx context.Context, after string, limit int) ([]groupmem.Memory, error) {
	if after != "" {
		if err := groupmem.CheckID(after); err != nil {
			return nil, err
		}
	}
	return queryMemories(ctx, l.read, `SELECT `+memoryColumns+` FROM memory_versions
		WHERE memory_id > ? ORDER BY memory_id LIMIT ?`, after, max(limit, 0))
}

// afterCursor is the condition that starts a newest-first page after the
// row at (?4, ?5), or none for the first page (before nil). It is left out
// rather than disabled with "?4 IS NULL OR", which would keep SQLite from
// seeking the index to the cursor: a deep page would scan every row
// before it.
func afterCursor(column string, before any) string {
	if before == nil {
		return ""
	}
	return ` AND (` + column + `, id) < (?4, ?5)`
}

// manualChange selects whether a change-log row was written by a manual
// change (a run with trigger admin) rather than an evolution.
const manualChange = `COALESCE((SELECT r.trigger = 'admin' FROM evolution_runs r
	WHERE r.id = memory_change_log.run_id), 0)`

// Changes implements groupmem.Ledger: newest first. An invalid group id is
// EINVALID.
func (l *Ledger) Changes(ctx context.Context, q groupmem.ChangeQuery) ([]groupmem.Change, error) {
	if err := groupmem.CheckGroupID(q.GroupID); err != nil {
		return nil, err
	}
	var actions any // NULL: every action
	if q.Actions != nil {
		list, err := json.Marshal(q.Actions)
		if err != nil {
			return nil, err
		}
		actions = string(list)
	}
	var before any // NULL: from the newest
	if !q.BeforeTime.IsZero() {
		before = nanos(q.BeforeTime)
	}
	rows, err := l.read.QueryContext(ctx, `
		SELECT id, group_id, action, memory_id, new_memory_id, old_statement, new_statement,
			change_summary, version, run_id, actor, created_at, `+manualChange+`
		FROM memory_change_log WHERE group_id = ?1 AND created_at >= ?2
			AND (?3 IS NULL OR action IN (SELECT value FROM json_each(?3)))
			`+afterCursor("created_at", before)+`
		ORDER BY created_at DESC, id DESC LIMIT ?6`,
		q.GroupID, nanos(q.Since), actions, before, q.BeforeID, max(q.Limit, 0))
	if err != nil {
		return nil, interpretError(fmt.Errorf("read changes: %w", err))
	}
	changes, err := collect(rows, scanChange)
	return changes, interpretError(err)
}

// scanChange reads a row of the change log's columns and whether it was
// made by hand.
func scanChange(row *sql.Rows) (groupmem.Change, error) {
	var c groupmem.Change
	var action string
	var newID, run sql.NullString
	var created int64
	err := row.Scan(&c.ID, &c.GroupID, &action, &c.MemoryID, &newID, &c.OldStatement, &c.NewStatement,
		&c.Reason, &c.Version, &run, &c.Actor, &created, &c.Manual)
	c.Action, c.NewMemoryID, c.RunID, c.CreatedAt = groupmem.ActionKind(action), newID.String, run.String, fromNanos(created)
	return c, err
}
