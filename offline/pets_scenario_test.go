package offline_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/offline"
)

// Pets mentioned in passing, as a small group writes of them ("my dog
// Pepper has a vet appointment tomorrow", "walking the dog before
// work"), are their owners' memories; a neighbour's dog is nobody's.

// petTalk: pets mentioned in passing, and a neighbour's dog that is not
// the speaker's.
func petTalk() []line {
	return []line{
		{0, 0, "08:30", "cat", "my dog Pepper has a vet appointment tomorrow", "pet"},
		{0, 0, "08:40", "ben", "hope it goes well, poor thing", noiseTopic},
		{0, 2, "07:15", "ana", "walking the dog before work, it's freezing out", "pet"},
		{0, 3, "22:00", "dan", "my neighbour's dog barked all night", oneOff},
		{0, 4, "09:00", "eli", "our cat Miso knocked over a plant this morning", "pet"},
		{1, 0, "12:00", "ben", "the new ramen place downtown is great", noiseTopic},
		{1, 2, "12:00", "dan", "the neighbour's dog is at it again", oneOff},
	}
}

func TestPetsMentionedInPassing(t *testing.T) {
	c, _ := chatOf(t, "pets", petTalk())
	env := replay(t, c, offline.Config{})
	active := memories(t, env)[groupmem.StatusActive]
	for _, m := range active {
		t.Logf("memory %q %v", m.Statement, m.Tags)
	}
	for who, want := range map[string][]string{"cat": {"dog", "Pepper"}, "ana": {"dog"}, "eli": {"cat", "Miso"}} {
		found := false
		for _, m := range active {
			if !strings.Contains(strings.Join(m.Tags, " "), "member:"+who) {
				continue
			}
			ok := strings.Contains(strings.ToLower(m.Statement), who)
			for _, w := range want {
				ok = ok && strings.Contains(m.Statement, w)
			}
			found = found || ok
			if strings.Contains(strings.ToLower(" "+m.Statement+" "), " my ") {
				t.Errorf("%s's memory %q keeps the first person", who, m.Statement)
			}
		}
		if !found {
			t.Errorf("no memory of %s says %v", who, want)
		}
	}
	for _, m := range active {
		if strings.Contains(strings.Join(m.Tags, " "), "member:dan") {
			t.Errorf("the neighbour's dog made a memory of dan's: %q", m.Statement)
		}
	}
}

// Pets in Chinese: 我家狗, 遛狗; a neighbour's dog is not the speaker's.
func TestPetsMentionedInPassingChinese(t *testing.T) {
	c, _ := chatOf(t, "pets-zh", []line{
		{0, 0, "08:30", "小猫", "我家狗豆豆明天要去打疫苗", "pet"},
		{0, 0, "08:40", "阿本", "希望顺利", noiseTopic},
		{0, 2, "07:15", "小安", "早上遛狗冻死了，零下五度", "pet"},
		{0, 3, "22:00", "阿丹", "邻居家的狗叫了一晚上", oneOff},
		{1, 0, "12:00", "阿本", "楼下新开的拉面店不错", noiseTopic},
	})
	env := replay(t, c, offline.Config{})
	active := memories(t, env)[groupmem.StatusActive]
	for _, m := range active {
		t.Logf("memory %q %v", m.Statement, m.Tags)
	}
	for who, want := range map[string][]string{"小猫": {"狗", "豆豆"}, "小安": {"遛狗"}} {
		if !slices.ContainsFunc(active, func(m groupmem.Memory) bool {
			ok := strings.Contains(strings.Join(m.Tags, " "), "member:"+who) && strings.Contains(m.Statement, who) && !strings.Contains(m.Statement, "我")
			for _, w := range want {
				ok = ok && strings.Contains(m.Statement, w)
			}
			return ok
		}) {
			t.Errorf("no memory of %s says %v", who, want)
		}
	}
	for _, m := range active {
		if strings.Contains(strings.Join(m.Tags, " "), "member:阿丹") {
			t.Errorf("the neighbour's dog made a memory of 阿丹's: %q", m.Statement)
		}
	}
}
