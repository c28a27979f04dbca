// Package worker runs groupmem's background duties: the evolution
// pipeline for one group (lock, fence, load, evolve, validate, commit,
// project), the outbox relay that keeps the index in step with the ledger,
// and the rebuild of the index from the ledger.
package worker
