package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"

	"github.com/groupmem/groupmem/demo"
)

// demoCommand registers the demo command's flags.
func demoCommand(fs *flag.FlagSet) runFunc {
	serve := fs.Bool("serve", false, "keep the API up on the demo's data afterwards (no key needed)")
	dir := fs.String("dir", "", "keep the demo's SQLite file in this directory (default: a temporary one)")
	return func(ctx context.Context, env *Env, _ []string) error {
		// The story is the output; the service's own logs only when asked.
		log := slog.New(slog.DiscardHandler)
		if env.Config.LogLevel == "debug" {
			log = env.Log
		}
		d, err := demo.Run(ctx, demo.Options{Out: env.Stdout, Dir: *dir, Logger: log})
		if err != nil {
			return err
		}
		defer d.Close()
		if !*serve {
			return nil
		}
		b := &backends{Ledger: d.Ledger, Queue: d.Ledger, Index: d.Index, Locker: d.Locker, Embedder: d.Embedder,
			checks: map[string]func(context.Context) error{"sqlite": d.Ledger.Ping}}
		env.Config.EmbedDim = d.Embedder.Dimension()
		env.Config.Scheduler = false
		s, err := newServer(env, b, true)
		if err != nil {
			return err
		}
		fmt.Fprintf(env.Stdout, "\nThe API serves the demo group %q without keys on %s; Ctrl-C stops it. Try:\n"+
			"  curl -s 'localhost%s/memory/list/%s'\n", d.GroupID, env.Config.HTTPAddr, env.Config.HTTPAddr, d.GroupID)
		return s.serve(ctx)
	}
}
