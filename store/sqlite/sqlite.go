// Package sqlite is the embedded ledger of groupmem: messages, memory
// versions, the change log, runs, per-group state and the outbox in one
// SQLite file, through the pure-Go modernc.org/sqlite driver. It keeps the
// guarantees of the Postgres ledger (store/postgres) and passes the same
// contract suite (store/storetest).
//
// Every write runs in a BEGIN IMMEDIATE transaction on the ledger's single
// write connection, so writes are serialised within a process, and across
// processes sharing the file by SQLite's write lock. Seqs, fencing tokens
// and outbox claims are therefore taken under the write lock: seq order is
// commit order, and a commit compares the fence with no writer in between.
// Reads use a separate pool and see the last committed state (WAL mode).
//
// Storage format: every time is an INTEGER of unix nanoseconds in UTC and
// reads back exactly (time.Time values in UTC, without monotonic reading);
// the representable range is the years 1678 to 2261. Tags and evidence are
// JSON arrays, embeddings little-endian float32 BLOBs, and a run's stats,
// tokens and report JSON objects. The schema lives in schema/*.sql.
//
// Durability: the file runs with journal_mode=WAL and synchronous=NORMAL. A
// committed transaction survives the process dying at any moment; a power
// loss or operating-system crash may lose the last transactions committed
// before it, never corrupt the file.
//
// Its tests need no server: each opens a ledger in a temporary file.
package sqlite

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	sqlite "modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/groupmem/groupmem"
)

// Config says where the ledger's file is and how to use it. The zero value
// of every field means its default.
type Config struct {
	// Path is the database file, created with its schema when missing
	// (default "groupmem.db" in the working directory). It must be a plain
	// file path: ":memory:", "file:" URIs and paths holding '?' are
	// rejected, since the ledger opens the file through several
	// connections.
	Path string
	// BusyTimeout is how long a write waits for another connection (of
	// another Ledger or process) holding the file's write lock before it
	// fails with EUNAVAILABLE (default 5s; at least 1ms). A cancelled
	// context ends the wait sooner.
	BusyTimeout time.Duration
	// MaxReadConns bounds the pool of read connections (default 4).
	MaxReadConns int
	// Now is the clock; tests inject one. Default time.Now.
	Now func() time.Time
}

// DefaultPath is the file used when Config.Path is empty.
const DefaultPath = "groupmem.db"

// Ledger implements groupmem.Ledger on one SQLite file. It is safe for
// concurrent use; several Ledgers (in one or several processes) may share
// a file.
type Ledger struct {
	write *sql.DB // exactly one connection; every transaction is BEGIN IMMEDIATE
	read  *sql.DB // query-only connections
	now   func() time.Time
}

var _ groupmem.Ledger = (*Ledger)(nil)

// Open opens (creating when missing) the file named by cfg.Path, applies
// the schema migrations it has not recorded yet, and returns a Ledger. A
// bad Path is EINVALID; a file that cannot be opened or is not a database
// is EUNAVAILABLE.
func Open(ctx context.Context, cfg Config) (*Ledger, error) {
	path := cmp.Or(cfg.Path, DefaultPath)
	if err := checkPath(path); err != nil {
		return nil, err
	}
	busy := cmp.Or(cfg.BusyTimeout, 5*time.Second)
	if busy < 0 {
		return nil, groupmem.Errorf(groupmem.EINVALID, "sqlite BusyTimeout must not be negative")
	}
	readers := cmp.Or(cfg.MaxReadConns, 4)
	if readers < 0 {
		return nil, groupmem.Errorf(groupmem.EINVALID, "sqlite MaxReadConns must not be negative")
	}
	l := &Ledger{now: cfg.Now}
	if l.now == nil {
		l.now = time.Now
	}
	var err error
	if l.write, err = openPool(ctx, dsn(path, busy, false), 1); err != nil {
		return nil, err
	}
	if err := l.migrate(ctx); err != nil {
		l.write.Close()
		return nil, err
	}
	if l.read, err = openPool(ctx, dsn(path, busy, true), readers); err != nil {
		l.write.Close()
		return nil, err
	}
	return l, nil
}

func checkPath(path string) error {
	switch {
	case path == ":memory:":
		return groupmem.Errorf(groupmem.EINVALID, "sqlite Path must name a file: a :memory: database is not shared by the ledger's connections")
	case strings.HasPrefix(path, "file:"):
		return groupmem.Errorf(groupmem.EINVALID, "sqlite Path %q must be a plain file path, not a URI", groupmem.Truncate(path, 200))
	case strings.ContainsAny(path, "?\x00"):
		return groupmem.Errorf(groupmem.EINVALID, "sqlite Path %q must not contain '?' or NUL", groupmem.Truncate(path, 200))
	}
	return nil
}

// dsn builds the driver's connection string: the write connection takes
// the write lock when its transactions begin and sets the journal mode;
// read connections are query-only.
func dsn(path string, busy time.Duration, readOnly bool) string {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout("+strconv.FormatInt(max(busy.Milliseconds(), 1), 10)+")")
	q.Add("_pragma", "foreign_keys(1)")
	q.Add("_pragma", "synchronous(NORMAL)")
	if readOnly {
		q.Add("_pragma", "query_only(1)")
	} else {
		q.Add("_pragma", "journal_mode(WAL)")
		// Statement journals (a statement's own undo within a
		// transaction) stay in memory instead of a temporary file: an
		// import writes one per row.
		q.Add("_pragma", "temp_store(MEMORY)")
		q.Set("_txlock", "immediate")
	}
	return path + "?" + q.Encode()
}

func openPool(ctx context.Context, dsn string, conns int) (*sql.DB, error) {
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, interpretError(fmt.Errorf("open sqlite: %w", err))
	}
	db.SetMaxOpenConns(conns)
	db.SetMaxIdleConns(conns)
	db.SetConnMaxLifetime(0)
	db.SetConnMaxIdleTime(0)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, groupmem.WrapError(groupmem.EUNAVAILABLE, "cannot open the sqlite ledger file", err)
	}
	return db, nil
}

// Close closes every connection. Calls after Close fail.
func (l *Ledger) Close() error {
	return errors.Join(l.read.Close(), l.write.Close())
}

// Ping checks that the file can be read; EUNAVAILABLE when it cannot.
func (l *Ledger) Ping(ctx context.Context) error {
	var n int
	if err := l.read.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations`).Scan(&n); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return groupmem.WrapError(groupmem.EUNAVAILABLE, "the sqlite ledger cannot be read", err)
	}
	return nil
}

// interpretError turns database/sql and SQLite errors into groupmem
// errors. It passes nil, *groupmem.Error values and context errors through
// unchanged.
func interpretError(err error) error {
	if err == nil {
		return nil
	}
	var ge *groupmem.Error
	if errors.As(err, &ge) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	if errors.Is(err, sql.ErrNoRows) {
		return groupmem.WrapError(groupmem.ENOTFOUND, "not found", err)
	}
	if errors.Is(err, sql.ErrConnDone) || errors.Is(err, sql.ErrTxDone) {
		return groupmem.WrapError(groupmem.EUNAVAILABLE, "the sqlite connection is closed", err)
	}
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return groupmem.WrapError(groupmem.EINTERNAL, "ledger error", err)
	}
	switch code := se.Code(); {
	case code == sqlite3.SQLITE_CONSTRAINT_UNIQUE, code == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY,
		code == sqlite3.SQLITE_BUSY_SNAPSHOT, code&0xff == sqlite3.SQLITE_LOCKED:
		return groupmem.WrapError(groupmem.ECONFLICT, "the store changed concurrently; retry", err)
	case code&0xff == sqlite3.SQLITE_CONSTRAINT, code&0xff == sqlite3.SQLITE_TOOBIG,
		code&0xff == sqlite3.SQLITE_MISMATCH, code&0xff == sqlite3.SQLITE_RANGE:
		return groupmem.WrapError(groupmem.EINVALID, "the data was rejected by the ledger", err)
	case code&0xff == sqlite3.SQLITE_BUSY:
		return groupmem.WrapError(groupmem.EUNAVAILABLE, "the sqlite ledger is locked by another writer", err)
	case code&0xff == sqlite3.SQLITE_CANTOPEN, code&0xff == sqlite3.SQLITE_IOERR, code&0xff == sqlite3.SQLITE_FULL,
		code&0xff == sqlite3.SQLITE_READONLY, code&0xff == sqlite3.SQLITE_PERM, code&0xff == sqlite3.SQLITE_NOTADB,
		code&0xff == sqlite3.SQLITE_PROTOCOL, code&0xff == sqlite3.SQLITE_NOLFS:
		return groupmem.WrapError(groupmem.EUNAVAILABLE, "the sqlite ledger file is unavailable", err)
	}
	return groupmem.WrapError(groupmem.EINTERNAL, "ledger error", err)
}

// inTx runs fn in a write transaction, committing when it returns nil and
// rolling back otherwise. The transaction holds the file's write lock from
// its start. Errors come back interpreted.
func (l *Ledger) inTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := l.write.BeginTx(ctx, nil)
	if err != nil {
		return interpretError(fmt.Errorf("begin: %w", err))
	}
	defer tx.Rollback() //nolint:errcheck // no-op after commit
	if err := fn(tx); err != nil {
		return interpretError(err)
	}
	return interpretError(tx.Commit())
}

// inReadTx runs fn in a read transaction: every query in it sees one
// snapshot of the file.
func (l *Ledger) inReadTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := l.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return interpretError(fmt.Errorf("begin read: %w", err))
	}
	defer tx.Rollback() //nolint:errcheck // read-only
	return interpretError(fn(tx))
}
