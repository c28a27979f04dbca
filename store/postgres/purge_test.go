package postgres_test

import (
	"context"
	"testing"

	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/storetest"
)

// After a purge, no table holds a row of the group.
func TestPurgeLeavesNoRow(t *testing.T) {
	l := pgtest.Open(t)
	var tables []string
	rows, err := l.Pool().Query(context.Background(),
		`SELECT table_name FROM information_schema.columns WHERE column_name = 'group_id' AND table_schema = current_schema() ORDER BY 1`)
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
	storetest.PurgeLeavesNoRow(t, l, tables, func(table, g string) int {
		var n int
		if err := l.Pool().QueryRow(context.Background(), `SELECT count(*) FROM `+table+` WHERE group_id = $1`, g).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	})
}
