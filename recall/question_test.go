package recall

import (
	"testing"
	"time"
	_ "time/tzdata" // for TestReadDaylightSaving anywhere

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// Every case is asked on Wednesday 2026-11-25 at 15:00 in UTC+8.
var (
	cst   = time.FixedZone("CST", 8*3600)
	asked = time.Date(2026, 11, 25, 15, 0, 0, 0, cst)
)

// at parses a day ("2026-11-24") or a minute ("2026-11-25 15:00") in cst;
// "" is the zero time.
func at(t *testing.T, s string) time.Time {
	t.Helper()
	if s == "" {
		return time.Time{}
	}
	layout := "2006-01-02"
	if len(s) > len(layout) {
		layout = "2006-01-02 15:04"
	}
	v, err := time.ParseInLocation(layout, s, cst)
	if err != nil {
		t.Fatalf("parse %q: %v", s, err)
	}
	return v
}

// windowCase is a question and the window it names, [since, until).
type windowCase struct {
	q            string
	since, until string
}

var englishWindows = []windowCase{
	{"What did Ann say yesterday?", "2026-11-24", "2026-11-25"},
	{"what happened today", "2026-11-25", "2026-11-26"},
	{"the day before yesterday", "2026-11-23", "2026-11-24"},
	{"3 days ago", "2026-11-22", "2026-11-23"},
	{"three days ago", "2026-11-22", "2026-11-23"},
	{"a week ago", "2026-11-16", "2026-11-23"},
	{"a couple of weeks ago", "2026-11-09", "2026-11-16"},
	{"2 months ago", "2026-09-01", "2026-10-01"},
	{"twelve months ago", "2025-11-01", "2025-12-01"},
	{"a fortnight ago", "2026-11-11", "2026-11-12"},
	{"last week", "2026-11-16", "2026-11-23"},
	{"this week", "2026-11-23", "2026-11-30"},
	{"next week", "2026-11-30", "2026-12-07"},
	{"last month", "2026-10-01", "2026-11-01"},
	{"this year", "2026-01-01", "2027-01-01"},
	{"last year", "2025-01-01", "2026-01-01"},
	{"the week before last", "2026-11-09", "2026-11-16"},
	{"last weekend", "2026-11-21", "2026-11-23"},
	{"what did we do on the weekend", "2026-11-21", "2026-11-23"},
	{"last Friday", "2026-11-20", "2026-11-21"},
	{"last Monday", "2026-11-16", "2026-11-17"},
	{"this Friday", "2026-11-27", "2026-11-28"},
	{"next Monday", "2026-11-30", "2026-12-01"},
	{"What did we discuss on Monday?", "2026-11-23", "2026-11-24"},
	{"what did we decide on Friday", "2026-11-20", "2026-11-21"},
	{"What did we discuss on Wednesday?", "2026-11-18", "2026-11-19"},
	{"What will we do on Friday?", "2026-11-27", "2026-11-28"},
	{"are we going to meet on Monday", "2026-11-30", "2026-12-01"},
	{"we'll meet on Wednesday, right?", "2026-12-02", "2026-12-03"},
	{"Friday's game", "2026-11-20", "2026-11-21"},
	{"in May", "2026-05-01", "2026-06-01"},
	{"in May 2023", "2023-05-01", "2023-06-01"},
	{"May 2023", "2023-05-01", "2023-06-01"},
	{"in early May", "2026-05-01", "2026-05-11"},
	{"mid-May", "2026-05-11", "2026-05-21"},
	{"late May", "2026-05-21", "2026-06-01"},
	{"at the end of last month", "2026-10-21", "2026-11-01"},
	{"May 3", "2026-05-03", "2026-05-04"},
	{"May 3rd", "2026-05-03", "2026-05-04"},
	{"may 3rd, 2024", "2024-05-03", "2024-05-04"},
	{"3 May", "2026-05-03", "2026-05-04"},
	{"on the 3rd of May", "2026-05-03", "2026-05-04"},
	{"the third of March", "2026-03-03", "2026-03-04"},
	{"Friday, May 3", "2026-05-03", "2026-05-04"},
	{"what happened on December 3", "2025-12-03", "2025-12-04"},
	{"what will happen on December 3", "2026-12-03", "2026-12-04"},
	{"what happened on November 25", "2026-11-25", "2026-11-26"},
	{"in December", "2025-12-01", "2026-01-01"},
	{"what are we planning to do in December", "2026-12-01", "2027-01-01"},
	{"last May", "2026-05-01", "2026-06-01"},
	{"in 2023", "2023-01-01", "2024-01-01"},
	{"last night", "2026-11-24", "2026-11-25"},
	{"this morning", "2026-11-25", "2026-11-26"},
	{"recently", "2026-11-11", "2026-11-26"},
	{"in the past 3 days", "2026-11-22", "2026-11-26"},
	{"earlier this week", "2026-11-23", "2026-11-25 15:00"},
	{"earlier this month", "2026-11-01", "2026-11-25 15:00"},
	{"before May 3", "", "2026-05-03"},
	{"until May 3", "", "2026-05-04"},
	{"after last week", "2026-11-23", ""},
	{"since October", "2026-10-01", ""},
	{"between May 3 and May 10", "2026-05-03", "2026-05-11"},
	{"after May 3 and before May 10", "2026-05-04", "2026-05-10"},
	{"from May 3 to May 10", "2026-05-03", "2026-05-11"},
	{"May 3 to 5", "2026-05-03", "2026-05-06"},
	{"from Monday to Wednesday", "2026-11-16", "2026-11-19"},
	{"what will we do from Monday to Wednesday", "2026-11-30", "2026-12-03"},
	{"from October to February", "2025-10-01", "2026-03-01"},
	{"yesterday, and also last week", "2026-11-24", "2026-11-25"},
	{"before yesterday", "", "2026-11-24"},
	{"from May until now", "2026-05-01", ""},
	{"two weeks from now", "2026-12-07", "2026-12-14"},
	{"LAST WEEK", "2026-11-16", "2026-11-23"},
	{"Dec 24", "2025-12-24", "2025-12-25"},
	{"3 May 2023", "2023-05-03", "2023-05-04"},
	// Look-alikes name no window.
	{"May I ask what Ann said?", "", ""},
	{"she may come", "", ""},
	{"I think 2 may be enough", "", ""},
	{"we march on", "", ""},
	{"wait a second", "", ""},
	{"what do we do every Friday", "", ""},
	{"on Fridays we play", "", ""},
	{"what happened in the past", "", ""},
	{"see you later", "", ""},
	// "Will you" asks; it does not speak of the future.
	{"Will you summarize Friday?", "2026-11-20", "2026-11-21"},
}

var chineseWindows = []windowCase{
	{"今天聊了什么", "2026-11-25", "2026-11-26"},
	{"昨天", "2026-11-24", "2026-11-25"},
	{"前天", "2026-11-23", "2026-11-24"},
	{"大前天", "2026-11-22", "2026-11-23"},
	{"3天前", "2026-11-22", "2026-11-23"},
	{"三天前", "2026-11-22", "2026-11-23"},
	{"两周前", "2026-11-09", "2026-11-16"},
	{"3个月前", "2026-08-01", "2026-09-01"},
	{"半个月前", "2026-11-10", "2026-11-11"},
	{"上周", "2026-11-16", "2026-11-23"},
	{"上个星期", "2026-11-16", "2026-11-23"},
	{"上礼拜", "2026-11-16", "2026-11-23"},
	{"本周", "2026-11-23", "2026-11-30"},
	{"这周", "2026-11-23", "2026-11-30"},
	{"这个星期", "2026-11-23", "2026-11-30"},
	{"下周", "2026-11-30", "2026-12-07"},
	{"上周五", "2026-11-20", "2026-11-21"},
	{"上个周五", "2026-11-20", "2026-11-21"},
	{"这周三", "2026-11-25", "2026-11-26"},
	{"下周一", "2026-11-30", "2026-12-01"},
	{"周三", "2026-11-18", "2026-11-19"},
	{"周一说了啥", "2026-11-23", "2026-11-24"},
	{"周三要开会吗", "2026-12-02", "2026-12-03"},
	{"周三开会说了什么", "2026-11-18", "2026-11-19"},
	{"星期五我们打算做什么", "2026-11-27", "2026-11-28"},
	{"礼拜天", "2026-11-22", "2026-11-23"},
	{"周日", "2026-11-22", "2026-11-23"},
	{"星期天", "2026-11-22", "2026-11-23"},
	{"周末", "2026-11-21", "2026-11-23"},
	{"上周末", "2026-11-21", "2026-11-23"},
	{"这周末准备去哪", "2026-11-28", "2026-11-30"},
	{"上个月", "2026-10-01", "2026-11-01"},
	{"这个月", "2026-11-01", "2026-12-01"},
	{"本月", "2026-11-01", "2026-12-01"},
	{"下个月", "2026-12-01", "2027-01-01"},
	{"五月", "2026-05-01", "2026-06-01"},
	{"5月", "2026-05-01", "2026-06-01"},
	{"三月份", "2026-03-01", "2026-04-01"},
	{"12月", "2025-12-01", "2026-01-01"},
	{"12月要做什么", "2026-12-01", "2027-01-01"},
	{"去年五月", "2025-05-01", "2025-06-01"},
	{"今年3月", "2026-03-01", "2026-04-01"},
	{"2023年5月", "2023-05-01", "2023-06-01"},
	{"23年5月", "2023-05-01", "2023-06-01"},
	{"2023年", "2023-01-01", "2024-01-01"},
	{"5月3号", "2026-05-03", "2026-05-04"},
	{"5月3日", "2026-05-03", "2026-05-04"},
	{"五月三号", "2026-05-03", "2026-05-04"},
	{"十二月二十五号", "2025-12-25", "2025-12-26"},
	{"2023年5月3日", "2023-05-03", "2023-05-04"},
	{"３号", "2026-11-03", "2026-11-04"},
	{"28号", "2026-10-28", "2026-10-29"},
	{"28号要干嘛", "2026-11-28", "2026-11-29"},
	{"5月初", "2026-05-01", "2026-05-11"},
	{"5月中", "2026-05-11", "2026-05-21"},
	{"5月底", "2026-05-21", "2026-06-01"},
	{"上个月底", "2026-10-21", "2026-11-01"},
	{"月初", "2026-11-01", "2026-11-11"},
	{"去年", "2025-01-01", "2026-01-01"},
	{"今年", "2026-01-01", "2027-01-01"},
	{"前年", "2024-01-01", "2025-01-01"},
	{"明年", "2027-01-01", "2028-01-01"},
	{"去年年底", "2025-09-01", "2026-01-01"},
	{"最近", "2026-11-11", "2026-11-26"},
	{"前几天", "2026-11-18", "2026-11-26"},
	{"过去三天", "2026-11-22", "2026-11-26"},
	{"5月3号之前", "", "2026-05-03"},
	{"上周之后", "2026-11-23", ""},
	{"10月以来", "2026-10-01", ""},
	{"5月3号到5月10号", "2026-05-03", "2026-05-11"},
	{"5月3号到5号", "2026-05-03", "2026-05-06"},
	{"28号到3号", "2026-10-28", "2026-11-04"},
	{"在5月3号和5月10号之间", "2026-05-03", "2026-05-11"},
	{"上周一到周三", "2026-11-16", "2026-11-19"},
	{"从上周三到昨天", "2026-11-18", "2026-11-25"},
	{"上周 Ann 说了什么", "2026-11-16", "2026-11-23"},
	{"上上周", "2026-11-09", "2026-11-16"},
	{"前两天", "2026-11-22", "2026-11-26"},
	{"这两天", "2026-11-23", "2026-11-26"},
	{"近三个月", "2026-08-25", "2026-11-26"},
	{"10年前", "2016-01-01", "2017-01-01"},
	{"两周后", "2026-12-07", "2026-12-14"},
	{"2023年以前", "", "2023-01-01"},
	{"去年以来", "2025-01-01", ""},
	{"从5月开始", "2026-05-01", ""},
	{"5月到现在", "2026-05-01", ""},
	{"11月3号下午", "2026-11-03", "2026-11-04"},
	{"前天晚上", "2026-11-23", "2026-11-24"},
	// Look-alikes name no window.
	{"服务很周到", "", ""},
	{"周边有什么好吃的", "", ""},
	{"一周一次", "", ""},
	{"每周", "", ""},
	{"每周五打球", "", ""},
	{"星期", "", ""},
	{"十三月", "", ""},
	{"几号开会", "", ""},
	{"我和他", "", ""},
	{"5号楼", "", ""},
	{"上次说的", "", ""},
	{"下午三点", "", ""},
}

func TestReadWindow(t *testing.T) {
	cases := append(append([]windowCase{}, englishWindows...), chineseWindows...)
	for _, c := range cases {
		t.Run(c.q, func(t *testing.T) {
			got := Read(c.q, asked, cst, nil)
			want := Question{Text: c.q, Since: at(t, c.since), Until: at(t, c.until)}
			if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("Read(%q) mismatch (-want +got):\n%s", c.q, diff)
			}
		})
	}
}

// Windows start at midnight in the location, across a change of
// daylight saving time too.
func TestReadDaylightSaving(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Fatalf("load location: %v", err)
	}
	now := time.Date(2026, 11, 4, 12, 0, 0, 0, ny) // a Wednesday; clocks went back on Sunday 11-01
	got := Read("last week", now, ny, nil)
	want := Question{Text: "last week", Since: time.Date(2026, 10, 26, 0, 0, 0, 0, ny), Until: time.Date(2026, 11, 2, 0, 0, 0, 0, ny)}
	if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("Read(last week) in New York mismatch (-want +got):\n%s", diff)
	}
}

func TestReadLocation(t *testing.T) {
	early := time.Date(2026, 11, 25, 1, 0, 0, 0, cst) // still 11-24 in UTC
	if got, want := Read("today", early, nil, nil).Since, time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC); !got.Equal(want) {
		t.Errorf("today in UTC: Since = %v, want %v", got, want)
	}
	if got, want := Read("today", early, cst, nil).Since, at(t, "2026-11-25"); !got.Equal(want) {
		t.Errorf("today in CST: Since = %v, want %v", got, want)
	}
}

// senderCase is a question and the members it names.
type senderCase struct {
	q       string
	members []Member
	want    []string
}

var (
	ann      = Member{ID: "u-ann", Names: []string{"Ann"}}
	anna     = Member{ID: "u-anna", Names: []string{"Anna"}}
	annLee   = Member{ID: "u-annlee", Names: []string{"Ann Lee"}}
	bob      = Member{ID: "u-bob", Names: []string{"Bob"}}
	will     = Member{ID: "u-will", Names: []string{"Will"}}
	may      = Member{ID: "u-may", Names: []string{"May"}}
	renamed  = Member{ID: "u-ren", Names: []string{"Annie", "Ren"}} // now Annie, once Ren
	laoZhang = Member{ID: "u-laozhang", Names: []string{"老张"}}
	zhang    = Member{ID: "u-zhang", Names: []string{"张"}}
	zhangSan = Member{ID: "u-zhangsan", Names: []string{"张三"}}
	zsf      = Member{ID: "u-zsf", Names: []string{"张三丰"}}
	xiaoWang = Member{ID: "u-xiaowang", Names: []string{"小王"}}
	wyt      = Member{ID: "u-wyt", Names: []string{"五月天"}}
	numbered = Member{ID: "10086", Names: []string{"客服"}}
	everyone = []Member{ann, anna, annLee, bob, will, may, renamed, laoZhang, zhang, zhangSan, zsf, xiaoWang, wyt, numbered}
)

var senderCases = []senderCase{
	{"What did Ann say?", everyone, []string{"u-ann"}},
	{"what did ann say", everyone, []string{"u-ann"}},
	{"ANN's idea", everyone, []string{"u-ann"}},
	{"What did Anna say?", everyone, []string{"u-anna"}},
	{"Annabel said hi", everyone, nil},
	{"Bob and Ann argued", everyone, []string{"u-bob", "u-ann"}},
	{"Ann said Bob's plan was Ann's", everyone, []string{"u-ann", "u-bob"}},
	{"What did Ann Lee say to Ann?", everyone, []string{"u-annlee", "u-ann"}},
	{"What did Ren say?", everyone, []string{"u-ren"}},
	{"Annie, formerly Ren", everyone, []string{"u-ren"}},
	{"what did u-bob post", everyone, []string{"u-bob"}},
	{"what will happen next", everyone, nil},
	{"What did Will say?", everyone, []string{"u-will"}},
	{"Will you ask Bob?", everyone, []string{"u-bob"}},
	{"May I ask what Bob said?", everyone, []string{"u-bob"}},
	{"what did May say in May", everyone, []string{"u-may"}},
	{"老张说了什么", everyone, []string{"u-laozhang"}},
	{"张说了什么", everyone, nil},
	{"张三丰说的", everyone, []string{"u-zsf"}},
	{"张三和老张", everyone, []string{"u-zhangsan", "u-laozhang"}},
	{"小王子", everyone, []string{"u-xiaowang"}},
	{"小王和Bob上周聊了什么", everyone, []string{"u-xiaowang", "u-bob"}},
	{"五月天说了啥", everyone, []string{"u-wyt"}},
	{"10086 说了啥", everyone, []string{"10086"}},
	{"客服和10086", everyone, []string{"10086"}},
	{"Ann said", []Member{ann, {ID: "u-ann2", Names: []string{"Ann"}}}, []string{"u-ann", "u-ann2"}},
	{"Ann said", []Member{{ID: "x", Names: []string{"A", " "}}, ann}, []string{"u-ann"}},
	{"", everyone, nil},
}

func TestReadSenders(t *testing.T) {
	for _, c := range senderCases {
		t.Run(c.q, func(t *testing.T) {
			got := Read(c.q, asked, cst, c.members)
			if diff := cmp.Diff(c.want, got.Senders, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("Read(%q).Senders mismatch (-want +got):\n%s", c.q, diff)
			}
		})
	}
}

// A name is read before time words, which are then not read inside it;
// a name that is a common word yields to them.
func TestReadNameAndTime(t *testing.T) {
	for _, c := range []struct {
		q            string
		since, until string
		senders      []string
	}{
		{"五月天说了啥", "", "", []string{"u-wyt"}},
		{"what did May say in May", "2026-05-01", "2026-06-01", []string{"u-may"}},
		{"What did Will say on Friday?", "2026-11-20", "2026-11-21", []string{"u-will"}},
		{"what will Bob do on Friday", "2026-11-27", "2026-11-28", []string{"u-bob"}},
	} {
		got := Read(c.q, asked, cst, everyone)
		want := Question{Text: c.q, Since: at(t, c.since), Until: at(t, c.until), Senders: c.senders}
		if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("Read(%q) mismatch (-want +got):\n%s", c.q, diff)
		}
	}
}

// A question about how things are now asks for the latest of what was
// said; one about a time, or a habit, does not.
func TestReadLatest(t *testing.T) {
	now := time.Date(2026, 11, 25, 15, 0, 0, 0, time.FixedZone("CST", 8*3600))
	for q, want := range map[string]bool{
		"Where does Ann work now?":          true,
		"What phone is Bo currently using?": true,
		"Is Cy still in Denver?":            true,
		"现在周会是星期几？":                         true,
		"老张目前在哪家公司？":                        true,
		"Where did Ann work in May?":        false,
		"What did Bo say last week?":        false,
		"老张上个月说了什么？":                        false,
		"谁养了猫？":                             false,
	} {
		if got := Read(q, now, nil, nil).Latest; got != want {
			t.Errorf("Read(%q).Latest = %v, want %v", q, got, want)
		}
	}
}
