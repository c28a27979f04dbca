package msgsearch

import (
	"context"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/hybrid"
	"github.com/groupmem/groupmem/vector"
)

// account records how many messages g holds now and drops the least
// recently used other groups while the index holds more than MaxHeld.
func (x *Index) account(id string, g *group) {
	n := len(g.order)
	x.mu.Lock()
	defer x.mu.Unlock()
	g.held = n
	total := 0
	for _, o := range x.groups {
		total += o.held
	}
	for total > x.cfg.MaxHeld {
		var oldest string
		for oid, o := range x.groups {
			if oid != id && (oldest == "" || o.used < x.groups[oldest].used) {
				oldest = oid
			}
		}
		if oldest == "" {
			return // only the group being searched is left
		}
		// A search still holding the group goes on with it; the next one
		// reads the group afresh from the ledger.
		total -= x.groups[oldest].held
		delete(x.groups, oldest)
	}
}

// CatchUp catches group id up with the ledger ahead of its next search,
// keywords and vectors of every message; the outbox relay calls it for
// groups that stored messages, so that what it completes is indexed on
// both sides. It embeds EmbedPerSearch messages at a time and lets the
// group's searches in between, so that a large import does not hold them.
func (x *Index) CatchUp(ctx context.Context, id string) error {
	if err := groupmem.CheckGroupID(id); err != nil {
		return err
	}
	for {
		g := x.group(id)
		g.mu.Lock()
		err := x.catchUp(ctx, id, g, x.cfg.EmbedPerSearch)
		left := len(g.unembed)
		x.account(id, g)
		g.mu.Unlock()
		if err != nil || left == 0 {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
	}
}

// Forget implements Searcher: it drops what the index holds of group id,
// whichever messages changed; the next search reads the group again from
// the ledger. It never fails.
func (x *Index) Forget(_ context.Context, id string, _ ...string) error {
	x.mu.Lock()
	delete(x.groups, id)
	x.mu.Unlock()
	return nil
}

// catchUp indexes the keywords of every message of the group after g.seq
// (all of them again if the group was purged),
// then embeds up to embed of the messages without a vector, newest
// first. A failure keeps what was indexed so far; the next call goes on
// from there.
func (x *Index) catchUp(ctx context.Context, id string, g *group, embed int) error {
	if n := len(g.order); n > 0 {
		// A group purged meanwhile (here or by another replica) no longer
		// holds the newest message seen: start again from the ledger.
		last, err := x.src.MessagesByID(ctx, id, g.order[n-1:])
		if err != nil {
			return err
		}
		if len(last) == 0 {
			g.reset()
		}
	}
	for {
		msgs, err := x.src.MessagesAfter(ctx, id, g.seq, batch)
		if err != nil {
			return err
		}
		for _, m := range msgs {
			g.seq = max(g.seq, m.Seq)
			if _, seen := g.msgs[m.ID]; seen || m.Content == "" {
				continue // the first copy stands; a redacted message is left out
			}
			g.order = append(g.order, m.ID)
			g.unembed = append(g.unembed, m.ID)
			g.msgs[m.ID] = &m
			g.hx.PutText(m.ID, m.SenderName+" "+m.Content)
		}
		if len(msgs) < batch {
			break
		}
	}
	return x.embedSome(ctx, g, embed)
}

// embedSome embeds up to budget of g's messages still without a vector,
// the newest first, batch by batch.
func (x *Index) embedSome(ctx context.Context, g *group, budget int) error {
	for budget > 0 && len(g.unembed) > 0 {
		n := min(batch, budget, len(g.unembed))
		ids := g.unembed[len(g.unembed)-n:]
		texts := make([]string, n)
		for i, id := range ids {
			texts[i] = g.msgs[id].Content
		}
		vecs, err := x.embed.Embed(ctx, texts)
		if err != nil {
			return err
		}
		if len(vecs) != n {
			return groupmem.Errorf(groupmem.EUNAVAILABLE, "embedder returned %d vectors for %d messages", len(vecs), n)
		}
		for i, id := range ids {
			g.addVector(g.msgs[id], vector.Unit(vecs[i]))
		}
		g.unembed = g.unembed[:len(g.unembed)-n]
		budget -= n
	}
	return nil
}

// addVector holds unit as m's vector; a vector without direction, or of
// another dimension than the group's first, is left out.
func (g *group) addVector(m *groupmem.Message, unit []float32) {
	if p := g.hx.PutVector(m.ID, unit); p >= 0 && int(p) == len(g.vecMsgs) {
		g.addSender(m, p)
		g.vecMsgs = append(g.vecMsgs, m)
	}
}

// reset forgets everything the group's state holds.
func (g *group) reset() {
	g.seq, g.hx, g.msgs = 0, hybrid.New(), map[string]*groupmem.Message{}
	g.order, g.unembed, g.vecMsgs = nil, nil, nil
	g.senderVecs, g.nameVecs = nil, nil
}

// addSender records that the vector at position i is m's.
func (g *group) addSender(m *groupmem.Message, i int32) {
	if g.senderVecs == nil {
		g.senderVecs, g.nameVecs = map[string][]int32{}, map[string][]int32{}
	}
	g.senderVecs[m.SenderID] = append(g.senderVecs[m.SenderID], i)
	if m.SenderName != m.SenderID {
		g.nameVecs[m.SenderName] = append(g.nameVecs[m.SenderName], i)
	}
}
