package offline

import (
	"strings"
	"time"
)

// habitStatement words a statement of a group habit (one a cluster of
// several members' messages supports) so that it reads as a memory and
// not as one of the lines it came from, in the language of ls that owns
// it: a line that opens with when or how often gets the language's
// GroupSubject ("群成员", the group's members) as its subject;
// a statement that is still, but for case, spaces and closing marks, one
// of lines gets where it comes from: how many members said it, on how
// many days, since when ("（3位成员，5天，10月15日起）", " (3 members
// over 5 days since Oct 15)").
func habitStatement(ls []Language, st string, lines []string, s support, loc *time.Location) string {
	if st == "" {
		return st
	}
	l := language(ls, st)
	if l == nil {
		return st
	}
	if l.GroupSubject != "" {
		for _, o := range l.HabitOpenings {
			if strings.HasPrefix(st, o) {
				st = l.GroupSubject + st
				break
			}
		}
	}
	said := sameLine(st)
	for _, line := range lines {
		if sameLine(line) == said && l.Support != nil {
			return l.Support(st, s.members, s.days, s.first.In(loc))
		}
	}
	return st
}

// sameLine is the form in which two lines count as the same: lower-cased,
// without spaces and without closing marks.
func sameLine(s string) string {
	s = strings.ToLower(strings.Join(strings.Fields(s), ""))
	return strings.TrimRightFunc(s, func(r rune) bool { return strings.ContainsRune("!?.！？。~～", r) })
}
