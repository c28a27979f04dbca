package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"maps"
	"slices"
)

// purgeCommand forgets one group: groupmem purge -group G.
func purgeCommand(fs *flag.FlagSet) runFunc {
	group := fs.String("group", "", "the group to forget (required)")
	return func(ctx context.Context, env *Env, _ []string) error {
		if *group == "" {
			return errors.New("purge: -group is required")
		}
		b, err := openStack(ctx, env.Config, env.Log, false)
		if err != nil {
			return err
		}
		defer b.Close()
		svc := b.Service
		r, err := svc.Purge(ctx, *group, "cli")
		if err != nil {
			return err
		}
		if r.Total() == 0 {
			fmt.Fprintf(env.Stdout, "group %q: nothing to remove\n", *group)
			return nil
		}
		fmt.Fprintf(env.Stdout, "group %q purged: %d rows removed\n", *group, r.Total())
		for _, table := range slices.Sorted(maps.Keys(r.Rows)) {
			fmt.Fprintf(env.Stdout, "  %-18s %d\n", table, r.Rows[table])
		}
		return nil
	}
}
