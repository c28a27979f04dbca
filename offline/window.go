package offline

import (
	"context"
	"fmt"
	"time"

	"github.com/groupmem/groupmem"
)

// window returns the messages a run clusters, in stream order, and the
// days the group was active: the messages of History sent since WindowDays
// days before the run, reading back further (doubling, up to four times
// as far) while the group was active on fewer than WindowDays of those
// days, up to the run's last new message; then the run's new messages;
// at most MaxWindowMessages of them (the newest). The active days count
// every message read, kept or not; a support older than the window is
// older than its active days (see activeDays). Without History, the run's
// new messages alone.
func (f *Fuser) window(ctx context.Context, groupID string, fresh []groupmem.Message, now time.Time) ([]groupmem.Message, activeDays, error) {
	if f.cfg.History == nil || len(fresh) == 0 {
		return fresh, f.activeDaysOf(fresh, time.Time{}), nil
	}
	for span := f.cfg.WindowDays; ; span *= 2 {
		since := now.AddDate(0, 0, -span)
		out, days, err := f.readWindow(ctx, groupID, fresh, since)
		days.full = len(days.dates) >= f.cfg.WindowDays
		if err != nil || span >= 4*f.cfg.WindowDays || days.full {
			return out, days, err
		}
	}
}

// readWindow returns the messages of History sent since since, up to the
// run's last new message, then fresh, at most MaxWindowMessages (the
// newest), and the active days of all of them.
func (f *Fuser) readWindow(ctx context.Context, groupID string, fresh []groupmem.Message, since time.Time) ([]groupmem.Message, activeDays, error) {
	isNew := make(map[string]bool, len(fresh))
	var last int64
	for _, m := range fresh {
		isNew[m.ID] = true
		last = max(last, m.Seq)
	}
	days := f.activeDaysOf(fresh, since)
	const page = 1000
	var out []groupmem.Message
	for after := int64(0); ; {
		ms, err := f.cfg.History.MessagesSince(ctx, groupID, after, since, page)
		if err != nil {
			return nil, activeDays{}, err
		}
		done := len(ms) < page
		for _, m := range ms {
			if m.Seq > last {
				done = true
				break
			}
			days.add(m)
			if !isNew[m.ID] {
				out = append(out, m)
			}
		}
		if len(out) > 2*f.cfg.MaxWindowMessages {
			out = append(out[:0], out[len(out)-f.cfg.MaxWindowMessages:]...)
		}
		if done {
			break
		}
		after = ms[len(ms)-1].Seq
	}
	out = append(out, fresh...)
	if n := len(out) - f.cfg.MaxWindowMessages; n > 0 {
		out = out[n:]
	}
	days.sort()
	return out, days, nil
}

// items drops the noise of msgs and embeds the rest. It returns the items
// in the order of msgs, how many messages were noise, and what members
// said among msgs as items without vectors, for answers: short lines too,
// which clustering leaves out as noise but which answer a question put by
// name ("住龙岗", "Ruby!"); not bot lines, commands, filler or lines too
// long.
func (f *Fuser) items(ctx context.Context, msgs, fresh []groupmem.Message) ([]*item, []*item, int, error) {
	isFresh := make(map[string]bool, len(fresh))
	for _, m := range fresh {
		isFresh[m.ID] = true
	}
	var kept []groupmem.Message
	var texts []string
	var spoken []*item
	for _, m := range msgs {
		n := noise(f.cfg.Languages, m, f.ignore, f.cfg.MinUnits)
		if n == "" || n == noiseShort {
			spoken = append(spoken, &item{msg: m, fresh: isFresh[m.ID]})
		}
		if n != "" {
			continue
		}
		kept = append(kept, m)
		texts = append(texts, features(f.cfg.Languages, m.Content))
	}
	vecs, err := f.vectors(ctx, texts)
	if err != nil {
		return nil, nil, 0, err
	}
	named := concepts(f.cfg.Lexicon, texts, f.cfg.ConceptCosine, f.cfg.MaxConceptFreq)
	items := make([]*item, 0, len(kept))
	for i, m := range kept {
		if vecs[i].zero() {
			continue
		}
		items = append(items, &item{msg: m, vec: withConcepts(vecs[i], named[i], f.embed.Dimension()),
			day: m.SentAt.In(f.cfg.Evolve.Location).Format(time.DateOnly), fresh: isFresh[m.ID],
			words: append(tokens(texts[i]), named[i]...)})
	}
	return items, spoken, len(msgs) - len(items), nil
}

// vectors embeds texts, equal texts once.
func (f *Fuser) vectors(ctx context.Context, texts []string) ([]sparse, error) {
	pos := map[string]int{}
	var uniq []string
	for _, t := range texts {
		if _, ok := pos[t]; !ok {
			pos[t] = len(uniq)
			uniq = append(uniq, t)
		}
	}
	vecs, err := f.embedUnique(ctx, uniq)
	if err != nil {
		return nil, err
	}
	out := make([]sparse, len(texts))
	for i, t := range texts {
		out[i] = vecs[pos[t]]
	}
	return out, nil
}

// sparseEmbedder is an embedder that gives the non-zero entries of its
// vectors without the dense vector (embed.Hashing).
type sparseEmbedder interface {
	Sparse(text string, scratch []float64) ([]int32, []float32)
}

// embedUnique returns the unit vector of each text as a sparse vector.
func (f *Fuser) embedUnique(ctx context.Context, texts []string) ([]sparse, error) {
	out := make([]sparse, len(texts))
	if se, ok := f.embed.(sparseEmbedder); ok {
		scratch := make([]float64, f.embed.Dimension())
		for i, t := range texts {
			if i%256 == 0 && ctx.Err() != nil {
				return nil, fmt.Errorf("embed messages: %w", groupmem.WrapError(groupmem.EUNAVAILABLE, "local embedder: cancelled", ctx.Err()))
			}
			idx, val := se.Sparse(t, scratch)
			out[i] = unitSparse(sparse{idx: idx, val: val})
		}
		return out, nil
	}
	if len(texts) == 0 {
		return out, nil
	}
	vecs, err := f.embed.Embed(ctx, texts)
	if err != nil {
		return nil, fmt.Errorf("embed messages: %w", err)
	}
	if len(vecs) != len(texts) {
		return nil, groupmem.Errorf(groupmem.EUNAVAILABLE, "embedder returned %d vectors for %d texts", len(vecs), len(texts))
	}
	for i, v := range vecs {
		if len(v) != f.embed.Dimension() {
			return nil, groupmem.Errorf(groupmem.EUNAVAILABLE, "embedder returned a %d-dimensional vector; expected %d", len(v), f.embed.Dimension())
		}
		out[i] = toSparse(unitVector(v))
	}
	return out, nil
}

func statements(ls []Language, mems []groupmem.Memory) []string {
	out := make([]string, len(mems))
	for i, m := range mems {
		out[i] = features(ls, m.Statement)
	}
	return out
}
