package offline

import (
	"testing"
	"time"
)

func TestHabitStatement(t *testing.T) {
	loc := time.FixedZone("CST", 8*3600)
	s := support{members: 3, days: 5, first: time.Date(2026, 10, 15, 20, 0, 0, 0, loc)}
	tests := []struct {
		st    string
		lines []string
		want  string
	}{
		// Says when without saying who: the group's members do it.
		{"每周五晚上十点一起看新番", []string{"老规矩，每周五晚上十点一起看新番"}, "群成员每周五晚上十点一起看新番"},
		// A line with a subject of its own stays as it is.
		{"周会改到周四晚上九点", []string{"收到，周会改到周四晚上九点"}, "周会改到周四晚上九点"},
		// Still one of the lines: where it comes from is added.
		{"群里早餐打卡已经成传统了", []string{"群里早餐打卡已经成传统了！"}, "群里早餐打卡已经成传统了（3位成员，5天，10月15日起）"},
		{"Code review is every Tuesday at 4pm.", []string{"code review is every Tuesday at 4pm"},
			"Code review is every Tuesday at 4pm (3 members over 5 days since Oct 15)"},
		{"Board games on Thursdays", []string{"who is in for board games?"}, "Board games on Thursdays"},
		{"", []string{""}, ""},
	}
	for _, tt := range tests {
		if got := habitStatement(tt.st, tt.lines, s, loc); got != tt.want {
			t.Errorf("habitStatement(%q) = %q, want %q", tt.st, got, tt.want)
		}
	}
}
