package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/ledger"
)

// memberColumns are the columns of group_members that scanMember reads.
const memberColumns = `group_id, sender_id, display_name, names, messages, first_at, last_at`

func scanMember(row *sql.Rows) (groupmem.Member, error) {
	var m groupmem.Member
	var names string
	var first, last int64
	if err := row.Scan(&m.GroupID, &m.SenderID, &m.DisplayName, &names, &m.Messages, &first, &last); err != nil {
		return m, err
	}
	m.FirstAt, m.LastAt = fromNanos(first), fromNanos(last)
	var err error
	m.Names, err = decodeList(names)
	return m, err
}

// Members implements groupmem.Ledger, in one read transaction.
func (l *Ledger) Members(ctx context.Context, q groupmem.MemberQuery) ([]groupmem.Member, error) {
	if err := groupmem.CheckGroupID(q.GroupID); err != nil {
		return nil, err
	}
	if q.Limit <= 0 {
		return nil, nil
	}
	var members []groupmem.Member
	err := l.inReadTx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT `+memberColumns+` FROM group_members
			WHERE group_id = ? AND sender_id > ? AND sender_id <> '' ORDER BY sender_id LIMIT ?`, q.GroupID, q.After, q.Limit)
		if err != nil {
			return err
		}
		if members, err = collect(rows, scanMember); err != nil || len(members) == 0 {
			return err
		}
		senders := make([]string, len(members))
		at := make(map[string]int, len(members))
		for i, m := range members {
			senders[i] = m.SenderID
			at[senders[i]] = i
		}
		list, _ := json.Marshal(senders) // a []string always marshals
		rows, err = tx.QueryContext(ctx, `SELECT t.value, count(*) FROM memory_versions m, json_each(m.subjects) t
			WHERE m.group_id = ? AND m.status = 'active' AND t.value IN (SELECT value FROM json_each(?))
			GROUP BY t.value`, q.GroupID, string(list))
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var sender string
			var n int
			if err := rows.Scan(&sender, &n); err != nil {
				return err
			}
			members[at[sender]].Memories = n
		}
		return rows.Err()
	})
	if err != nil {
		return nil, interpretError(fmt.Errorf("read members: %w", err))
	}
	return members, nil
}

// Member implements groupmem.Ledger, in one read transaction.
func (l *Ledger) Member(ctx context.Context, groupID, senderID string, limit int) (groupmem.Member, []groupmem.Memory, error) {
	if err := ledger.CheckMember(groupID, senderID); err != nil {
		return groupmem.Member{}, nil, err
	}
	var m groupmem.Member
	var mems []groupmem.Memory
	found := false
	err := l.inReadTx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT `+memberColumns+` FROM group_members WHERE group_id = ? AND sender_id = ?`, groupID, senderID)
		if err != nil {
			return err
		}
		got, err := collect(rows, scanMember)
		if err != nil || len(got) == 0 {
			return err
		}
		m, found = got[0], true
		about := `FROM memory_versions m WHERE m.group_id = ? AND m.status = 'active'
			AND EXISTS (SELECT 1 FROM json_each(m.subjects) t WHERE t.value = ?)`
		if err := tx.QueryRowContext(ctx, `SELECT count(*) `+about, groupID, senderID).Scan(&m.Memories); err != nil {
			return err
		}
		mems, err = queryMemories(ctx, tx, `SELECT `+listColumns+` `+about+` ORDER BY updated_at DESC, memory_id LIMIT ?`, groupID, senderID, max(limit, 0))
		return err
	})
	if err != nil {
		return groupmem.Member{}, nil, interpretError(fmt.Errorf("read member: %w", err))
	}
	if !found {
		return groupmem.Member{}, nil, ledger.MemberNotFound(groupID, senderID)
	}
	return m, mems, nil
}
