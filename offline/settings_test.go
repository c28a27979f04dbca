package offline_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/offline"
)

// What the group settles on is kept once, and a change extends it with
// its date, in either language; a member's own move is theirs, not the
// group's, and a question asks nothing.
func TestSettings(t *testing.T) {
	c, _ := chatOf(t, "settings", []line{
		{0, 0, "20:00", "Ann", "Carpool leaves from the REI parking lot at 7 sharp, don't be late", "s"},
		{0, 2, "20:00", "Ben", "Heads up: from now on carpools leave from the Union Station lot instead", "s"},
		{0, 3, "20:00", "莉莉", "下周搬工位，我们组搬去B座3楼", "s"},
		{0, 4, "20:00", "Cleo", "I moved to Denver last month", "fact"},
		{0, 5, "20:00", "Ann", "Does pickup move to the gym gate from now on?", "q"},
	})
	env := replay(t, c, offline.Config{})
	var settings []groupmem.Memory
	for _, m := range memories(t, env)[groupmem.StatusActive] {
		if slices.Contains(m.Tags, offline.TagSetting) {
			settings = append(settings, m)
		}
	}
	var carpool, floor *groupmem.Memory
	for i, m := range settings {
		switch {
		case strings.Contains(m.Statement, "Denver") || strings.Contains(m.Statement, "gym gate"):
			t.Errorf("%q kept as a setting of the group", m.Statement)
		case strings.Contains(m.Statement, "Union Station"):
			carpool = &settings[i]
		case strings.Contains(m.Statement, "B座3楼"):
			floor = &settings[i]
		}
	}
	if carpool == nil || !strings.Contains(carpool.Statement, "REI parking lot") || !strings.Contains(carpool.Statement, "on Wed Feb") ||
		len(carpool.Evidence) != 2 || strings.Contains(carpool.Statement, "late") {
		t.Errorf("carpool setting = %+v; want the first spot and the dated change, both cited, without the reader's clause", carpool)
	}
	if floor == nil || !strings.Contains(floor.Statement, "组里搬去B座3楼") {
		t.Errorf("floor setting = %+v; want the team's new floor, dated", floor)
	}
	if len(settings) != 2 {
		t.Errorf("%d settings: %v; want 2", len(settings), statementsOf(settings))
	}
}

// What the group pays, is allowed or gathers at is a setting too, in
// either language; a member's own budget is not, and a question asks
// nothing.
func TestSettingsOfWhatTheGroupPays(t *testing.T) {
	c, _ := chatOf(t, "settings-paid", []line{
		{0, 0, "20:00", "Ann", "Snack budget is ¥200 a week, put requests in the sheet please", "s"},
		{0, 1, "20:00", "阿岚", "外拍统一在断桥东头集合，早上六点不等人", "s"},
		{0, 2, "20:00", "小林", "投票结果出来了，群费以后一年一百二", "s"},
		{0, 3, "20:00", "Ben", "My budget is blown this month, no more takeaways for me", "own"},
		{0, 4, "20:00", "Cleo", "Is the snack budget ¥300 a week now?", "q"},
		{0, 5, "20:00", "Ann", "Finance approved it: snack budget is ¥600 a week now", "s"},
	})
	env := replay(t, c, offline.Config{})
	var settings []string
	for _, m := range memories(t, env)[groupmem.StatusActive] {
		if slices.Contains(m.Tags, offline.TagSetting) {
			settings = append(settings, m.Statement)
		}
	}
	all := strings.Join(settings, "\n")
	for _, want := range []string{"¥600", "断桥东头", "一年一百二"} {
		if !strings.Contains(all, want) {
			t.Errorf("settings %q; want one to hold %q", settings, want)
		}
	}
	for _, not := range []string{"blown", "¥300"} {
		if strings.Contains(all, not) {
			t.Errorf("settings %q hold %q", settings, not)
		}
	}
}
