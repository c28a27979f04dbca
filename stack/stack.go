// Package stack is the one assembly of groupmem: it opens every part a
// process runs on from one Config, a server where one is configured and
// the embedded default otherwise. The zero Config is the embedded
// configuration: the SQLite ledger, the in-process index (rebuilt from the
// ledger), lock and rate budget, the local static embedder, the offline
// evolver and the worker's one writer path. The command's serve, worker,
// evolve, purge, reindex and relay open their stack here, and so does the
// demo, which is the embedded configuration plus the bundled chat.
//
// Open checks that the ledger's memory vectors are the configured
// embedder's (or embeds them again, with Reembed) and projects whatever
// the outbox holds before it returns.
package stack

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/evolve"
	"github.com/groupmem/groupmem/llm"
	"github.com/groupmem/groupmem/llmfuse"
	"github.com/groupmem/groupmem/metrics"
	"github.com/groupmem/groupmem/msgsearch"
	"github.com/groupmem/groupmem/offline"
	"github.com/groupmem/groupmem/store/postgres"
	"github.com/groupmem/groupmem/store/qdrant"
	"github.com/groupmem/groupmem/store/redis"
	"github.com/groupmem/groupmem/telemetry"
	"github.com/groupmem/groupmem/telemetry/otlp"
	"github.com/groupmem/groupmem/webhook"
	"github.com/groupmem/groupmem/worker"
)

// Config chooses and tunes the parts. Each part is a server when its
// address is set and the embedded default otherwise.
type Config struct {
	// Postgres is the ledger when Postgres.URL is set (migrated at open);
	// otherwise the ledger is the SQLite file at SQLitePath, created if
	// missing.
	Postgres   postgres.Config
	SQLitePath string
	// Redis holds the per-group locks and the shared rate budget when
	// Redis.Addr is set; otherwise both are in process. SingleReplica
	// says that no other process writes a Postgres ledger, so that an
	// in-process lock is a shared one (see worker.Config.UnsharedLock).
	Redis         redis.Config
	SingleReplica bool
	// Qdrant holds the memory index (Qdrant.Collection) and the message
	// index (MessagesCollection) when Qdrant.Addr is set; Open sets its
	// Dimension to the embedder's and its Recreate and Upgrade from
	// Reembed and Upgrade below. Otherwise the memory index is in process,
	// and so is the message index when MessageIndex is set (a serving
	// process).
	Qdrant             qdrant.Config
	MessagesCollection string
	MessageIndex       bool
	// Embeddings is the embedder when Embeddings.BaseURL is set (of
	// Embeddings.Dimension dimensions); otherwise the local one named
	// LocalEmbedder (Static by default), of Dim dimensions when it is
	// Hashing (the static one has its own).
	Embeddings    llm.EmbeddingsConfig
	LocalEmbedder string
	Dim           int
	// Reembed embeds every memory version of the ledger again at open and
	// recreates the Qdrant collections; Upgrade rebuilds collections an
	// earlier version made. Both are for a reindex.
	Reembed, Upgrade bool
	// Chat is the evolver's model when Chat.BaseURL is set, its calls
	// admitted by a limiter of Limits with at most MaxConcurrency in
	// flight (the budget shared through Redis when configured); otherwise
	// the evolver is the offline one, tuned by Offline: its History is
	// the ledger, and its Evolve, when left wholly zero, is Evolve (a
	// field set in Offline.Evolve means Offline.Evolve is used as given).
	Chat           llm.ChatConfig
	Limits         groupmem.RateLimits
	MaxConcurrency int
	Evolve         evolve.Config
	Offline        offline.Config
	// LLMFuse tunes the model-driven evolver, used with Chat: how it
	// reads answers. Its Lang and Location, when unset, are Evolve's, so
	// that the prompt it renders is the one the passes are budgeted by.
	LLMFuse llmfuse.Config
	// Service tunes the writer path; Open sets its Relay, Evolve and
	// UnsharedLock.
	Service worker.Config
	// Retention, when it keeps messages or groups for a bounded time, is
	// run after every scheduler tick (Stack.AfterTick).
	Retention worker.RetentionConfig
	// SearchThreshold is the similarity threshold of semantic search; 0
	// picks one that suits a local embedder (Stack.SearchThreshold), or
	// leaves the API's own for an embeddings service.
	SearchThreshold float64
	Now             func() time.Time // the clock of the ledger (unless Postgres.Now is set) and the service (default time.Now)
	Logger          *slog.Logger
	// Webhooks tunes the webhook deliverer: where it may deliver, its
	// timeouts, leases and concurrency.
	Webhooks webhook.Config
	// Telemetry says whether and where traces go (off by default); with
	// traces on, the drivers of Postgres, Redis, Qdrant and the model
	// trace their calls too (see openTelemetry).
	Telemetry otlp.Config
}

// SettingError is an error of Open that one setting of Config caused,
// named by its path ("Redis.Addr"), so that a caller can name it in its
// own terms.
type SettingError struct {
	Setting string
	Err     error
}

func (e *SettingError) Error() string { return "stack " + e.Setting + ": " + e.Err.Error() }
func (e *SettingError) Unwrap() error { return e.Err }

func setting(name string, err error) error {
	if err == nil {
		return nil
	}
	return &SettingError{Setting: name, Err: err}
}

// Stack is the parts of one process, open. Close it.
type Stack struct {
	Ledger   groupmem.Ledger
	Queue    groupmem.Queue // the job queue, in the ledger's database
	Index    groupmem.Index
	Locker   groupmem.Locker
	Embedder groupmem.Embedder
	// Messages is the message index: Qdrant's, the in-process one
	// (Config.MessageIndex), or nil.
	Messages msgsearch.Searcher
	Limiter  *llm.Limiter // admits the model's calls; nil without a model
	Fuser    groupmem.Fuser
	// Evolve is the configuration of the passes Fuser needs.
	Evolve evolve.Config
	// Service is the process's one writer path, reporting every finished
	// run and busy group to Metrics.
	Service *worker.Service
	// Metrics is the process's registry: runs, locks, the outbox lag and,
	// with a model, the limiter's figures.
	Metrics *metrics.Registry
	// List serves a listing of memories: the in-process index's, which
	// pages in memory, or nil for the ledger's (a Qdrant deployment).
	List func(ctx context.Context, q groupmem.MemoryQuery) (groupmem.MemoryPage, error)
	// SearchThreshold is Config.SearchThreshold, or the one that suits the
	// local embedder in use (0 with an embeddings service: the API's).
	SearchThreshold float64
	// AfterTick runs retention after a scheduler tick (Config.Retention)
	// and prunes what webhooks no longer need (Config.Webhooks.Retention);
	// nil when nothing is retained for a bounded time.
	AfterTick func(ctx context.Context)
	// Reembedded counts the memory versions embedded again at open
	// (Config.Reembed).
	Reembedded int
	// Webhooks manages webhook subscriptions; Deliverer sends their
	// events (Run it). Both are nil on a ledger without webhooks.
	Webhooks  *webhook.Subscriptions
	Deliverer *webhook.Deliverer
	pruner    *webhook.Pruner // nil on a ledger without webhooks, or when what they delivered is kept for ever
	// Telemetry starts the process's spans; nil when traces are off.
	Telemetry *telemetry.Telemetry

	cfg     Config
	log     *slog.Logger
	checks  []check
	closers []func() error
}

// Open opens every part of cfg, in order: the tracer provider, the
// ledger, the lock and rate budget, the embedder (checked against the
// ledger's vectors), the indexes, the evolver and the writer path; then
// it projects what the outbox holds. An error caused by one setting is a *SettingError; on any
// error what was opened is closed again.
func Open(ctx context.Context, cfg Config) (_ *Stack, err error) {
	if err := cfg.Webhooks.Check(); err != nil {
		return nil, setting("Webhooks", err)
	}
	s := &Stack{cfg: cfg, log: cmp.Or(cfg.Logger, slog.New(slog.DiscardHandler))}
	defer func() {
		if err != nil {
			s.Close()
		}
	}()
	for _, open := range []func(context.Context) error{s.openTelemetry, s.openLedger, s.openLock, s.openEmbedder, s.openIndexes, s.openFuser} {
		if err := open(ctx); err != nil {
			return nil, err
		}
	}
	s.openService()
	drain(ctx, s.Ledger, s.Index, s.log, s.relay())
	return s, nil
}

// openService builds the process's one writer path with its metrics, and
// what the API and the scheduler take from the stack: the listing, the
// search threshold and the retention hook.
func (s *Stack) openService() {
	s.Metrics = metrics.New(s.Ledger)
	if s.cfg.Embeddings.BaseURL != "" {
		s.Metrics.SetEmbeddingsModel(s.cfg.Embeddings.Model) // the local embedders count no tokens
	}
	if lim := s.Limiter; lim != nil {
		s.Metrics.WatchModelRate(func() metrics.ModelRate {
			st := lim.Stats()
			return metrics.ModelRate{Calls: st.Calls, Tokens: st.Tokens, Throttled: st.Throttled, BudgetWaits: st.BudgetWaits,
				BudgetWaited: st.BudgetWaited, Concurrency: st.Concurrency, InFlight: st.InFlight}
		})
	}
	sc := s.cfg.Service
	sc.Relay = s.relay()
	sc.Evolve = s.Evolve
	sc.UnsharedLock = s.cfg.Redis.Addr == "" && s.cfg.Postgres.URL != "" && !s.cfg.SingleReplica
	s.Service = worker.New(worker.Deps{
		Ledger: s.Ledger, Index: s.Index, Locker: s.Locker, Embedder: s.Embedder, Fuser: s.Fuser,
		Observer: s.Metrics, Logger: s.log, Now: s.cfg.Now, Telemetry: s.Telemetry,
	}, sc)
	if s.cfg.Qdrant.Addr == "" {
		s.List = s.Index.List // the in-process index pages in memory
	}
	s.SearchThreshold = s.cfg.SearchThreshold
	if s.SearchThreshold == 0 && s.cfg.Embeddings.BaseURL == "" {
		s.SearchThreshold = StaticThreshold
		if s.cfg.LocalEmbedder == Hashing {
			s.SearchThreshold = HashingThreshold
		}
	}
	s.openWebhooks()
	s.AfterTick = s.afterTick()
}

// afterTick is the housekeeping after a scheduler tick: the retention of
// messages and groups, when Config.Retention bounds it, then the pruning
// of what webhooks no longer need (Config.Webhooks.Retention); nil when
// there is neither.
func (s *Stack) afterTick() func(ctx context.Context) {
	var duties []func(ctx context.Context)
	log := s.log
	if r := s.cfg.Retention; r.MessageDays > 0 || r.IdleGroupDays > 0 {
		svc := s.Service
		duties = append(duties, func(ctx context.Context) {
			if _, err := svc.Retain(ctx, r); err != nil {
				log.ErrorContext(ctx, "retention", "err", err)
			}
		})
	}
	if p := s.pruner; p != nil {
		duties = append(duties, func(ctx context.Context) {
			n, err := p.Prune(ctx)
			if err != nil {
				log.ErrorContext(ctx, "prune webhooks", "deliveries", n.Deliveries, "events", n.Events, "err", err)
				return
			}
			log.InfoContext(ctx, "prune webhooks", "deliveries", n.Deliveries, "events", n.Events)
		})
	}
	if len(duties) == 0 {
		return nil
	}
	return func(ctx context.Context) {
		for _, duty := range duties {
			duty(ctx)
		}
	}
}

// relay is the outbox relay's configuration on the stack's message index.
func (s *Stack) relay() worker.RelayConfig { return relayConfig(s.Messages) }

// check is the readiness check of one part.
type check struct {
	name string
	ping func(context.Context) error
}

// Ready reports whether every part with a check answers, naming the first,
// in the order they were opened, that does not.
func (s *Stack) Ready(ctx context.Context) error {
	for _, c := range s.checks {
		if err := c.ping(ctx); err != nil {
			return fmt.Errorf("%s: %w", c.name, err)
		}
	}
	return nil
}

// Close closes every part, the last opened first, and returns what they
// answered. A second Close does nothing.
func (s *Stack) Close() error {
	var errs []error
	for i := len(s.closers) - 1; i >= 0; i-- {
		errs = append(errs, s.closers[i]())
	}
	s.closers = nil
	return errors.Join(errs...)
}

// errNoURL is the error of a part whose server address is missing.
var errNoURL = errors.New("not set")
