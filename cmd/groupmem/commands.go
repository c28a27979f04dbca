package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/msgsearch"
	"github.com/groupmem/groupmem/stack"
	"github.com/groupmem/groupmem/worker"
)

func runMigrate(ctx context.Context, env *Env, _ []string) error {
	if env.Config.PostgresURL == "" {
		return errors.New("GROUPMEM_POSTGRES_URL is not set (the embedded SQLite ledger migrates itself when opened)")
	}
	applied, err := stack.Migrate(ctx, postgresConfig(env.Config))
	if err != nil {
		return settingError(err)
	}
	if len(applied) == 0 {
		fmt.Fprintln(env.Stdout, "schema is up to date")
	}
	for _, name := range applied {
		fmt.Fprintln(env.Stdout, "applied", name)
	}
	return nil
}

func runReindex(ctx context.Context, env *Env, _ []string) error {
	cfg := *env.Config
	cfg.upgrade = true // a collection of an earlier version is rebuilt here
	b, err := openStack(ctx, &cfg, env.Log, false)
	if errors.Is(err, stack.ErrOtherEmbedder) {
		cfg.reembed = true // the ledger's vectors are another embedder's: embed them again
		b, err = openStack(ctx, &cfg, env.Log, false)
	}
	if err != nil {
		return err
	}
	defer b.Close()
	if !cfg.reembed && cfg.QdrantAddr == "" {
		return errors.New("the ledger's vectors are this embedder's and GROUPMEM_QDRANT_ADDR is not set: nothing to do (the in-process index is rebuilt at every start)")
	}
	if cfg.reembed {
		fmt.Fprintf(env.Stdout, "re-embedded %d memory versions with %s\n", b.Reembedded, b.EmbedderID())
	}
	if cfg.QdrantAddr == "" {
		return nil
	}
	n, err := worker.Reindex(ctx, b.Ledger, b.Index, 0)
	if err != nil {
		return err
	}
	fmt.Fprintf(env.Stdout, "reindexed %d memory versions\n", n)
	groups, err := reindexMessages(ctx, b)
	if err != nil {
		return err
	}
	fmt.Fprintf(env.Stdout, "indexed the messages of %d groups\n", groups)
	return nil
}

// reindexMessages catches the Qdrant message index up with every group
// of the ledger (after an embedder change, from an empty collection) and
// returns how many groups it went through.
func reindexMessages(ctx context.Context, b *stack.Stack) (int, error) {
	m, ok := b.Messages.(msgsearch.CatchUpper)
	if !ok {
		return 0, nil
	}
	n := 0
	for after := ""; ; {
		page, err := b.Ledger.Groups(ctx, groupmem.GroupQuery{After: after, Limit: 500})
		if err != nil {
			return n, err
		}
		if len(page) == 0 {
			return n, nil
		}
		for _, g := range page {
			if err := m.CatchUp(ctx, g.GroupID); err != nil {
				return n, fmt.Errorf("index the messages of group %s: %w", g.GroupID, err)
			}
			n++
		}
		after = page[len(page)-1].GroupID
	}
}

func runRelay(ctx context.Context, env *Env, _ []string) error {
	b, err := openStack(ctx, env.Config, env.Log, false) // drains the outbox once
	if err != nil {
		return err
	}
	defer b.Close()
	n, _, err := b.Ledger.OutboxLag(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(env.Stdout, "%d outbox entries pending\n", n)
	return nil
}
