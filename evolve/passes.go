package evolve

import (
	"context"
	"fmt"

	"github.com/groupmem/groupmem"
)

// answerer answers one pass of a run. It applies what it decides to the
// state (applyAnswer, apply or discard) before it returns, or returns
// split to have the pass asked again as two passes of half its messages
// each; depth counts the splits that led to b. An error ends the run's
// passes.
type answerer func(ctx context.Context, p *pass, b batch, depth int) (split bool, err error)

// runPasses is the pass loop (Fuse runs every evolution through it): it
// makes the passes of msgs in order, one per batch of batches, each on the
// state the passes before it left, and has answer answer each; a pass's
// Later counts the messages the passes after it will show. A pass answer
// asks to split is replaced by its two halves, asked in turn before the
// passes after it. It stops at the first error, which it returns; what
// the passes before applied stays in the state (runReport still tells it),
// and no Plan should be made of it.
func (s *state) runPasses(ctx context.Context, msgs []groupmem.Message, answer answerer) error {
	type work struct {
		batch batch
		depth int
	}
	var queue []work
	for _, b := range s.batches(msgs) {
		queue = append(queue, work{batch: b})
	}
	for len(queue) > 0 {
		w := queue[0]
		queue = queue[1:]
		p, err := s.pass(w.batch)
		if err != nil {
			return fmt.Errorf("pass: %w", err)
		}
		for _, q := range queue {
			p.Later += len(q.batch.Messages)
		}
		split, err := answer(ctx, p, w.batch, w.depth)
		if err != nil {
			return err
		}
		if !split {
			continue
		}
		a, b, ok := w.batch.split()
		if !ok {
			return groupmem.Errorf(groupmem.EINTERNAL, "pass %d of one message cannot be split", p.N)
		}
		queue = append([]work{{a, w.depth + 1}, {b, w.depth + 1}}, queue...)
	}
	return nil
}
