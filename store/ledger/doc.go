// Package ledger holds what the two ledgers (store/postgres and
// store/sqlite) do besides their SQL, so that they accept, record and
// answer exactly the same: the checks of plans, message batches, queries,
// job outcomes and redactions; the run and purge records they write; the
// stamping of a plan; the cleaning and redaction of run reports and the
// redaction algorithm; and the order of the job queue. The contract suites
// of store/storetest hold both ledgers to it.
package ledger
