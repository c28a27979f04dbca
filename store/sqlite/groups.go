package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"github.com/groupmem/groupmem"
)

// Groups implements groupmem.Ledger. Every group with messages or runs has
// a group_state row (ingestion and BeginRun create it), so the page is read
// from there; counts and the latest evolution run come from each group's
// indexes.
func (l *Ledger) Groups(ctx context.Context, q groupmem.GroupQuery) ([]groupmem.GroupSummary, error) {
	for _, id := range q.IDs {
		if err := groupmem.CheckGroupID(id); err != nil {
			return nil, err
		}
	}
	var ids any // NULL: every group
	if q.IDs != nil {
		list, err := json.Marshal(append([]string{}, q.IDs...))
		if err != nil {
			return nil, err
		}
		ids = string(list)
	}
	rows, err := l.read.QueryContext(ctx, `
		SELECT g.group_id, g.watermark,
			(SELECT count(*) FROM memory_versions WHERE group_id = g.group_id AND status = 'active'),
			(SELECT count(*) FROM memory_versions WHERE group_id = g.group_id AND status = 'deprecated'),
			(SELECT count(*) FROM memory_versions WHERE group_id = g.group_id AND status = 'superseded'),
			(SELECT count(*) FROM messages WHERE group_id = g.group_id),
			(SELECT count(*) FROM messages WHERE group_id = g.group_id AND seq > g.watermark),
			(SELECT id FROM evolution_runs WHERE group_id = g.group_id AND trigger <> ?1
				ORDER BY started_at DESC, id DESC LIMIT 1)
		FROM group_state g
		WHERE g.group_id > ?2 AND (?3 IS NULL OR g.group_id IN (SELECT value FROM json_each(?3)))
		ORDER BY g.group_id LIMIT ?4`, groupmem.TriggerAdmin, q.After, ids, max(q.Limit, 0))
	if err != nil {
		return nil, interpretError(fmt.Errorf("read groups: %w", err))
	}
	groups, err := collect(rows, func(row *sql.Rows) (groupmem.GroupSummary, error) {
		var g groupmem.GroupSummary
		var run sql.NullString
		err := row.Scan(&g.GroupID, &g.Watermark, &g.Active, &g.Deprecated, &g.Superseded, &g.Messages, &g.Pending, &run)
		if run.Valid {
			g.LastRun = &groupmem.Run{ID: run.String}
		}
		return g, err
	})
	if err != nil {
		return nil, interpretError(err)
	}
	for i := range groups {
		if groups[i].LastRun == nil {
			continue
		}
		run, err := l.Run(ctx, groups[i].LastRun.ID)
		if err != nil {
			return nil, err
		}
		groups[i].LastRun = &run
	}
	return groups, nil
}
