package inmem_test

import (
	"testing"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/inmem"
	"github.com/groupmem/groupmem/store/storetest"
)

func TestIndexContract(t *testing.T) {
	storetest.TestIndex(t, func(t *testing.T, dim int) groupmem.Index {
		x, err := inmem.NewIndex(dim)
		if err != nil {
			t.Fatal(err)
		}
		return x
	})
}

func TestNewIndexRejectsBadDimension(t *testing.T) {
	if _, err := inmem.NewIndex(0); groupmem.ErrorCode(err) != groupmem.EINVALID {
		t.Fatalf("NewIndex(0) = %v, want EINVALID", err)
	}
}
