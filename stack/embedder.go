package stack

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/embed/static"
)

// EmbedderID names the embedder of the stack: vectors of two embedders
// with different names live in different spaces. The ledger records it.
func (s *Stack) EmbedderID() string {
	dim := strconv.Itoa(s.Embedder.Dimension())
	switch {
	case s.cfg.Embeddings.BaseURL != "":
		return "service:" + s.cfg.Embeddings.Model + ":" + dim
	case cmp.Or(s.cfg.LocalEmbedder, Static) == Static:
		return static.Name
	}
	return "hashing-" + dim
}

// ErrOtherEmbedder is the cause of Open's error when the ledger's memory
// vectors were made by another embedder than the configured one: they must
// be embedded again (Config.Reembed) before any of them reaches an index.
var ErrOtherEmbedder = errors.New("the ledger's memory vectors are another embedder's")

// checkEmbedder refuses a ledger whose memory vectors another embedder
// made, before any of them reaches an index. A ledger that names none
// (new, or written before the ledger recorded it) is taken to hold this
// embedder's vectors when it holds none or they have its dimension, and
// records it.
func checkEmbedder(ctx context.Context, l groupmem.Ledger, id string, dim int) error {
	recorded, err := l.Meta(ctx, groupmem.MetaEmbedder)
	if err != nil {
		return err
	}
	if recorded == id {
		return nil
	}
	if recorded == "" {
		first, err := l.ScanMemories(ctx, "", 1)
		if err != nil {
			return err
		}
		if len(first) == 0 || len(first[0].Embedding) == dim {
			return l.SetMeta(ctx, groupmem.MetaEmbedder, id)
		}
		recorded = fmt.Sprintf("an embedder of %d dimensions", len(first[0].Embedding))
	}
	return fmt.Errorf("%w: they were made by %s and this process embeds with %s: run `groupmem reindex` to re-embed them, or configure the embedder that made them", ErrOtherEmbedder, recorded, id)
}

// reembed embeds every memory version of the ledger again with e, in
// pages, and records e's name; it returns how many versions it embedded.
func reembed(ctx context.Context, l groupmem.Ledger, e groupmem.Embedder, id string) (int, error) {
	total, after := 0, ""
	for {
		page, err := l.ScanMemories(ctx, after, 256)
		if err != nil {
			return total, err
		}
		if len(page) == 0 {
			return total, l.SetMeta(ctx, groupmem.MetaEmbedder, id)
		}
		texts := make([]string, len(page))
		for i, m := range page {
			texts[i] = m.Statement
		}
		vecs, err := e.Embed(ctx, texts)
		if err != nil {
			return total, err
		}
		if len(vecs) != len(page) {
			return total, fmt.Errorf("the embedder returned %d vectors for %d statements", len(vecs), len(page))
		}
		set := make(map[string][]float32, len(page))
		for i, m := range page {
			set[m.ID] = vecs[i]
		}
		if err := l.SetEmbeddings(ctx, set); err != nil {
			return total, err
		}
		total += len(page)
		after = page[len(page)-1].ID
	}
}
