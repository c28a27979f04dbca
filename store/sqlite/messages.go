package sqlite

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/ledger"
)

// InsertMessages implements groupmem.Ledger. Each group's messages get a
// contiguous range of seqs allocated inside the write transaction, which
// holds the file's write lock from its start, so no other insert commits
// in between and seq order is commit order. A batch over the size limit
// is ETOOLARGE; a batch with an unusable message is EINVALID and writes
// nothing.
//
// The file accepts a seq written by an INSERT only inside the range
// reserved in the group's state row (schema/0003_seq_by_database.sql); the
// range is emptied again before the transaction commits, so no other
// writer ever sees it.
func (l *Ledger) InsertMessages(ctx context.Context, msgs []groupmem.Message) (int, error) {
	groups, err := ledger.CleanBatch(msgs, checkSentAt)
	if err != nil {
		return 0, err
	}
	if len(groups) == 0 {
		return 0, nil
	}
	now := nanos(l.now())
	inserted := 0
	err = l.inTx(ctx, func(tx *sql.Tx) error {
		inserted = 0
		stmt, err := tx.PrepareContext(ctx, `
			INSERT INTO messages (group_id, seq, message_id, sender_id, sender_name, content, sent_at, inserted_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (group_id, message_id) DO NOTHING`)
		if err != nil {
			return fmt.Errorf("prepare insert messages: %w", err)
		}
		defer stmt.Close()
		for _, g := range groups {
			n, err := insertGroupMessages(ctx, tx, stmt, g.GroupID, g.Messages, now)
			if err != nil {
				return err
			}
			inserted += n
			if n == 0 {
				continue
			}
			// The message index catches up through the outbox: one
			// waiting entry per group at most.
			if _, err := tx.ExecContext(ctx, `
				INSERT INTO outbox (group_id, memory_id, kind, created_at) VALUES (?1, ?2, 'messages', ?3)
				ON CONFLICT (group_id) WHERE kind = 'messages' AND done_at IS NULL AND claimed_until IS NULL DO NOTHING`,
				g.GroupID, groupmem.NilID, now); err != nil {
				return fmt.Errorf("queue the message index: %w", err)
			}
		}
		return nil
	})
	return inserted, err
}

func insertGroupMessages(ctx context.Context, tx *sql.Tx, stmt *sql.Stmt, group string, msgs []groupmem.Message, now int64) (int, error) {
	n := int64(len(msgs))
	var first int64
	err := tx.QueryRowContext(ctx, `
		INSERT INTO group_state (group_id, next_seq, seq_reserved_from, seq_reserved_to) VALUES (?1, ?2 + 1, 1, ?2 + 1)
		ON CONFLICT (group_id) DO UPDATE
			SET next_seq = next_seq + ?2, seq_reserved_from = next_seq, seq_reserved_to = next_seq + ?2
		RETURNING next_seq - ?2`, group, n).Scan(&first)
	if err != nil {
		return 0, fmt.Errorf("allocate seqs: %w", err)
	}
	inserted := 0
	for i, m := range msgs {
		res, err := stmt.ExecContext(ctx, group, first+int64(i), m.ID, m.SenderID, m.SenderName, m.Content, nanos(m.SentAt), now)
		if err != nil {
			return 0, fmt.Errorf("insert message: %w", err)
		}
		k, err := res.RowsAffected()
		if err != nil {
			return 0, fmt.Errorf("insert message: %w", err)
		}
		inserted += int(k)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE group_state SET seq_reserved_from = 0, seq_reserved_to = 0 WHERE group_id = ?`, group); err != nil {
		return 0, fmt.Errorf("close seq reservation: %w", err)
	}
	return inserted, nil
}

// MessagesAfter implements groupmem.Ledger. An invalid group id is
// EINVALID; an unknown group has no messages.
func (l *Ledger) MessagesAfter(ctx context.Context, groupID string, after int64, limit int) ([]groupmem.Message, error) {
	return l.MessagesSince(ctx, groupID, after, time.Time{}, limit)
}

// MessagesSince implements groupmem.Ledger. An invalid group id is
// EINVALID.
func (l *Ledger) MessagesSince(ctx context.Context, groupID string, after int64, since time.Time, limit int) ([]groupmem.Message, error) {
	if err := groupmem.CheckGroupID(groupID); err != nil {
		return nil, err
	}
	if limit <= 0 {
		return nil, nil
	}
	rows, err := l.read.QueryContext(ctx, `
		SELECT group_id, seq, message_id, sender_id, sender_name, content, sent_at
		FROM messages WHERE group_id = ? AND seq > ? AND sent_at >= ?
		ORDER BY seq LIMIT ?`, groupID, after, nanos(since), limit)
	if err != nil {
		return nil, interpretError(fmt.Errorf("read messages: %w", err))
	}
	msgs, err := collect(rows, scanMessage)
	return msgs, interpretError(err)
}

// collect reads every row with scan and closes rows. Like the Postgres ledger,
// it returns an empty, non-nil slice when there is no row.
func collect[T any](rows *sql.Rows, scan func(*sql.Rows) (T, error)) ([]T, error) {
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// CountMessages implements groupmem.Ledger.
func (l *Ledger) CountMessages(ctx context.Context, groupID string, after, upTo int64) (int, error) {
	if err := groupmem.CheckGroupID(groupID); err != nil {
		return 0, err
	}
	var n int
	err := l.read.QueryRowContext(ctx, `SELECT count(*) FROM messages WHERE group_id = ? AND seq > ? AND seq <= ?`,
		groupID, after, upTo).Scan(&n)
	if err != nil {
		return 0, interpretError(fmt.Errorf("count messages: %w", err))
	}
	return n, nil
}

// MessagesByID implements groupmem.Ledger.
func (l *Ledger) MessagesByID(ctx context.Context, groupID string, ids []string) ([]groupmem.Message, error) {
	if err := groupmem.CheckGroupID(groupID); err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		return []groupmem.Message{}, nil
	}
	list, err := json.Marshal(slices.Compact(slices.Sorted(slices.Values(ids))))
	if err != nil {
		return nil, err
	}
	// The ids drive the join (CROSS JOIN keeps them the outer loop), so
	// that each is one lookup in the (group_id, message_id) index however
	// many messages the group holds; the rows are put in stream order
	// after.
	rows, err := l.read.QueryContext(ctx, messagesByIDQuery, groupID, string(list))
	if err != nil {
		return nil, interpretError(fmt.Errorf("read messages: %w", err))
	}
	msgs, err := collect(rows, scanMessage)
	slices.SortFunc(msgs, func(a, b groupmem.Message) int { return cmp.Compare(a.Seq, b.Seq) })
	return msgs, interpretError(err)
}

// messagesByIDQuery reads the messages of group ?1 whose ids the JSON
// array ?2 lists.
const messagesByIDQuery = `
	SELECT m.group_id, m.seq, m.message_id, m.sender_id, m.sender_name, m.content, m.sent_at
	FROM json_each(?2) AS j CROSS JOIN messages AS m ON m.group_id = ?1 AND m.message_id = j.value`

// scanMessage reads a row of group_id, seq, message_id, sender_id,
// sender_name, content, sent_at.
func scanMessage(r *sql.Rows) (groupmem.Message, error) {
	var m groupmem.Message
	var sent int64
	err := r.Scan(&m.GroupID, &m.Seq, &m.ID, &m.SenderID, &m.SenderName, &m.Content, &sent)
	m.SentAt = fromNanos(sent)
	return m, err
}
