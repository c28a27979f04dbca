// Package api is groupmem's HTTP interface, for bots, operators and
// moderators. routes.go lists every endpoint; each handler decodes and
// validates its input, makes one call to the ledger, the index or the
// writer Service, and encodes the answer. The OpenAPI 3.1 document
// (openapi.json, served at GET /openapi.json) describes every endpoint,
// parameter and answer.
//
// # Reads
//
// Search, and context with a query, read the search index (Qdrant): that
// is what it is for. The index is brought up to date right after every
// commit; if it was unreachable then, the outbox relay catches up.
//
// List (and context without a query), history, changes and runs read the
// ledger (Postgres or SQLite), the record; a deployment whose ledger is
// not shared with an index may serve list from the in-process index
// instead (Deps.List, as cmd/groupmem does for the embedded default). For
// list on Postgres the ledger is a deliberate choice over
// the index: a listing is exact and never lags (a moderator who has just
// deleted a memory sees it gone even if Qdrant was down at the commit);
// Postgres orders, counts and pages with its (group_id, status,
// updated_at) index, so a page costs O(page), whereas Qdrant cannot order
// by a payload key with an offset, so the index adapter reads the whole
// group for every page; and measured on two cores with 64 clients it
// serves about twice the requests per second. Listing also keeps working
// while Qdrant is down.
//
// # Writes
//
// Evolve, delete, restore and strength go through the Service (the
// worker's lock, fencing token, one-transaction commit and outbox
// projection), and every change is recorded in the change log with the
// key's name as actor. A dry run, and a run the deletion guard holds,
// keep their plan for 24 hours: applying (or approving) it commits exactly
// that plan, once, while the group is as the run left it (Service.ApplyPlan),
// so what a moderator read is what is written. Restoring a deprecated (deleted) version makes it
// active again as it was; restoring a superseded version writes its
// statement as a new version on top of its lineage, and the lineage's
// active version, if any, becomes superseded: history is never rewritten.
//
// # Keys
//
// Keys come from GROUPMEM_API_KEYS (see ParseKeys for the format): each
// has a name, a scope (read, write or admin) and the groups it may see.
// Only SHA-256 hashes of the secrets are configured; a presented key is
// hashed and compared with every configured hash in constant time. A key
// is sent as "Authorization: Bearer <key>" or "X-API-Key: <key>".
//
//   - read: list, search, context, history, changes, runs, groups, one
//     memory or run, message search, the key itself (GET /auth/key).
//   - write: read, plus ingest messages, evolve (dry runs included) and
//     apply a dry run's kept plan.
//   - admin: write, plus create, edit, delete, restore and strength of
//     memories, redaction of a message, the purge of a group and its
//     removals, evolve with reprocess=true, and the approval or rejection
//     of a plan held for review.
//
// A key limited to some groups gets 404 for anything of another group —
// the group's endpoints and any memory or run id that belongs to it — with
// the same message an unknown id gets, so nothing leaks. A scope that is
// too small gets 403 before any look-up.
//
// GET /healthz, GET /readyz, GET /openapi.json and GET /metrics need no
// key: none of them shows any group's data (metrics carry no group ids).
// Expose them only on a network you trust.
//
// With no key configured, New refuses to build the handler unless
// Config.Open is set, which serves every request as an admin of every
// group named "anonymous" (for local demos).
//
// # Errors
//
// Every error is {"success": false, "error": {"code", "message"}} with the
// status of its code (one table, statusOf): invalid 400, unauthorized
// 401, forbidden 403, not_found 404, method_not_allowed 405, conflict,
// busy and stale_fence 409, needs_review 422 (a guard held an evolution
// for a person; nothing applied), too_large 413, unsupported_media_type
// 415, unavailable 503, internal 500. Details of internal errors are logged,
// never sent. Every query parameter is validated; unknown and repeated
// query parameters are rejected, as are bodies with unknown fields,
// trailing data, or a Content-Type other than application/json.
//
// # Tests
//
// The tests run the handler over loopback HTTP on two stacks (onBoth): Postgres
// (pgtest, GROUPMEM_TEST_POSTGRES_URL), Redis (redistest,
// GROUPMEM_TEST_REDIS_ADDR) and the in-process Qdrant test server
// (qdranttest); and the embedded one, SQLite and the in-process index and
// lock. The evolver is a scripted Fuser; every answer is checked against
// openapi.json.
package api
