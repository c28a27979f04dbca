package postgres_test

import (
	"context"
	"net/url"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/postgres"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
)

// A role that may not touch the ledger's tables is the deployment's
// problem, not the caller's: EUNAVAILABLE, where the error enters.
func TestRefusedRoleIsUnavailable(t *testing.T) {
	ctx := context.Background()
	l := pgtest.Open(t)
	const role = "groupmem_test_no_privileges"
	if _, err := l.Pool().Exec(ctx, `DO $$ BEGIN
		IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '`+role+`') THEN CREATE ROLE `+role+` LOGIN; END IF; END $$`); err != nil {
		t.Skipf("cannot create a role here: %v", err)
	}
	u, err := url.Parse(pgtest.URL())
	if err != nil {
		t.Fatal(err)
	}
	u.User = url.User(role)
	conn, err := pgx.Connect(ctx, u.String())
	if err != nil {
		t.Skipf("cannot connect as %s: %v", role, err)
	}
	defer conn.Close(ctx)
	var schema string
	if err := l.Pool().QueryRow(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
		t.Fatal(err)
	}
	_, err = conn.Exec(ctx, `SELECT count(*) FROM `+pgx.Identifier{schema, "messages"}.Sanitize())
	if err == nil {
		t.Fatal("a role without privileges read the ledger")
	}
	if code := groupmem.ErrorCode(postgres.InterpretError(err)); code != groupmem.EUNAVAILABLE {
		t.Errorf("%v maps to %q, want %q", err, code, groupmem.EUNAVAILABLE)
	}
}
