package postgres_test

import (
	"context"
	"slices"
	"testing"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
)

// Messages a chat app INSERTs directly, one statement of several rows or
// one row at a time, count for their members as those stored through the
// ledger do.
func TestMembersOfDirectInserts(t *testing.T) {
	ctx := context.Background()
	l := pgtest.Open(t)
	if _, err := l.Pool().Exec(ctx, `INSERT INTO messages (group_id, message_id, sender_id, sender_name, content, sent_at)
		VALUES ('g', 'a', 'u1', 'Ann', 'hi', '2026-11-01T09:00:00Z'), ('g', 'b', 'u1', 'Annie', 'hi again', '2026-11-01T10:00:00Z'),
		       ('g', 'c', 'u2', 'Bo', 'yo', '2026-11-01T09:30:00Z')`); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Pool().Exec(ctx, `INSERT INTO messages (group_id, message_id, sender_id, sender_name, content, sent_at)
		VALUES ('g', 'd', 'u2', 'Bob', 'later', '2026-11-02T09:00:00Z')`); err != nil {
		t.Fatal(err)
	}
	page, err := l.Members(ctx, groupmem.MemberQuery{GroupID: "g", Limit: 10})
	if err != nil || len(page) != 2 {
		t.Fatalf("members = %+v, %v", page, err)
	}
	if m := page[0]; m.DisplayName != "Annie" || !slices.Equal(m.Names, []string{"Ann"}) || m.Messages != 2 {
		t.Errorf("u1 = %+v; want Annie (also Ann), 2 messages", m)
	}
	if m := page[1]; m.DisplayName != "Bob" || !slices.Equal(m.Names, []string{"Bo"}) || m.Messages != 2 {
		t.Errorf("u2 = %+v; want Bob (also Bo), 2 messages", m)
	}
}
