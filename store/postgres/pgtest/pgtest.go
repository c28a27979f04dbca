// Package pgtest gives each test its own migrated Postgres schema on the
// server named by GROUPMEM_TEST_POSTGRES_URL (default: the local test
// database), dropped when the test ends.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/groupmem/groupmem/store/postgres"
)

// DefaultURL is used when GROUPMEM_TEST_POSTGRES_URL is unset.
const DefaultURL = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"

// URL returns the test server's connection string.
func URL() string {
	if u := os.Getenv("GROUPMEM_TEST_POSTGRES_URL"); u != "" {
		return u
	}
	return DefaultURL
}

// Options adjust a test ledger.
type Options struct {
	Now        func() time.Time // the ledger's clock
	MaxConns   int32
	Unmigrated bool // leave the schema empty; the test migrates it

	// Session timeouts of the ledger's pool (zero: postgres's defaults).
	IdleInTxTimeout, LockTimeout, StatementTimeout time.Duration
	// Tracer hears about every query (postgres.Config.Tracer).
	Tracer pgx.QueryTracer
}

// Open returns a migrated Ledger in a fresh schema. The test fails, naming
// GROUPMEM_TEST_POSTGRES_URL, when the server cannot be reached.
func Open(tb testing.TB) *postgres.Ledger {
	tb.Helper()
	return OpenWith(tb, Options{})
}

// OpenWith is Open with options; with Unmigrated the schema stays empty.
func OpenWith(tb testing.TB, o Options) *postgres.Ledger {
	tb.Helper()
	ctx := context.Background()
	var b [6]byte
	_, _ = rand.Read(b[:])
	schema := "gmtest_" + hex.EncodeToString(b[:])
	l, err := postgres.Open(ctx, postgres.Config{
		URL: URL(), Schema: schema, Now: o.Now, MaxConns: o.MaxConns,
		IdleInTxTimeout: o.IdleInTxTimeout, LockTimeout: o.LockTimeout, StatementTimeout: o.StatementTimeout,
		Tracer: o.Tracer,
	})
	if err != nil {
		tb.Fatalf("open Postgres at GROUPMEM_TEST_POSTGRES_URL=%q: %v", URL(), err)
	}
	tb.Cleanup(func() {
		l.Close()
		DropSchema(tb, schema)
	})
	if o.Unmigrated {
		return l
	}
	if _, err := l.Migrate(ctx); err != nil {
		tb.Fatalf("migrate: %v", err)
	}
	return l
}

// DropSchema removes a test schema and everything in it.
func DropSchema(tb testing.TB, schema string) {
	tb.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, URL())
	if err != nil {
		tb.Errorf("drop schema %s: %v", schema, err)
		return
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "DROP SCHEMA IF EXISTS "+pgx.Identifier{schema}.Sanitize()+" CASCADE"); err != nil {
		tb.Errorf("drop schema %s: %v", schema, err)
	}
}
