package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/groupmem/groupmem/mcp/mcptest"
	"github.com/groupmem/groupmem/store/sqlite"
)

// `groupmem backup` copies the embedded ledger and `groupmem restore`
// puts it back, refusing to replace a ledger without -force; both send a
// Postgres ledger to pg_dump.
func TestBackupAndRestoreCommands(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "gm.db")
	l, err := sqlite.Open(context.Background(), sqlite.Config{Path: db})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.InsertMessages(context.Background(), mcptest.Messages(mcptest.GroupA)); err != nil {
		t.Fatal(err)
	}
	l.Close()
	env := map[string]string{"GROUPMEM_SQLITE_PATH": db}
	out := filepath.Join(dir, "backup.db")
	if stdout, _, err := runCmd(t, env, "backup", "-o", out); err != nil || !strings.Contains(stdout, "backed up") {
		t.Fatalf("backup: %q, %v", stdout, err)
	}
	if _, _, err := runCmd(t, env, "restore", out); err == nil || !strings.Contains(err.Error(), "-force") {
		t.Errorf("restore over a ledger without -force: %v, want a refusal naming -force", err)
	}
	if stdout, _, err := runCmd(t, env, "restore", "-force", out); err != nil || !strings.Contains(stdout, "restored") {
		t.Errorf("restore -force: %q, %v", stdout, err)
	}
	restored := filepath.Join(dir, "restored.db")
	if _, _, err := runCmd(t, map[string]string{"GROUPMEM_SQLITE_PATH": restored}, "restore", out); err != nil {
		t.Errorf("restore to a new path: %v", err)
	}
	l, err = sqlite.Open(context.Background(), sqlite.Config{Path: restored})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if n, err := l.CountMessages(context.Background(), mcptest.GroupA, 0, 1<<62); err != nil || n != len(mcptest.Messages(mcptest.GroupA)) {
		t.Errorf("the restored ledger holds %d messages (%v), want %d", n, err, len(mcptest.Messages(mcptest.GroupA)))
	}
	pg := map[string]string{"GROUPMEM_POSTGRES_URL": "postgres://x@127.0.0.1:1/x"}
	for _, args := range [][]string{{"backup", "-o", filepath.Join(dir, "pg.db")}, {"restore", out}} {
		if _, _, err := runCmd(t, pg, args...); err == nil || !strings.Contains(err.Error(), "pg_dump") {
			t.Errorf("%s on Postgres: %v, want pg_dump named", args[0], err)
		}
	}
}
