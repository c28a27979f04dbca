package worker

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/groupmem/groupmem"
)

// The claims a Pool holds are short (PoolConfig.Lease) and renewed every
// third of a lease for as long as their runs live: a replica that dies
// stops renewing, and another takes its jobs within a lease. A run is not
// what keeps the group safe (the group's lock and the ledger's fencing
// token are), so a claim that was lost only ends its run early.

// held is the set of jobs whose runs are in flight, with the cancel
// function of each run.
type held struct {
	mu   sync.Mutex
	runs map[int64]heldRun
}

type heldRun struct {
	job    groupmem.Job
	cancel context.CancelFunc
}

// add records that job's run is in flight; cancel ends it.
func (h *held) add(job groupmem.Job, cancel context.CancelFunc) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.runs == nil {
		h.runs = map[int64]heldRun{}
	}
	h.runs[job.ID] = heldRun{job: job, cancel: cancel}
}

// remove forgets job id and reports whether it was still held, that is
// not found lost by a renewal.
func (h *held) remove(id int64) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	_, ok := h.runs[id]
	delete(h.runs, id)
	return ok
}

// jobs returns the held jobs in id order.
func (h *held) jobs() []groupmem.Job {
	h.mu.Lock()
	defer h.mu.Unlock()
	jobs := make([]groupmem.Job, 0, len(h.runs))
	for _, r := range h.runs {
		jobs = append(jobs, r.job)
	}
	slices.SortFunc(jobs, func(a, b groupmem.Job) int { return cmp.Compare(a.ID, b.ID) })
	return jobs
}

// drop forgets those of jobs not in kept that are still held, cancels
// their runs, and returns them.
func (h *held) drop(jobs []groupmem.Job, kept []int64) []groupmem.Job {
	h.mu.Lock()
	defer h.mu.Unlock()
	var lost []groupmem.Job
	for _, j := range jobs {
		r, ok := h.runs[j.ID]
		if ok && !slices.Contains(kept, j.ID) {
			r.cancel()
			delete(h.runs, j.ID)
			lost = append(lost, j)
		}
	}
	return lost
}

// RenewClaims extends the claims of the jobs whose runs are in flight to
// a fresh Lease, in one call to the queue, and returns how many it found
// lost: claims that ran out and were taken by another claimer (this
// replica stalled longer than a lease). A lost job's run is cancelled; it
// could not commit anyway, as its group's fencing token moved on, and it
// leaves the job to its new holder. A job that finishes while its claim
// is renewed is not lost. The error is the queue's; nothing is lost then.
func (p *Pool) RenewClaims(ctx context.Context) (int, error) {
	jobs := p.held.jobs()
	if len(jobs) == 0 {
		return 0, nil
	}
	rctx, cancel := context.WithTimeout(ctx, p.cfg.Lease/3)
	defer cancel()
	kept, err := p.queue.RenewJobs(rctx, groupmem.RenewJobsParams{Jobs: jobs, Lease: p.cfg.Lease})
	if err != nil {
		return 0, fmt.Errorf("renew job claims: %w", err)
	}
	lost := p.held.drop(jobs, kept)
	for _, j := range lost {
		p.log.WarnContext(ctx, "job lost: its claim ran out and another worker took it; run cancelled",
			"group_id", j.GroupID, "job_id", j.ID, "slot", j.Slot, "attempt", j.Attempts+1)
	}
	return len(lost), nil
}

// keepClaims calls RenewClaims every third of a Lease until ctx ends.
func (p *Pool) keepClaims(ctx context.Context) {
	t := time.NewTicker(p.cfg.Lease / 3)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if _, err := p.RenewClaims(ctx); err != nil && ctx.Err() == nil {
			p.log.ErrorContext(ctx, "worker pool", "err", err)
		}
	}
}
