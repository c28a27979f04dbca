package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

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
	var ids []string
	if q.IDs != nil {
		ids = append([]string{}, q.IDs...) // a non-nil empty list selects nothing
	}
	rows, err := l.pool.Query(ctx, `
		SELECT g.group_id, g.watermark, m.active, m.deprecated, m.superseded, n.total, n.pending, r.id
		FROM group_state g
		CROSS JOIN LATERAL (SELECT
				count(*) FILTER (WHERE status = 'active') AS active,
				count(*) FILTER (WHERE status = 'deprecated') AS deprecated,
				count(*) FILTER (WHERE status = 'superseded') AS superseded
			FROM memory_versions WHERE group_id = g.group_id) m
		CROSS JOIN LATERAL (SELECT count(*) AS total, count(*) FILTER (WHERE seq > g.watermark) AS pending
			FROM messages WHERE group_id = g.group_id) n
		LEFT JOIN LATERAL (SELECT id FROM evolution_runs
			WHERE group_id = g.group_id AND trigger <> $1
			ORDER BY started_at DESC, id DESC LIMIT 1) r ON true
		WHERE g.group_id > $2 AND ($3::text[] IS NULL OR g.group_id = ANY($3))
		ORDER BY g.group_id LIMIT $4`, groupmem.TriggerAdmin, q.After, ids, max(q.Limit, 0))
	if err != nil {
		return nil, interpretError(fmt.Errorf("read groups: %w", err))
	}
	var runIDs []string
	groups, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (groupmem.GroupSummary, error) {
		var g groupmem.GroupSummary
		var run *string
		err := row.Scan(&g.GroupID, &g.Watermark, &g.Active, &g.Deprecated, &g.Superseded, &g.Messages, &g.Pending, &run)
		if run != nil {
			runIDs = append(runIDs, *run)
			g.LastRun = &groupmem.Run{ID: *run}
		}
		return g, err
	})
	if err != nil || len(runIDs) == 0 {
		return groups, interpretError(err)
	}
	if err := l.lastRuns(ctx, groups, runIDs); err != nil {
		return nil, err
	}
	return groups, nil
}

// lastRuns replaces each group's LastRun, which holds only its id, with
// the run's record, read in one query.
func (l *Ledger) lastRuns(ctx context.Context, groups []groupmem.GroupSummary, runIDs []string) error {
	rows, err := l.pool.Query(ctx, `SELECT `+runColumns+` FROM evolution_runs WHERE id = ANY($1::text[]::uuid[])`, runIDs)
	if err != nil {
		return interpretError(fmt.Errorf("read groups' runs: %w", err))
	}
	runs, err := pgx.CollectRows(rows, scanRun)
	if err != nil {
		return interpretError(err)
	}
	byID := make(map[string]*groupmem.Run, len(runs))
	for i := range runs {
		byID[runs[i].ID] = &runs[i]
	}
	for i := range groups {
		if groups[i].LastRun != nil {
			groups[i].LastRun = byID[groups[i].LastRun.ID]
		}
	}
	return nil
}
