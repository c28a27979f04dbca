-- Webhook retry window and retention. first_failed_at is when the first
-- failed attempt at a pending delivery was made: its retry window
-- (webhook.Config.RetryFor) is measured from there, not from when it was
-- queued, so that an event that waited behind a long backlog gets the
-- whole window. A success, a replay and a resume clear it. The partial
-- index finds the few failed pending deliveries a resume clears.
--
-- Delivered deliveries, and events no delivery needs any more, are
-- pruned after the retention (webhook.Pruner): the indexes find the
-- oldest of each.
ALTER TABLE webhook_deliveries ADD COLUMN first_failed_at timestamptz;
CREATE INDEX webhook_deliveries_failed ON webhook_deliveries (webhook_id)
    WHERE state = 'pending' AND first_failed_at IS NOT NULL;
CREATE INDEX webhook_deliveries_delivered ON webhook_deliveries (delivered_at)
    WHERE state = 'delivered';
CREATE INDEX webhook_events_created ON webhook_events (created_at);
