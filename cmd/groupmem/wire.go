package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/embedded"
	"github.com/groupmem/groupmem/evolve"
	"github.com/groupmem/groupmem/llm"
	"github.com/groupmem/groupmem/llmfuse"
	"github.com/groupmem/groupmem/metrics"
	"github.com/groupmem/groupmem/msgsearch"
	"github.com/groupmem/groupmem/offline"
	"github.com/groupmem/groupmem/prompts"
	"github.com/groupmem/groupmem/store/inmem"
	"github.com/groupmem/groupmem/store/postgres"
	"github.com/groupmem/groupmem/store/qdrant"
	"github.com/groupmem/groupmem/store/redis"
	"github.com/groupmem/groupmem/store/sqlite"
	"github.com/groupmem/groupmem/worker"
)

// backends are the parts chosen by configuration, each on its own: a
// server when its address is set, the embedded default otherwise.
type backends struct {
	Ledger   groupmem.Ledger
	Queue    groupmem.Queue // the job queue, in the ledger's database
	Index    groupmem.Index
	Locker   groupmem.Locker
	Embedder groupmem.Embedder
	Messages msgsearch.Searcher                     // the message index in Qdrant; nil: the API keeps one in process
	Limiter  *llm.Limiter                           // admits chat model calls against the rate budget (shared through Redis when configured); nil without GROUPMEM_LLM_URL
	Fuser    groupmem.Fuser                         // the evolver, when one is given (the demo's); nil: chosen by configuration
	Evolve   evolve.Config                          // the passes Fuser needs, with Fuser
	checks   map[string]func(context.Context) error // readiness, by part
	closers  []func()

	reembedded int // memory versions embedded again at open (Config.reembed)
}

// relayConfig is the outbox relay's: with a message index (Qdrant's, or
// the one a serving process keeps), stored messages are indexed and a
// purge empties it.
func (b *backends) relayConfig() worker.RelayConfig { return embedded.Relay(b.Messages) }

// Close closes every part, the last opened first.
func (b *backends) Close() {
	for i := len(b.closers) - 1; i >= 0; i-- {
		b.closers[i]()
	}
}

// Ready reports the first part that is not reachable.
func (b *backends) Ready(ctx context.Context) error {
	for name, check := range b.checks {
		if err := check(ctx); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	return nil
}

// openBackends opens every part. An in-process index is rebuilt from the
// ledger, and pending outbox entries are projected, before it returns.
func openBackends(ctx context.Context, cfg *Config, log *slog.Logger) (_ *backends, err error) {
	b := &backends{checks: map[string]func(context.Context) error{}}
	var budget groupmem.RateBudget
	defer func() {
		if err != nil {
			b.Close()
		}
	}()
	if cfg.PostgresURL != "" {
		l, err := openPostgres(ctx, cfg)
		if err != nil {
			return nil, err
		}
		b.Ledger, b.Queue, b.checks["postgres"] = l, l, l.Ping
		b.closers = append(b.closers, l.Close)
	} else {
		l, err := embedded.OpenLedger(ctx, cfg.SQLitePath, nil)
		if err != nil {
			return nil, fmt.Errorf("GROUPMEM_SQLITE_PATH: %w", err)
		}
		b.Ledger, b.Queue, b.checks["sqlite"] = l, l, l.Ping
		b.closers = append(b.closers, func() { l.Close() })
	}
	if cfg.RedisAddr != "" {
		r, err := redis.Open(ctx, redis.Config{Addr: cfg.RedisAddr, Password: cfg.RedisPassword, DB: cfg.RedisDB, Prefix: cfg.RedisPrefix})
		if err != nil {
			return nil, fmt.Errorf("GROUPMEM_REDIS_ADDR: %w", err)
		}
		b.Locker, b.checks["redis"] = r, r.Ping
		budget = r.RateBudget()
		b.closers = append(b.closers, func() { r.Close() })
	} else {
		b.Locker, budget = inmem.NewLocker(), inmem.NewRateBudget(nil)
	}
	if cfg.LLMURL != "" {
		b.Limiter, err = llm.NewLimiter(llm.LimiterConfig{
			Budget: budget, Key: "chat:" + cfg.LLMModel, MaxConcurrency: cfg.Concurrency, CompletionTokens: cfg.LLMMaxTokens,
			Limits: groupmem.RateLimits{RequestsPerMinute: cfg.LLMRPM, TokensPerMinute: cfg.LLMTPM},
		})
		if err != nil {
			return nil, err
		}
	}
	if b.Embedder, err = pickEmbedder(cfg); err != nil {
		return nil, err
	}
	dim := b.Embedder.Dimension()
	if cfg.reembed {
		n, err := reembed(ctx, b.Ledger, b.Embedder, embedderID(cfg, dim))
		if err != nil {
			return nil, fmt.Errorf("re-embed the ledger: %w", err)
		}
		b.reembedded = n
	} else if err := checkEmbedder(ctx, b.Ledger, embedderID(cfg, dim), dim); err != nil {
		return nil, err
	}
	if cfg.QdrantAddr != "" {
		x, err := openQdrant(ctx, cfg, dim)
		if err != nil {
			return nil, err
		}
		b.Index, b.checks["qdrant"] = x, x.Check
		b.closers = append(b.closers, func() { x.Close() })
		m, err := qdrant.OpenMessages(ctx, qdrant.Config{
			Addr: cfg.QdrantAddr, APIKey: cfg.QdrantAPIKey, TLS: cfg.QdrantTLS,
			Collection: cfg.QdrantMessages, Dimension: dim, Recreate: cfg.reembed, Upgrade: cfg.upgrade,
		}, b.Ledger, b.Embedder)
		if err != nil {
			return nil, err
		}
		b.Messages = m
		b.closers = append(b.closers, func() { m.Close() })
	} else if b.Index, err = embedded.OpenIndex(ctx, b.Ledger, dim, log); err != nil {
		return nil, err
	}
	embedded.Drain(ctx, b.Ledger, b.Index, log, b.relayConfig())
	return b, nil
}

// newFuser picks the evolver: the language model when GROUPMEM_LLM_URL is
// set, the offline evolver (reading earlier messages from ledger)
// otherwise; with it, the configuration of the passes it needs.
func newFuser(cfg *Config, ledger groupmem.Ledger, limiter *llm.Limiter, log *slog.Logger) (groupmem.Fuser, evolve.Config, error) {
	loc, _ := time.LoadLocation(cfg.TimeZone) // validated
	ecfg := evolve.Config{
		Lang: cfg.Lang, Location: loc, MaxMemories: cfg.MaxMemories, MaxMessages: cfg.MaxMessages,
		MaxPromptTokens: cfg.MaxPromptTokens, MaxDeleteShare: cfg.MaxDeleteShare,
		Reasks: never(cfg.LLMReasks), MaxSplits: never(cfg.LLMMaxSplits),
		MaxAnswerBytes: cfg.LLMMaxAnswer, MaxObjectBytes: cfg.LLMMaxObject,
	}
	if cfg.LLMURL == "" {
		log.Info("no GROUPMEM_LLM_URL: evolving with the offline evolver, which needs no language model")
		f, err := offline.New(offline.Config{History: ledger, Evolve: ecfg, Logger: log}, nil)
		if err != nil {
			return nil, ecfg, err
		}
		return f, f.Evolve(), nil
	}
	temp := cfg.LLMTemperature
	chat, err := llm.NewChat(llm.ChatConfig{
		BaseURL: cfg.LLMURL, APIKey: cfg.LLMKey, Model: cfg.LLMModel, Temperature: &temp,
		MaxTokens: cfg.LLMMaxTokens, Timeout: cfg.LLMTimeout, Limiter: limiter, EstimateTokens: prompts.EstimateTokens,
	})
	if err != nil {
		return nil, ecfg, err
	}
	f, err := llmfuse.New(chat, ecfg)
	return f, ecfg, err
}

// never turns a setting's 0 ("never") into the negative value evolve.Config
// reads that way (its 0 means the default).
func never(n int) int {
	if n == 0 {
		return -1
	}
	return n
}

// modelRate returns the reader of the limiter's figures for the metrics.
func modelRate(l *llm.Limiter) func() metrics.ModelRate {
	return func() metrics.ModelRate {
		st := l.Stats()
		return metrics.ModelRate{Calls: st.Calls, Tokens: st.Tokens, Throttled: st.Throttled, BudgetWaits: st.BudgetWaits,
			BudgetWaited: st.BudgetWaited, Concurrency: st.Concurrency, InFlight: st.InFlight}
	}
}

// newService wires the one writer path on b.
func newService(cfg *Config, b *backends, log *slog.Logger, obs worker.Observer) (*worker.Service, error) {
	f, ecfg := b.Fuser, b.Evolve
	if f == nil {
		var err error
		if f, ecfg, err = newFuser(cfg, b.Ledger, b.Limiter, log); err != nil {
			return nil, err
		}
	}
	return worker.New(worker.Deps{
		Ledger: b.Ledger, Index: b.Index, Locker: b.Locker, Embedder: b.Embedder, Fuser: f,
		Observer: obs, Logger: log,
	}, worker.Config{LockTTL: cfg.LockTTL, UnsharedLock: unsharedLock(cfg), Relay: b.relayConfig(), Evolve: ecfg}), nil
}

// unsharedLock reports whether other processes may write the ledger
// without seeing this process's locks: an in-process lock on a Postgres
// ledger, unless GROUPMEM_SINGLE_REPLICA says there are none. The
// embedded SQLite ledger belongs to one process.
func unsharedLock(cfg *Config) bool {
	return cfg.RedisAddr == "" && cfg.PostgresURL != "" && !cfg.SingleReplica
}

// openPostgres opens and migrates the Postgres ledger.
func openPostgres(ctx context.Context, cfg *Config) (*postgres.Ledger, error) {
	if cfg.PostgresURL == "" {
		return nil, errors.New("GROUPMEM_POSTGRES_URL is not set")
	}
	l, err := postgres.Open(ctx, postgresConfig(cfg))
	if err != nil {
		return nil, fmt.Errorf("GROUPMEM_POSTGRES_URL: %w", err)
	}
	if _, err := l.Migrate(ctx); err != nil {
		l.Close()
		return nil, fmt.Errorf("migrate: %w", err)
	}
	return l, nil
}

// postgresConfig is the Postgres ledger's part of cfg.
func postgresConfig(cfg *Config) postgres.Config {
	return postgres.Config{
		URL: cfg.PostgresURL, Schema: cfg.PostgresSchema,
		IdleInTxTimeout: cfg.PostgresIdleInTxTimeout, LockTimeout: cfg.PostgresLockTimeout,
		StatementTimeout: cfg.PostgresStatementTimeout, MigrateTimeout: cfg.PostgresMigrateTimeout,
	}
}

// openQdrant opens the Qdrant index, creating the collection if needed.
// A reindex that re-embeds the ledger recreates the collection, whose
// vectors may have another size; worker.Reindex then writes every point.
func openQdrant(ctx context.Context, cfg *Config, dim int) (*qdrant.Index, error) {
	return qdrant.Open(ctx, qdrant.Config{
		Addr: cfg.QdrantAddr, APIKey: cfg.QdrantAPIKey, TLS: cfg.QdrantTLS,
		Collection: cfg.QdrantCollection, Dimension: dim, Recreate: cfg.reembed, Upgrade: cfg.upgrade,
	})
}

// pickEmbedder is the embeddings service when GROUPMEM_EMBED_URL is set,
// the local embedder otherwise.
func pickEmbedder(cfg *Config) (groupmem.Embedder, error) {
	if cfg.EmbedURL != "" {
		return llm.NewEmbeddings(llm.EmbeddingsConfig{BaseURL: cfg.EmbedURL, APIKey: cfg.EmbedKey, Model: cfg.EmbedModel, Dimension: cfg.EmbedDim})
	}
	return localEmbedder(cfg)
}

// openLedgerOnly opens the ledger of cfg alone; close it.
func openLedgerOnly(ctx context.Context, cfg *Config) (interface {
	groupmem.Ledger
	Close()
}, error) {
	if cfg.PostgresURL != "" {
		return openPostgres(ctx, cfg)
	}
	l, err := embedded.OpenLedger(ctx, cfg.SQLitePath, nil)
	if err != nil {
		return nil, fmt.Errorf("GROUPMEM_SQLITE_PATH: %w", err)
	}
	return sqliteCloser{l}, nil
}

type sqliteCloser struct{ *sqlite.Ledger }

func (l sqliteCloser) Close() { l.Ledger.Close() }

// localEmbedder is the embedder used without an embeddings service:
// GROUPMEM_LOCAL_EMBEDDER names it.
func localEmbedder(cfg *Config) (groupmem.Embedder, error) {
	e, err := embedded.LocalEmbedder(cfg.LocalEmbedder, cfg.EmbedDim)
	if err != nil {
		return nil, fmt.Errorf("GROUPMEM_LOCAL_EMBEDDER: %w", err)
	}
	return e, nil
}
