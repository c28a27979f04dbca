package sqlite_test

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/groupmem/groupmem/store/storetest"
)

// A supplied seq is rejected whatever the INSERT's conflict clause: OR
// IGNORE does not drop the message silently, and OR REPLACE does not
// replace the message that holds that seq.
func TestSuppliedSeqRejectedWithConflictClause(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "ledger.db")
	l := openAt(t, path, nil)
	if _, err := l.InsertMessages(ctx, storetest.Msgs("g", "a", 2)); err != nil {
		t.Fatal(err)
	}
	db := rawDB(t, path)
	for _, verb := range []string{"INSERT OR IGNORE", "INSERT OR REPLACE", "REPLACE"} {
		_, err := db.Exec(verb + ` INTO messages (group_id, seq, message_id, content, sent_at) VALUES ('g', 1, 'x', 'c', 0)`)
		if err == nil || !strings.Contains(err.Error(), "assigned by the database") {
			t.Errorf("%s with seq 1: err = %v, want it rejected", verb, err)
		}
	}
	got, err := l.MessagesAfter(ctx, "g", 0, 10)
	if err != nil || len(got) != 2 || got[0].ID != "a0" || got[0].Seq != 1 {
		t.Errorf("messages = %+v, %v; want a0 and a1 untouched", got, err)
	}
}

// A file written before seq became the database's may hold supplied seqs
// that already block a group: opening it moves every group's allocator
// past the seqs in use, so ingestion goes on after the upgrade.
func TestUpgradeUnblocksGroups(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "ledger.db")
	db := rawDB(t, path)
	mustExec(t, db, `CREATE TABLE schema_migrations (name TEXT NOT NULL PRIMARY KEY, applied_at INTEGER NOT NULL) STRICT`)
	for _, name := range []string{"0001_init", "0002_jobs"} {
		text, err := os.ReadFile(filepath.Join("schema", name+".sql"))
		if err != nil {
			t.Fatal(err)
		}
		mustExec(t, db, string(text))
		mustExec(t, db, `INSERT INTO schema_migrations (name, applied_at) VALUES (?, 0)`, name)
	}
	// What apps could do before: the ledger's own messages, then the next
	// seq, one far ahead, one in a group of their own.
	for _, q := range []string{
		`INSERT INTO messages (group_id, message_id, content, sent_at) VALUES ('g', 'a0', 'c', 0), ('g', 'a1', 'c', 0)`,
		`INSERT INTO messages (group_id, seq, message_id, content, sent_at) VALUES ('g', 3, 'x', 'c', 0)`,
		`INSERT INTO messages (group_id, seq, message_id, content, sent_at) VALUES ('g', 100, 'y', 'c', 0)`,
		`INSERT INTO messages (group_id, seq, message_id, content, sent_at) VALUES ('h', 7, 'z', 'c', 0)`,
	} {
		mustExec(t, db, q)
	}
	l := openAt(t, path, nil)
	if _, err := l.InsertMessages(ctx, storetest.Msgs("g", "b", 1)); err != nil {
		t.Fatalf("InsertMessages after the upgrade: %v", err)
	}
	mustExec(t, db, `INSERT INTO messages (group_id, message_id, content, sent_at) VALUES ('h', 'w', 'c', 0)`)
	for g, want := range map[string]struct {
		id   string
		past int64
	}{"g": {"b0", 100}, "h": {"w", 7}} {
		msgs, err := l.MessagesSince(ctx, g, want.past, time.Time{}, 10)
		if err != nil || len(msgs) != 1 || msgs[0].ID != want.id {
			t.Errorf("group %s past seq %d: %+v, %v; want only %s", g, want.past, msgs, err, want.id)
		}
	}
}

func mustExec(t *testing.T, db *sql.DB, query string, args ...any) {
	t.Helper()
	if _, err := db.Exec(query, args...); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}

// REPLACE of a message id the ledger holds leaves the message where it
// was: same seq, so a run that fused it never fuses it again, and the
// group's next message still gets the next seq.
func TestReplaceKeepsStoredMessage(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "ledger.db")
	l := openAt(t, path, nil)
	if _, err := l.InsertMessages(ctx, storetest.Msgs("g", "a", 2)); err != nil {
		t.Fatal(err)
	}
	db := rawDB(t, path)
	for _, verb := range []string{"INSERT OR REPLACE", "REPLACE"} {
		mustExec(t, db, verb+` INTO messages (group_id, message_id, content, sent_at) VALUES ('g', 'a0', 'again', 0)`)
	}
	mustExec(t, db, `REPLACE INTO messages (group_id, message_id, content, sent_at) VALUES ('g', 'new', 'c', 0)`)
	got, err := l.MessagesAfter(ctx, "g", 0, 10)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, m := range got {
		ids = append(ids, fmt.Sprintf("%s@%d", m.ID, m.Seq))
	}
	if want := "a0@1 a1@2 new@3"; strings.Join(ids, " ") != want {
		t.Errorf("messages = %v, want %s", ids, want)
	}
	if got[0].Content == "again" {
		t.Errorf("a0's text was replaced by a skipped insert")
	}
}
