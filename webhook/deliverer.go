package webhook

import (
	"context"
	"log/slog"
	"maps"
	"math/rand/v2"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/groupmem/groupmem"
)

// Defaults of Config.
const (
	DefaultTimeout     = 15 * time.Second
	DefaultPoll        = time.Second
	DefaultRetryFor    = 24 * time.Hour
	DefaultConcurrency = 256
	DefaultPerWebhook  = 32
	DefaultPerStream   = 100
	// MaxResponseBytes is how much of a response body a delivery reads.
	MaxResponseBytes = 4 << 10
)

// Config tunes a Deliverer. The zero value of every field means its
// default.
type Config struct {
	Guard Guard
	// Timeout bounds one delivery: connecting, sending and the answer
	// (default 15s).
	Timeout time.Duration
	// Lease is how long a claimed stream stays with this deliverer
	// without an attempt renewing it (default 4 × Timeout; at least
	// 2 × Timeout, see Check): a deliverer that dies loses its streams to
	// another after it. A deliverer renews the lease before a send that
	// the lease left might not outlast.
	Lease time.Duration
	// Poll is how often the ledger is asked for due streams (default 1s).
	Poll time.Duration
	// RetryFor is how long a failing event is retried, from its first
	// failed attempt, before its webhook is paused (default 24h).
	RetryFor time.Duration
	// Concurrency bounds the streams in flight (default 256), PerWebhook
	// those of one webhook (default 32), so that a slow receiver holds at
	// most PerWebhook of them and never delays another webhook.
	Concurrency, PerWebhook int
	// PerStream is how many deliveries of a stream one claim takes
	// (default 100).
	PerStream int
	// Retention is how long delivered deliveries, and the events every
	// webhook got, are kept before a Pruner removes them (default
	// DefaultRetention; negative: kept for ever). A replay reaches back
	// that far.
	Retention time.Duration
	Logger    *slog.Logger
	Now       func() time.Time // default time.Now
}

// Check returns EINVALID, naming the field, for a configuration a
// Deliverer cannot keep its promises under: a negative duration or
// count, or a Lease shorter than 2 × Timeout (a stream's lease must
// outlast a send and the record after it; see recordEvery).
func (c Config) Check() error {
	switch {
	case c.Timeout < 0 || c.Lease < 0 || c.Poll < 0 || c.RetryFor < 0:
		return groupmem.Errorf(groupmem.EINVALID, "webhook Timeout, Lease, Poll and RetryFor must not be negative")
	case c.Concurrency < 0 || c.PerWebhook < 0 || c.PerStream < 0:
		return groupmem.Errorf(groupmem.EINVALID, "webhook Concurrency, PerWebhook and PerStream must not be negative")
	}
	c = c.withDefaults()
	if c.Lease < 2*c.Timeout {
		return groupmem.Errorf(groupmem.EINVALID, "webhook Lease (%s) must be at least 2 × Timeout (%s), so that a stream's lease outlasts a send",
			c.Lease, c.Timeout)
	}
	return nil
}

func (c Config) withDefaults() Config {
	c.Timeout = or(c.Timeout, DefaultTimeout)
	c.Lease = or(c.Lease, 4*c.Timeout)
	c.Poll = or(c.Poll, DefaultPoll)
	c.RetryFor = or(c.RetryFor, DefaultRetryFor)
	c.Concurrency = or(c.Concurrency, DefaultConcurrency)
	c.PerWebhook = min(or(c.PerWebhook, DefaultPerWebhook), c.Concurrency)
	c.PerStream = or(c.PerStream, DefaultPerStream)
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	return c
}

func or[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}

// Deliverer posts the ledger's pending deliveries to their webhooks. Any
// number of deliverers, in any number of processes, may run on one
// ledger: each stream is held by one of them at a time.
type Deliverer struct {
	store  groupmem.Webhooks
	cfg    Config
	client *http.Client

	mu       sync.Mutex
	inFlight map[string]int // streams in flight by webhook
	total    int
	wake     chan struct{}
}

// New returns a Deliverer over store. cfg should pass Check; the
// assembly checks it when it starts.
func New(store groupmem.Webhooks, cfg Config) *Deliverer {
	cfg = cfg.withDefaults()
	return &Deliverer{store: store, cfg: cfg, client: NewClient(cfg.Guard, cfg.Timeout),
		inFlight: map[string]int{}, wake: make(chan struct{}, 1)}
}

// NewClient returns the HTTP client deliveries are sent with: every
// connection goes through guard's check of the address it is made to,
// no proxy, no redirect followed, each request bounded by timeout.
func NewClient(guard Guard, timeout time.Duration) *http.Client {
	dialer := &net.Dialer{Timeout: min(timeout, 10*time.Second), KeepAlive: 30 * time.Second, Control: guard.control}
	transport := &http.Transport{
		DialContext:           dialer.DialContext,
		TLSHandshakeTimeout:   min(timeout, 10*time.Second),
		ResponseHeaderTimeout: timeout,
		MaxIdleConns:          256,
		MaxIdleConnsPerHost:   64,
		IdleConnTimeout:       90 * time.Second,
		ForceAttemptHTTP2:     true,
	}
	return &http.Client{Transport: transport, Timeout: timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// Run delivers until ctx ends: every Poll, and as soon as a stream is
// finished, it claims the due streams it has room for, claimChunk at a
// time, and sends each in a goroutine of its own. It waits for those in flight before returning.
func (d *Deliverer) Run(ctx context.Context) {
	log := d.cfg.Logger
	log.InfoContext(ctx, "webhook deliverer started", "concurrency", d.cfg.Concurrency, "per_webhook", d.cfg.PerWebhook,
		"lease", d.cfg.Lease, "timeout", d.cfg.Timeout)
	var wg sync.WaitGroup
	defer wg.Wait()
	tick := time.NewTicker(d.cfg.Poll)
	defer tick.Stop()
	for {
		if _, err := d.start(ctx, &wg); err != nil && ctx.Err() == nil {
			log.WarnContext(ctx, "claim webhook streams", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		case <-d.wake:
		}
	}
}

// RunOnce claims the due streams it has room for, delivers them, and
// returns how many streams it took once they are all done.
func (d *Deliverer) RunOnce(ctx context.Context) (int, error) {
	var wg sync.WaitGroup
	n, err := d.start(ctx, &wg)
	wg.Wait()
	return n, err
}

// claimChunk bounds the streams one claim takes. A claim reads the next
// PerStream deliveries of each of its streams before any is sent, so
// that one claim of every due stream would hold each back until all were
// read: a fast receiver's streams behind a slow one's, whose hundred
// deliveries each take seconds to send. Claims of claimChunk streams,
// one after another, start the first streams while the next are read.
const claimChunk = 16

// start claims the due streams there is room for, claimChunk at a time,
// and delivers each in a goroutine of wg as soon as its claim returns;
// it returns how many it started.
func (d *Deliverer) start(ctx context.Context, wg *sync.WaitGroup) (int, error) {
	started := 0
	for ctx.Err() == nil {
		batches, err := d.claim(ctx, claimChunk)
		for _, b := range batches {
			wg.Go(func() {
				defer d.done(b.Webhook.ID)
				d.Deliver(ctx, b)
			})
		}
		started += len(batches)
		if err != nil || len(batches) < claimChunk {
			return started, err
		}
	}
	return started, nil
}

// claim claims as many streams as there is room for, but no more than
// most, and at most PerWebhook of one webhook with those in flight, and
// counts them in flight.
func (d *Deliverer) claim(ctx context.Context, most int) ([]groupmem.WebhookBatch, error) {
	d.mu.Lock()
	room := min(d.cfg.Concurrency-d.total, most)
	busy := maps.Clone(d.inFlight)
	d.mu.Unlock()
	if room <= 0 {
		return nil, nil
	}
	batches, err := d.store.ClaimWebhooks(ctx, groupmem.ClaimWebhooksParams{Streams: room, PerStream: d.cfg.PerStream,
		Lease: d.cfg.Lease, PerWebhook: d.cfg.PerWebhook, Busy: busy})
	d.mu.Lock()
	for _, b := range batches {
		d.inFlight[b.Webhook.ID]++
		d.total++
	}
	d.mu.Unlock()
	return batches, err
}

// done counts a stream of webhook id out of flight and wakes the loop.
func (d *Deliverer) done(id string) {
	d.mu.Lock()
	d.inFlight[id]--
	if d.inFlight[id] <= 0 {
		delete(d.inFlight, id)
	}
	d.total--
	d.mu.Unlock()
	select {
	case d.wake <- struct{}{}:
	default:
	}
}

// Deliveries made are recorded in groups: every recordEvery of them, or
// recordAfter after the last record, whichever comes first, and at the
// end of a claim. A deliverer that dies sends at most that many again.
//
// A record is also the holder's check that its claim still stands: a
// redaction or a purge takes the leases of the group's streams (keeping
// their end), so the next record fails with ESTALE and Deliver stops.
// The window that remains: after the redaction or purge commits, the
// holder may still begin at most recordEvery sends of what it claimed
// before, all within recordAfter of the commit; the scrubbed events and
// group.purged go only once the lease has run out, after those sends
// ended. A send ends within Timeout, and a send begins only while the
// lease has at least Timeout + recordAfter left (Deliver renews it
// first otherwise), so the lease outlasts every send and the record
// after it: a slow receiver never loses its stream to another replica
// mid-send.
const (
	recordEvery = 32
	recordAfter = 100 * time.Millisecond
)

// releaseTimeout bounds the record a stopping deliverer makes to release
// the stream it holds.
const releaseTimeout = 5 * time.Second

// Deliver sends a claimed stream's deliveries in order, recording the
// attempts, and stops at the first that fails: the stream is due again
// at its retry time, after exponential backoff with jitter or the
// receiver's Retry-After, whichever is later; once the event has failed
// for RetryFor since its first failed attempt, the webhook is paused
// with the reason. It stops, too, when the claim is lost (another
// deliverer took the stream over), and when ctx ends: then it records
// what was sent and releases the stream, due at once, so that another
// deliverer takes it without waiting for the lease. A webhook whose URL
// the guard no longer allows (http, once http is disallowed) is paused
// with the reason, and nothing is sent.
func (d *Deliverer) Deliver(ctx context.Context, b groupmem.WebhookBatch) {
	log := d.cfg.Logger.With("webhook_id", b.Webhook.ID, "group_id", b.GroupID)
	a := groupmem.WebhookAttempt{WebhookID: b.Webhook.ID, GroupID: b.GroupID, Lease: b.Lease, Renew: d.cfg.Lease}
	if why := d.cfg.Guard.refusedScheme(b.Webhook.URL); why != "" {
		d.pause(ctx, log, b.Webhook, why)
		a.Release = true
		d.record(ctx, log, a)
		return
	}
	until, recorded := b.LeasedUntil, time.Now()
	for i, dl := range b.Deliveries {
		if until.Sub(d.cfg.Now()) < d.cfg.Timeout+recordAfter {
			if until = d.record(ctx, log, a); until.IsZero() {
				return
			}
			a.Results, recorded = a.Results[:0], time.Now()
		}
		res := d.send(ctx, b.Webhook, dl.Event)
		if ctx.Err() != nil {
			d.release(ctx, log, a)
			return
		}
		r := groupmem.DeliveryResult{DeliveryID: dl.ID, Delivered: res.err == nil, Status: res.status, Latency: res.latency}
		if res.err != nil {
			r.Error = res.err.Error()
			a.Release, a.NextAt = true, d.retryAt(dl.Attempts+1, res.retryAfter)
			d.pauseIfExpired(ctx, log, b.Webhook, dl, r.Error)
			log.InfoContext(ctx, "webhook delivery failed", "event_id", dl.Event.ID, "attempts", dl.Attempts+1,
				"status", res.status, "retry_at", a.NextAt, "err", res.err)
		}
		a.Results = append(a.Results, r)
		a.Release = a.Release || i == len(b.Deliveries)-1
		if !a.Release && len(a.Results) < recordEvery && time.Since(recorded) < recordAfter {
			continue
		}
		if until = d.record(ctx, log, a); until.IsZero() || a.Release {
			return
		}
		a.Results, recorded = a.Results[:0], time.Now()
	}
}

// record records a, renewing or releasing the claim, and returns when
// the renewed lease runs out at the earliest; zero when the record
// failed (the claim is lost, or the ledger failed) or released it.
func (d *Deliverer) record(ctx context.Context, log *slog.Logger, a groupmem.WebhookAttempt) time.Time {
	start := d.cfg.Now()
	if err := d.store.RecordWebhookAttempt(ctx, a); err != nil {
		log.WarnContext(ctx, "record webhook attempts", "err", err)
		return time.Time{}
	}
	if a.Release {
		return time.Time{}
	}
	return start.Add(a.Renew)
}

// release records, once ctx has ended, what a stopping deliverer sent
// and releases its claim, due at once.
func (d *Deliverer) release(ctx context.Context, log *slog.Logger, a groupmem.WebhookAttempt) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), releaseTimeout)
	defer cancel()
	a.Release, a.NextAt = true, time.Time{}
	d.record(ctx, log, a)
}

// pauseIfExpired pauses w when dl's event has failed for RetryFor since
// its first failed attempt (this one, when none failed before).
func (d *Deliverer) pauseIfExpired(ctx context.Context, log *slog.Logger, w groupmem.Webhook, dl groupmem.WebhookDelivery, why string) {
	now := d.cfg.Now()
	first := dl.FirstFailedAt
	if first.IsZero() {
		first = now
	}
	if now.Sub(first) < d.cfg.RetryFor {
		return
	}
	d.pause(ctx, log, w, "event "+dl.Event.ID+" ("+string(dl.Event.Type)+", group "+dl.Event.GroupID+") failed for "+
		d.cfg.RetryFor.String()+" over "+strconv.Itoa(dl.Attempts+1)+" attempts; last: "+why)
}

// pause pauses w with the reason.
func (d *Deliverer) pause(ctx context.Context, log *slog.Logger, w groupmem.Webhook, reason string) {
	if err := d.store.PauseWebhook(ctx, w.ID, reason); err != nil {
		log.WarnContext(ctx, "pause webhook", "err", err)
		return
	}
	log.WarnContext(ctx, "webhook paused", "reason", reason)
}

// retryAt is when attempt n+1 may go: 1s·2^(n-1), at most an hour, with
// jitter (half of it random), or later when the receiver asked for it.
func (d *Deliverer) retryAt(n int, retryAfter time.Duration) time.Time {
	backoff := time.Second << min(n-1, 12)
	backoff = min(backoff, time.Hour)
	wait := backoff/2 + rand.N(backoff/2+1)
	wait = max(wait, min(retryAfter, d.cfg.RetryFor))
	return d.cfg.Now().Add(wait)
}
