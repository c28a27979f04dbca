package main

import (
	"context"
	"net"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	qc "github.com/qdrant/go-client/qdrant"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/embed/static"
	"github.com/groupmem/groupmem/llm/llmtest"
	"github.com/groupmem/groupmem/store/qdrant"
	"github.com/groupmem/groupmem/store/sqlite"
	"github.com/groupmem/groupmem/store/storetest"
)

// A ledger whose vectors another embedder made is refused with one line
// that says to run reindex; reindex embeds every version again with the
// embedder in use and records it, and the ledger serves again. Going back
// to the other embedder is refused the same way.
func TestEmbedderChangeNeedsReindex(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "ledger.db")
	l, err := sqlite.Open(ctx, sqlite.Config{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	run, err := l.BeginRun(ctx, groupmem.BeginRunParams{GroupID: "g1", Trigger: groupmem.TriggerCLI})
	if err != nil {
		t.Fatal(err)
	}
	plan := storetest.CreatePlan(run, "members meet every Friday evening", "大家周末一起打羽毛球") // 4-dimensional vectors
	if err := l.CommitPlan(ctx, plan); err != nil {
		t.Fatal(err)
	}
	l.Close()
	env := map[string]string{"GROUPMEM_SQLITE_PATH": path}

	_, _, err = runCmd(t, env, "evolve", "-group", "g1")
	if err == nil || !strings.Contains(err.Error(), "run `groupmem reindex`") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("evolve over another embedder's vectors = %v; want the one-line refusal", err)
	}
	out, stderr, err := runCmd(t, env, "reindex")
	if err != nil || !strings.Contains(out, "re-embedded 2 memory versions with "+static.Name) {
		t.Fatalf("reindex = %q, %v\n%s", out, err, stderr)
	}
	if out, _, err := runCmd(t, env, "evolve", "-group", "g1"); err != nil || !strings.Contains(out, "no new messages") {
		t.Fatalf("evolve after reindex = %q, %v", out, err)
	}
	l, err = sqlite.Open(ctx, sqlite.Config{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	m, err := l.Memory(ctx, plan.New[0].ID)
	l.Close()
	if err != nil || len(m.Embedding) != 100 || m.Statement != "members meet every Friday evening" {
		t.Fatalf("re-embedded version: %d dimensions, %v", len(m.Embedding), err)
	}
	env["GROUPMEM_LOCAL_EMBEDDER"] = "hashing"
	if _, _, err := runCmd(t, env, "evolve", "-group", "g1"); err == nil || !strings.Contains(err.Error(), static.Name) {
		t.Fatalf("evolve with the hashing embedder over static vectors = %v", err)
	}
	env["GROUPMEM_LOCAL_EMBEDDER"] = "neural"
	if _, _, err := runCmd(t, env, "config"); err == nil || !strings.Contains(err.Error(), "GROUPMEM_LOCAL_EMBEDDER") {
		t.Fatalf("an unknown local embedder = %v", err)
	}
}

// On Postgres and Qdrant, reindex after an embedder change re-embeds the
// ledger and rebuilds the collection at the new vector size.
func TestEmbedderChangeOnQdrant(t *testing.T) {
	ctx := context.Background()
	env, l := serverEnv(t, llmtest.New(t))
	x, err := qdrant.Open(ctx, qdrant.Config{Addr: env["GROUPMEM_QDRANT_ADDR"], Collection: env["GROUPMEM_QDRANT_COLLECTION"],
		Dimension: 8, SkipCompatibilityCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	x.Close() // a collection of 8-dimensional vectors, as another embedder left it
	run, err := l.BeginRun(ctx, groupmem.BeginRunParams{GroupID: "g1", Trigger: groupmem.TriggerCLI})
	if err != nil {
		t.Fatal(err)
	}
	if err := l.CommitPlan(ctx, storetest.CreatePlan(run, "members meet every Friday evening")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := runCmd(t, env, "relay"); err == nil || !strings.Contains(err.Error(), "run `groupmem reindex`") {
		t.Fatalf("relay over another embedder's vectors = %v", err)
	}
	out, stderr, err := runCmd(t, env, "reindex")
	if err != nil || !strings.Contains(out, "re-embedded 1 memory versions") || !strings.Contains(out, "reindexed 1 memory versions") {
		t.Fatalf("reindex = %q, %v\n%s", out, err, stderr)
	}
	x, err = qdrant.Open(ctx, qdrant.Config{Addr: env["GROUPMEM_QDRANT_ADDR"], Collection: env["GROUPMEM_QDRANT_COLLECTION"],
		Dimension: 100, SkipCompatibilityCheck: true})
	if err != nil {
		t.Fatalf("the collection after reindex: %v", err)
	}
	defer x.Close()
	if page, err := x.List(ctx, groupmem.MemoryQuery{GroupID: "g1", Limit: 10}); err != nil || page.Total != 1 {
		t.Errorf("points after reindex = %d, %v", page.Total, err)
	}
}

// A memory collection an earlier version made (one unnamed vector, no
// keyword vectors) stops serve, relay and worker with one line that says
// to reindex; reindex rebuilds it with keyword vectors, every version in
// it, and indexes the groups' messages.
func TestReindexUpgradesEarlierCollection(t *testing.T) {
	ctx := context.Background()
	env, l := serverEnv(t, llmtest.New(t))
	host, port, _ := net.SplitHostPort(env["GROUPMEM_QDRANT_ADDR"])
	p, _ := strconv.Atoi(port)
	raw, err := qc.NewClient(&qc.Config{Host: host, Port: p, SkipCompatibilityCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if err := raw.CreateCollection(ctx, &qc.CreateCollection{CollectionName: env["GROUPMEM_QDRANT_COLLECTION"],
		VectorsConfig: qc.NewVectorsConfig(&qc.VectorParams{Size: 100, Distance: qc.Distance_Cosine})}); err != nil {
		t.Fatal(err)
	}
	run, err := l.BeginRun(ctx, groupmem.BeginRunParams{GroupID: "g1", Trigger: groupmem.TriggerCLI})
	if err != nil {
		t.Fatal(err)
	}
	plan := storetest.CreatePlan(run, "members meet every Friday evening")
	if err := l.CommitPlan(ctx, plan); err != nil {
		t.Fatal(err)
	}
	if _, err := l.InsertMessages(ctx, storetest.Msgs("g1", "m", 3)); err != nil {
		t.Fatal(err)
	}
	if _, _, err := runCmd(t, env, "relay"); err == nil || !strings.Contains(err.Error(), "groupmem reindex") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("relay over an earlier collection = %v; want one line saying to reindex", err)
	}
	out, stderr, err := runCmd(t, env, "reindex")
	if err != nil || !strings.Contains(out, "reindexed 1 memory versions") || !strings.Contains(out, "indexed the messages of 1 groups") {
		t.Fatalf("reindex = %q, %v\n%s", out, err, stderr)
	}
	x, err := qdrant.Open(ctx, qdrant.Config{Addr: env["GROUPMEM_QDRANT_ADDR"], Collection: env["GROUPMEM_QDRANT_COLLECTION"],
		Dimension: 100, SkipCompatibilityCheck: true})
	if err != nil {
		t.Fatalf("the collection after reindex: %v", err)
	}
	defer x.Close()
	hits, err := x.SearchHybrid(ctx, groupmem.HybridQuery{GroupID: "g1", Text: "friday", Limit: 5})
	if err != nil || len(hits) != 1 || hits[0].Keyword == nil {
		t.Fatalf("keyword search after reindex = %+v, %v; want the memory found by its words", hits, err)
	}
}
