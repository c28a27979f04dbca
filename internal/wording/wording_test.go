package wording

import (
	"regexp"
	"slices"
	"testing"
)

func TestCheck(t *testing.T) {
	names := []string{"Mel", "Andrew", "Dave", "Melanie", "John", "Nate", "Audrey", "Priya", "Chloe", "Tariq"}
	for _, tc := range []struct {
		st   string
		want []string
	}{
		{"Melanie works as a nurse in Tacoma.", nil},
		{"Nate has a beagle called Rufus.", nil},
		{"Members play badminton every Friday at 7pm.", nil},
		{"Mel! Sounds like you and the kids had a blast. How'd they like it?", []string{SecondPerson, Question, Greeting}},
		{"Looks like you had fun - what happened there?", []string{SecondPerson, Question}},
		{"Nate is really grateful to have a job Nate enjoys every day. Nate is really grateful to have a job Nate enjoys every day. So anyways", []string{Repeated, NameAgain}},
		{"Hey Andrew, Audrey got a surprise for you!", []string{SecondPerson, Greeting}},
		{"Dave! Dave! Calvin will stay focused", []string{Greeting}},
		{"Here's a pic of them snuggling on Audrey's favorite blanket.", []string{Photo}},
		{"Kofi: Here's the view from the beach at Labadi, the waves were crazy", []string{Photo}},
		{"Look at the hammers, like little soldiers", []string{Photo}},
		{"Melanie appreciate the group's friendship too", []string{FirstPerson}},
		{"Chloe help out at the food bank on Saturday mornings", []string{FirstPerson}},
		{"Tariq don't eat pork", []string{FirstPerson}},
		{"John even have the whole collection", []string{FirstPerson}},
		{"John too. Talk to you later!", []string{SecondPerson, SignOff}},
		{"That's great!", []string{Reaction}},
		{"I moved to Denver.", []string{FirstPerson}},
		{"Dev's gecko will only eat if im watching him", []string{FirstPerson}},
		{"Melanie knew everything, Dave.", []string{Greeting}},
		{"Melanie met Dave, Audrey and Nate.", nil},
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

// A member named again where a pronoun belongs, in either language; a
// name said again once another member is named, or once per clause of an
// extended statement, is plain.
func TestNameAgain(t *testing.T) {
	names := []string{"Emma", "Tom", "Hannah", "Mel", "Melanie", "Nate", "胖虎", "婷婷", "小美", "老李"}
	for _, tc := range []struct {
		st   string
		want []string
	}{
		{"Emma's feet hate Emma after a long shift.", []string{NameAgain}},
		{"Tom dropped Tom's keys in the lake.", []string{NameAgain}},
		{"Hannah signed a lease, and Hannah moved in on Friday.", []string{NameAgain}},
		{"Nate has a job Nate enjoys.", []string{NameAgain}},
		{"胖虎准备给胖虎的柜子上锁了", []string{NameAgain}},
		{"婷婷周一去了上海，婷婷的妈妈也去了。", []string{NameAgain}},
		{"小美把小美的猫送去寄养了", []string{NameAgain}},

		{"Tom and Emma met Emma's sister.", nil},
		{"Emma drove Tom to Tom's office.", nil},
		{"Tom dropped his keys in the lake.", nil},
		{"Melanie borrowed Mel's bike.", nil},
		{"Tom dropped his keys. Tom's wife found them.", nil},
		{"on Thu Jul 30, Hannah signed a lease in Pittsburgh; on Tue Aug 4, Hannah moved to Portland", nil},
		{"on Thu Jul 30, Hannah signed a lease in Pittsburgh; on Tue Aug 4, Hannah's sister moved in", nil},
		{"7月30日，婷婷在成都找到了工作；8月4日，婷婷搬到了杭州", nil},
		{"胖虎准备给自己的柜子上锁了", nil},
		{"老李和胖虎去了胖虎的老家", nil},
	} {
		if got := Check(tc.st, names); !slices.Equal(got, tc.want) {
			t.Errorf("Check(%q) = %v, want %v", tc.st, got, tc.want)
		}
	}
}

// A discourse marker left where a sentence or a part of one opens, or
// right after the name that opens it; the same words as an adverb or a
// verb are plain.
func TestLeadWord(t *testing.T) {
	names := []string{"Tom", "Ben", "Hannah", "婷婷", "老李", "小美", "胖虎"}
	for _, tc := range []struct {
		st   string
		want []string
	}{
		{"Tom anyway started German lessons.", []string{LeadWord}},
		{"Ben oh and his sister moved to Leeds.", []string{LeadWord}},
		{"Oh and Ben started a new job at the bakery.", []string{LeadWord}},
		{"Anyway, Tom started German lessons.", []string{LeadWord}},
		{"Also, Ben plays chess on Sundays.", []string{LeadWord}},
		{"Ben btw adopted a greyhound.", []string{LeadWord}},
		{"The weather was awful. By the way, Hannah got engaged.", []string{LeadWord}},
		{"on Tue Aug 4, Hannah anyway moved to Portland", []string{LeadWord}},
		{"婷婷话说最近迷上射箭了", []string{LeadWord}},
		{"老李对了下周搬家", []string{LeadWord}},
		{"小美跟你们说个事，下个月要去日本了", []string{SecondPerson, LeadWord}},
		{"话说婷婷最近迷上射箭了", []string{LeadWord}},
		{"对了，老李下周搬家。", []string{LeadWord}},
		{"另外，胖虎报了一个游泳班。", []string{LeadWord}},
		{"另外胖虎报了一个游泳班。", []string{LeadWord}},
		{"武汉今天又下雨，老李对了下周搬家", []string{LeadWord}},

		{"Ben also plays chess.", nil},
		{"Tom moved to Austin anyway.", nil},
		{"Tom's wife, also a nurse, works nights.", nil},
		{"Ben grew up in Ohio.", nil},
		{"婷婷话说得很快。", nil},
		{"婷婷这次猜对了。", nil},
		{"小美另外买了一台电脑。", nil},
		{"另外两个人也报了名。", nil},
		{"老李说的话说明了问题。", nil},
	} {
		if got := Check(tc.st, names); !slices.Equal(got, tc.want) {
			t.Errorf("Check(%q) = %v, want %v", tc.st, got, tc.want)
		}
	}
}

// Two Chinese sentences run together with a bare space; a space beside a
// Latin word, or in English, is plain.
func TestJoined(t *testing.T) {
	for _, tc := range []struct {
		st   string
		want []string
	}{
		{"武汉今天又下雨，衣服一周没干了 我姐又在家族群里发了语音", []string{FirstPerson, Joined}},
		{"婷婷在成都找到了工作 下个月入职", []string{Joined}},
		{"婷婷在成都找到了工作\u3000下个月入职", []string{Joined}},
		{"老李下周搬家 对了，胖虎也要搬", []string{LeadWord, Joined}},
		{"另外胖虎也要搬 另外两个人不搬", []string{LeadWord, Joined}},

		{"胖虎在学 Python 编程。", nil},
		{"婷婷在成都找到了工作。下个月入职。", nil},
		{"Tom moved to Austin in May.", nil},
	} {
		if got := Check(tc.st, []string{"胖虎", "婷婷", "老李", "Tom"}); !slices.Equal(got, tc.want) {
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
