package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/ledger"
)

var _ groupmem.Webhooks = (*Ledger)(nil)

// CreateWebhook implements groupmem.Webhooks.
func (l *Ledger) CreateWebhook(ctx context.Context, w groupmem.Webhook) error {
	events, _ := json.Marshal(ledger.EventTypeNames(w.Events)) // strings always marshal
	var groups any
	if w.Groups != nil {
		b, _ := json.Marshal(w.Groups)
		groups = string(b)
	}
	return l.inTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO webhooks (id, url, events, groups, secret, actor, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, w.ID, w.URL, string(events), groups, w.Secret, w.Actor, nanos(w.CreatedAt))
		return err
	})
}

// Webhook implements groupmem.Webhooks.
func (l *Ledger) Webhook(ctx context.Context, id string) (groupmem.Webhook, error) {
	return webhookIn(ctx, l.read, id)
}

func webhookIn(ctx context.Context, q querier, id string) (groupmem.Webhook, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+webhookColumns+` FROM webhooks WHERE id = ?`, id)
	if err != nil {
		return groupmem.Webhook{}, interpretError(fmt.Errorf("read webhook: %w", err))
	}
	ws, err := collect(rows, scanWebhook)
	if err != nil {
		return groupmem.Webhook{}, interpretError(fmt.Errorf("read webhook: %w", err))
	}
	if len(ws) == 0 {
		return groupmem.Webhook{}, ledger.WebhookError(id)
	}
	return ws[0], nil
}

// ListWebhooks implements groupmem.Webhooks.
func (l *Ledger) ListWebhooks(ctx context.Context) ([]groupmem.Webhook, error) {
	ws, err := webhooksIn(ctx, l.read)
	return ws, interpretError(err)
}

// DeleteWebhook implements groupmem.Webhooks: its streams and deliveries
// go with it.
func (l *Ledger) DeleteWebhook(ctx context.Context, id string) error {
	return l.changeWebhook(ctx, id, `DELETE FROM webhooks WHERE id = ?1`)
}

// PauseWebhook implements groupmem.Webhooks.
func (l *Ledger) PauseWebhook(ctx context.Context, id, reason string) error {
	return l.changeWebhook(ctx, id, `UPDATE webhooks SET paused_at = ?2, paused_reason = ?3 WHERE id = ?1`,
		nanos(l.now()), groupmem.Truncate(groupmem.CleanText(reason), ledger.MaxDeliveryError))
}

// ResumeWebhook implements groupmem.Webhooks: in one transaction, the
// retry window of what waits starts again (the first failure of the few
// failed pending deliveries is forgotten, by their index: the write lock
// is held for a moment whatever the backlog), every stream of the webhook
// is due at once, and then the pause ends, so that no claim sees the
// webhook resumed with its old window.
func (l *Ledger) ResumeWebhook(ctx context.Context, id string) (groupmem.Webhook, error) {
	now := nanos(l.now())
	err := l.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE webhook_deliveries SET first_failed_at = NULL
			WHERE webhook_id = ?1 AND state = 'pending' AND first_failed_at IS NOT NULL`, id); err != nil {
			return fmt.Errorf("resume webhook: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE webhook_streams SET next_at = ?2 WHERE webhook_id = ?1`, id, now); err != nil {
			return fmt.Errorf("resume webhook: %w", err)
		}
		res, err := tx.ExecContext(ctx, `UPDATE webhooks SET paused_at = NULL, paused_reason = '' WHERE id = ?1`, id)
		if err != nil {
			return fmt.Errorf("resume webhook: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ledger.WebhookError(id)
		}
		return nil
	})
	if err != nil {
		return groupmem.Webhook{}, err
	}
	return l.Webhook(ctx, id)
}

// RotateWebhook implements groupmem.Webhooks: the update is conditional
// on the secret before having stopped signing.
func (l *Ledger) RotateWebhook(ctx context.Context, id, secret string, until time.Time) (groupmem.Webhook, error) {
	err := l.changeWebhook(ctx, id, `UPDATE webhooks SET previous_secret = secret, previous_until = ?3, secret = ?2
		WHERE id = ?1 AND (previous_until IS NULL OR previous_until <= ?4)`, secret, nanos(until), nanos(l.now()))
	if groupmem.ErrorCode(err) == groupmem.ENOTFOUND {
		if w, werr := l.Webhook(ctx, id); werr == nil {
			return groupmem.Webhook{}, ledger.RotationError(w)
		}
	}
	if err != nil {
		return groupmem.Webhook{}, err
	}
	return l.Webhook(ctx, id)
}

// changeWebhook runs one statement on webhook ?1: ENOTFOUND when it
// touched no row.
func (l *Ledger) changeWebhook(ctx context.Context, id, query string, args ...any) error {
	return l.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, query, append([]any{id}, args...)...)
		if err != nil {
			return fmt.Errorf("change webhook: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ledger.WebhookError(id)
		}
		return nil
	})
}

// ClaimWebhooks implements groupmem.Webhooks: the claim is one short
// write transaction, which holds the file's write lock, so two claimers
// never hold one stream at once. The claimed streams' webhooks and
// deliveries are read after it commits, on the read connections, beside
// other writers: the lease keeps the streams from any other claimer, and
// whatever changes their events (a redaction, a purge, a replay) takes
// the lease, so that the holder's next record fails.
func (l *Ledger) ClaimWebhooks(ctx context.Context, p groupmem.ClaimWebhooksParams) ([]groupmem.WebhookBatch, error) {
	if p.Streams <= 0 || p.PerStream <= 0 {
		return nil, nil
	}
	now := l.now()
	per := p.PerWebhook
	if per <= 0 {
		per = p.Streams
	}
	busy := []byte("{}")
	if p.Busy != nil {
		busy, _ = json.Marshal(p.Busy) // a map of ints always marshals
	}
	var batches []groupmem.WebhookBatch
	err := l.inTx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `
			WITH due AS (
				SELECT st.webhook_id, st.group_id, st.next_at,
					coalesce((SELECT value FROM json_each(?4) WHERE key = st.webhook_id), 0) AS busy,
					row_number() OVER (PARTITION BY st.webhook_id ORDER BY st.next_at, st.group_id) AS k
				FROM webhook_streams st JOIN webhooks w ON w.id = st.webhook_id
				WHERE w.paused_at IS NULL AND st.next_at <= ?1 AND (st.leased_until IS NULL OR st.leased_until <= ?1)
					AND EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.webhook_id = st.webhook_id
						AND d.group_id = st.group_id AND d.state = 'pending'))
			UPDATE webhook_streams SET lease = lower(hex(randomblob(16))), leased_until = ?2
			WHERE (webhook_id, group_id) IN (SELECT webhook_id, group_id FROM due WHERE k + busy <= ?5 ORDER BY next_at LIMIT ?3)
			RETURNING webhook_id, group_id, lease, leased_until`, nanos(now), nanos(now.Add(p.Lease)), p.Streams, string(busy), per)
		if err != nil {
			return fmt.Errorf("claim webhook streams: %w", err)
		}
		batches, err = collect(rows, func(row *sql.Rows) (groupmem.WebhookBatch, error) {
			var b groupmem.WebhookBatch
			var until int64
			err := row.Scan(&b.Webhook.ID, &b.GroupID, &b.Lease, &until)
			b.LeasedUntil = fromNanos(until)
			return b, err
		})
		if err != nil {
			return fmt.Errorf("claim webhook streams: %w", err)
		}
		return nil
	})
	if err != nil || len(batches) == 0 {
		return nil, err
	}
	if err := fillBatches(ctx, l.read, batches, p.PerStream); err != nil {
		return nil, interpretError(err)
	}
	return batches, nil
}

// fillBatches reads the webhook and the first pending deliveries of each
// claimed stream.
func fillBatches(ctx context.Context, q querier, batches []groupmem.WebhookBatch, per int) error {
	hooks := map[string]groupmem.Webhook{}
	for i := range batches {
		b := &batches[i]
		w, ok := hooks[b.Webhook.ID]
		if !ok {
			var err error
			if w, err = webhookIn(ctx, q, b.Webhook.ID); err != nil {
				return err
			}
			hooks[w.ID] = w
		}
		b.Webhook = w
		rows, err := q.QueryContext(ctx, `SELECT `+deliveryColumns+` FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
			WHERE d.webhook_id = ? AND d.group_id = ? AND d.state = 'pending' ORDER BY d.seq LIMIT ?`, b.Webhook.ID, b.GroupID, per)
		if err != nil {
			return fmt.Errorf("read claimed deliveries: %w", err)
		}
		if b.Deliveries, err = collect(rows, scanDelivery); err != nil {
			return fmt.Errorf("read claimed deliveries: %w", err)
		}
	}
	return nil
}

const deliveryColumns = `d.id, d.webhook_id, d.state, d.attempts, d.last_status, d.last_error, d.latency_us,
	d.created_at, d.last_attempt_at, d.delivered_at, d.first_failed_at,
	e.id, e.group_id, e.seq, e.type, e.statement, e.old_statement, e.data, e.created_at`

func scanDelivery(row *sql.Rows) (groupmem.WebhookDelivery, error) {
	var d groupmem.WebhookDelivery
	var latency, created, at int64
	var last, done, failed sql.NullInt64
	var data, st, ost string
	e := &d.Event
	if err := row.Scan(&d.ID, &d.WebhookID, &d.State, &d.Attempts, &d.LastStatus, &d.LastError, &latency,
		&created, &last, &done, &failed, &e.ID, &e.GroupID, &e.Seq, &e.Type, &st, &ost, &data, &at); err != nil {
		return d, err
	}
	d.Latency = time.Duration(latency) * time.Microsecond
	d.CreatedAt, d.LastAttemptAt, d.DeliveredAt, e.At = fromNanos(created), fromNullNanos(last), fromNullNanos(done), fromNanos(at)
	d.FirstFailedAt = fromNullNanos(failed)
	return d, ledger.DecodeEvent(e, []byte(data), st, ost)
}

// RecordWebhookAttempt implements groupmem.Webhooks: the claim is
// renewed or released only while a.Lease holds it, and the attempts are
// logged only then, in one transaction.
func (l *Ledger) RecordWebhookAttempt(ctx context.Context, a groupmem.WebhookAttempt) error {
	a = ledger.CleanAttempt(a)
	now := l.now()
	var lease, until any
	next := now
	if !a.Release {
		lease, until = a.Lease, nanos(now.Add(a.Renew))
	} else if a.NextAt.After(now) {
		next = a.NextAt
	}
	return l.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE webhook_streams SET lease = ?4, leased_until = ?5, next_at = ?6
			WHERE webhook_id = ?1 AND group_id = ?2 AND lease = ?3`, a.WebhookID, a.GroupID, a.Lease, lease, until, nanos(next))
		if err != nil {
			return fmt.Errorf("record webhook attempt: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ledger.LostLease(a)
		}
		for _, r := range a.Results {
			state, delivered := groupmem.DeliveryPending, any(nil)
			if r.Delivered {
				state, delivered = groupmem.DeliveryDelivered, nanos(now)
			}
			_, err = tx.ExecContext(ctx, `UPDATE webhook_deliveries SET state = ?3, attempts = attempts + 1, last_status = ?4,
					last_error = ?5, latency_us = ?6, last_attempt_at = ?7, delivered_at = coalesce(?8, delivered_at),
					first_failed_at = CASE WHEN ?8 IS NULL THEN coalesce(first_failed_at, ?7) END
				WHERE id = ?1 AND webhook_id = ?2`, r.DeliveryID, a.WebhookID, state, r.Status, r.Error,
				r.Latency.Microseconds(), nanos(now), delivered)
			if err != nil {
				return fmt.Errorf("record webhook attempt: %w", err)
			}
		}
		return nil
	})
}

// WebhookDeliveries implements groupmem.Webhooks.
func (l *Ledger) WebhookDeliveries(ctx context.Context, q groupmem.WebhookDeliveryQuery) ([]groupmem.WebhookDelivery, error) {
	before := q.Before
	if before <= 0 {
		before = 1<<63 - 1
	}
	rows, err := l.read.QueryContext(ctx, `SELECT `+deliveryColumns+` FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
		WHERE d.webhook_id = ? AND d.id < ? ORDER BY d.id DESC LIMIT ?`, q.WebhookID, before, max(q.Limit, 0))
	if err != nil {
		return nil, interpretError(fmt.Errorf("read deliveries: %w", err))
	}
	ds, err := collect(rows, scanDelivery)
	return ds, interpretError(err)
}

// ReplayWebhook implements groupmem.Webhooks: in one transaction, the
// events are queued again as pending deliveries with their log reset, and
// the stream is due at once.
func (l *Ledger) ReplayWebhook(ctx context.Context, id, eventID string) (int, error) {
	now := l.now()
	var n int
	err := l.inTx(ctx, func(tx *sql.Tx) error {
		w, err := webhookIn(ctx, tx, id)
		if err != nil {
			return err
		}
		var group string
		var seq int64
		err = tx.QueryRowContext(ctx, `SELECT group_id, seq FROM webhook_events WHERE id = ?`, eventID).Scan(&group, &seq)
		if errors.Is(err, sql.ErrNoRows) || (err == nil && !w.CoversGroup(group)) {
			return ledger.EventError(eventID)
		}
		if err != nil {
			return fmt.Errorf("read event: %w", err)
		}
		// A group's events are numbered without gaps up to its last seq
		// (webhook_event_seq): one missing after seq is what a prune removed.
		var gap bool
		if err := tx.QueryRowContext(ctx, `SELECT count(*) < (SELECT seq FROM webhook_event_seq WHERE group_id = ?1) - ?2 + 1
			FROM webhook_events WHERE group_id = ?1 AND seq >= ?2`,
			group, seq).Scan(&gap); err != nil {
			return fmt.Errorf("read events: %w", err)
		}
		if gap {
			return ledger.ReplayGapError(eventID)
		}
		types, _ := json.Marshal(ledger.EventTypeNames(w.Events))
		res, err := tx.ExecContext(ctx, `
			INSERT INTO webhook_deliveries (webhook_id, event_id, group_id, seq, created_at)
			SELECT ?1, e.id, e.group_id, e.seq, ?4 FROM webhook_events e
			WHERE e.group_id = ?2 AND e.seq >= ?3 AND e.type IN (SELECT value FROM json_each(?5))
			ON CONFLICT (webhook_id, event_id) DO UPDATE SET state = 'pending', attempts = 0, last_status = 0,
				last_error = '', latency_us = 0, last_attempt_at = NULL, delivered_at = NULL, first_failed_at = NULL,
				created_at = excluded.created_at`,
			id, group, seq, nanos(now), string(types))
		if err != nil {
			return fmt.Errorf("replay webhook: %w", err)
		}
		affected, _ := res.RowsAffected()
		n = int(affected)
		// A held stream's lease is taken (ledger.EventStreamTable): its
		// holder records nothing more, and the replay goes after it.
		_, err = tx.ExecContext(ctx, `INSERT INTO webhook_streams (webhook_id, group_id, next_at) VALUES (?1, ?2, ?3)
			ON CONFLICT (webhook_id, group_id) DO UPDATE SET next_at = ?3,
				lease = CASE WHEN lease IS NULL THEN NULL ELSE ?4 END`, id, group, nanos(now), groupmem.NewID())
		return err
	})
	return n, err
}

// PruneWebhooks implements groupmem.Webhooks: the oldest delivered
// deliveries first, by their index, then the oldest events no delivery
// refers to, in one write transaction bounded by p.Limit.
func (l *Ledger) PruneWebhooks(ctx context.Context, p groupmem.PruneWebhooksParams) (groupmem.PrunedWebhooks, error) {
	var out groupmem.PrunedWebhooks
	if p.Limit <= 0 {
		return out, nil
	}
	err := l.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM webhook_deliveries WHERE id IN (
			SELECT id FROM webhook_deliveries WHERE state = 'delivered' AND delivered_at < ?1 ORDER BY delivered_at LIMIT ?2)`,
			nanos(p.Before), p.Limit)
		if err != nil {
			return fmt.Errorf("prune webhook deliveries: %w", err)
		}
		n, _ := res.RowsAffected()
		out.Deliveries = int(n)
		res, err = tx.ExecContext(ctx, `DELETE FROM webhook_events WHERE id IN (
			SELECT e.id FROM webhook_events e WHERE e.created_at < ?1
				AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id)
			ORDER BY e.created_at LIMIT ?2)`, nanos(p.Before), p.Limit)
		if err != nil {
			return fmt.Errorf("prune webhook events: %w", err)
		}
		n, _ = res.RowsAffected()
		out.Events = int(n)
		return nil
	})
	return out, err
}
