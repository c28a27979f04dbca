package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/ledger"
)

// memberColumns are the columns of group_members that scanMember reads.
const memberColumns = `group_id, sender_id, display_name, names, messages, first_at, last_at`

func scanMember(row pgx.CollectableRow) (groupmem.Member, error) {
	var m groupmem.Member
	err := row.Scan(&m.GroupID, &m.SenderID, &m.DisplayName, &m.Names, &m.Messages, &m.FirstAt, &m.LastAt)
	m.FirstAt, m.LastAt = m.FirstAt.UTC(), m.LastAt.UTC()
	return m, err
}

// Members implements groupmem.Ledger: the page and the memory counts of
// its members go to the server together, in one round trip.
func (l *Ledger) Members(ctx context.Context, q groupmem.MemberQuery) ([]groupmem.Member, error) {
	if err := groupmem.CheckGroupID(q.GroupID); err != nil {
		return nil, err
	}
	if q.Limit <= 0 {
		return nil, nil
	}
	var members []groupmem.Member
	counts := map[string]int{}
	b := &pgx.Batch{}
	b.Queue(`SELECT `+memberColumns+` FROM group_members WHERE group_id = $1 AND sender_id > $2 AND sender_id <> '' ORDER BY sender_id LIMIT $3`,
		q.GroupID, q.After, q.Limit).Query(func(rows pgx.Rows) error {
		var err error
		members, err = pgx.CollectRows(rows, scanMember)
		return err
	})
	// The page's senders are the first Limit after After, in both
	// statements.
	b.Queue(`SELECT s, count(*) FROM memory_versions, unnest(subjects) AS s
		WHERE group_id = $1 AND status = 'active' AND s IN (
			SELECT sender_id FROM group_members WHERE group_id = $1 AND sender_id > $2 AND sender_id <> '' ORDER BY sender_id LIMIT $3)
		GROUP BY s`, q.GroupID, q.After, q.Limit).Query(func(rows pgx.Rows) error {
		var sender string
		var n int
		_, err := pgx.ForEachRow(rows, []any{&sender, &n}, func() error {
			counts[sender] = n
			return nil
		})
		return err
	})
	if err := l.pool.SendBatch(ctx, b).Close(); err != nil {
		return nil, interpretError(fmt.Errorf("read members: %w", err))
	}
	for i := range members {
		members[i].Memories = counts[members[i].SenderID]
	}
	return members, nil
}

// Member implements groupmem.Ledger.
func (l *Ledger) Member(ctx context.Context, groupID, senderID string, limit int) (groupmem.Member, []groupmem.Memory, error) {
	if err := ledger.CheckMember(groupID, senderID); err != nil {
		return groupmem.Member{}, nil, err
	}
	var m groupmem.Member
	var mems []groupmem.Memory
	found := false
	b := &pgx.Batch{}
	b.Queue(`SELECT `+memberColumns+` FROM group_members WHERE group_id = $1 AND sender_id = $2`, groupID, senderID).
		Query(func(rows pgx.Rows) error {
			got, err := pgx.CollectRows(rows, scanMember)
			if len(got) == 1 {
				m, found = got[0], true
			}
			return err
		})
	b.Queue(`SELECT count(*) FROM memory_versions WHERE group_id = $1 AND status = 'active' AND $2 = ANY(subjects)`, groupID, senderID).
		QueryRow(func(row pgx.Row) error { return row.Scan(&m.Memories) })
	b.Queue(`SELECT `+listColumns+` FROM memory_versions WHERE group_id = $1 AND status = 'active' AND $2 = ANY(subjects)
		ORDER BY updated_at DESC, memory_id LIMIT $3`, groupID, senderID, max(limit, 0)).Query(func(rows pgx.Rows) error {
		var err error
		mems, err = pgx.CollectRows(rows, scanMemory)
		return err
	})
	if err := l.pool.SendBatch(ctx, b).Close(); err != nil {
		return groupmem.Member{}, nil, interpretError(fmt.Errorf("read member: %w", err))
	}
	if !found {
		return groupmem.Member{}, nil, ledger.MemberNotFound(groupID, senderID)
	}
	return m, mems, nil
}
