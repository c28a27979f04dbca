package offline

import (
	"slices"
	"strings"
	"testing"
)

// The kind words of each language name what a person is or has, as whole
// words and phrases of a spaced script (in the plural too) and as runs of
// an unspaced one; a word inside another word names nothing.
func TestKindsIn(t *testing.T) {
	for _, c := range []struct {
		lang, line string
		want       []string
	}{
		{"en", "people at parties hear hospice nurse and start showing me their rashes", []string{"job"}},
		{"en", "got home at 8am and the bearded dragon was sitting on my pillow", []string{"animal"}},
		{"en", "every catered lunch has peanuts in it", []string{"food"}},
		{"en", "skipping overtime because crochet is the only thing keeping me sane", []string{"pastime"}},
		{"en", "the nursery run was chaos this morning", nil},
		{"en", "what a day, the weather turned again", nil},
		{"zh", "下班回家缅因猫在门口等我", []string{"animal"}},
		{"zh", "当审计就是这样，白天开会晚上干活", []string{"job"}},
		{"zh", "今天好冷，出门冻死了", nil},
		{"xx", "a hospice nurse", nil}, // a language without kind words
	} {
		if got := kindsIn(c.lang, strings.ToLower(c.line)); !slices.Equal(got, c.want) {
			t.Errorf("kindsIn(%s, %q) = %v, want %v", c.lang, c.line, got, c.want)
		}
	}
}

// Every language the evolver speaks has its kind words, each section
// filled, and a kinds file that is not well formed is refused by line.
func TestKindFiles(t *testing.T) {
	for _, lang := range []string{"en", "zh"} {
		counts := map[string]int{}
		for _, k := range kindWords[lang] {
			counts[k]++
		}
		for _, k := range kindNames {
			if counts[k] < 40 {
				t.Errorf("kinds/%s.txt: %d words of kind %s, want 40 at least", lang, counts[k], k)
			}
		}
	}
	for data, want := range map[string]string{
		"nurse\n":                    "line 1: a word before any [kind]",
		"[job]\nnurse\n[planet]\n":   `line 3: unknown kind "planet"`,
		"[job]\na b c d e f g h i\n": "line 2: ",
	} {
		if _, err := parseKinds([]byte(data)); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("parseKinds(%q) = %v, want an error %q", data, err, want)
		}
	}
	words, err := parseKinds([]byte("# jobs\n[job]\nNurse\nclinical  educator\n\n[animal]\n缅因猫\n"))
	if err != nil {
		t.Fatal(err)
	}
	if words["nurse"] != "job" || words["clinical educator"] != "job" || words["缅因猫"] != "animal" {
		t.Errorf("parseKinds = %v", words)
	}
}

// The reader's weights name only cues it knows; a file that names another
// is refused when the package loads, not read as a zero weight.
func TestReadersRefuseUnknownCues(t *testing.T) {
	if _, ok := readers["zh"]; !ok {
		t.Fatal("Chinese has no reader")
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), `unknown feature "shoe_size"`) {
			t.Errorf("recovered %v, want a refusal naming the feature", r)
		}
	}()
	mustReaders([]byte(`{"xx": {"threshold": 0.5, "weights": {"bias": 1, "shoe_size": 2}}}`))
}
