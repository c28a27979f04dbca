package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/groupmem/groupmem/store/sqlite"
)

// groupmem purge forgets one group on the embedded configuration and
// says what it removed; a second purge has nothing to remove.
func TestPurgeCommand(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "ledger.db")
	l, err := sqlite.Open(ctx, sqlite.Config{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.InsertMessages(ctx, append(messages("g1", 3), messages("g2", 2)...)); err != nil {
		t.Fatal(err)
	}
	l.Close()
	env := map[string]string{"GROUPMEM_SQLITE_PATH": path}
	if _, _, err := runCmd(t, env, "purge"); err == nil || !strings.Contains(err.Error(), "-group") {
		t.Errorf("purge without a group = %v", err)
	}
	out, stderr, err := runCmd(t, env, "purge", "-group", "g1")
	if err != nil || !strings.Contains(out, `group "g1" purged`) || !strings.Contains(out, "messages           3") {
		t.Fatalf("purge = %q, %v\n%s", out, err, stderr)
	}
	if out, _, err := runCmd(t, env, "purge", "-group", "g1"); err != nil || !strings.Contains(out, "nothing to remove") {
		t.Errorf("second purge = %q, %v", out, err)
	}
	l, err = sqlite.Open(ctx, sqlite.Config{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if m1, _ := l.MessagesAfter(ctx, "g1", 0, 10); len(m1) != 0 {
		t.Errorf("g1 keeps %d messages", len(m1))
	}
	if m2, _ := l.MessagesAfter(ctx, "g2", 0, 10); len(m2) != 2 {
		t.Errorf("g2 has %d messages, want 2", len(m2))
	}
}
