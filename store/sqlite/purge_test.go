package sqlite_test

import (
	"path/filepath"
	"testing"

	"github.com/groupmem/groupmem/store/storetest"
)

// After a purge, no table holds a row of the group.
func TestPurgeLeavesNoRow(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ledger.db")
	l := openAt(t, path, nil)
	db := rawDB(t, path)
	storetest.PurgeLeavesNoRow(t, l, func(table, g string) int {
		var n int
		if err := db.QueryRow(`SELECT count(*) FROM `+table+` WHERE group_id = ?`, g).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	})
}
