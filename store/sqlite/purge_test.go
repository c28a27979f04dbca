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
	var tables []string
	rows, err := db.Query(`SELECT m.name FROM sqlite_master m, pragma_table_info(m.name) c WHERE m.type = 'table' AND c.name = 'group_id' ORDER BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatal(err)
		}
		tables = append(tables, name)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	rows.Close()
	storetest.PurgeLeavesNoRow(t, l, tables, func(table, g string) int {
		var n int
		if err := db.QueryRow(`SELECT count(*) FROM `+table+` WHERE group_id = ?`, g).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	})
}
