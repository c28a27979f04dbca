-- It mirrors migrations/0019_webhook_retention.sql (the Postgres schema):
-- the first failed attempt of a pending delivery starts its retry window;
-- delivered deliveries and the events no delivery needs are pruned after
-- the retention, oldest first.
ALTER TABLE webhook_deliveries ADD COLUMN first_failed_at INTEGER;
CREATE INDEX webhook_deliveries_failed ON webhook_deliveries (webhook_id)
    WHERE state = 'pending' AND first_failed_at IS NOT NULL;
CREATE INDEX webhook_deliveries_delivered ON webhook_deliveries (delivered_at)
    WHERE state = 'delivered';
CREATE INDEX webhook_events_created ON webhook_events (created_at);
