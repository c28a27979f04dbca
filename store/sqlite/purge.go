package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/ledger"
)

// PurgeGroup implements groupmem.Ledger. SQLite has one writer at a time,
// so no commit of the group can interleave; a run begun before the purge
// can never commit after it: its fence goes with the state row. The
// group's usage stays, under the purged groups (foldPurgedUsage).
func (l *Ledger) PurgeGroup(ctx context.Context, groupID, actor string) (groupmem.Removal, error) {
	r, err := ledger.NewPurge(groupID, actor)
	if err != nil {
		return groupmem.Removal{}, err
	}
	err = l.inTx(ctx, func(tx *sql.Tx) error {
		for _, table := range ledger.PurgeTables {
			// The group's runs are gone (a run that ended meanwhile has
			// added its usage): its usage stays, under the purged groups.
			if table == "usage_days" {
				if err := foldPurgedUsage(ctx, tx, groupID); err != nil {
					return err
				}
			}
			res, err := tx.ExecContext(ctx, `DELETE FROM `+table+` WHERE group_id = ?`+purgeFilter(table), groupID)
			if err != nil {
				return fmt.Errorf("purge %s: %w", table, err)
			}
			if n, _ := res.RowsAffected(); n > 0 {
				r.Rows[table] = int(n)
			}
		}
		if r.Total() == 0 {
			return nil
		}
		rows, err := json.Marshal(r.Rows)
		if err != nil {
			return err
		}
		r.RemovedAt = l.now().UTC()
		res, err := tx.ExecContext(ctx, `INSERT INTO removals (group_id, kind, actor, rows, removed_at) VALUES (?, ?, ?, ?, ?)`,
			groupID, r.Kind, r.Actor, string(rows), nanos(r.RemovedAt))
		if err != nil {
			return err
		}
		r.ID, _ = res.LastInsertId()
		_, err = tx.ExecContext(ctx, `INSERT INTO outbox (group_id, kind, memory_id, created_at) VALUES (?, ?, ?, ?)`,
			groupID, groupmem.OutboxPurge, groupmem.NilID, nanos(r.RemovedAt))
		if err != nil {
			return err
		}
		if err := emptyEvents(ctx, tx, groupID); err != nil {
			return err
		}
		return emitEvents(ctx, tx, groupID, []groupmem.Event{ledger.PurgeEvent(r)}, r.RemovedAt)
	})
	if err != nil {
		return groupmem.Removal{}, interpretError(err)
	}
	return r, nil
}

// Removals implements groupmem.Ledger.
func (l *Ledger) Removals(ctx context.Context, groupID string, limit int) ([]groupmem.Removal, error) {
	if err := groupmem.CheckGroupID(groupID); err != nil {
		return nil, err
	}
	rows, err := l.read.QueryContext(ctx, `SELECT id, group_id, kind, actor, rows, removed_at FROM removals
		WHERE group_id = ? ORDER BY removed_at DESC, id DESC LIMIT ?`, groupID, max(limit, 0))
	if err != nil {
		return nil, interpretError(fmt.Errorf("read removals: %w", err))
	}
	out, err := collect(rows, func(row *sql.Rows) (groupmem.Removal, error) {
		var r groupmem.Removal
		var counts string
		var at int64
		if err := row.Scan(&r.ID, &r.GroupID, &r.Kind, &r.Actor, &counts, &at); err != nil {
			return r, err
		}
		r.RemovedAt = fromNanos(at)
		return r, json.Unmarshal([]byte(counts), &r.Rows)
	})
	return out, interpretError(err)
}

// purgeFilter keeps a purge's own outbox entries: an earlier purge of the
// group whose index side is not finished yet stays queued.
func purgeFilter(table string) string {
	if table == "outbox" {
		return ` AND kind <> 'purge'`
	}
	return ""
}
