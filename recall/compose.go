package recall

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/keyword"
	"github.com/groupmem/groupmem/msgsearch"
)

// Store is what Compose reads of a group: its memory index, its message
// index and its ledger. The service's index, message searcher and ledger
// provide it (see Parts).
type Store interface {
	SearchHybrid(ctx context.Context, q groupmem.HybridQuery) ([]groupmem.HybridHit, error)
	SearchMessages(ctx context.Context, q msgsearch.Query) ([]msgsearch.Hit, error)
	Memories(ctx context.Context, q groupmem.MemoryQuery) (groupmem.MemoryPage, error)
	MessagesByID(ctx context.Context, groupID string, ids []string) ([]groupmem.Message, error)
	MessagesAfter(ctx context.Context, groupID string, after int64, limit int) ([]groupmem.Message, error)
}

// Parts joins the three parts a Store is made of.
type Parts struct {
	Index    groupmem.Index
	Messages msgsearch.Searcher
	Ledger   groupmem.Ledger
}

var _ Store = Parts{}

// SearchHybrid implements Store.
func (p Parts) SearchHybrid(ctx context.Context, q groupmem.HybridQuery) ([]groupmem.HybridHit, error) {
	return p.Index.SearchHybrid(ctx, q)
}

// SearchMessages implements Store.
func (p Parts) SearchMessages(ctx context.Context, q msgsearch.Query) ([]msgsearch.Hit, error) {
	return p.Messages.Search(ctx, q)
}

// Memories implements Store.
func (p Parts) Memories(ctx context.Context, q groupmem.MemoryQuery) (groupmem.MemoryPage, error) {
	return p.Ledger.Memories(ctx, q)
}

// MessagesByID implements Store.
func (p Parts) MessagesByID(ctx context.Context, groupID string, ids []string) ([]groupmem.Message, error) {
	return p.Ledger.MessagesByID(ctx, groupID, ids)
}

// MessagesAfter implements Store.
func (p Parts) MessagesAfter(ctx context.Context, groupID string, after int64, limit int) ([]groupmem.Message, error) {
	return p.Ledger.MessagesAfter(ctx, groupID, after, limit)
}

// Request asks for a group's context.
type Request struct {
	GroupID string
	Text    string // the question; "" for the group's strongest memories and newest messages
	Budget  int    // tokens the block may take (prompts.EstimateTokens), at least 1
	// Memories is how many memories may enter (the best this many).
	Memories int
	// Threshold, when set, keeps only memories whose cosine similarity to
	// Text is above it.
	Threshold *float64
	Now       time.Time      // when the question is asked, for its time words
	Zone      *time.Location // the zone its calendar words mean (nil: UTC)
	// About are memories that go first, in this order, before anything
	// the question finds: what the group knows about the member a bot is
	// talking to. They take the budget first; Memories does not bound them.
	About []groupmem.Memory
}

// Context is a block ready for a prompt and what it holds.
type Context struct {
	Text       string
	MemoryIDs  []string // the memories the text states, in the order it states them
	MessageIDs []string // the messages it quotes, oldest first
	Tokens     int      // prompts.EstimateTokens(Text), at most the budget
	// LeftOutMemories and LeftOutMessages count the candidates that
	// earned a place by their score but found no room.
	LeftOutMemories, LeftOutMessages int
}

// Tuning of Compose: how candidates that are not hits themselves score
// against the hits, and how the question's own words weigh.
const (
	// hitPool is how many message hits a question weighs at least; a
	// larger budget weighs one per hitTokens tokens.
	hitPool   = 60
	hitTokens = 15
	// focusPool is how many hits each narrowed search (the question's
	// time window, a member it names) adds.
	focusPool = 20
	// hopHits is how many of the best hits may each call for a hop, and
	// hopPool how many hits a hop adds, at hopShare of its hit's score.
	hopHits  = 2
	hopPool  = 5
	hopShare = 0.8
	// windowBoost is added to the score of a message inside the time
	// window the question names.
	windowBoost = 0.3
	// senderBoost is added to the score of a message by a member the
	// question names.
	senderBoost = 0.2
	// latestBoost is added, in full to the latest message among the
	// candidates and in part to earlier ones, when the question asks how
	// things are now.
	latestBoost = 0.2
	// evidenceShare is the share of a memory's score its evidence gets.
	evidenceShare = 0.6
	// neighbourShare is the share of a hit's score its neighbours get:
	// the message before it (often the question it answers) and after it.
	neighbourShare = 0.2
	// neighbourHits is how many of the best hits bring their neighbours.
	neighbourHits = 4
	// shortTerms and shortShare: a message of fewer terms than
	// shortTerms scores shortShare of what it would.
	shortTerms = 3
	shortShare = 0.5
	// minShare is the least share of the best candidate's score a
	// candidate needs to be worth a reader's tokens at all.
	minShare = 0.1
)

// Compose builds the context for r from s, embedding the question with
// embed. With a question, every candidate — a memory, a message hit, the
// evidence of a memory found, a neighbour of a good hit — carries one
// score on one scale (keyword.Combine), raised for messages inside the
// time window the question names and for messages of a member it names;
// the block takes the best that fit the budget, whatever their kind,
// shortening long messages to the sentences that match. Without one,
// memories go by strength, then recency, and messages newest first.
// An empty group gives an empty block. Errors are those of the store or
// the embedder.
func Compose(ctx context.Context, s Store, embed groupmem.Embedder, r Request) (Context, error) {
	if r.Budget < 1 {
		return Context{}, groupmem.Errorf(groupmem.EINVALID, "a budget of %d tokens holds nothing", r.Budget)
	}
	var cands []candidate
	var err error
	if r.Text == "" {
		cands, err = recent(ctx, s, r)
	} else {
		cands, err = relevant(ctx, s, embed, r)
	}
	if err != nil {
		return Context{}, err
	}
	return pack(aboutFirst(r.About, cands), r.Budget, terms(r.Text)), nil
}

// aboutFirst puts the memories about first, in their order, and leaves
// them out of the rest of cands.
func aboutFirst(about []groupmem.Memory, cands []candidate) []candidate {
	if len(about) == 0 {
		return cands
	}
	out := make([]candidate, 0, len(about)+len(cands))
	first := make(map[string]bool, len(about))
	for i := range about {
		if !first[about[i].ID] {
			first[about[i].ID] = true
			out = append(out, candidate{memory: &about[i]})
		}
	}
	for _, c := range cands {
		if c.memory == nil || !first[c.memory.ID] {
			out = append(out, c)
		}
	}
	return out
}

// recent ranks the group's strongest memories and newest messages, for a
// context without a question.
func recent(ctx context.Context, s Store, r Request) ([]candidate, error) {
	page, err := s.Memories(ctx, groupmem.MemoryQuery{GroupID: r.GroupID, Status: groupmem.StatusActive, Limit: 1000})
	if err != nil {
		return nil, fmt.Errorf("read memories: %w", err)
	}
	mems := page.Memories
	slices.SortStableFunc(mems, func(a, b groupmem.Memory) int {
		return cmp.Or(cmp.Compare(b.Strength, a.Strength), b.UpdatedAt.Compare(a.UpdatedAt))
	})
	mems = mems[:min(r.Memories, len(mems))]
	hits, err := s.SearchMessages(ctx, msgsearch.Query{GroupID: r.GroupID, Limit: max(hitPool, r.Budget/hitTokens)})
	if err != nil {
		return nil, fmt.Errorf("read messages: %w", err)
	}
	// Memories first, then messages newest first: a descending score.
	out := make([]candidate, 0, len(mems)+len(hits))
	top := float64(len(mems) + len(hits))
	for i := range mems {
		out = append(out, candidate{memory: &mems[i], score: top - float64(i)})
	}
	for i := range hits {
		out = append(out, candidate{message: &hits[i].Message, score: top - float64(len(mems)+i)})
	}
	return out, nil
}

// relevant ranks what answers r's question.
func relevant(ctx context.Context, s Store, embed groupmem.Embedder, r Request) ([]candidate, error) {
	vec, err := embedQuery(ctx, embed, r.Text)
	if err != nil {
		return nil, err
	}
	mems, err := s.SearchHybrid(ctx, groupmem.HybridQuery{GroupID: r.GroupID, Text: r.Text, Vector: vec, Limit: r.Memories, Threshold: r.Threshold})
	if err != nil {
		return nil, fmt.Errorf("search memories: %w", err)
	}
	if vec == nil && r.Threshold != nil {
		mems = nil // nothing is similar to a question without features
	}
	ask := msgsearch.Query{GroupID: r.GroupID, Text: r.Text, Mode: msgsearch.Hybrid, Limit: max(hitPool, r.Budget/hitTokens), Vector: vec}
	hits, err := s.SearchMessages(ctx, ask)
	if err != nil {
		return nil, fmt.Errorf("search messages: %w", err)
	}
	p := newPool()
	for _, h := range hits {
		p.message(h.Message, h.Score)
	}
	members := membersOf(p.msgs)
	q := Read(r.Text, r.Now, r.Zone, members)
	focused, err := focus(ctx, s, ask, q, members, hits)
	if err != nil {
		return nil, err
	}
	for _, h := range focused {
		p.message(h.Message, h.Score)
	}
	p.boost(q)
	for i := range mems {
		p.memory(mems[i].Memory, mems[i].Score)
	}
	if err := p.evidence(ctx, s, r.GroupID); err != nil {
		return nil, err
	}
	if err := p.neighbours(ctx, s, r.GroupID); err != nil {
		return nil, err
	}
	return p.ranked(), nil
}

// focus runs the narrowed searches q calls for. Within its time window,
// by keywords (the whole group's search has weighed meaning already);
// its hits score as keyword.Blend of their keyword part. Among the lines
// of each member it names, by keywords and meaning, for the question
// without the member's names. And when it names none, among the lines of
// the senders of the best hits, for what those hits leave unanswered (a
// hop: "what is the member who adopted a cat allergic to?" finds the cat,
// then its owner's allergy), at hopShare of the hit's score.
func focus(ctx context.Context, s Store, ask msgsearch.Query, q Question, members []Member, hits []msgsearch.Hit) ([]msgsearch.Hit, error) {
	var out []msgsearch.Hit
	run := func(w msgsearch.Query, scale float64) error {
		found, err := s.SearchMessages(ctx, w)
		if err != nil {
			return fmt.Errorf("search messages: %w", err)
		}
		for _, h := range found {
			if w.Mode == msgsearch.Keyword {
				h.Score = keyword.Blend(h.Score, 0)
			}
			h.Score *= scale
			out = append(out, h)
		}
		return nil
	}
	ask.Limit = focusPool
	if !q.Since.IsZero() || !q.Until.IsZero() {
		w := ask
		w.Since, w.Until, w.Mode, w.Vector = q.Since, q.Until, msgsearch.Keyword, nil
		if err := run(w, 1); err != nil {
			return nil, err
		}
	}
	byID := make(map[string]Member, len(members))
	for _, m := range members {
		byID[m.ID] = m
	}
	for _, id := range q.Senders {
		w := ask
		w.Sender, w.Text = id, withoutNames(ask.Text, byID[id])
		if len(keyword.Tokens(w.Text)) == 0 {
			continue // only the name: the sender's every line would match
		}
		if err := run(w, 1); err != nil {
			return nil, err
		}
	}
	if len(q.Senders) > 0 {
		return out, nil
	}
	for _, h := range hops(ask.Text, hits) {
		w := ask
		w.Sender, w.Text, w.Limit = h.sender, h.rest, hopPool
		if err := run(w, hopShare*h.score); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// hop is a second search a hit calls for: among its sender's lines, for
// the terms of the question the hit does not hold.
type hop struct {
	sender, rest string
	score        float64
}

// hops returns the hops of the best hits, one per sender, up to hopHits:
// those whose hit holds some of the question's terms but not all.
func hops(question string, hits []msgsearch.Hit) []hop {
	asked := keyword.Tokens(question)
	var out []hop
	seen := map[string]bool{}
	for _, h := range hits[:min(hopHits+1, len(hits))] {
		m := h.Message
		if m.SenderID == "" || seen[m.SenderID] || len(out) == hopHits || h.Keyword == nil {
			continue
		}
		held := map[string]bool{}
		for _, t := range keyword.Tokens(m.SenderName + " " + m.Content) {
			held[t] = true
		}
		rest := slices.DeleteFunc(slices.Clone(asked), func(t string) bool { return held[t] })
		if len(rest) == 0 || len(rest) == len(asked) {
			continue
		}
		seen[m.SenderID] = true
		out = append(out, hop{sender: m.SenderID, rest: strings.Join(rest, " "), score: h.Score})
	}
	return out
}

// membersOf lists the senders of msgs with the names they were seen
// under, for reading names in a question.
func membersOf(msgs map[string]*candidate) []Member {
	byID := map[string]*Member{}
	var order []string
	for _, c := range msgs {
		m := c.message
		if m.SenderID == "" {
			continue
		}
		mem := byID[m.SenderID]
		if mem == nil {
			mem = &Member{ID: m.SenderID}
			byID[m.SenderID] = mem
			order = append(order, m.SenderID)
		}
		if m.SenderName != "" && !slices.Contains(mem.Names, m.SenderName) {
			mem.Names = append(mem.Names, m.SenderName)
		}
	}
	slices.Sort(order)
	out := make([]Member, len(order))
	for i, id := range order {
		out[i] = *byID[id]
	}
	return out
}

// withoutNames is the terms of text, less those of m's names and id,
// so that a search among m's own lines is not led by the name every line
// of theirs is indexed under.
func withoutNames(text string, m Member) string {
	name := map[string]bool{}
	for _, n := range append(slices.Clone(m.Names), m.ID) {
		for _, t := range keyword.Tokens(n) {
			name[t] = true
		}
	}
	return strings.Join(slices.DeleteFunc(keyword.Tokens(text), func(t string) bool { return name[t] }), " ")
}

func embedQuery(ctx context.Context, embed groupmem.Embedder, text string) ([]float32, error) {
	vecs, err := embed.Embed(ctx, []string{text})
	if err != nil {
		return nil, fmt.Errorf("embed question: %w", err)
	}
	if len(vecs) != 1 || len(vecs[0]) != embed.Dimension() {
		return nil, groupmem.Errorf(groupmem.EINTERNAL, "the embedder returned no usable vector")
	}
	if !slices.ContainsFunc(vecs[0], func(f float32) bool { return f != 0 }) {
		return nil, nil // a question without features: keywords only
	}
	return vecs[0], nil
}
