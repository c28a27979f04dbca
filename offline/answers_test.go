package offline_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/offline"
)

// A member's answer to a question put to them by name is kept with the
// question, in their name, whatever the language; an answer to a question
// put to someone else, a question nobody answers, or a line hours later is
// not.
func TestAnswers(t *testing.T) {
	c, topics := chatOf(t, "answers", []line{
		{0, 0, "20:00", "Ann", "Ben what's your little one's name again?", "q"},
		{0, 0, "20:01", "Ben", "Ruby! the tornado of the family", "a"},
		{0, 1, "20:00", "Ann", "Cleo where are you originally from?", "q"},
		{0, 1, "20:02", "Cleo", "Dundee! small world if you know it", "a"},
		{0, 2, "20:00", "莉莉", "静静你现在做啥工作来着？", "q"},
		{0, 2, "20:03", "静静", "康复治疗师，干了五六年了", "a"},
		{0, 3, "20:00", "Ann", "Ben did the hike go ok?", "q"}, // asks nothing of Ben himself
		{0, 3, "20:01", "Ben", "muddy but fine", "noise"},
		{0, 4, "20:00", "Cleo", "Ann what's your favourite board game?", "q"}, // Ben answers, not Ann
		{0, 4, "20:01", "Ben", "Catan, no contest", "noise"},
		{0, 6, "20:00", "Ann", "Ben any allergies I should know about before I cook?", "q"}, // "I" is Ann
		{0, 6, "20:02", "Ben", "only buckwheat, everything else is fine", "a"},
		{0, 5, "09:00", "Ann", "Cleo what's your favourite band?", "q"}, // Cleo speaks only hours later, of other things
		{0, 5, "12:30", "Cleo", "The dog ate my sock on the walk", "noise"},
		{1, 0, "20:00", "Ann", "Dev what do you do for work these days?", "q"},
		{1, 0, "20:01", "Dev", "I'm a dental hygienist! going on six years now", "a"},
		{1, 1, "20:00", "莉莉", "小芳你家孩子叫什么？", "q"},
		{1, 1, "20:02", "小芳", "嘟嘟，上二年级了", "a"},
		{1, 2, "20:00", "莉莉", "小七你住哪边？", "q"},
		{1, 2, "20:01", "小七", "住宝安", "a"},
		{1, 3, "20:00", "莉莉", "表妹暑假有啥打算？", "q"},
		{1, 3, "20:01", "表妹", "去大理，票都订了", "a"},
		{1, 4, "20:00", "莉莉", "老周你平时还玩什么？", "q"},
		{1, 4, "20:02", "老周", "对，我最近在学太极", "a"},       // a sentence of its own: the question stays beside it
		{1, 5, "20:00", "莉莉", "阿豪你桌面那张照片是你家的吗？", "q"}, // no question word
		{1, 5, "20:01", "阿豪", "比熊，三岁了", "a"},
		// The same question put to two members: each answer stays, though
		// the question's words are then the group's.
		{2, 0, "20:00", "阿明", "国栋你平时还玩什么？", "q"},
		{2, 0, "20:01", "国栋", "钓鱼", "a"},
		{2, 2, "20:00", "国栋", "阿明你平时还玩什么？", "q"},
		{2, 2, "20:01", "阿明", "羽毛球", "a"},
		{2, 3, "20:00", "莉莉", "你们平时还玩什么呀，我最近想学羽毛球", "noise"},
		{2, 4, "20:00", "小七", "平时还玩什么都行，钓鱼也好，开心就好", "noise"},
		{2, 5, "20:00", "莉莉", "平时还玩羽毛球的举手", "noise"},
		{2, 6, "20:00", "小七", "平时还玩钓鱼的也举手", "noise"},
		{3, 0, "20:00", "莉莉", "阿杰今年有出去玩的计划吗", "q"}, // a yes-or-no question its answer says more to
		{3, 0, "20:01", "阿杰", "泰国，早就想去了", "a"},
		// Questions asked as people ask them: "the" for "your", a "how"
		// that asks what lasts, a Chinese question without its mark.
		{3, 1, "19:44", "Ann", "Yuki what's the day job again?", "q"},
		{3, 1, "19:47", "Yuki", "paralegal, mostly nights", "a"},
		{3, 2, "12:19", "Cleo", "Yuki how far do you come from?", "q"},
		{3, 2, "12:20", "Yuki", "Killarney side", "a"},
		{3, 3, "20:03", "莉莉", "阿福你是哪里人", "q"},
		{3, 3, "20:05", "阿福", "槟城人", "a"},
		{3, 5, "12:56", "Ann", "Dev who's the little face on your lock screen?", "q"},
		{3, 5, "12:58", "Dev", "the sausage dog, runs the house basically", "a"},
		{3, 6, "19:11", "小七", "冠廷你家小朋友多大了？", "q"},
		{3, 6, "19:14", "冠廷", "安安喔，下个月满四岁", "a"},
		{4, 0, "20:22", "小七", "冠廷你有英文名字吗？", "q"},
		{4, 0, "20:23", "冠廷", "有啊，叫Wendy", "a"},
		{4, 1, "20:18", "Ann", "Mateo what brought you to Taiwan again? work?", "q"},
		{4, 1, "20:19", "Mateo", "game localizer, it pays the rent", "a"},
		{4, 2, "19:44", "小七", "老唐上次那个卖腊肉的村子叫啥？", "q"}, // an answer that names nothing
		{4, 2, "19:47", "老唐", "忘了，回头查下导航记录", "noise"},
		{4, 3, "19:44", "Cleo", "Dev what's the name of that bakery again?", "q"},
		{4, 3, "19:47", "Dev", "no idea, I'll check my photos", "noise"},
		{4, 4, "20:30", "Cleo", "Tariq are you far from the site?", "q"},
		{4, 4, "20:31", "Tariq", "over in Montpelier, not far at all", "a"},
		{4, 5, "19:49", "Cleo", "Jude is there anything you don't eat? making a big pot of something", "q"},
		{4, 5, "19:50", "Jude", "just mustard, otherwise I'm easy", "a"},
		{4, 6, "19:49", "Cleo", "Jude are you still coming tonight?", "q"}, // the moment
		{4, 6, "19:50", "Jude", "running late, twenty minutes", "noise"},
		{5, 0, "12:15", "阿峰", "小鹿你正经工作是干嘛的来着？新人问我我答不上来", "q"},
		{5, 0, "12:16", "小鹿", "嵌入式开发，说来话长", "a"},
		{3, 4, "20:00", "Ann", "Ben how was the hike?", "q"}, // the moment, not Ben
		{3, 4, "20:01", "Ben", "muddy but fine, loved it", "noise"},
	})
	env := replay(t, c, offline.Config{})
	active := memories(t, env)[groupmem.StatusActive]
	// An answer that names a value reads as what it says of the member;
	// any other keeps the question beside it.
	want := map[string]string{ // statement's start → the answer's words it must hold
		"Ben's little one's name is Ruby, the tornado of the family":                                  "Ruby",
		"Cleo is originally from Dundee":                                                              "Dundee",
		"静静现在是康复治疗师，干了五六年了":                                                                           "康复治疗师",
		"Asked about any allergies Ann should know about before they cook, Ben said — only buckwheat": "buckwheat",
		"Dev is a dental hygienist":                                                                   "six years",
		"小芳家孩子叫嘟嘟，上二年级了":                                                                              "嘟嘟",
		"小七住宝安":                                                                     "宝安",
		"表妹暑假去大理，票都订了":                                                              "大理",
		"老周被问到平时还玩什么：":                                                              "太极",
		"阿杰被问到":                                                                     "泰国",
		"国栋平时还玩钓鱼":                                                                  "钓鱼",
		"阿明平时还玩羽毛球":                                                                 "羽毛球",
		"阿豪被问到桌面那张照片是自己家的：比熊":                                                       "比熊",
		"Asked what the day job is, Yuki said — paralegal":                          "paralegal",
		"Asked how far they come from, Yuki said — Killarney":                       "Killarney",
		"阿福是槟城人":                                                                    "槟城",
		"Asked whether they are far from the site, Tariq said — over in Montpelier": "Montpelier",
		"Asked about anything they don't eat, Jude said — just mustard":             "mustard",
		"小鹿被问到正经工作是干嘛的：嵌入式开发":                                                       "嵌入式开发",
	}
	for start, words := range want {
		i := slices.IndexFunc(active, func(m groupmem.Memory) bool { return strings.HasPrefix(m.Statement, start) })
		if i < 0 {
			t.Errorf("no active memory starts %q; active: %v", start, statementsOf(active))
			continue
		}
		m := active[i]
		if !strings.Contains(m.Statement, words) || len(m.Evidence) != 2 || topics[m.Evidence[0]] != "a" || topics[m.Evidence[1]] != "q" {
			t.Errorf("%q cites %v; want the answer, then the question", m.Statement, m.Evidence)
		}
		if strings.Contains(m.Statement, "you") || strings.Contains(m.Statement, "你") || strings.ContainsAny(m.Statement, "?？") {
			t.Errorf("%q keeps the question's reader or its mark", m.Statement)
		}
	}
	for _, m := range active {
		if strings.Contains(m.Statement, "Catan") || strings.Contains(m.Statement, "muddy") || strings.Contains(m.Statement, "band") ||
			strings.Contains(m.Statement, "忘了") || strings.Contains(m.Statement, "no idea") || strings.Contains(m.Statement, "twenty minutes") {
			t.Errorf("%q: kept an answer to a question put to someone else, or one that asked nothing of its replier", m.Statement)
		}
	}
}

// A question is put to the member it names as a word of its own, the
// longest name first: "Anna" is not Ann, "Also" is not Al.
func TestAddressee(t *testing.T) {
	names := map[string]string{"ann": "Ann", "anna": "Anna", "al": "Al", "jj": "静静"}
	for text, want := range map[string]string{
		"Anna what's your favourite band?": "anna",
		"Ann what's your favourite band?":  "ann",
		"Also, what's your job?":           "",
		"大家好啊今天天气真不错我想问一下静静你现在做啥工作来着？": "jj",
	} {
		if got := offline.Addressee(groupmem.Message{SenderID: "x", Content: text}, names); got != want {
			t.Errorf("addressee(%q) = %q, want %q", text, got, want)
		}
	}
}
