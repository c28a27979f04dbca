// Package embedded opens the embedded configuration: the stack groupmem
// runs on when no server is configured. The SQLite ledger, the in-process
// index (rebuilt from the ledger), lock and message index, a local
// embedder, the offline evolver and the worker's one writer path, with
// whatever the outbox holds projected before Open returns.
//
// The command builds every stack part by part, a server where one is
// configured and these parts otherwise (OpenLedger, LocalEmbedder,
// OpenIndex, Relay, Drain); the demo runs on the whole of it (Open).
package embedded

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/llm"
	"github.com/groupmem/groupmem/llm/static"
	"github.com/groupmem/groupmem/msgsearch"
	"github.com/groupmem/groupmem/offline"
	"github.com/groupmem/groupmem/store/inmem"
	"github.com/groupmem/groupmem/store/sqlite"
	"github.com/groupmem/groupmem/worker"
)

// The local embedders, by the name a configuration gives them.
const (
	Static  = "static"  // the bilingual static word table (llm/static): similar meaning, Chinese and English
	Hashing = "hashing" // hashed characters and words (llm.Local): shared text only
)

// Similarity thresholds of semantic search that suit each local embedder,
// whose cosines run lower than an embeddings service's: with the static
// one related texts score about 0.3 to 0.75 and unrelated ones about 0 to
// 0.2; the hashing one scores only shared text.
const (
	StaticThreshold  = 0.25
	HashingThreshold = 0.15
)

// Embedder is a local embedder: it also embeds one text at once, without
// a context, as searches in process do.
type Embedder interface {
	groupmem.Embedder
	Vector(text string) []float32
}

// Config shapes the embedded stack. The zero value but Path is the
// embedded default.
type Config struct {
	Path     string           // the SQLite file of the ledger, created if missing
	Now      func() time.Time // the clock of the ledger and the service (default time.Now)
	Embedder string           // Static (default) or Hashing
	Dim      int              // the hashing embedder's dimension (default llm.DefaultLocalDim)
	// Offline tunes the offline evolver; its History is the ledger.
	Offline offline.Config
	// Service tunes the writer path; its Relay feeds the message index
	// and its Evolve is the offline evolver's (offline.Fuser.Evolve).
	Service worker.Config
	Logger  *slog.Logger
}

// Stack is the embedded configuration, open. Close it.
type Stack struct {
	Ledger   *sqlite.Ledger
	Index    *inmem.Index
	Locker   *inmem.Locker
	Messages *msgsearch.Index
	Embedder Embedder
	Fuser    *offline.Fuser
	Service  *worker.Service
}

// Open opens the embedded stack of cfg: the ledger, the index rebuilt
// from it, the message index, the offline evolver and the service, and
// projects what the outbox holds. EINVALID for a bad setting;
// EUNAVAILABLE when the ledger file cannot be opened.
func Open(ctx context.Context, cfg Config) (_ *Stack, err error) {
	log := cmp.Or(cfg.Logger, slog.New(slog.DiscardHandler))
	s := &Stack{Locker: inmem.NewLocker()}
	if s.Ledger, err = OpenLedger(ctx, cfg.Path, cfg.Now); err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			s.Ledger.Close()
		}
	}()
	if s.Embedder, err = LocalEmbedder(cfg.Embedder, cfg.Dim); err != nil {
		return nil, err
	}
	if s.Index, err = OpenIndex(ctx, s.Ledger, s.Embedder.Dimension(), log); err != nil {
		return nil, err
	}
	s.Messages = msgsearch.New(s.Ledger, s.Embedder, msgsearch.Config{})
	oc := cfg.Offline
	oc.History = s.Ledger
	oc.Logger = cmp.Or(oc.Logger, log)
	if s.Fuser, err = offline.New(oc, nil); err != nil {
		return nil, err
	}
	sc := cfg.Service
	sc.Relay = Relay(s.Messages)
	sc.Evolve = s.Fuser.Evolve()
	s.Service = worker.New(worker.Deps{
		Ledger: s.Ledger, Index: s.Index, Locker: s.Locker, Embedder: s.Embedder, Fuser: s.Fuser,
		Logger: log, Now: cfg.Now,
	}, sc)
	Drain(ctx, s.Ledger, s.Index, log, sc.Relay)
	return s, nil
}

// Close closes the ledger.
func (s *Stack) Close() error { return s.Ledger.Close() }

// OpenLedger opens (or creates) the SQLite ledger at path on the clock now
// (nil: time.Now).
func OpenLedger(ctx context.Context, path string, now func() time.Time) (*sqlite.Ledger, error) {
	l, err := sqlite.Open(ctx, sqlite.Config{Path: path, Now: now})
	if err != nil {
		return nil, fmt.Errorf("open the SQLite ledger %q: %w", path, err)
	}
	return l, nil
}

// LocalEmbedder returns the local embedder named kind ("" is Static); dim
// sizes the hashing one (0: llm.DefaultLocalDim). EINVALID for another
// name.
func LocalEmbedder(kind string, dim int) (Embedder, error) {
	switch cmp.Or(kind, Static) {
	case Static:
		return static.Load()
	case Hashing:
		return llm.NewLocal(cmp.Or(dim, llm.DefaultLocalDim))
	}
	return nil, groupmem.Errorf(groupmem.EINVALID, "local embedder must be %s or %s, got %q", Static, Hashing, groupmem.Truncate(kind, 40))
}

// OpenIndex returns the in-process index of dim dimensions, rebuilt from
// what ledger holds.
func OpenIndex(ctx context.Context, ledger groupmem.Ledger, dim int, log *slog.Logger) (*inmem.Index, error) {
	x, err := inmem.NewIndex(dim)
	if err != nil {
		return nil, err
	}
	n, err := worker.Reindex(ctx, ledger, x, 0)
	if err != nil {
		return nil, fmt.Errorf("build the in-process index: %w", err)
	}
	log.DebugContext(ctx, "built the in-process index from the ledger", "versions", n)
	return x, nil
}

// Relay is the outbox relay's configuration for a message index m: stored
// messages are indexed as they come (when m catches up by group) and a
// purge empties it. A nil m indexes no messages.
func Relay(m msgsearch.Searcher) worker.RelayConfig {
	var rc worker.RelayConfig
	if m == nil {
		return rc
	}
	rc.ForgetMessages = func(ctx context.Context, g string) error { return m.Forget(ctx, g) }
	if c, ok := m.(interface {
		CatchUp(ctx context.Context, groupID string) error
	}); ok {
		rc.IndexMessages = c.CatchUp
	}
	return rc
}

// Drain projects what the outbox holds onto index before a process serves:
// a failure is logged, and the relay retries it later.
func Drain(ctx context.Context, ledger groupmem.Ledger, index groupmem.Index, log *slog.Logger, rc worker.RelayConfig) {
	n, err := worker.NewRelay(ledger, index, log, rc).Drain(ctx)
	switch {
	case errors.Is(err, context.Canceled):
	case err != nil:
		log.WarnContext(ctx, "project pending changes at start-up; the relay will retry", "err", err)
	case n > 0:
		log.InfoContext(ctx, "projected pending changes at start-up", "entries", n)
	}
}
