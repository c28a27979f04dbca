package worker

import (
	"context"
	"fmt"

	"github.com/groupmem/groupmem"
)

// ListDue returns every group with at least minNew messages past its
// watermark (see groupmem.Queue.DueGroups), in name order, reading page groups at
// a time (default 1,000). groupmem evolve --all uses it.
func ListDue(ctx context.Context, q groupmem.Queue, minNew, page int) ([]string, error) {
	var all []string
	err := eachDue(ctx, q, minNew, page, func(groups []string) error {
		all = append(all, groups...)
		return nil
	})
	return all, err
}

// eachDue calls fn with every page of due groups, in name order, and
// stops at the first error.
func eachDue(ctx context.Context, q groupmem.Queue, minNew, page int, fn func(groups []string) error) error {
	if page <= 0 {
		page = 1000
	}
	after := ""
	for {
		groups, err := q.DueGroups(ctx, minNew, after, page)
		if err != nil {
			return fmt.Errorf("list due groups: %w", err)
		}
		if len(groups) > 0 {
			if err := fn(groups); err != nil {
				return err
			}
		}
		if len(groups) < page {
			return nil
		}
		after = groups[len(groups)-1]
	}
}
