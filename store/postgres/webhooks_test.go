package postgres_test

import (
	"testing"

	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/storetest"
)

func TestWebhookContract(t *testing.T) {
	storetest.TestWebhooks(t, func(t *testing.T) storetest.WebhookLedger { return pgtest.Open(t) })
}
