package groupmem

import (
	"context"
	"time"
)

// MetaEmbedder is the Meta key naming the embedder whose vectors the
// ledger's memory versions hold.
const MetaEmbedder = "embedder"

// Ledger is the store of record: messages, memory versions, the change log,
// runs, per-group state and the outbox. Implementations: store/postgres,
// store/sqlite. Every method returns *Error values for the cases it names.
type Ledger interface {
	// InsertMessages stores a batch of messages, assigning each a Seq in
	// the order of the batch. A message whose (GroupID, ID) is already
	// stored is skipped, so a resend is harmless. Text is cleaned of NUL
	// bytes and invalid UTF-8 and cut to MaxMessageBytes. It returns how
	// many were new. Invalid group or message ids: EINVALID, nothing written.
	InsertMessages(ctx context.Context, msgs []Message) (int, error)

	// MessagesAfter returns up to limit messages of a group with Seq >
	// after, in Seq order. A message whose insert commits later than one
	// with a higher Seq is never skipped: Seq order is commit order within
	// a group.
	MessagesAfter(ctx context.Context, groupID string, after int64, limit int) ([]Message, error)

	// MessagesSince returns up to limit messages of a group with Seq > after
	// and SentAt >= since, in Seq order.
	MessagesSince(ctx context.Context, groupID string, after int64, since time.Time, limit int) ([]Message, error)

	// MessagesByID returns the messages of a group with the given ids (the
	// chat app's), in Seq order; unknown ids are left out. EINVALID for a
	// bad group id.
	MessagesByID(ctx context.Context, groupID string, ids []string) ([]Message, error)

	// CountMessages counts a group's messages with after < Seq <= upTo.
	CountMessages(ctx context.Context, groupID string, after, upTo int64) (int, error)

	// BeginRun takes a new fencing token for the group, which invalidates
	// every earlier token, reads the group's watermark, and records a run
	// in status running. Earlier runs of the group still running are
	// recorded as failed with AbandonedRun.
	BeginRun(ctx context.Context, p BeginRunParams) (Run, error)

	// RunningRuns returns up to q.Limit runs still in status running,
	// oldest first, of q.GroupID (or of every group when it is empty),
	// begun at least q.MinAge ago. EINVALID for a bad group id or a
	// negative MinAge.
	RunningRuns(ctx context.Context, q RunningRunsQuery) ([]Run, error)

	// AbandonRun records the running run p.RunID as failed with p.Reason,
	// for a run whose worker is gone, and returns it. In the same
	// transaction, when the run's fence is still its group's current
	// token, it advances the token, so the run can never commit afterwards
	// (ESTALE). ECONFLICT when the run is not running any more (it ended
	// meanwhile) and nothing is written; ENOTFOUND for an unknown run.
	AbandonRun(ctx context.Context, p AbandonRunParams) (Run, error)

	// CommitPlan applies a plan in one transaction: it is valid only while
	// plan.Run.Fence is the group's current token (ESTALE otherwise) and
	// every Transition's From still holds (ECONFLICT otherwise). It inserts
	// the new versions, applies the transitions, writes the change log, the
	// finished run record, an outbox entry per touched version, and raises
	// the watermark to plan.Run.NewWatermark; it sets plan.Outbox and
	// plan.Committed. A plan whose plan.Run.Report.PlanID names a kept
	// plan marks that plan applied by plan.Run.Actor in the same
	// transaction, and only while it is preview or held (ECONFLICT
	// otherwise), so a kept plan is committed at most once. On any error
	// nothing is written.
	CommitPlan(ctx context.Context, plan *Plan) error

	// FinishRun records the end of a run that applies nothing (noop,
	// failed, review, dry_run). It changes nothing but the run record and needs no
	// fence.
	FinishRun(ctx context.Context, run Run) error

	// KeepPlan records the end of a dry run or of a run held for review
	// (run.Status dry_run or review), as FinishRun does, and keeps its plan
	// p (p.ID = run.ID; status preview or held) until p.ExpiresAt, in one
	// transaction. A zero p.CreatedAt is set to the ledger's now, a zero
	// p.ExpiresAt to PlanLifetime after it. Plans of the group that expired
	// more than a week ago are removed. ECONFLICT when the run is not
	// running any more; EINVALID for a plan that CommitPlan would refuse.
	KeepPlan(ctx context.Context, run Run, p *KeptPlan) error
	// KeptPlan returns one kept plan, its writes included, with Stale and
	// an expired status as of now. ENOTFOUND when there is none.
	KeptPlan(ctx context.Context, id string) (KeptPlan, error)
	// KeptPlans returns a page of a group's kept plans, newest first,
	// with their writes, Stale and status as KeptPlan reads them.
	// EINVALID for a bad group id or status.
	KeptPlans(ctx context.Context, q KeptPlanQuery) ([]KeptPlan, error)
	// RejectPlan marks a held or preview plan that has not expired as
	// rejected by actor, so that it can never be applied. ENOTFOUND for an
	// unknown plan; ECONFLICT for one applied, rejected or expired.
	RejectPlan(ctx context.Context, id, actor string) (KeptPlan, error)

	// Members returns a page of the group's members in sender id order,
	// after q.After, each with the number of active memories about them.
	Members(ctx context.Context, q MemberQuery) ([]Member, error)
	// Member returns one member of the group and the active memories about
	// them, newest first, at most limit. ENOTFOUND when the sender never
	// wrote in the group.
	Member(ctx context.Context, groupID, senderID string, limit int) (Member, []Memory, error)

	// Memories returns a page of a group's memories, newest first, and the
	// number that matched. Embeddings are left out.
	Memories(ctx context.Context, q MemoryQuery) (MemoryPage, error)

	// MemoriesByID returns the versions with the given ids, with their
	// embeddings, in any order; unknown ids are left out.
	MemoriesByID(ctx context.Context, ids []string) ([]Memory, error)

	// Memory returns one version, with its embedding. ENOTFOUND if there
	// is none.
	Memory(ctx context.Context, id string) (Memory, error)

	// Lineage returns every version of the memory that id belongs to,
	// oldest first, without embeddings. ENOTFOUND if id names no version.
	Lineage(ctx context.Context, id string) ([]Memory, error)

	// ScanMemories returns up to limit versions of every group with ID >
	// after, in ID order: a full, stable walk of the ledger.
	ScanMemories(ctx context.Context, after string, limit int) ([]Memory, error)

	// Changes returns up to q.Limit change-log rows of q.GroupID written
	// at or after q.Since with one of q.Actions, newest first (by time,
	// then id), starting after q.Before*. EINVALID for a bad group id.
	Changes(ctx context.Context, q ChangeQuery) ([]Change, error)

	// Runs returns up to q.Limit evolution runs of q.GroupID in status
	// q.Status, newest first (by start, then id), starting after
	// q.Before*. Runs of manual changes (TriggerAdmin) are never returned.
	// EINVALID for a bad group id.
	Runs(ctx context.Context, q RunQuery) ([]Run, error)

	// PurgeGroup removes every row of the group (messages, memory versions,
	// change log, runs, jobs, outbox entries, its state) in one
	// transaction, records the removal (counts only) with actor, and adds
	// an OutboxPurge entry so that the index side is finished even after a
	// crash. Purging a group with nothing left removes nothing and records
	// nothing; the group can start again from nothing. EINVALID for a bad
	// group id.
	PurgeGroup(ctx context.Context, groupID, actor string) (Removal, error)

	// RedactMessage removes the text of one message of a group, keeping
	// its row (seq and id stay valid, content becomes empty). In the same
	// transaction every memory version of the group whose statement quotes
	// the text verbatim gets the statement Redacted (the one exception to
	// versions never changing), the active ones among them are deprecated,
	// change-log rows quoting it are redacted too, the versions are queued
	// for the index, and the removal is recorded (counts only). Redacting
	// a redacted message changes nothing. It takes a new fencing token for
	// the group, so a run begun before can never commit after (ESTALE).
	// ENOTFOUND for an unknown message.
	RedactMessage(ctx context.Context, groupID, messageID, actor string) (Redaction, error)

	// ExpireMessages removes the text of every message sent before before
	// that has been fused (its seq at or below its group's watermark) and
	// still has its text, keeping the rows, as RedactMessage does to the
	// message itself; memories are left as they are. It records one
	// removal per group (RemovalRetention, with actor) and returns how
	// many messages it emptied in each group.
	ExpireMessages(ctx context.Context, before time.Time, actor string) (map[string]int, error)

	// IdleGroups returns up to limit groups, in id order, that have had no
	// message stored and no run begun since before.
	IdleGroups(ctx context.Context, before time.Time, limit int) ([]string, error)

	// Removals returns up to limit removals of the group, newest first.
	Removals(ctx context.Context, groupID string, limit int) ([]Removal, error)

	// Meta returns the ledger-wide value of key, "" when none is set.
	Meta(ctx context.Context, key string) (string, error)

	// SetMeta sets the ledger-wide value of key.
	SetMeta(ctx context.Context, key, value string) error

	// SetEmbeddings replaces the stored embedding of each version named,
	// in one transaction; unknown ids are ignored. A version's embedding is
	// derived from its statement (which never changes): it is replaced only
	// when the embedder changes, to re-embed the ledger.
	SetEmbeddings(ctx context.Context, vectors map[string][]float32) error

	// Groups returns up to q.Limit summaries of the groups the ledger
	// holds messages, memories or runs of, in group id order, after
	// q.After, only of q.IDs when it is not nil.
	Groups(ctx context.Context, q GroupQuery) ([]GroupSummary, error)

	// Usage sums the usage (Run.Tokens) of the runs begun within q's
	// window, by day or by group, in one query. Only runs that called a
	// model or cost something count; a purged group's runs count no more.
	// EINVALID for a query UsageQuery.Check refuses.
	Usage(ctx context.Context, q UsageQuery) (UsageReport, error)

	// Run returns one run. ENOTFOUND if there is none.
	Run(ctx context.Context, id string) (Run, error)

	// ClaimOutbox leases up to limit pending outbox entries for lease. Two
	// claimers never hold the same entry at once; an entry whose lease ran
	// out may be claimed again.
	ClaimOutbox(ctx context.Context, limit int, lease time.Duration) ([]OutboxEntry, error)

	// CompleteOutbox marks entries done.
	CompleteOutbox(ctx context.Context, ids []int64) error

	// CompleteOutboxIfCurrent marks entries done, as CompleteOutbox does,
	// only while run, which committed, still holds its group: the group's
	// fence is run.Fence and the run's record is there. Every write of a
	// group's memories takes a new fence first and a purge removes the
	// run, so then nothing has changed the versions run committed since.
	// It reports whether it marked them; false changes nothing. The check
	// and the marking are one atomic step.
	CompleteOutboxIfCurrent(ctx context.Context, run Run, ids []int64) (bool, error)

	// OutboxLag returns the number of pending entries and the age of the
	// oldest one (zero when none is pending).
	OutboxLag(ctx context.Context) (int, time.Duration, error)
}

// Index is the search index built from the ledger. It may lag behind the
// ledger; it never decides what is true. Implementations: store/qdrant,
// store/inmem.
type Index interface {
	// Upsert writes one point per version (id = memory id), replacing any
	// point with the same id. It is idempotent. Vectors must have the
	// index's dimension (EINVALID otherwise).
	Upsert(ctx context.Context, mems []Memory) error

	// List returns a page of a group's memories, newest first by
	// UpdatedAt, and the number that matched.
	List(ctx context.Context, q MemoryQuery) (MemoryPage, error)

	// Search returns up to q.Limit memories of q.GroupID by descending
	// cosine similarity, keeping only scores strictly above q.Threshold.
	Search(ctx context.Context, q SearchQuery) ([]Hit, error)

	// SearchHybrid returns up to q.Limit active memories of q.GroupID by
	// keywords and meaning: each side ranks its candidates (the memories
	// sharing a term with q.Text by BM25, the memories similar to
	// q.Vector by cosine), max(HybridCandidates·Limit, 50) of them, and
	// their scores are fused by keyword.Combine, best first. With one
	// side only, its own ranking and scores. EINVALID for a bad group id,
	// a negative limit or a vector not of the index's dimension.
	SearchHybrid(ctx context.Context, q HybridQuery) ([]HybridHit, error)

	// DeleteGroup removes every point of a group.
	DeleteGroup(ctx context.Context, groupID string) error

	// Delete removes the points of the versions ids of group groupID (ids
	// it does not hold are ignored).
	Delete(ctx context.Context, groupID string, ids []string) error

	// Reset drops every point and recreates an empty index.
	Reset(ctx context.Context) error
}

// Locker hands out per-key leases so that one worker at a time works on a
// group. Correctness never rests on it alone: the ledger's fencing token
// does. Implementations: store/redis, store/inmem.
type Locker interface {
	// Acquire takes the lock on key for ttl and keeps renewing it while
	// held. EBUSY if another holder has it.
	Acquire(ctx context.Context, key string, ttl time.Duration) (Lease, error)

	// Held reports whether a lease holds key now and, if so, how long the
	// hold lasts unless its lease renews it (its remaining ttl). A hold
	// that ran out is not held. It changes nothing. EINVALID for an empty
	// key; EUNAVAILABLE when the store cannot be reached.
	Held(ctx context.Context, key string) (left time.Duration, held bool, err error)
}

// Lease is one held lock.
type Lease interface {
	// Context is derived from the context passed to Acquire and is
	// cancelled when the lease is lost (renewal failed or expired) or
	// released. context.Cause is then an *Error: ESTALE when the lock
	// expired or was taken, EUNAVAILABLE when the store could not be
	// reached in time.
	Context() context.Context
	// Release gives the lock up if this lease still holds it; it never
	// releases a lock taken by someone else.
	Release(ctx context.Context) error
}

// Embedder turns texts into vectors of a fixed dimension.
type Embedder interface {
	// Embed returns one vector per text, in order.
	Embed(ctx context.Context, texts []string) ([][]float32, error)
	// Dimension is the length of every vector Embed returns.
	Dimension() int
}

// CountingEmbedder is an Embedder whose service reports the tokens it
// counted, so that a run can record them beside its model tokens and
// price them. llm.Embeddings is one; the local embedders are not.
type CountingEmbedder interface {
	Embedder
	// EmbedCounting is Embed, and the tokens the service reported for
	// texts (0 when it reported none).
	EmbedCounting(ctx context.Context, texts []string) ([][]float32, int, error)
}

// Webhooks stores webhook subscriptions and the events on their way to
// them. The ledgers write events in the transactions that make them true
// (CommitPlan, FinishRun, KeepPlan, PurgeGroup, RedactMessage), one
// delivery per webhook that covers the event, so that an event exists
// only for what committed. Implementations: store/postgres, store/sqlite.
type Webhooks interface {
	// CreateWebhook stores w, which the caller has checked (ID, URL,
	// events, groups, secret and CreatedAt set). It receives the events
	// committed after it.
	CreateWebhook(ctx context.Context, w Webhook) error
	// Webhook returns one webhook. ENOTFOUND when there is none.
	Webhook(ctx context.Context, id string) (Webhook, error)
	// ListWebhooks returns every webhook, oldest first.
	ListWebhooks(ctx context.Context) ([]Webhook, error)
	// DeleteWebhook removes a webhook and its deliveries. ENOTFOUND when
	// there is none.
	DeleteWebhook(ctx context.Context, id string) error
	// RotateWebhook sets a new secret; the one before keeps signing
	// beside it until until. ENOTFOUND when there is no such webhook;
	// ECONFLICT, with nothing changed, while the secret before the
	// current one still signs (its PreviousUntil is not past), so that a
	// second rotation never drops a secret receivers may still verify
	// with.
	RotateWebhook(ctx context.Context, id, secret string, until time.Time) (Webhook, error)
	// PauseWebhook stops a webhook's deliveries, with the reason; its
	// events keep being queued. ResumeWebhook starts them again, in one
	// transaction: every stream is due at once and the retry window of
	// what waits starts anew. ENOTFOUND when there is no such webhook.
	PauseWebhook(ctx context.Context, id, reason string) error
	ResumeWebhook(ctx context.Context, id string) (Webhook, error)
	// ClaimWebhooks leases streams (the deliveries of one webhook in one
	// group) that have deliveries pending and are due, of webhooks not
	// paused, with their next deliveries in the group's order. Two
	// claimers never hold one stream at once, so that no event is sent
	// by two at once and the order holds; a lease that ran out may be
	// claimed again.
	ClaimWebhooks(ctx context.Context, p ClaimWebhooksParams) ([]WebhookBatch, error)
	// RecordWebhookAttempt logs attempts at a claimed stream's
	// deliveries and renews or releases the claim, in one transaction.
	// ESTALE, with nothing written, when the claim is not held by
	// a.Lease any more. A ledger may make it durable a moment after it
	// returns: what a crash loses of it is sent again.
	RecordWebhookAttempt(ctx context.Context, a WebhookAttempt) error
	// WebhookDeliveries returns a page of a webhook's delivery log.
	WebhookDeliveries(ctx context.Context, q WebhookDeliveryQuery) ([]WebhookDelivery, error)
	// ReplayWebhook queues again, for the webhook, every event of the
	// group of event eventID from that event on (by Seq) that the webhook
	// covers, delivered or not, and returns how many. When a deliverer
	// holds the stream, its lease is taken (its end kept): the holder's
	// next record fails with ESTALE, and the replay goes, in order, once
	// the lease has run out. The replayed events keep their ids.
	// ENOTFOUND for an unknown webhook or event, which includes an event
	// pruned (PruneWebhooks): a replay reaches back only as far as the
	// events are kept.
	ReplayWebhook(ctx context.Context, id, eventID string) (int, error)
	// PruneWebhooks removes, in one transaction, at most p.Limit
	// deliveries delivered before p.Before, then at most p.Limit events
	// written before p.Before that no delivery refers to any more. A
	// pending delivery, and its event, is never removed.
	PruneWebhooks(ctx context.Context, p PruneWebhooksParams) (PrunedWebhooks, error)
}
