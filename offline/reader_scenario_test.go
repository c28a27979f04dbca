package offline_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/offline"
)

// What a member tells of themselves in a plain Chinese sentence no
// pattern reads (their job, their cat, their partner), turning to it from
// small talk, is their memory, in their name; the small talk around it,
// and a line about a broken fridge, are nobody's.
func TestReaderKeepsPlainChineseFacts(t *testing.T) {
	c, _ := chatOf(t, "reader-zh", []line{
		{0, 0, "20:10", "耗子", "今天地铁挤死了，差点没上去", noiseTopic},
		{0, 0, "20:12", "大头", "我也是，早高峰太可怕了", noiseTopic},
		{0, 0, "21:30", "耗子", "跟你们说个事，当审计就是这样，白天开会晚上干活，我已经三天没见过太阳了", "job"},
		{0, 1, "12:00", "小马", "中午吃啥，食堂又是土豆", noiseTopic},
		{0, 1, "19:40", "小马", "对了，下班回家缅因猫在门口等我，这是唯一的安慰了", "cat"},
		{0, 2, "20:00", "大头", "冰箱又坏了，打客服电话转了三次人工", oneOff},
		{0, 2, "22:15", "军哥", "跟你们说个事，周末陪雨桐见她爸妈，紧张得一晚上没睡好", "mate"},
		{0, 3, "08:00", "二胖", "早，今天降温了多穿点", noiseTopic},
		{0, 3, "08:05", "耗子", "收到，谢谢提醒", noiseTopic},
	})
	env := replay(t, c, offline.Config{})
	active := memories(t, env)[groupmem.StatusActive]
	for _, m := range active {
		t.Logf("memory %q %v", m.Statement, m.Tags)
	}
	for who, want := range map[string]string{"耗子": "审计", "小马": "缅因猫", "军哥": "雨桐"} {
		found := false
		for _, m := range active {
			if strings.Contains(strings.Join(m.Tags, " "), "member:"+who) && strings.Contains(m.Statement, who) && strings.Contains(m.Statement, want) {
				found = true
				if strings.Contains(m.Statement, "我") {
					t.Errorf("%s's memory %q keeps the first person", who, m.Statement)
				}
			}
		}
		if !found {
			t.Errorf("no memory of %s says %s", who, want)
		}
	}
	for _, m := range active {
		for _, w := range []string{"地铁", "冰箱", "土豆", "降温"} {
			if strings.Contains(m.Statement, w) {
				t.Errorf("small talk made a memory: %q", m.Statement)
			}
		}
	}
}

// In a chat of two friends catching up, what each tells of a day they
// name ("I took my kids to the museum yesterday", "I'm moving back to
// Sweden next year") is their dated event or plan, in their name, as is
// what they have ("I have a cat too, she's 3"); the replies, questions,
// a reaction of the day ("I needed this laugh today") and a story about
// someone else ("My manager decided today…") are nobody's.
func TestSelfDatedEventsOfTwoFriends(t *testing.T) {
	c, _ := chatOf(t, "two-friends", []line{
		{0, 0, "19:00", "Caroline", "Hey Mel! Good to see you! How have you been?", noiseTopic},
		{0, 0, "19:01", "Melanie", "I took my kids to the museum yesterday, they loved the dinosaur exhibit!", "kids"},
		{0, 0, "19:02", "Caroline", "Aw that sounds fun! Your kids must have had a blast. Did they see the whale too?", noiseTopic},
		{0, 0, "19:03", "Melanie", "Yeah, I painted that lake sunrise last year! It's special to me.", "paint"},
		{0, 0, "19:04", "Caroline", "Haha I needed this laugh today", noiseTopic},
		{0, 0, "19:05", "Caroline", "Big news: I'm moving back to Sweden next year, my home country, to be near my grandma.", "move"},
		{0, 0, "19:06", "Melanie", "Wow! Are you going back to Sweden for good?", noiseTopic},
		{0, 0, "19:07", "Melanie", "Oh and I just signed up for a pottery class, so excited!", "pottery"},
		{0, 0, "19:09", "Melanie", "I recently ran my first half marathon, my legs are still jelly.", "run"},
		{0, 0, "19:10", "Melanie", "Caroline what's new with you? Anything fun?", noiseTopic},
		{0, 0, "19:11", "Caroline", "I went to an LGBTQ support group yesterday and it was so powerful.", "group"},
		{0, 0, "19:12", "Melanie", "Thanks! I've been practicing yoga for a couple of years now, it keeps me sane.", "yoga"},
		{0, 0, "19:13", "Caroline", "Last Friday I gave a talk at a school about being trans, it was nerve-wracking but worth it.", "talk"},
		{0, 0, "19:14", "Melanie", "My manager decided today was the day to change everything.", noiseTopic},
		{0, 0, "19:15", "Caroline", "Oh, that's so sweet! I have a cat too, she's 3 and loves to cuddle.", "cat"},
		{0, 0, "19:08", "Caroline", "I recently finished my counseling certificate at Portland Community College, feeling proud.", "study"},
	})
	env := replay(t, c, offline.Config{})
	active := memories(t, env)[groupmem.StatusActive]
	for _, m := range active {
		t.Logf("memory %q %v", m.Statement, m.Tags)
	}
	for _, want := range [][2]string{{"Melanie", "museum"}, {"Melanie", "lake sunrise"}, {"Caroline", "Sweden"}, {"Melanie", "pottery class"}, {"Caroline", "counseling certificate"}, {"Melanie", "half marathon"}, {"Caroline", "LGBTQ support group"}, {"Melanie", "yoga for a couple of years"}, {"Caroline", "gave a talk at a school"}, {"Caroline", "has a cat"}} {
		if !slices.ContainsFunc(active, func(m groupmem.Memory) bool {
			return slices.Contains(m.Tags, "member:"+want[0]) && strings.Contains(m.Statement, want[0]) && strings.Contains(m.Statement, want[1]) &&
				!strings.Contains(m.Statement, " my ") && !strings.Contains(m.Statement, "yesterday") && !strings.Contains(m.Statement, "next year") &&
				!strings.Contains(m.Statement, "Last Friday")
		}) {
			t.Errorf("no memory of %s tells of the %s, dated, in the third person", want[0], want[1])
		}
	}
	for _, m := range active {
		for _, w := range []string{"laugh", "whale", "for good", "Good to see", "Asked", "Anything fun", "manager", "so sweet"} {
			if strings.Contains(m.Statement, w) {
				t.Errorf("a reply or a reaction made a memory: %q", m.Statement)
			}
		}
	}
}

// What a member of an English group tells of themselves in a sentence
// no pattern reads — a pet met on the pillow, a job told by its worst
// part — is their memory, in their name, and ends where it is told (not on
// the "like" before a dropped question); the small talk around it, a
// neighbour's dog and a fridge that died again are nobody's.
func TestReaderKeepsPlainEnglishFacts(t *testing.T) {
	c, _ := chatOf(t, "reader-en", []line{
		{0, 0, "08:10", "tamika", "Traffic on the bridge was a nightmare this morning", noiseTopic},
		{0, 0, "08:12", "kenji", "Same here, sat there for forty minutes", noiseTopic},
		{0, 0, "09:30", "darnell", "Got home at 8am and the bearded dragon was sitting on my pillow like, where have you BEEN", "pet"},
		{0, 1, "12:00", "kenji", "Lunch was sad again, the canteen only had soup", noiseTopic},
		{0, 1, "19:40", "lupe", "People at parties hear hospice nurse and start showing me their rashes", "job"},
		{0, 2, "22:00", "dan", "my neighbour's dog barked all night", oneOff},
		{0, 2, "22:15", "tamika", "The fridge died again, third call to the repair line this month", oneOff},
		{0, 3, "08:00", "kenji", "Morning all, cold one today", noiseTopic},
		{0, 3, "08:05", "lupe", "Thanks for the heads up", noiseTopic},
	})
	env := replay(t, c, offline.Config{})
	active := memories(t, env)[groupmem.StatusActive]
	for _, m := range active {
		t.Logf("memory %q %v", m.Statement, m.Tags)
	}
	for who, want := range map[string]string{"darnell": "bearded dragon", "lupe": "hospice nurse"} {
		found := false
		for _, m := range active {
			if !strings.Contains(strings.Join(m.Tags, " "), "member:"+who) || !strings.Contains(m.Statement, want) {
				continue
			}
			found = true
			if !strings.Contains(strings.ToLower(m.Statement), who) || strings.Contains(" "+m.Statement+" ", " my ") || strings.Contains(m.Statement, " me ") {
				t.Errorf("%s's memory %q is not told in their name", who, m.Statement)
			}
			if strings.HasSuffix(strings.TrimRight(m.Statement, ".!"), " like") {
				t.Errorf("%s's memory %q ends on a dangling word", who, m.Statement)
			}
		}
		if !found {
			t.Errorf("no memory of %s says %s", who, want)
		}
	}
	for _, m := range active {
		for _, w := range []string{"bridge", "canteen", "neighbour", "fridge", "cold one"} {
			if strings.Contains(strings.ToLower(m.Statement), w) {
				t.Errorf("small talk made a memory: %q", m.Statement)
			}
		}
	}
}

// A notable event of a member's life — a theft, an accident, damage to
// their home, a surgery — told of a recent day is their dated event, in
// their name, in a chat of two or in the first person in a group, and
// whatever other words it has; a mishap of the day is not, nor a figure
// of speech ("looks like a tornado hit it", "we got robbed on question
// seven"), nor what befell another member.
func TestNotableEventsAreKept(t *testing.T) {
	c, _ := chatOf(t, "notable", []line{
		{0, 0, "19:00", "Tariq", "My bicycle got stolen yesterday, from right outside the hospital", "bike"},
		{0, 0, "19:02", "Chloe", "Had a little fender bender two days ago, everyone's fine but my bumper is not", "car"},
		{0, 1, "19:00", "Dev", "Missed the bus again this morning, standing in the rain for twenty minutes", noiseTopic},
		{0, 1, "19:05", "Imogen", "Reorganized the closet last night and now the bedroom looks like a tornado hit it", noiseTopic},
		{0, 2, "19:00", "Yvonne", "Went over last week's sheet, we got robbed on question seven", noiseTopic},
		{0, 2, "19:10", "Dev", "Tom broke his arm yesterday playing five-a-side", noiseTopic},
		{0, 3, "20:00", "阿豪", "我昨天电动车被偷了，就停在楼下十分钟", "bike"},
	})
	env := replay(t, c, offline.Config{})
	active := memories(t, env)[groupmem.StatusActive]
	for _, m := range active {
		t.Logf("memory %q %v", m.Statement, m.Tags)
	}
	for _, want := range [][2]string{{"Tariq", "bicycle got stolen"}, {"Chloe", "fender bender"}, {"阿豪", "被偷"}} {
		if !slices.ContainsFunc(active, func(m groupmem.Memory) bool {
			return slices.Contains(m.Tags, "member:"+want[0]) && strings.Contains(m.Statement, want[0]) && strings.Contains(m.Statement, want[1]) &&
				!strings.Contains(m.Statement, " my ") && !strings.Contains(m.Statement, "yesterday") && !strings.Contains(m.Statement, "昨天") &&
				!strings.Contains(m.Statement, "ago")
		}) {
			t.Errorf("no memory of %s tells of the %s, dated, in their name", want[0], want[1])
		}
	}
	for _, m := range active {
		for _, w := range []string{"bus", "tornado", "robbed", "broke his arm"} {
			if strings.Contains(m.Statement, w) {
				t.Errorf("a mishap of the day or a figure of speech made a memory: %q", m.Statement)
			}
		}
	}
}
