package stack_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/msgsearch"
	"github.com/groupmem/groupmem/stack"
	"github.com/groupmem/groupmem/store/redis"
	"github.com/groupmem/groupmem/worker"
)

// The embedded configuration (the zero Config but a path) evolves a group, finds its messages and
// memories, and after a restart rebuilds the index from the ledger: what
// was committed is found again.
func TestOpenEvolveReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "groupmem.db")
	start := time.Date(2026, 11, 2, 20, 0, 0, 0, time.UTC)
	now := start
	clock := func() time.Time { return now }
	cfg := stack.Config{SQLitePath: path, Now: clock, LocalEmbedder: stack.Hashing, Dim: 64, MessageIndex: true}
	s, err := stack.Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	var msgs []groupmem.Message
	for day := range 4 {
		for i, who := range []string{"ann", "bob"} {
			msgs = append(msgs, groupmem.Message{GroupID: "club", ID: fmt.Sprintf("m%d-%d", day, i), SenderID: who, SenderName: who,
				Content: "badminton every friday at eight in the sports hall", SentAt: start.AddDate(0, 0, day).Add(time.Duration(i) * time.Minute)})
		}
	}
	if _, err := s.Ledger.InsertMessages(ctx, msgs); err != nil {
		t.Fatal(err)
	}
	now = start.AddDate(0, 0, 4)
	res, err := s.Service.Evolve(ctx, "club", worker.Options{Trigger: groupmem.TriggerCLI})
	if err != nil || res.Status != groupmem.RunSucceeded || res.Stats.Created != 1 {
		t.Fatalf("evolve = %+v, %v; want one memory created", res.Stats, err)
	}
	hits, err := s.Messages.Search(ctx, msgsearch.Query{GroupID: "club", Text: "badminton", Limit: 3})
	if err != nil || len(hits) != 3 {
		t.Fatalf("message search = %d hits, %v; want 3", len(hits), err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	s, err = stack.Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	found, err := s.Index.SearchHybrid(ctx, groupmem.HybridQuery{GroupID: "club", Text: "badminton friday", Limit: 5})
	if err != nil || len(found) != 1 {
		t.Fatalf("after reopening, search = %d hits, %v; want the memory committed before", len(found), err)
	}
}

func TestLocalEmbedderNames(t *testing.T) {
	for _, kind := range []string{"", stack.Static, stack.Hashing} {
		if _, err := stack.LocalEmbedder(kind, 0); err != nil {
			t.Errorf("LocalEmbedder(%q): %v", kind, err)
		}
	}
	if _, err := stack.LocalEmbedder("neural", 0); groupmem.ErrorCode(err) != groupmem.EINVALID {
		t.Errorf("LocalEmbedder(neural) = %v, want EINVALID", err)
	}
}

// A setting that cannot work stops Open with an error naming it, and
// leaves nothing open.
func TestOpenNamesTheBadSetting(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		cfg  stack.Config
		name string
	}{
		{stack.Config{SQLitePath: t.TempDir()}, "SQLitePath"}, // a directory
		{stack.Config{SQLitePath: filepath.Join(t.TempDir(), "x.db"), LocalEmbedder: "neural"}, "LocalEmbedder"},
		{stack.Config{SQLitePath: filepath.Join(t.TempDir(), "x.db"), Redis: redis.Config{Addr: "127.0.0.1:1"}}, "Redis.Addr"},
	} {
		_, err := stack.Open(ctx, c.cfg)
		var se *stack.SettingError
		if !errors.As(err, &se) || se.Setting != c.name {
			t.Errorf("Open with a bad %s = %v; want a SettingError naming it", c.name, err)
		}
	}
}
