package sqlite

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/groupmem/groupmem"
)

// Schema is the schema version this build writes: the name of its last
// migration. A ledger file of another version is refused by Restore.
func Schema() string {
	names, _ := fs.Glob(schemaFS, "schema/*.sql") // the pattern is valid
	slices.Sort(names)
	return strings.TrimSuffix(strings.TrimPrefix(names[len(names)-1], "schema/"), ".sql")
}

// Backup writes a consistent copy of the ledger file at path to out
// (SQLite's VACUUM INTO): the database as one read transaction sees it,
// taken while other connections, of this process or of a running server,
// go on reading and writing. The copy is compact and has no write-ahead
// log beside it. out must not exist (EINVALID: a backup never overwrites),
// and its directory must.
func Backup(ctx context.Context, path, out string) error {
	path = cmp.Or(path, DefaultPath)
	if err := checkPath(path); err != nil {
		return err
	}
	if _, err := os.Stat(path); err != nil {
		return groupmem.Errorf(groupmem.EINVALID, "no ledger file at %s", path)
	}
	if _, err := os.Lstat(out); err == nil || !errors.Is(err, fs.ErrNotExist) {
		return groupmem.Errorf(groupmem.EINVALID, "%s exists: a backup is written to a new file", out)
	}
	db, err := openPool(ctx, copyDSN(path), 1)
	if err != nil {
		return err
	}
	defer db.Close()
	if _, err := schemaOf(ctx, db); err != nil {
		return err
	}
	if _, err := db.ExecContext(ctx, `VACUUM INTO ?`, out); err != nil {
		os.Remove(out)
		return groupmem.WrapError(groupmem.EUNAVAILABLE, "back up the sqlite ledger", err)
	}
	return nil
}

// Restore replaces the ledger file at path with the backup from, after
// checking that from is a sound groupmem ledger (SQLite's integrity check)
// of this build's schema version (EINVALID naming both versions
// otherwise). The new file is written beside path, synced, and renamed
// over it once the old file's write-ahead log is removed (a log left
// beside the new file would be replayed into it): path holds the whole
// backup, or, after a crash in between, the old ledger without what its
// log held. Nothing may have path open: stop the processes that use it
// first.
func Restore(ctx context.Context, from, path string) error {
	path = cmp.Or(path, DefaultPath)
	if err := checkPath(path); err != nil {
		return err
	}
	if _, err := os.Stat(from); err != nil {
		return groupmem.Errorf(groupmem.EINVALID, "no backup file at %s", from)
	}
	db, err := openPool(ctx, copyDSN(from), 1)
	if err != nil {
		return err
	}
	version, err := schemaOf(ctx, db)
	if err == nil && version != Schema() {
		err = groupmem.Errorf(groupmem.EINVALID, "%s is a ledger of schema %s; this build reads schema %s: restore it with the build that wrote it", from, version, Schema())
	}
	if err == nil {
		err = checkIntegrity(ctx, db, from)
	}
	if err == nil {
		tmp := path + ".restore"
		os.Remove(tmp)
		if _, err = db.ExecContext(ctx, `VACUUM INTO ?`, tmp); err != nil {
			err = groupmem.WrapError(groupmem.EUNAVAILABLE, "copy the backup", err)
		} else {
			err = replace(tmp, path)
		}
		if err != nil {
			os.Remove(tmp)
		}
	}
	return errors.Join(err, db.Close())
}

// copyDSN opens a file to copy it: it reads, and waits out writers'
// locks, but sets nothing on the file (no journal mode), and is not
// query-only, which would forbid VACUUM INTO.
func copyDSN(path string) string {
	return path + "?_pragma=" + url.QueryEscape("busy_timeout(5000)")
}

// schemaOf returns the last migration a ledger file records; EINVALID when
// the file is not a groupmem ledger.
func schemaOf(ctx context.Context, db *sql.DB) (string, error) {
	var name sql.NullString
	if err := db.QueryRowContext(ctx, `SELECT max(name) FROM schema_migrations`).Scan(&name); err != nil || !name.Valid {
		return "", groupmem.Errorf(groupmem.EINVALID, "not a groupmem ledger: it records no schema version")
	}
	return name.String, nil
}

// checkIntegrity runs SQLite's integrity check on db; EINVALID naming the
// file when it fails.
func checkIntegrity(ctx context.Context, db *sql.DB, name string) error {
	var res string
	if err := db.QueryRowContext(ctx, `PRAGMA integrity_check(1)`).Scan(&res); err != nil || res != "ok" {
		return groupmem.Errorf(groupmem.EINVALID, "%s fails SQLite's integrity check: %s", name, groupmem.Truncate(cmp.Or(res, fmt.Sprint(err)), 200))
	}
	return nil
}

// replace renames tmp over path once tmp is on disk, and removes path's
// write-ahead log and shared memory, which belong to the old file.
func replace(tmp, path string) error {
	f, err := os.Open(tmp)
	if err == nil {
		err = errors.Join(f.Sync(), f.Close())
	}
	if err != nil {
		return groupmem.WrapError(groupmem.EUNAVAILABLE, "write the restored ledger", err)
	}
	for _, ext := range []string{"-wal", "-shm"} {
		if err := os.Remove(path + ext); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return groupmem.WrapError(groupmem.EUNAVAILABLE, "remove the old write-ahead log", err)
		}
	}
	if err := os.Rename(tmp, path); err != nil {
		return groupmem.WrapError(groupmem.EUNAVAILABLE, "put the restored ledger in place", err)
	}
	if d, err := os.Open(filepath.Dir(path)); err == nil {
		_ = d.Sync()
		d.Close()
	}
	return nil
}
