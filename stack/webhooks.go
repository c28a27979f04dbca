package stack

import (
	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/webhook"
)

// openWebhooks builds, over the ledger's store of webhooks, the
// subscriptions the API manages them through and the deliverer that
// sends their events (Config.Webhooks), and the pruner the scheduler's
// tick runs (Stack.AfterTick); serve runs the deliverer beside the outbox
// relay.
func (s *Stack) openWebhooks() {
	store, ok := s.Ledger.(groupmem.Webhooks)
	if !ok {
		return
	}
	cfg := s.cfg.Webhooks
	cfg.Logger = s.log.With("part", "webhooks")
	if s.cfg.Now != nil {
		cfg.Now = s.cfg.Now
	}
	s.Webhooks = &webhook.Subscriptions{Store: store, Guard: cfg.Guard, Now: s.cfg.Now}
	s.Deliverer = webhook.New(store, cfg)
	if cfg.Retention >= 0 {
		s.pruner = &webhook.Pruner{Store: store, Retention: cfg.Retention, Now: s.cfg.Now}
	}
}
