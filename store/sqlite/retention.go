package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/groupmem/groupmem"
)

// ExpireMessages implements groupmem.Ledger.
func (l *Ledger) ExpireMessages(ctx context.Context, before time.Time, actor string) (map[string]int, error) {
	out := map[string]int{}
	now := nanos(l.now().UTC())
	err := l.inTx(ctx, func(tx *sql.Tx) error {
		clear(out)
		rows, err := tx.QueryContext(ctx, `SELECT m.group_id, count(*) FROM messages m JOIN group_state g ON g.group_id = m.group_id
			WHERE m.seq <= g.watermark AND m.sent_at < ?1 AND m.redacted_at IS NULL GROUP BY m.group_id`, nanos(before))
		if err != nil {
			return err
		}
		for rows.Next() {
			var g string
			var n int
			if err := rows.Scan(&g, &n); err != nil {
				rows.Close()
				return err
			}
			out[g] = n
		}
		if err := rows.Err(); err != nil {
			rows.Close()
			return err
		}
		if err := rows.Close(); err != nil {
			return err
		}
		for g, n := range out {
			if _, err := tx.ExecContext(ctx, `INSERT INTO removals (group_id, kind, actor, rows, removed_at)
				VALUES (?1, ?2, ?3, json_object('messages', ?4), ?5)`,
				g, groupmem.RemovalRetention, groupmem.CleanActor(actor), n, now); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, queueForget, g, groupmem.NilID, now); err != nil {
				return err
			}
		}
		_, err = tx.ExecContext(ctx, `UPDATE messages SET content = '', redacted_at = ?2
			WHERE redacted_at IS NULL AND sent_at < ?1
				AND seq <= (SELECT watermark FROM group_state g WHERE g.group_id = messages.group_id)`, nanos(before), now)
		return err
	})
	if err != nil {
		return nil, interpretError(fmt.Errorf("expire messages: %w", err))
	}
	return out, nil
}

// IdleGroups implements groupmem.Ledger.
func (l *Ledger) IdleGroups(ctx context.Context, before time.Time, limit int) ([]string, error) {
	rows, err := l.read.QueryContext(ctx, `SELECT g.group_id FROM group_state g
		WHERE NOT EXISTS (SELECT 1 FROM messages m WHERE m.group_id = g.group_id AND m.inserted_at >= ?1)
			AND NOT EXISTS (SELECT 1 FROM evolution_runs r WHERE r.group_id = g.group_id AND r.started_at >= ?1)
		ORDER BY g.group_id LIMIT ?2`, nanos(before), max(limit, 0))
	if err != nil {
		return nil, interpretError(fmt.Errorf("read idle groups: %w", err))
	}
	return collect(rows, func(r *sql.Rows) (string, error) {
		var id string
		err := r.Scan(&id)
		return id, err
	})
}
