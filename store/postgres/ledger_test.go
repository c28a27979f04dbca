package postgres_test

import (
	"context"
	"testing"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/storetest"
)

func TestLedgerContract(t *testing.T) {
	storetest.TestLedger(t, func(t *testing.T) groupmem.Ledger { return pgtest.Open(t) })
}

func TestDirectInsertContract(t *testing.T) {
	storetest.TestDirectInserts(t, func(t *testing.T) storetest.DirectFixture {
		l := pgtest.Open(t)
		return storetest.DirectFixture{
			Ledger: l,
			Insert: func(ctx context.Context, g, id string, seq *int64) error {
				if seq == nil {
					_, err := l.Pool().Exec(ctx, `INSERT INTO messages (group_id, message_id, content, sent_at) VALUES ($1, $2, 'direct', now())`, g, id)
					return err
				}
				_, err := l.Pool().Exec(ctx, `INSERT INTO messages (group_id, seq, message_id, content, sent_at) VALUES ($1, $2, $3, 'direct', now())`, g, *seq, id)
				return err
			},
			Exec: func(ctx context.Context, sql string) error {
				_, err := l.Pool().Exec(ctx, sql)
				return err
			},
		}
	})
}
