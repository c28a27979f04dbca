// Package msgsearch finds a group's chat messages by keywords and by
// meaning: a BM25 keyword index and dense vectors per group, their scores
// fused by keyword.Combine.
//
// The index is a view of the ledger, kept in this process. Before a group
// is searched, the view catches up with every message the ledger holds
// after the last one it indexed (in seq order), so whatever is committed
// is searchable, whichever path inserted it (the API, a direct INSERT,
// another replica). CatchUp catches a group up ahead of its first search.
//
// Its tests read messages from Postgres (pgtest,
// GROUPMEM_TEST_POSTGRES_URL) and from the SQLite ledger.
package msgsearch

import (
	"context"
	"slices"
	"sync"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/hybrid"
	"github.com/groupmem/groupmem/vector"
)

// Mode says which side of the search ranks the hits.
type Mode string

// The search modes.
const (
	Hybrid   Mode = "hybrid"   // keyword and semantic scores fused by keyword.Combine
	Semantic Mode = "semantic" // cosine similarity of the embeddings
	Keyword  Mode = "keyword"  // BM25 over the tokenizer's terms
)

// ParseMode parses a mode; "" is Hybrid.
func ParseMode(s string) (Mode, error) {
	switch m := Mode(s); m {
	case "":
		return Hybrid, nil
	case Hybrid, Semantic, Keyword:
		return m, nil
	}
	return "", groupmem.Errorf(groupmem.EINVALID, "mode must be one of hybrid, semantic, keyword; got %q", groupmem.Truncate(s, 40))
}

// candidates is how many hits of each side enter the fusion, per hit asked
// (at least 50); past maxCandidates, two per hit asked.
const (
	candidates    = 5
	maxCandidates = 300
)

// batch is how many messages one catch-up step reads and embeds.
const batch = 500

// Query asks for a group's messages.
type Query struct {
	GroupID string
	Text    string // what to look for; "" pages through the messages by time, newest first
	Mode    Mode
	Limit   int
	Since   time.Time // only messages sent at or after it (zero: no bound)
	Until   time.Time // only messages sent before it (zero: no bound)
	Sender  string    // only messages of this sender id or name ("" any)
	Before  int64     // paging by time: only messages with a smaller seq (0: from the newest)
	// Vector is Text's embedding when the caller has it already (nil:
	// the index embeds Text itself when its mode needs it).
	Vector []float32
}

// Hit is one message found, with its fused score and the parts it came
// from: Semantic is the cosine similarity, Keyword the BM25 score; a part
// is nil when the message was not among that side's candidates.
type Hit struct {
	Message  groupmem.Message
	Score    float64
	Semantic *float64
	Keyword  *float64
}

// Searcher is a message index: Index keeps one in this process, and
// store/qdrant's Messages keeps one in Qdrant shared by every replica.
// Both answer a search over every message the ledger has committed (they
// catch up with the ledger first) and never return a message the ledger
// no longer holds as it was (redacted, expired or purged).
type Searcher interface {
	// Search returns up to q.Limit messages: the best for q.Text by
	// q.Mode, or without text the newest first (by seq, before q.Before
	// when set), within q's time and sender bounds.
	Search(ctx context.Context, q Query) ([]Hit, error)
	// Forget is told that messages of a group left the ledger or lost
	// their text: ids names them (redaction), none means the whole group
	// (purge). The index removes what it holds of them.
	Forget(ctx context.Context, groupID string, ids ...string) error
}

var _ Searcher = (*Index)(nil)

// CatchUpper is a message index that catches up with the ledger one group
// at a time, as the outbox relay and a reindex drive it (both the
// in-process Index and Qdrant's).
type CatchUpper interface {
	CatchUp(ctx context.Context, groupID string) error
}

var _ CatchUpper = (*Index)(nil)

// Source is the part of the ledger the index reads.
type Source interface {
	MessagesAfter(ctx context.Context, groupID string, after int64, limit int) ([]groupmem.Message, error)
	MessagesByID(ctx context.Context, groupID string, ids []string) ([]groupmem.Message, error)
}

// Config bounds what the index holds and does per search.
type Config struct {
	// MaxHeld is how many messages the index holds over every group
	// (default 500,000): past it, the groups searched least recently are
	// dropped, to be read again from the ledger when next searched.
	MaxHeld int
	// EmbedPerSearch is how many messages one search embeds at most while
	// its group catches up (default 2,000), newest first: with an
	// embeddings service, a group's first search does not wait for its
	// whole history to be embedded. Messages not embedded yet are found by
	// keywords only; later searches, and the relay's CatchUp, embed the
	// rest.
	EmbedPerSearch int
}

// Defaults of Config.
const (
	DefaultMaxHeld        = 500_000
	DefaultEmbedPerSearch = 2_000
)

// Index is the message index of the groups searched lately. It is safe
// for concurrent use.
type Index struct {
	src   Source
	embed groupmem.Embedder
	cfg   Config

	mu     sync.Mutex
	groups map[string]*group
	clock  int64 // counts uses, for least-recently-used eviction
}

type group struct {
	mu      sync.Mutex                   // held while catching up and searching
	seq     int64                        // the last seq indexed
	msgs    map[string]*groupmem.Message // by message id
	order   []string                     // message ids in seq order
	unembed []string                     // message ids without a vector yet, in seq order
	// hx finds the messages by their sender's name and text and by their
	// unit vectors; vecMsgs is the message at each vector position (a
	// message is never replaced, so the positions never change).
	hx      *hybrid.Index
	vecMsgs []*groupmem.Message
	// senderVecs and nameVecs list the positions of the vectors of each
	// sender id and display name.
	senderVecs, nameVecs map[string][]int32
	used                 int64 // Index.clock at the last use, under Index.mu
	held                 int   // len(order) as Index.mu last saw it
}

// New returns an index over src's messages, embedding them with embed.
func New(src Source, embed groupmem.Embedder, cfg Config) *Index {
	if cfg.MaxHeld <= 0 {
		cfg.MaxHeld = DefaultMaxHeld
	}
	if cfg.EmbedPerSearch <= 0 {
		cfg.EmbedPerSearch = DefaultEmbedPerSearch
	}
	return &Index{src: src, embed: embed, cfg: cfg, groups: map[string]*group{}}
}

// group returns the state of group id, marked as just used.
func (x *Index) group(id string) *group {
	x.mu.Lock()
	defer x.mu.Unlock()
	g := x.groups[id]
	if g == nil {
		g = &group{hx: hybrid.New(), msgs: map[string]*groupmem.Message{}}
		x.groups[id] = g
	}
	x.clock++
	g.used = x.clock
	return g
}

// Groups is how many groups the index holds.
func (x *Index) Groups() int {
	x.mu.Lock()
	defer x.mu.Unlock()
	return len(x.groups)
}

// Search catches the group up and returns up to q.Limit messages: the
// best for q.Text by q.Mode, or without text the newest first (by seq,
// before q.Before when set).
func (x *Index) Search(ctx context.Context, q Query) ([]Hit, error) {
	if err := groupmem.CheckGroupID(q.GroupID); err != nil {
		return nil, err
	}
	if q.Limit <= 0 {
		return nil, nil
	}
	var qvec []float32
	switch {
	case q.Text == "" || q.Mode == Keyword:
	case q.Vector != nil:
		qvec = vector.Unit(q.Vector)
	default:
		vecs, err := x.embed.Embed(ctx, []string{q.Text})
		if err != nil {
			return nil, err
		}
		if len(vecs) != 1 {
			return nil, groupmem.Errorf(groupmem.EUNAVAILABLE, "embedder returned %d vectors for 1 query", len(vecs))
		}
		qvec = vector.Unit(vecs[0])
	}
	g := x.group(q.GroupID)
	g.mu.Lock()
	defer g.mu.Unlock()
	hits, err := x.search(ctx, g, q, qvec)
	if err != nil || x.fresh(ctx, q.GroupID, hits) {
		return hits, err
	}
	// A hit the ledger no longer holds as it was (redacted, or its group
	// purged, here or by another replica): read the group afresh.
	g.reset()
	return x.search(ctx, g, q, qvec)
}

// fresh reports whether the ledger still holds every hit's message as
// the index has it.
func (x *Index) fresh(ctx context.Context, groupID string, hits []Hit) bool {
	if len(hits) == 0 {
		return true
	}
	ids := make([]string, len(hits))
	for i, h := range hits {
		ids[i] = h.Message.ID
	}
	now, err := x.src.MessagesByID(ctx, groupID, ids)
	if err != nil || len(now) != len(hits) {
		return err != nil // on a read error, answer with what the index has
	}
	byID := make(map[string]string, len(now))
	for _, m := range now {
		byID[m.ID] = m.Content
	}
	for _, h := range hits {
		if c, ok := byID[h.Message.ID]; !ok || c != h.Message.Content {
			return false
		}
	}
	return true
}

// search catches g up and answers q over it; g is locked.
func (x *Index) search(ctx context.Context, g *group, q Query, qvec []float32) ([]Hit, error) {
	err := x.catchUp(ctx, q.GroupID, g, x.cfg.EmbedPerSearch)
	x.account(q.GroupID, g)
	if err != nil {
		return nil, err
	}
	var keep func(m *groupmem.Message) bool // nil: every message
	if !q.Since.IsZero() || !q.Until.IsZero() || q.Sender != "" || q.Before != 0 {
		keep = func(m *groupmem.Message) bool {
			return (q.Since.IsZero() || !m.SentAt.Before(q.Since)) && (q.Until.IsZero() || m.SentAt.Before(q.Until)) &&
				(q.Sender == "" || m.SenderID == q.Sender || m.SenderName == q.Sender) && (q.Before == 0 || m.Seq < q.Before)
		}
	}
	if q.Text == "" {
		var out []Hit
		for i := len(g.order) - 1; i >= 0 && len(out) < q.Limit; i-- {
			if m := g.msgs[g.order[i]]; keep == nil || keep(m) {
				out = append(out, Hit{Message: *m})
			}
		}
		return out, nil
	}
	n := min(max(q.Limit*candidates, 50), max(q.Limit*2, maxCandidates))
	hq := hybrid.Query{Text: q.Text, Vector: qvec, Words: q.Mode != Semantic, Meaning: q.Mode != Keyword, N: n,
		At: g.bySender(q.Sender)}
	if keep != nil {
		hq.KeepID = func(id string) bool { return keep(g.msgs[id]) }
		hq.KeepPos = func(p int32) bool { return keep(g.vecMsgs[p]) }
	}
	ranked, sides := g.hx.Search(hq)
	out := make([]Hit, 0, min(q.Limit, len(ranked)))
	for _, s := range ranked[:min(q.Limit, len(ranked))] {
		h := Hit{Message: *g.msgs[s.ID], Score: s.Score}
		h.Keyword, h.Semantic = sides.Of(s.ID)
		out = append(out, h)
	}
	return out, nil
}

// bySender returns the positions of the vectors of sender's messages
// (sent under that id or that name), in order, or nil for no sender.
func (g *group) bySender(sender string) []int32 {
	if sender == "" {
		return nil
	}
	ids, names := g.senderVecs[sender], g.nameVecs[sender]
	if len(names) == 0 {
		return append([]int32{}, ids...) // not nil: no vector at all
	}
	out := append(slices.Clone(ids), names...)
	slices.Sort(out)
	return slices.Compact(out)
}
