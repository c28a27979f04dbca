package offline

import (
	"testing"
	"time"
)

func TestHabitStatement(t *testing.T) {
	loc := time.FixedZone("CST", 8*3600)
	s := support{members: 3, days: 5, first: time.Date(2026, 10, 15, 20, 0, 0, 0, loc)}
	tests := []struct {
		st    string
		lines []string
		want  string
	}{
		// Says when without saying who: the group's members do it.
		{"每周五晚上十点一起看新番", []string{"老规矩，每周五晚上十点一起看新番"}, "群成员每周五晚上十点一起看新番"},
		// A line with a subject of its own stays as it is.
		{"周会改到周四晚上九点", []string{"收到，周会改到周四晚上九点"}, "周会改到周四晚上九点"},
		// Still one of the lines: where it comes from is added.
		{"群里早餐打卡已经成传统了", []string{"群里早餐打卡已经成传统了！"}, "群里早餐打卡已经成传统了（3位成员，5天，10月15日起）"},
		{"Code review is every Tuesday at 4pm.", []string{"code review is every Tuesday at 4pm"},
			"Code review is every Tuesday at 4pm (3 members over 5 days since Oct 15)"},
		{"Board games on Thursdays", []string{"who is in for board games?"}, "Board games on Thursdays"},
		{"", []string{""}, ""},
	}
	for _, tt := range tests {
		if got := habitStatement(DefaultLanguages(), tt.st, tt.lines, s, loc); got != tt.want {
			t.Errorf("habitStatement(%q) = %q, want %q", tt.st, got, tt.want)
		}
	}
}

func TestFactOf(t *testing.T) {
	tests := []struct {
		text string
		kind string // "" when the line says nothing about its sender
	}{
		{"I love hiking in the Alps", "likes"},
		{"I love that", ""},
		{"I love that, I climbed a bit in uni", ""}, // an aside: names no place, number or first time
		{"I love it so much!", ""},
		{"haha I got it", ""},
		{"I just bought a used Yamaha piano", "did"},
		{"I work as a nurse", "job"},
		{"I live in Leeds", "home"},
		{"Are you planning to come?", ""},
		{"我很喜欢猫", "likes"},
		{"我喜欢这个", ""},
		{"我最喜欢吃火锅了", "likes"},
		{"我刚买了", ""},
		{"我刚买了一辆电动车", "did"},
		{"我在腾讯工作", "job"},
		{"我打算下个月去云南", "plans"},
		{"我那台普拉多后备箱塞四个人的装备没问题", "owns"},
		{"提了台思域，贷款五年", "owns"},
		{"旧帐篷送人了，换了顶自由之舟的，轻了快一公斤", "owns"},
		{"报了雅思的网课，三千多", "school"},
		{"下班还得刷一建的题", "school"},
		{"终于上车了，房子在望京", "home"},
		{"这周末搬家，新住处在滨江", "home"},
		{"这台空调太吵了", ""}, // a thing that is not said to be one's own
		{"刚从青田七六出来，中英切换了三个小时", "event"},
		{"芒果我一口都不能碰，上次进了急诊", "health"},
		{"桃子碰都不能碰，上次嘴肿成香肠", "health"},
		{"猕猴桃沾一点就起疹子，聚餐别给我夹", "health"},
		{"Ended up in A&E after that Thai place, turns out sesame and me don't mix", "health"},
		{"Heads up for the club potluck: peanuts puts me in hospital", "health"},
		{"青城后山打卡！雾散了一半", "event"},
		{"下山直接杀去李记豆花饭，走一天路饿惨了", "event"},
	}
	for _, tt := range tests {
		k, _, _, ok := factAt(DefaultLanguages(), tt.text)
		if got := k.name; !ok && got != "" || ok && got != tt.kind || !ok && tt.kind != "" {
			t.Errorf("factAt(%q) = %q, %v; want %q", tt.text, got, ok, tt.kind)
		}
	}
}

// A member's fact is told from the sentence that says it.
func TestFactStartsItsSentence(t *testing.T) {
	for text, want := range map[string]string{
		"Busy. I passed my driving test at last. Tired now": " I passed my driving test at last.",
		"好累！我刚买了一辆电动车":                                      "我刚买了一辆电动车",
		"I live in Leeds, near the station":                 "I live in Leeds, near the station",
	} {
		_, from, to, ok := factAt(DefaultLanguages(), text)
		if !ok || text[from:to] != want {
			t.Errorf("factAt(%q) says %q, want %q", text, text[from:to], want)
		}
	}
}

// A habit's line tells its weekday as the weekly pattern, in each
// language's words; a line that names none gets it.
func TestWeekly(t *testing.T) {
	for _, tt := range []struct {
		st   string
		wd   time.Weekday
		want string
	}{
		{"climbing thursday 7pm at Mission Cliffs", time.Thursday, "climbing on Thursdays at 7pm at Mission Cliffs"},
		{"climbing on Thursdays at 7", time.Thursday, "climbing on Thursdays at 7"},
		{"Sunday run as usual, 8 at the park gate", time.Sunday, "Sunday run as usual, 8 at the park gate"},
		{"Pub quiz every Wednesday", time.Wednesday, "Pub quiz every Wednesday"},
		{"Board game night on Thursday evenings", time.Thursday, "Board game night on Thursday evenings"},
		{"Board games at 7:30 as always", time.Tuesday, "Board games on Tuesdays at 7:30 as always"},
		{"Board games as usual", time.Tuesday, "Board games on Tuesdays as usual"},
		{"Hike to the ridge", time.Saturday, "Hike to the ridge on Saturdays"},
		{"climbing friday, then thursday at 7", time.Thursday, "climbing friday, then on Thursdays at 7"},
		{"周四晚上7点去岩馆攀岩", time.Thursday, "每周四晚上7点去岩馆攀岩"},
		{"这周四攀岩老时间", time.Thursday, "每周四攀岩老时间"},
		{"每周四攀岩", time.Thursday, "每周四攀岩"},
		{"桌游照旧七点半", time.Tuesday, "每周二桌游照旧七点半"},
	} {
		if got := asWeekly(DefaultLanguages(), tt.st, tt.wd); got != tt.want {
			t.Errorf("asWeekly(%q, %s) = %q, want %q", tt.st, tt.wd, got, tt.want)
		}
	}
}
