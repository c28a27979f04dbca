// Package postgres is the ledger of record on Postgres through pgx v5:
// messages, memory versions, the change log, runs, per-group state and the
// outbox. Exported methods own their transaction; helpers take it. All SQL
// of groupmem lives in this package.
//
// Its tests each get a migrated schema of their own (pgtest) on the server
// GROUPMEM_TEST_POSTGRES_URL names (default: the local test database).
package postgres

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"net"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/groupmem/groupmem"
)

// Config says how to reach Postgres. The zero value of every field but URL
// means its default.
type Config struct {
	// URL is a libpq connection string or URL (GROUPMEM_POSTGRES_URL),
	// for example postgres://groupmem@db:5432/groupmem?sslmode=disable.
	URL string
	// Schema holds groupmem's tables (default: the server's search_path,
	// usually public). It is created when missing.
	Schema string
	// MaxConns bounds the pool (default 16).
	MaxConns int32
	// IdleInTxTimeout is how long a session of the pool may sit idle
	// inside a transaction before Postgres ends the session, rolling the
	// transaction back and releasing its locks
	// (idle_in_transaction_session_timeout; default 60s). A process that
	// stalls mid-transaction cannot hold a group's rows for good.
	IdleInTxTimeout time.Duration
	// LockTimeout bounds the wait of a write for its group's state row,
	// which every write to a group takes before anything else, as a whole:
	// queued behind other writers of the group or not, the write fails
	// with ECONFLICT once it has waited that long (default 10s). Any other
	// lock a write waits for afterwards, such as a message row a chat
	// app's own transaction holds, is bounded by it per wait
	// (lock_timeout). The statement timeout still bounds every statement
	// when it is the shorter of the two.
	LockTimeout time.Duration
	// StatementTimeout bounds every statement (statement_timeout; default
	// 60s). A statement that runs out fails the call with EUNAVAILABLE.
	StatementTimeout time.Duration
	// MigrateTimeout replaces LockTimeout and StatementTimeout inside
	// Migrate's transaction, which may rewrite large tables and waits for
	// other migrators (default 10m).
	MigrateTimeout time.Duration
	// Now is the clock; tests inject one. Default time.Now.
	Now func() time.Time
	// Tracer, when set, hears about every query of the pool's
	// connections (tracing; nil: none).
	Tracer pgx.QueryTracer
}

// Session timeouts that apply when Config leaves them zero.
const (
	DefaultIdleInTxTimeout  = 60 * time.Second
	DefaultLockTimeout      = 10 * time.Second
	DefaultStatementTimeout = 60 * time.Second
	DefaultMigrateTimeout   = 10 * time.Minute
)

// Ledger implements groupmem.Ledger on a pgx connection pool.
type Ledger struct {
	pool           *pgxpool.Pool
	now            func() time.Time
	migrateTimeout time.Duration
	groupLock      groupLockWait
}

var _ groupmem.Ledger = (*Ledger)(nil)

// Open connects to Postgres, checks the connection, and returns a Ledger.
// Every session of its pool runs with the configured idle-in-transaction,
// lock and statement timeouts; they replace any the URL sets. It does not
// migrate; call Migrate. An unusable URL or a timeout under a millisecond
// is EINVALID; an unreachable server is EUNAVAILABLE.
func Open(ctx context.Context, cfg Config) (*Ledger, error) {
	if cfg.URL == "" {
		return nil, groupmem.Errorf(groupmem.EINVALID, "postgres URL is empty")
	}
	pc, err := pgxpool.ParseConfig(cfg.URL)
	if err != nil {
		return nil, groupmem.WrapError(groupmem.EINVALID, "postgres URL is not a valid connection string", err)
	}
	pc.MaxConns = cmp.Or(cfg.MaxConns, 16)
	pc.ConnConfig.Tracer = cfg.Tracer
	params, migrateTimeout, groupLock, err := sessionTimeouts(cfg)
	if err != nil {
		return nil, err
	}
	maps.Copy(pc.ConnConfig.RuntimeParams, params)
	if cfg.Schema != "" {
		if err := ensureSchema(ctx, pc.ConnConfig, cfg.Schema); err != nil {
			return nil, err
		}
		pc.ConnConfig.RuntimeParams["search_path"] = cfg.Schema
	}
	pool, err := pgxpool.NewWithConfig(ctx, pc)
	if err != nil {
		return nil, interpretError(fmt.Errorf("connect: %w", err))
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, groupmem.WrapError(groupmem.EUNAVAILABLE, "cannot reach Postgres at its URL", err)
	}
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	return &Ledger{pool: pool, now: now, migrateTimeout: migrateTimeout, groupLock: groupLock}, nil
}

// sessionTimeouts returns the timeouts every session of the pool runs
// with, as Postgres settings in milliseconds, the timeout of Migrate's
// transaction and the bound of a write's wait for its groups' rows.
// EINVALID names a timeout under a millisecond.
func sessionTimeouts(cfg Config) (map[string]string, time.Duration, groupLockWait, error) {
	migrate := cmp.Or(cfg.MigrateTimeout, DefaultMigrateTimeout)
	lock := cmp.Or(cfg.LockTimeout, DefaultLockTimeout)
	statement := cmp.Or(cfg.StatementTimeout, DefaultStatementTimeout)
	params := map[string]string{}
	for _, t := range []struct {
		field, param string
		d            time.Duration
	}{
		{"IdleInTxTimeout", "idle_in_transaction_session_timeout", cmp.Or(cfg.IdleInTxTimeout, DefaultIdleInTxTimeout)},
		{"LockTimeout", "lock_timeout", lock},
		{"StatementTimeout", "statement_timeout", statement},
		{"MigrateTimeout", "", migrate},
	} {
		if t.d < time.Millisecond {
			return nil, 0, groupLockWait{}, groupmem.Errorf(groupmem.EINVALID, "postgres %s must be at least 1ms, got %s", t.field, t.d)
		}
		if t.param != "" {
			params[t.param] = millis(t.d)
		}
	}
	return params, migrate, newGroupLockWait(lock, statement), nil
}

// millis formats d in milliseconds, the unit of Postgres timeouts.
func millis(d time.Duration) string {
	return strconv.FormatInt(d.Milliseconds(), 10)
}

func ensureSchema(ctx context.Context, cc *pgx.ConnConfig, schema string) error {
	conn, err := pgx.ConnectConfig(ctx, cc)
	if err != nil {
		return groupmem.WrapError(groupmem.EUNAVAILABLE, "cannot reach Postgres at its URL", err)
	}
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, "CREATE SCHEMA IF NOT EXISTS "+pgx.Identifier{schema}.Sanitize())
	return interpretError(err)
}

// Close closes every connection.
func (l *Ledger) Close() { l.pool.Close() }

// Ping checks that Postgres answers; EUNAVAILABLE when it does not.
func (l *Ledger) Ping(ctx context.Context) error {
	if err := l.pool.Ping(ctx); err != nil {
		return groupmem.WrapError(groupmem.EUNAVAILABLE, "postgres is unreachable", err)
	}
	return nil
}

// Pool exposes the pool for tools and tests that need raw SQL.
func (l *Ledger) Pool() *pgxpool.Pool { return l.pool }

// interpretError turns pgx and Postgres errors into groupmem errors. It
// passes nil, *groupmem.Error values and context errors through unchanged.
func interpretError(err error) error {
	if err == nil {
		return nil
	}
	var ge *groupmem.Error
	if errors.As(err, &ge) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	if errors.Is(err, pgx.ErrNoRows) {
		return groupmem.WrapError(groupmem.ENOTFOUND, "not found", err)
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch {
		case pe.Code == "23505", pe.Code == "40001", pe.Code == "40P01":
			return groupmem.WrapError(groupmem.ECONFLICT, "the store changed concurrently; retry", err)
		case pe.Code == "23503", pe.Code == "23514", pe.Code == "22P02", pe.Code == "22021", pe.Code == "54000":
			return groupmem.WrapError(groupmem.EINVALID, "the data was rejected by the ledger", err)
		case pe.Code == "55P03":
			return groupmem.WrapError(groupmem.ECONFLICT, lockTimeoutMessage, err)
		case pe.Code == "57014":
			return groupmem.WrapError(groupmem.EUNAVAILABLE,
				"a ledger statement was cancelled: it ran longer than the statement timeout, or an operator cancelled it", err)
		case pe.Code == "25P03":
			return groupmem.WrapError(groupmem.EUNAVAILABLE,
				"postgres ended a ledger transaction that stayed idle longer than the idle-in-transaction timeout", err)
		case pe.Code[:2] == "28", pe.Code == "42501":
			return groupmem.WrapError(groupmem.EUNAVAILABLE,
				"postgres refused the service's role: its credentials or privileges on the ledger's tables", err)
		case pe.Code[:2] == "08", pe.Code == "57P01", pe.Code == "57P03", pe.Code == "53300":
			return groupmem.WrapError(groupmem.EUNAVAILABLE, "postgres is unavailable", err)
		}
		return groupmem.WrapError(groupmem.EINTERNAL, "ledger error", err)
	}
	var ne net.Error
	if errors.As(err, &ne) || pgconn.SafeToRetry(err) {
		return groupmem.WrapError(groupmem.EUNAVAILABLE, "postgres is unavailable", err)
	}
	return groupmem.WrapError(groupmem.EINTERNAL, "ledger error", err)
}

// inBatchTx runs the statements of b in one transaction that takes two
// round trips: BEGIN and the statements go to the server together, on one
// connection of the pool, and read reads their results, in order; then
// the transaction commits when read returned nil and every statement
// succeeded, and rolls back otherwise. A transaction whose COMMIT Postgres
// answers with a rollback is an error. Errors come back interpreted.
func (l *Ledger) inBatchTx(ctx context.Context, b *pgx.Batch, read func(br pgx.BatchResults) error) error {
	conn, err := l.pool.Acquire(ctx)
	if err != nil {
		return interpretError(fmt.Errorf("begin: %w", err))
	}
	// A connection released inside a transaction (a ROLLBACK that failed)
	// is closed by the pool, which ends the transaction.
	defer conn.Release()
	tx := &pgx.Batch{QueuedQueries: make([]*pgx.QueuedQuery, 0, len(b.QueuedQueries)+1)}
	tx.Queue(`BEGIN`)
	tx.QueuedQueries = append(tx.QueuedQueries, b.QueuedQueries...)
	br := conn.SendBatch(ctx, tx)
	_, err = br.Exec()
	if err != nil {
		err = fmt.Errorf("begin: %w", err)
	} else {
		err = read(br)
	}
	if cerr := br.Close(); err == nil && cerr != nil {
		err = cerr
	}
	if err != nil {
		_, _ = conn.Exec(context.WithoutCancel(ctx), `ROLLBACK`)
		return interpretError(err)
	}
	tag, err := conn.Exec(ctx, `COMMIT`)
	if err != nil {
		return interpretError(fmt.Errorf("commit: %w", err))
	}
	if tag.String() == "ROLLBACK" {
		return interpretError(fmt.Errorf("commit: %w", pgx.ErrTxCommitRollback))
	}
	return nil
}

// inTx runs fn in a transaction, committing when it returns nil and rolling
// back otherwise. Errors come back interpreted.
func (l *Ledger) inTx(ctx context.Context, fn func(tx pgx.Tx) error) error {
	tx, err := l.pool.Begin(ctx)
	if err != nil {
		return interpretError(fmt.Errorf("begin: %w", err))
	}
	defer tx.Rollback(context.WithoutCancel(ctx)) //nolint:errcheck // no-op after commit
	if err := fn(tx); err != nil {
		return interpretError(err)
	}
	return interpretError(tx.Commit(ctx))
}
