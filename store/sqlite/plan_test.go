package sqlite

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// Reading messages back by id looks each id up in the (group_id,
// message_id) index: it never walks the group's messages, however many
// there are.
func TestMessagesByIDUsesTheIndex(t *testing.T) {
	path := filepath.Join(t.TempDir(), "groupmem.db")
	l, err := Open(context.Background(), Config{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	rows, err := l.read.Query("EXPLAIN QUERY PLAN "+messagesByIDQuery, "g", `["a","b"]`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var plan []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			t.Fatal(err)
		}
		plan = append(plan, detail)
	}
	joined := strings.Join(plan, "; ")
	if !strings.Contains(joined, "SEARCH m USING INDEX") || strings.Contains(joined, "SCAN m") {
		t.Errorf("plan %q: want each id looked up in the messages index", joined)
	}
}
