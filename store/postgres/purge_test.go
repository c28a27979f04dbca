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
	storetest.PurgeLeavesNoRow(t, l, func(table, g string) int {
		var n int
		if err := l.Pool().QueryRow(context.Background(), `SELECT count(*) FROM `+table+` WHERE group_id = $1`, g).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	})
}
