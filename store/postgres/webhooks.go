package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/ledger"
)

var _ groupmem.Webhooks = (*Ledger)(nil)

const webhookColumns = `id::text, url, events, groups, secret, previous_secret, previous_until, actor, created_at,
	paused_at, paused_reason`

func scanWebhook(row pgx.CollectableRow) (groupmem.Webhook, error) {
	var w groupmem.Webhook
	var events []string
	var until, paused *time.Time
	err := row.Scan(&w.ID, &w.URL, &events, &w.Groups, &w.Secret, &w.PreviousSecret, &until, &w.Actor, &w.CreatedAt,
		&paused, &w.PausedReason)
	for _, e := range events {
		w.Events = append(w.Events, groupmem.EventType(e))
	}
	if until != nil {
		w.PreviousUntil = *until
	}
	if paused != nil {
		w.PausedAt = *paused
	}
	return w, err
}

// CreateWebhook implements groupmem.Webhooks.
func (l *Ledger) CreateWebhook(ctx context.Context, w groupmem.Webhook) error {
	_, err := l.pool.Exec(ctx, `INSERT INTO webhooks (id, url, events, groups, secret, actor, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`, w.ID, w.URL, ledger.EventTypeNames(w.Events), w.Groups, w.Secret, w.Actor, w.CreatedAt)
	return interpretError(err)
}

// Webhook implements groupmem.Webhooks.
func (l *Ledger) Webhook(ctx context.Context, id string) (groupmem.Webhook, error) {
	if !groupmem.ValidID(id) {
		return groupmem.Webhook{}, ledger.WebhookError(id)
	}
	rows, err := l.pool.Query(ctx, `SELECT `+webhookColumns+` FROM webhooks WHERE id = $1`, id)
	if err != nil {
		return groupmem.Webhook{}, interpretError(fmt.Errorf("read webhook: %w", err))
	}
	w, err := pgx.CollectExactlyOneRow(rows, scanWebhook)
	if errors.Is(err, pgx.ErrNoRows) {
		return groupmem.Webhook{}, ledger.WebhookError(id)
	}
	return w, interpretError(err)
}

// ListWebhooks implements groupmem.Webhooks.
func (l *Ledger) ListWebhooks(ctx context.Context) ([]groupmem.Webhook, error) {
	rows, err := l.pool.Query(ctx, `SELECT `+webhookColumns+` FROM webhooks ORDER BY created_at, id`)
	if err != nil {
		return nil, interpretError(fmt.Errorf("list webhooks: %w", err))
	}
	ws, err := pgx.CollectRows(rows, scanWebhook)
	return ws, interpretError(err)
}

// DeleteWebhook implements groupmem.Webhooks: its streams and deliveries
// go with it.
func (l *Ledger) DeleteWebhook(ctx context.Context, id string) error {
	return l.changeWebhook(ctx, id, `DELETE FROM webhooks WHERE id = $1`)
}

// PauseWebhook implements groupmem.Webhooks.
func (l *Ledger) PauseWebhook(ctx context.Context, id, reason string) error {
	return l.changeWebhook(ctx, id, `UPDATE webhooks SET paused_at = $2, paused_reason = $3 WHERE id = $1`,
		l.now().UTC(), groupmem.Truncate(groupmem.CleanText(reason), ledger.MaxDeliveryError))
}

// ResumeWebhook implements groupmem.Webhooks: in one transaction, the
// retry window of what waits starts again (the first failure of the few
// failed pending deliveries is forgotten), every stream of the webhook is
// due at once, and then the pause ends, so that no claim sees the webhook
// resumed with its old window.
func (l *Ledger) ResumeWebhook(ctx context.Context, id string) (groupmem.Webhook, error) {
	if !groupmem.ValidID(id) {
		return groupmem.Webhook{}, ledger.WebhookError(id)
	}
	now := l.now().UTC()
	err := l.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE webhook_deliveries SET first_failed_at = NULL
			WHERE webhook_id = $1 AND state = 'pending' AND first_failed_at IS NOT NULL`, id); err != nil {
			return fmt.Errorf("resume webhook: %w", err)
		}
		if _, err := tx.Exec(ctx, `UPDATE webhook_streams SET next_at = $2 WHERE webhook_id = $1`, id, now); err != nil {
			return fmt.Errorf("resume webhook: %w", err)
		}
		tag, err := tx.Exec(ctx, `UPDATE webhooks SET paused_at = NULL, paused_reason = '' WHERE id = $1`, id)
		if err != nil {
			return fmt.Errorf("resume webhook: %w", err)
		}
		if tag.RowsAffected() == 0 {
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
// on the secret before having stopped signing, so that of two rotations
// at once one is refused.
func (l *Ledger) RotateWebhook(ctx context.Context, id, secret string, until time.Time) (groupmem.Webhook, error) {
	err := l.changeWebhook(ctx, id, `UPDATE webhooks SET previous_secret = secret, previous_until = $3, secret = $2
		WHERE id = $1 AND (previous_until IS NULL OR previous_until <= $4)`, secret, until, l.now().UTC())
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

// changeWebhook runs one statement on webhook $1: ENOTFOUND when it
// touched no row.
func (l *Ledger) changeWebhook(ctx context.Context, id, sql string, args ...any) error {
	if !groupmem.ValidID(id) {
		return ledger.WebhookError(id)
	}
	tag, err := l.pool.Exec(ctx, sql, append([]any{id}, args...)...)
	if err != nil {
		return interpretError(fmt.Errorf("change webhook: %w", err))
	}
	if tag.RowsAffected() == 0 {
		return ledger.WebhookError(id)
	}
	return nil
}

// ClaimWebhooks implements groupmem.Webhooks. The due streams are read
// with a probe of the pending deliveries' index each; each is leased by
// an update conditional on its lease being free, so that of two
// claimers only one takes it.
func (l *Ledger) ClaimWebhooks(ctx context.Context, p groupmem.ClaimWebhooksParams) ([]groupmem.WebhookBatch, error) {
	if p.Streams <= 0 || p.PerStream <= 0 {
		return nil, nil
	}
	now := l.now().UTC()
	per := p.PerWebhook
	if per <= 0 {
		per = p.Streams
	}
	busyIDs, busyN := []string{}, []int32{}
	for id, n := range p.Busy {
		busyIDs, busyN = append(busyIDs, id), append(busyN, int32(n))
	}
	rows, err := l.pool.Query(ctx, `
		WITH busy AS (SELECT * FROM unnest($4::text[], $5::int[]) AS b(webhook_id, n)),
		due AS (
			SELECT st.webhook_id, st.group_id, st.next_at, coalesce(b.n, 0) AS busy,
				row_number() OVER (PARTITION BY st.webhook_id ORDER BY st.next_at, st.group_id) AS k
			FROM webhook_streams st
			JOIN webhooks w ON w.id = st.webhook_id
			LEFT JOIN busy b ON b.webhook_id = st.webhook_id::text
			WHERE w.paused_at IS NULL AND st.next_at <= $1 AND (st.leased_until IS NULL OR st.leased_until <= $1)
				AND EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.webhook_id = st.webhook_id
					AND d.group_id = st.group_id AND d.state = 'pending')),
		pick AS (SELECT webhook_id, group_id FROM due WHERE k + busy <= $6 ORDER BY next_at LIMIT $3)
		UPDATE webhook_streams s SET lease = gen_random_uuid(), leased_until = $2
		FROM pick
		WHERE s.webhook_id = pick.webhook_id AND s.group_id = pick.group_id AND (s.leased_until IS NULL OR s.leased_until <= $1)
		RETURNING s.webhook_id::text, s.group_id, s.lease::text, s.leased_until`, now, now.Add(p.Lease), p.Streams, busyIDs, busyN, per)
	if err != nil {
		return nil, interpretError(fmt.Errorf("claim webhook streams: %w", err))
	}
	batches, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (groupmem.WebhookBatch, error) {
		var b groupmem.WebhookBatch
		err := row.Scan(&b.Webhook.ID, &b.GroupID, &b.Lease, &b.LeasedUntil)
		return b, err
	})
	if err != nil || len(batches) == 0 {
		return nil, interpretError(err)
	}
	return batches, l.fillBatches(ctx, batches, p.PerStream)
}

// fillBatches reads the webhook and the first pending deliveries of each
// claimed stream.
func (l *Ledger) fillBatches(ctx context.Context, batches []groupmem.WebhookBatch, per int) error {
	hooks, groups := make([]string, len(batches)), make([]string, len(batches))
	for i, b := range batches {
		hooks[i], groups[i] = b.Webhook.ID, b.GroupID
	}
	rows, err := l.pool.Query(ctx, `
		SELECT d.webhook_id::text, `+deliveryColumns+`
		FROM unnest($1::text[]::uuid[], $2::text[]) AS c(webhook_id, group_id)
		CROSS JOIN LATERAL (SELECT * FROM webhook_deliveries d WHERE d.webhook_id = c.webhook_id AND d.group_id = c.group_id
			AND d.state = 'pending' ORDER BY d.seq LIMIT $3) d
		JOIN webhook_events e ON e.id = d.event_id
		ORDER BY d.webhook_id, d.group_id, d.seq`, hooks, groups, per)
	if err != nil {
		return interpretError(fmt.Errorf("read claimed deliveries: %w", err))
	}
	ds, err := pgx.CollectRows(rows, scanDelivery)
	if err != nil {
		return interpretError(fmt.Errorf("read claimed deliveries: %w", err))
	}
	for i := range batches {
		b := &batches[i]
		for _, d := range ds {
			if d.WebhookID == b.Webhook.ID && d.Event.GroupID == b.GroupID {
				b.Deliveries = append(b.Deliveries, d)
			}
		}
		if b.Webhook, err = l.Webhook(ctx, b.Webhook.ID); err != nil {
			return err
		}
	}
	return nil
}

const deliveryColumns = `d.id, d.webhook_id::text, d.state, d.attempts, d.last_status, d.last_error, d.latency_us,
	d.created_at, d.last_attempt_at, d.delivered_at, d.first_failed_at,
	e.id::text, e.group_id, e.seq, e.type, e.statement, e.old_statement, e.data, e.created_at`

func scanDelivery(row pgx.CollectableRow) (groupmem.WebhookDelivery, error) {
	var d groupmem.WebhookDelivery
	var skip string
	var latency int64
	var last, done, failed *time.Time
	var data []byte
	e := &d.Event
	var st, ost string
	dest := []any{&d.ID, &d.WebhookID, &d.State, &d.Attempts, &d.LastStatus, &d.LastError, &latency,
		&d.CreatedAt, &last, &done, &failed, &e.ID, &e.GroupID, &e.Seq, &e.Type, &st, &ost, &data, &e.At}
	if len(row.FieldDescriptions()) > len(dest) {
		dest = append([]any{&skip}, dest...)
	}
	if err := row.Scan(dest...); err != nil {
		return d, err
	}
	d.Latency = time.Duration(latency) * time.Microsecond
	if last != nil {
		d.LastAttemptAt = *last
	}
	if done != nil {
		d.DeliveredAt = *done
	}
	if failed != nil {
		d.FirstFailedAt = *failed
	}
	return d, ledger.DecodeEvent(e, data, st, ost)
}

// RecordWebhookAttempt implements groupmem.Webhooks: the claim is
// renewed or released only while a.Lease holds it, and the attempts are
// logged only then, in one statement. It commits without waiting for the
// disk (synchronous_commit off), as CompleteOutbox does: what a crash of
// Postgres loses of it is a record of deliveries made, which are made
// again, with the same event ids.
func (l *Ledger) RecordWebhookAttempt(ctx context.Context, a groupmem.WebhookAttempt) error {
	a = ledger.CleanAttempt(a)
	now := l.now().UTC()
	var until *time.Time
	var token *string
	next := now
	if !a.Release {
		u := now.Add(a.Renew)
		until, token = &u, &a.Lease
	} else if a.NextAt.After(now) {
		next = a.NextAt
	}
	n := len(a.Results)
	ids, ok, status, errs, latency := make([]int64, n), make([]bool, n), make([]int32, n), make([]string, n), make([]int64, n)
	for i, r := range a.Results {
		ids[i], ok[i], status[i], errs[i], latency[i] = r.DeliveryID, r.Delivered, int32(r.Status), r.Error, r.Latency.Microseconds()
	}
	b := &pgx.Batch{}
	b.Queue(`SELECT set_config('synchronous_commit', 'off', true)`)
	b.Queue(`
		WITH s AS (
			UPDATE webhook_streams SET lease = $4::uuid, leased_until = $5, next_at = $6
			WHERE webhook_id = $1 AND group_id = $2 AND lease = $3::uuid RETURNING 1),
		rec AS (
			UPDATE webhook_deliveries d SET state = CASE WHEN t.ok THEN 'delivered' ELSE 'pending' END,
				attempts = d.attempts + 1, last_status = t.status, last_error = t.err, latency_us = t.lat,
				last_attempt_at = $7, delivered_at = CASE WHEN t.ok THEN $7 ELSE d.delivered_at END,
				first_failed_at = CASE WHEN t.ok THEN NULL ELSE coalesce(d.first_failed_at, $7) END
			FROM unnest($8::bigint[], $9::bool[], $10::int[], $11::text[], $12::bigint[]) AS t(id, ok, status, err, lat)
			WHERE d.id = t.id AND d.webhook_id = $1 AND EXISTS (SELECT 1 FROM s) RETURNING 1)
		SELECT (SELECT count(*) FROM s), (SELECT count(*) FROM rec)`,
		a.WebhookID, a.GroupID, a.Lease, token, until, next, now, ids, ok, status, errs, latency)
	br := l.pool.SendBatch(ctx, b)
	_, err := br.Exec()
	var held, logged int
	if err == nil {
		err = br.QueryRow().Scan(&held, &logged)
	}
	if cerr := br.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return interpretError(fmt.Errorf("record webhook attempt: %w", err))
	}
	if held == 0 {
		return ledger.LostLease(a)
	}
	return nil
}

// WebhookDeliveries implements groupmem.Webhooks.
func (l *Ledger) WebhookDeliveries(ctx context.Context, q groupmem.WebhookDeliveryQuery) ([]groupmem.WebhookDelivery, error) {
	if !groupmem.ValidID(q.WebhookID) {
		return nil, ledger.WebhookError(q.WebhookID)
	}
	before := q.Before
	if before <= 0 {
		before = 1<<63 - 1
	}
	rows, err := l.pool.Query(ctx, `SELECT `+deliveryColumns+` FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
		WHERE d.webhook_id = $1 AND d.id < $2 ORDER BY d.id DESC LIMIT $3`, q.WebhookID, before, max(q.Limit, 0))
	if err != nil {
		return nil, interpretError(fmt.Errorf("read deliveries: %w", err))
	}
	ds, err := pgx.CollectRows(rows, scanDelivery)
	return ds, interpretError(err)
}

// ReplayWebhook implements groupmem.Webhooks: in one transaction, the
// events are queued again as pending deliveries with their log reset, and
// the stream is due at once.
func (l *Ledger) ReplayWebhook(ctx context.Context, id, eventID string) (int, error) {
	w, err := l.Webhook(ctx, id)
	if err != nil {
		return 0, err
	}
	if !groupmem.ValidID(eventID) {
		return 0, ledger.EventError(eventID)
	}
	var group string
	var seq int64
	err = l.pool.QueryRow(ctx, `SELECT group_id, seq FROM webhook_events WHERE id = $1`, eventID).Scan(&group, &seq)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && !w.CoversGroup(group)) {
		return 0, ledger.EventError(eventID)
	}
	if err != nil {
		return 0, interpretError(fmt.Errorf("read event: %w", err))
	}
	now := l.now().UTC()
	var n int
	err = l.inTx(ctx, func(tx pgx.Tx) error {
		// A group's events are numbered without gaps up to its last seq
		// (webhook_event_seq): one missing after seq is what a prune removed.
		var gap bool
		if err := tx.QueryRow(ctx, `SELECT count(*) < (SELECT seq FROM webhook_event_seq WHERE group_id = $1) - $2 + 1
			FROM webhook_events WHERE group_id = $1 AND seq >= $2`,
			group, seq).Scan(&gap); err != nil {
			return err
		}
		if gap {
			return ledger.ReplayGapError(eventID)
		}
		tag, err := tx.Exec(ctx, `
			INSERT INTO webhook_deliveries (webhook_id, event_id, group_id, seq, created_at)
			SELECT $1, e.id, e.group_id, e.seq, $4 FROM webhook_events e
			WHERE e.group_id = $2 AND e.seq >= $3 AND e.type = ANY($5::text[])
			ON CONFLICT (webhook_id, event_id) DO UPDATE SET state = 'pending', attempts = 0, last_status = 0,
				last_error = '', latency_us = 0, last_attempt_at = NULL, delivered_at = NULL, first_failed_at = NULL,
				created_at = excluded.created_at`,
			id, group, seq, now, ledger.EventTypeNames(w.Events))
		if err != nil {
			return err
		}
		n = int(tag.RowsAffected())
		// A held stream's lease is taken (ledger.EventStreamTable): its
		// holder records nothing more, and the replay goes after it.
		_, err = tx.Exec(ctx, `INSERT INTO webhook_streams AS s (webhook_id, group_id, next_at) VALUES ($1, $2, $3)
			ON CONFLICT (webhook_id, group_id) DO UPDATE SET next_at = $3,
				lease = CASE WHEN s.lease IS NULL THEN NULL ELSE gen_random_uuid() END`, id, group, now)
		return err
	})
	if err != nil {
		return 0, interpretError(fmt.Errorf("replay webhook: %w", err))
	}
	return n, nil
}

// PruneWebhooks implements groupmem.Webhooks: the oldest delivered
// deliveries first, by their index, then the oldest events no delivery
// refers to.
func (l *Ledger) PruneWebhooks(ctx context.Context, p groupmem.PruneWebhooksParams) (groupmem.PrunedWebhooks, error) {
	var out groupmem.PrunedWebhooks
	if p.Limit <= 0 {
		return out, nil
	}
	err := l.inTx(ctx, func(tx pgx.Tx) error {
		// The outer conditions repeat the inner ones: a row a replay
		// re-queued while this statement waited for it is checked again
		// as the replay left it (pending), and kept.
		tag, err := tx.Exec(ctx, `DELETE FROM webhook_deliveries WHERE id IN (
			SELECT id FROM webhook_deliveries WHERE state = 'delivered' AND delivered_at < $1 ORDER BY delivered_at LIMIT $2)
			AND state = 'delivered' AND delivered_at < $1`,
			p.Before.UTC(), p.Limit)
		if err != nil {
			return fmt.Errorf("prune webhook deliveries: %w", err)
		}
		out.Deliveries = int(tag.RowsAffected())
		tag, err = tx.Exec(ctx, `DELETE FROM webhook_events WHERE id IN (
			SELECT e.id FROM webhook_events e WHERE e.created_at < $1
				AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id)
			ORDER BY e.created_at LIMIT $2)`, p.Before.UTC(), p.Limit)
		if err != nil {
			return fmt.Errorf("prune webhook events: %w", err)
		}
		out.Events = int(tag.RowsAffected())
		return nil
	})
	return out, interpretError(err)
}
