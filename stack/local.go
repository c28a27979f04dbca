package stack

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/embed"
	"github.com/groupmem/groupmem/embed/static"
	"github.com/groupmem/groupmem/msgsearch"
	"github.com/groupmem/groupmem/store/inmem"
	"github.com/groupmem/groupmem/store/sqlite"
	"github.com/groupmem/groupmem/worker"
)

// The local embedders, by the name a configuration gives them.
const (
	Static  = "static"  // the bilingual static word table (embed/static): similar meaning, Chinese and English
	Hashing = "hashing" // hashed characters and words (embed.Hashing): shared text only
)

// Similarity thresholds of semantic search that suit each local embedder,
// whose cosines run lower than an embeddings service's: with the static
// one related texts score about 0.3 to 0.75 and unrelated ones about 0 to
// 0.2; the hashing one scores only shared text.
const (
	StaticThreshold  = 0.25
	HashingThreshold = 0.15
)

// openSQLite opens (or creates) the SQLite ledger at path on the clock now
// (nil: time.Now).
func openSQLite(ctx context.Context, path string, now func() time.Time) (*sqlite.Ledger, error) {
	l, err := sqlite.Open(ctx, sqlite.Config{Path: path, Now: now})
	if err != nil {
		return nil, fmt.Errorf("open the SQLite ledger %q: %w", path, err)
	}
	return l, nil
}

// LocalEmbedder returns the local embedder named kind ("" is Static); dim
// sizes the hashing one (0: embed.DefaultHashingDim). EINVALID for another
// name.
func LocalEmbedder(kind string, dim int) (groupmem.Embedder, error) {
	switch cmp.Or(kind, Static) {
	case Static:
		return static.Load()
	case Hashing:
		return embed.NewHashing(cmp.Or(dim, embed.DefaultHashingDim))
	}
	return nil, groupmem.Errorf(groupmem.EINVALID, "local embedder must be %s or %s, got %q", Static, Hashing, groupmem.Truncate(kind, 40))
}

// openMemoryIndex returns the in-process index of dim dimensions, rebuilt from
// what ledger holds.
func openMemoryIndex(ctx context.Context, ledger groupmem.Ledger, dim int, log *slog.Logger) (*inmem.Index, error) {
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

// relayConfig is the outbox relay's configuration for a message index m: stored
// messages are indexed as they come (when m catches up by group) and a
// purge empties it. A nil m indexes no messages.
func relayConfig(m msgsearch.Searcher) worker.RelayConfig {
	var rc worker.RelayConfig
	if m == nil {
		return rc
	}
	rc.ForgetMessages = func(ctx context.Context, g string) error { return m.Forget(ctx, g) }
	if c, ok := m.(msgsearch.CatchUpper); ok {
		rc.IndexMessages = c.CatchUp
	}
	if x, ok := m.(*msgsearch.Index); ok { // holds texts in memory
		rc.RereadMessages = func(ctx context.Context, g string) error { return x.Forget(ctx, g) }
	}
	// Forgotten text leaves the index within a relay round: a redacted
	// message's point, and the points of the messages retention expired
	// (an index that cannot tell them apart forgets the group).
	rc.ForgetMessageText = m.Forget
	rc.ExpireMessages = func(ctx context.Context, g string, _ time.Time) error { return m.Forget(ctx, g) }
	if e, ok := m.(interface {
		ForgetExpired(ctx context.Context, groupID string, before time.Time) error
	}); ok {
		rc.ExpireMessages = e.ForgetExpired
	}
	if f, ok := m.(interface {
		ForgetTextless(ctx context.Context, groupID string) error
	}); ok {
		rc.ForgetTextless = f.ForgetTextless
	}
	return rc
}

// drain projects what the outbox holds onto index before a process serves:
// a failure is logged, and the relay retries it later.
func drain(ctx context.Context, ledger groupmem.Ledger, index groupmem.Index, log *slog.Logger, rc worker.RelayConfig) {
	n, err := worker.NewRelay(ledger, index, log, rc).Drain(ctx)
	switch {
	case errors.Is(err, context.Canceled):
	case err != nil:
		log.WarnContext(ctx, "project pending changes at start-up; the relay will retry", "err", err)
	case n > 0:
		log.InfoContext(ctx, "projected pending changes at start-up", "entries", n)
	}
}
