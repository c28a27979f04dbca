package offline_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/offline"
)

// A member's line about their child or animal, called by its pet name,
// is kept as their household's ("青青家糖糖期中考了全班第三"), not as the
// member's name run into another ("青青糖糖…"); a line that opens with a
// doubled word ("天天加班") or a kin word ("妈妈…") is the member's own.
func TestHouseholdPetNames(t *testing.T) {
	c, _ := chatOf(t, "household", talkLines([]talk{
		{0, "青青", "糖糖期中考了全班第三，奖励了一套乐高", true},
		{0, "阿杰", "厉害厉害", false},
		{1, "阿杰", "嘟嘟今天第一次自己系鞋带，激动死我了", true},
		{1, "青青", "哈哈哈长大了", false},
		{2, "青青", "豆豆昨天打完疫苗了，在家趴了一天", true},
		{3, "阿杰", "妈妈住院了，这周得请假去陪床", true},
		{3, "阿杰", "毛毛期末考了全班第一，这学期没白熬", true},
		{4, "青青", "天天加班，最近瘦了五斤", true},
	}))
	env := replay(t, c, offline.Config{})
	active := memories(t, env)[groupmem.StatusActive]
	sts := statementsOf(active)
	for _, want := range []string{"青青家糖糖期中考了全班第三", "阿杰家毛毛期末考了全班第一"} {
		if !slices.ContainsFunc(active, func(m groupmem.Memory) bool { return strings.HasPrefix(m.Statement, want) }) {
			t.Errorf("no active memory starts %q; active: %v", want, sts)
		}
	}
	for _, m := range active {
		for _, bad := range []string{"青青糖糖", "阿杰嘟嘟", "青青豆豆", "阿杰毛毛", "阿杰家妈妈", "青青家天天"} {
			if strings.Contains(m.Statement, bad) {
				t.Errorf("%q: says %q", m.Statement, bad)
			}
		}
	}
}

// A member's line that names them only after its first clause, where "我"
// stood ("下班还得刷一建的题，开黑我就不来了"), is given them as its subject
// from the start ("军哥下班还得刷一建的题，开黑TA就不来了").
func TestSubjectFromTheFirstClause(t *testing.T) {
	c, _ := chatOf(t, "subject", talkLines([]talk{
		{0, "军哥", "下班还得刷一建的题，开黑我就不来了", true},
		{0, "阿杰", "加油加油", false},
		{1, "阿杰", "入坑马拉松了，装备已经花了小一万，别告诉我妈", true},
	}))
	env := replay(t, c, offline.Config{})
	active := memories(t, env)[groupmem.StatusActive]
	sts := statementsOf(active)
	for _, want := range []string{"军哥下班还得刷一建的题，开黑TA就不来了", "阿杰入坑马拉松了"} {
		if !slices.ContainsFunc(active, func(m groupmem.Memory) bool { return strings.HasPrefix(m.Statement, want) }) {
			t.Errorf("no active memory starts %q; active: %v", want, sts)
		}
	}
}

// A line that opens with its verb gets its member as subject, and a later
// clause that left the subject out gets it too, so that its verb agrees
// ("Went to Georgia Tech for undergrad, still have the hoodie to prove
// it": not "Emma … still have"); an apology that opens a line is shed
// ("Sorry I was off…": not "Sorry Bev was off…").
func TestLaterVerbsAgreeWithTheMember(t *testing.T) {
	c, _ := chatOf(t, "agree", talkLines([]talk{
		{0, "Emma", "Went to Georgia Tech for undergrad, still have the hoodie to prove it", true},
		{0, "Tom", "nice", false},
		{1, "Tom", "Adopted a greyhound from the rescue in Leeds and love him to bits", true},
		{2, "Bev", "Sorry I was off with everyone this morning, the sound engineer job had me up till midnight", true},
	}))
	env := replay(t, c, offline.Config{})
	active := memories(t, env)[groupmem.StatusActive]
	sts := statementsOf(active)
	for _, want := range []string{"Emma went to Georgia Tech for undergrad, they still have the hoodie", "Tom adopted a greyhound from the rescue in Leeds and they love", "Bev was off with everyone"} {
		if !slices.ContainsFunc(active, func(m groupmem.Memory) bool { return strings.HasPrefix(m.Statement, want) }) {
			t.Errorf("no active memory starts %q; active: %v", want, sts)
		}
	}
}

// A member's "we" is their household ("we moved to Leeds"), but in a line
// that names another member it is those who were there: "Dragged
// ourselves to Big Star and Kayla paid" is no outing of Tamika's family.
func TestWeWithAnotherMemberIsNotTheFamily(t *testing.T) {
	c, _ := chatOf(t, "we", talkLines([]talk{
		{0, "Kayla", "Anyone tried the new bakery on Mill Road? the sourdough is unreal", false},
		{0, "Tamika", "We finally did the Cotswold Way with Kayla, walked the whole thing in a week", true},
		{1, "Kayla", "Adopted a greyhound from the rescue in Leeds and we love him to bits", true},
	}))
	env := replay(t, c, offline.Config{})
	active := memories(t, env)[groupmem.StatusActive]
	sts := statementsOf(active)
	for _, m := range active {
		if strings.Contains(m.Statement, "Cotswold") && strings.Contains(m.Statement, "family") {
			t.Errorf("%q: the group's outing read as Tamika's family's", m.Statement)
		}
	}
	if !slices.ContainsFunc(active, func(m groupmem.Memory) bool { return strings.Contains(m.Statement, "Cotswold") }) ||
		!slices.ContainsFunc(active, func(m groupmem.Memory) bool { return strings.HasPrefix(m.Statement, "Kayla adopted a greyhound") }) {
		t.Errorf("active: %v", sts)
	}
	t.Log(sts)
}
