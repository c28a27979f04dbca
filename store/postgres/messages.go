package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/groupmem/groupmem"
)

// InsertMessages implements groupmem.Ledger. Each group's messages get a
// contiguous range of seqs allocated under the group's state row lock, so
// a concurrent insert into the same group waits for this one to commit and
// seq order is commit order. Groups are locked in name order, so batches
// that span groups cannot deadlock.
//
// The database accepts a seq written by an INSERT only inside the range
// reserved in the group's state row (migrations/0003_seq_by_database.sql);
// the range is emptied again before the transaction commits, so no other
// writer ever sees it.
func (l *Ledger) InsertMessages(ctx context.Context, msgs []groupmem.Message) (int, error) {
	groups, err := groupmem.CleanBatch(msgs, nil)
	if err != nil {
		return 0, err
	}
	inserted := 0
	err = l.inTx(ctx, func(tx pgx.Tx) error {
		inserted = 0
		for _, g := range groups {
			n, err := insertGroupMessages(ctx, tx, g.GroupID, g.Messages)
			if err != nil {
				return err
			}
			inserted += n
		}
		return nil
	})
	return inserted, err
}

func insertGroupMessages(ctx context.Context, tx pgx.Tx, group string, msgs []groupmem.Message) (int, error) {
	n := int64(len(msgs))
	var first int64
	err := tx.QueryRow(ctx, `
		INSERT INTO group_state AS g (group_id, next_seq, seq_reserved_from, seq_reserved_to) VALUES ($1, $2 + 1, 1, $2 + 1)
		ON CONFLICT (group_id) DO UPDATE
			SET next_seq = g.next_seq + $2, seq_reserved_from = g.next_seq, seq_reserved_to = g.next_seq + $2
		RETURNING g.next_seq - $2`, group, n).Scan(&first)
	if err != nil {
		return 0, fmt.Errorf("allocate seqs: %w", err)
	}
	seqs := make([]int64, n)
	ids := make([]string, n)
	senders := make([]string, n)
	names := make([]string, n)
	contents := make([]string, n)
	sent := make([]time.Time, n)
	for i, m := range msgs {
		seqs[i], ids[i], senders[i], names[i], contents[i], sent[i] = first+int64(i), m.ID, m.SenderID, m.SenderName, m.Content, m.SentAt
	}
	tag, err := tx.Exec(ctx, `
		INSERT INTO messages (group_id, seq, message_id, sender_id, sender_name, content, sent_at)
		SELECT $1, * FROM unnest($2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[])
		ON CONFLICT (group_id, message_id) DO NOTHING`,
		group, seqs, ids, senders, names, contents, sent)
	if err != nil {
		return 0, fmt.Errorf("insert messages: %w", err)
	}
	if _, err := tx.Exec(ctx, `UPDATE group_state SET seq_reserved_from = 0, seq_reserved_to = 0 WHERE group_id = $1`, group); err != nil {
		return 0, fmt.Errorf("close seq reservation: %w", err)
	}
	return int(tag.RowsAffected()), nil
}

// MessagesAfter implements groupmem.Ledger.
func (l *Ledger) MessagesAfter(ctx context.Context, groupID string, after int64, limit int) ([]groupmem.Message, error) {
	return l.MessagesSince(ctx, groupID, after, time.Time{}, limit)
}

// MessagesSince implements groupmem.Ledger.
func (l *Ledger) MessagesSince(ctx context.Context, groupID string, after int64, since time.Time, limit int) ([]groupmem.Message, error) {
	if err := groupmem.CheckGroupID(groupID); err != nil {
		return nil, err
	}
	if limit <= 0 {
		return nil, nil
	}
	rows, err := l.pool.Query(ctx, `
		SELECT group_id, seq, message_id, sender_id, sender_name, content, sent_at
		FROM messages WHERE group_id = $1 AND seq > $2 AND sent_at >= $3
		ORDER BY seq LIMIT $4`, groupID, after, since, limit)
	if err != nil {
		return nil, interpretError(fmt.Errorf("read messages: %w", err))
	}
	msgs, err := pgx.CollectRows(rows, scanMessage)
	return msgs, interpretError(err)
}

// CountMessages implements groupmem.Ledger.
func (l *Ledger) CountMessages(ctx context.Context, groupID string, after, upTo int64) (int, error) {
	if err := groupmem.CheckGroupID(groupID); err != nil {
		return 0, err
	}
	var n int
	err := l.pool.QueryRow(ctx, `SELECT count(*) FROM messages WHERE group_id = $1 AND seq > $2 AND seq <= $3`,
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
	rows, err := l.pool.Query(ctx, `
		SELECT group_id, seq, message_id, sender_id, sender_name, content, sent_at
		FROM messages WHERE group_id = $1 AND message_id = ANY($2) ORDER BY seq`, groupID, ids)
	if err != nil {
		return nil, interpretError(fmt.Errorf("read messages: %w", err))
	}
	msgs, err := pgx.CollectRows(rows, scanMessage)
	return msgs, interpretError(err)
}

// scanMessage reads a row of group_id, seq, message_id, sender_id,
// sender_name, content, sent_at.
func scanMessage(r pgx.CollectableRow) (groupmem.Message, error) {
	var m groupmem.Message
	err := r.Scan(&m.GroupID, &m.Seq, &m.ID, &m.SenderID, &m.SenderName, &m.Content, &m.SentAt)
	return m, err
}
