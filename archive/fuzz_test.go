package archive_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/archive"
	"github.com/groupmem/groupmem/store/sqlite"
)

// FuzzImport feeds untrusted files (cut short, wrong types, cycles in
// parent links, huge strings, anything) through the reader into a
// ledger's import: it never panics, and an import it refuses writes
// nothing: the group stays empty.
func FuzzImport(f *testing.F) {
	good := write(f, sample())
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Add(strings.Replace(good, `"version":2`, `"version":"2"`, 1))
	f.Add(strings.Replace(good, `"version":1,"statement":"meets`, `"parent_id":"00000000-0000-4000-8000-0000000000a2","version":3,"statement":"meets`, 1))
	f.Add(strings.Replace(good, "Friday!", strings.Repeat("x", 1<<16), 1))
	f.Add(strings.Replace(good, `"m1"`, `"m1","m1"`, 1))
	f.Add(`{"type":"header","format":1,"group_id":"g"}` + "\n" + `{"type":"state","next_seq":1,"counts":{}}` + "\n")
	l, err := sqlite.Open(context.Background(), sqlite.Config{Path: filepath.Join(f.TempDir(), "fuzz.db")})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { l.Close() })
	n := 0
	f.Fuzz(func(t *testing.T, file string) {
		ctx := context.Background()
		n++
		g := fmt.Sprintf("g%d", n)
		r, err := archive.NewReader(strings.NewReader(file), g, t0)
		if err == nil {
			_, err = l.ImportGroup(ctx, g, r.Next)
		}
		if err == nil {
			return
		}
		if code := groupmem.ErrorCode(err); code != groupmem.EINVALID && code != groupmem.ETOOLARGE && code != groupmem.ECONFLICT {
			t.Fatalf("import refused with %s: %v", code, err)
		}
		if !strings.Contains(err.Error(), "line") && !strings.Contains(err.Error(), "state") && !strings.Contains(err.Error(), "empty") {
			t.Fatalf("refusal names no line: %v", err)
		}
		page, err := l.Memories(ctx, groupmem.MemoryQuery{GroupID: g, Limit: 1})
		if err != nil {
			t.Fatal(err)
		}
		runs, _ := l.Runs(ctx, groupmem.RunQuery{GroupID: g, Limit: 1})
		msgs, _ := l.MessagesAfter(ctx, g, 0, 1)
		if page.Total != 0 || len(runs) != 0 || len(msgs) != 0 {
			t.Fatalf("a refused import left %d versions, %d runs, %d messages: %v", page.Total, len(runs), len(msgs), err)
		}
	})
}
