package webhook

import (
	"context"
	"time"

	"github.com/groupmem/groupmem"
)

// Defaults of Pruner.
const (
	// DefaultRetention is how long delivered deliveries, and the events
	// every webhook got, are kept: how far back a replay reaches.
	DefaultRetention = 7 * 24 * time.Hour
	// DefaultPruneBatch bounds the rows of each kind one prune
	// transaction removes, so that none holds the ledger long.
	DefaultPruneBatch = 1000
)

// Pruner removes what webhooks no longer need: deliveries delivered more
// than Retention ago, then the events older than Retention that no
// delivery refers to. A pending delivery and its event are kept however
// old, and so is every delivery and event within the Retention: a replay
// reaches back that far. The zero value of every field means its
// default.
type Pruner struct {
	Store groupmem.Webhooks
	// Retention is how long what was delivered is kept (default
	// DefaultRetention); negative: kept for ever, Prune does nothing.
	Retention time.Duration
	// Batch bounds the rows of each kind one transaction removes
	// (default DefaultPruneBatch).
	Batch int
	Now   func() time.Time // default time.Now
}

// Prune removes, in transactions of at most Batch rows of each kind,
// what the retention lets go, until a transaction finds less than Batch
// of each or ctx ends, and returns how much it removed. It is meant to
// run from a periodic tick (the nightly one: Stack.AfterTick).
func (p *Pruner) Prune(ctx context.Context) (groupmem.PrunedWebhooks, error) {
	now := time.Now
	if p.Now != nil {
		now = p.Now
	}
	var total groupmem.PrunedWebhooks
	if p.Retention < 0 {
		return total, nil
	}
	batch := or(p.Batch, DefaultPruneBatch)
	params := groupmem.PruneWebhooksParams{Before: now().Add(-or(p.Retention, DefaultRetention)), Limit: batch}
	for ctx.Err() == nil {
		n, err := p.Store.PruneWebhooks(ctx, params)
		total.Deliveries += n.Deliveries
		total.Events += n.Events
		if err != nil {
			return total, err
		}
		if n.Deliveries < batch && n.Events < batch {
			return total, nil
		}
	}
	return total, ctx.Err()
}
