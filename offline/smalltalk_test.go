package offline_test

import (
	"strings"
	"testing"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/offline"
)

// A bare reply ("有，收费的", "yes, paid") to a question about a fee sets
// nothing for the group, however its words match a setting's.
func TestRepliesSetNothing(t *testing.T) {
	c, _ := chatOf(t, "replies", []line{
		{0, 2, "20:00", "川川", "那个营地要钱吗？", "noise"},
		{0, 2, "20:01", "老罗", "有，收费的", "noise"},
		{0, 3, "20:00", "Ann", "is parking free there?", "noise"},
		{0, 3, "20:01", "Ben", "fees are $5", "noise"},
	})
	env := replay(t, c, offline.Config{})
	for _, m := range memories(t, env)[groupmem.StatusActive] {
		if strings.Contains(m.Statement, "收费的") || strings.Contains(m.Statement, "fees are") {
			t.Errorf("%q: a bare reply kept as the group's setting", m.Statement)
		}
	}
}
