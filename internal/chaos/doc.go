// Package chaos holds the test that runs two replicas of the groupmem binary
// over Postgres and Redis, kills them at random points with SIGKILL while a
// slow scripted model answers, restarts them, and then checks the
// guarantees: every message fused exactly once, no partial plan, the index
// equal to the ledger, and no run left running; and the test of a replica
// killed while holding scheduled jobs, which the other must finish within
// the lock TTL plus 10 s, none run by both at once; and the test of
// webhook deliveries while the delivering replicas are killed: no event
// lost, every duplicate with the same id, each group's order kept, no
// event of a run that did not commit. It has no code of its own outside
// its tests.
//
// Its tests build the groupmem binary and run replicas of it as processes
// on Postgres (GROUPMEM_TEST_POSTGRES_URL), Redis (GROUPMEM_TEST_REDIS_ADDR),
// the in-process Qdrant test server and a scripted model, and kill them.
package chaos
