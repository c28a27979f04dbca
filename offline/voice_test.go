package offline

import (
	"testing"
	"time"

	"github.com/groupmem/groupmem"
)

// A statement reads out of context: the sender's first person becomes
// their name, the group's becomes its members, and a day counted from the
// message becomes the date it meant.
func TestThirdPerson(t *testing.T) {
	sent := time.Date(2026, 10, 24, 21, 30, 0, 0, time.UTC) // a Saturday
	m := groupmem.Message{SenderID: "u7", SenderName: "老张", SentAt: sent}
	en := groupmem.Message{SenderID: "u8", SenderName: "Ann", SentAt: sent}
	for _, tt := range []struct {
		msg  groupmem.Message
		in   string
		want string
	}{
		{m, "明天羽毛球还是十点，我订了两片场地", "10月25日羽毛球还是十点，老张订了两片场地"},
		{m, "咱们群每天早上的早餐打卡已经成传统了", "群里每天早上的早餐打卡已经成传统了"},
		{m, "我们今晚在老地方吃火锅", "大家10月24日晚上在老地方吃火锅"},
		{en, "I'm bringing my racket tomorrow", "Ann is bringing their racket on Sun Oct 25"},
		{en, "Being a nurse is rewarding but my feet hate me. I was tired", "Being a nurse is rewarding but Ann's feet hate them. They were tired"},
		{en, "I moved to the US last year and I study law", "Ann moved to the US in 2025 and they study law"},
		{en, "I study law", "Ann studies law"},
		{en, "im four on four off and ive got a spreadsheet", "Ann is four on four off and they've got a spreadsheet"},
		{en, "The shop had no Wensleydale, which I deem a crime", "The shop had no Wensleydale, which I deem a crime"}, // a verb the rewrite does not know: "I" stays, for clean to drop its clause
		{en, "I then rode home", "Ann then rode home"},
		{en, "We meet at the trailhead tonight, see us there", "Members meet at the trailhead on the evening of Sat Oct 24, see the group there"},
		{en, "We went camping at the beach with the kids", "Ann and family went camping at the beach with the kids"},
		{en, "Tomorrow I’ll host board game night", "On Sun Oct 25 Ann will host board game night"},
		{en, "Reminder: code review every Tuesday at 4pm", "Reminder: code review every Tuesday at 4pm"},
		{m, "周会从这周起改到周四，下周开始", "周会从10月19日那周起改到周四，10月26日那周开始"},
		{en, "Book club moves to Discord next week", "Book club moves to Discord the week of Mon Oct 26"},
		{en, "I'm in Toronto the last week of August", "Ann is in Toronto the last week of August"}, // a week of August, not the week before
		{en, "Staying put for the next year or so", "Staying put for the next year or so"},
		{groupmem.Message{SentAt: sent}, "I am in", "A member is in"},
		{en, "I really love hiking, I prefer tea and I have two cats", "Ann really loves hiking, they prefer tea and they have two cats"},
		{en, "My mum visits us next weekend", "Ann's mum visits the family the weekend of Sat Oct 31"}, // the family named: the household
		{groupmem.Message{SenderName: "ben", SentAt: sent}, "i went home next month", "Ben went home in November 2026"},
		{m, "我下个月要回老家", "老张2026年11月要回老家"},
		{m, "我准备给我的柜子上锁了，谁动我就生气", "老张准备给自己的柜子上锁了，谁动TA就生气"},
		{en, "I went climbing for the first time on Thursday", "Ann went climbing for the first time on Thu Oct 22"},
		{en, "My favourite book this year is Piranesi", "Ann's favourite book in 2026 is Piranesi"},
		{en, "Book club moves to Thursday, next Friday is the last Zoom one", "Book club moves to Thursday, on Fri Oct 30 is the last Zoom one"},
		{en, "Hugo's happy, tomorrow is the big day", "Hugo's happy, Sun Oct 25 is the big day"},
		{en, "Hugo is vegetarian as of today", "Hugo is vegetarian as of Sat Oct 24"},
		{en, "Verdict on tonight: we lost", "Verdict on the evening of Sat Oct 24: members lost"},
		{en, "I'm away until next month", "Ann is away until November 2026"},
		{en, "Chess every Friday", "Chess every Friday"},
		{en, "I help out at the food bank and I even keep the rota", "Ann helps out at the food bank and they even keep the rota"},
		{en, "I don't eat pork and I haven't missed it", "Ann doesn't eat pork and they haven't missed it"},
		{en, "I just adopted a greyhound, I can't wait", "Ann just adopted a greyhound, they can't wait"},
		{en, "My mum is visiting, just the two of us", "Ann's mum is visiting, just the two of them"},
		{en, "The train was late so I read a whole magazine", "The train was late so Ann read a whole magazine"},
		{m, "我周四第一次去攀岩了", "老张10月22日（周四）第一次去攀岩了"},
		{m, "我今年最爱的书是《皮拉内西》", "老张2026年最爱的书是《皮拉内西》"},
		{m, "每周六一起打球，下周六改到体育馆", "每周六一起打球，10月31日（周六）改到体育馆"},
	} {
		if got := thirdPerson(DefaultLanguages(), tt.in, tt.msg, time.UTC); got != tt.want {
			t.Errorf("thirdPerson(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// A clearer wording may not lose what the old statement said.
func TestKeepsContent(t *testing.T) {
	for _, tt := range []struct {
		old, new string
		want     bool
	}{
		{"Book club every Sunday at 8pm on Zoom, link in the pinned message", "Book club tonight", false},
		{"Book club on Zoom at 8pm", "Book club every Sunday at 8pm on Zoom", true},
		{"每周三晚上九点语音周会，新来的同学记得上线", "周会", false},
		{"每周三晚上九点语音周会", "提醒：每周三晚上九点语音周会，新同学记得上线", true},
		{"", "anything", true},
	} {
		if got := keepsContent(DefaultLanguages(), tt.old, tt.new); got != tt.want {
			t.Errorf("keepsContent(DefaultLanguages(), %q, %q) = %v, want %v", tt.old, tt.new, got, tt.want)
		}
	}
}

// A habit's line says when it recurs: the days it counts from its own
// date become the weekly pattern.
func TestHabitual(t *testing.T) {
	fri := time.Date(2027, 1, 29, 20, 0, 0, 0, time.UTC)
	for in, want := range map[string]string{
		"Guitar practice tonight, bring your capo": "Guitar practice on Friday evenings, bring your capo",
		"Tomorrow hike at 8, bring water":          "On Saturdays hike at 8, bring water",
		"今晚老地方打羽毛球":                                "每周五晚上老地方打羽毛球",
		"明天早上跑步，七点集合":                              "每周六早上跑步，七点集合",
		"Chess every Friday":                       "Chess every Friday",
	} {
		if got := habitual(DefaultLanguages(), in, fri); got != want {
			t.Errorf("habitual(%q) = %q, want %q", in, got, want)
		}
	}
}

// What a member says about themselves: their "we" is their household.
func TestOwnThirdPerson(t *testing.T) {
	sent := time.Date(2026, 10, 24, 21, 30, 0, 0, time.UTC)
	en := groupmem.Message{SenderName: "Ann", SentAt: sent}
	zh := groupmem.Message{SenderName: "小林", SentAt: sent}
	for _, tt := range []struct {
		msg      groupmem.Message
		in, want string
	}{
		{en, "My mum is visiting us next weekend", "Ann's mum is visiting the family the weekend of Sat Oct 31"},
		{en, "We're going to Scotland for Easter", "Ann and family are going to Scotland for Easter"},
		{en, "Our flat has a tiny balcony", "Ann's flat has a tiny balcony"},
		{en, "Our new place in Leeds is tiny and I love it", "Ann's new place in Leeds is tiny and they love it"},
		{zh, "我们家养了只猫，我每天都陪它玩", "小林家养了只猫，TA每天都陪它玩"},
		{zh, "我们组在做游戏", "组里在做游戏"},
		{zh, "我妈下周末来看我们", "小林妈10月26日那周末来看小林一家"},
		{zh, "我们公司没年假", "小林公司没年假"},
		{zh, "新来的实习生是我们学校的", "新来的实习生是小林学校的"},
		{en, "The Nineties round sank us, but we won the picture round", "The Nineties round sank the group, but members won the picture round"},
		{en, "Reminder we're registered as The Loonie Tunes", "Reminder members are registered as The Loonie Tunes"},
		{en, "Our street flooded again last night", "Ann's street flooded again last night"},
		{en, "I'm a physio now, which is mad, but here we are", "Ann is a physio now, which is mad, but here they are"},
		{en, "We finally adopted a beagle from the shelter", "Ann and family finally adopted a beagle from the shelter"},
		{en, "We picked up our springer spaniel on Saturday", "Ann and family picked up their springer spaniel on Sat Oct 24"},
	} {
		if got := ownThirdPerson(DefaultLanguages(), tt.in, tt.msg, time.UTC); got != tt.want {
			t.Errorf("ownThirdPerson(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// Weekdays become dates only where the message says which one it meant,
// from any day of the week; patterns, names and look-alikes stay.
func TestWeekdays(t *testing.T) {
	mon := time.Date(2026, 10, 26, 9, 0, 0, 0, time.UTC) // a Monday
	sun := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)  // a Sunday
	en := func(d time.Time) groupmem.Message { return groupmem.Message{SenderName: "Ann", SentAt: d} }
	zh := func(d time.Time) groupmem.Message { return groupmem.Message{SenderName: "小林", SentAt: d} }
	for _, tt := range []struct {
		msg      groupmem.Message
		in, want string
	}{
		{en(mon), "I went climbing on Thursday", "Ann went climbing on Thu Oct 22"},
		{en(sun), "I went climbing on Thursday", "Ann went climbing on Thu Oct 29"},
		{en(mon), "Last Friday was fun", "On Fri Oct 23 was fun"},
		{en(mon), "See you next Saturday", "See you on Sat Nov 7"},
		{en(mon), "The party is scheduled for Saturday", "The party is scheduled for Saturday"},
		{en(mon), "Black Friday deals were great", "Black Friday deals were great"},
		{en(mon), "Friday's meeting was cancelled", "Friday's meeting was cancelled"},
		{en(mon), "Book club meets the last Friday of every month", "Book club meets the last Friday of every month"},
		{en(mon), "Movie night on Friday evenings, popcorn prepared", "Movie night on Friday evenings, popcorn prepared"},
		{zh(mon), "这周天气真好", "10月26日那周天气真好"},
		{zh(mon), "上周一共去了三次", "10月19日那周一共去了三次"},
		{zh(mon), "上个周六我们去爬山了", "10月24日（周六）大家去爬山了"},
		{zh(mon), "下星期天聚餐", "11月8日（周天）聚餐"},
		{zh(mon), "周会改到周四", "周会改到周四"},
		{zh(mon), "我周五在重庆见了高中同学", "小林10月23日（周五）在重庆见了高中同学"},
		{zh(mon), "周六的比赛别忘了", "周六的比赛别忘了"},
		{zh(mon), "周六要去爬山了", "周六要去爬山了"},
		{zh(mon), "活动改到周四了", "活动改到周四了"},
		{zh(mon), "那就周六见了", "那就周六见了"},
		{zh(mon), "比赛定在周六了", "比赛定在周六了"},
		{zh(mon), "周五过来吃饭", "周五过来吃饭"},
		{zh(mon), "每周六打球", "每周六打球"},
	} {
		if got := thirdPerson(DefaultLanguages(), tt.in, tt.msg, time.UTC); got != tt.want {
			t.Errorf("%s: thirdPerson(%q) = %q, want %q", tt.msg.SentAt.Weekday(), tt.in, got, tt.want)
		}
	}
}

// A clause whose verb after "I" the rewrite does not know is dropped, not
// told as "Ann deem": the rest of the statement stays.
func TestUnknownVerbDropsItsClause(t *testing.T) {
	ls := DefaultLanguages()
	m := groupmem.Message{SenderName: "Ann", SentAt: time.Date(2026, 10, 24, 21, 30, 0, 0, time.UTC)}
	got := clean(ls, ownThirdPerson(ls, "The shop had no Wensleydale. I deem that a crime", m, time.UTC))
	if got != "The shop had no Wensleydale." {
		t.Errorf("clean(ownThirdPerson(…)) = %q, want the first sentence alone", got)
	}
}
