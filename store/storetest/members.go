package storetest

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
)

// A group's members are its senders, counted as their messages are
// stored: one member whatever names they wrote under, the name of their
// latest message shown, the others kept; a message stored late under an
// old name changes no display name. Each member counts the active
// memories tagged about them, and nothing crosses to another group that
// has a sender of the same id.
func testMembers(t *testing.T, l groupmem.Ledger) {
	ctx := context.Background()
	msg := func(g, id, sender, name string, at time.Duration) groupmem.Message {
		return groupmem.Message{GroupID: g, ID: id, SenderID: sender, SenderName: name, Content: "hello " + id, SentAt: t0.Add(at)}
	}
	batches := [][]groupmem.Message{
		{msg("g1", "a1", "u1", "Ann", 0), msg("g1", "b1", "u2", "Bo", time.Minute), msg("g1", "a2", "u1", "Ann", 2*time.Minute)},
		{msg("g1", "a3", "u1", "Annie", time.Hour), msg("g2", "z1", "u1", "Zed", time.Hour)},
		{msg("g1", "a0", "u1", "A.", -time.Hour)},   // stored late, sent first
		{msg("g1", "a3", "u1", "Annie", time.Hour)}, // resent: counts once
	}
	for _, b := range batches {
		if _, err := l.InsertMessages(ctx, b); err != nil {
			t.Fatal(err)
		}
	}
	plan := CreatePlan(Begin(t, l, "g1"), "Ann has a cat", "Ann sings", "Bo cycles", "the group meets on Fridays", "Bo plays chess")
	for i, tag := range []string{"member:u1", "member:u1", "member:u2", "habit", "hobby"} {
		plan.New[i].Tags = []string{tag}
	}
	plan.New[4].Subjects = []string{"u2"} // a subject without a member tag
	Commit(t, l, plan)
	gone := plan.New[1]
	Commit(t, l, &groupmem.Plan{Run: Begin(t, l, "g1"), Writes: groupmem.Writes{
		Transitions: []groupmem.Transition{{MemoryID: gone.ID, From: groupmem.StatusActive, To: groupmem.StatusDeprecated}},
		Changes:     []groupmem.Change{{Action: groupmem.ActionDelete, MemoryID: gone.ID, OldStatement: gone.Statement, Version: 1}},
	}})

	page, err := l.Members(ctx, groupmem.MemberQuery{GroupID: "g1", Limit: 1})
	if err != nil || len(page) != 1 {
		t.Fatalf("first page = %+v, %v", page, err)
	}
	ann := page[0]
	if ann.SenderID != "u1" || ann.DisplayName != "Annie" || !slices.Equal(ann.Names, []string{"A.", "Ann"}) || ann.Messages != 4 ||
		!ann.FirstAt.Equal(t0.Add(-time.Hour)) || !ann.LastAt.Equal(t0.Add(time.Hour)) || ann.Memories != 1 {
		t.Errorf("member u1 = %+v; want Annie (also Ann, A.), 4 messages from -1h to +1h, 1 active memory", ann)
	}
	page, err = l.Members(ctx, groupmem.MemberQuery{GroupID: "g1", After: "u1", Limit: 10})
	if err != nil || len(page) != 1 || page[0].SenderID != "u2" || page[0].DisplayName != "Bo" || page[0].Memories != 2 || len(page[0].Names) != 0 {
		t.Errorf("page after u1 = %+v, %v; want Bo alone, with 2 memories (by tag and by subject)", page, err)
	}
	if _, mems, err := l.Member(ctx, "g1", "u2", 10); err != nil || len(mems) != 2 || !slices.ContainsFunc(mems, func(m groupmem.Memory) bool {
		return m.Statement == "Bo cycles" && slices.Equal(m.Subjects, []string{"u2"})
	}) {
		t.Errorf("Member(g1, u2) memories = %+v, %v; want both, the tagged one with u2 as its subject", mems, err)
	}
	m, mems, err := l.Member(ctx, "g1", "u1", 10)
	if err != nil || m.DisplayName != "Annie" || m.Memories != 1 || len(mems) != 1 || mems[0].Statement != "Ann has a cat" {
		t.Errorf("Member(g1, u1) = %+v, %v, %v; want Annie with the memory that is still active", m, mems, err)
	}
	other, mems, err := l.Member(ctx, "g2", "u1", 10)
	if err != nil || other.DisplayName != "Zed" || other.Messages != 1 || other.Memories != 0 || len(mems) != 0 || len(other.Names) != 0 {
		t.Errorf("Member(g2, u1) = %+v, %v, %v; want Zed, with nothing of g1", other, mems, err)
	}
	_, _, err = l.Member(ctx, "g1", "nobody", 10)
	mustCode(t, err, groupmem.ENOTFOUND)
	_, _, err = l.Member(ctx, "g1", "", 10)
	mustCode(t, err, groupmem.EINVALID)
	if page, err := l.Members(ctx, groupmem.MemberQuery{GroupID: "g3", Limit: 10}); err != nil || len(page) != 0 {
		t.Errorf("members of a group with no messages = %+v, %v", page, err)
	}
}
