package storetest

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/groupmem/groupmem"
)

// DirectFixture is a ledger together with the plain SQL access a chat app
// has to its messages table.
type DirectFixture struct {
	Ledger groupmem.Ledger
	// Insert inserts one message of group g with a plain SQL INSERT, as a
	// chat app does: without a seq when seq is nil, with *seq otherwise.
	Insert func(ctx context.Context, g, id string, seq *int64) error
	// Exec runs one plain SQL statement without parameters.
	Exec func(ctx context.Context, sql string) error
}

// TestDirectInserts runs the contract of a ledger whose messages table
// chat apps write directly: seq is the database's. An INSERT that supplies
// a seq is rejected, whatever the value, with an error that says so
// ("assigned by the database"); it neither hides a message from a run nor
// blocks the group's ingestion, and the app's message gets in when it is
// sent again without a seq. An UPDATE never moves a message. open must
// return an empty, migrated ledger private to the test.
func TestDirectInserts(t *testing.T, open func(t *testing.T) DirectFixture) {
	t.Run("SuppliedSeqRejected", func(t *testing.T) { testSuppliedSeqRejected(t, open(t)) })
	t.Run("MessagesKeepTheirPlace", func(t *testing.T) { testMessagesKeepTheirPlace(t, open(t)) })
}

func wantSeqRejected(t *testing.T, what string, err error) {
	t.Helper()
	if err == nil || !strings.Contains(err.Error(), "assigned by the database") {
		t.Fatalf("%s: err = %v, want the database to reject the supplied seq", what, err)
	}
}

func testSuppliedSeqRejected(t *testing.T, f DirectFixture) {
	ctx := context.Background()
	l := f.Ledger
	if _, err := l.InsertMessages(ctx, Msgs("g", "a", 3)); err != nil {
		t.Fatal(err)
	}
	if err := f.Insert(ctx, "g", "d", nil); err != nil {
		t.Fatalf("direct insert without a seq: %v", err)
	}
	// A run fuses everything so far and moves the watermark past it.
	seen, err := l.MessagesSince(ctx, "g", 0, time.Time{}, 100)
	if err != nil || len(seen) != 4 {
		t.Fatalf("first run read %d messages, %v; want 4", len(seen), err)
	}
	watermark := seen[len(seen)-1].Seq
	// A resent message takes a seq and stores nothing: a gap in the stream.
	if _, err := l.InsertMessages(ctx, []groupmem.Message{Msgs("g", "a", 1)[0], Msgs("g", "b", 1)[0]}); err != nil {
		t.Fatal(err)
	}
	b0 := lastSeq(t, l, "g")
	want := []string{"b0"}
	cases := []struct {
		name string
		seq  int64
	}{
		{"zero", 0},
		{"negative", -5},
		{"low", 1},
		{"at-watermark", watermark},
		{"gap", b0 - 1},
		{"duplicate", b0},
		{"next", b0 + 1},
		{"high", 1 << 40},
	}
	for _, c := range cases {
		seq := c.seq
		wantSeqRejected(t, fmt.Sprintf("INSERT with seq %d (%s)", seq, c.name), f.Insert(ctx, "g", "s-"+c.name, &seq))
		// Ingestion goes on, through both paths.
		batch := []groupmem.Message{{GroupID: "g", ID: "n-" + c.name, Content: "batch", SentAt: t0}}
		if n, err := l.InsertMessages(ctx, batch); err != nil || n != 1 {
			t.Fatalf("InsertMessages after the rejected %s seq = %d, %v; want 1", c.name, n, err)
		}
		if err := f.Insert(ctx, "g", "dn-"+c.name, nil); err != nil {
			t.Fatalf("direct insert after the rejected %s seq: %v", c.name, err)
		}
		// The app sends the rejected message again, this time without a seq.
		if err := f.Insert(ctx, "g", "s-"+c.name, nil); err != nil {
			t.Fatalf("direct insert of s-%s without a seq: %v", c.name, err)
		}
		want = append(want, "n-"+c.name, "dn-"+c.name, "s-"+c.name)
	}
	// The next run reads, page by page past its watermark, every message
	// that got in after the first run, once each, in the order they got in.
	var got []string
	for w := watermark; ; {
		page, err := l.MessagesSince(ctx, "g", w, time.Time{}, 4)
		if err != nil {
			t.Fatal(err)
		}
		if len(page) == 0 {
			break
		}
		for _, m := range page {
			if m.Seq <= w {
				t.Fatalf("message %s has seq %d, not past the watermark %d", m.ID, m.Seq, w)
			}
			got, w = append(got, m.ID), m.Seq
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("messages past the watermark (-want +got):\n%s", diff)
	}
	// A group without any state yet rejects a supplied seq too, and then
	// starts its stream at 1.
	one := int64(1)
	wantSeqRejected(t, "INSERT with seq 1 into a new group", f.Insert(ctx, "h", "h0", &one))
	if err := f.Insert(ctx, "h", "h0", nil); err != nil {
		t.Fatal(err)
	}
	if s := lastSeq(t, l, "h"); s != 1 {
		t.Errorf("first message of a new group has seq %d, want 1", s)
	}
}

func testMessagesKeepTheirPlace(t *testing.T, f DirectFixture) {
	ctx := context.Background()
	if _, err := f.Ledger.InsertMessages(ctx, Msgs("g", "a", 2)); err != nil {
		t.Fatal(err)
	}
	for _, sql := range []string{
		`UPDATE messages SET seq = seq + 1000 WHERE group_id = 'g' AND message_id = 'a0'`,
		`UPDATE messages SET seq = -1 WHERE group_id = 'g' AND message_id = 'a1'`,
		`UPDATE messages SET group_id = 'other' WHERE group_id = 'g' AND message_id = 'a0'`,
	} {
		if err := f.Exec(ctx, sql); err == nil || !strings.Contains(err.Error(), "never change") {
			t.Errorf("%s: err = %v, want it rejected", sql, err)
		}
	}
	got, err := f.Ledger.MessagesSince(ctx, "g", 0, time.Time{}, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].ID != "a0" || got[0].Seq != 1 || got[1].ID != "a1" || got[1].Seq != 2 {
		t.Errorf("messages after the rejected updates = %+v, want a0 at 1 and a1 at 2", got)
	}
}

// lastSeq returns the seq of the last message of group g.
func lastSeq(t *testing.T, l groupmem.Ledger, g string) int64 {
	t.Helper()
	var last int64
	for {
		page, err := l.MessagesSince(context.Background(), g, last, time.Time{}, 100)
		if err != nil {
			t.Fatal(err)
		}
		if len(page) == 0 {
			return last
		}
		last = page[len(page)-1].Seq
	}
}
