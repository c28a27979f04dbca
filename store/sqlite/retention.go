package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/groupmem/groupmem"
)

// ExpireMessages implements groupmem.Ledger.
func (l *Ledger) ExpireMessages(ctx context.Context, before time.Time, actor string) (int, error) {
	total := 0
	now := nanos(l.now().UTC())
	err := l.inTx(ctx, func(tx *sql.Tx) error {
		const expired = `FROM messages m JOIN group_state g ON g.group_id = m.group_id
			WHERE m.seq <= g.watermark AND m.sent_at < ?1 AND m.redacted_at IS NULL`
		if _, err := tx.ExecContext(ctx, `INSERT INTO removals (group_id, kind, actor, rows, removed_at)
			SELECT m.group_id, ?2, ?3, json_object('messages', count(*)), ?4 `+expired+` GROUP BY m.group_id`,
			nanos(before), groupmem.RemovalRetention, groupmem.CleanActor(actor), now); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE messages SET content = '', redacted_at = ?2
			WHERE redacted_at IS NULL AND sent_at < ?1
				AND seq <= (SELECT watermark FROM group_state g WHERE g.group_id = messages.group_id)`, nanos(before), now)
		if err != nil {
			return err
		}
		n, _ := res.RowsAffected()
		total = int(n)
		return nil
	})
	if err != nil {
		return 0, interpretError(fmt.Errorf("expire messages: %w", err))
	}
	return total, nil
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
