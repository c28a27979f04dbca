package offline

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
)

// windowOf returns the items of a window of lines, each "sender: text",
// one a minute, the last of them fresh.
func windowOf(t *testing.T, f *Fuser, lines ...string) []*item {
	t.Helper()
	day := time.Date(2027, 6, 1, 9, 0, 0, 0, time.UTC)
	var msgs []groupmem.Message
	for i, l := range lines {
		who, text, _ := strings.Cut(l, ": ")
		msgs = append(msgs, groupmem.Message{ID: "m" + string(rune('a'+i)), Seq: int64(i + 1), SenderID: who,
			SenderName: strings.ToUpper(who[:1]) + who[1:], Content: text, SentAt: day.Add(time.Duration(i) * time.Minute)})
	}
	items, _, _, err := f.items(context.Background(), msgs, msgs[len(msgs)-1:])
	if err != nil {
		t.Fatal(err)
	}
	return items
}

// A line that names a proper name or a model of its sender's own is a
// fact of theirs; a reply of a few words, a time, a name others use too,
// a mishap, a group's setting, a road's number or a distance is not.
func TestNovelFact(t *testing.T) {
	f, err := New(Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	chatter := []string{"ben: Morning all, the haze is back", "cai: Two punctures on the way in, never again", "ben: Coffee first, then the climb"}
	for _, c := range []struct {
		last string
		want string // in the fact's sentence; "" for none
	}{
		{"ann: Tenancy signed in Petaling Jaya, boxes everywhere", "Petaling Jaya"},
		{"ann: 今天骑了Kuala Kubu Bharu，来回九十公里，腿废了", "Kuala Kubu Bharu"},
		{"ann: That Scandinavian detective one", ""},
		{"ann: Swim lessons moved to Thursdays because of the pool schedule", ""},
		{"ann: The Federal was brutal this morning, a parking lot", ""}, // ben said it too, below
		{"ann: Bought way too many groceries again and now the fridge is playing Tetris", ""},
		{"ann: Sunday rides start from the Petronas at Jalan Duta from now on", ""},
		{"ann: 一狠心换了富士XT5，回不去了", "XT5"},
		{"ann: Finally bought a Fujifilm X100V for the trips, no regrets", "X100V"},
		{"ann: Traffic on the M32 was a car park tonight, an hour to get home", ""},
		{"ann: Ran 10k along the river before work, legs are jelly", ""},
		{"ann: The Bosch dishwasher broke down mid-cycle, water everywhere", ""}, // a thing that broke: a mishap
		{"ann: 海尔冰箱昨晚罢工了，打客服电话转了三次人工", ""},
	} {
		checkNovelFact(t, f, append(append([]string{}, chatter...), "ben: Took the Federal home, never again"), c.last, c.want)
	}
}

// checkNovelFact checks that novelFact finds, in last said after chatter,
// a fact whose sentence holds want, or none when want is "".
func checkNovelFact(t *testing.T, f *Fuser, chatter []string, last, want string) {
	t.Helper()
	items := windowOf(t, f, append(append([]string{}, chatter...), last)...)
	it := items[len(items)-1]
	fs, _, ok := f.novelFact(it, newWindowWords(f.cfg.Languages, items))
	got := ""
	if ok {
		got = it.msg.Content[fs.from:fs.to]
	}
	if want == "" && ok || !strings.Contains(got, want) {
		t.Errorf("novelFact(%q) = %q (%v), want it to hold %q", last, got, ok, want)
	}
}

// In a script without capitals a name of one's own is a place, a shop or
// a kind whose name the Lexicon does not know, or that ends in a kind of
// place it knows after two characters of one's own, said among the window's
// common words, or where a plan dated ahead goes; an ordinary word
// ("超市", "小区"), a line of one's own words throughout, a place others
// name too, or a question is not.
func TestNovelFactUnspaced(t *testing.T) {
	f, err := New(Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	chatter := []string{"ben: 钥匙拿到了，以后就是这里的人了", "cai: 钥匙拿到了，以后就是小区的人了", "ben: 下个月去海边，滤镜已经买好了",
		"cai: 下个月去海边，滤镜已经买好了", "ben: 楼下就是超市，早上吵得睡不着", "cai: 今天去超市本来只想买瓶酱油，结果推了一车出来"}
	for _, c := range []struct {
		last string
		want string // in the fact's sentence; "" for none
	}{
		{"ann: 钥匙拿到了，以后就是丁桥的人了", "丁桥"},
		{"ann: 楼下就是三墩镇，早上吵得睡不着", "三墩镇"},
		{"ann: 下个月去喀纳斯，滤镜已经买好了", "喀纳斯"},
		// a trip booked, planned or on the way, said in the window's words
		{"ann: 孩子给订了去三亚的票，说让我们出去散散心", "三亚"},
		{"ann: 张家界的行程排好了，走之前把番茄摘完", "张家界"},
		{"ann: 我已经在做冰岛的攻略了，上班就靠这个续命", "冰岛"},
		{"ann: 回国顺路去班夫，菜地拜托了", "班夫"},
		{"ann: 机票刷下去了，济州岛五天，回来带伴手礼", "济州岛"},
		{"ann: 孩子给订了去海边的票，说让我们出去散散心", ""},
		{"ann: 钥匙拿到了，以后就是超市的人了", ""},
		{"ann: 今天去超市本来只想买瓶酱油，结果推了一车出来", ""},
		{"ann: 下个月去海边，滤镜已经买好了", ""},
		{"ann: 昨晚梦见自己在申花路上追一只会说话的鹅", ""},
		{"ann: 以后就是丁桥的人了吗？", ""},
		{"ann: 钥匙拿到了，以后就是闻堰街道的人了", "闻堰街道"},
		{"ann: 楼下就是白塔公园，早上吵得睡不着", "白塔公园"},
		{"ann: 楼下就是公园，早上吵得睡不着", ""},
		// a title marked as one, in words of one's own
		{"ann: 今天排练练《草原之夜》，第二段高音部上回老抢拍，都提前听听伴奏", "草原之夜"},
		{"ann: 今天排练练《海边》，第二段高音部上回老抢拍，都提前听听伴奏", ""},
		{"ann: 《草原之夜》吗？第二段高音部上回老抢拍", ""},
	} {
		checkNovelFact(t, f, chatter, c.last, c.want)
	}
}

// What a member says in words the others of the window say too is small
// talk; a thing of their own is named in some word of their own, or
// between words of their own in an unspaced script, or by two ordinary
// words together.
func TestSharedWording(t *testing.T) {
	f, err := New(Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	items := windowOf(t, f,
		"ben: 孩子最近迷上了做史莱姆",
		"cai: 孩子最近迷上了做史莱姆",
		"ben: 我家狗把沙发抓烂了",
		"cai: My Pixel 8 dies by 3pm every day",
		"ben: The fire alarm went off at the station",
		"ann: 孩子最近迷上了做史莱姆")
	w := newWindowWords(f.cfg.Languages, items)
	ann := groupmem.Message{SenderID: "ann"}
	for span, want := range map[string]bool{
		"孩子最近迷上了做史莱姆":                            true,
		"我家英短把沙发抓烂了":                             false,
		"My Nothing Phone dies by 3pm every day": false,
		"Field trip to the fire station":         false,
	} {
		if got := w.shared(f.cfg.Languages, ann, span); got != want {
			t.Errorf("shared(%q) = %v, want %v", span, got, want)
		}
	}
}

// A member's memory that the others of the window then say in the same
// words is deleted as small talk; one in words of its own stays.
func TestSmallTalkFacts(t *testing.T) {
	f, err := New(Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	items := windowOf(t, f, "ann: 我家英短又胖了", "ben: 孩子最近迷上了做史莱姆", "cai: 孩子最近迷上了做史莱姆")
	tags := []string{TagMember, memberTag(groupmem.Message{SenderID: "ann"}), "likes"}
	mems := []groupmem.Memory{
		{ID: "talk", Statement: "Ann孩子最近迷上了做史莱姆", Tags: tags, Status: groupmem.StatusActive, Strength: 0.6},
		{ID: "cat", Statement: "Ann家英短又胖了", Tags: tags, Status: groupmem.StatusActive, Strength: 0.6},
	}
	ds := f.smallTalkFacts(mems, nil, newWindowWords(f.cfg.Languages, items))
	if len(ds) != 1 || ds[0].mem.ID != "talk" || ds[0].kind != groupmem.ActionDelete {
		t.Errorf("smallTalkFacts = %+v, want the small talk deleted only", ds)
	}
}

// A question put to a member by name asks of them however it is worded:
// the word that asks inside a Chinese clause, a noun phrase after
// "which".
func TestQuestionsPutByName(t *testing.T) {
	ls := DefaultLanguages()
	for _, c := range [][3]string{
		{"小雨你住哪一带", "小雨", "住哪一带"},
		{"小雨你年底有什么安排", "小雨", "年底有什么安排"},
		{"Siew Lin which side of town are you on?", "Siew Lin", "which side of town they are on"},
	} {
		if got, l := question(ls, c[0], c[1]); l == nil || got != c[2] {
			t.Errorf("question(%q) = %q, want %q", c[0], got, c[2])
		}
	}
	if asks(ls, "你说什么都对") {
		t.Error(`"你说什么都对" is taken for a question`)
	}
}
