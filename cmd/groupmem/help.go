package main

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Where a setting's value came from.
const (
	sourceDefault = "default"
	sourceEnv     = "env"
	sourceFlag    = "flag"
)

// sources names, by variable, where each setting of c came from: a flag
// given on the command line wins over the environment, which wins over the
// built-in default.
func sources(c *Config, fs *flag.FlagSet, lookupEnv func(string) (string, bool)) map[string]string {
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	src := map[string]string{}
	for _, s := range c.settings() {
		switch _, inEnv := lookupEnv(s.env); {
		case given[flagName(s.env)]:
			src[s.env] = sourceFlag
		case inEnv:
			src[s.env] = sourceEnv
		default:
			src[s.env] = sourceDefault
		}
	}
	return src
}

// commandHelp describes cmd: its synopsis, an example, its own flags and
// then the settings every command reads, each with its variable and its
// built-in default. Values from the environment are not shown: they may
// be secrets (`groupmem config` shows them redacted).
func commandHelp(w io.Writer, cmd *command, fs *flag.FlagSet, c *Config) {
	fmt.Fprintf(w, "groupmem %s: %s\n\nusage: groupmem %s [flags]\n", cmd.name, cmd.usage, cmd.name)
	if cmd.example != "" {
		fmt.Fprintln(w, "\nexample:")
		for _, line := range strings.Split(cmd.example, "\n") {
			fmt.Fprintln(w, "  "+line)
		}
	}
	shared := map[string]setting{}
	for _, s := range c.settings() {
		shared[flagName(s.env)] = s
	}
	var own []*flag.Flag
	fs.VisitAll(func(f *flag.Flag) {
		if _, ok := shared[f.Name]; !ok {
			own = append(own, f)
		}
	})
	if len(own) > 0 {
		fmt.Fprintf(w, "\nflags of %s:\n", cmd.name)
		for _, f := range own {
			printFlag(w, f, "", f.DefValue)
		}
	}
	if cmd.reads != nil && len(cmd.reads) == 0 {
		fmt.Fprintf(w, "\n%s reads no GROUPMEM_* setting.\n", cmd.name)
		return
	}
	fmt.Fprintln(w, "\nsettings (each a flag and a GROUPMEM_* variable; the flag wins over the variable):")
	for _, s := range c.settings() {
		if cmd.reads == nil || slices.Contains(cmd.reads, s.env) {
			printFlag(w, fs.Lookup(flagName(s.env)), s.env, s.def)
		}
	}
}

// printFlag writes one flag: its name and type, its meaning, and the
// variable behind it and its default when it has them.
func printFlag(w io.Writer, f *flag.Flag, env, def string) {
	// The type's name only: the usage's back quotes are Markdown, not a
	// name for the value.
	kind, _ := flag.UnquoteUsage(&flag.Flag{Value: f.Value})
	if kind != "" {
		kind = " " + kind
	}
	fmt.Fprintf(w, "  -%s%s\n        %s\n", f.Name, kind, f.Usage)
	var notes []string
	if env != "" {
		notes = append(notes, "env "+env)
	}
	switch {
	case strings.Contains(f.Usage, "(default"):
		// the usage says it in words
	case def == "" && kind == " string":
		notes = append(notes, "default empty")
	case kind == " string":
		notes = append(notes, fmt.Sprintf("default %q", def))
	case def != "":
		notes = append(notes, "default "+def)
	}
	if len(notes) > 0 {
		fmt.Fprintf(w, "        (%s)\n", strings.Join(notes, ", "))
	}
}
