package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"slices"
	"strings"

	"github.com/groupmem/groupmem/console"
	"github.com/groupmem/groupmem/demo"
)

// demoSettings are the settings the demo honours; it runs on the embedded
// configuration (a SQLite file, in-process index and lock, the local
// embedder and the offline evolver), so every other setting would be
// ignored.
var demoSettings = []string{"GROUPMEM_LOG_LEVEL", "GROUPMEM_LOG_JSON", "GROUPMEM_GRACE", "GROUPMEM_SEARCH_THRESHOLD"}

// demoCommand registers the demo command's flags.
func demoCommand(fs *flag.FlagSet) runFunc {
	serve := fs.Bool("serve", false, "keep the API up on the demo's data afterwards (open: no key needed)")
	addr := fs.String("addr", "127.0.0.1:8080", "address the API listens on with -serve (port 0: any free port)")
	dir := fs.String("dir", "", "keep the demo's SQLite file in this directory (default: a temporary one)")
	return func(ctx context.Context, env *Env, _ []string) error {
		if err := checkDemoSettings(env); err != nil {
			return err
		}
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
		// The API's evolutions are the demo's: its offline evolver, in the
		// chat's time zone.
		env.Config.Scheduler = false
		env.Config.APIKeys, env.Config.HTTPAddr = "", *addr // open, on -addr
		s, err := newServer(env, d.Stack, true)
		if err != nil {
			return err
		}
		if s.listener, err = net.Listen("tcp", *addr); err != nil {
			return fmt.Errorf("demo -addr: %w", err)
		}
		if !isLoopback(s.listener.Addr()) {
			fmt.Fprintf(env.Stderr, "warning: the demo's API answers every caller as an admin, without a key, on %s\n", s.listener.Addr())
		}
		base := baseURL(s.listener.Addr())
		fmt.Fprintf(env.Stdout, "\nThe API serves the demo group %q without keys on %s; Ctrl-C stops it.\n"+
			"Open the memory console: %s%s#/g/%s\nOr try:\n"+
			"  curl -s '%s/memory/list/%s'\n", d.GroupID, s.listener.Addr(), base, console.Prefix, d.GroupID, base, d.GroupID)
		return s.serve(ctx)
	}
}

// checkDemoSettings refuses a flag the demo would ignore and notes the
// variables it ignores.
func checkDemoSettings(env *Env) error {
	var ignored []string
	for _, s := range env.Config.settings() {
		if slices.Contains(demoSettings, s.env) {
			continue
		}
		switch env.Sources[s.env] {
		case sourceFlag:
			hint := "`groupmem serve` and `groupmem evolve` use it"
			if s.env == "GROUPMEM_HTTP_ADDR" {
				hint = "use -addr"
			}
			return fmt.Errorf("demo: -%s is not used: the demo runs on its own embedded stack (SQLite, in-process index, offline evolver); %s",
				flagName(s.env), hint)
		case sourceEnv:
			ignored = append(ignored, s.env)
		}
	}
	if len(ignored) > 0 {
		fmt.Fprintf(env.Stderr, "note: the demo runs on its own embedded stack and ignores %s\n", strings.Join(ignored, ", "))
	}
	return nil
}

// isLoopback reports whether addr is a loopback address.
func isLoopback(addr net.Addr) bool {
	tcp, ok := addr.(*net.TCPAddr)
	return ok && tcp.IP.IsLoopback()
}

// baseURL is the URL that reaches a listener on addr from this machine.
func baseURL(addr net.Addr) string {
	host, port, err := net.SplitHostPort(addr.String())
	if err != nil {
		return "http://" + addr.String()
	}
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, port)
}
