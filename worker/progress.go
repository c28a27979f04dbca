package worker

import (
	"context"
	"sync"
	"time"

	"github.com/groupmem/groupmem"
)

// RateFigures is what the model's rate limiter counted since the process
// started, as a Pool's progress reports it.
type RateFigures struct {
	Tokens      int64 // tokens charged to the rate budget
	Throttled   int64 // answers with status 429
	BudgetWaits int64 // calls that waited for the budget
}

// NightProgress is how the latest slot a Pool claimed jobs of stands: its
// jobs by state across every replica sharing the queue, and over the last
// reporting interval, this process's model figures.
type NightProgress struct {
	Slot         time.Time
	Jobs         groupmem.JobCounts
	At           time.Time
	TokensPerMin int64 // tokens charged per minute over the interval
	Throttled    int64 // 429s in the interval
	BudgetWaits  int64 // budget waits in the interval
}

// progress is a Pool's record of its latest slot and what it last read.
type progress struct {
	mu      sync.Mutex
	slot    time.Time
	claimed bool // jobs claimed since the last report
	last    NightProgress
	rate    RateFigures
	rateAt  time.Time
}

// claimedJob notes that the pool claimed a job of slot.
func (p *progress) claimedJob(slot time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if slot.After(p.slot) {
		p.slot = slot
	}
	p.claimed = true
}

// Progress returns the last progress the Pool read, and false before the
// first (the pool has claimed no job yet, or reports are off).
func (p *Pool) Progress() (NightProgress, bool) {
	p.prog.mu.Lock()
	defer p.prog.mu.Unlock()
	return p.prog.last, !p.prog.last.At.IsZero()
}

// report logs the night's progress every ProgressEvery while the latest
// slot has jobs left or this pool claimed one since the last report, until
// ctx ends: "night progress" with the slot, jobs done, given up, left and
// running, and with Rate set, tokens per minute, 429s and budget waits.
func (p *Pool) report(ctx context.Context) {
	t := time.NewTicker(p.cfg.ProgressEvery)
	defer t.Stop()
	active := false
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		np, ok, err := p.readProgress(ctx, active)
		if err != nil {
			if ctx.Err() == nil {
				p.log.WarnContext(ctx, "read the night's progress", "err", err)
			}
			continue
		}
		if !ok {
			continue
		}
		active = np.Jobs.Left() > 0
		attrs := []any{"slot", np.Slot, "done", np.Jobs.Done, "given_up", np.Jobs.GivenUp, "left", np.Jobs.Left(),
			"running", np.Jobs.Running}
		if p.cfg.Rate != nil {
			attrs = append(attrs, "tokens_per_min", np.TokensPerMin, "throttled", np.Throttled, "budget_waits", np.BudgetWaits)
		}
		p.log.InfoContext(ctx, "night progress", attrs...)
	}
}

// readProgress reads the latest slot's counts when there is something to
// report: the pool claimed a job since the last report, or the slot still
// had jobs left at the last one (active).
func (p *Pool) readProgress(ctx context.Context, active bool) (NightProgress, bool, error) {
	p.prog.mu.Lock()
	slot, claimed := p.prog.slot, p.prog.claimed
	p.prog.claimed = false
	p.prog.mu.Unlock()
	if slot.IsZero() || (!claimed && !active) {
		return NightProgress{}, false, nil
	}
	cctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	counts, err := p.queue.CountJobs(cctx, slot)
	if err != nil {
		return NightProgress{}, false, err
	}
	np := NightProgress{Slot: slot, Jobs: counts, At: time.Now()}
	p.prog.mu.Lock()
	defer p.prog.mu.Unlock()
	if p.cfg.Rate != nil {
		r := p.cfg.Rate()
		if !p.prog.rateAt.IsZero() {
			if m := np.At.Sub(p.prog.rateAt).Minutes(); m > 0 {
				np.TokensPerMin = int64(float64(r.Tokens-p.prog.rate.Tokens) / m)
			}
			np.Throttled, np.BudgetWaits = r.Throttled-p.prog.rate.Throttled, r.BudgetWaits-p.prog.rate.BudgetWaits
		}
		p.prog.rate, p.prog.rateAt = r, np.At
	}
	p.prog.last = np
	return np, true, nil
}
