package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/groupmem/groupmem/api"
)

// groupmem config shows the values in effect, where each came from, and
// no secret.
func TestConfigShowsEffectiveValues(t *testing.T) {
	env := map[string]string{
		"GROUPMEM_POSTGRES_URL":   "postgres://gm:hunter2@db:5432/gm?sslmode=disable",
		"GROUPMEM_EMBED_URL":      "https://embed.example/v1?api-key=hunter3",
		"GROUPMEM_LLM_KEY":        "sk-hunter4",
		"GROUPMEM_REDIS_PASSWORD": "hunter5",
		"GROUPMEM_API_KEYS":       "bot:read:*:" + api.HashKey("hunter6"),
		"GROUPMEM_LANG":           "zh",
		"GROUPMEM_CONCURRENCY":    "8",
	}
	out, stderr, err := runCmd(t, env, "config", "-lang", "en", "-redis-addr", "redis://:hunter7@cache:6379")
	if err != nil {
		t.Fatalf("config: %v\n%s", err, stderr)
	}
	for _, secret := range []string{"hunter2", "hunter3", "hunter4", "hunter5", api.HashKey("hunter6"), "hunter7"} {
		if strings.Contains(out, secret) {
			t.Errorf("config shows the secret %q:\n%s", secret, out)
		}
	}
	rows := map[string][]string{}
	for _, line := range strings.Split(out, "\n") {
		if f := strings.Fields(line); len(f) == 4 {
			rows[f[0]] = f[1:]
		}
	}
	for _, want := range [][]string{
		{"GROUPMEM_LANG", "-lang", "en", "flag"},
		{"GROUPMEM_CONCURRENCY", "-concurrency", "8", "env"},
		{"GROUPMEM_SQLITE_PATH", "-sqlite-path", "groupmem.db", "default"},
		{"GROUPMEM_LOCK_TTL", "-lock-ttl", "30s", "default"},
		{"GROUPMEM_POSTGRES_URL", "-postgres-url", "postgres://gm:xxxxx@db:5432/gm?sslmode=disable", "env"},
		{"GROUPMEM_EMBED_URL", "-embed-url", "https://embed.example/v1?api-key=xxxxx", "env"},
		{"GROUPMEM_LLM_KEY", "-llm-key", redacted, "env"},
		{"GROUPMEM_API_KEYS", "-api-keys", redacted, "env"},
		{"GROUPMEM_REDIS_ADDR", "-redis-addr", "redis://:xxxxx@cache:6379", "flag"},
		{"GROUPMEM_QDRANT_API_KEY", "-qdrant-api-key", `""`, "default"},
	} {
		if got := rows[want[0]]; strings.Join(got, " ") != strings.Join(want[1:], " ") {
			t.Errorf("config row %s = %q, want %q", want[0], got, want[1:])
		}
	}
	if n := strings.Count(out, "\n"); n != len(new(Config).settings())+1 {
		t.Errorf("config shows %d rows, want a header and one per setting:\n%s", n, out)
	}
	// -markdown is still the table of defaults the README holds.
	out, _, err = runCmd(t, env, "config", "-markdown")
	var table bytes.Buffer
	printSettings(&table, true)
	if err != nil || out != table.String() || strings.Contains(out, "hunter") {
		t.Errorf("config -markdown = %v\n%s", err, out)
	}
}

// hash-key reads the key from standard input and refuses one in its
// arguments, where shell history and ps would keep it.
func TestHashKeyReadsStandardInput(t *testing.T) {
	for _, tc := range []struct {
		stdin, want string
	}{
		{"s3cret", api.HashKey("s3cret")},
		{"s3cret\n", api.HashKey("s3cret")},
		{"s3cret\r\n", api.HashKey("s3cret")},
		{" spaced key ", api.HashKey(" spaced key ")},
	} {
		var out, errOut bytes.Buffer
		err := runIO(context.Background(), []string{"hash-key"}, func(string) (string, bool) { return "", false },
			strings.NewReader(tc.stdin), &out, &errOut)
		if err != nil || out.String() != tc.want+"\n" {
			t.Errorf("hash-key on %q = %q, %v; want %s", tc.stdin, out.String(), err, tc.want)
		}
	}
	for _, tc := range []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{"hash-key", "s3cret"}, "", "not from its arguments"},
		{[]string{"hash-key"}, "", "no key on standard input"},
		{[]string{"hash-key"}, "\n", "no key on standard input"},
		{[]string{"hash-key"}, "one\ntwo\n", "more than one line"},
	} {
		var out bytes.Buffer
		err := runIO(context.Background(), tc.args, func(string) (string, bool) { return "", false },
			strings.NewReader(tc.stdin), &out, &out)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(out.String(), api.HashKey("s3cret")) {
			t.Errorf("hash-key %v on %q = %v, printed %q; want an error saying %q", tc.args[1:], tc.stdin, err, out.String(), tc.want)
		}
	}
}
