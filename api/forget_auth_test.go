package api_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/groupmem/groupmem"
)

// TestForgetAuth holds purging and redacting to the key rules: only an
// admin key of the group itself (or of every group) may forget anything;
// a scoped key asking about another group is answered exactly as for a
// group that does not exist, and nothing of that group changes.
func TestForgetAuth(t *testing.T) {
	onBoth(t, fixtureOptions{}, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		msg := map[string]string{
			"g1": f.seed(t, "g1", "likes tea")["likes tea"].Evidence[0],
			"g2": f.seed(t, "g2", "likes tea")["likes tea"].Evidence[0],
		}
		// state is what a refused call must leave as it was: the group's
		// messages (with their text) and memory versions.
		state := func(g string) string {
			t.Helper()
			msgs, err := f.ledger.MessagesAfter(ctx, g, 0, 100)
			if err != nil {
				t.Fatal(err)
			}
			page, err := f.ledger.Memories(ctx, groupmem.MemoryQuery{GroupID: g, Limit: 100})
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			for _, m := range msgs {
				fmt.Fprintf(&b, "%s=%q ", m.ID, m.Content)
			}
			for _, m := range page.Memories {
				fmt.Fprintf(&b, "%s:%s:%q ", m.ID, m.Status, m.Statement)
			}
			return b.String()
		}
		type key struct {
			name, secret string
			status       map[string]int // by group
		}
		keys := []key{ // root last: it may forget g2, which the others must not touch
			{"none", "", map[string]int{"g1": 401, "g2": 401}},
			{"wrong", "not-a-key", map[string]int{"g1": 401, "g2": 401}},
			{"view1 (read g1)", secretView1, map[string]int{"g1": 403, "g2": 403}},
			{"bot1 (write g1)", secretBot1, map[string]int{"g1": 403, "g2": 403}},
			{"mod1 (admin g1)", secretMod1, map[string]int{"g1": 200, "g2": 404}},
			{"root (admin all)", secretRoot, map[string]int{"g1": 200, "g2": 200}},
		}
		endpoints := []struct{ name, path string }{ // redaction first: a purge leaves no message to redact
			{"redact", "/memory/messages/%s/%s"},
			{"purge", "/memory/groups/%s"},
		}
		for _, e := range endpoints {
			for _, k := range keys {
				for _, g := range []string{"g1", "g2"} {
					t.Run(e.name+"/"+k.name+"/"+g, func(t *testing.T) {
						path := fmt.Sprintf(e.path, g, msg[g])
						if e.name == "purge" {
							path = fmt.Sprintf(e.path, g)
						}
						before := state(g)
						r := f.do(t, req{method: http.MethodDelete, path: path, key: k.secret})
						want(t, r, k.status[g], "")
						if k.status[g] == 200 {
							return
						}
						if after := state(g); after != before {
							t.Errorf("a refused %s changed %s:\nbefore %s\nafter  %s", e.name, g, before, after)
						}
						if k.status[g] != 404 {
							return
						}
						// Exactly what a group (or message) that does not exist gets.
						unknown := strings.ReplaceAll(path, "/"+g, "/g9")
						r2 := f.do(t, req{method: http.MethodDelete, path: unknown, key: k.secret})
						want(t, r2, 404, "not_found")
						if strings.ReplaceAll(string(r.body), g, "g9") != string(r2.body) {
							t.Errorf("another group answers differently from one that does not exist:\n%s\n%s", r.body, r2.body)
						}
					})
				}
			}
		}
		for _, g := range []string{"g1", "g2"} {
			if s := state(g); s != "" {
				t.Errorf("after the purges %s still holds %s", g, s)
			}
		}
	})
}
