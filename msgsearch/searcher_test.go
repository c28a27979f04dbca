package msgsearch_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/groupmem/groupmem/embed/static"
	"github.com/groupmem/groupmem/msgsearch"
	"github.com/groupmem/groupmem/msgsearch/searchtest"
	"github.com/groupmem/groupmem/store/sqlite"
)

// The in-process index keeps the contract of every message index.
func TestSearcherContract(t *testing.T) {
	emb, err := static.Load()
	if err != nil {
		t.Fatal(err)
	}
	searchtest.Run(t, func(t *testing.T) searchtest.Fixture {
		l, err := sqlite.Open(context.Background(), sqlite.Config{Path: filepath.Join(t.TempDir(), "g.db")})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { l.Close() })
		return searchtest.Fixture{Ledger: l, Searcher: msgsearch.New(l, emb, msgsearch.Config{})}
	})
}
