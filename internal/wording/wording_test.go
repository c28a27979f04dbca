package wording

import (
	"regexp"
	"slices"
	"testing"
)

func TestCheck(t *testing.T) {
	names := []string{"Mel", "Andrew", "Dave", "Melanie", "John", "Nate", "Audrey", "Priya"}
	for _, tc := range []struct {
		st   string
		want []string
	}{
		{"Melanie works as a nurse in Tacoma.", nil},
		{"Nate has a beagle called Rufus.", nil},
		{"Members play badminton every Friday at 7pm.", nil},
		{"Mel! Sounds like you and the kids had a blast. How'd they like it?", []string{SecondPerson, Question, Greeting}},
		{"Looks like you had fun - what happened there?", []string{SecondPerson, Question}},
		{"Nate is really grateful to have a job Nate enjoys every day. Nate is really grateful to have a job Nate enjoys every day. So anyways", []string{Repeated}},
		{"Hey Andrew, Audrey got a surprise for you!", []string{SecondPerson, Greeting}},
		{"Dave! Dave! Calvin will stay focused", []string{Greeting}},
		{"Here's a pic of them snuggling on Audrey's favorite blanket.", []string{Photo}},
		{"Melanie appreciate the group's friendship too", []string{FirstPerson}},
		{"John even have the whole collection", []string{FirstPerson}},
		{"John too. Talk to you later!", []string{SecondPerson, SignOff}},
		{"That's great!", []string{Reaction}},
		{"I moved to Denver.", []string{FirstPerson}},
		{"@Dave the meeting moved to Thursday.", []string{Mention}},
		{"Been really into fencing lately, it gets Priya off Priya's phone", []string{NameAgain}},
		{"Priya has been into fencing lately, it gets her off her phone", nil},
		{"李雷在成都做程序员。", nil},
		{"群成员每周五晚上打羽毛球。", nil},
		{"你们周末去哪玩了？", []string{SecondPerson, Question}},
		{"有人一起点奶茶吗", []string{Question}},
		{"太好了", []string{Reaction}},
		{"哈哈哈", []string{Reaction}},
		{"看这张，小猫睡着了。", []string{Photo}},
		{"我对芒果过敏。", []string{FirstPerson}},
		{"晚安，明天见。", []string{SignOff}},
		{"恭喜恭喜（3位成员，3天，10月17日起）", []string{Greeting}},
		{"王芳搬到了杭州。王芳搬到了杭州。", []string{Repeated}},
	} {
		if got := Check(tc.st, names); !slices.Equal(got, tc.want) {
			t.Errorf("Check(%q) = %v, want %v", tc.st, got, tc.want)
		}
	}
}

// A language is a value: a toy one added to Lexicons is read too.
func TestToyLexicon(t *testing.T) {
	toy := Lexicon{SecondPerson: regexpOf(`\bdu\b`)}
	old := Lexicons
	Lexicons = append(slices.Clone(old), toy)
	t.Cleanup(func() { Lexicons = old })
	if got := Check("Hast du Zeit.", nil); !slices.Equal(got, []string{SecondPerson}) {
		t.Errorf("toy lexicon: got %v", got)
	}
}

func regexpOf(s string) *regexp.Regexp { return regexp.MustCompile(s) }
