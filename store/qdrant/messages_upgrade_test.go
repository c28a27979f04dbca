package qdrant

import (
	"context"
	"math"
	"path/filepath"
	"testing"
	"time"

	"github.com/qdrant/go-client/qdrant"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/embed/static"
	"github.com/groupmem/groupmem/keyword"
	"github.com/groupmem/groupmem/msgsearch"
	"github.com/groupmem/groupmem/store/qdrant/qdranttest"
	"github.com/groupmem/groupmem/store/sqlite"
)

// stripTerms rewrites every point of m as an earlier groupmem wrote it:
// the same vectors, no number of terms.
func stripTerms(t *testing.T, m *Messages) {
	t.Helper()
	err := m.x.call(t.Context(), func(ctx context.Context, c *qdrant.Client) error {
		pts, err := c.Scroll(ctx, &qdrant.ScrollPoints{CollectionName: m.x.cfg.Collection, Limit: qdrant.PtrOf(uint32(1000)),
			WithPayload: qdrant.NewWithPayload(true), WithVectors: qdrant.NewWithVectors(true)})
		if err != nil {
			return err
		}
		out := make([]*qdrant.PointStruct, len(pts))
		for i, p := range pts {
			vectors := map[string]*qdrant.Vector{}
			for name, v := range p.GetVectors().GetVectors().GetVectors() {
				if s := v.GetSparse(); s != nil {
					vectors[name] = qdrant.NewVectorSparse(s.GetIndices(), s.GetValues())
				} else {
					vectors[name] = qdrant.NewVectorDense(v.GetDense().GetData())
				}
			}
			payload := p.GetPayload()
			delete(payload, keyTerms)
			out[i] = &qdrant.PointStruct{Id: p.GetId(), Vectors: qdrant.NewVectorsMap(vectors), Payload: payload}
		}
		_, err = c.Upsert(ctx, &qdrant.UpsertPoints{CollectionName: m.x.cfg.Collection, Wait: qdrant.PtrOf(true), Points: out})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Points an earlier groupmem wrote, without their number of terms, are
// still found by keywords (by Qdrant's own scores); opening the index with
// Upgrade (groupmem reindex) counts their terms on the ledger's copy,
// without embedding anything again, and removes those whose text went:
// the keyword side then scores as the in-process index does.
func TestUpgradeCountsTheTermsOfEarlierPoints(t *testing.T) {
	ctx := t.Context()
	emb, err := static.Load()
	if err != nil {
		t.Fatal(err)
	}
	l, err := sqlite.Open(ctx, sqlite.Config{Path: filepath.Join(t.TempDir(), "g.db")})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	at := time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC)
	if _, err := l.InsertMessages(ctx, []groupmem.Message{
		{GroupID: "g", ID: "m1", SenderName: "Ann", Content: "badminton on friday at the sports hall", SentAt: at},
		{GroupID: "g", ID: "m2", SenderName: "Bo", Content: "badminton again? badminton every week", SentAt: at},
		{GroupID: "g", ID: "m3", SenderName: "Cy", Content: "my phone number is 555 0199, call about badminton", SentAt: at},
		{GroupID: "g", ID: "m4", SenderName: "Dee", Content: "coffee first", SentAt: at},
	}); err != nil {
		t.Fatal(err)
	}
	cfg := Config{Addr: qdranttest.Start(t), Collection: "msgs", Dimension: emb.Dimension(), SkipCompatibilityCheck: true}
	old, err := OpenMessages(ctx, cfg, l, emb)
	if err != nil {
		t.Fatal(err)
	}
	if err := old.CatchUp(ctx, "g"); err != nil {
		t.Fatal(err)
	}
	stripTerms(t, old)
	if _, err := l.RedactMessage(ctx, "g", "m4", "mod"); err != nil {
		t.Fatal(err)
	}
	q := msgsearch.Query{GroupID: "g", Text: "badminton", Mode: msgsearch.Keyword, Limit: 5}
	if hits, err := old.Search(ctx, q); err != nil || len(hits) != 3 {
		t.Fatalf("keyword search over earlier points = %d hits, %v; want m1, m2 and m3 by Qdrant's scores", len(hits), err)
	}
	old.Close()

	cfg.Upgrade = true
	m, err := OpenMessages(ctx, cfg, l, emb)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	var lacking, redacted uint64
	err = m.x.call(ctx, func(ctx context.Context, c *qdrant.Client) error {
		if lacking, err = c.Count(ctx, &qdrant.CountPoints{CollectionName: cfg.Collection,
			Filter: &qdrant.Filter{Must: []*qdrant.Condition{qdrant.NewIsEmpty(keyTerms)}}}); err != nil {
			return err
		}
		redacted, err = c.Count(ctx, &qdrant.CountPoints{CollectionName: cfg.Collection,
			Filter: &qdrant.Filter{Must: []*qdrant.Condition{qdrant.NewMatchKeyword(keyMessageID, "m4")}}})
		return err
	})
	if err != nil || lacking != 0 || redacted != 0 {
		t.Fatalf("after the upgrade: %d points lack their terms, %d of the redacted message remain (%v); want none", lacking, redacted, err)
	}
	ref := keyword.NewIndex()
	for _, x := range []struct{ id, text string }{{"m1", "Ann badminton on friday at the sports hall"},
		{"m2", "Bo badminton again? badminton every week"}, {"m3", "Cy my phone number is 555 0199, call about badminton"}} {
		ref.Add(x.id, x.text)
	}
	want := ref.Search("badminton", 5, nil)
	hits, err := m.Search(ctx, q)
	if err != nil || len(hits) != len(want) {
		t.Fatalf("keyword search after the upgrade = %d hits, %v; want %v", len(hits), err, want)
	}
	for i, h := range hits {
		if h.Message.ID != want[i].ID || math.Abs(h.Score-want[i].Score) > 1e-9 {
			t.Errorf("hit %d: %s scores %v, want %s scoring %v", i, h.Message.ID, h.Score, want[i].ID, want[i].Score)
		}
	}
}
