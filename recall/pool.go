package recall

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/keyword"
)

// candidate is a memory or a message that may enter a context, with the
// score it earned there.
type candidate struct {
	memory  *groupmem.Memory
	message *groupmem.Message
	score   float64
}

func (c *candidate) id() string {
	if c.memory != nil {
		return "memory:" + c.memory.ID
	}
	return "message:" + c.message.ID
}

// pool gathers a question's candidates, each once, at the best score any
// way of finding it gave.
type pool struct {
	mems map[string]*candidate // by memory id
	msgs map[string]*candidate // by message id
}

func newPool() *pool {
	return &pool{mems: map[string]*candidate{}, msgs: map[string]*candidate{}}
}

// message offers m at score; a redacted message (no text) is left out,
// and a line of fewer than shortTerms terms ("love that", "👍", "收到")
// scores shortShare of it: it says too little to answer anything alone.
func (p *pool) message(m groupmem.Message, score float64) {
	if m.Content == "" || score <= 0 {
		return
	}
	if len(keyword.Tokens(m.Content)) < shortTerms {
		score *= shortShare
	}
	if c := p.msgs[m.ID]; c != nil {
		c.score = max(c.score, score)
		return
	}
	p.msgs[m.ID] = &candidate{message: &m, score: score}
}

// memory offers m at score.
func (p *pool) memory(m groupmem.Memory, score float64) {
	if score <= 0 {
		return
	}
	if c := p.mems[m.ID]; c != nil {
		c.score = max(c.score, score)
		return
	}
	p.mems[m.ID] = &candidate{memory: &m, score: score}
}

// boost raises the messages inside q's time window and those of the
// members q names; when q asks how things are now, the later a message
// among the candidates, the more it is raised.
func (p *pool) boost(q Question) {
	windowed := !q.Since.IsZero() || !q.Until.IsZero()
	var first, last time.Time
	for _, c := range p.msgs {
		if at := c.message.SentAt; first.IsZero() || at.Before(first) {
			first = at
		}
		if at := c.message.SentAt; at.After(last) {
			last = at
		}
	}
	for _, c := range p.msgs {
		if q.Latest && last.After(first) {
			c.score += latestBoost * float64(c.message.SentAt.Sub(first)) / float64(last.Sub(first))
		}
		at := c.message.SentAt
		if windowed && (q.Since.IsZero() || !at.Before(q.Since)) && (q.Until.IsZero() || at.Before(q.Until)) {
			c.score += windowBoost
		}
		if slices.Contains(q.Senders, c.message.SenderID) {
			c.score += senderBoost
		}
	}
}

// evidence offers the messages the pool's memories rest on, each at a
// share of its memory's score.
func (p *pool) evidence(ctx context.Context, s Store, groupID string) error {
	share := map[string]float64{}
	var ids []string
	for _, c := range p.mems {
		for _, id := range c.memory.Evidence {
			if _, ok := share[id]; !ok {
				ids = append(ids, id)
			}
			share[id] = max(share[id], evidenceShare*c.score)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	slices.Sort(ids)
	msgs, err := s.MessagesByID(ctx, groupID, ids)
	if err != nil {
		return fmt.Errorf("read evidence: %w", err)
	}
	for _, m := range msgs {
		p.message(m, share[m.ID])
	}
	return nil
}

// neighbours offers the message before and the one after each of the
// best hits, at a share of its score: a reply needs its question, a
// question its answer. Both come from the ledger in the group's order.
func (p *pool) neighbours(ctx context.Context, s Store, groupID string) error {
	best := p.rankedMessages()
	for _, c := range best[:min(neighbourHits, len(best))] {
		m := c.message
		around, err := s.MessagesAfter(ctx, groupID, max(m.Seq-neighbourReach, 0), 2*neighbourReach+1)
		if err != nil {
			return fmt.Errorf("read neighbours: %w", err)
		}
		i := slices.IndexFunc(around, func(x groupmem.Message) bool { return x.ID == m.ID })
		if i < 0 {
			continue
		}
		for _, j := range []int{i - 1, i + 1} {
			if j >= 0 && j < len(around) {
				p.message(around[j], neighbourShare*c.score)
			}
		}
	}
	return nil
}

// neighbourReach is how far around a hit's seq the ledger is read for
// its neighbours: a group's seqs may have gaps (a rolled-back insert), so
// the message before a hit may lie a few seqs back.
const neighbourReach = 8

// rankedMessages is the pool's messages, best first.
func (p *pool) rankedMessages() []*candidate {
	out := make([]*candidate, 0, len(p.msgs))
	for _, c := range p.msgs {
		out = append(out, c)
	}
	slices.SortFunc(out, byScore)
	return out
}

// ranked is every candidate worth a place, best first: those scoring at
// least minShare of the best.
func (p *pool) ranked() []candidate {
	out := make([]candidate, 0, len(p.mems)+len(p.msgs))
	for _, c := range p.mems {
		out = append(out, *c)
	}
	for _, c := range p.msgs {
		out = append(out, *c)
	}
	slices.SortFunc(out, func(a, b candidate) int { return byScore(&a, &b) })
	if len(out) > 0 {
		floor := minShare * out[0].score
		if i := slices.IndexFunc(out, func(c candidate) bool { return c.score < floor }); i >= 0 {
			out = out[:i]
		}
	}
	return out
}

func byScore(a, b *candidate) int {
	return cmp.Or(cmp.Compare(b.score, a.score), cmp.Compare(a.id(), b.id()))
}
