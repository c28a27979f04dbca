package offline

import (
	"strings"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
)

// heldOut are chat lines written apart from the evaluation set's generator
// and after the rules, each with the value a memory of it must state; ""
// marks small talk that must give no fact. The rules were not tuned on
// them: the figure TestHeldOutFacts prints is how they carry to phrasing
// they were not written for.
var heldOut = []struct{ sender, text, value string }{
	{"Maya", "I just started a new job as a pharmacist at the hospital downtown", "pharmacist"},
	{"Leo", "We finally moved to Rotterdam last weekend, boxes everywhere", "Rotterdam"},
	{"Sam", "my daughter Iris turns five on Saturday", "Iris"},
	{"Nina", "I'm allergic to shellfish so no paella for me", "shellfish"},
	{"Omar", "I've been into bouldering lately, three times a week", "bouldering"},
	{"Ivy", "Booked flights to Hanoi for October!", "Hanoi"},
	{"Raj", "I drive a Skoda Octavia, plenty of room for bikes", "Skoda Octavia"},
	{"Kim", "I grew up in Busan, the food there is unreal", "Busan"},
	{"Ada", "Passed my driving test this morning!!", "driving test"},
	{"Tom", "My favourite band is Khruangbin, seeing them in May", "Khruangbin"},
	{"Zoe", "we adopted a tabby kitten called Miso", "Miso"},
	{"Ben", "I'm learning Portuguese before the Lisbon trip", "Portuguese"},
	{"Eli", "I work at Spotify now, on the podcast team", "Spotify"},
	{"Ana", "Ran my first half marathon in Valencia today", "Valencia"},
	{"Joe", "I'm vegetarian, just so you know for Friday", "vegetarian"},
	{"Liv", "Traffic was awful, I'll be late", ""},
	{"Max", "lol same", ""},
	{"Ida", "Anyone seen my charger?", ""},
	{"Gus", "The weather is so grey today", ""},
	{"小周", "我下个月入职字节，做推荐算法", "字节"},
	{"阿美", "我们家搬到苏州了，离公司近多了", "苏州"},
	{"老王", "我儿子今年上小学了，叫豆包", "豆包"},
	{"小陈", "我对芒果过敏，吃了会起疹子", "芒果"},
	{"丽丽", "最近迷上了羽毛球，每周打三次", "羽毛球"},
	{"阿杰", "国庆机票订好了，去大理", "大理"},
	{"小林", "我老家是安徽黄山的", "黄山"},
	{"大刘", "新车提了！比亚迪海豹", "比亚迪海豹"},
	{"小美", "我在备考注会，周末都在图书馆", "注会"},
	{"阿强", "领养了一只橘猫，叫可乐", "橘猫"},
	{"小赵", "今天好困啊", ""},
	{"老李", "哈哈哈哈", ""},
	{"小何", "谁有充电宝借一下", ""},
	{"丹丹", "地铁又晚点了，无语", ""},
}

// The member facts of held-out lines: the share of fact lines whose
// statement states the fact, and the small-talk lines that give one.
func TestHeldOutFacts(t *testing.T) {
	f, err := New(Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	day := time.Date(2027, 3, 10, 20, 0, 0, 0, time.UTC)
	facts, stated, talk := 0, 0, 0
	for _, h := range heldOut {
		m := groupmem.Message{ID: "h", SenderID: h.sender, SenderName: h.sender, Content: h.text, SentAt: day}
		st := ""
		if _, from, to, ok := factAt(f.cfg.Languages, h.text); ok {
			said := m
			said.Content = h.text[from:to]
			st = f.subject(f.ownStatement(said), m)
		}
		switch {
		case h.value == "" && st != "":
			talk++
			t.Logf("small talk kept: %q → %q", h.text, st)
		case h.value != "":
			facts++
			if strings.Contains(st, h.value) {
				stated++
			} else {
				t.Logf("missed: %q → %q", h.text, st)
			}
		}
	}
	t.Logf("held-out lines: %d of %d facts stated (%.0f%%), %d small-talk lines kept", stated, facts, 100*float64(stated)/float64(facts), talk)
	// A floor under today's 20 of 25, not a target: a change of the rules
	// that loses held-out facts or keeps small talk has to say why.
	if 10*stated < 7*facts || talk > 1 {
		t.Errorf("%d of %d held-out facts stated, %d small-talk lines kept; want at least 70%% and at most 1", stated, facts, talk)
	}
}
