package offline

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/groupmem/groupmem"
)

// What a member says about themselves is kept as that member's memory,
// said once: their job, home, family, what they like, plan and did. Such a
// memory carries the tags TagMember, "member:<sender>" and its kind; it
// does not fade or expire for want of repetition, and a later line of the
// same member about a single-valued kind (job, home) updates it.
const TagMember = "member"

// factKind is a kind of thing members say about themselves.
type factKind struct {
	name   string
	single bool // a member has one at a time: a new one replaces the old
	named  bool // what the pattern matches names the thing itself ("grew up in Knoxville"): no object need follow
	en, zh *regexp.Regexp
}

// zhWhen is what may stand between 我 and the verb of a Chinese fact:
// up to two time words ("我六月要搬到", "我这周升职", "我周六第一次去")
// and a place ("我周五在重庆见了").
const zhWhen = `(?:(?:今年|明年|去年|现在|最近|目前|这周|下周|上周|这个月|下个月|上个月|周[一二三四五六日末]|星期[一二三四五六日天]|` +
	`每周[一二三四五六日末]?|每个?星期[一二三四五六日天]?|每天|每个?月|平时|昨天|今天|明天|[一二三四五六七八九十0-9]{1,3}月份?|终于|刚刚?|已经|第一次|也|还)\s*){0,3}` +
	// a place, but not a clause of its own ("我在群里看到有人说要搬到…")
	`(?:在[^，。！？,.!?看听说帮替给想觉要]{1,8})?`

// zh is a Chinese fact pattern: 我, then zhWhen, then verbs.
func zh(verbs string) *regexp.Regexp { return regexp.MustCompile(`我` + zhWhen + `(?:` + verbs + `)`) }

var factKinds = []factKind{
	{"job", true, true,
		regexp.MustCompile(`(?i)\b(i work (as|at|for|in)|i'm working (as|at)|i(?:'m| am) (now )?an? ([a-z]+ )?(nurse|teacher|engineer|developer|designer|doctor|student|lawyer|chef|writer|manager|accountant|artist|musician|programmer|scientist|researcher|photographer|consultant|hygienist|specialist|architect|paralegal|analyst|technician|pharmacist|therapist|electrician|plumber|librarian|dentist|vet|veterinarian|firefighter|pilot|mechanic|barista|editor|journalist|translator|professor|lecturer|tutor|coach|auditor|planner|surveyor|paramedic|midwife|nanny|baker|florist)|my job|i just started (a new job|working)|i(?:'ve| have)? (got|been) promoted|speaking as an?|being an? [a-z]+( [a-z]+)? is|accepted an offer as|officially an?)\b|(?i)\bi'?m an? [a-z]+( [a-z]+)?!`),
		regexp.MustCompile(`我在.{1,12}(工作|上班|实习)|我是(一名|一个)?.{0,6}(程序员|老师|医生|护士|工程师|设计师|学生|律师|厨师|会计|产品经理|运维|前端|后端)|我的工作|` +
			`我` + zhWhen + `(换了工作|入职|升职|换成.{1,4}班|转岗)|干[^，。！？]{2,6}这行`)},
	{"home", true, true,
		regexp.MustCompile(`(?i)\b(i live (out )?(in|near|at)|(i|we)(?:'ve| have)? (officially )?moved to|i(?:'m| am) moving to|my (flat|apartment|house) (is )?in|signed a lease in|our new place in)\b|(?-i:\b(here|[Rr]ent) in [A-Z])`),
		regexp.MustCompile(`我` + zhWhen + `(?:住在|家在|搬到|搬家到|要搬到|要搬去)|在[^，。！？]{1,6}住`)},
	{"family", false, false,
		regexp.MustCompile(`(?i)\bmy (wife|husband|partner|girlfriend|boyfriend|son|daughter|kids|children|mom|mum|dad|mother|father|brother|sister|baby|dog|cat) (just |finally |really )?(is|are|was|has|had|hates|loves|lives|works|turns|turned|started|got|plays)\b|(?-i:[A-Z]\w+), my (little one|youngest|oldest|eldest)\b|` +
			`\b(adopted an?|newest member of the household: an?|brought home an?|the (dog|cat|corgi|puppy|kitten) we adopted)\b`),
		regexp.MustCompile(`我(老婆|老公|媳妇|对象|儿子|女儿|家孩子)(是|在|今年|刚)|我(家猫|家狗|家的猫|家的狗)|(领养|养)了(一只|只|个)`)},
	{"origin", false, true,
		regexp.MustCompile(`(?i)\b(i grew up in|born and raised in|being from|i'?m from|i was born in)\b`),
		regexp.MustCompile(`我老家|老家[是在]|我是[^，。！？]{1,4}人`)},
	{"owns", false, true,
		regexp.MustCompile(`(?i)\b(i'?m driving an?|i'?m on an?|went with the|picked up my|i drive an?)\b|(?-i:\b[Mm]y [a-z]{0,2}[A-Z][a-z0-9][\w-]*( [A-Z0-9][\w-]*)*)|(?-i:\bthe [A-Z][\w-]*( [A-Z0-9][\w-]*)* fits five)`),
		regexp.MustCompile(`我(那辆|这辆|这台|这部|开的|开[A-Za-z奥宝奔大丰本比特理蔚小极问五])|提车了`)},
	{"school", false, true,
		regexp.MustCompile(`(?i)\bwent to (?-i:[A-Z])[^.,!?]{1,40} for (undergrad|college|grad school|uni)\b|(?-i:\b[Mm]y [A-Z]\w+ reunion)`),
		regexp.MustCompile(`我` + zhWhen + `(在备考|备考|考上了|毕业于)|在备考`)},
	{"health", false, false,
		regexp.MustCompile(`(?i)\bi(?:'m| am) (seriously |very |really )?(allergic|vegetarian|vegan|lactose intolerant)|\bi can(?:'t|not) eat (any |gluten|dairy|nuts|meat|pork|beef|fish|shellfish|seafood|eggs|spicy)`),
		regexp.MustCompile(`对.{1,8}过敏|我` + zhWhen + `(不能吃|吃素|不吃)`)},
	{"likes", false, false,
		regexp.MustCompile(`(?i)\bi (really )?(like|love|enjoy|prefer|hate|can't stand)\b|\bmy favou?rite\b|\bbeen (really )?into\b|\bis the best (writer|author|band|show|team|book)\b|\bnobody beats\b|\bcould eat one dish forever\b`),
		regexp.MustCompile(`我` + zhWhen + `(?:(很|特别|最|超|更|比较)?(喜欢|爱吃|爱看|爱喝|讨厌|不喜欢)|最爱)|报了个|迷上了|入坑|一口气刷了|作为一个`)},
	{"routine", false, false,
		regexp.MustCompile(`(?i)\bi (usually|always|often|regularly) (go|play|run|swim|cook|volunteer|take|practi[cs]e)\b|\bi volunteer\b`),
		regexp.MustCompile(`我` + zhWhen + `(每周[一二三四五六日末]?|每个?星期[一二三四五六日天]?|每天|每个?月|平时)[^，。！？,.!?]{0,10}(去|做|上|练|跑|学|打|参加)`)},
	{"plans", false, false,
		regexp.MustCompile(`(?i)\b(i(?:'m| am) (planning|going|hoping) to|i plan to|i(?:'ll| will) be (going|travel)|i(?:'m| am) (flying|travelling|traveling|taking)|i(?:'ve| have) booked|put the deposit down for|booked (flights?|a trip|tickets?) (to|for))\b`),
		regexp.MustCompile(`我` + zhWhen + `(?:打算|准备|计划|要去|想去|要回|搬家)|机票都订了|攻略做了|准备去`)},
	{"did", false, false,
		// what lasts: a milestone, or something done that names a place,
		// a number or a first time ("I ran my first 10k", "I visited my
		// grandma in Devon"), not an errand ("I went to return one thing")
		regexp.MustCompile(`(?i)\bi (just |finally )?(adopted|passed|won|completed|graduated|learned|learnt|started (learning|a new|taking))\b|` +
			`(?i)\bi (just |finally )?(went|visited|ran|finished|started|bought|got|climbed|met)\b[^.!?,]*(\bfirst\b|\bnew (road )?(bike|car|house|flat|job|phone|laptop)|(?-i:\b[A-Z][a-z]|\d))`),
		zh(`去了|跑了|买了|看了|考过了|通过了|领养了|学会了|完成了|爬了|见了|开始(?:学|练|用|做|跑|上|玩|养|写)|去[^，。！？,.!?]{1,4}了`)},
	{"event", false, true,
		// a place named in a line that tells what happened there
		regexp.MustCompile(`(?i)\b(thanks for|photos from|made it to|was|were|went|had|did|finished|visited|loved)\b.*(?-i:\b(at|from|to|of|in) (the )?[A-Z][\w'-]*( [A-Z0-9][\w'-]*)+)|` +
			`(?-i:\b(at|from|to|of|in) (the )?[A-Z][\w'-]*( [A-Z0-9][\w'-]*)+)[^.!?]*\b(?i:was|were|went|had|loved|killed|nearly)\b`),
		regexp.MustCompile(`团建[^，。！？]{2,8}|[^，。！？]{2,8}(吃得太|太好吃了|吃完了|玩得太)`)},
}

// factAt returns the kind of thing the message says about its sender, if
// it says one (the first kind whose pattern it matches; a question says
// nothing about its sender), and where in text the sentence that says it
// begins and ends: the rest of the message is other talk.
func factAt(text string) (factKind, int, int, bool) {
	t := strings.TrimRightFunc(text, unicode.IsSpace)
	for _, k := range factKinds {
		if (k.name == "health" || k.name == "likes") && tiedToOccasion(t) {
			continue // "我今天不吃晚饭": one day's choice, not a trait
		}
		for _, re := range []*regexp.Regexp{k.en, k.zh} {
			at := re.FindStringIndex(t)
			if at == nil || asks(clauseAt(t, at[0])) || asks(clauseAt(t, at[1]-1)) {
				continue // a question says nothing about its sender
			}
			if k.named || namesItself(t[at[0]:at[1]]) || saysWhat(t[at[1]:]) {
				end := at[1] + sentenceEnd(t[at[1]:])
				if strings.TrimFunc(t[at[1]:end], func(r rune) bool { return unicode.IsPunct(r) || unicode.IsSpace(r) }) == "" {
					end += sentenceEnd(t[end:]) // "提车了！本田雅阁": what it names follows
				}
				return k, sentenceStart(t[:at[0]]), end, true
			}
		}
	}
	return factKind{}, 0, 0, false
}

// sentenceEnd is where the first sentence of s ends: after its first
// sentence end (. ! ? and their full-width forms), before a space between
// two CJK characters (how a Chinese line joins two sentences), or len(s).
func sentenceEnd(s string) int {
	prev := rune(0)
	for i, r := range s {
		switch {
		case strings.ContainsRune(".!?。！？", r):
			return i + utf8.RuneLen(r)
		case unicode.IsSpace(r) && isCJK(prev):
			if next, _ := utf8.DecodeRuneInString(s[i+utf8.RuneLen(r):]); isCJK(next) {
				return i
			}
		}
		prev = r
	}
	return len(s)
}

// clauseAt returns the clause of t that holds offset i, with the mark that
// ends it: "我下周搬家，有人有纸箱吗" at 0 is "我下周搬家，".
func clauseAt(t string, i int) string {
	const marks = "，。！？,.!?；;"
	from := 0
	if k := strings.LastIndexAny(t[:i], marks); k >= 0 {
		_, size := utf8.DecodeRuneInString(t[k:])
		from = k + size
	}
	to := len(t)
	if j := strings.IndexAny(t[i:], marks); j >= 0 {
		_, size := utf8.DecodeRuneInString(t[i+j:])
		to = i + j + size
	}
	return t[from:to]
}

// asks reports whether a clause is a question.
func asks(clause string) bool {
	c := strings.TrimRightFunc(clause, unicode.IsSpace)
	for _, end := range []string{"?", "？", "吗", "呢", "吧"} {
		if strings.HasSuffix(c, end) {
			return true
		}
	}
	return false
}

// namesItself reports whether a matched fact already names what it says:
// an allergy, a diet or a move ("我对花生过敏", "I'm vegetarian", "我下周
// 搬家"), which needs no object after it, unlike "我不吃" or "I can't eat".
func namesItself(match string) bool {
	m := strings.ToLower(match)
	for _, w := range []string{"过敏", "吃素", "搬家", "allergic", "vegetarian", "vegan", "lactose", "youngest", "oldest", "eldest", "little one"} {
		if strings.Contains(m, w) {
			return true
		}
	}
	return false
}

// sentenceStart is where the last sentence of s begins: after its last
// sentence end (. ! ? and their full-width forms), or 0.
func sentenceStart(s string) int {
	from := 0
	if i := strings.LastIndexAny(s, ".!?。！？"); i >= 0 {
		_, size := utf8.DecodeRuneInString(s[i:])
		from = i + size
	}
	// or after a space between two CJK characters, how a Chinese line
	// joins two sentences
	prev := rune(0)
	for i, r := range s {
		if unicode.IsSpace(r) && isCJK(prev) && i+1 > from {
			if next, _ := utf8.DecodeRuneInString(s[i+utf8.RuneLen(r):]); isCJK(next) {
				from = i + utf8.RuneLen(r)
			}
		}
		prev = r
	}
	return from
}

// vagueObjects are the words that point at what was said before instead
// of naming something: "I love that", "I got it", "我喜欢这个".
var vagueObjects = setOf("much", "lot", "lots", "idea", "one", "ones", "thing", "things", "stuff", "way", "guys",
	"yours", "mine", "both", "more", "less", "well", "back", "already", "yet", "ever", "honestly", "though", "yes", "no",
	"yeah", "yep", "nope", "now", "anyway", "lol", "omg", "haha", "bit", "little", "same", "whole")

// saysWhat reports whether the rest of a clause after "I love", "I got",
// "我喜欢" names something: a word that is neither a function word, a
// Chinese particle or pronoun, nor a vague pointer (vagueObjects). Only
// the clause counts: in "I love that, I climbed in uni" the love is of
// "that".
func saysWhat(rest string) bool {
	if i := strings.IndexAny(rest, ",.;!?，。；！？、"); i >= 0 {
		rest = rest[:i]
	}
	for _, w := range strings.Fields(features(rest)) {
		if w != "|" && !vagueObjects[w] && !isFiller(w) {
			return true
		}
	}
	return false
}

// memberTag names the member a memory is about.
func memberTag(m groupmem.Message) string { return "member:" + sender(m) }

// memberFacts decides what the run's new messages say about their senders:
// a new memory for each, in the member's name and with absolute dates, or
// the next version of the member's memory of that kind when the kind is
// single-valued. A fact already held in the same words, or that another
// decision of the run (taken) already words, is not repeated.
func (f *Fuser) memberFacts(items []*item, mems []groupmem.Memory, taken decisions) decisions {
	var ds decisions
	updating := map[string]*decision{} // memory id → this run's update of it
	statements := map[string]bool{}
	for _, m := range mems {
		statements[m.Statement] = true
	}
	for _, d := range taken {
		statements[d.statement] = true
	}
	for _, it := range items {
		if !it.fresh {
			continue
		}
		k, from, to, ok := factAt(it.msg.Content)
		if !ok {
			continue
		}
		// The statement begins with the sentence that says it ("Busy. I
		// finished the migration" is about the migration).
		said := it.msg
		said.Content = said.Content[from:to]
		st := f.subject(f.ownStatement(said), it.msg)
		if st == "" || statements[st] || len([]rune(st)) > f.cfg.MaxStatementRunes {
			continue
		}
		statements[st] = true
		tags := []string{TagMember, memberTag(it.msg), k.name}
		d := &decision{kind: groupmem.ActionCreate, statement: st, evidence: []string{it.msg.ID}, fresh: []string{it.msg.ID},
			strength: 0.6, tags: tags,
			reason: fmt.Sprintf("%s said this about themselves (%s) on %s", sender(it.msg), k.name,
				it.msg.SentAt.In(f.cfg.Evolve.Location).Format(time.DateOnly))}
		if k.single {
			if old := memberMemory(mems, it.msg, k.name); old != nil {
				if prev := updating[old.ID]; prev != nil {
					// A second line of the run about the same thing extends
					// the first one's version.
					sofar := *old
					sofar.Statement, sofar.Evidence = prev.statement, prev.evidence
					f.extend(d, &sofar, it.msg)
					prev.statement, prev.evidence, prev.reason = d.statement, d.evidence, d.reason
					continue
				}
				f.extend(d, old, it.msg)
				updating[old.ID] = d
			}
		}
		ds = append(ds, d)
	}
	return ds
}

// extend turns d, a member's new line about a single-valued kind (job,
// home), into the next version of their memory of that kind, old: the
// earlier statement is kept and the new one follows it with its date
// ("Ann works as a nurse…; on Mon Feb 1, Ann just started working day
// shifts"), since a line such as "day shifts now" or "moving to Shanghai
// in June" does not undo all that was said before. Only when the whole
// would be longer than MaxStatementRunes do the oldest parts go; the
// reason says what was kept or dropped. The evidence is both.
func (f *Fuser) extend(d *decision, old *groupmem.Memory, m groupmem.Message) {
	day := m.SentAt.In(f.cfg.Evolve.Location)
	sep, lead := "; ", "on "+day.Format("Mon Jan 2")+", "
	if strings.ContainsFunc(d.statement, isCJK) {
		sep, lead = "；", zhDate(day)+"，"
	}
	if strings.Contains(d.statement, day.Format("Mon Jan 2")) || zhDateIn(d.statement, day) {
		lead = "" // the line dates itself
	}
	parts := append(extendedParts(old.Statement), lead+d.statement)
	dropped := 0
	for len(parts) > 1 && len([]rune(strings.Join(parts, sep))) > f.cfg.MaxStatementRunes {
		parts, dropped = parts[1:], dropped+1
	}
	if len(parts) == 1 {
		parts[0] = d.statement // alone, it needs no date to set it apart
	}
	d.kind, d.mem, d.statement = groupmem.ActionUpdate, old, strings.Join(parts, sep)
	d.evidence = append(slices.Clone(d.evidence), old.Evidence...)
	d.evidence = d.evidence[:min(len(d.evidence), f.cfg.MaxEvidence)]
	d.reason = fmt.Sprintf("%s added to what they said about themselves (%s) on %s; the earlier statement is kept",
		sender(m), d.tags[2], day.Format(time.DateOnly))
	if dropped > 0 {
		d.reason = fmt.Sprintf("%s added to what they said about themselves (%s) on %s; the %d oldest parts of %q went to stay within %d characters",
			sender(m), d.tags[2], day.Format(time.DateOnly), dropped, groupmem.Truncate(old.Statement, 80), f.cfg.MaxStatementRunes)
	}
}

// extendLead is how each part extend added to a statement begins.
var extendLead = regexp.MustCompile(`^(on [A-Z][a-z]{2} [A-Z][a-z]{2} \d{1,2}, |\d{1,2}月\d{1,2}日，)`)

// extendedParts splits a statement into the parts extend joined: at a
// separator that a dated part follows, not at every semicolon.
func extendedParts(st string) []string {
	var parts []string
	for _, sep := range []string{"; ", "；"} {
		if !strings.Contains(st, sep) {
			continue
		}
		for _, p := range strings.Split(st, sep) {
			if len(parts) > 0 && !extendLead.MatchString(p) {
				parts[len(parts)-1] += sep + p
				continue
			}
			parts = append(parts, p)
		}
		return parts
	}
	return []string{st}
}

// zhDateIn reports whether st holds day's date the Chinese way, not as the
// end of another (2月1日 in 12月1日).
func zhDateIn(st string, day time.Time) bool {
	date := zhDate(day)
	for i := 0; ; {
		k := strings.Index(st[i:], date)
		if k < 0 {
			return false
		}
		if at := i + k; at == 0 || st[at-1] < '0' || st[at-1] > '9' {
			return true
		}
		i += k + 1
	}
}

// memberMemory returns the active memory of kind about m's sender, or nil.
func memberMemory(mems []groupmem.Memory, m groupmem.Message, kind string) *groupmem.Memory {
	for i := range mems {
		t := mems[i].Tags
		if mems[i].Status == groupmem.StatusActive && slices.Contains(t, memberTag(m)) && slices.Contains(t, kind) {
			return &mems[i]
		}
	}
	return nil
}

// isMemberFact reports whether a memory holds what a member said about
// themselves.
func isMemberFact(m *groupmem.Memory) bool { return slices.Contains(m.Tags, TagMember) }

// subject gives a member's statement that does not name them its
// subject, as the language of its first clause says: "Booked flights to
// Lisbon" → "Ann booked flights to Lisbon", "提车了" → "婷婷提车了",
// another one "Ann: ...".
func (f *Fuser) subject(st string, m groupmem.Message) string {
	name := cmp.Or(strings.TrimSpace(m.SenderName), strings.TrimSpace(m.SenderID))
	if st == "" || name == "" || strings.HasPrefix(st, name) {
		return st
	}
	cs := clauses(f.cfg.Languages, st)
	l := language(f.cfg.Languages, cs[0])
	if l == nil {
		return st
	}
	named := strings.Contains(strings.ToLower(st), strings.ToLower(name))
	switch {
	case l.VerbLead == nil && !named, l.VerbLead != nil && l.VerbLead.MatchString(cs[0]):
		r, size := utf8.DecodeRuneInString(st)
		st = name + l.SubjectSpace + string(unicode.ToLower(r)) + st[size:]
	case !named:
		return name + l.Attribution + st
	}
	return l.once(st, name)
}
