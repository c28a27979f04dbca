package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/ledger"
)

// InsertMessages implements groupmem.Ledger. Each group's messages get a
// contiguous range of seqs allocated under the group's state row lock, so
// a concurrent insert into the same group waits for this one to commit and
// seq order is commit order. Groups are locked in name order, so batches
// that span groups cannot deadlock, and the rows of groups that have one
// are locked in one statement first, so the lock timeout bounds the
// batch's whole wait for them.
//
// The database accepts a seq written by an INSERT only inside the range
// reserved in the group's state row (migrations/0003_seq_by_database.sql);
// the range is emptied again before the transaction commits, so no other
// writer ever sees it.
//
// The whole batch is one round trip: the lock and its four statements per
// group go to the server together and run in one implicit transaction, so either every
// message of the batch is stored (or was already) or none is.
func (l *Ledger) InsertMessages(ctx context.Context, msgs []groupmem.Message) (int, error) {
	groups, err := ledger.CleanBatch(msgs, nil)
	if err != nil {
		return 0, err
	}
	b := &pgx.Batch{}
	ids := make([]string, len(groups))
	for i, g := range groups {
		ids[i] = g.GroupID
	}
	// The state rows that exist already are locked first, in one
	// statement whose whole wait the lock timeout bounds; a group's first
	// batch creates its row.
	l.groupLock.queue(b, `SELECT 1 FROM group_state WHERE group_id = ANY($1::text[]) ORDER BY group_id COLLATE "C" FOR UPDATE`, ids)
	for _, g := range groups {
		queueGroupMessages(b, g.GroupID, g.Messages, l.now().UTC())
	}
	br := l.pool.SendBatch(ctx, b)
	err = l.groupLock.read(br, nil)
	inserted := 0
	if err == nil {
		inserted, err = readGroupInserts(br, len(groups))
	}
	if cerr := br.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("insert messages: %w", cerr)
	}
	if err != nil {
		return 0, interpretError(err)
	}
	return inserted, nil
}

// queueGroupMessages queues the four statements that store one group's
// messages: reserve a range of seqs in the group's state row (taking its
// lock), insert the messages at seqs read back from that range, queue an
// OutboxMessages entry when any was new, and empty the range again.
func queueGroupMessages(b *pgx.Batch, group string, msgs []groupmem.Message, now time.Time) {
	n := int64(len(msgs))
	ids := make([]string, n)
	senders := make([]string, n)
	names := make([]string, n)
	contents := make([]string, n)
	sent := make([]time.Time, n)
	for i, m := range msgs {
		ids[i], senders[i], names[i], contents[i], sent[i] = m.ID, m.SenderID, m.SenderName, m.Content, m.SentAt
	}
	b.Queue(`
		INSERT INTO group_state AS g (group_id, next_seq, seq_reserved_from, seq_reserved_to) VALUES ($1, $2 + 1, 1, $2 + 1)
		ON CONFLICT (group_id) DO UPDATE
			SET next_seq = g.next_seq + $2, seq_reserved_from = g.next_seq, seq_reserved_to = g.next_seq + $2`, group, n)
	b.Queue(`
		INSERT INTO messages (group_id, seq, message_id, sender_id, sender_name, content, sent_at, inserted_at)
		SELECT $1, r.seq_reserved_from + m.ord - 1, m.id, m.sender, m.name, m.content, m.sent, $7
		FROM group_state r,
			unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[]) WITH ORDINALITY AS m(id, sender, name, content, sent, ord)
		WHERE r.group_id = $1
		ON CONFLICT (group_id, message_id) DO NOTHING`,
		group, ids, senders, names, contents, sent, now)
	// The message index catches up through the outbox, when the batch
	// stored anything: one waiting entry per group at most.
	b.Queue(`
		INSERT INTO outbox (group_id, memory_id, kind, created_at)
		SELECT $1, $2, 'messages', $3 FROM group_state r
		WHERE r.group_id = $1 AND EXISTS (SELECT 1 FROM messages m
			WHERE m.group_id = $1 AND m.seq >= r.seq_reserved_from AND m.seq < r.seq_reserved_to)
		ON CONFLICT (group_id) WHERE kind = 'messages' AND done_at IS NULL AND claimed_until IS NULL DO NOTHING`,
		group, groupmem.NilID, now)
	b.Queue(`UPDATE group_state SET seq_reserved_from = 0, seq_reserved_to = 0 WHERE group_id = $1`, group)
}

// readGroupInserts reads the results of queueGroupMessages for groups
// groups, in order, and returns the number of messages inserted.
func readGroupInserts(br pgx.BatchResults, groups int) (int, error) {
	inserted := 0
	for range groups {
		if _, err := br.Exec(); err != nil {
			return 0, fmt.Errorf("allocate seqs: %w", err)
		}
		tag, err := br.Exec()
		if err != nil {
			return 0, fmt.Errorf("insert messages: %w", err)
		}
		inserted += int(tag.RowsAffected())
		if _, err := br.Exec(); err != nil {
			return 0, fmt.Errorf("queue the message index: %w", err)
		}
		if _, err := br.Exec(); err != nil {
			return 0, fmt.Errorf("close seq reservation: %w", err)
		}
	}
	return inserted, nil
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
