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
	"strings"
	"syscall"

	"github.com/groupmem/groupmem/telemetry"
)

// runFunc runs one command.
type runFunc func(ctx context.Context, env *Env, args []string) error

// command is one subcommand: its flags are the shared settings plus its own.
type command struct {
	name  string
	usage string // the one-line synopsis
	// example is a command line or two showing the command in use.
	example string
	run     runFunc
	// flags, when set, registers the command's own flags on fs and
	// returns the run function that reads them; run is then unused.
	flags func(fs *flag.FlagSet) runFunc
	// reads, when not nil, lists the only settings (GROUPMEM_* variables)
	// the command reads; its help shows those alone. nil: all of them.
	reads []string
}

// Env is what every command gets: the parsed configuration, where each
// setting came from, input, output and a logger.
type Env struct {
	Config *Config
	// Sources names where each setting's value came from, by variable:
	// sourceDefault, sourceEnv or sourceFlag.
	Sources map[string]string
	Stdin   io.Reader
	Stdout  io.Writer
	Stderr  io.Writer
	Log     *slog.Logger
}

func commands() []command {
	return []command{
		{name: "demo", usage: "replay a bundled group chat night by night on the embedded default (-serve to keep the API up)", flags: demoCommand,
			reads: demoSettings, example: "groupmem demo\ngroupmem demo -serve -addr 127.0.0.1:8080"},
		{name: "serve", usage: "serve the HTTP API, and run the nightly scheduler unless GROUPMEM_SCHEDULER=false", run: runServe,
			example: "GROUPMEM_API_KEYS=\"bot:write:*:$(printf %s \"$SECRET\" | groupmem hash-key)\" groupmem serve -http-addr :8080"},
		{name: "mcp", usage: "serve the Model Context Protocol on standard input and output, for an agent that starts groupmem as its tool server", run: runMCP,
			example: "GROUPMEM_MCP_KEY=\"$SECRET\" groupmem mcp\ngroupmem mcp                     # the embedded default, as its local admin"},
		{name: "worker", usage: "run the nightly scheduler and an evolution pool, without the API", run: runWorker,
			example: "GROUPMEM_POSTGRES_URL=postgres://... groupmem worker -metrics-addr :9090"},
		{name: "evolve", usage: "evolve one group's memory now, or every due group (-all)", flags: evolveCommand,
			example: "groupmem evolve -group team-a -dry-run\ngroupmem evolve -all"},
		{name: "purge", usage: "forget a group: its messages, memories, change log, runs and index points; the removal is recorded without its text", flags: purgeCommand,
			example: "groupmem purge -group team-a"},
		{name: "export", usage: "write a group's whole memory (versions, change log, the runs they name, its state; -messages, -runs) as JSON Lines", flags: exportCommand,
			example: "groupmem export -group team-a -messages -o team-a.jsonl"},
		{name: "import", usage: "restore a group's memory from an export into an empty group: the same ids, parents, versions, change log and watermark", flags: importCommand,
			example: "groupmem import -group team-a team-a.jsonl"},
		{name: "usage", usage: "print the groups that cost the most over a window of days: their runs, model calls, tokens and cost at the configured prices", flags: usageCommand,
			example: "groupmem usage -since 30d\ngroupmem usage -since 2026-11-01 -until 2026-11-30 -top 50"},
		{name: "backup", usage: "copy the embedded SQLite ledger to a new file while the server runs (Postgres: use pg_dump)", flags: backupCommand,
			reads: backupSettings, example: "groupmem backup -o /backups/groupmem-$(date +%F).db"},
		{name: "restore", usage: "put a backup of the embedded ledger in place, refusing one of another schema version", flags: restoreCommand,
			reads: backupSettings, example: "groupmem restore -force /backups/groupmem-2026-11-27.db"},
		{name: "migrate", usage: "apply the Postgres migrations", run: runMigrate,
			example: "GROUPMEM_POSTGRES_URL=postgres://groupmem:secret@db:5432/groupmem groupmem migrate"},
		{name: "reindex", usage: "embed the ledger's memory versions again when another embedder made them, and rebuild the Qdrant collection from the ledger", run: runReindex,
			example: "groupmem reindex -qdrant-addr qdrant:6334"},
		{name: "relay", usage: "project pending ledger changes into the search index", run: runRelay,
			example: "groupmem relay"},
		{name: "healthcheck", usage: "exit 0 when the local server is ready (for container health checks)", flags: healthcheckCommand,
			reads: []string{"GROUPMEM_HTTP_ADDR", "GROUPMEM_METRICS_ADDR", "GROUPMEM_LOG_LEVEL", "GROUPMEM_LOG_JSON"}, example: "groupmem healthcheck            # serve, on GROUPMEM_HTTP_ADDR\ngroupmem healthcheck -metrics   # worker, on GROUPMEM_METRICS_ADDR"},
		{name: "hash-key", usage: "read an API key from standard input (or a prompt) and print its hash, for GROUPMEM_API_KEYS", run: runHashKey,
			reads: []string{}, example: "printf %s \"$SECRET\" | groupmem hash-key\ngroupmem hash-key                # prompts for the key, not shown"},
		{name: "config", usage: "show the value in effect of every setting and where it came from, secrets redacted (-markdown: the table of defaults)", flags: configCommand,
			example: "groupmem config\ngroupmem config -markdown"},
	}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := runIO(ctx, os.Args[1:], os.LookupEnv, os.Stdin, os.Stdout, os.Stderr)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "groupmem:", err)
		os.Exit(1)
	}
}

// run parses args and runs one command, with nothing on standard input.
// It is main without the process.
func run(ctx context.Context, args []string, lookupEnv func(string) (string, bool), stdout, stderr io.Writer) error {
	return runIO(ctx, args, lookupEnv, strings.NewReader(""), stdout, stderr)
}

// runIO is run reading standard input from stdin. Help asked for (-h,
// --help, help [command]) is printed on stdout and is not an error.
func runIO(ctx context.Context, args []string, lookupEnv func(string) (string, bool), stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		usage(stderr)
		return errors.New("no command given")
	}
	if args[0] == "help" || args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		if len(args) == 1 || args[0] != "help" {
			usage(stdout)
			return nil
		}
		cmd := findCommand(args[1])
		if cmd == nil {
			usage(stderr)
			return fmt.Errorf("unknown command %q", args[1])
		}
		args = []string{cmd.name, "-h"}
	}
	cmd := findCommand(args[0])
	if cmd == nil {
		usage(stderr)
		return fmt.Errorf("unknown command %q", args[0])
	}
	fs := newFlagSet()
	fs.SetOutput(io.Discard) // errors are returned, help printed below
	cfg, err := bindConfig(fs, lookupEnv)
	if err != nil {
		return err
	}
	runCmd := cmd.run
	if cmd.flags != nil {
		runCmd = cmd.flags(fs)
	}
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			commandHelp(stdout, cmd, fs, cfg)
			return nil
		}
		return fmt.Errorf("%s: %w (`groupmem help %s` lists its flags)", cmd.name, err, cmd.name)
	}
	if err := cfg.validate(); err != nil {
		return err
	}
	env := &Env{Config: cfg, Sources: sources(cfg, fs, lookupEnv), Stdin: stdin, Stdout: stdout, Stderr: stderr,
		Log: newLogger(cfg, stderr)}
	return runCmd(ctx, env, fs.Args())
}

// findCommand returns the command named name, or nil.
func findCommand(name string) *command {
	for _, c := range commands() {
		if c.name == name {
			return &c
		}
	}
	return nil
}

func newFlagSet() *flag.FlagSet { return flag.NewFlagSet("groupmem", flag.ContinueOnError) }

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: groupmem <command> [flags]\n\ncommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-12s %s\n", c.name, c.usage)
	}
	fmt.Fprintln(w, "\n`groupmem help <command>` (or `groupmem <command> -h`) describes a command and its flags.\n"+
		"Every setting is a GROUPMEM_* variable and a flag; `groupmem config` lists them.")
}

func newLogger(cfg *Config, w io.Writer) *slog.Logger {
	var level slog.Level
	_ = level.UnmarshalText([]byte(cfg.LogLevel)) // validated before
	opts := &slog.HandlerOptions{Level: level}
	var h slog.Handler = slog.NewTextHandler(w, opts)
	if cfg.LogJSON {
		h = slog.NewJSONHandler(w, opts)
	}
	if telemetryConfig(cfg).Enabled() {
		h = telemetry.LogHandler(h) // lines logged within a span carry its trace_id and span_id
	}
	return slog.New(h)
}

func configCommand(fs *flag.FlagSet) runFunc {
	markdown := fs.Bool("markdown", false, "print the Markdown table of every setting, its flag, default and meaning")
	return func(_ context.Context, env *Env, _ []string) error {
		if *markdown {
			printSettings(env.Stdout, true)
			return nil
		}
		printEffective(env.Stdout, env.Config, env.Sources)
		return nil
	}
}
