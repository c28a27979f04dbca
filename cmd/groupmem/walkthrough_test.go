package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/groupmem/groupmem/llm/llmtest"
)

// The README's walkthrough runs: every curl between its markers is sent
// to `groupmem serve` on the embedded default with a scripted model, and
// each answer has the shape the README shows after it.
func TestReadmeWalkthrough(t *testing.T) {
	steps := readmeWalkthrough(t)
	model := llmtest.New(t, llmtest.WithDefault(llmtest.Reply{Text: createAnswer}))
	w := &walker{t: t, vars: map[string]string{}}
	curls := 0
	for i, st := range steps {
		if strings.Contains(st.cmd, "groupmem serve") {
			// The server the walkthrough starts, on a free loopback port.
			if !strings.Contains(st.cmd, `GROUPMEM_API_KEYS="me:admin:*:$(printf %s "$KEY" | groupmem hash-key)"`) {
				t.Fatalf("the walkthrough starts the server with other keys than the test: %s", st.cmd)
			}
			w.vars["GM"], _ = serveOn(t, map[string]string{
				"GROUPMEM_SQLITE_PATH": filepath.Join(t.TempDir(), "gm.db"), "GROUPMEM_LLM_URL": model.URL(),
				"GROUPMEM_LANG": "en", "GROUPMEM_API_KEYS": "me:admin:*:" + hashOf(w.vars["KEY"]),
			})
			continue
		}
		words := w.words(st.cmd)
		switch words[0] {
		case "export":
			for _, kv := range words[1:] {
				k, v, _ := strings.Cut(kv, "=")
				if k != "GM" || w.vars["GM"] == "" {
					w.vars[k] = v
				}
			}
		case "curl":
			curls++
			got := w.curl(words)
			if st.want == "" {
				t.Fatalf("walkthrough step %d (%s) shows no answer", i, st.cmd)
			}
			var want any
			if err := json.Unmarshal([]byte(st.want), &want); err != nil {
				t.Fatalf("the README's answer to %s is not JSON: %v", st.cmd, err)
			}
			if err := sameShape("", want, got); err != nil {
				t.Errorf("%s\nanswered %s\nwhich differs from the README: %v", st.cmd, mustJSON(got), err)
			}
		default:
			t.Fatalf("walkthrough line %q: the test cannot run it", st.cmd)
		}
	}
	if curls < 6 {
		t.Fatalf("the walkthrough ran %d requests; markers lost?", curls)
	}
}

// step is one command of the walkthrough and the JSON shown after it.
type step struct{ cmd, want string }

// readmeWalkthrough returns the commands between the README's walkthrough
// markers, with the JSON block that follows each. Assignments of a
// command's output (NAME=$(...)) are run here: `date` gives the time,
// `curl ... | jq -r PATH` a field of the answer.
func readmeWalkthrough(t *testing.T) []step {
	t.Helper()
	raw, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(raw)
	begin, end := strings.Index(s, "<!-- walkthrough:begin -->"), strings.Index(s, "<!-- walkthrough:end -->")
	if begin < 0 || end < begin {
		t.Fatal("README.md lacks the walkthrough markers")
	}
	var steps []step
	blocks := regexp.MustCompile("(?s)```(sh|json)\n(.*?)```").FindAllStringSubmatch(s[begin:end], -1)
	for _, b := range blocks {
		if b[1] == "json" {
			if len(steps) == 0 || steps[len(steps)-1].want != "" {
				t.Fatalf("a JSON block follows no command:\n%s", b[2])
			}
			steps[len(steps)-1].want = b[2]
			continue
		}
		// A command goes on past a line's end after a backslash or
		// inside quotes.
		cmd := ""
		for _, line := range strings.Split(strings.ReplaceAll(b[2], "\\\n", " "), "\n") {
			if cmd == "" && (strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#")) {
				continue
			}
			cmd += line
			if _, err := shellWords(cmd, nil); err != nil && strings.Contains(err.Error(), "unterminated") {
				cmd += "\n"
				continue
			}
			steps = append(steps, step{cmd: strings.TrimSpace(cmd)})
			cmd = ""
		}
		if cmd != "" {
			t.Fatalf("the walkthrough's command does not end: %s", cmd)
		}
	}
	return steps
}

// walker runs walkthrough commands, keeping the shell's variables.
type walker struct {
	t    *testing.T
	vars map[string]string
}

// words splits a line as a POSIX shell would, expanding $NAME and ${NAME}
// outside single quotes; it fails the test on what it cannot split.
// NAME=$(cmd) is run by substitute and reads as an export.
func (w *walker) words(line string) []string {
	w.t.Helper()
	if m := regexp.MustCompile(`^([A-Z_]+)=\$\((.*)\)$`).FindStringSubmatch(line); m != nil {
		return []string{"export", m[1] + "=" + w.substitute(m[2])}
	}
	words, err := shellWords(line, w.vars)
	if err != nil {
		w.t.Fatalf("walkthrough line %q: %v", line, err)
	}
	return words
}

// shellWords splits line into words, expanding variables from vars.
func shellWords(line string, vars map[string]string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	expand := func(i int) int { // at '$'; returns the index after the name
		j := i + 1
		brace := j < len(line) && line[j] == '{'
		if brace {
			j++
		}
		k := j
		for k < len(line) && (line[k] == '_' || line[k] >= 'A' && line[k] <= 'Z' || line[k] >= 'a' && line[k] <= 'z' || line[k] >= '0' && line[k] <= '9') {
			k++
		}
		if k == j { // not a name, e.g. $( inside a word
			cur.WriteByte('$')
			return i + 1
		}
		cur.WriteString(vars[line[j:k]])
		if brace {
			k++
		}
		return k
	}
	for i := 0; i < len(line); {
		c := line[i]
		switch {
		case c == ' ' || c == '\t':
			if inWord {
				words, inWord = append(words, cur.String()), false
				cur.Reset()
			}
			i++
			continue
		case c == '\'':
			j := strings.IndexByte(line[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("unterminated single quote")
			}
			cur.WriteString(line[i+1 : i+1+j])
			i += j + 2
		case c == '"':
			i++
			for i < len(line) && line[i] != '"' {
				switch {
				case line[i] == '$':
					i = expand(i)
				case line[i] == '\\' && i+1 < len(line) && strings.ContainsRune(`"\$`, rune(line[i+1])):
					cur.WriteByte(line[i+1])
					i += 2
				default:
					cur.WriteByte(line[i])
					i++
				}
			}
			if i == len(line) {
				return nil, fmt.Errorf("unterminated double quote")
			}
			i++
		case c == '$':
			i = expand(i)
		default:
			cur.WriteByte(c)
			i++
		}
		inWord = true
	}
	if inWord {
		words = append(words, cur.String())
	}
	if n := len(words); n > 0 && words[n-1] == "&" {
		words = words[:n-1]
	}
	if len(words) == 0 {
		return nil, fmt.Errorf("empty command")
	}
	return words, nil
}

// substitute runs the command of a $(...): date, or curl piped to jq -r.
func (w *walker) substitute(cmd string) string {
	w.t.Helper()
	if strings.HasPrefix(cmd, "date -u ") {
		return time.Now().UTC().Format(time.RFC3339)
	}
	curl, jq, ok := strings.Cut(cmd, " | jq -r ")
	if !ok || !strings.HasPrefix(curl, "curl ") {
		w.t.Fatalf("unsupported command substitution %q", cmd)
	}
	path := w.words(jq)
	v, err := jqPath(w.curl(w.words(curl)), path[0])
	if err != nil {
		w.t.Fatal(err)
	}
	str, ok := v.(string)
	if !ok {
		w.t.Fatalf("jq -r %s is %v, not a string", path[0], v)
	}
	return str
}

// curl sends the request a curl command line describes and decodes the
// JSON answer; it fails the test on a curl flag it does not know, and on
// an answer that is not a success.
func (w *walker) curl(words []string) any {
	t := w.t
	t.Helper()
	method, url, body := "GET", "", ""
	header := http.Header{}
	for i := 1; i < len(words); i++ {
		switch arg := words[i]; arg {
		case "-s":
		case "-X":
			i++
			method = words[i]
		case "-H":
			i++
			k, v, _ := strings.Cut(words[i], ": ")
			header.Add(k, v)
		case "-d":
			i++
			body = words[i]
			if method == "GET" {
				method = "POST"
			}
		default:
			if strings.HasPrefix(arg, "-") || url != "" {
				t.Fatalf("curl argument %q is not understood by the walkthrough test", arg)
			}
			url = arg
		}
	}
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header = header
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("%s %s answered %d %q", method, url, resp.StatusCode, raw)
	}
	if resp.StatusCode >= 300 {
		t.Fatalf("%s %s answered %d %s", method, url, resp.StatusCode, raw)
	}
	return v
}

// jqPath evaluates a jq path of fields and indexes, such as .a[0].b.
func jqPath(v any, path string) (any, error) {
	for _, part := range regexp.MustCompile(`\.[a-z_]+|\[\d+\]`).FindAllString(path, -1) {
		if strings.HasPrefix(part, "[") {
			n, _ := strconv.Atoi(strings.Trim(part, "[]"))
			a, ok := v.([]any)
			if !ok || n >= len(a) {
				return nil, fmt.Errorf("%s: no element %d in %v", path, n, v)
			}
			v = a[n]
			continue
		}
		m, ok := v.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("%s: %v is not an object", path, v)
		}
		v = m[part[1:]]
	}
	return v, nil
}

// sameShape reports where got lacks a field of want or holds a value of
// another JSON type; an array shown with elements must have some, each
// of the shape of the first shown. Strings must be equal, but for a
// placeholder such as "<uuid>"; numbers may differ.
func sameShape(at string, want, got any) error {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return fmt.Errorf("%s: %s, not an object", at, mustJSON(got))
		}
		for k, wv := range w {
			gv, ok := g[k]
			if !ok {
				return fmt.Errorf("%s.%s is missing", at, k)
			}
			if err := sameShape(at+"."+k, wv, gv); err != nil {
				return err
			}
		}
	case []any:
		g, ok := got.([]any)
		if !ok {
			return fmt.Errorf("%s: %s, not an array", at, mustJSON(got))
		}
		if len(w) > 0 && len(g) == 0 {
			return fmt.Errorf("%s is empty", at)
		}
		for i, gv := range g {
			if len(w) > 0 {
				if err := sameShape(fmt.Sprintf("%s[%d]", at, i), w[0], gv); err != nil {
					return err
				}
			}
		}
	case string:
		if g, ok := got.(string); !ok || !strings.HasPrefix(w, "<") && g != w {
			return fmt.Errorf("%s is %s, not %q", at, mustJSON(got), w)
		}
	case bool:
		if got != w {
			return fmt.Errorf("%s is %v, not %v", at, got, w)
		}
	case nil:
	default:
		if fmt.Sprintf("%T", want) != fmt.Sprintf("%T", got) {
			return fmt.Errorf("%s: %s, not a %T", at, mustJSON(got), want)
		}
	}
	return nil
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
