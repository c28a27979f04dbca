package offline

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Kinds of the facts a statement can name and a later message can change.
const (
	kindWeekday = "weekday" // 周五, 星期六, friday
	kindTime    = "time"    // 8点, 20:30, 9pm (as an hour on a 12-hour dial)
	kindName    = "name"    // GitLab, Discord: Latin names in Chinese text, capitalised words in English
)

// values lists the facts of each kind a text names, each value once, in
// order of appearance.
type values map[string][]string

func (v values) add(kind, val string) {
	if !slices.Contains(v[kind], val) {
		v[kind] = append(v[kind], val)
	}
}

// has reports whether the text names val of kind.
func (v values) has(kind, val string) bool { return slices.Contains(v[kind], val) }

// factsOf extracts the weekdays, clock times and names a text mentions:
// each language of ls reads its weekdays and hours (Language.When), and
// a Latin word none of them read is a name when it is capitalised inside
// a sentence, or any Latin word in a line of an unspaced script.
func factsOf(ls []Language, text string) values {
	v := values{}
	text = strip(text, true)
	read := map[string]bool{} // words read as a weekday or an hour
	for _, l := range ls {
		if l.When == nil {
			continue
		}
		for _, m := range l.When(text) {
			v.add(m.Kind, m.Value)
			for _, w := range m.Words {
				read[strings.ToLower(w)] = true
			}
		}
	}
	cjk := strings.ContainsFunc(text, unspaced)
	for _, w := range latinWords(text) {
		lw := strings.ToLower(w.text)
		if read[lw] || len([]rune(lw)) < 2 || fillerWord(ls, lw) || stopWord(ls, lw) {
			continue
		}
		if cjk && w.letters || w.letters && hasUpper(w.text) && !w.initial {
			v.add(kindName, lw)
		}
	}
	return v
}

// Moment is a weekday or a clock time a language reads in a text: its
// kind ("weekday" or "time"), its value ("fri"; an hour on a 12-hour
// dial, "8" or "8:30"), and the Latin words it was read from, which are
// then no names ("Friday", "9pm", "pm").
type Moment struct {
	Kind, Value string
	Words       []string
}

func dial(h, m int) string {
	h %= 12
	if m == 0 {
		return strconv.Itoa(h)
	}
	return strconv.Itoa(h) + ":" + strconv.Itoa(m)
}

// word is a run of Latin letters, digits, apostrophes and colons.
type word struct {
	text    string
	letters bool // holds a letter
	initial bool // first word of a sentence
}

func latinWords(text string) []word {
	var out []word
	var cur []rune
	initial := true
	flush := func(next rune) {
		if len(cur) > 0 {
			w := word{text: strings.Trim(string(cur), "':"), initial: initial}
			w.letters = strings.ContainsFunc(w.text, unicode.IsLetter)
			if w.text != "" {
				out = append(out, w)
			}
			initial = false
			cur = cur[:0]
		}
		if strings.ContainsRune(".!?。！？\n", next) || unspaced(next) {
			initial = true
		}
	}
	for _, r := range text {
		if r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r)) || len(cur) > 0 && (r == '\'' || r == ':') {
			cur = append(cur, r)
			continue
		}
		flush(r)
	}
	flush(' ')
	return out
}

func hasUpper(s string) bool { return strings.ContainsFunc(s, unicode.IsUpper) }

// announcesChange reports whether text holds a change cue of a language
// of ls (Language.ChangeCues).
func announcesChange(ls []Language, text string) bool {
	return says(ls, text, func(l Language) []string { return l.ChangeCues })
}

// saysHowOften reports whether text says how often something happens
// (Language.FrequencyCues).
func saysHowOften(ls []Language, text string) bool {
	return says(ls, text, func(l Language) []string { return l.FrequencyCues })
}
