package offline

import (
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/groupmem/groupmem"
)

// toy is a third language, written as any language is: a value. It reads
// clauses in Cyrillic script.
var toy = Language{
	Name: "toy",
	Owns: func(c string) bool {
		return strings.ContainsFunc(c, func(r rune) bool { return unicode.Is(unicode.Cyrillic, r) })
	},
	ClauseMarks:  ".!?",
	SecondPerson: regexp.MustCompile(`(?i)(^|\s)(ты|вы)(\s|$|[.!?,])`),
	Question:     regexp.MustCompile(`\?\s*$`),
	Reaction:     regexp.MustCompile(`(?i)^\s*(ура|класс)[!.\s]*$`),
	Singular:     regexp.MustCompile(`(?i)(^|\s)я(\s|$)`),
	Recurs:       regexp.MustCompile(`(?i)кажд(ую|ый|ое) (пятницу|неделю|день|утро)`),
	FillerWords:  []string{"привет", "ок"},
	Facts:        map[string]*regexp.Regexp{"job": regexp.MustCompile(`(?i)(^|\s)я работаю `)},
	Voice: func(st, name string, _ time.Time, _ We) string {
		return regexp.MustCompile(`(?i)(^|\s)я работаю`).ReplaceAllString(st, "${1}"+name+" работает")
	},
	When: func(text string) []Moment {
		if strings.Contains(strings.ToLower(text), "пятниц") {
			return []Moment{{Kind: kindWeekday, Value: "fri"}}
		}
		return nil
	},
}

// Adding a language is adding a value: the algorithm, written once, reads
// the toy language's clauses by its lists and the others' by theirs.
func TestToyLanguage(t *testing.T) {
	ls := append([]Language{toy}, DefaultLanguages()...)
	for in, want := range map[string]string{
		"Мы играем в шахматы каждую пятницу. Ты придёшь? Ура!":       "Мы играем в шахматы каждую пятницу.",
		"Ура! Шахматы в клубе каждую пятницу. Are you coming? 周五见吗？": "Шахматы в клубе каждую пятницу.",
		"Ann works as a nurse. Как дела?":                            "Ann works as a nurse.",
		"Класс!":                                                     "",
	} {
		if got := clean(ls, in); got != want {
			t.Errorf("clean(%q) = %q, want %q", in, got, want)
		}
	}
	day := time.Date(2027, 1, 8, 9, 0, 0, 0, time.UTC)
	if !habitLine(ls, "Шахматы в клубе каждую пятницу", day, false) {
		t.Error("a toy line saying how often it recurs is no habit line")
	}
	if habitLine(ls, "я играю в шахматы каждую пятницу", day, false) {
		t.Error("a toy line about its sender alone is a habit line")
	}
	f, err := New(Config{Languages: ls}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.cfg.Languages) != 3 {
		t.Errorf("the evolver reads %d languages, want 3", len(f.cfg.Languages))
	}
	// Its member facts, third person, calendar and filler words are its own.
	ls = f.cfg.Languages
	line := "Я работаю врачом в городской больнице"
	if k, _, _, ok := factAt(ls, line); !ok || k.name != "job" {
		t.Errorf("factAt(%q) = %q, %v; want job", line, k.name, ok)
	}
	m := groupmem.Message{SenderID: "u1", SenderName: "Иван", Content: line, SentAt: day}
	if got, want := f.ownStatement(m), "Иван работает врачом в городской больнице"; got != want {
		t.Errorf("ownStatement(%q) = %q, want %q", line, got, want)
	}
	if v := factsOf(ls, "Шахматы в пятницу в 19:00"); !v.has(kindWeekday, "fri") || !v.has(kindTime, "7") {
		t.Errorf("factsOf reads %v; want Friday from the toy language and 7 o'clock", v)
	}
	if !isFiller(ls, "привет ок") || isFiller(ls, "привет шахматы") {
		t.Error("the toy language's filler words are not read as filler")
	}
}

// A statement keeps only the clauses a person would keep, in both
// default languages.
func TestClean(t *testing.T) {
	ls := DefaultLanguages()
	for in, want := range map[string]string{
		"Mel! Sounds like you and the kids had a blast. How'd they like it?":          "",
		"Hey Andrew, Audrey got a surprise for you!":                                  "",
		"Here's a pic of them snuggling on the favorite blanket.":                     "",
		"Here's the sunset from the pier at St Kilda. The penguins come out after it": "The penguins come out after it",
		"Melanie appreciate the group's friendship too":                               "",
		"John too. Talk to you later!":                                                "John too.",
		"Nate has a job he enjoys. Nate has a job he enjoys. So anyways":              "Nate has a job he enjoys.",
		"That's great! Ann works as a nurse in Leeds":                                 "Ann works as a nurse in Leeds",
		"Darnell found the bearded dragon on their pillow like, where have you BEEN?": "Darnell found the bearded dragon on their pillow",
		"太好了，莉莉对芒果过敏":                                                                 "莉莉对芒果过敏",
		"看这张，小猫睡着了":                                                                   "小猫睡着了",
		"你们周末去哪玩了？":                                                                   "",
		"老李住在成都 有人一起点奶茶吗":                                                             "老李住在成都",
		"哈哈哈": "",
		// A clause that answers a dropped one goes with it.
		"Dev spent the morning at the vet with the corn snake. all fine, but their wallet isn't": "Dev spent the morning at the vet with the corn snake.",
		"Ann adopted a greyhound, but it snores":                                                 "Ann adopted a greyhound, but it snores",
		// A proposal of the moment after what a clause says goes; one that
		// opens a clause is left to the other checks.
		"Ana is allergic to peanuts so let's not do the thai place again lol": "Ana is allergic to peanuts",
		"Ben moved to Oakland, let's throw him a party":                       "Ben moved to Oakland",
		"Let's keep politics out of this group":                               "Let's keep politics out of this group",
		"小芳花生过敏那咱们下次换一家":                                                      "小芳花生过敏",
	} {
		if got := clean(ls, in); got != want {
			t.Errorf("clean(%q) = %q, want %q", in, got, want)
		}
	}
}

// A question put to a member reads, in a statement, as what it asked of
// them; a question about the moment asks nothing lasting.
func TestAsked(t *testing.T) {
	for _, tt := range []struct {
		l    Language
		in   string
		want string // "" when the question asks nothing lasting
	}{
		{English, "what's your little one's name again?", "their little one's name"},
		{English, "where are you originally from?", "where they are originally from"},
		{English, "remind me what you do for work?", "what they do for work"},
		{English, "any big plans for the summer?", "about any big plans for the summer"},
		{English, "how's your mom doing?", ""},
		{English, "are you still coming tonight?", ""},
		{English, "did the hike go ok?", ""},
		{Chinese, "你现在做啥工作来着？", "现在做啥工作"},
		{Chinese, "你家宝贝小名叫啥来着", "自己家宝贝小名叫啥"},
		{Chinese, "新宠物到家了没", ""},
		{Chinese, "你今天来吗？", ""},
	} {
		got, ok := tt.l.Asked(tt.in)
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("%s Asked(%q) = %q, %v; want %q", tt.l.Name, tt.in, got, ok, tt.want)
		}
	}
}

// A line whose form hides what it says is said plainly before the
// rewrite to the third person.
func TestRewrites(t *testing.T) {
	for in, want := range map[string]string{
		"Thanks for chaperoning at Willow Farm, Emma":                  "I thanked Emma for chaperoning at Willow Farm",
		"Thanks for carrying me in Lethal Company tonight Hannah":      "I thanked Hannah for carrying me in Lethal Company",
		"Thanks for dinner at Golden Wok everyone, Ben you were right": "I thanked everyone for dinner at Golden Wok, Ben you were right",
		"Speaking as a landscape architect: drink water":               "I'm a landscape architect: drink water",
		"Thanks!":                         "Thanks!",
		"Been really into fencing lately": "I've been really into fencing lately",
	} {
		if got := English.rewrite(in); got != want {
			t.Errorf("rewrite(%q) = %q, want %q", in, got, want)
		}
	}
}

// A line opens with its verb only when its first word is one: "Hundred
// people came" and "Tired today" have no subject left out.
func TestOpensWithVerb(t *testing.T) {
	l := English
	for in, want := range map[string]bool{
		"Booked flights to Lisbon": true, "Finally finished the quilt": true,
		"Hundred people came to the talk": false, "Tired today": false, "Ted got promoted": false,
	} {
		if got := l.opensWithVerb(in); got != want {
			t.Errorf("opensWithVerb(%q) = %v, want %v", in, got, want)
		}
	}
}

// A language without a first person singular pattern reads facts all the
// same: a nil pattern is simply not read.
func TestLanguageWithoutSingular(t *testing.T) {
	l := Language{Name: "bare", Owns: func(string) bool { return true },
		Facts: map[string]*regexp.Regexp{"likes": regexp.MustCompile(`\blove\b`)}}
	if k, _, _, ok := factAt([]Language{l}, "the zoo the kids love"); !ok || k.name != "likes" {
		t.Errorf("factAt = %q, %v; want likes", k.name, ok)
	}
}

// A turn to another topic ("Also, …", "对了…") ends the part of a line a
// word's habit is read from: a recurrence said after it is not the word's.
func TestTopicWith(t *testing.T) {
	ls := DefaultLanguages()
	line := "Caught the second half in the pub. I give up. Also, pitch hire went up so it's £6 a game from now on"
	for _, tt := range []struct{ word, want string }{
		{"second", "Caught the second half in the pub. I give up."},
		{"pitch", "Also, pitch hire went up so it's £6 a game from now on"},
		{"tennis", line},
		{"宜宾", "话说我是宜宾人，过年回去每天吃到撑"},
	} {
		text := line
		if tt.word == "宜宾" {
			text = "今天降温了只想喝碗热汤 话说我是宜宾人，过年回去每天吃到撑"
		}
		if got := topicWith(ls, text, tt.word); got != tt.want {
			t.Errorf("topicWith(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
}
