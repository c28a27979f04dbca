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

// factsOf extracts the weekdays, clock times and names a text mentions.
func factsOf(ls []Language, text string) values {
	v := values{}
	text = strip(text, true)
	rs := []rune(text)
	for i := 0; i < len(rs); i++ {
		if d, n := cjkWeekday(rs[i:]); n > 0 {
			v.add(kindWeekday, d)
			i += n - 1
			continue
		}
		if h, n := cjkHour(rs[i:]); n > 0 {
			v.add(kindTime, h)
			i += n - 1
		}
	}
	cjk := 0
	for _, r := range rs {
		if unspaced(r) {
			cjk++
		}
	}
	words := latinWords(text)
	for i, w := range words {
		lw := strings.ToLower(w.text)
		if d, ok := englishDays[strings.TrimSuffix(lw, "s")]; ok {
			v.add(kindWeekday, d)
			continue
		}
		if h, ok := latinHour(lw, words, i); ok {
			v.add(kindTime, h)
			continue
		}
		if len([]rune(lw)) < 2 || fillerWord(ls, lw) || stopWord(ls, lw) || lw == "pm" || lw == "am" {
			continue
		}
		if cjk > 0 && w.letters || w.letters && hasUpper(w.text) && !w.initial {
			v.add(kindName, lw)
		}
	}
	return v
}

var cjkDays = map[rune]string{'一': "mon", '二': "tue", '三': "wed", '四': "thu", '五': "fri", '六': "sat", '日': "sun", '天': "sun",
	'1': "mon", '2': "tue", '3': "wed", '4': "thu", '5': "fri", '6': "sat", '7': "sun"}

var englishDays = map[string]string{"monday": "mon", "tuesday": "tue", "wednesday": "wed", "thursday": "thu",
	"friday": "fri", "saturday": "sat", "sunday": "sun"}

// cjkWeekday reads 周X, 星期X or 礼拜X at the start of rs, but not the
// 周天 of 这周天天 (every day this week).
func cjkWeekday(rs []rune) (string, int) {
	for _, p := range []string{"周", "星期", "礼拜"} {
		pr := []rune(p)
		if len(rs) > len(pr) && string(rs[:len(pr)]) == p {
			if d, ok := cjkDays[rs[len(pr)]]; ok && !(rs[len(pr)] == '天' && len(rs) > len(pr)+1 && rs[len(pr)+1] == '天') {
				return d, len(pr) + 1
			}
		}
	}
	return "", 0
}

var cjkDigits = map[rune]int{'零': 0, '一': 1, '二': 2, '两': 2, '三': 3, '四': 4, '五': 5, '六': 6, '七': 7, '八': 8, '九': 9, '十': 10}

// cjkHour reads an hour written as "8点", "八点", "十一点半" or "20:30" at
// the start of rs and returns it on a 12-hour dial ("8", "11:30").
func cjkHour(rs []rune) (string, int) {
	n, val, ascii := 0, 0, false
	for n < len(rs) && n < 3 {
		r := rs[n]
		if r >= '0' && r <= '9' {
			val, ascii = val*10+int(r-'0'), true
		} else if d, ok := cjkDigits[r]; ok && !ascii {
			switch {
			case d == 10 && val == 0:
				val = 10
			case d == 10:
				val *= 10
			case val >= 10:
				val += d
			default:
				val = val*10 + d
			}
		} else {
			break
		}
		n++
	}
	if n == 0 || n >= len(rs) || val > 24 || !ascii && n == 1 && rs[0] == '一' {
		return "", 0 // "一点" is as often "a little" as "one o'clock"
	}
	switch rs[n] {
	case '点':
		if n+1 < len(rs) && rs[n+1] == '半' {
			return dial(val, 30), n + 2
		}
		return dial(val, 0), n + 1
	case ':', '：':
		if ascii && n+2 < len(rs) && unicode.IsDigit(rs[n+1]) && unicode.IsDigit(rs[n+2]) {
			return dial(val, int(rs[n+1]-'0')*10+int(rs[n+2]-'0')), n + 3
		}
	}
	return "", 0
}

// latinHour reads "9pm", "9 pm", "21:00" or "9:30am" at words[i].
func latinHour(w string, words []word, i int) (string, bool) {
	num := strings.TrimRight(w, "apm")
	suffix := w[len(num):]
	if suffix != "" && suffix != "am" && suffix != "pm" {
		return "", false
	}
	hour, minute := num, "0"
	if h, m, ok := strings.Cut(num, ":"); ok {
		hour, minute = h, m
	} else if suffix == "" {
		if i+1 >= len(words) {
			return "", false
		}
		next := strings.ToLower(words[i+1].text)
		if next != "am" && next != "pm" {
			return "", false
		}
	}
	h, err1 := strconv.Atoi(hour)
	m, err2 := strconv.Atoi(minute)
	if err1 != nil || err2 != nil || h > 24 || m > 59 {
		return "", false
	}
	return dial(h, m), true
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
