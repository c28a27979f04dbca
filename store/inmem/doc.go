// Package inmem holds in-process implementations of groupmem's ports for the
// embedded default, where no server runs: the per-group Locker, and the
// search index. Nothing survives the process.
package inmem
