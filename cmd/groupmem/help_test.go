package main

import (
	"flag"
	"slices"
	"strings"
	"testing"
)

// Every command describes itself on -h and on `groupmem help <command>`,
// and asking for help is not an error: its synopsis, an example, each of
// its own flags with a meaning, and each setting with its meaning, its
// variable and its default.
func TestCommandHelp(t *testing.T) {
	var c Config
	for _, cmd := range commands() {
		for _, args := range [][]string{{cmd.name, "-h"}, {cmd.name, "--help"}, {"help", cmd.name}} {
			out, stderr, err := runCmd(t, nil, args...)
			if err != nil {
				t.Errorf("%v: %v\n%s", args, err, stderr)
				continue
			}
			for _, want := range []string{"groupmem " + cmd.name + ": " + cmd.usage, "example:\n  "} {
				if !strings.Contains(out, want) {
					t.Errorf("%v: help lacks %q:\n%s", args, want, out)
				}
			}
			// Each setting the command reads is described; the others
			// are not listed, so that its help says what matters to it.
			for _, s := range c.settings() {
				named := strings.Contains(out, "  -"+flagName(s.env)+" ") || strings.Contains(out, "  -"+flagName(s.env)+"\n")
				described := named && strings.Contains(out, s.doc) && strings.Contains(out, "env "+s.env+",")
				reads := cmd.reads == nil || slices.Contains(cmd.reads, s.env)
				if reads && !described {
					t.Errorf("%v: help does not describe -%s with its meaning and variable", args, flagName(s.env))
				}
				if !reads && strings.Contains(out, "env "+s.env+",") {
					t.Errorf("%v: help lists %s, which %s does not read", args, s.env, cmd.name)
				}
			}
		}
		if cmd.flags == nil {
			continue
		}
		fs := flag.NewFlagSet(cmd.name, flag.ContinueOnError)
		cmd.flags(fs)
		out, _, _ := runCmd(t, nil, "help", cmd.name)
		fs.VisitAll(func(f *flag.Flag) {
			if f.Usage == "" || !strings.Contains(out, "  -"+f.Name) || !strings.Contains(out, f.Usage) {
				t.Errorf("%s -%s is not described", cmd.name, f.Name)
			}
		})
	}
}

// `groupmem -h` and `groupmem help` list every command with its synopsis;
// no command at all, or an unknown one, is an error.
func TestCommandList(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"--help"}, {"help"}} {
		out, _, err := runCmd(t, nil, args...)
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		for _, cmd := range commands() {
			if !strings.Contains(out, cmd.name) || !strings.Contains(out, cmd.usage) {
				t.Errorf("%v does not list %s with its synopsis:\n%s", args, cmd.name, out)
			}
		}
	}
	for _, args := range [][]string{nil, {"help", "frobnicate"}, {"evolve", "-frobnicate"}} {
		if _, _, err := runCmd(t, nil, args...); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}
