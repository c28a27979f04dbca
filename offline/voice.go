package offline

import (
	"cmp"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/groupmem/groupmem"
)

// weekdayOf is the time.Weekday of an English weekday name.
func weekdayOf(name string) time.Weekday {
	for d := time.Sunday; d <= time.Saturday; d++ {
		if strings.EqualFold(d.String(), name) {
			return d
		}
	}
	return time.Sunday
}

// weekdayNear is the date of weekday wd that a message sent on day means:
// in the week before ("last"), in the next week ("next"), in the day's
// own week ("this"), or the latest one up to day ("past": "I went
// climbing on Thursday").
func weekdayNear(day time.Time, wd time.Weekday, rel string) time.Time {
	mon := monday(day)
	offset := (int(wd) + 6) % 7 // days after Monday
	switch rel {
	case "last":
		return mon.AddDate(0, 0, offset-7)
	case "next":
		return mon.AddDate(0, 0, offset+7)
	case "this":
		return mon.AddDate(0, 0, offset)
	}
	return day.AddDate(0, 0, -((int(day.Weekday()) - int(wd) + 7) % 7))
}

// thirdPerson rewrites a statement that m's sender wrote so that it reads
// out of context: first-person words become the sender's name ("我订了" →
// "Ann订了", "I'm in" → "Ann is in") or the group's members ("我们",
// "we"), and days counted from the message ("明天", "tonight") become the
// date they meant, from the message's own time in loc. Each language of
// ls that owns the statement rewrites its own words, in the order of ls.
func thirdPerson(ls []Language, st string, m groupmem.Message, loc *time.Location) string {
	return voice(ls, st, m, loc, WeGroup)
}

// ownThirdPerson is thirdPerson for what a member says about themselves:
// their "we" is their household, not the group ("my mum is visiting us"
// → "Ann's mum is visiting the family").
func ownThirdPerson(ls []Language, st string, m groupmem.Message, loc *time.Location) string {
	return voice(ls, st, m, loc, WeOwn)
}

func voice(ls []Language, st string, m groupmem.Message, loc *time.Location, we We) string {
	name := cmp.Or(strings.TrimSpace(m.SenderName), strings.TrimSpace(m.SenderID))
	day := m.SentAt.In(loc)
	st = strings.ReplaceAll(st, "’", "'")
	for _, l := range ls {
		if l.Voice != nil && l.Owns(st) {
			st = l.Voice(st, cmp.Or(name, l.Someone), day, we)
		}
	}
	return capitalize(st)
}

// capitalize starts a statement that begins with a Latin letter with a
// capital.
func capitalize(st string) string {
	r, size := utf8.DecodeRuneInString(st)
	if r < utf8.RuneSelf && unicode.IsLower(r) {
		return string(unicode.ToUpper(r)) + st[size:]
	}
	return st
}

// monday is the Monday of d's week.
func monday(d time.Time) time.Time {
	return d.AddDate(0, 0, -((int(d.Weekday()) + 6) % 7))
}

// matchCase capitalises out when w begins with a capital letter, except
// for the forms of "I", which always do.
func matchCase(w, out string) string {
	r, _ := utf8.DecodeRuneInString(w)
	lw := strings.ToLower(w)
	if !unicode.IsUpper(r) || lw == "i" || strings.HasPrefix(lw, "i'") && out != "" && unicode.IsUpper([]rune(out)[0]) {
		return out
	}
	first, size := utf8.DecodeRuneInString(out)
	return string(unicode.ToUpper(first)) + out[size:]
}

// habitual rewrites the days a line of a habit counts from its own date
// ("tonight", "明天") as the weekly pattern they stand for ("on Friday
// evenings", "每周六"), each language of ls that owns the line its own
// words: a habit's memory states when it recurs, not the one day its
// representative line was sent.
func habitual(ls []Language, st string, day time.Time) string {
	for _, l := range ls {
		if l.Habitual != nil && l.Owns(st) {
			st = l.Habitual(st, day)
		}
	}
	return st
}
