package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"regexp"
	"strings"
	"text/tabwriter"

	"github.com/groupmem/groupmem/api"
)

// runHashKey is `groupmem hash-key`: it reads one API key from standard
// input, or from a prompt without echo on a terminal, and prints its hash.
// A key given as an argument is refused: shell history and ps keep
// arguments.
func runHashKey(_ context.Context, env *Env, args []string) error {
	if len(args) > 0 {
		return errors.New("hash-key reads the key from standard input, not from its arguments (shell history and ps keep them): " +
			`printf %s "$SECRET" | groupmem hash-key, or run groupmem hash-key and type it`)
	}
	key, err := readSecret(env.Stdin, env.Stderr, "API key (not shown): ")
	if err != nil {
		return err
	}
	fmt.Fprintln(env.Stdout, api.HashKey(key))
	return nil
}

// readSecret reads one line from in: on a terminal after writing prompt
// to w, without echo where the system allows it. The line's end is not
// part of the secret; an empty secret or more than one line is an error.
func readSecret(in io.Reader, w io.Writer, prompt string) (string, error) {
	if f, ok := in.(*os.File); ok && isTerminal(f) {
		fmt.Fprint(w, prompt)
		if restore, err := echoOff(f); err == nil {
			defer func() { restore(); fmt.Fprintln(w) }()
		}
		line, err := bufio.NewReader(f).ReadString('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return "", fmt.Errorf("read the key: %w", err)
		}
		in = strings.NewReader(line)
	}
	raw, err := io.ReadAll(io.LimitReader(in, 64<<10))
	if err != nil {
		return "", fmt.Errorf("read the key: %w", err)
	}
	s := strings.TrimSuffix(strings.TrimSuffix(string(raw), "\n"), "\r")
	switch {
	case s == "":
		return "", errors.New(`no key on standard input: printf %s "$SECRET" | groupmem hash-key`)
	case strings.ContainsAny(s, "\r\n"):
		return "", errors.New("standard input holds more than one line: give one key")
	}
	return s, nil
}

// isTerminal reports whether f is a terminal.
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// settingValues returns the value of every setting of c, as text, by
// variable.
func settingValues(c *Config) map[string]string {
	// Flags bound to a scratch Config print whatever it holds: c's values.
	var scratch Config
	fs := newFlagSet()
	for _, s := range scratch.settings() {
		_ = s.bind(fs, flagName(s.env), s.def) // the built-in defaults parse
	}
	scratch = *c
	values := map[string]string{}
	for _, s := range scratch.settings() {
		values[s.env] = fs.Lookup(flagName(s.env)).Value.String()
	}
	return values
}

// secretSetting reports whether a setting's whole value is a secret.
func secretSetting(env string) bool {
	return strings.HasSuffix(env, "_KEY") || strings.HasSuffix(env, "_KEYS") || strings.HasSuffix(env, "_PASSWORD")
}

const redacted = "<redacted>"

// secretParam matches key=value pairs of a Postgres connection string or
// a query whose key names a secret.
var secretParam = regexp.MustCompile(`(?i)((?:password|passwd|pwd|secret|token|api[-_]?key|key)=)[^&\s]*`)

// redact hides the secrets of a setting's value: the whole value of a
// key or password, the password and secret parameters of a URL.
func redact(env, value string) string {
	if value == "" {
		return ""
	}
	if secretSetting(env) {
		return redacted
	}
	if u, err := url.Parse(value); err == nil && u.User != nil {
		if _, ok := u.User.Password(); ok {
			u.User = url.UserPassword(u.User.Username(), "xxxxx")
			value = u.String()
		}
	}
	return secretParam.ReplaceAllString(value, "${1}xxxxx")
}

// printEffective writes every setting's value in effect, secrets
// redacted, and where it came from.
func printEffective(w io.Writer, c *Config, src map[string]string) {
	values := settingValues(c)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "VARIABLE\tFLAG\tVALUE\tSOURCE")
	for _, s := range c.settings() {
		v := redact(s.env, values[s.env])
		if v == "" {
			v = `""`
		}
		fmt.Fprintf(tw, "%s\t-%s\t%s\t%s\n", s.env, flagName(s.env), v, src[s.env])
	}
	tw.Flush()
}
