package worker

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/groupmem/groupmem"
)

// RelayConfig tunes the outbox relay. Zero values mean the defaults.
type RelayConfig struct {
	Batch int           // entries claimed per round (default 100)
	Lease time.Duration // how long a claim is held before others may retry it (default 30s)
	Every time.Duration // pause between rounds when idle (default 5s)
}

// Relay projects committed ledger changes into the index: it claims outbox
// entries, upserts the current ledger state of each named version, and
// marks the entries done. Because it always writes the ledger's current
// state, replaying an entry twice or out of order is harmless; an entry
// whose projection fails stays pending and is retried after its lease.
type Relay struct {
	ledger groupmem.Ledger
	index  groupmem.Index
	log    *slog.Logger
	cfg    RelayConfig
}

// NewRelay returns a relay from ledger to index.
func NewRelay(ledger groupmem.Ledger, index groupmem.Index, log *slog.Logger, cfg RelayConfig) *Relay {
	cfg.Batch = cmp.Or(cfg.Batch, 100)
	cfg.Lease = cmp.Or(cfg.Lease, 30*time.Second)
	cfg.Every = cmp.Or(cfg.Every, 5*time.Second)
	return &Relay{ledger: ledger, index: index, log: log, cfg: cfg}
}

// RunOnce projects one batch of pending entries and returns how many it
// completed.
func (r *Relay) RunOnce(ctx context.Context) (int, error) {
	entries, err := r.ledger.ClaimOutbox(ctx, r.cfg.Batch, r.cfg.Lease)
	if err != nil || len(entries) == 0 {
		return 0, err
	}
	ids := make([]string, len(entries))
	for i, e := range entries {
		ids[i] = e.MemoryID
	}
	mems, err := r.ledger.MemoriesByID(ctx, ids)
	if err != nil {
		return 0, fmt.Errorf("load outbox memories: %w", err)
	}
	projected := r.upsert(ctx, mems)
	var done []int64
	for _, e := range entries {
		if projected[e.MemoryID] {
			done = append(done, e.ID)
		}
	}
	if err := r.ledger.CompleteOutbox(ctx, done); err != nil {
		return 0, fmt.Errorf("complete outbox: %w", err)
	}
	if len(done) < len(entries) {
		return len(done), groupmem.Errorf(groupmem.EUNAVAILABLE, "%d of %d outbox entries could not be projected", len(entries)-len(done), len(entries))
	}
	return len(done), nil
}

// upsert writes mems to the index in one call, or one by one when the
// batch fails, so one bad version cannot hold back the rest. It returns the
// ids that reached the index.
func (r *Relay) upsert(ctx context.Context, mems []groupmem.Memory) map[string]bool {
	ok := make(map[string]bool, len(mems))
	if err := r.index.Upsert(ctx, mems); err == nil {
		for _, m := range mems {
			ok[m.ID] = true
		}
		return ok
	}
	for _, m := range mems {
		if err := r.index.Upsert(ctx, []groupmem.Memory{m}); err != nil {
			r.log.WarnContext(ctx, "project memory", "memory_id", m.ID, "group_id", m.GroupID, "err", err)
			continue
		}
		ok[m.ID] = true
	}
	return ok
}

// Drain runs RunOnce until no entry is pending or one round fails, and
// returns the total it completed. Start-up calls it before serving.
func (r *Relay) Drain(ctx context.Context) (int, error) {
	total := 0
	for {
		n, err := r.RunOnce(ctx)
		total += n
		if err != nil || n == 0 {
			return total, err
		}
	}
}

// Run drains the outbox every cfg.Every until ctx ends. Errors are logged,
// never fatal.
func (r *Relay) Run(ctx context.Context) {
	t := time.NewTicker(r.cfg.Every)
	defer t.Stop()
	for {
		if n, err := r.Drain(ctx); err != nil && ctx.Err() == nil {
			r.log.ErrorContext(ctx, "outbox relay", "projected", n, "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Reindex rebuilds the index from the ledger: it empties the index and
// upserts every stored version with its stored embedding, page by page, so
// it never calls an embedding service. Versions stored without an
// embedding fail the rebuild with EINVALID. It returns how many versions
// it wrote.
func Reindex(ctx context.Context, ledger groupmem.Ledger, index groupmem.Index, batch int) (int, error) {
	batch = cmp.Or(batch, 256)
	if err := index.Reset(ctx); err != nil {
		return 0, fmt.Errorf("reset index: %w", err)
	}
	total := 0
	after := ""
	for {
		page, err := ledger.ScanMemories(ctx, after, batch)
		if err != nil {
			return total, fmt.Errorf("scan ledger: %w", err)
		}
		if len(page) == 0 {
			return total, nil
		}
		for _, m := range page {
			if len(m.Embedding) == 0 {
				return total, groupmem.Errorf(groupmem.EINVALID, "memory %s has no stored embedding", m.ID)
			}
		}
		if err := index.Upsert(ctx, page); err != nil {
			return total, fmt.Errorf("upsert: %w", err)
		}
		total += len(page)
		after = page[len(page)-1].ID
	}
}
