package worker

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/groupmem/groupmem"
)

// RelayConfig tunes the outbox relay. Zero values mean the defaults.
type RelayConfig struct {
	Batch int           // entries claimed per round (default 100)
	Lease time.Duration // how long a claim is held before others may retry it (default 30s)
	Every time.Duration // pause between rounds when idle (default 5s); also how often the Service's relay sweeps
	// ForgetMessages, when set, removes a purged group from the message
	// index (msgsearch.Searcher.Forget) with its points in the index; a
	// failure leaves the purge entry pending, to be retried.
	ForgetMessages func(ctx context.Context, groupID string) error
	// IndexMessages, when set, catches a group's message index up with
	// the ledger (store/qdrant's Messages.CatchUp) for each OutboxMessages
	// entry, which storing messages queues; a failure leaves the entry
	// pending. Unset, such entries are completed at once: the message
	// index, if any, catches up when searched.
	IndexMessages func(ctx context.Context, groupID string) error
	// ForgetMessageText, when set, removes from the message index what it
	// holds of messages whose text a redaction removed
	// (msgsearch.Searcher.Forget with their ids: their points, vectors and
	// all). Service.Redact has the relay do it at once; a failure keeps it
	// queued in the relay, retried every round. That queue lives in the
	// process; what a process that stops first leaves undone, the
	// OutboxForget entry the redaction queued has another relay finish
	// (ForgetTextless).
	ForgetMessageText func(ctx context.Context, groupID string, ids ...string) error
	// ExpireMessages, when set, removes from the message index what it
	// holds of the group's messages sent before before whose text
	// retention removed (store/qdrant's Messages.ForgetExpired; an
	// in-process index forgets the group). Service.Retain has the relay
	// do it for every group whose text expired, queued and retried as
	// ForgetMessageText is.
	ExpireMessages func(ctx context.Context, groupID string, before time.Time) error
	// ForgetTextless, when set, has the message index let go of what it
	// holds of the group's messages whose text is gone (store/qdrant's
	// Messages.ForgetTextless) for each OutboxForget entry, which a
	// redaction and retention queue with the text's removal; a failure
	// leaves the entry pending. This is what makes forgetting outlive a
	// process that stops before ForgetMessageText or ExpireMessages ran.
	// Unset (an in-process index, rebuilt from the ledger at every start),
	// such entries are completed at once.
	ForgetTextless func(ctx context.Context, groupID string) error
	// RereadMessages, when set, drops what an in-process message index
	// holds of a group (its texts among it), to be read again from the
	// ledger: retention's part when ExpireMessages is unset.
	RereadMessages func(ctx context.Context, groupID string) error
}

// Relay projects committed ledger changes into the index: it claims outbox
// entries, upserts the current ledger state of each named version, and
// marks the entries done. Because it always writes the ledger's current
// state, replaying an entry twice or out of order is harmless. Two
// projections of one version can still race (a slow write of an older
// state landing after a newer one), so an entry is marked done only if the
// ledger, read again after the write, still holds the state that was
// written; otherwise it stays pending and is projected again after its
// lease. An entry whose projection fails stays pending the same way.
//
// The relay also finishes forgetting in the message index: a purge's
// outbox entry has it remove the group's points (ForgetMessages), and a
// redaction or retention has it remove the points of the messages whose
// text went (ForgetMessageText, ExpireMessages), each within one round.
type Relay struct {
	ledger groupmem.Ledger
	index  groupmem.Index
	log    *slog.Logger
	cfg    RelayConfig
	// sweep, when set, closes abandoned runs once per round of Run; the
	// Service that owns the relay sets it (see Service.Sweep).
	sweep func(ctx context.Context) (int, error)
	// forgets is what redactions and retention left for the message
	// index to forget.
	forgets forgetQueue
}

// NewRelay returns a relay from ledger to index.
func NewRelay(ledger groupmem.Ledger, index groupmem.Index, log *slog.Logger, cfg RelayConfig) *Relay {
	cfg.Batch = cmp.Or(cfg.Batch, 100)
	cfg.Lease = cmp.Or(cfg.Lease, 30*time.Second)
	cfg.Every = cmp.Or(cfg.Every, 5*time.Second)
	return &Relay{ledger: ledger, index: index, log: log, cfg: cfg}
}

// RunOnce is one round of the relay: it has the message index forget what
// redactions and retention queued since the last round, then projects one
// batch of pending outbox entries, and returns how many groups and entries
// it completed. What fails stays pending for the next round; the error
// says so.
func (r *Relay) RunOnce(ctx context.Context) (int, error) {
	forgot, ferr := r.forgetPending(ctx)
	n, err := r.projectOutbox(ctx)
	if ferr != nil {
		err = errors.Join(ferr, err)
	}
	return forgot + n, err
}

// groupStep runs f, the message index's part of a group's entry, and
// reports whether the entry is done: f is unset (nothing to do) or
// succeeded. A failure is logged as what, and the entry stays pending.
func (r *Relay) groupStep(ctx context.Context, f func(ctx context.Context, groupID string) error, group, what string) bool {
	if f == nil {
		return true
	}
	if err := f(ctx, group); err != nil {
		r.log.WarnContext(ctx, what+"; the relay will retry", "group_id", group, "err", err)
		return false
	}
	return true
}

// projectOutbox projects one batch of pending entries and returns how many
// it completed.
func (r *Relay) projectOutbox(ctx context.Context) (int, error) {
	entries, err := r.ledger.ClaimOutbox(ctx, r.cfg.Batch, r.cfg.Lease)
	if err != nil || len(entries) == 0 {
		return 0, err
	}
	var ids []string
	var done []int64
	for _, e := range entries {
		switch e.Kind {
		case groupmem.OutboxPurge:
		case groupmem.OutboxForget:
			// Text a redaction or retention removed: the message index
			// lets go of it (again, if this process did already).
			if r.groupStep(ctx, r.cfg.ForgetTextless, e.GroupID, "remove forgotten messages from the message index") {
				done = append(done, e.ID)
			}
			continue
		case groupmem.OutboxMessages:
			// New messages of a group: its message index catches up.
			if r.groupStep(ctx, r.cfg.IndexMessages, e.GroupID, "index a group's messages") {
				done = append(done, e.ID)
			}
			continue
		default:
			ids = append(ids, e.MemoryID)
			continue
		}
		// A purged group: its points leave the index. Its memory entries
		// were removed with it, so none of them can write a point back.
		if err := r.index.DeleteGroup(ctx, e.GroupID); err != nil {
			r.log.WarnContext(ctx, "remove a purged group from the index; the relay will retry", "group_id", e.GroupID, "err", err)
			continue
		}
		if f := r.cfg.ForgetMessages; f != nil {
			if err := f(ctx, e.GroupID); err != nil {
				r.log.WarnContext(ctx, "remove a purged group from the message index; the relay will retry", "group_id", e.GroupID, "err", err)
				continue
			}
		}
		done = append(done, e.ID)
	}
	projected := map[string]bool{}
	if len(ids) > 0 {
		if projected, err = r.project(ctx, ids); err != nil {
			return 0, err
		}
	}
	for _, e := range entries {
		if e.Kind == groupmem.OutboxMemory && projected[e.MemoryID] {
			done = append(done, e.ID)
		}
	}
	if err := r.ledger.CompleteOutbox(ctx, done); err != nil {
		return 0, fmt.Errorf("complete outbox: %w", err)
	}
	if len(done) < len(entries) {
		return len(done), groupmem.Errorf(groupmem.EUNAVAILABLE, "%d of %d outbox entries could not be projected yet", len(entries)-len(done), len(entries))
	}
	return len(done), nil
}

// project writes the ledger's current state of the versions ids to the
// index, and returns the ids whose written state the ledger still holds
// afterwards.
func (r *Relay) project(ctx context.Context, ids []string) (map[string]bool, error) {
	mems, err := r.ledger.MemoriesByID(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("load memories to project: %w", err)
	}
	return r.write(ctx, ids, mems)
}

// write writes mems, a state of the versions ids that the ledger held
// (some may be missing), to the index, reads the versions again, and
// returns the ids whose written state the ledger still holds: those whose
// outbox entries may be marked done. A version that changed meanwhile is
// left to its newer entry, or to this one again; one that a purge removed
// meanwhile leaves the index again (dropPurged).
func (r *Relay) write(ctx context.Context, ids []string, mems []groupmem.Memory) (map[string]bool, error) {
	return r.check(ctx, ids, r.upsert(ctx, mems))
}

// check reads the versions ids again after written reached the index,
// and returns the ids whose written state the ledger still holds (see
// write).
func (r *Relay) check(ctx context.Context, ids []string, written map[string]groupmem.Memory) (map[string]bool, error) {
	if len(written) == 0 {
		return nil, nil
	}
	again, err := r.ledger.MemoriesByID(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("check projected memories: %w", err)
	}
	held := make(map[string]bool, len(again))
	for _, m := range again {
		held[m.ID] = true
		if w, ok := written[m.ID]; ok && !sameState(w, m) {
			delete(written, m.ID) // changed meanwhile: its newer entry, or this one again, writes it
		}
	}
	if err := r.dropPurged(ctx, written, held); err != nil {
		return nil, err
	}
	ok := make(map[string]bool, len(written))
	for id := range written {
		ok[id] = true
	}
	return ok, nil
}

// dropPurged undoes the writes of versions the ledger lost while they were
// being written: only a purge removes versions, and a purge that ran
// between this projection's read and its write has already emptied the
// index, which the write just refilled with those points. They go again,
// by id, so that no point of a group begun anew since is touched.
func (r *Relay) dropPurged(ctx context.Context, written map[string]groupmem.Memory, held map[string]bool) error {
	gone := map[string][]string{}
	for id, m := range written {
		if !held[id] {
			gone[m.GroupID] = append(gone[m.GroupID], id) // nothing left to project: its entry went with the purge
		}
	}
	for g, ids := range gone {
		if err := r.index.Delete(ctx, g, ids); err != nil {
			return fmt.Errorf("drop the points of purged group %s: %w", g, err)
		}
		r.log.InfoContext(ctx, "dropped points written while their group was purged", "group_id", g, "points", len(ids))
	}
	return nil
}

// sameState reports whether two reads of one version agree on everything
// that can change after it is written.
func sameState(a, b groupmem.Memory) bool {
	return a.Status == b.Status && a.Strength == b.Strength && a.UpdatedAt.Equal(b.UpdatedAt)
}

// upsert writes mems to the index in one call. When the index rejects the
// batch as invalid, it writes them one by one, so one bad version cannot
// hold back the rest; when the index is unavailable it writes nothing
// more. It returns the versions that reached the index, by id.
func (r *Relay) upsert(ctx context.Context, mems []groupmem.Memory) map[string]groupmem.Memory {
	ok := make(map[string]groupmem.Memory, len(mems))
	err := r.index.Upsert(ctx, mems)
	if err == nil {
		for _, m := range mems {
			ok[m.ID] = m
		}
		return ok
	}
	if groupmem.ErrorCode(err) != groupmem.EINVALID {
		r.log.WarnContext(ctx, "project memories", "versions", len(mems), "err", err)
		return ok
	}
	for _, m := range mems {
		if err := r.index.Upsert(ctx, []groupmem.Memory{m}); err != nil {
			r.log.WarnContext(ctx, "project memory", "memory_id", m.ID, "group_id", m.GroupID, "err", err)
			continue
		}
		ok[m.ID] = m
	}
	return ok
}

// Project brings the index up to date with what plan committed, right
// away, and marks the plan's outbox entries done for the versions whose
// state the ledger still holds after the write (see Relay). A committer
// calls it so that its own change is searchable at once, bounded by ctx,
// whatever else the outbox holds; what it leaves pending the relay does.
//
// It writes the state that the commit returned (plan.Committed), which
// is what a read of the ledger right after the commit would return, and
// reads the ledger only when the plan does not hold that state for every
// touched version. When every version was written and the plan's run
// still holds the group (Ledger.CompleteOutboxIfCurrent: nothing wrote
// the group since the commit), the entries are marked done in that one
// step; otherwise the ledger is read again after the write, and only
// versions whose written state it still holds are marked done.
func (r *Relay) Project(ctx context.Context, plan *groupmem.Plan) error {
	ids := plan.Touched()
	if len(ids) == 0 {
		return nil
	}
	var projected map[string]bool
	var err error
	if committedAll(plan.Committed, ids) {
		written := r.upsert(ctx, plan.Committed)
		if len(written) == len(ids) && len(plan.Outbox) == len(ids) {
			// Everything reached the index: if no write to the group came
			// after the commit, the index holds the ledger's state.
			current, err := r.ledger.CompleteOutboxIfCurrent(ctx, plan.Run, plan.Outbox)
			if err != nil {
				return fmt.Errorf("complete outbox: %w", err)
			}
			if current {
				return nil
			}
		}
		projected, err = r.check(ctx, ids, written)
	} else {
		projected, err = r.project(ctx, ids)
	}
	if err != nil {
		return err
	}
	var done []int64
	for i, id := range ids {
		if projected[id] && i < len(plan.Outbox) {
			done = append(done, plan.Outbox[i])
		}
	}
	if err := r.ledger.CompleteOutbox(ctx, done); err != nil {
		return fmt.Errorf("complete outbox: %w", err)
	}
	if len(done) < len(ids) {
		return groupmem.Errorf(groupmem.EUNAVAILABLE, "%d of %d versions could not be projected yet", len(ids)-len(done), len(ids))
	}
	return nil
}

// committedAll reports whether committed holds the versions ids, in that
// order, as a ledger's CommitPlan sets Plan.Committed.
func committedAll(committed []groupmem.Memory, ids []string) bool {
	if len(committed) != len(ids) {
		return false
	}
	for i, m := range committed {
		if m.ID != ids[i] {
			return false
		}
	}
	return true
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

// Run drains the outbox every cfg.Every until ctx ends; the relay of a
// Service also sweeps abandoned runs each round. Errors are logged, never
// fatal.
func (r *Relay) Run(ctx context.Context) {
	t := time.NewTicker(r.cfg.Every)
	defer t.Stop()
	for {
		if n, err := r.Drain(ctx); err != nil && ctx.Err() == nil {
			r.log.ErrorContext(ctx, "outbox relay", "projected", n, "err", err)
		}
		if r.sweep != nil {
			if n, err := r.sweep(ctx); err != nil && ctx.Err() == nil {
				r.log.ErrorContext(ctx, "sweep abandoned runs", "closed", n, "err", err)
			}
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
// it never calls an embedding service. It may run while the service
// commits: a version that changes while its page is written is written
// again. Versions stored without an
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
		if err := upsertSettled(ctx, ledger, index, page); err != nil {
			return total, err
		}
		total += len(page)
		after = page[len(page)-1].ID
	}
}

// upsertSettled writes page to the index, then writes again, from a fresh
// read, every version the ledger changed meanwhile, until none did (at
// most a few rounds; a version still changing after them is left to its
// own outbox entry).
func upsertSettled(ctx context.Context, ledger groupmem.Ledger, index groupmem.Index, page []groupmem.Memory) error {
	for round := 0; len(page) > 0 && round < 3; round++ {
		if err := index.Upsert(ctx, page); err != nil {
			return fmt.Errorf("upsert: %w", err)
		}
		ids := make([]string, len(page))
		written := make(map[string]groupmem.Memory, len(page))
		for i, m := range page {
			ids[i], written[m.ID] = m.ID, m
		}
		again, err := ledger.MemoriesByID(ctx, ids)
		if err != nil {
			return fmt.Errorf("check written versions: %w", err)
		}
		page = page[:0:0]
		for _, m := range again {
			if !sameState(written[m.ID], m) {
				page = append(page, m)
			}
		}
	}
	return nil
}
