// Command groupmem keeps the long-term memory of chat groups: it migrates
// the ledger, evolves groups' memories, serves the HTTP API, and rebuilds
// the search index. Run `groupmem help` for the commands and `groupmem
// config` for every setting.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
)

// runFunc runs one command.
type runFunc func(ctx context.Context, env *Env, args []string) error

// command is one subcommand: its flags are the shared settings plus its own.
type command struct {
	name  string
	usage string
	run   runFunc
	// flags, when set, registers the command's own flags on fs and
	// returns the run function that reads them; run is then unused.
	flags func(fs *flag.FlagSet) runFunc
}

// Env is what every command gets: the parsed configuration, output and a
// logger.
type Env struct {
	Config *Config
	Stdout io.Writer
	Stderr io.Writer
	Log    *slog.Logger
}

func commands() []command {
	return []command{
		{name: "demo", usage: "replay a bundled group chat night by night on the embedded default (-serve to keep the API up)", flags: demoCommand},
		{name: "serve", usage: "serve the HTTP API, and run the nightly scheduler unless GROUPMEM_SCHEDULER=false", run: runServe},
		{name: "worker", usage: "run the nightly scheduler and an evolution pool, without the API", run: runWorker},
		{name: "evolve", usage: "evolve one group's memory now, or every due group (-all)", flags: evolveCommand},
		{name: "migrate", usage: "apply the Postgres migrations", run: runMigrate},
		{name: "reindex", usage: "rebuild the search index from the ledger (no embedding calls)", run: runReindex},
		{name: "relay", usage: "project pending ledger changes into the search index", run: runRelay},
		{name: "healthcheck", usage: "exit 0 when the local server is ready (for container health checks)", run: runHealthcheck},
		{name: "hash-key", usage: "print the hash of an API key, for GROUPMEM_API_KEYS", run: runHashKey},
		{name: "config", usage: "list every setting with its variable, flag and default (-markdown for a table)", flags: configCommand},
	}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.LookupEnv, os.Stdout, os.Stderr)
	stop()
	if err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "groupmem:", err)
		}
		os.Exit(1)
	}
}

// run parses args and runs one command. It is main without the process.
func run(ctx context.Context, args []string, lookupEnv func(string) (string, bool), stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stderr)
		if len(args) == 0 {
			return errors.New("no command given")
		}
		return nil
	}
	var cmd *command
	for _, c := range commands() {
		if c.name == args[0] {
			cmd = &c
			break
		}
	}
	if cmd == nil {
		usage(stderr)
		return fmt.Errorf("unknown command %q", args[0])
	}
	fs := newFlagSet()
	fs.SetOutput(stderr)
	cfg, err := bindConfig(fs, lookupEnv)
	if err != nil {
		return err
	}
	runCmd := cmd.run
	if cmd.flags != nil {
		runCmd = cmd.flags(fs)
	}
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if err := cfg.validate(); err != nil {
		return err
	}
	env := &Env{Config: cfg, Stdout: stdout, Stderr: stderr, Log: newLogger(cfg, stderr)}
	return runCmd(ctx, env, fs.Args())
}

func newFlagSet() *flag.FlagSet { return flag.NewFlagSet("groupmem", flag.ContinueOnError) }

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: groupmem <command> [flags]\n\ncommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.usage)
	}
	fmt.Fprintln(w, "\nEvery setting is a GROUPMEM_* variable and a flag; `groupmem config` lists them.")
}

func newLogger(cfg *Config, w io.Writer) *slog.Logger {
	var level slog.Level
	_ = level.UnmarshalText([]byte(cfg.LogLevel)) // validated before
	opts := &slog.HandlerOptions{Level: level}
	if cfg.LogJSON {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

func configCommand(fs *flag.FlagSet) runFunc {
	markdown := fs.Bool("markdown", false, "print a Markdown table")
	return func(_ context.Context, env *Env, _ []string) error {
		printSettings(env.Stdout, *markdown)
		return nil
	}
}
