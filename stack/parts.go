package stack

import (
	"cmp"
	"context"
	"fmt"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/evolve"
	"github.com/groupmem/groupmem/llm"
	"github.com/groupmem/groupmem/llmfuse"
	"github.com/groupmem/groupmem/msgsearch"
	"github.com/groupmem/groupmem/offline"
	"github.com/groupmem/groupmem/prompts"
	"github.com/groupmem/groupmem/store/inmem"
	"github.com/groupmem/groupmem/store/postgres"
	"github.com/groupmem/groupmem/store/qdrant"
	"github.com/groupmem/groupmem/store/redis"
)

// openLedger opens the Postgres ledger, migrated, or the SQLite one.
func (s *Stack) openLedger(ctx context.Context) error {
	if s.cfg.Postgres.URL == "" {
		l, err := openSQLite(ctx, s.cfg.SQLitePath, s.cfg.Now)
		if err != nil {
			return setting("SQLitePath", err)
		}
		s.Ledger, s.Queue = l, l
		s.checks = append(s.checks, check{"sqlite", l.Ping})
		s.closers = append(s.closers, l.Close)
		return nil
	}
	pc := s.cfg.Postgres
	if pc.Now == nil {
		pc.Now = s.cfg.Now
	}
	l, err := openPostgres(ctx, pc)
	if err != nil {
		return err
	}
	s.Ledger, s.Queue = l, l
	s.checks = append(s.checks, check{"postgres", l.Ping})
	s.closers = append(s.closers, func() error { l.Close(); return nil })
	return nil
}

// Migrate brings the Postgres schema of cfg up to date and returns the
// migrations it applied, in order (none when it was up to date); `groupmem
// migrate` runs it ahead of a rollout. An error of cfg.URL is a
// *SettingError.
func Migrate(ctx context.Context, cfg postgres.Config) ([]string, error) {
	if cfg.URL == "" {
		return nil, setting("Postgres.URL", errNoURL)
	}
	l, err := postgres.Open(ctx, cfg)
	if err != nil {
		return nil, setting("Postgres.URL", err)
	}
	defer l.Close()
	return l.Migrate(ctx)
}

// openPostgres opens the Postgres ledger of cfg and migrates it. An error
// of cfg.URL is a *SettingError.
func openPostgres(ctx context.Context, cfg postgres.Config) (*postgres.Ledger, error) {
	if cfg.URL == "" {
		return nil, setting("Postgres.URL", errNoURL)
	}
	l, err := postgres.Open(ctx, cfg)
	if err != nil {
		return nil, setting("Postgres.URL", err)
	}
	if _, err := l.Migrate(ctx); err != nil {
		l.Close()
		return nil, fmt.Errorf("migrate: %w", err)
	}
	return l, nil
}

// openLock opens the Redis lock and rate budget, or the in-process ones,
// and the model's limiter on that budget when a model is configured.
func (s *Stack) openLock(ctx context.Context) error {
	var budget groupmem.RateBudget
	if s.cfg.Redis.Addr != "" {
		r, err := redis.Open(ctx, s.cfg.Redis)
		if err != nil {
			return setting("Redis.Addr", err)
		}
		s.Locker, budget = r, r.RateBudget()
		s.checks = append(s.checks, check{"redis", r.Ping})
		s.closers = append(s.closers, r.Close)
	} else {
		s.Locker, budget = inmem.NewLocker(), inmem.NewRateBudget(nil)
	}
	if s.cfg.Chat.BaseURL == "" {
		return nil
	}
	var err error
	s.Limiter, err = llm.NewLimiter(llm.LimiterConfig{
		Budget: budget, Key: "chat:" + s.cfg.Chat.Model, MaxConcurrency: s.cfg.MaxConcurrency,
		CompletionTokens: s.cfg.Chat.MaxTokens, Limits: s.cfg.Limits,
	})
	return err
}

// openEmbedder opens the embeddings service or the local embedder, and
// checks the ledger's memory vectors against it, or embeds them again.
func (s *Stack) openEmbedder(ctx context.Context) error {
	var err error
	if s.cfg.Embeddings.BaseURL != "" {
		if s.Embedder, err = llm.NewEmbeddings(s.cfg.Embeddings); err != nil {
			return setting("Embeddings", err)
		}
	} else if s.Embedder, err = LocalEmbedder(s.cfg.LocalEmbedder, s.cfg.Dim); err != nil {
		return setting("LocalEmbedder", err)
	}
	id := s.EmbedderID()
	if s.cfg.Reembed {
		if s.Reembedded, err = reembed(ctx, s.Ledger, s.Embedder, id); err != nil {
			return fmt.Errorf("re-embed the ledger: %w", err)
		}
		return nil
	}
	return checkEmbedder(ctx, s.Ledger, id, s.Embedder.Dimension())
}

// openIndexes opens the Qdrant memory and message indexes, or builds the
// in-process memory index from the ledger (and keeps an in-process
// message index when asked).
func (s *Stack) openIndexes(ctx context.Context) error {
	dim := s.Embedder.Dimension()
	if s.cfg.Qdrant.Addr == "" {
		x, err := openMemoryIndex(ctx, s.Ledger, dim, s.log)
		if err != nil {
			return err
		}
		s.Index = x
		if s.cfg.MessageIndex {
			s.Messages = msgsearch.New(s.Ledger, s.Embedder, msgsearch.Config{})
		}
		return nil
	}
	qc := s.cfg.Qdrant
	qc.Dimension, qc.Recreate, qc.Upgrade = dim, s.cfg.Reembed, s.cfg.Upgrade
	x, err := qdrant.Open(ctx, qc)
	if err != nil {
		return setting(qdrantSetting(err, "Qdrant.Collection"), err)
	}
	s.Index = x
	s.checks = append(s.checks, check{"qdrant", x.Check})
	s.closers = append(s.closers, x.Close)
	qc.Collection = s.cfg.MessagesCollection
	m, err := qdrant.OpenMessages(ctx, qc, s.Ledger, s.Embedder)
	if err != nil {
		return setting(qdrantSetting(err, "MessagesCollection"), err)
	}
	s.Messages = m
	s.closers = append(s.closers, m.Close)
	return nil
}

// qdrantSetting names the setting a Qdrant open failed on: the collection
// when Qdrant refused it (one an earlier version made, of another size),
// the address otherwise.
func qdrantSetting(err error, collection string) string {
	if groupmem.ErrorCode(err) == groupmem.EINVALID {
		return collection
	}
	return "Qdrant.Addr"
}

// openFuser makes the evolver: the model's when one is configured, the
// offline one otherwise, with the configuration of the passes it needs.
func (s *Stack) openFuser(_ context.Context) error {
	if s.cfg.Chat.BaseURL == "" {
		oc := s.cfg.Offline
		oc.History = s.Ledger
		if oc.Logger == nil {
			oc.Logger = s.log
		}
		if oc.Evolve == (evolve.Config{}) {
			oc.Evolve = s.cfg.Evolve
		}
		f, err := offline.New(oc, nil)
		if err != nil {
			return setting("Offline", err)
		}
		s.Fuser, s.Evolve = f, f.Evolve()
		s.log.Info("no language model configured: evolving with the offline evolver, which needs no model")
		return nil
	}
	cc := s.cfg.Chat
	cc.Limiter, cc.EstimateTokens = s.Limiter, prompts.EstimateTokens
	chat, err := llm.NewChat(cc)
	if err != nil {
		return setting("Chat", err)
	}
	lc := s.cfg.LLMFuse
	lc.Lang = cmp.Or(lc.Lang, s.cfg.Evolve.Lang)
	if lc.Location == nil {
		lc.Location = s.cfg.Evolve.Location
	}
	f, err := llmfuse.New(chat, lc)
	if err != nil {
		return setting("LLMFuse", err)
	}
	s.Fuser, s.Evolve = f, s.cfg.Evolve
	return nil
}
