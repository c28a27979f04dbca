package offline_test

import (
	"testing"
	"unicode"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/offline"
)

// The topics of the bilingual scenario.
const (
	topicBadminton = "badminton" // Friday badminton: in Chinese for two weeks, then in English
	topicGaming    = "gaming"    // Tuesday online games: in Chinese only
	topicBrunch    = "brunch"    // Sunday brunch: in English only
)

// bilingualClub is a group whose members switch from Chinese to English
// halfway: the Friday badminton habit is the same habit in both languages,
// while the Tuesday games (Chinese) and the Sunday brunch (English) are
// habits of their own.
func bilingualClub() []line {
	var ls []line
	add := func(week, day int, at, who, text, topic string) {
		ls = append(ls, line{week, day, at, who, text, topic})
	}
	for w := 0; w < 4; w++ {
		add(w, 0, "08:00", "lin", []string{"早", "早上好", "morning", "gm"}[w], noiseTopic)
		add(w, 2, "12:30", "mei", []string{"哈哈哈", "收到", "lol", "ok"}[w], noiseTopic)
		add(w, 1, "20:00", "chen", []string{
			"周二晚上八点一起开黑打游戏，老规矩语音频道见",
			"今晚八点开黑，还是打那个新出的游戏",
			"周二晚上开黑继续，八点上线",
			"今晚八点老时间开黑打游戏",
		}[w], topicGaming)
		add(w, 1, "20:05", []string{"wang", "lin", "wang", "mei"}[w], []string{
			"来了来了，开黑算我一个",
			"我也上线打游戏",
			"开黑带我一个",
			"打游戏我晚点到",
		}[w], topicGaming)
		add(w, 6, "10:00", []string{"sam", "kate", "sam", "kate"}[w], []string{
			"Sunday brunch at the corner cafe at 11, who is coming?",
			"Brunch today at 11, same cafe as last week",
			"Sunday brunch is on, 11am at the cafe",
			"brunch at 11 today, the cafe on the corner",
		}[w], topicBrunch)
		add(w, 6, "10:10", []string{"kate", "sam", "kate", "sam"}[w], []string{
			"I'm in for brunch, save me a seat",
			"count me in for brunch",
			"brunch yes, I'll bring the newspaper",
			"see you at brunch",
		}[w], topicBrunch)
		if w < 2 {
			add(w, 4, "18:00", "lin", []string{
				"周五晚上七点体育馆打羽毛球，老地方见",
				"今晚七点羽毛球，还是那个体育馆",
			}[w], topicBadminton)
			add(w, 4, "18:10", []string{"wang", "chen"}[w], []string{
				"羽毛球算我一个，我带球拍",
				"打羽毛球我也去",
			}[w], topicBadminton)
			add(w, 4, "21:30", "mei", []string{
				"今天羽毛球打得真累",
				"羽毛球打完了，下周五继续",
			}[w], topicBadminton)
		} else {
			add(w, 4, "18:00", "lin", []string{
				"Badminton at the sports hall at 7 tonight, same court as always",
				"Friday badminton at 7pm, the usual sports hall",
			}[w-2], topicBadminton)
			add(w, 4, "18:10", []string{"sam", "kate"}[w-2], []string{
				"I'm in for badminton, bringing my racket",
				"badminton tonight, count me in",
			}[w-2], topicBadminton)
			add(w, 4, "21:30", "wang", []string{
				"great badminton game tonight, so tired",
				"badminton done, see you next Friday",
			}[w-2], topicBadminton)
		}
	}
	return ls
}

// hasHan reports whether s holds a Chinese character.
func hasHan(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}

// A habit discussed in Chinese and then in English is one memory, citing
// messages in both languages; the habits discussed in one language each
// stay memories of their own.
func TestHabitInTwoLanguagesIsOneMemory(t *testing.T) {
	c, topics := chatOf(t, "bilingual", bilingualClub())
	env := replay(t, c, offline.Config{})
	text := map[string]string{}
	for _, m := range c.Messages() {
		text[m.ID] = m.Content
	}
	byTopic := map[string][]groupmem.Memory{}
	for _, m := range memories(t, env)[groupmem.StatusActive] {
		tp, _ := topicOf(m, topics)
		byTopic[tp] = append(byTopic[tp], m)
	}
	for tp, ms := range byTopic {
		t.Logf("%s: %d active: %q", tp, len(ms), statementsOf(ms))
	}
	if got := byTopic[topicBadminton]; len(got) != 1 {
		t.Fatalf("active memories about the badminton habit: %d (%q), want one", len(got), statementsOf(got))
	}
	var zh, en int
	for _, id := range byTopic[topicBadminton][0].Evidence {
		if topics[id] != topicBadminton {
			continue
		}
		if hasHan(text[id]) {
			zh++
		} else {
			en++
		}
	}
	if zh == 0 || en == 0 {
		t.Errorf("the badminton memory cites %d Chinese and %d English messages of the habit, want both", zh, en)
	}
	for _, tp := range []string{topicGaming, topicBrunch} {
		if got := byTopic[tp]; len(got) != 1 {
			t.Errorf("active memories about %s: %d (%q), want one", tp, len(got), statementsOf(got))
		}
	}
	for tp := range byTopic {
		if tp != topicBadminton && tp != topicGaming && tp != topicBrunch {
			t.Errorf("an active memory rests on %s: %q", tp, statementsOf(byTopic[tp]))
		}
	}
}
