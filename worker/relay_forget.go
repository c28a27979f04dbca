package worker

import (
	"context"
	"errors"
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/groupmem/groupmem"
)

// forgetting is what the message index has yet to forget of one group:
// the messages a redaction emptied, and retention's cut (zero: none).
type forgetting struct {
	ids    map[string]bool
	before time.Time
}

// forgetQueue holds, by group, what the message index has yet to forget.
// It lives in the relay's process: a process that stops before its relay
// ran loses it (see RelayConfig.ForgetMessageText).
type forgetQueue struct {
	mu      sync.Mutex
	byGroup map[string]forgetting
}

// add merges f into the group's pending work: the ids are added, the later
// cut kept.
func (q *forgetQueue) add(group string, f forgetting) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.byGroup == nil {
		q.byGroup = map[string]forgetting{}
	}
	cur := q.byGroup[group]
	if cur.ids == nil {
		cur.ids = map[string]bool{}
	}
	maps.Copy(cur.ids, f.ids)
	if f.before.After(cur.before) {
		cur.before = f.before
	}
	q.byGroup[group] = cur
}

// take empties the queue and returns what it held.
func (q *forgetQueue) take() map[string]forgetting {
	q.mu.Lock()
	defer q.mu.Unlock()
	out := q.byGroup
	q.byGroup = nil
	return out
}

// forgetText has the relay remove from the message index what it holds of
// messages ids of group, whose text a redaction removed.
func (r *Relay) forgetText(group string, ids ...string) {
	f := forgetting{ids: map[string]bool{}}
	for _, id := range ids {
		f.ids[id] = true
	}
	r.forgets.add(group, f)
}

// expire has the relay remove from the message index what it holds of the
// group's messages sent before before whose text retention removed.
func (r *Relay) expire(group string, before time.Time) {
	r.forgets.add(group, forgetting{before: before})
}

// forgetPending has the message index forget what redactions and retention
// queued (RelayConfig.ForgetMessageText, ExpireMessages) and returns for
// how many groups it did. A group whose call fails stays queued, and the
// error says how many did.
func (r *Relay) forgetPending(ctx context.Context) (int, error) {
	pending := r.forgets.take()
	failed := 0
	for g, f := range pending {
		if err := r.forgetGroup(ctx, g, f); err != nil {
			r.forgets.add(g, f)
			r.log.WarnContext(ctx, "remove forgotten messages from the message index; the relay will retry", "group_id", g, "err", err)
			failed++
		}
	}
	if failed > 0 {
		return len(pending) - failed, groupmem.Errorf(groupmem.EUNAVAILABLE, "the message index kept the forgotten messages of %d groups for now", failed)
	}
	return len(pending), nil
}

// forgetGroup has the message index forget f of group g.
func (r *Relay) forgetGroup(ctx context.Context, g string, f forgetting) error {
	var errs []error
	if len(f.ids) > 0 && r.cfg.ForgetMessageText != nil {
		errs = append(errs, r.cfg.ForgetMessageText(ctx, g, slices.Sorted(maps.Keys(f.ids))...))
	}
	switch {
	case f.before.IsZero():
	case r.cfg.ExpireMessages != nil:
		errs = append(errs, r.cfg.ExpireMessages(ctx, g, f.before))
	case r.cfg.RereadMessages != nil:
		errs = append(errs, r.cfg.RereadMessages(ctx, g))
	}
	return errors.Join(errs...)
}
