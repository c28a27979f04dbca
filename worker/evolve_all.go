package worker

import (
	"context"
	"sync"

	"github.com/groupmem/groupmem"
)

// Evolver evolves one group; *Service implements it.
type Evolver interface {
	Evolve(ctx context.Context, groupID string, o Options) (Result, error)
}

var _ Evolver = (*Service)(nil)

// Counts tallies the groups of an EvolveAll; Tokens sums their runs'
// tokens, model calls and cost.
type Counts struct {
	Total   int // groups asked for
	Done    int // succeeded (or planned, for a dry run)
	Failed  int // ended with an error, nothing applied
	Skipped int // nothing to do (noop) or held by another worker (busy)
	Review  int // held for a person to look at; nothing applied
	Tokens  groupmem.Tokens
}

// Ended is how many groups have ended so far.
func (c Counts) Ended() int { return c.Done + c.Failed + c.Skipped + c.Review }

// Progress is reported after each group of an EvolveAll ends.
type Progress struct {
	Counts                    // so far
	Group  string             // the group that just ended
	Status groupmem.RunStatus // its run's status ("" when no run started, e.g. busy)
	Err    error              // its error, if any
}

// Summary is what an EvolveAll did. Groups not started because ctx ended
// count in Total only: Total - Ended() of them.
type Summary struct {
	Counts
	Errors map[string]error // the error of each failed or busy group
}

// EvolveAll evolves groups with at most concurrency evolutions at once
// (default 4), each with o (Trigger defaults to cli), and returns the
// tally. progress, when not nil, is called after each group ends, one call
// at a time. When ctx ends, groups not yet started are left alone and runs
// in flight are abandoned (they apply nothing and count as failed).
func EvolveAll(ctx context.Context, svc Evolver, groups []string, concurrency int, o Options, progress func(Progress)) Summary {
	if concurrency <= 0 {
		concurrency = 4
	}
	if o.Trigger == "" {
		o.Trigger = groupmem.TriggerCLI
	}
	sum := Summary{Counts: Counts{Total: len(groups)}, Errors: map[string]error{}}
	var mu sync.Mutex
	record := func(group string, res Result, err error) {
		mu.Lock()
		defer mu.Unlock()
		sum.Tokens.Prompt += res.Tokens.Prompt
		sum.Tokens.Completion += res.Tokens.Completion
		sum.Tokens.Embedding += res.Tokens.Embedding
		sum.Tokens.Calls += res.Tokens.Calls
		sum.Tokens.Cost += res.Tokens.Cost
		switch {
		case groupmem.ErrorCode(err) == groupmem.EBUSY:
			sum.Skipped++
			sum.Errors[group] = err
		case err != nil:
			sum.Failed++
			sum.Errors[group] = err
		case res.Status == groupmem.RunNoop:
			sum.Skipped++
		case res.Status == groupmem.RunReview:
			sum.Review++
		default:
			sum.Done++
		}
		if progress != nil {
			progress(Progress{Counts: sum.Counts, Group: group, Status: res.Status, Err: err})
		}
	}
	next := make(chan string)
	var wg sync.WaitGroup
	for range min(concurrency, max(len(groups), 1)) {
		wg.Go(func() {
			for g := range next {
				res, err := svc.Evolve(ctx, g, o)
				record(g, res, err)
			}
		})
	}
feed:
	for _, g := range groups {
		if ctx.Err() != nil {
			break
		}
		select {
		case next <- g:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	return sum
}
