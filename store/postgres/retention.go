package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/groupmem/groupmem"
)

// ExpireMessages implements groupmem.Ledger.
func (l *Ledger) ExpireMessages(ctx context.Context, before time.Time, actor string) (map[string]int, error) {
	rows, err := l.pool.Query(ctx, `
		WITH expired AS (
			UPDATE messages m SET content = '', redacted_at = $2
			FROM group_state g
			WHERE m.group_id = g.group_id AND m.seq <= g.watermark AND m.sent_at < $1 AND m.redacted_at IS NULL
			RETURNING m.group_id),
		forget AS (
			INSERT INTO outbox (group_id, memory_id, kind, created_at)
			SELECT DISTINCT group_id, $5::uuid, 'forget', $2::timestamptz FROM expired
			ON CONFLICT (group_id) WHERE kind = 'forget' AND done_at IS NULL AND claimed_until IS NULL DO NOTHING)
		INSERT INTO removals (group_id, kind, actor, rows, removed_at)
		SELECT group_id, $3, $4, jsonb_build_object('messages', count(*)), $2 FROM expired GROUP BY group_id
		RETURNING group_id, (rows->>'messages')::int`, before, l.now().UTC(), groupmem.RemovalRetention, groupmem.CleanActor(actor), groupmem.NilID)
	if err != nil {
		return nil, interpretError(fmt.Errorf("expire messages: %w", err))
	}
	out := map[string]int{}
	var g string
	var n int
	_, err = pgx.ForEachRow(rows, []any{&g, &n}, func() error {
		out[g] = n
		return nil
	})
	if err != nil {
		return nil, interpretError(fmt.Errorf("expire messages: %w", err))
	}
	return out, nil
}

// IdleGroups implements groupmem.Ledger.
func (l *Ledger) IdleGroups(ctx context.Context, before time.Time, limit int) ([]string, error) {
	rows, err := l.pool.Query(ctx, `SELECT g.group_id FROM group_state g
		WHERE NOT EXISTS (SELECT 1 FROM messages m WHERE m.group_id = g.group_id AND m.inserted_at >= $1)
			AND NOT EXISTS (SELECT 1 FROM evolution_runs r WHERE r.group_id = g.group_id AND r.started_at >= $1)
		ORDER BY g.group_id LIMIT $2`, before, max(limit, 0))
	if err != nil {
		return nil, interpretError(fmt.Errorf("read idle groups: %w", err))
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	return ids, interpretError(err)
}
