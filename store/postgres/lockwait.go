package postgres

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/groupmem/groupmem"
)

// lockTimeoutMessage is what a write that waited too long for a lock is
// told, with ECONFLICT.
const lockTimeoutMessage = "another transaction held a lock the ledger needed (such as the group's state) longer than the lock timeout; retry"

// groupLockWait bounds the wait of a write for its groups' state rows as a
// whole. Postgres applies lock_timeout to each lock wait, and a statement
// queued behind another waiter for the same row waits more than once (for
// the row's tuple lock, which the waiter ahead holds, then for the
// transaction that holds the row, and again when the row was updated
// meanwhile): each wait alone stays within lock_timeout while the whole
// grows to a multiple of it. The statement that takes those locks
// therefore runs under a statement_timeout of the lock timeout, set for
// that one statement and restored after it, so its whole wait is bounded
// by the lock timeout.
//
// When the statement timeout is not longer than the lock timeout, it
// already bounds the statement, and nothing is changed: the wait then ends
// as any statement that runs out does (EUNAVAILABLE).
type groupLockWait struct {
	bounded         bool   // the lock timeout is shorter than the statement timeout
	lock, statement string // the two timeouts, in milliseconds
}

func newGroupLockWait(lock, statement time.Duration) groupLockWait {
	return groupLockWait{bounded: lock < statement, lock: millis(lock), statement: millis(statement)}
}

// queue queues the statement that takes the locks (sql with args) in b,
// between the two settings of the statement timeout when they are needed.
// Read its results with read, before anything queued after it.
func (w groupLockWait) queue(b *pgx.Batch, sql string, args ...any) {
	if w.bounded {
		b.Queue(`SELECT set_config('statement_timeout', $1, true)`, w.lock)
	}
	b.Queue(sql, args...)
	if w.bounded {
		b.Queue(`SELECT set_config('statement_timeout', $1, true)`, w.statement)
	}
}

// read reads what queue queued: the locking statement's rows go to scan
// (nil to discard them). A wait that ran out is ECONFLICT, whichever of
// the two timeouts ended it.
func (w groupLockWait) read(br pgx.BatchResults, scan func(pgx.Rows) error) error {
	if w.bounded {
		if _, err := br.Exec(); err != nil {
			return fmt.Errorf("bound the lock wait: %w", err)
		}
	}
	rows, err := br.Query()
	if err == nil {
		for rows.Next() {
			if scan != nil && err == nil {
				err = scan(rows)
			}
		}
		rows.Close()
		err = cmp.Or(err, rows.Err())
	}
	if err != nil {
		if w.bounded && statementTimedOut(err) {
			return groupmem.WrapError(groupmem.ECONFLICT, lockTimeoutMessage, err)
		}
		return fmt.Errorf("lock group state: %w", err)
	}
	if w.bounded {
		if _, err := br.Exec(); err != nil {
			return fmt.Errorf("restore the statement timeout: %w", err)
		}
	}
	return nil
}

// run sends what queue queues as one batch on tx and reads it.
func (w groupLockWait) run(ctx context.Context, tx pgx.Tx, scan func(pgx.Rows) error, sql string, args ...any) error {
	b := &pgx.Batch{}
	w.queue(b, sql, args...)
	br := tx.SendBatch(ctx, b)
	err := w.read(br, scan)
	if cerr := br.Close(); err == nil {
		err = cerr
	}
	return err
}

// statementTimedOut reports whether err is Postgres cancelling a statement
// for its statement timeout (not for a user's or an operator's request).
func statementTimedOut(err error) bool {
	pe, ok := errors.AsType[*pgconn.PgError](err)
	return ok && pe.Code == "57014" && strings.Contains(pe.Message, "statement timeout")
}

// lockGroupState locks the state row of group in tx, within the lock
// timeout as a whole, and returns its fence; found is false when the group
// has no state row (nothing was locked).
func (l *Ledger) lockGroupState(ctx context.Context, tx pgx.Tx, group string) (fence int64, found bool, err error) {
	err = l.groupLock.run(ctx, tx, func(rows pgx.Rows) error {
		found = true
		return rows.Scan(&fence)
	}, `SELECT fence FROM group_state WHERE group_id = $1 FOR UPDATE`, group)
	return fence, found, err
}
