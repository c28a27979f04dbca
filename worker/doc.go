// Package worker runs groupmem's background duties: the evolution
// pipeline for one group (lock, fence, load, the passes through the Fuser
// with validation and the deletion guard in package evolve, embed, commit,
// project) behind the Service, which is also the one path of manual
// changes; the nightly Scheduler that enqueues due groups, and the Pool
// that evolves queued groups with bounded concurrency, retries and a
// graceful stop, which continues a group's job while a backlog remains;
// EvolveAll for a one-off run over every due group; the outbox Relay that
// keeps the index in step with the ledger, whose loop also runs the
// Service's Sweep of runs abandoned by a crash; and Reindex, the rebuild
// of the index from the ledger.
//
// # Tests
//
// The tests use Postgres (pgtest, GROUPMEM_TEST_POSTGRES_URL), Redis
// (redistest, GROUPMEM_TEST_REDIS_ADDR), the in-process Qdrant test
// server (qdranttest) and a scripted OpenAI-compatible model (llmtest);
// some run on the SQLite ledger and the in-process index as well.
package worker
