package api_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// message returns the message of an error answer.
func (r resp) message(t testing.TB) string {
	t.Helper()
	e, _ := r.obj(t)["error"].(map[string]any)
	m, _ := e["message"].(string)
	return m
}

// exportAndPurge returns the archive of group g with its runs and
// messages, and purges g, so that the file's ids import again.
func exportAndPurge(t *testing.T, f *fixture, g string) string {
	t.Helper()
	r := f.do(t, req{method: "GET", path: "/memory/export/" + g + "?messages=true&runs=true", key: secretRoot})
	want(t, r, 200, "")
	want(t, f.do(t, req{method: "DELETE", path: "/memory/groups/" + g, key: secretRoot}), 200, "")
	return string(r.body)
}

// setField returns file with the value of field on its first line of
// type typ that has it replaced by value (a number, a string or an object
// without nested objects; a value ending in a comma, the first fields of
// an object, goes before the object's own), and that line's number.
func setField(t *testing.T, file, typ, field, value string) (string, int) {
	t.Helper()
	lines := strings.SplitAfter(file, "\n")
	key := `"` + field + `":`
	for n, l := range lines {
		i := strings.Index(l, key)
		if !strings.HasPrefix(l, `{"type":"`+typ+`"`) || i < 0 {
			continue
		}
		i += len(key)
		var j int
		switch {
		case strings.HasSuffix(value, ","): // the first fields of an object
			j = i + 1
		case l[i] == '"':
			j = i + 1 + strings.IndexByte(l[i+1:], '"') + 1
		case l[i] == '{':
			j = i + strings.IndexByte(l[i:], '}') + 1
		default:
			j = i + strings.IndexAny(l[i:], ",}")
		}
		lines[n] = l[:i] + value + l[j:]
		return strings.Join(lines, ""), n + 1
	}
	t.Fatalf("no %s line with %s in\n%s", typ, field, file)
	return "", 0
}

// TestImportRefusesRunNumbersOutOfBounds holds that an import refuses with
// 400, naming the line, a run whose counts a ledger could not keep as
// they are or whose usage would break the usage sums: tokens past
// archive.MaxRunTokens (which overflowed Postgres's sums), a cost past
// archive.MaxRunCost, negative tokens, cost and calls (which made usage
// negative), messages past 32 bits (which
// Postgres kept cut to 1), negative stats, and a report whose plan id is
// not a UUID (a NUL in it failed Postgres's jsonb). Nothing is written,
// and the file untouched imports.
func TestImportRefusesRunNumbersOutOfBounds(t *testing.T) {
	onBoth(t, fixtureOptions{}, func(t *testing.T, f *fixture) {
		f.seed(t, "g1", "likes tea")
		file := exportAndPurge(t, f, "g1")
		for _, tc := range []struct {
			name, field, value, says string
		}{
			{"tokens past the bound", "tokens", `{"prompt":9223372036854775807,"completion":1,"calls":1}`, "tokens.prompt 9223372036854775807 is not a count from 0 to 10000000000"},
			{"negative tokens", "tokens", `{"prompt":-1000000,"completion":-5,"calls":1}`, "tokens.prompt -1000000 is not a count"},
			{"negative embedding tokens", "tokens", `{"prompt":1,"completion":1,"embedding":-1}`, "tokens.embedding -1 is not a count"},
			{"negative cost", "tokens", `{"prompt":1,"completion":1,"calls":1,"cost":-3.5}`, "tokens.cost -3.5 is not an amount from 0 to 1000000"},
			{"cost past the bound", "tokens", `{"prompt":1,"completion":1,"calls":1,"cost":1e300}`, "tokens.cost 9223372036.854775807 is not an amount from 0 to 1000000"},
			{"negative calls", "tokens", `{"prompt":1,"completion":1,"calls":-1}`, "tokens.calls -1 is not a count"},
			{"calls past the bound", "tokens", `{"prompt":1,"completion":1,"calls":1000001}`, "tokens.calls 1000001 is not a count"},
			{"messages past 32 bits", "messages", `4294967297`, "messages 4294967297 is not a count from 0 to 2147483647"},
			{"negative stats", "stats", `{"kept":0,"updated":0,"created":-1,"deleted":0}`, "stats.created -1 is not a count"},
			{"NUL in the plan id", "report", `{"plan_id":"a\u0000b",`, `report plan_id "a\x00b" is not a canonical lowercase UUID`},
			{"plan id not a UUID", "report", `{"plan_id":"plan-7",`, `report plan_id "plan-7" is not a canonical lowercase UUID`},
		} {
			t.Run(tc.name, func(t *testing.T) {
				bad, n := setField(t, file, "run", tc.field, tc.value)
				r := f.do(t, req{method: "POST", path: "/memory/import/g7", key: secretRoot, body: bad, ctype: "application/x-ndjson"})
				want(t, r, 400, "invalid")
				if msg := r.message(t); !strings.Contains(msg, fmt.Sprintf("line %d: %s", n, tc.says)) {
					t.Fatalf("import refused with %q; want it to name line %d: %s", msg, n, tc.says)
				}
				u := f.get(t, "/memory/usage?group_id=g7", secretRoot)
				if strings.Contains(string(u.body), `"prompt_tokens":-`) {
					t.Fatalf("a refused import left usage: %s", u.body)
				}
			})
		}
		want(t, f.do(t, req{method: "POST", path: "/memory/import/g7", key: secretRoot, body: file, ctype: "application/x-ndjson"}), 200, "")
	})
}

// TestImportRefusesTimesOutOfBounds holds that an import refuses with 400,
// naming the line, a run, version, change or redaction dated before
// archive.Earliest or more than a day ahead: a run begun in year 1 made a
// Postgres import fill in 739,946 days of usage, and a version created in
// 2300 came back from SQLite as 2262-04-11. Nothing is written: no day of
// usage.
func TestImportRefusesTimesOutOfBounds(t *testing.T) {
	onBoth(t, fixtureOptions{}, func(t *testing.T, f *fixture) {
		f.seed(t, "g1", "likes tea")
		body := fmt.Sprintf(`{"messages":[{"id":"m-gone","content":"just chatting","sent_at":%q}]}`, time.Now().UTC().Format(time.RFC3339))
		want(t, f.do(t, req{method: "POST", path: "/memory/messages/g1", key: secretRoot, body: body}), 200, "")
		want(t, f.do(t, req{method: "DELETE", path: "/memory/messages/g1/m-gone", key: secretRoot}), 200, "")
		file := exportAndPurge(t, f, "g1")
		for _, tc := range []struct {
			typ, field, value string
		}{
			{"run", "started_at", "0001-01-02T00:00:00.000000Z"},
			{"run", "started_at", "1999-12-31T23:59:59.999999Z"},
			{"run", "finished_at", "2300-01-01T00:00:00.000000Z"},
			{"memory", "created_at", "2300-01-01T00:00:00.000000Z"},
			{"memory", "updated_at", "1970-01-01T00:00:00.000000Z"},
			{"change", "created_at", "9999-12-31T23:59:59.999999Z"},
			{"message", "redacted_at", "0001-01-01T00:00:00.000000Z"},
		} {
			t.Run(tc.typ+" "+tc.field+" "+tc.value[:4], func(t *testing.T) {
				bad, n := setField(t, file, tc.typ, tc.field, `"`+tc.value+`"`)
				r := f.do(t, req{method: "POST", path: "/memory/import/g7", key: secretRoot, body: bad, ctype: "application/x-ndjson"})
				want(t, r, 400, "invalid")
				says := fmt.Sprintf("line %d: %s %sZ is not between 2000-01-01 and ", n, tc.field, tc.value[:19])
				if msg := r.message(t); !strings.Contains(msg, says) {
					t.Fatalf("import refused with %q; want %q", msg, says)
				}
			})
		}
		if pg, ok := f.ledger.(interface{ Pool() *pgxpool.Pool }); ok {
			var days int64
			if err := pg.Pool().QueryRow(context.Background(), `SELECT count(*) FROM usage_days WHERE group_id = 'g7'`).Scan(&days); err != nil || days != 0 {
				t.Fatalf("refused imports left %d days of usage (%v)", days, err)
			}
		}
		want(t, f.do(t, req{method: "POST", path: "/memory/import/g7", key: secretRoot, body: file, ctype: "application/x-ndjson"}), 200, "")
	})
}
