package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"

	"github.com/groupmem/groupmem/store/sqlite"
)

// backupSettings are the settings backup and restore read.
var backupSettings = []string{"GROUPMEM_SQLITE_PATH", "GROUPMEM_POSTGRES_URL", "GROUPMEM_LOG_LEVEL", "GROUPMEM_LOG_JSON"}

// errPostgresBackup says where a Postgres ledger's backup comes from.
var errPostgresBackup = errors.New("GROUPMEM_POSTGRES_URL is set: back the Postgres ledger up with pg_dump " +
	"(and restore it with pg_restore); the Qdrant collections are rebuilt from it by `groupmem reindex`")

// backupCommand copies the embedded ledger online: groupmem backup -o FILE.
func backupCommand(fs *flag.FlagSet) runFunc {
	out := fs.String("o", "", "the file to write the backup to; it must not exist (required)")
	return func(ctx context.Context, env *Env, _ []string) error {
		if env.Config.PostgresURL != "" {
			return errPostgresBackup
		}
		if *out == "" {
			return errors.New("backup: -o is required")
		}
		if err := sqlite.Backup(ctx, env.Config.SQLitePath, *out); err != nil {
			return fmt.Errorf("backup: %w", err)
		}
		fmt.Fprintf(env.Stdout, "backed up %s to %s (schema %s)\n", env.Config.SQLitePath, *out, sqlite.Schema())
		return nil
	}
}

// restoreCommand puts a backup of the embedded ledger in place:
// groupmem restore [-force] FILE.
func restoreCommand(fs *flag.FlagSet) runFunc {
	force := fs.Bool("force", false, "replace a ledger file that exists")
	return func(ctx context.Context, env *Env, args []string) error {
		if env.Config.PostgresURL != "" {
			return errPostgresBackup
		}
		if len(args) != 1 {
			return errors.New("restore: name the backup file: groupmem restore [-force] FILE")
		}
		path := env.Config.SQLitePath
		if _, err := os.Stat(path); err == nil && !*force {
			return fmt.Errorf("restore: %s exists; stop what uses it and pass -force to replace it", path)
		}
		if err := sqlite.Restore(ctx, args[0], path); err != nil {
			return fmt.Errorf("restore: %w", err)
		}
		fmt.Fprintf(env.Stdout, "restored %s from %s; with GROUPMEM_QDRANT_ADDR set, run `groupmem reindex` to rebuild the collections\n", path, args[0])
		return nil
	}
}
