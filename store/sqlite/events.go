package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/ledger"
)

// emitEvents writes events of group in tx when some webhook covers the
// group: their seq follows the group's last one (the write transaction
// holds the whole file, so seq order is commit order), and every webhook
// that covers an event gets a delivery of it and a stream of the group.
func emitEvents(ctx context.Context, tx *sql.Tx, group string, events []groupmem.Event, now time.Time) error {
	if len(events) == 0 {
		return nil
	}
	hooks, err := webhooksIn(ctx, tx)
	if err != nil {
		return err
	}
	hooks = slices.DeleteFunc(hooks, func(w groupmem.Webhook) bool { return !w.CoversGroup(group) })
	if len(hooks) == 0 {
		return nil
	}
	var top int64
	if err := tx.QueryRowContext(ctx, `INSERT INTO webhook_event_seq (group_id, seq) VALUES (?1, ?2)
		ON CONFLICT (group_id) DO UPDATE SET seq = seq + ?2 RETURNING seq`, group, len(events)).Scan(&top); err != nil {
		return fmt.Errorf("write events: %w", err)
	}
	for i, e := range events {
		row := ledger.EncodeEvent(e)
		seq := top - int64(len(events)) + int64(i) + 1
		if _, err := tx.ExecContext(ctx, `INSERT INTO webhook_events (id, group_id, seq, type, statement, old_statement, data, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, row.ID, group, seq, row.Type, row.Statement, row.OldStatement, string(row.Data), nanos(now)); err != nil {
			return fmt.Errorf("write events: %w", err)
		}
		for _, w := range hooks {
			if !w.Covers(group, e.Type) {
				continue
			}
			if err := queueDelivery(ctx, tx, w.ID, e.ID, group, seq, now); err != nil {
				return err
			}
		}
	}
	return nil
}

// queueDelivery writes one pending delivery and its stream.
func queueDelivery(ctx context.Context, tx *sql.Tx, hook, event, group string, seq int64, now time.Time) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO webhook_streams (webhook_id, group_id, next_at) VALUES (?, ?, ?)
		ON CONFLICT DO NOTHING`, hook, group, nanos(now)); err != nil {
		return fmt.Errorf("write webhook stream: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO webhook_deliveries (webhook_id, event_id, group_id, seq, created_at)
		VALUES (?, ?, ?, ?, ?)`, hook, event, group, seq, nanos(now)); err != nil {
		return fmt.Errorf("write webhook delivery: %w", err)
	}
	return nil
}

// emptyEvents removes the webhook events and deliveries of a purged
// group (undelivered events hold its statements); its seq row stays
// (ledger.EventSeqTable), and so do its streams, which hold no text, each
// held one under a new lease (takeLeases).
func emptyEvents(ctx context.Context, tx *sql.Tx, group string) error {
	if err := takeLeases(ctx, tx, group); err != nil {
		return err
	}
	for _, table := range ledger.EventTables {
		if table == ledger.EventStreamTable {
			continue
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM `+table+` WHERE group_id = ?`, group); err != nil {
			return fmt.Errorf("purge %s: %w", table, err)
		}
	}
	return nil
}

// takeLeases gives every leased stream of the group a lease token nobody
// holds and keeps its leased_until (ledger.TakeLeases).
func takeLeases(ctx context.Context, tx *sql.Tx, group string) error {
	if _, err := tx.ExecContext(ctx, `UPDATE webhook_streams SET lease = ?2
		WHERE group_id = ?1 AND lease IS NOT NULL`, group, groupmem.NewID()); err != nil {
		return fmt.Errorf("take the group's webhook leases: %w", err)
	}
	return nil
}

// scrubEvents replaces, in the group's events, every statement that
// quotes text (ledger.Quotes) by groupmem.Redacted, and takes the leases
// of the group's streams (takeLeases).
func scrubEvents(ctx context.Context, tx *sql.Tx, group, text string) error {
	if err := takeLeases(ctx, tx, group); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `UPDATE webhook_events SET
			old_statement = CASE WHEN `+quotesSQL("old_statement")+` THEN ?3 ELSE old_statement END,
			statement = CASE WHEN `+quotesSQL("statement")+` THEN ?3 ELSE statement END
		WHERE group_id = ?1 AND (`+quotesSQL("old_statement")+` OR `+quotesSQL("statement")+`)`, group, text, groupmem.Redacted)
	if err != nil {
		return fmt.Errorf("scrub events: %w", err)
	}
	return nil
}

// webhooksIn reads every webhook, in q.
func webhooksIn(ctx context.Context, q querier) ([]groupmem.Webhook, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+webhookColumns+` FROM webhooks ORDER BY created_at, id`)
	if err != nil {
		return nil, fmt.Errorf("read webhooks: %w", err)
	}
	return collect(rows, scanWebhook)
}

const webhookColumns = `id, url, events, groups, secret, previous_secret, previous_until, actor, created_at, paused_at, paused_reason`

func scanWebhook(row *sql.Rows) (groupmem.Webhook, error) {
	var w groupmem.Webhook
	var events string
	var groups sql.NullString
	var until, paused sql.NullInt64
	var created int64
	if err := row.Scan(&w.ID, &w.URL, &events, &groups, &w.Secret, &w.PreviousSecret, &until, &w.Actor, &created,
		&paused, &w.PausedReason); err != nil {
		return w, err
	}
	w.CreatedAt, w.PreviousUntil, w.PausedAt = fromNanos(created), fromNullNanos(until), fromNullNanos(paused)
	if err := json.Unmarshal([]byte(events), &w.Events); err != nil {
		return w, fmt.Errorf("read webhook %s: %w", w.ID, err)
	}
	if groups.Valid {
		w.Groups = []string{}
		if err := json.Unmarshal([]byte(groups.String), &w.Groups); err != nil {
			return w, fmt.Errorf("read webhook %s: %w", w.ID, err)
		}
	}
	return w, nil
}
