package postgres

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/ledger"
)

var memoryColumnList = []string{"memory_id", "lineage_id", "group_id", "statement", "version", "parent_id",
	"status", "tags", "strength", "change_summary", "evidence", "embedding", "run_id", "created_at", "updated_at", "subjects"}

var memoryColumns = strings.Join(memoryColumnList, ", ")

// qualifiedColumns is memoryColumns, each qualified with the alias of
// memory_versions in a query that joins it.
func qualifiedColumns(alias string) string {
	return alias + "." + strings.Join(memoryColumnList, ", "+alias+".")
}

// listColumns are memoryColumns without the embedding, for reads that
// never need it: decoding hundreds of floats per row is most of their cost.
var listColumns = strings.Replace(memoryColumns, "embedding", "NULL::real[]", 1)

func scanMemory(row pgx.CollectableRow) (groupmem.Memory, error) {
	var m groupmem.Memory
	var parent, run *string
	err := row.Scan(&m.ID, &m.LineageID, &m.GroupID, &m.Statement, &m.Version, &parent, &m.Status,
		&m.Tags, &m.Strength, &m.ChangeSummary, &m.Evidence, &m.Embedding, &run, &m.CreatedAt, &m.UpdatedAt, &m.Subjects)
	if parent != nil {
		m.ParentID = *parent
	}
	if run != nil {
		m.RunID = *run
	}
	if len(m.Subjects) == 0 {
		m.Subjects = nil // about the group: as written
	}
	return m, err
}

func (l *Ledger) queryMemories(ctx context.Context, sql string, args ...any) ([]groupmem.Memory, error) {
	rows, err := l.pool.Query(ctx, sql, args...)
	if err != nil {
		return nil, interpretError(fmt.Errorf("read memories: %w", err))
	}
	mems, err := pgx.CollectRows(rows, scanMemory)
	return mems, interpretError(err)
}

// Memories implements groupmem.Ledger: newest first by updated_at, then by
// id, so paging is stable.
func (l *Ledger) Memories(ctx context.Context, q groupmem.MemoryQuery) (groupmem.MemoryPage, error) {
	if err := groupmem.CheckGroupID(q.GroupID); err != nil {
		return groupmem.MemoryPage{}, err
	}
	if q.Status != "" && !q.Status.Valid() {
		return groupmem.MemoryPage{}, groupmem.Errorf(groupmem.EINVALID, "status %q is not valid", q.Status)
	}
	var page groupmem.MemoryPage
	if q.Limit <= 0 {
		err := l.pool.QueryRow(ctx, countMemories, q.GroupID, q.Status).Scan(&page.Total)
		if err != nil {
			return page, interpretError(fmt.Errorf("count memories: %w", err))
		}
		return page, nil
	}
	// The count and the page go to the server together, in one round
	// trip.
	b := &pgx.Batch{}
	b.Queue(countMemories, q.GroupID, q.Status).QueryRow(func(row pgx.Row) error {
		if err := row.Scan(&page.Total); err != nil {
			return fmt.Errorf("count memories: %w", err)
		}
		return nil
	})
	b.Queue(`SELECT `+listColumns+` FROM memory_versions
		WHERE group_id = $1 AND ($2 = '' OR status = $2)
		ORDER BY updated_at DESC, memory_id LIMIT $3 OFFSET $4`, q.GroupID, q.Status, q.Limit, max(q.Offset, 0)).Query(func(rows pgx.Rows) error {
		mems, err := pgx.CollectRows(rows, scanMemory)
		if err != nil {
			return fmt.Errorf("read memories: %w", err)
		}
		page.Memories = mems
		return nil
	})
	if err := l.pool.SendBatch(ctx, b).Close(); err != nil {
		return groupmem.MemoryPage{}, interpretError(err)
	}
	if q.Offset >= page.Total {
		page.Memories = nil // past the end: no page, as when nothing is read
	}
	return page, nil
}

// countMemories counts a group's versions ($1), of one status ($2) or
// all ("").
const countMemories = `SELECT count(*) FROM memory_versions WHERE group_id = $1 AND ($2 = '' OR status = $2)`

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
	return l.queryMemories(ctx, `SELECT `+memoryColumns+` FROM memory_versions WHERE memory_id = ANY($1::text[]::uuid[])`, ids)
}

// Memory implements groupmem.Ledger.
func (l *Ledger) Memory(ctx context.Context, id string) (groupmem.Memory, error) {
	mems, err := l.MemoriesByID(ctx, []string{id})
	if err != nil {
		return groupmem.Memory{}, err
	}
	return ledger.One(mems, id)
}

// Lineage implements groupmem.Ledger.
func (l *Ledger) Lineage(ctx context.Context, id string) ([]groupmem.Memory, error) {
	if err := groupmem.CheckID(id); err != nil {
		return nil, err
	}
	mems, err := l.queryMemories(ctx, `SELECT `+listColumns+` FROM memory_versions
		WHERE lineage_id = (SELECT lineage_id FROM memory_versions WHERE memory_id = $1)
		ORDER BY version`, id)
	if err != nil {
		return nil, err
	}
	if len(mems) == 0 {
		return nil, groupmem.Errorf(groupmem.ENOTFOUND, "memory %s not found", id)
	}
	return mems, nil
}

// ScanMemories implements groupmem.Ledger.
func (l *Ledger) ScanMemories(ctx context.Context, after string, limit int) ([]groupmem.Memory, error) {
	if after == "" {
		after = "00000000-0000-0000-0000-000000000000"
	} else if err := groupmem.CheckID(after); err != nil {
		return nil, err
	}
	return l.queryMemories(ctx, `SELECT `+memoryColumns+` FROM memory_versions
		WHERE memory_id > $1 ORDER BY memory_id LIMIT $2`, after, max(limit, 0))
}

// manualChange selects whether a change-log row was written by a manual
// change (a run with trigger admin) rather than an evolution.
const manualChange = `COALESCE((SELECT r.trigger = 'admin' FROM evolution_runs r
	WHERE r.id = memory_change_log.run_id), false)`

// Changes implements groupmem.Ledger.
func (l *Ledger) Changes(ctx context.Context, q groupmem.ChangeQuery) ([]groupmem.Change, error) {
	if err := groupmem.CheckGroupID(q.GroupID); err != nil {
		return nil, err
	}
	var actions []string
	if q.Actions != nil {
		actions = make([]string, len(q.Actions))
		for i, a := range q.Actions {
			actions[i] = string(a)
		}
	}
	var before *time.Time
	if !q.BeforeTime.IsZero() {
		before = &q.BeforeTime
	}
	rows, err := l.pool.Query(ctx, `
		SELECT id, group_id, action, memory_id, new_memory_id, old_statement, new_statement,
			change_summary, version, run_id, actor, created_at, `+manualChange+`
		FROM memory_change_log WHERE group_id = $1 AND created_at >= $2
			AND ($3::text[] IS NULL OR action = ANY($3))
			AND ($4::timestamptz IS NULL OR (created_at, id) < ($4, $5))
		ORDER BY created_at DESC, id DESC LIMIT $6`,
		q.GroupID, q.Since, actions, before, q.BeforeID, max(q.Limit, 0))
	if err != nil {
		return nil, interpretError(fmt.Errorf("read changes: %w", err))
	}
	changes, err := pgx.CollectRows(rows, scanChange)
	return changes, interpretError(err)
}
