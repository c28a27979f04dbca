package api_test

import (
	"context"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
)

// TestExportOfInsertedMessagesImports holds that a group holding messages
// a chat app wrote into Postgres's messages table itself, past ingest,
// exports (no 500 for a line too long) to a file that imports: the text
// is written as ingest keeps it, its control characters removed and cut
// to groupmem.MaxMessageBytes.
func TestExportOfInsertedMessagesImports(t *testing.T) {
	for _, tc := range []struct{ name, content, exported string }{
		{"escape", "look: \x1b[1mbold\x1b[0m from the terminal bridge", "look: [1mbold[0m from the terminal bridge"},
		{"long", strings.Repeat("long paste ", 4000), strings.Repeat("long paste ", 4000)[:32<<10]},
		{"huge", strings.Repeat("huge paste ", 200000), strings.Repeat("huge paste ", 200000)[:32<<10]},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := newFixture(t, fixtureOptions{})
			pool := src.ledger.(interface{ Pool() *pgxpool.Pool }).Pool()
			if _, err := pool.Exec(context.Background(), `INSERT INTO messages (group_id, message_id, sender_id, sender_name, content, sent_at)
				VALUES ('g1', 'd1', 'u1', 'Ann'||chr(7), $1, now())`, tc.content); err != nil {
				t.Fatal(err)
			}
			file := src.get(t, "/memory/export/g1?messages=true", secretRoot)
			want(t, file, 200, "")
			for _, dst := range []*fixture{newFixture(t, fixtureOptions{embedded: true}), src} {
				want(t, dst.do(t, req{method: "DELETE", path: "/memory/groups/g1", key: secretRoot}), 200, "")
				r := dst.do(t, req{method: "POST", path: "/memory/import/g1", key: secretRoot, body: string(file.body), ctype: "application/x-ndjson"})
				want(t, r, 200, "")
				back := dst.get(t, "/memory/export/g1?messages=true", secretRoot)
				want(t, back, 200, "")
				if !strings.Contains(string(back.body), `"sender_name":"Ann","content":"`+tc.exported+`"`) {
					t.Fatalf("the message exports again as\n%.300s", back.body[strings.Index(string(back.body), `{"type":"message"`):])
				}
			}
		})
	}
}
