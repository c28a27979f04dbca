package offline

import (
	"regexp"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/groupmem/groupmem"
)

// The words a statement must not keep from its chat line, so that a reader
// can use it out of context: first-person pronouns and days counted from
// when it was said.
var (
	enFirstPerson = regexp.MustCompile(`(?i)\b(i'm|i am|i've|i'll|i'd|i|me|my|mine|myself|we're|we've|we'll|we'd|we|us|our|ours|ourselves)\b`)
	enRelativeDay = regexp.MustCompile(`(?i)\b(today|tonight|tomorrow|yesterday|this morning|this evening|this weekend|next weekend|last weekend|this week|next week|last week|this month|next month|last month|this year|next year|last year)\b`)
	// enPast marks a statement about what happened, in which a weekday
	// named alone ("on Saturday") is the one just gone.
	enPast = regexp.MustCompile(`(?i)\b(went|was|were|did|had|met|got|saw|ran|made|took|came|bought|visited|finished|started|[a-z]{3,}ed)\b`)
	// enWeekday is a weekday named without a date; "every", "on ...s" and
	// the like, which state a pattern, are left as they are.
	// What follows the weekday is read too: "Friday's", "the last Friday
	// of", "on Friday evenings" state an occasion's name or a pattern.
	enWeekday = regexp.MustCompile(`(?i)\b(every |on |this |last |next )?(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b('s\b| of\b| (?:evening|morning|afternoon|night)s\b)?`)
	// enPresent is "I" followed by a verb in the present tense, which
	// takes the third person's -s once "I" becomes a name.
	enPresent = regexp.MustCompile(`(?i)\bi ((?:really |also |usually |still |always |never |often |sometimes )?)(like|love|enjoy|prefer|hate|work|live|have|want|need|play|go|do|run|take|make|think|know|speak|study|teach|cook|bake|read|watch|miss|own|use|drive|walk|swim|cycle|write|sing|draw|volunteer|travel)\b`)
)

// enPronoun is what an English first-person word becomes: %s is the
// sender's name.
var enPronoun = map[string]string{
	"i'm": "%s is", "i am": "%s is", "i've": "%s has", "i'll": "%s will", "i'd": "%s would", "i": "%s", "me": "%s", "myself": "%s",
	"my": "%s's", "mine": "%s's",
	"we're": "members are", "we've": "members have", "we'll": "members will", "we'd": "members would",
	"we": "members", "us": "members", "ourselves": "members", "our": "the group's", "ours": "the group's",
}

// zhFirstPerson are Chinese first-person words, longest first, and what
// they become: %s is the sender's name.
var zhFirstPerson = [][2]string{
	{"咱们群", "群里"}, {"我们群", "群里"}, {"咱们", "大家"}, {"我们", "大家"}, {"俺们", "大家"}, {"咱", "大家"}, {"我", "%s"}, {"俺", "%s"},
}

// zhWeekday is a weekday named without a date: 周六, 星期六, 这周六,
// 下星期六; 每周六 and the like state a pattern and are left as they are.
var zhWeekday = regexp.MustCompile(`(每个?)?([这本下上]个?)?(周|星期|礼拜)([一二三四五六日天])`)

// zhWeekdayNames maps the day of a Chinese weekday name to time.Weekday.
type zhWeekdayNames map[string]time.Weekday

var zhWeekdays = zhWeekdayNames{"一": time.Monday, "二": time.Tuesday, "三": time.Wednesday, "四": time.Thursday,
	"五": time.Friday, "六": time.Saturday, "日": time.Sunday, "天": time.Sunday}

// rewrite dates the weekdays of st that name their week (这周六, 下星期一,
// 上个礼拜天), counted from day, and a bare one in a clause that tells what
// happened (我周六去攀岩了: the latest Saturday); another bare weekday
// (改到周四) may be a pattern and stays, as do 每周六 and words that only
// look like one (这周天气, 上周一共, 一周一次).
func (n zhWeekdayNames) rewrite(st string, day time.Time) string {
	var b strings.Builder
	last := 0
	for _, m := range zhWeekday.FindAllStringSubmatchIndex(st, -1) {
		group := func(i int) string {
			if m[2*i] < 0 {
				return ""
			}
			return st[m[2*i]:m[2*i+1]]
		}
		every, week, unit, d := group(1), group(2), group(3), group(4)
		next, _ := utf8.DecodeRuneInString(st[m[1]:])
		if every != "" || unit == "周" && d == "天" || strings.ContainsRune("共次些起气", next) {
			continue
		}
		rel := "past" // a bare weekday in a clause that tells what happened (我周六去攀岩了)
		if week != "" {
			rel = map[string]string{"这": "this", "本": "this", "下": "next", "上": "last"}[week[:len("这")]]
		} else if !zhPast(clauseAt(st, m[0]), st[m[0]:m[1]]) {
			continue // 改到周四: perhaps every Thursday
		}
		b.WriteString(st[last:m[0]])
		b.WriteString(zhDate(weekdayNear(day, n[d], rel)) + "（周" + d + "）")
		last = m[1]
	}
	b.WriteString(st[last:])
	return b.String()
}

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

// zhPast reports whether the Chinese clause holding weekday tells what
// happened on it: the text after the weekday has 了 or 过 (not 过来,
// 过去 or 不过), and the clause is not a reminder (忘了), a plan (要, 会)
// or a change of day (改到周四了, 定在周六了, 周六见了).
func zhPast(clause, weekday string) bool {
	i := strings.Index(clause, weekday)
	if i < 0 {
		return false
	}
	before, after := clause[:i], clause[i+len(weekday):]
	for _, w := range []string{"忘了", "要", "会", "改到", "改成", "定在", "约在", "挪到"} {
		if strings.Contains(clause, w) {
			return false
		}
	}
	if strings.HasPrefix(after, "了") || strings.HasPrefix(after, "见") || strings.HasSuffix(before, "到") {
		return false
	}
	rest := after
	for _, w := range []string{"过来", "过去", "过生日", "不过"} {
		rest = strings.ReplaceAll(rest, w, "")
	}
	return strings.Contains(rest, "了") || strings.Contains(rest, "过")
}

// zhRelativeDay are Chinese relative days, longest first: the days from
// the message's own date and the part of the day they name.
var zhRelativeDay = []struct {
	word string
	days int
	part string
}{
	{"今晚", 0, "晚上"}, {"明晚", 1, "晚上"}, {"昨晚", -1, "晚上"}, {"今早", 0, "早上"}, {"明早", 1, "早上"},
	{"今天", 0, ""}, {"明天", 1, ""}, {"昨天", -1, ""}, {"后天", 2, ""}, {"前天", -2, ""},
}

// thirdPerson rewrites a statement that m's sender wrote so that it reads
// out of context: first-person words become the sender's name ("我订了" →
// "Ann订了", "I'm in" → "Ann is in") or the group's members ("我们",
// "we"), and days counted from the message ("明天", "tonight") become the
// date they meant, from the message's own time in loc.
func thirdPerson(st string, m groupmem.Message, loc *time.Location) string {
	return voice(st, m, loc, false)
}

// ownThirdPerson is thirdPerson for what a member says about themselves:
// their "we" is their household, not the group ("my mum is visiting us"
// → "Ann's mum is visiting Ann and family").
func ownThirdPerson(st string, m groupmem.Message, loc *time.Location) string {
	return voice(st, m, loc, true)
}

// enOwnPlural and zhOwnPlural are what the plural first person becomes in
// a member's statement about themselves: %s is the sender's name.
var (
	enOwnPlural = map[string]string{
		"we're": "%s and family are", "we've": "%s and family have", "we'll": "%s and family will", "we'd": "%s and family would",
		"we": "%s and family", "us": "%s and family", "ourselves": "%s and family", "our": "%s's", "ours": "%s's",
	}
	zhOwnPlural = [][2]string{{"咱们群", "群里"}, {"我们群", "群里"}, {"咱们", "%s一家"}, {"我们", "%s一家"}, {"俺们", "%s一家"}}
)

func voice(st string, m groupmem.Message, loc *time.Location, own bool) string {
	name := strings.TrimSpace(m.SenderName)
	if name == "" {
		name = strings.TrimSpace(m.SenderID)
	}
	day := m.SentAt.In(loc)
	st = strings.ReplaceAll(st, "’", "'")
	if strings.ContainsFunc(st, isCJK) {
		if name == "" {
			name = "一位群友"
		}
		for _, r := range zhRelativeDay {
			d := day.AddDate(0, 0, r.days)
			st = strings.ReplaceAll(st, r.word, zhDate(d)+r.part)
		}
		for word, months := range map[string]int{"这个月": 0, "下个月": 1, "上个月": -1} {
			m := time.Date(day.Year(), day.Month()+time.Month(months), 1, 0, 0, 0, 0, day.Location())
			st = strings.ReplaceAll(st, word, m.Format("2006")+"年"+m.Format("1")+"月")
		}
		for word, years := range map[string]int{"今年": 0, "明年": 1, "去年": -1} {
			st = strings.ReplaceAll(st, word, day.AddDate(years, 0, 0).Format("2006")+"年")
		}
		st = zhWeekdays.rewrite(st, day)
		for word, weeks := range map[string]int{"这周": 0, "本周": 0, "下周": 1, "上周": -1} {
			st = strings.ReplaceAll(st, word, zhDate(monday(day).AddDate(0, 0, 7*weeks))+"那周")
		}
		if own {
			for _, p := range zhOwnPlural {
				st = strings.ReplaceAll(st, p[0], strings.ReplaceAll(p[1], "%s", name))
			}
		}
		for _, p := range zhFirstPerson {
			st = strings.ReplaceAll(st, p[0], strings.ReplaceAll(p[1], "%s", name))
		}
	}
	if name == "" {
		name = "a member"
	}
	st = enRelativeDay.ReplaceAllStringFunc(st, func(w string) string {
		d := day
		var out string
		switch strings.ToLower(w) {
		case "tomorrow":
			out = "on " + d.AddDate(0, 0, 1).Format("Mon Jan 2")
		case "yesterday":
			out = "on " + d.AddDate(0, 0, -1).Format("Mon Jan 2")
		case "tonight", "this evening":
			out = "on the evening of " + d.Format("Mon Jan 2")
		case "this morning":
			out = "on the morning of " + d.Format("Mon Jan 2")
		case "this weekend", "next weekend", "last weekend":
			sat := monday(d).AddDate(0, 0, 5)
			switch strings.ToLower(w) {
			case "next weekend":
				sat = sat.AddDate(0, 0, 7)
			case "last weekend":
				sat = sat.AddDate(0, 0, -7)
			}
			out = "the weekend of " + sat.Format("Mon Jan 2")
		case "this month":
			out = "in " + d.Format("January 2006")
		case "next month":
			out = "in " + time.Date(d.Year(), d.Month()+1, 1, 0, 0, 0, 0, d.Location()).Format("January 2006")
		case "last month":
			out = "in " + time.Date(d.Year(), d.Month()-1, 1, 0, 0, 0, 0, d.Location()).Format("January 2006")
		case "this year":
			out = "in " + d.Format("2006")
		case "next year":
			out = "in " + d.AddDate(1, 0, 0).Format("2006")
		case "last year":
			out = "in " + d.AddDate(-1, 0, 0).Format("2006")
		case "this week":
			out = "the week of " + monday(d).Format("Mon Jan 2")
		case "next week":
			out = "the week of " + monday(d).AddDate(0, 0, 7).Format("Mon Jan 2")
		case "last week":
			out = "the week of " + monday(d).AddDate(0, 0, -7).Format("Mon Jan 2")
		default:
			out = "on " + d.Format("Mon Jan 2")
		}
		return matchCase(w, out)
	})
	st = enWeekday.ReplaceAllStringFunc(st, func(w string) string {
		sub := enWeekday.FindStringSubmatch(w)
		rel := strings.TrimSpace(strings.ToLower(sub[1]))
		switch {
		case sub[3] != "" || rel == "every" || rel == "":
			return w // a name ("Friday's"), a pattern, or a day that may be one ("moves to Thursday")
		case rel == "on" && !enPast.MatchString(st):
			return w // "on Friday": perhaps every Friday
		case rel == "on":
			rel = "past"
		}
		return "on " + weekdayNear(day, weekdayOf(sub[2]), rel).Format("Mon Jan 2")
	})
	st = enPresent.ReplaceAllStringFunc(st, func(w string) string {
		m := enPresent.FindStringSubmatch(w)
		return name + " " + m[1] + thirdPersonVerb(m[2])
	})
	st = enFirstPerson.ReplaceAllStringFunc(st, func(w string) string {
		lw := strings.ToLower(strings.ReplaceAll(w, "’", "'"))
		out, ok := enOwnPlural[lw]
		if !own || !ok {
			out = enPronoun[lw]
		}
		return matchCase(w, strings.ReplaceAll(out, "%s", name))
	})
	return capitalize(st)
}

// thirdPersonVerb is an English verb's present tense after he or she.
func thirdPersonVerb(v string) string {
	switch lv := strings.ToLower(v); {
	case lv == "have":
		return "has"
	case lv == "do" || lv == "go":
		return v + "es"
	case strings.HasSuffix(lv, "ss") || strings.HasSuffix(lv, "sh") || strings.HasSuffix(lv, "ch") || strings.HasSuffix(lv, "x"):
		return v + "es"
	}
	return v + "s"
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

// zhDate writes a date the Chinese way, without the year: 10月25日.
func zhDate(d time.Time) string {
	return d.Format("1") + "月" + d.Format("2") + "日"
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
// evenings", "每周六"): a habit's memory states when it recurs, not the
// one day its representative line was sent.
func habitual(st string, day time.Time) string {
	wd, next := day.Weekday(), (day.Weekday()+1)%7
	zh := func(d time.Weekday) string {
		return "每周" + [...]string{"日", "一", "二", "三", "四", "五", "六"}[d]
	}
	st = strings.NewReplacer("今晚", zh(wd)+"晚上", "今早", zh(wd)+"早上", "今天", zh(wd), "明晚", zh(next)+"晚上", "明早", zh(next)+"早上", "明天", zh(next)).Replace(st)
	return enHabitDay.ReplaceAllStringFunc(st, func(w string) string {
		var out string
		switch strings.ToLower(w) {
		case "tonight", "this evening":
			out = "on " + wd.String() + " evenings"
		case "this morning":
			out = "on " + wd.String() + " mornings"
		case "today":
			out = "on " + wd.String() + "s"
		default: // tomorrow
			out = "on " + next.String() + "s"
		}
		return matchCase(w, out)
	})
}

// enHabitDay are the English days habitual rewrites.
var enHabitDay = regexp.MustCompile(`(?i)\b(tonight|this evening|this morning|today|tomorrow)\b`)
