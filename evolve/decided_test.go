package evolve

import (
	"slices"
	"strings"
	"testing"

	"github.com/groupmem/groupmem"
)

func ptr(f float64) *float64 { return &f }

// An evolver that decides without a model says, in its actions, the
// strength, tags and messages of the versions it writes, and a new
// strength of a memory it keeps; the plan carries them.
func TestDecidedActions(t *testing.T) {
	mems := seedMemories("群规禁止讨论政治", "每周五晚上十点一起看新番")
	st := startState(t, mems, Config{})
	p := onePass(t, st, chat(1, 2))
	alias := map[string]string{}
	for _, s := range p.Memories {
		alias[s.Memory.ID] = s.Alias
	}
	err := st.apply(p, []groupmem.Action{
		{Kind: groupmem.ActionCreate, Statement: "Ann works as a nurse in York", Strength: ptr(0.6), Tags: []string{"member", "job"},
			Cites: []string{"x9", "x8"}, Line: 1},
		{Kind: groupmem.ActionKeep, Alias: alias[mems[0].ID], Strength: ptr(0.35), Reason: "no new support", Line: 2},
		{Kind: groupmem.ActionUpdate, Alias: alias[mems[1].ID], Statement: "每周六晚上十点一起看新番", Strength: ptr(0.7), Line: 3},
		{Kind: groupmem.ActionCreate, Statement: "Ben lives in Leeds", Strength: ptr(1.5), Line: 4},
	}, groupmem.Report{Lines: 4, Entries: 4, Parsed: 4})
	if err != nil {
		t.Fatal(err)
	}
	plan, err := st.plan(groupmem.Run{GroupID: testGroup})
	if err != nil {
		t.Fatal(err)
	}
	var created, updated *groupmem.Memory
	for i := range plan.New {
		switch plan.New[i].Statement {
		case "Ann works as a nurse in York":
			created = &plan.New[i]
		case "每周六晚上十点一起看新番":
			updated = &plan.New[i]
		}
	}
	if created == nil || created.Strength != 0.6 || !slices.Equal(created.Tags, []string{"member", "job"}) ||
		!slices.Equal(created.Evidence, []string{"x9", "x8"}) {
		t.Errorf("created = %+v; want its strength, tags and cited messages", created)
	}
	if updated == nil || updated.Strength != 0.7 || !slices.Equal(updated.Tags, mems[1].Tags) || !slices.Contains(updated.Evidence, "old_1") {
		t.Errorf("updated = %+v; want the strength asked, the parent's tags and evidence", updated)
	}
	var moved bool
	for _, tr := range plan.Transitions {
		if tr.MemoryID == mems[0].ID && tr.To == groupmem.StatusActive && tr.Strength != nil && *tr.Strength == 0.35 {
			moved = true
		}
	}
	if !moved || !slices.ContainsFunc(plan.Changes, func(c groupmem.Change) bool {
		return c.Action == groupmem.ActionStrength && c.MemoryID == mems[0].ID && c.Reason == "strength 0.80 → 0.35: no new support"
	}) {
		t.Errorf("the kept memory's new strength: transitions %+v, changes %+v", plan.Transitions, plan.Changes)
	}
	if rep := st.runReport(); rep.Drops[DropBadStrength] != 1 || len(plan.New) != 2 {
		t.Errorf("a strength outside [0, 1] must drop its action: drops %v, %d versions", rep.Drops, len(plan.New))
	}
}

// What two members say about themselves in the same words is two
// memories, not a near-duplicate; the same member saying it twice is one.
func TestMembersAreNotDuplicates(t *testing.T) {
	mems := seedMemories("群规禁止讨论政治")
	mems[0].Statement, mems[0].Tags = "Ann's Pixel 8 dies by 3pm every day, they carry a power bank", []string{"member", SubjectTag + "ann"}
	st := startState(t, mems, Config{})
	p := onePass(t, st, chat(1, 2))
	err := st.apply(p, []groupmem.Action{
		{Kind: groupmem.ActionCreate, Statement: "Bo's Pixel 8 dies by 3pm every day, they carry a power bank", Tags: []string{"member", SubjectTag + "bob"}, Line: 1},
		{Kind: groupmem.ActionCreate, Statement: "Ann's Pixel 8 dies by 3pm every day, they carry power banks", Tags: []string{"member", SubjectTag + "ann"}, Line: 2},
	}, groupmem.Report{Lines: 2, Entries: 2, Parsed: 2})
	if err != nil {
		t.Fatal(err)
	}
	plan, err := st.plan(groupmem.Run{GroupID: testGroup})
	if err != nil {
		t.Fatal(err)
	}
	var bob bool
	for _, m := range plan.New {
		if strings.HasPrefix(m.Statement, "Bo's") && m.ParentID == "" {
			bob = true
		}
		if strings.HasPrefix(m.Statement, "Ann's") && m.ParentID != mems[0].ID {
			t.Errorf("Ann's second line created %q; want it an update of her memory (near-duplicate)", m.Statement)
		}
	}
	if !bob {
		t.Errorf("Bo's line was taken for a duplicate of Ann's: new %+v, drops %v", plan.New, st.runReport().Drops)
	}
}

// A create about no member in particular (a model's answer carries no
// tags) is still a near-duplicate of a member's memory in like words.
func TestUntaggedCreateIsADuplicateOfAMembersMemory(t *testing.T) {
	mems := seedMemories("群规禁止讨论政治")
	mems[0].Statement, mems[0].Tags = "Ann works as a nurse at the city hospital", []string{"member", SubjectTag + "ann"}
	st := startState(t, mems, Config{})
	p := onePass(t, st, chat(1, 2))
	if err := st.apply(p, []groupmem.Action{{Kind: groupmem.ActionCreate, Statement: "Ann works as a nurse at the city hospital.", Line: 1}},
		groupmem.Report{Lines: 1, Entries: 1, Parsed: 1}); err != nil {
		t.Fatal(err)
	}
	plan, err := st.plan(groupmem.Run{GroupID: testGroup})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range plan.New {
		if m.ParentID == "" {
			t.Errorf("created %q beside the member's own memory in the same words", m.Statement)
		}
	}
}
