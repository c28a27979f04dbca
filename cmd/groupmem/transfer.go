package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/worker"
)

// exportCommand writes a group's archive: groupmem export -group G [-o
// FILE] [-messages] [-runs].
func exportCommand(fs *flag.FlagSet) runFunc {
	group := fs.String("group", "", "the group to export (required)")
	out := fs.String("o", "", "the file to write (default: standard output); written whole or not at all")
	messages := fs.Bool("messages", false, "also export the group's messages (a redacted one without its text)")
	runs := fs.Bool("runs", false, "export every run of the group, not only those its memories and change log name")
	return func(ctx context.Context, env *Env, _ []string) error {
		if *group == "" {
			return errors.New("export: -group is required")
		}
		b, err := openStack(ctx, env.Config, env.Log, false)
		if err != nil {
			return err
		}
		defer b.Close()
		o := worker.ExportOptions{Messages: *messages, Runs: *runs, Producer: groupmem.BuildVersion()}
		if *out == "" {
			_, err := b.Service.Export(ctx, env.Stdout, *group, o)
			return err
		}
		// The file appears only once the export is whole.
		tmp, err := os.CreateTemp(filepath.Dir(*out), filepath.Base(*out)+".*.part")
		if err != nil {
			return fmt.Errorf("export: %w", err)
		}
		defer os.Remove(tmp.Name())
		counts, err := b.Service.Export(ctx, tmp, *group, o)
		if err == nil {
			err = tmp.Sync()
		}
		if cerr := tmp.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Rename(tmp.Name(), *out)
		}
		if err != nil {
			return fmt.Errorf("export: %w", err)
		}
		fmt.Fprintf(env.Stderr, "exported group %q to %s: %d memory versions, %d changes, %d runs, %d messages\n",
			*group, *out, counts.Memories, counts.Changes, counts.Runs, counts.Messages)
		return nil
	}
}

// importCommand restores a group from an archive: groupmem import -group
// G FILE ("-" for standard input).
func importCommand(fs *flag.FlagSet) runFunc {
	group := fs.String("group", "", "the group to restore into; it must be empty (required)")
	return func(ctx context.Context, env *Env, args []string) error {
		if *group == "" || len(args) != 1 {
			return errors.New("import: name the group and the file: groupmem import -group G FILE (- for standard input)")
		}
		var in io.Reader = env.Stdin
		if args[0] != "-" {
			f, err := os.Open(args[0])
			if err != nil {
				return fmt.Errorf("import: %w", err)
			}
			defer f.Close()
			in = f
		}
		b, err := openStack(ctx, env.Config, env.Log, false)
		if err != nil {
			return err
		}
		defer b.Close()
		got, err := b.Service.Import(ctx, *group, in)
		if err != nil {
			return fmt.Errorf("import: %w", err)
		}
		fmt.Fprintf(env.Stdout, "imported group %q: %d memory versions, %d changes, %d runs, %d messages\n",
			*group, got.Memories, got.Changes, got.Runs, got.Messages)
		if got.Reembedded {
			fmt.Fprintln(env.Stdout, "the file's vectors were another embedder's: the memory versions were embedded again")
		}
		// The index catches up now; what fails waits in the outbox for
		// the relay of serve.
		if _, err := b.Service.Relay().Drain(ctx); err != nil {
			env.Log.WarnContext(ctx, "index the imported group; the relay will retry", "group_id", *group, "err", err)
		}
		return nil
	}
}
