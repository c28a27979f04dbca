package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/postgres"
	"github.com/groupmem/groupmem/store/qdrant"
	"github.com/groupmem/groupmem/worker"
)

// openPostgres opens and migrates the Postgres ledger.
func openPostgres(ctx context.Context, cfg *Config) (*postgres.Ledger, error) {
	if cfg.PostgresURL == "" {
		return nil, errors.New("GROUPMEM_POSTGRES_URL is not set")
	}
	l, err := postgres.Open(ctx, postgres.Config{URL: cfg.PostgresURL, Schema: cfg.PostgresSchema})
	if err != nil {
		return nil, err
	}
	if _, err := l.Migrate(ctx); err != nil {
		l.Close()
		return nil, fmt.Errorf("migrate: %w", err)
	}
	return l, nil
}

// openQdrant opens the Qdrant index, creating the collection if needed.
func openQdrant(ctx context.Context, cfg *Config) (*qdrant.Index, error) {
	if cfg.QdrantAddr == "" {
		return nil, errors.New("GROUPMEM_QDRANT_ADDR is not set")
	}
	return qdrant.Open(ctx, qdrant.Config{
		Addr: cfg.QdrantAddr, APIKey: cfg.QdrantAPIKey, TLS: cfg.QdrantTLS,
		Collection: cfg.QdrantCollection, Dimension: cfg.EmbedDim,
	})
}

func runMigrate(ctx context.Context, env *Env, _ []string) error {
	if env.Config.PostgresURL == "" {
		return errors.New("GROUPMEM_POSTGRES_URL is not set")
	}
	l, err := postgres.Open(ctx, postgres.Config{URL: env.Config.PostgresURL, Schema: env.Config.PostgresSchema})
	if err != nil {
		return err
	}
	defer l.Close()
	applied, err := l.Migrate(ctx)
	if err != nil {
		return err
	}
	if len(applied) == 0 {
		fmt.Fprintln(env.Stdout, "schema is up to date")
	}
	for _, name := range applied {
		fmt.Fprintln(env.Stdout, "applied", name)
	}
	return nil
}

// withStores opens the ledger and the index, runs fn, and closes both.
func withStores(ctx context.Context, cfg *Config, fn func(groupmem.Ledger, groupmem.Index) error) error {
	l, err := openPostgres(ctx, cfg)
	if err != nil {
		return err
	}
	defer l.Close()
	x, err := openQdrant(ctx, cfg)
	if err != nil {
		return err
	}
	defer x.Close()
	return fn(l, x)
}

func runReindex(ctx context.Context, env *Env, _ []string) error {
	return withStores(ctx, env.Config, func(l groupmem.Ledger, x groupmem.Index) error {
		n, err := worker.Reindex(ctx, l, x, 0)
		if err != nil {
			return err
		}
		fmt.Fprintf(env.Stdout, "reindexed %d memory versions\n", n)
		return nil
	})
}

func runRelay(ctx context.Context, env *Env, _ []string) error {
	return withStores(ctx, env.Config, func(l groupmem.Ledger, x groupmem.Index) error {
		n, err := worker.NewRelay(l, x, env.Log, worker.RelayConfig{}).Drain(ctx)
		fmt.Fprintf(env.Stdout, "projected %d outbox entries\n", n)
		return err
	})
}
