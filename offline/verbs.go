package offline

import (
	_ "embed"
	"strings"
)

// enVerbFile lists English verbs in their bare form (verbs/en.txt).
//
//go:embed verbs/en.txt
var enVerbFile string

// enVerbs are the verbs of enVerbFile, lower-cased.
var enVerbs = func() map[string]bool {
	m := map[string]bool{}
	for line := range strings.Lines(enVerbFile) {
		line, _, _ = strings.Cut(line, "#")
		for _, w := range strings.Fields(line) {
			m[strings.ToLower(w)] = true
		}
	}
	return m
}()

// enPresent reports whether w, the word after "I", is a verb in the
// present tense whose third person the rewrite knows: a verb of enVerbs,
// have, do, go, or don't and haven't.
func enPresent(w string) bool {
	switch lw := strings.ToLower(w); lw {
	case "have", "do", "go", "don't", "haven't":
		return true
	default:
		return enVerbs[lw]
	}
}
