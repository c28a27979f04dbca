package offline

import (
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// leadMarkers are the words a chat line opens with to address the room
// rather than to say something: "通知：", "老规矩，", "Reminder:", "FYI".
// A statement drops such an opening (lower-cased, without its
// punctuation) when more follows it.
var leadMarkers = setOf(
	"通知", "公告", "提醒", "提醒一下", "提醒下", "温馨提示", "友情提示", "重要", "注意", "大家注意", "重要通知",
	"老规矩", "照旧", "还是老规矩", "对了", "话说", "另外", "顺便说一下", "顺便", "说一下", "补充一下", "各位", "大家",
	"reminder", "friendly reminder", "quick reminder", "just a reminder", "fyi", "psa", "note", "heads up", "heads-up",
	"btw", "by the way", "also", "ok so", "so", "guys", "everyone", "folks", "hey all", "hi all", "hey everyone",
	"hi everyone", "all", "announcement", "update", "as a reminder",
)

// isLeadMarker reports whether a piece of a line is only a lead marker.
func isLeadMarker(piece string) bool {
	w := strings.ToLower(strings.TrimFunc(piece, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsPunct(r) }))
	return leadMarkers[w]
}

// zhHabitOpenings are the openings of a Chinese line that says when or how
// often without saying who ("每周五晚上十点一起看新番"): a group habit
// told that way gets the group's members as its subject.
var zhHabitOpenings = []string{"每", "周一", "周二", "周三", "周四", "周五", "周六", "周日", "周天", "星期", "工作日",
	"周末", "早上", "上午", "中午", "下午", "晚上", "一起", "平时", "经常", "常常", "通常", "照常", "继续"}

// habitStatement words a statement of a group habit (one a cluster of
// several members' messages supports) so that it reads as a memory and
// not as one of the lines it came from: a Chinese line that opens with
// when or how often gets "群成员" (the group's members) as its subject;
// a statement that is still, but for case, spaces and closing marks, one
// of lines gets where it comes from: how many members said it, on how
// many days, since when ("（3位成员，5天，10月15日起）", " (3 members
// over 5 days since Oct 15)").
func habitStatement(st string, lines []string, s support, loc *time.Location) string {
	if st == "" {
		return st
	}
	if first, _ := utf8.DecodeRuneInString(st); isCJK(first) {
		for _, o := range zhHabitOpenings {
			if strings.HasPrefix(st, o) {
				st = "群成员" + st
				break
			}
		}
	}
	said := sameLine(st)
	for _, l := range lines {
		if sameLine(l) != said {
			continue
		}
		since := s.first.In(loc)
		if last, _ := utf8.DecodeLastRuneInString(st); isCJK(last) || strings.ContainsRune("。！？，", last) {
			return fmt.Sprintf("%s（%d位成员，%d天，%d月%d日起）", strings.TrimRight(st, "。"), s.members, s.days, since.Month(), since.Day())
		}
		return fmt.Sprintf("%s (%d members over %d days since %s)", strings.TrimRight(st, "."), s.members, s.days, since.Format("Jan 2"))
	}
	return st
}

// sameLine is the form in which two lines count as the same: lower-cased,
// without spaces and without closing marks.
func sameLine(s string) string {
	s = strings.ToLower(strings.Join(strings.Fields(s), ""))
	return strings.TrimRightFunc(s, func(r rune) bool { return strings.ContainsRune("!?.！？。~～", r) })
}
