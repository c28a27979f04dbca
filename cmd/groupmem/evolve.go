package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/api"
	"github.com/groupmem/groupmem/worker"
)

// evolveFlags are the evolve command's own flags.
type evolveFlags struct {
	all       bool
	group     string
	days      int
	dryRun    bool
	reprocess bool
	asJSON    bool
}

// evolveCommand registers the evolve command's flags.
func evolveCommand(fs *flag.FlagSet) runFunc {
	o := &evolveFlags{}
	fs.StringVar(&o.group, "group", "", "the group to evolve")
	fs.BoolVar(&o.all, "all", false, "evolve every group with new messages now")
	fs.IntVar(&o.days, "days", 0, "on a group's first run, or with -reprocess, fuse only the last N days")
	fs.BoolVar(&o.dryRun, "dry-run", false, "print the plan and apply nothing")
	fs.BoolVar(&o.reprocess, "reprocess", false, "fuse the last -days days again, ignoring the watermark")
	fs.BoolVar(&o.asJSON, "json", false, "print the result as JSON")
	return func(ctx context.Context, env *Env, args []string) error { return runEvolve(ctx, env, *o, args) }
}

func runEvolve(ctx context.Context, env *Env, o evolveFlags, args []string) error {
	if len(args) > 0 {
		return fmt.Errorf("unexpected arguments %q", args)
	}
	if (o.group == "") == !o.all {
		return errors.New("give either -group G or -all")
	}
	b, err := openStack(ctx, env.Config, env.Log, false)
	if err != nil {
		return err
	}
	defer b.Close()
	svc := b.Service
	opts := worker.Options{Days: o.days, DryRun: o.dryRun, Reprocess: o.reprocess, Trigger: groupmem.TriggerCLI, Actor: "cli"}
	if o.all {
		return runEvolveAll(ctx, env, b, svc, opts)
	}
	res, err := svc.Evolve(ctx, o.group, opts)
	if err != nil {
		return err
	}
	if o.asJSON {
		enc := json.NewEncoder(env.Stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(api.NewEvolveAnswer(res))
	}
	printResult(env.Stdout, res)
	return nil
}

// printResult writes a result for people.
func printResult(w io.Writer, r worker.Result) {
	fmt.Fprintf(w, "group %s  run %s  %s", r.GroupID, r.RunID, r.Status)
	if r.Status == groupmem.RunNoop {
		fmt.Fprintln(w, ": no new messages")
		return
	}
	calls := "no model call"
	if r.Passes > 0 {
		calls = fmt.Sprintf("%d model call(s), tokens %d+%d", r.Passes, r.Tokens.Prompt, r.Tokens.Completion)
	}
	fmt.Fprintf(w, "\n%d messages; kept %d, updated %d, created %d, deleted %d; %s\n",
		r.Messages, r.Stats.Kept, r.Stats.Updated, r.Stats.Created, r.Stats.Deleted, calls)
	for _, c := range r.Changes {
		switch c.Action {
		case groupmem.ActionCreate:
			fmt.Fprintf(w, "  + %s\n", c.NewStatement)
		case groupmem.ActionUpdate:
			fmt.Fprintf(w, "  ~ %s\n    → %s (v%d)\n", c.OldStatement, c.NewStatement, c.Version)
		case groupmem.ActionDelete:
			fmt.Fprintf(w, "  - %s\n", c.OldStatement)
		}
	}
	if n := len(r.Report.Dropped); n > 0 {
		fmt.Fprintf(w, "dropped %d line(s) of the model's answer:\n", n)
		for _, d := range r.Report.Dropped {
			fmt.Fprintf(w, "  line %d: %s\n", d.Line, d.Reason)
		}
	}
	if r.Status == groupmem.RunReview {
		fmt.Fprintln(w, "nothing applied: the result is held for review")
	}
}
