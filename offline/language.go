package offline

import (
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Language is what the offline evolver knows of one language: how its
// chat splits into clauses, and the words that show a clause is not worth
// remembering or what a habit says. It is data: the algorithm is written
// once against it (clean, recurs), and adding a language is adding a
// value in a file of its own (english.go, chinese.go) to
// Config.Languages.
type Language struct {
	// Name names the language ("en", "zh"), for people reading a
	// configuration and for tests.
	Name string
	// Owns reports whether a clause is written in this language. The
	// first language of Config.Languages that owns a clause reads it.
	Owns func(clause string) bool
	// ClauseMarks are the marks that end a clause; a clause keeps its mark.
	ClauseMarks string

	// What makes a clause unfit for a memory: it addresses a reader, asks,
	// greets or takes leave, only reacts, points at a picture, or leaves
	// a first-person word or verb after the third-person rewrite.
	SecondPerson, Question, Greeting, SignOff, Reaction, Photo *regexp.Regexp
	// Place finds a place named in a clause ("at Bear Lake"): such a
	// clause tells what happened where, however much it also reacts.
	Place *regexp.Regexp
	// Rewrites turn a member's own line of a form that hides what it
	// says into a plain statement in the first person, before the rewrite
	// to the third ("Thanks for chaperoning at the aquarium, Emma" → "I
	// thanked Emma for chaperoning at the aquarium"), each at the start
	// of the line; To is as for regexp.Regexp.Expand.
	Rewrites []Rewrite
	// FirstPerson finds a first-person word the rewrite did not cover.
	FirstPerson *regexp.Regexp
	// PlaceWords are the words a place's name follows ("in", "from"), in
	// lower case.
	PlaceWords []string
	// Leads are the words a chat line opens with to address the room
	// rather than to say something ("reminder", "fyi", "通知", "老规矩"),
	// lower-cased: a statement drops such an opening when more follows.
	Leads []string
	// Openers are lead words a clause sheds even with no mark after them
	// ("oh and", "anyway", "话说", "跟你们说个事"): talk turning to a new
	// topic, never part of what is said.
	Openers []string
	// Aside finds, after what a clause says, a turn to the moment it was
	// said in: a proposal to the others ("… so let's not do the thai
	// place again", "…那咱们下次换一家"). The clause ends before it; an
	// aside that opens a clause is left to the other checks.
	Aside *regexp.Regexp
	// Reader finds a clause addressed to the chat's readers: the second
	// person, a reminder, a request ("bring your capo", "记得上线"). What a
	// line tells its readers is not what a memory keeps.
	Reader *regexp.Regexp
	// Singular finds the first person singular in a chat line ("I", "my",
	// "我" but not "我们"): a line about its sender, not about the group,
	// words no group habit.
	Singular *regexp.Regexp
	// BareVerb finds a verb left in its first-person form after the
	// sender's name, which the rewrite's conjugation table did not cover
	// ("Melanie appreciate"): its first group is the name.
	BareVerb *regexp.Regexp

	// VerbLead finds a clause that opens with its verb, its subject left
	// out ("Booked flights to Lisbon"): the member's name goes before it,
	// after SubjectSpace. nil: any clause takes the name so (Chinese).
	VerbLead     *regexp.Regexp
	SubjectSpace string
	// Self is the first person singular subject ("I"): a member's own line
	// that opens with its verb takes it before the rewrite to the third
	// person. Empty: the name goes before the verb after the rewrite. A
	// language with a Self also asks a plan to name something (a name, a
	// number) before it is kept: "I'm going to clean the apartment" is a
	// chore. NotVerbs are words VerbLead would take for an opening verb
	// but that are not one ("Hundred people came", "Tired today").
	Self     string
	NotVerbs []string
	// Possessive is the form of a name that owns ("%s's"), and Their what
	// it becomes once the name has been said ("their"): a statement names
	// its member once, not at every "my". Empty: left as they are.
	Possessive, Their string
	// Attribution joins a member's name to a statement of theirs that
	// neither names them nor opens with its verb ("Ann: ").
	Attribution string
	// Pronoun stands for the member in a statement that names them first
	// ("TA"): in a language without VerbLead, a statement whose first
	// clause does not name its member ("下班还得刷一建的题，开黑军哥就不来了")
	// is given them as its subject, and the later name becomes Pronoun
	// ("军哥下班还得刷一建的题，开黑TA就不来了"). Empty: left as it is.
	Pronoun string
	// Definite opens a line about a thing by its article ("The "), and
	// Mine by the first person's ("My "): a member's line about an animal
	// or a thing of theirs that opens with Definite ("The Kia Ceed failed
	// its MOT, so I need a lift") is read as theirs ("Lewis's Kia Ceed
	// failed its MOT, so they need a lift"). Empty: left as it is.
	Definite, Mine string
	// Notice finds a line that announces a thing to the group rather than
	// telling what its poster did ("五常大米已截单", "团购的荔枝到了"): a
	// language without VerbLead gives it its poster by Attribution
	// ("阿梅：五常大米已截单"), not as their act. nil: none is told apart.
	Notice *regexp.Regexp
	// Household finds a line that opens with a child or an animal of its
	// poster's, called by a pet name ("糖糖期中考了全班第三"): a language
	// without VerbLead gives it its poster by Home ("青青家糖糖期中考了全班
	// 第三"), not as the poster's own name run into another. nil: none is
	// told apart.
	Household func(st string) bool
	Home      string
	// Result finds a line that tells how a game the group played ended
	// ("Beat Real Ale Madrid 2-0", "Lost 3-1 to Sporting Chance", "输给X了",
	// "2比1赢了"): it is the team's result, not its poster's. Team is its
	// subject when it names none ("The team", "队里"), and Teamed words
	// the plural first person in it as the team ("us 5" → "the team 5").
	// nil: results are told as their poster's lines.
	Result *regexp.Regexp
	Team   string
	Teamed func(line string) string

	// Recurs finds the words that say a thing recurs ("every Friday",
	// "每周五", "as usual"): without them a cluster is no habit.
	Recurs *regexp.Regexp
	// Mishap finds the words that tell of a thing that happened again or
	// by surprise ("又", "突然", "again"): a line with them tells of a
	// mishap ("今天电梯又停了", "领导今天突然要改方案"), so the day it counts
	// from is no weekday of a habit.
	Mishap *regexp.Regexp
	// SelfDated finds a sentence in which its sender tells what they did
	// or will do on a day it names: it opens with the sender as its
	// subject and dates itself ("I took my kids to the museum yesterday",
	// "I'm moving back to Sweden next year"). Such a sentence, the sender's
	// own and clean when told in the third person, is a dated event or plan
	// of the member's (selfDated). Nil: the language leaves them to its
	// patterns and its reader.
	SelfDated *regexp.Regexp
	// Notable finds an event of one's life that is remembered, unlike a
	// mishap of the day: an injury, a theft, an accident, damage to one's
	// home or car, a birth, an engagement, a death ("I broke my toe", "my
	// car got towed", "both kids came home with lice", "被偷了", "骨折").
	// Told by its sender, of a day Recent names, it is a dated event of
	// theirs (selfDated), whatever its other words. Nil: none is.
	Notable *regexp.Regexp
	// Recent finds a day counted from the line that names it
	// ("yesterday", "two days ago", "this morning", "昨天", "前天"), for
	// Notable.
	Recent *regexp.Regexp
	// Plural finds a sentence whose subject is the plural first person
	// ("Last week we had our anniversary"): a SelfDated one is a member's
	// only in a chat of two, where "we" is never the group.
	Plural *regexp.Regexp
	// Mood finds a sentence that tells how its sender is, feels or where
	// they are that day ("I'm alright, this week's been a lot", "I'm so
	// tired today", "I'm near Nanjing West Road today"): no event or
	// place of theirs. Nil: none is told apart.
	Mood *regexp.Regexp
	// FirstTime finds a first time ("my first tattoo", "第一次"): what is
	// done for the first time is the teller's own event, however plain
	// its words.
	FirstTime *regexp.Regexp
	// TimeNames finds the names of months and weekdays: they name a time,
	// not a thing, so a fact pattern reads them lower-cased ("bought a
	// planner in January" names nothing).
	TimeNames *regexp.Regexp
	// NameEnds are the characters a name of a place, a shop or a kind
	// ends with in a script without capitals ("路", "镇", "湾": "申花路",
	// "三墩镇", "古荡湾"): what stands before one, in words the Lexicon
	// does not know, is a name (see novel.go). Empty: the language's
	// names are found by their capitals only.
	NameEnds string
	// Plan finds a plan dated ahead of the day it is said, its last group
	// where it goes ("下个月去喀纳斯", "十月中旬…四姑娘山走起"): a place
	// there that no other member of the window names makes the line its
	// sender's fact (see novel.go). Nil: not read.
	Plan *regexp.Regexp
	// Title finds a title its script marks as one, its last group the
	// title ("今天排《祝酒歌》"): a song, a book or a show named so, in words
	// no other member of the window uses, makes the line its sender's
	// fact as a proper name does (see novel.go). Nil: not read.
	Title *regexp.Regexp
	// Others finds a thing said to be of someone outside the sender's
	// household ("my neighbour's dog", "邻居家的狗"): theirs, not the
	// sender's, for the reader to take. Nil: none is told apart.
	Others *regexp.Regexp
	// Arranges finds a meeting set for an hour of the day it is said or
	// the next ("Pub quiz tonight 8pm at The Fox", "tomorrow at 7"): the
	// day's arrangement, the others' as much as the sender's, no fact of
	// theirs for the reader to take. Nil: none is told apart.
	Arranges *regexp.Regexp
	// Irony finds a sentence that takes back the one before it
	// ("Sometimes.", "Not.", "才怪"): what it follows is no fact ("I love
	// living with people. Sometimes.").
	Irony *regexp.Regexp
	// Chores finds the chores and errands of a day ("taxes", "laundry",
	// "大扫除"): a line that likes, plans or did one tells of no pastime,
	// plan or feat to remember.
	Chores *regexp.Regexp

	// Asked rewrites a question clause put to a member ("what's your
	// little one's name again?") as what it asks of them, in the third
	// person and without its question mark ("their little one's name");
	// false when the clause asks nothing of them. Answered words a
	// member's answer with it: %[1]s the member, %[2]s what was asked,
	// %[3]s the answer ("Asked %[2]s, %[1]s said — %[3]s"). nil: answers are not kept.
	Asked func(clause string) (string, bool)
	// AsksUnmarked says the language's speakers often leave a question
	// unmarked ("阿福你是哪里人"): a clause put to a member by name that
	// Asked reads is then a question without Question's marks.
	AsksUnmarked bool
	// Agree gives a later clause of a line led by Self the subject it
	// left out, where it opens with a verb in its bare form ("I went to
	// Georgia Tech, still have the hoodie" → "…, I still have the
	// hoodie"), so that the rewrite makes it agree with the member
	// ("…, they still have the hoodie"). nil: nothing is added.
	Agree func(st string) string
	// NoAnswer finds a reply that says its member does not know or forgot
	// ("忘了", "no idea"): it answers nothing, and is not kept.
	NoAnswer *regexp.Regexp
	Answered string
	// Answer, when set, states a member's answer as what it says about
	// them, with no question beside it ("Priya's little one's name is
	// Milo", "小芳家孩子叫嘟嘟"), from the member's name, what was asked (as
	// Asked gives it) and the answer; false when the question and answer
	// do not read as one statement, and Answered words it instead.
	Answer func(name, asked, answer string) (string, bool)

	// The words every line is read with: a word of FillerWords, or a run
	// of an unspaced script made of FillerPhrases, says nothing on its own
	// ("ok", "收到"); StopWords and StopPhrases (found inside unspaced
	// words) are left out of what lines share; TrailingFiller ends a line
	// without adding to it ("lol"); MediaWords name what a caption shares
	// ("photo", "图片"). Phrases are matched in order: longer ones first.
	FillerWords, StopWords, TrailingFiller []string
	// Dangling are the words, lower-cased, that cannot end a statement
	// ("like", "and", "because"): left at its end where a clause after
	// them was dropped, they go too.
	Dangling                   []string
	FillerPhrases, StopPhrases []string
	MediaWords                 []string
	// ChangeCues say that a fact changed ("moved to", "改到"),
	// FrequencyCues how often a thing happens ("every ", "每周"), and
	// Occasion ties a line to one day ("tonight", "明天"); each is found
	// in the lower-cased line.
	ChangeCues, FrequencyCues, Occasion []string
	// Joins open a clause that answers the one before it ("but", "但是"):
	// when that one is dropped from a statement, so is it.
	Joins []string
	// TimeWords name a stretch of time ("day", "week", "晚上"): many
	// lines share them whatever they are about, so they hold no cluster
	// together as its topic.
	TimeWords []string

	// sets holds FillerWords, StopWords and TrailingFiller as sets, made
	// by compiled.
	sets *wordSets

	// When reads the weekdays and clock times text names in this
	// language ("Friday 9pm", "周五晚上八点"): what a habit's memory
	// states and a later message may change (see Moment).
	When func(text string) []Moment

	// Setting finds a sentence that states or changes how the group has
	// a thing it may change later ("carpools leave from the Union Station
	// lot from now on", "我们组搬去B座3楼", "同学会费用AA，每人350").
	Setting *regexp.Regexp

	// Facts are the patterns of what a member says about themselves, by
	// the name of its kind (factKinds: "job", "home", "pet", ...). A kind
	// without a pattern is not read in this language.
	Facts map[string]*regexp.Regexp
	// NamesItself lists the words with which a fact names what it says
	// and needs no object after it ("allergic", "过敏").
	NamesItself []string
	// Vague lists the words that point at what was said before instead of
	// naming something ("I love that", "I got it").
	Vague []string

	// Someone stands for a sender without a name ("a member").
	Someone string
	// Voice rewrites a statement that name said on day in the third
	// person: first-person words (we says whose its plural is), and days
	// counted from day as the dates they meant.
	Voice func(st, name string, day time.Time, we We) string
	// Habitual rewrites the days a habit's line counts from day
	// ("tonight") as the weekly pattern they stand for ("on Friday
	// evenings").
	Habitual func(st string, day time.Time) string

	// Weekly words a habit's line as the weekly pattern of the weekday wd
	// its cluster keeps to: the weekday it names for the day of the habit
	// becomes the pattern ("climbing thursday 7pm" → "climbing on
	// Thursdays 7pm", "周四攀岩" → "每周四攀岩"), and a line that names
	// none gets it ("Board games on Tuesdays at 7:30 as always").
	Weekly func(st string, wd time.Weekday) string

	// Date writes a day the way a statement of this language dates one of
	// its parts ("Mon Jan 2", "1月2日"); DatedPart joins it to the part
	// ("on %s, ", "%s，"), PartLead finds it at the start of a part, and
	// PartSep joins the parts ("; ", "；").
	Date      func(day time.Time) string
	DatedPart string
	PartLead  *regexp.Regexp
	// Dated finds a date written as Date writes one anywhere in a part:
	// a part that dates itself takes no date before it.
	Dated   *regexp.Regexp
	PartSep string

	// GroupSubject is the subject a group habit told without one gets
	// ("群成员") when it opens with one of HabitOpenings ("每", "周五").
	// Empty: the statement is left as it is.
	GroupSubject  string
	HabitOpenings []string
	// Support words where a habit stated in one of its own lines comes
	// from: how many members said it, on how many days, since when.
	Support func(st string, members, days int, since time.Time) string
}

// opensWithVerb reports whether clause opens with its verb, its subject
// left out (VerbLead), and the verb is none of NotVerbs.
func (l *Language) opensWithVerb(clause string) bool {
	if l.VerbLead == nil {
		return false
	}
	m := l.VerbLead.FindStringSubmatch(clause)
	return m != nil && !slices.Contains(l.NotVerbs, strings.ToLower(m[len(m)-1]))
}

// Rewrite is a form of line and the plain statement it says.
type Rewrite struct {
	Form *regexp.Regexp
	To   string
}

// rewrite applies the first of l's Rewrites whose form opens st.
func (l *Language) rewrite(st string) string {
	for _, r := range l.Rewrites {
		if at := r.Form.FindStringSubmatchIndex(st); at != nil && at[0] == 0 {
			return string(r.Form.ExpandString(nil, r.To, st, at)) + st[at[1]:]
		}
	}
	return st
}

// language returns the language of ls that owns clause, or nil.
func language(ls []Language, clause string) *Language {
	for i := range ls {
		if ls[i].Owns(clause) {
			return &ls[i]
		}
	}
	return nil
}

// clauses splits text into clauses at the marks of ls's languages and at
// a space between two CJK characters (how a Chinese chat line joins two
// sentences), each clause keeping its mark.
func clauses(ls []Language, text string) []string {
	marks := ""
	for _, l := range ls {
		marks += l.ClauseMarks
	}
	var out []string
	rs := []rune(text)
	start := 0
	cut := func(end int) {
		if c := strings.TrimSpace(string(rs[start:end])); c != "" {
			out = append(out, c)
		}
		start = end
	}
	for i, r := range rs {
		switch {
		case strings.ContainsRune(marks, r):
			if i+1 < len(rs) && (strings.ContainsRune(marks, rs[i+1]) || (r == '.' || r == ':') && !unicode.IsSpace(rs[i+1])) {
				continue // "?!", "...", "3.5", "7:30"
			}
			cut(i + 1)
		case unicode.IsSpace(r) && i > 0 && i+1 < len(rs) && endsUnspaced(rs[i-1]) && unspaced(rs[i+1]):
			cut(i)
		}
	}
	cut(len(rs))
	return out
}

// clean keeps the clauses of a third-person statement that a person would
// keep: it drops each clause that its language finds addressing a reader,
// asking, greeting, taking leave, only reacting, pointing at a picture,
// keeping a first-person word or verb, made of filler, or already said.
// What is left is joined again; "" when nothing is.
func clean(ls []Language, st string) string {
	var kept []string
	seen := map[string]bool{}
	dropped := false // the clause before was dropped
	for i, c := range clauses(ls, st) {
		if dropped && joinsDropped(ls, c) {
			continue // "all fine, but my wallet isn't" without its "all fine"
		}
		dropped = true
		if c = dropAside(ls, dropLead(ls, c), i > 0); c == "" {
			continue
		}
		key := sameLine(strings.TrimRight(c, ",，、;；:："))
		if seen[key] || isFiller(ls, strings.Join(segments(c), " ")) || len(segments(c)) == 0 {
			continue
		}
		seen[key] = true
		if !fitAll(ls, c) {
			continue
		}
		dropped = false
		kept = append(kept, c)
	}
	out := strings.TrimSpace(strings.Join(kept, " "))
	if strings.ContainsFunc(out, unspaced) {
		for i, c := range kept[:max(len(kept)-1, 0)] {
			if last, _ := utf8.DecodeLastRuneInString(c); unspaced(last) {
				kept[i] = c + "。" // a sentence a space ended in the chat
			}
		}
		out = strings.ReplaceAll(joinClauses(kept), "，，", "，")
	}
	out = dropDangling(ls, strings.TrimRight(out, ",，、;；:： "))
	if out == "" {
		return ""
	}
	if last, _ := utf8.DecodeLastRuneInString(out); last == '，' {
		out = strings.TrimSuffix(out, "，") + "。"
	}
	return capitalize(out)
}

// dropDangling drops from the end of st the words that cannot end it
// (Language.Dangling): what is left where a clause after them was
// dropped ("…sitting on their pillow like" without its "where have you
// BEEN").
func dropDangling(ls []Language, st string) string {
	for {
		i := strings.LastIndexFunc(st, unicode.IsSpace)
		last := strings.ToLower(st[i+1:])
		if i < 0 || !slices.ContainsFunc(ls, func(l Language) bool { return slices.Contains(l.Dangling, last) }) {
			return st
		}
		st = strings.TrimRight(st[:i], ",，、;；:： ")
	}
}

// joinClauses joins the kept clauses of a statement in an unspaced
// script: without a space, but after the mark of a spaced script before a
// clause that holds its letters, which keeps the space that followed the
// mark ("Moving voice to QQ频道, the other one keeps dropping", "beers at
// Juju Taproom, 阿俊 owes Ines one").
func joinClauses(kept []string) string {
	var b strings.Builder
	for i, c := range kept {
		if i > 0 {
			last, _ := utf8.DecodeLastRuneInString(kept[i-1])
			first, _ := utf8.DecodeRuneInString(c)
			spaced := strings.ContainsFunc(c, func(r rune) bool { return unicode.IsLetter(r) && !unspaced(r) })
			if last < utf8.RuneSelf && unicode.IsPunct(last) && (!unspaced(first) || spaced) {
				b.WriteByte(' ')
			}
		}
		b.WriteString(c)
	}
	return b.String()
}

// fitAll reports whether a clause may stay in a statement by the first
// language of ls that owns it and, when it mixes an unspaced script with
// the letters of a spaced one — an English line that a member's Chinese
// name joined ("阿俊 learned you can't…") — by every language that owns it.
func fitAll(ls []Language, c string) bool {
	mixed := strings.ContainsFunc(c, unspaced) && strings.ContainsFunc(c, func(r rune) bool { return unicode.IsLetter(r) && !unspaced(r) })
	for i := range ls {
		if !ls[i].Owns(c) {
			continue
		}
		if !ls[i].fit(c) {
			return false
		}
		if !mixed {
			return true
		}
	}
	return true
}

// fit reports whether a clause of l may stay in a statement. A clause
// that reads as a reaction but names a place (Language.Place: "Great hike
// at Bear Lake everyone") is kept.
func (l *Language) fit(c string) bool {
	for _, re := range []*regexp.Regexp{l.SecondPerson, l.Question, l.Greeting, l.SignOff, l.Reaction, l.Photo, l.FirstPerson, l.BareVerb} {
		if re != nil && re.MatchString(c) && !(re == l.Reaction && l.Place != nil && l.Place.MatchString(c)) {
			return false
		}
	}
	return true
}

// recurs reports whether text, in some language of ls, says that
// something recurs.
func recurs(ls []Language, text string) bool {
	for _, c := range clauses(ls, text) {
		if l := language(ls, c); l != nil && l.Recurs != nil && l.Recurs.MatchString(c) {
			return true
		}
	}
	return false
}

// saysWhen reports whether a line sent on day says when something
// recurs: how often ("every Friday", "每周五"), or both the weekday and
// the clock time it happens at. The weekday may be the day the line counts
// from ("tonight, 8pm" on a Wednesday), in the clause that gives the
// hour or the next, only when weekly holds: when the lines of its cluster fall on
// that weekday week after week (weekdayOfCluster). A weekday alone ("the repair guy comes Monday"), an hour alone
// ("a call at 4:50"), or "today" said on days that share no weekday is no
// habit.
func saysWhen(ls []Language, text string, day time.Time, weekly bool) bool {
	if recurs(ls, text) {
		return true
	}
	facts := factsOf(ls, text)
	if len(facts[kindWeekday]) > 0 && len(facts[kindTime]) > 0 {
		return true
	}
	if !weekly || len(facts[kindWeekday]) > 0 {
		return false
	}
	// The day it counts from stands for the weekday only in the clause
	// that gives the hour or the one next to it ("Pub quiz tonight at The
	// Fox, 8pm", not "Today was long. Someone booked a call at 4:50").
	// The next clause counts only within the same sentence ("Today was
	// long. Someone booked a call at 4:50" gives no hour to its today),
	// and a clause that says a thing happened again ("电梯又停了",
	// Language.Mishap) tells of a mishap, not of an appointment.
	cs := clauses(ls, text)
	for i := range cs {
		end := i + 1
		if end < len(cs) && !endsSentence(cs[i]) {
			end++
		}
		near := strings.Join(cs[i:end], " ")
		if mishap(ls, near) {
			continue
		}
		if facts := factsOf(ls, habitual(ls, near, day)); len(facts[kindWeekday]) > 0 && len(facts[kindTime]) > 0 {
			return true
		}
	}
	return false
}

// endsSentence reports whether a clause ends its sentence: its mark is a
// full stop, an exclamation or a question mark, in either width.
func endsSentence(clause string) bool {
	last, _ := utf8.DecodeLastRuneInString(strings.TrimSpace(clause))
	return strings.ContainsRune(".!?。！？", last)
}

// mishap reports whether text tells, in some language of ls, of a thing
// that happened again or by surprise (Language.Mishap).
func mishap(ls []Language, text string) bool {
	for _, l := range ls {
		if l.Mishap != nil && l.Mishap.MatchString(text) {
			return true
		}
	}
	return false
}

// mood reports whether sentence tells, in some language of ls, how its
// sender is or where they are that day (Language.Mood).
func mood(ls []Language, sentence string) bool {
	return slices.ContainsFunc(ls, func(l Language) bool { return l.Mood != nil && l.Mood.MatchString(sentence) })
}

// plural reports whether sentence's subject is, in some language of ls,
// the plural first person (Language.Plural).
func plural(ls []Language, sentence string) bool {
	return slices.ContainsFunc(ls, func(l Language) bool { return l.Plural != nil && l.Plural.MatchString(sentence) })
}

// topicWith returns the part of a line that holds word: a line that turns
// to another topic ("…只想喝碗热汤 话说我是宜宾人，过年回去每天吃到撑", "…
// Anyway, …"; Language.Openers) says how often of that topic, not of the
// one before. The whole line when no part holds word as written.
func topicWith(ls []Language, text, word string) string {
	var topics []string
	for _, s := range sentencesOf(text) {
		if len(topics) == 0 || opensTopic(ls, s) {
			topics = append(topics, s)
		} else {
			topics[len(topics)-1] += " " + s
		}
	}
	if len(topics) < 2 {
		return text
	}
	lw := strings.ToLower(word)
	for _, t := range topics {
		if strings.Contains(strings.ToLower(t), lw) {
			return t
		}
	}
	return text
}

// opensTopic reports whether a sentence opens with a word that turns the
// talk to a new topic in some language of ls (Language.Openers).
func opensTopic(ls []Language, s string) bool {
	t := strings.TrimLeftFunc(s, unicode.IsSpace)
	lt := strings.ToLower(t)
	for _, l := range ls {
		for _, w := range l.Openers {
			if strings.HasPrefix(lt, w) && nameBounded(t, 0, len(w)) {
				return true
			}
		}
	}
	return false
}

// habitLine reports whether a line sent on day may word a group habit:
// its clauses that do not speak of the sender alone, in the first person
// singular, say when it recurs (saysWhen) ("明天上午十点羽毛球，
// 我订好了场地" may; "I have to get up at seven every Friday" may not).
// A question states no habit.
func habitLine(ls []Language, text string, day time.Time, weekly bool) bool {
	var group []string
	for _, c := range clauses(ls, text) {
		if asks(ls, c) {
			continue // a question states no habit ("Why does every meeting happen at 4:45 on a Friday?")
		}
		if l := language(ls, c); l == nil || l.Singular == nil || !l.Singular.MatchString(c) {
			group = append(group, c)
		}
	}
	return saysWhen(ls, strings.Join(group, " "), day, weekly)
}

// once keeps the first mention of name in st and words each later
// possessive of it as l's Their.
func (l *Language) once(st, name string) string {
	if l.Possessive == "" {
		return st
	}
	first := strings.Index(st, name)
	pos := strings.ReplaceAll(l.Possessive, "%s", name)
	if first < 0 {
		return st
	}
	head, tail := st[:first+len(name)], st[first+len(name):]
	return head + strings.ReplaceAll(tail, pos, l.Their)
}

// DefaultLanguages are the languages the evolver reads when
// Config.Languages is empty: Chinese (any clause with a CJK character),
// then English (any other).
func DefaultLanguages() []Language { return compile([]Language{Chinese, English}) }

// isLeadMarker reports whether a piece of a line is only a lead marker
// of some language of ls (Language.Leads).
func isLeadMarker(ls []Language, piece string) bool {
	w := strings.ToLower(strings.TrimFunc(piece, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsPunct(r) }))
	return slices.ContainsFunc(ls, func(l Language) bool { return slices.Contains(l.Leads, w) })
}

// dropAside cuts the clause c before the aside (Language.Aside) that
// follows what it says, by the language that owns c. An aside that opens
// c drops all of it when c follows another clause of the statement
// (later: "Ben moved to Oakland, let's throw him a party"); in the first,
// it is left to the other checks ("Let's keep politics out of this
// group" may be the group's rule).
func dropAside(ls []Language, c string, later bool) string {
	l := language(ls, c)
	if l == nil || l.Aside == nil {
		return c
	}
	if loc := l.Aside.FindStringIndex(c); loc != nil {
		if kept := strings.TrimRight(c[:loc[0]], " ,，、;；"); kept != "" {
			return kept
		}
		if later {
			return ""
		}
	}
	return c
}

// dropLead removes the lead words that open s in some language of ls:
// an opener (Language.Openers), or a lead marker (Language.Leads) that a
// mark ends ("Reminder: ", "对了，"), while more follows them.
func dropLead(ls []Language, s string) string {
	for {
		t := strings.TrimLeftFunc(s, unicode.IsSpace)
		cut := leadLen(ls, t)
		if cut == 0 {
			return s
		}
		rest := strings.TrimLeftFunc(t[cut:], func(r rune) bool { return unicode.IsSpace(r) || unicode.IsPunct(r) && !isOpening(r) })
		if rest == "" {
			return s
		}
		s = rest
	}
}

// leadLen is the length of the lead word that opens t, or 0.
func leadLen(ls []Language, t string) int {
	lt := strings.ToLower(t)
	best := 0
	for _, l := range ls {
		for _, w := range l.Openers {
			if len(w) > best && strings.HasPrefix(lt, w) && nameBounded(t, 0, len(w)) {
				best = len(w)
			}
		}
		for _, w := range l.Leads {
			if len(w) > best && strings.HasPrefix(lt, w) {
				if next, _ := utf8.DecodeRuneInString(t[len(w):]); unicode.IsPunct(next) && !isOpening(next) {
					best = len(w)
				}
			}
		}
	}
	return best
}

// wordSets are a language's word lists as sets.
type wordSets struct {
	filler, stop, trailing map[string]bool
	// phraseEnds holds the first and the last rune of each filler
	// phrase: a word that opens or ends with no such rune holds none there.
	phraseFirst, phraseLast map[rune]bool
}

// compiled returns l with its word lists made sets, once.
func (l Language) compiled() Language {
	if l.sets == nil {
		l.sets = &wordSets{filler: setOf(l.FillerWords...), stop: setOf(l.StopWords...), trailing: setOf(l.TrailingFiller...),
			phraseFirst: map[rune]bool{}, phraseLast: map[rune]bool{}}
		for _, p := range l.FillerPhrases {
			first, _ := utf8.DecodeRuneInString(p)
			last, _ := utf8.DecodeLastRuneInString(p)
			l.sets.phraseFirst[first], l.sets.phraseLast[last] = true, true
		}
	}
	return l
}

// mayHoldPhrase reports whether a filler phrase of some language of ls
// may open (or end) w: false only when no phrase begins (ends) with its
// first (last) rune, in languages whose lists are compiled.
func mayHoldPhrase(ls []Language, w string, end bool) bool {
	r, _ := utf8.DecodeRuneInString(w)
	if end {
		r, _ = utf8.DecodeLastRuneInString(w)
	}
	for _, l := range ls {
		if l.sets == nil || end && l.sets.phraseLast[r] || !end && l.sets.phraseFirst[r] {
			return true
		}
	}
	return false
}

// compile returns ls with each language compiled.
func compile(ls []Language) []Language {
	out := make([]Language, len(ls))
	for i, l := range ls {
		out[i] = l.compiled()
	}
	return out
}

// fillerWord, stopWord and trailingWord report whether w, lower-cased, is
// a filler, stop or trailing word of some language of ls.
func fillerWord(ls []Language, w string) bool {
	return slices.ContainsFunc(ls, func(l Language) bool { return l.sets != nil && l.sets.filler[w] })
}

func stopWord(ls []Language, w string) bool {
	return slices.ContainsFunc(ls, func(l Language) bool { return l.sets != nil && l.sets.stop[w] })
}

func trailingWord(ls []Language, w string) bool {
	return slices.ContainsFunc(ls, func(l Language) bool { return l.sets != nil && l.sets.trailing[w] })
}

// prefixIn is the length of the first phrase of the lists pick gives, in
// the order of ls and of each list, that opens s; 0 when none does.
func prefixIn(ls []Language, s string, pick func(Language) []string) int {
	for _, l := range ls {
		for _, p := range pick(l) {
			if strings.HasPrefix(s, p) {
				return len(p)
			}
		}
	}
	return 0
}

// says reports whether the lower-cased text holds a word of the list of
// some language of ls that words picks.
func says(ls []Language, text string, words func(Language) []string) bool {
	lt := strings.ToLower(text)
	for _, l := range ls {
		for _, w := range words(l) {
			if strings.Contains(lt, w) {
				return true
			}
		}
	}
	return false
}

// We says whose a member's plural first person ("we", "our", 我们) is in
// the line at hand.
type We int

const (
	// WeGroup: the group's, as in what the group did or will do.
	WeGroup We = iota
	// WeOwn: a member's own line, where "we" is their household when the
	// line speaks of home, family or a trip (as the language reads it),
	// and the group's otherwise.
	WeOwn
	// WeApart: a member's own line in a chat of two that does not name
	// the other: never the two of them. Their household as with WeOwn,
	// and otherwise the member and whoever they were with.
	WeApart
	// WeHousehold: a member's own line about their home, family or what
	// they own: "we" is their household whatever else it says.
	WeHousehold
)

// joinsDropped reports whether clause c opens with a word of some
// language's Joins ("but", "但是"): it answers the clause before it, and
// goes with it when that one is dropped.
func joinsDropped(ls []Language, c string) bool {
	lc := strings.ToLower(strings.TrimSpace(c))
	for _, l := range ls {
		for _, j := range l.Joins {
			if strings.HasPrefix(lc, j) && (len(lc) == len(j) || !unicode.IsLetter(rune(lc[len(j)])) || unspaced([]rune(j)[0])) {
				return true
			}
		}
	}
	return false
}
