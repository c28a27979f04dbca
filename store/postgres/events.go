package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/ledger"
)

// emitSQL writes the events $3.. of group $1 at $2, in one statement, and
// only when some webhook covers the group: their seq comes from the
// group's row in webhook_event_seq, which the statement holds locked
// until the transaction ends, so that seq order is commit order; every
// webhook that covers an event's type gets a delivery of it and a stream
// of the group.
const emitSQL = `
WITH subs AS (
	SELECT id, events FROM webhooks WHERE groups IS NULL OR $1 = ANY(groups)),
n AS (
	SELECT cardinality($3::uuid[]) AS n WHERE EXISTS (SELECT 1 FROM subs)),
top AS (
	INSERT INTO webhook_event_seq AS s (group_id, seq) SELECT $1, n FROM n
	ON CONFLICT (group_id) DO UPDATE SET seq = s.seq + excluded.seq
	RETURNING seq),
ev AS (
	INSERT INTO webhook_events (id, group_id, seq, type, statement, old_statement, data, created_at)
	SELECT t.id, $1, top.seq - n.n + t.ord, t.type, t.st, t.ost, t.data, $2
	FROM top, n, unnest($3::uuid[], $4::text[], $5::text[], $6::text[], $7::jsonb[])
		WITH ORDINALITY AS t(id, type, st, ost, data, ord)
	RETURNING id, seq, type),
st AS (
	INSERT INTO webhook_streams (webhook_id, group_id, next_at)
	SELECT DISTINCT subs.id, $1, $2::timestamptz FROM subs JOIN ev ON ev.type = ANY(subs.events)
	ON CONFLICT DO NOTHING)
INSERT INTO webhook_deliveries (webhook_id, event_id, group_id, seq, created_at)
SELECT subs.id, ev.id, $1, ev.seq, $2 FROM subs JOIN ev ON ev.type = ANY(subs.events)`

// emitArgs are emitSQL's arguments for events of group at now.
func emitArgs(group string, events []groupmem.Event, now time.Time) []any {
	n := len(events)
	ids, types, st, ost := make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	data := make([]string, n)
	for i, e := range events {
		row := ledger.EncodeEvent(e)
		ids[i], types[i], st[i], ost[i], data[i] = row.ID, row.Type, row.Statement, row.OldStatement, string(row.Data)
	}
	return []any{group, now, ids, types, st, ost, data}
}

// queueEvents queues the statement that writes events, if there are any;
// readEvents reads its result.
func queueEvents(b *pgx.Batch, group string, events []groupmem.Event, now time.Time) {
	if len(events) > 0 {
		b.Queue(emitSQL, emitArgs(group, events, now)...)
	}
}

// readEvents reads the result of queueEvents.
func readEvents(br pgx.BatchResults, events []groupmem.Event) error {
	if len(events) == 0 {
		return nil
	}
	if _, err := br.Exec(); err != nil {
		return fmt.Errorf("write events: %w", err)
	}
	return nil
}

// emitEvents writes events in tx.
func emitEvents(ctx context.Context, tx pgx.Tx, group string, events []groupmem.Event, now time.Time) error {
	if len(events) == 0 {
		return nil
	}
	if _, err := tx.Exec(ctx, emitSQL, emitArgs(group, events, now)...); err != nil {
		return fmt.Errorf("write events: %w", err)
	}
	return nil
}

// emptyEvents removes the webhook events and deliveries of a purged
// group (undelivered events hold its statements); its seq row stays
// (ledger.EventSeqTable), and so do its streams, which hold no text, each
// held one under a new lease (takeLeases).
func emptyEvents(ctx context.Context, tx pgx.Tx, group string) error {
	if err := takeLeases(ctx, tx, group); err != nil {
		return err
	}
	for _, table := range ledger.EventTables {
		if table == ledger.EventStreamTable {
			continue
		}
		if _, err := tx.Exec(ctx, `DELETE FROM `+table+` WHERE group_id = $1`, group); err != nil {
			return fmt.Errorf("purge %s: %w", table, err)
		}
	}
	return nil
}

// takeLeases gives every leased stream of the group a lease token nobody
// holds and keeps its leased_until (ledger.TakeLeases).
func takeLeases(ctx context.Context, tx pgx.Tx, group string) error {
	if _, err := tx.Exec(ctx, `UPDATE webhook_streams SET lease = gen_random_uuid()
		WHERE group_id = $1 AND lease IS NOT NULL`, group); err != nil {
		return fmt.Errorf("take the group's webhook leases: %w", err)
	}
	return nil
}

// scrubEvents replaces, in the group's events, every statement that
// quotes text (ledger.Quotes) by groupmem.Redacted, and takes the leases
// of the group's streams (takeLeases).
func scrubEvents(ctx context.Context, tx pgx.Tx, group, text string) error {
	if err := takeLeases(ctx, tx, group); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `UPDATE webhook_events SET
			old_statement = CASE WHEN `+quotesSQL("old_statement")+` THEN $3 ELSE old_statement END,
			statement = CASE WHEN `+quotesSQL("statement")+` THEN $3 ELSE statement END
		WHERE group_id = $1 AND (`+quotesSQL("old_statement")+` OR `+quotesSQL("statement")+`)`, group, text, groupmem.Redacted)
	if err != nil {
		return fmt.Errorf("scrub events: %w", err)
	}
	return nil
}
