package offline_test

import (
	"context"
	"strings"
	"testing"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/offline"
)

// talk is a conversation of two members over 16 nights: lines with fact
// set are things a member states about themselves or their plans.
type talk struct {
	night int
	who   string
	text  string
	fact  bool
}

func talkLines(ts []talk) []line {
	var ls []line
	for i, t := range ts {
		topic := noiseTopic
		if t.fact {
			topic = "fact"
		}
		at := []string{"19:00", "19:10", "19:20", "19:30", "19:40", "19:50"}[i%6]
		ls = append(ls, line{t.night / 7, t.night % 7, at, t.who, t.text, topic})
	}
	return ls
}

func englishTalk() []talk {
	return []talk{
		{0, "ann", "Hi Ben, nice to finally chat here", false},
		{0, "ann", "I work as a nurse at the city hospital, mostly night shifts", true},
		{0, "ben", "I'm a software engineer at a small startup", true},
		{0, "ben", "I live in Leeds, close to the station", true},
		{0, "ann", "I live in York with my husband and two cats", true},
		{1, "ann", "My husband is a chef at an Italian place", true},
		{1, "ben", "My sister just had a baby girl", true},
		{1, "ben", "I really love hiking in the Dales on weekends", true},
		{1, "ann", "I enjoy baking sourdough when I'm off work", true},
		{2, "ann", "How was your week?", false},
		{2, "ben", "Busy. I finished the big migration project at work", true},
		{2, "ann", "I'm planning to run the York half marathon in April", true},
		{2, "ben", "That's amazing, good luck", false},
		{3, "ben", "I'm going to visit my parents in Cornwall next month", true},
		{3, "ann", "I hate early morning shifts, they wreck me", true},
		{3, "ben", "I prefer tea over coffee, always have", true},
		{4, "ann", "I adopted a third cat yesterday, her name is Pepper", true},
		{4, "ben", "Ha, congrats on Pepper", false},
		{4, "ben", "I bought a new road bike last weekend", true},
		{5, "ann", "I passed my advanced life support course today", true},
		{5, "ben", "Well done!", false},
		{5, "ben", "My dog hates the vacuum cleaner", true},
		{6, "ann", "I'm taking a pottery class on Thursdays now", true},
		{6, "ben", "I learned to make proper ramen broth this week", true},
		{7, "ann", "I moved to a new flat in York, nearer the hospital", true},
		{7, "ben", "I'm hoping to switch to a four-day week", true},
		{8, "ben", "I went climbing for the first time on Saturday", true},
		{8, "ann", "I love that, I climbed a bit in uni", true},
		{8, "ann", "Weather's been awful though", false},
		{9, "ben", "My brother is moving back from Canada", true},
		{9, "ann", "I'm flying to Lisbon in May for a week", true},
		{10, "ben", "I started learning Spanish on an app", true},
		{10, "ann", "My favourite book this year is Piranesi", true},
		{10, "ben", "Oh I should read that", false},
		{11, "ann", "I just started working day shifts, finally", true},
		{11, "ben", "I ran my first 10k in under an hour", true},
		{12, "ben", "I've booked a cabin in the Lakes for August", true},
		{12, "ann", "My mum is visiting us next weekend", true},
		{13, "ann", "I finished the pottery course and made a bowl", true},
		{13, "ben", "I'm a volunteer at the food bank on Sundays", true},
		{14, "ben", "I got promoted to tech lead this week", true},
		{14, "ann", "I bought a sewing machine, new hobby unlocked", true},
		{15, "ann", "I'm planning to learn Portuguese before Lisbon", true},
		{15, "ben", "I'm moving to Manchester for the new job in June", true},
		{3, "ann", "Been playing guitar for ten years now, mostly folk", true},
		{6, "ben", "Our flat has a tiny balcony full of tomato plants", true},
		{9, "ben", "My girlfriend is a vet, she works crazy hours too", true},
		{11, "ann", "Night shifts are done for me, back to normal sleep", true},
		{12, "ben", "I met my old school friends in Bristol on Friday", true},
		{14, "ann", "I'm allergic to peanuts, so no satay for me", true},
		// Written after the patterns, to measure them on lines they were
		// not shaped by.
		{2, "ben", "I usually cycle to work when it's not raining", true},
		{4, "ann", "We're going to Scotland for Easter", true},
		{5, "ann", "I visited my grandma in Devon last weekend", true},
		{7, "ben", "I grew up in Cardiff", true},
		{10, "ann", "I'm learning to knit this winter", true},
		{13, "ben", "I quit coffee two weeks ago", true},
		{15, "ann", "Talk soon!", false},
	}
}

func chineseTalk() []talk {
	return []talk{
		{0, "小林", "你好呀，终于加上了", false},
		{0, "小林", "我在杭州的一家医院工作，是护士，经常上夜班", true},
		{0, "阿杰", "我是程序员，在一家创业公司做后端", true},
		{0, "阿杰", "我住在成都，离地铁站很近", true},
		{0, "小林", "我住在西湖边上，和老公还有两只猫一起", true},
		{1, "小林", "我老公是厨师，在一家川菜馆", true},
		{1, "阿杰", "我姐刚生了个女儿", true},
		{1, "阿杰", "我特别喜欢周末去青城山爬山", true},
		{1, "小林", "我喜欢休息的时候烤面包", true},
		{2, "小林", "你这周怎么样？", false},
		{2, "阿杰", "挺忙的，我终于完成了公司的大迁移项目", true},
		{2, "小林", "我打算四月去跑杭州半马", true},
		{2, "阿杰", "厉害，加油", false},
		{3, "阿杰", "我下个月要回老家看爸妈", true},
		{3, "小林", "我最讨厌早班，起不来", true},
		{3, "阿杰", "我更喜欢喝茶，不太喝咖啡", true},
		{4, "小林", "我昨天领养了第三只猫，叫胡椒", true},
		{4, "阿杰", "恭喜恭喜", false},
		{4, "阿杰", "我上周买了一辆公路车", true},
		{5, "小林", "我考过了高级生命支持的培训", true},
		{5, "阿杰", "太棒了", false},
		{5, "阿杰", "我家的狗特别怕吸尘器", true},
		{6, "小林", "我现在每周四去上陶艺课", true},
		{6, "阿杰", "我学会了熬正宗的拉面汤", true},
		{7, "小林", "我搬到了医院附近的新房子", true},
		{7, "阿杰", "我想去一家能四天工作制的公司", true},
		{8, "阿杰", "我周六第一次去攀岩了", true},
		{8, "小林", "天气好差啊", false},
		{9, "阿杰", "我哥要从加拿大搬回来了", true},
		{9, "小林", "我五月要去里斯本玩一周", true},
		{10, "阿杰", "我开始用软件学西班牙语了", true},
		{10, "小林", "我今年最爱的书是《皮拉内西》", true},
		{10, "阿杰", "我也想读", false},
		{11, "小林", "我终于换成白班了", true},
		{11, "阿杰", "我跑了第一个十公里，不到一小时", true},
		{12, "阿杰", "我计划八月去大理住一周", true},
		{12, "小林", "我妈下周末来看我们", true},
		{13, "小林", "我完成了陶艺课，做了一个碗", true},
		{13, "阿杰", "我每周日在食物银行做志愿者", true},
		{14, "阿杰", "我这周升职做技术负责人了", true},
		{14, "小林", "我买了一台缝纫机，新爱好", true},
		{15, "小林", "我准备去里斯本之前学点葡萄牙语", true},
		{15, "阿杰", "我六月要搬到上海去新公司", true},
		{3, "小林", "弹吉他弹了十年了，主要弹民谣", true},
		{6, "阿杰", "我家阳台种满了番茄", true},
		{9, "阿杰", "我女朋友是兽医，也经常加班", true},
		{11, "小林", "夜班终于结束了，作息正常了", true},
		{12, "阿杰", "我周五在重庆见了高中同学", true},
		{14, "小林", "我对花生过敏，沙爹酱都不能吃", true},
		// Written after the patterns, to measure them on lines they were
		// not shaped by.
		{2, "阿杰", "我最近在准备考研，每天晚上复习三个小时", true},
		{4, "小林", "我下周要去上海开一个护理学会议", true},
		{6, "小林", "我从小就怕狗，现在好一点了", true},
		{7, "阿杰", "我平时早上七点起来跑步", true},
		{9, "小林", "我上个月去了趟日本，玩得很开心", true},
		{10, "阿杰", "我老家在四川乐山", true},
		{12, "小林", "我周末一般在家追剧", true},
		{13, "阿杰", "我已经戒烟三个月了", true},
		{15, "小林", "回头聊！", false},
	}
}

// What two members say about themselves over 16 nights, in English and
// in Chinese, is kept: the share of their 40+ facts that some active
// memory cites, and the number of active memories, are printed and held
// to the targets (≥ 60%, ≤ 150).
func TestMemberFacts(t *testing.T) {
	for _, tt := range []struct {
		name  string
		lines []talk
	}{{"english", englishTalk()}, {"chinese", chineseTalk()}} {
		t.Run(tt.name, func(t *testing.T) {
			c, topics := chatOf(t, "facts-"+tt.name, talkLines(tt.lines))
			env := replay(t, c, offline.Config{})
			active := memories(t, env)[groupmem.StatusActive]
			cited := map[string]bool{}
			for _, m := range active {
				for _, id := range m.Evidence {
					cited[id] = true
				}
			}
			facts, kept := 0, 0
			for id, tp := range topics {
				if tp == "fact" {
					facts++
					if cited[id] {
						kept++
					}
				}
			}
			share := float64(kept) / float64(facts)
			t.Logf("%s: %d of %d facts cited by an active memory (%.0f%%); %d active memories", tt.name, kept, facts, 100*share, len(active))
			if facts < 40 {
				t.Fatalf("the scenario has %d facts, want 40 or more", facts)
			}
			if share < 0.6 || len(active) > 150 {
				t.Errorf("kept %.0f%% of the facts with %d active memories; want at least 60%% with at most 150", 100*share, len(active))
			}
			for _, m := range active {
				for _, id := range m.Evidence {
					if topics[id] == noiseTopic {
						t.Errorf("memory %q rests on chit-chat %s", m.Statement, id)
					}
				}
			}
		})
	}
}

// A member's new line about their job keeps what they said before: the
// nurse at the city hospital is still there after the day shifts, and the
// change says so; the old version stays in history.
func TestSingleFactUpdateKeepsWhatWasSaid(t *testing.T) {
	c, _ := chatOf(t, "facts-update", talkLines(englishTalk()))
	env := replay(t, c, offline.Config{})
	changes, err := env.Ledger.Changes(context.Background(), groupmem.ChangeQuery{GroupID: env.GroupID, Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, ch := range changes {
		if ch.Action != groupmem.ActionUpdate || !strings.Contains(ch.Reason, "(job)") || !strings.Contains(ch.Reason, "ann") && !strings.Contains(ch.Reason, "Ann") {
			continue
		}
		found = true
		if st := ch.NewStatement; !strings.Contains(st, "nurse at the city hospital") || !strings.Contains(st, "day shifts") || !strings.Contains(ch.Reason, "kept") {
			t.Errorf("the job update says %q (%s); want the nurse and the day shifts both, and the reason to say so", st, ch.Reason)
		}
	}
	if !found {
		t.Fatal("no update of Ann's job")
	}
}
