package offline_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/offline"
)

// Short chats of a few weeks, as a small group writes them: a weekly
// activity arranged in questions and replies ("same time thursday?",
// "yes, at 7 as usual"). What a person would keep of them is asserted,
// and what a person would not: two one-off parties that fell on a Friday.

// climbingNight: climbing on Thursdays at 7pm at Mission Cliffs,
// arranged two days before, with small talk on other days.
func climbingNight() []line {
	return []line{
		{0, 0, "09:00", "ana", "rough start to the week, the train was packed", noiseTopic},
		{0, 1, "18:00", "cat", "climbing thursday 7pm at Mission Cliffs?", "climb"},
		{0, 1, "18:05", "ben", "I'm in, need new shoes though", "climb"},
		{0, 1, "18:07", "ana", "count me in for climbing", "climb"},
		{0, 4, "12:00", "ben", "anyone tried the new ramen place downtown?", noiseTopic},
		{1, 1, "17:30", "ben", "same time thursday for climbing?", "climb"},
		{1, 1, "17:40", "cat", "yes, Mission Cliffs at 7 as usual", "climb"},
		{1, 1, "17:45", "ana", "climbing yes, my forearms are still sore", "climb"},
		{1, 5, "10:00", "ana", "the weather is lovely today", noiseTopic},
		{2, 2, "19:00", "ana", "climbing tomorrow at 7?", "climb"},
		{2, 2, "19:10", "cat", "yep climbing at Mission Cliffs, see you there", "climb"},
		{2, 6, "20:00", "ben", "watched a great documentary last night", noiseTopic},
		{3, 1, "18:00", "cat", "climbing thursday as usual?", "climb"},
		{3, 1, "18:10", "ben", "of course, 7pm climbing", "climb"},
		{3, 3, "21:30", "ana", "great climbing session tonight", "climb"},
	}
}

// sundayRun: a run on Sunday mornings at 8 from the park gate.
func sundayRun() []line {
	return []line{
		{0, 5, "17:00", "jo", "run tomorrow 8am from the park gate?", "run"},
		{0, 5, "17:20", "sam", "yes! first run in ages for me", "run"},
		{0, 6, "11:00", "lee", "that run nearly killed me", "run"},
		{1, 2, "13:00", "sam", "lunch was terrible today", noiseTopic},
		{1, 5, "18:00", "lee", "sunday run as usual? 8 at the park gate", "run"},
		{1, 5, "18:30", "jo", "run is on, see you at the gate", "run"},
		{2, 3, "09:00", "jo", "my laptop died during the demo", noiseTopic},
		{2, 5, "19:00", "sam", "same time sunday for the run?", "run"},
		{2, 5, "19:05", "lee", "run at 8, bringing water", "run"},
		{3, 6, "10:30", "jo", "good run this morning, new personal best", "run"},
	}
}

// boardGames: board games on Tuesday evenings at Raj's flat.
func boardGames() []line {
	return []line{
		{0, 0, "12:00", "raj", "board games tuesday 7:30 at mine?", "games"},
		{0, 0, "12:10", "eve", "board games, yes please", "games"},
		{0, 1, "23:00", "max", "those board games went way too late", "games"},
		{1, 0, "19:00", "eve", "board games tomorrow as usual?", "games"},
		{1, 0, "19:05", "raj", "board games are on, 7:30", "games"},
		{1, 3, "08:00", "max", "the coffee machine at work is broken", noiseTopic},
		{2, 1, "09:00", "max", "board games tonight? same time", "games"},
		{2, 1, "09:10", "raj", "yes, board games at 7:30 as always", "games"},
		{3, 1, "10:00", "eve", "board games tonight, I'll bring snacks", "games"},
	}
}

// twoParties: two parties that happened to fall on a Friday, a week
// apart, with nothing said of a habit: not a habit.
func twoParties() []line {
	return []line{
		{0, 2, "12:00", "mia", "Leo's farewell party is on friday, don't forget", oneOff},
		{0, 2, "12:10", "kim", "party friday, wouldn't miss it", oneOff},
		{0, 5, "11:00", "tess", "what a party last night", oneOff},
		{1, 1, "09:00", "kim", "so tired of this rain", noiseTopic},
		{1, 3, "18:00", "tess", "Nadia's birthday party friday, who's coming?", oneOff},
		{1, 3, "18:20", "mia", "party friday sounds fun", oneOff},
		{1, 5, "12:00", "kim", "the party was loud but great", oneOff},
	}
}

// groupMemories returns the memories of a group that are not a
// member's own.
func groupMemories(ms []groupmem.Memory) []groupmem.Memory {
	var out []groupmem.Memory
	for _, m := range ms {
		if !slices.Contains(m.Tags, offline.TagMember) {
			out = append(out, m)
		}
	}
	return out
}

// A weekly activity arranged in questions and replies is kept as the
// group's habit, with its weekday, and not as a member's chat line.
func TestHabitSaidInReplies(t *testing.T) {
	for _, tt := range []struct {
		name  string
		lines []line
		want  []string // what the habit's statement must say, case folded
	}{
		{"climbing", climbingNight(), []string{"climb", "thursdays", "7"}},
		{"run", sundayRun(), []string{"run", "sunday", "8"}},
		{"games", boardGames(), []string{"board games", "tuesday"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c, topics := chatOf(t, "habit-"+tt.name, tt.lines)
			env := replay(t, c, offline.Config{})
			active := memories(t, env)[groupmem.StatusActive]
			for _, m := range active {
				t.Logf("memory %q %v", m.Statement, m.Tags)
				if strings.HasPrefix(strings.ToLower(m.Statement), "cat:") || strings.Contains(m.Statement, ": ") {
					t.Errorf("memory %q is a chat line with its sender", m.Statement)
				}
			}
			habits := groupMemories(active)
			if len(habits) != 1 {
				t.Fatalf("%d group memories, want the one habit: %v", len(habits), statementsOf(habits))
			}
			st := strings.ToLower(habits[0].Statement)
			for _, w := range tt.want {
				if !strings.Contains(st, w) {
					t.Errorf("the habit reads %q; want it to say %q", habits[0].Statement, w)
				}
			}
			if tp, _ := topicOf(habits[0], topics); tp == noiseTopic || tp == oneOff {
				t.Errorf("the habit %q rests on %s", habits[0].Statement, tp)
			}
		})
	}
}

// The line a habit is worded from may turn to another topic after it
// ("… Anyway, what a week"): the habit keeps its own part.
func TestHabitKeepsItsOwnTopic(t *testing.T) {
	lines := sundayRun()
	for i, l := range lines {
		if strings.Contains(l.text, "8") {
			lines[i].text += ". Anyway, what a week, so tired of the rain"
		}
	}
	c, _ := chatOf(t, "habit-run-twins", lines)
	env := replay(t, c, offline.Config{})
	habits := groupMemories(memories(t, env)[groupmem.StatusActive])
	if len(habits) != 1 {
		t.Fatalf("%d group memories, want the one habit: %v", len(habits), statementsOf(habits))
	}
	t.Logf("habit %q", habits[0].Statement)
	if st := strings.ToLower(habits[0].Statement); !strings.Contains(st, "sunday") || strings.Contains(st, "rain") {
		t.Errorf("the habit reads %q; want the run on Sundays without the rain", habits[0].Statement)
	}
}

// Two parties that fell on a Friday a week apart are no habit.
func TestOneOffsOnOneWeekdayAreNoHabit(t *testing.T) {
	c, _ := chatOf(t, "habit-parties", twoParties())
	env := replay(t, c, offline.Config{})
	if habits := groupMemories(memories(t, env)[groupmem.StatusActive]); len(habits) > 0 {
		t.Errorf("group memories of two one-off parties: %v", statementsOf(habits))
	}
}

// climbingNightZh is climbingNight as a Chinese group writes it: 周四晚上
// 七点攀岩, arranged with 老时间.
func climbingNightZh() []line {
	return []line{
		{0, 0, "09:00", "小安", "周一地铁好挤啊", noiseTopic},
		{0, 1, "18:00", "小猫", "周四晚上7点去岩馆攀岩？", "climb"},
		{0, 1, "18:05", "阿本", "我去，正好试试新鞋", "climb"},
		{0, 1, "18:07", "小安", "算我一个，攀岩走起", "climb"},
		{0, 4, "12:00", "阿本", "楼下新开的拉面店有人吃过吗", noiseTopic},
		{1, 1, "17:30", "阿本", "周四老时间攀岩？", "climb"},
		{1, 1, "17:40", "小猫", "对，老时间岩馆见", "climb"},
		{1, 1, "17:45", "小安", "攀岩+1，手臂还酸着呢", "climb"},
		{1, 5, "10:00", "小安", "今天天气真好", noiseTopic},
		{2, 2, "19:00", "小安", "明天攀岩还是老时间？", "climb"},
		{2, 2, "19:10", "小猫", "对，七点岩馆攀岩", "climb"},
		{2, 6, "20:00", "阿本", "昨晚看了部很好的纪录片", noiseTopic},
		{3, 1, "18:00", "小猫", "这周四攀岩老时间？", "climb"},
		{3, 1, "18:10", "阿本", "没问题，七点攀岩", "climb"},
		{3, 3, "21:30", "小安", "今晚攀岩爽翻了", "climb"},
	}
}

// The Chinese counterpart: 每周四 said as 老时间.
func TestHabitSaidInRepliesChinese(t *testing.T) {
	c, topics := chatOf(t, "habit-climbing-zh", climbingNightZh())
	env := replay(t, c, offline.Config{})
	active := memories(t, env)[groupmem.StatusActive]
	for _, m := range active {
		t.Logf("memory %q %v", m.Statement, m.Tags)
	}
	habits := groupMemories(active)
	if len(habits) != 1 {
		t.Fatalf("%d group memories, want the one habit: %v", len(habits), statementsOf(habits))
	}
	if st := habits[0].Statement; !strings.Contains(st, "攀岩") || !strings.Contains(st, "周四") {
		t.Errorf("the habit reads %q; want it to say 攀岩 on 周四", st)
	}
	if tp, _ := topicOf(habits[0], topics); tp != "climb" {
		t.Errorf("the habit %q rests on %s", habits[0].Statement, tp)
	}
}

// Lines that share only a word of time ("day") share no topic: however
// often it recurs, and though one of them says "every day", they make
// no habit.
func TestTimeWordsMakeNoHabit(t *testing.T) {
	c, _ := chatOf(t, "time-words", []line{
		{0, 0, "20:00", "Tariq", "How's your day been?", noiseTopic},
		{0, 0, "20:05", "Ingrid", "Productive day! Got the drawings done", noiseTopic},
		{0, 2, "20:00", "Ingrid", "How was your day?", noiseTopic},
		{0, 2, "20:04", "Tariq", "Spent the whole day cleaning and it still looks messy", noiseTopic},
		{0, 4, "20:00", "Tariq", "Tomorrow's a new day I guess", noiseTopic},
		{0, 4, "20:03", "Ingrid", "Blue skies all day, I even sat outside for lunch", noiseTopic},
		{1, 0, "20:00", "Tariq", "Our cat Simsim has decided 5am is breakfast time, every day", noiseTopic},
		{1, 0, "20:02", "Ingrid", "How was your day?", noiseTopic},
	})
	env := replay(t, c, offline.Config{})
	for _, m := range memories(t, env)[groupmem.StatusActive] {
		if !slices.Contains(m.Tags, offline.TagMember) {
			t.Errorf("lines that share only \"day\" made a habit: %q %v", m.Statement, m.Evidence)
		}
	}
}
