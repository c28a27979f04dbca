package postgres

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/ledger"
)

// PurgeGroup implements groupmem.Ledger. The group's state row is locked
// first (within the lock timeout as a whole), so a purge waits for (or makes fail) a commit of the same group in
// flight, and a run begun before it can never commit after it: its fence
// goes with the state row. The group's usage stays, under the purged
// groups (foldPurgedUsage).
func (l *Ledger) PurgeGroup(ctx context.Context, groupID, actor string) (groupmem.Removal, error) {
	r, err := ledger.NewPurge(groupID, actor)
	if err != nil {
		return groupmem.Removal{}, err
	}
	err = pgx.BeginFunc(ctx, l.pool, func(tx pgx.Tx) error {
		if _, _, err := l.lockGroupState(ctx, tx, groupID); err != nil {
			return err
		}
		for _, table := range ledger.PurgeTables {
			// The group's runs are gone (a run that ended meanwhile has
			// added its usage): its usage stays, under the purged groups.
			if table == "usage_days" {
				if err := foldPurgedUsage(ctx, tx, groupID); err != nil {
					return err
				}
			}
			tag, err := tx.Exec(ctx, `DELETE FROM `+table+` WHERE group_id = $1`+purgeFilter(table), groupID)
			if err != nil {
				return fmt.Errorf("purge %s: %w", table, err)
			}
			if n := int(tag.RowsAffected()); n > 0 {
				r.Rows[table] = n
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
		if err := tx.QueryRow(ctx, `INSERT INTO removals (group_id, kind, actor, rows, removed_at) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
			groupID, r.Kind, r.Actor, rows, r.RemovedAt).Scan(&r.ID); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO outbox (group_id, kind, memory_id, created_at) VALUES ($1, $2, $3, $4)`,
			groupID, groupmem.OutboxPurge, groupmem.NilID, r.RemovedAt)
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
	rows, err := l.pool.Query(ctx, `SELECT id, group_id, kind, actor, rows, removed_at FROM removals
		WHERE group_id = $1 ORDER BY removed_at DESC, id DESC LIMIT $2`, groupID, max(limit, 0))
	if err != nil {
		return nil, interpretError(fmt.Errorf("read removals: %w", err))
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (groupmem.Removal, error) {
		var r groupmem.Removal
		var counts []byte
		if err := row.Scan(&r.ID, &r.GroupID, &r.Kind, &r.Actor, &counts, &r.RemovedAt); err != nil {
			return r, err
		}
		return r, json.Unmarshal(counts, &r.Rows)
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
