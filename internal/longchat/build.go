package longchat

import (
	"math/rand/v2"
	"slices"
	"strings"
	"time"
)

// How many questions of each source a group gets.
const (
	nSingle      = 12    // single questions, one fact each
	nWho         = 12    // who questions, one fact each
	nBridge      = 7     // multihop: a fact picks the member, another fact of theirs answers
	nSpan        = 4     // multihop: the time between two statements of one member
	nParaphrase  = 11    // paraphrase questions, one statement each
	nUpdates     = 7     // updated: facts of members that change (the group's own come on top)
	nMilestones  = 3     // temporal: the date of a member's one-off event
	nEvents      = 7     // events of each series; all are asked
	nDateAsks    = 2     // of them asked for their date, the others by time words
	nLookalikes  = 6     // facts stated and never asked, beside the others of their kind
	minSpanDays  = 28    // the least time between the two statements of a span
	minDaysApart = 5     // the least time between two values of an update
	minTokens    = 15200 // what a group's messages cost at least by prompts.EstimateTokens (filling a day overshoots a little)
)

// builder builds one group.
type builder struct {
	r       *rand.Rand
	th      *theme
	zone    *time.Location
	members []*member
	days    []*day
	asked   time.Time
	used    map[string]bool   // planted values, lower-cased; "paraphrase/", "span/" and "milestone/" keys used
	texts   map[string]bool   // question texts
	taken   map[string]bool   // member id + "/" + fact key: stated already
	stated  map[*member]int   // how many facts each member has stated
	like    map[string][]*msg // fact key → the messages stating it
	rels    map[string]int    // relative time words used, by code
	decks   map[string]*deck
	qs      []*pending
	facts   []Fact // the planted messages, in chat order, once written
}

// member is one member of a group.
type member struct {
	person
	lang   *lang // the language the member writes in
	other  *lang // a second language the member switches to, or nil
	weight float64
}

// day is one day of a chat.
type day struct {
	date   time.Time // midnight in the chat's zone
	scenes []*scene
	target int // how many messages it should hold at least
	tokens int // its share of minTokens
}

// scene is a run of consecutive messages: a statement and its reactions,
// a question and its answers.
type scene struct {
	slot  int
	lines []*msg
}

// The parts of a day a scene is posted in.
const (
	morning = iota
	lunch
	evening
	bedtime
)

// msg is one message.
type msg struct {
	from *member
	text string
	date time.Time // its day
	id   string    // set when the chat is written
	kind string    // what was planted in it ("fact/job", "event/...", ...), "" for talk
	val  string    // the value it states, "" when none is a string of its own
}

// planted marks e as holding a planted fact of kind stating val, and
// returns it.
func planted(e *msg, kind, val string) *msg {
	if e != nil {
		e.kind, e.val = kind, val
	}
	return e
}

// pending is a question whose messages have no ids yet.
type pending struct {
	kind, text, answer    string
	evidence, distractors []*msg
	like                  string // a fact key: its other statements are distractors
	values                []string
	when                  *when
}

func newBuilder(th *theme, seed int64, n int) *builder {
	off, err := time.Parse("-07:00", th.zone)
	if err != nil {
		panic("longchat: theme " + th.id + " has a bad zone: " + th.zone) // a defect in the tables, caught by the tests
	}
	_, secs := off.Zone()
	return &builder{
		r:      rand.New(rand.NewPCG(uint64(seed), uint64(n)+1)),
		th:     th,
		zone:   time.FixedZone("UTC"+th.zone, secs),
		used:   map[string]bool{},
		texts:  map[string]bool{},
		taken:  map[string]bool{},
		stated: map[*member]int{},
		like:   map[string][]*msg{},
		rels:   map[string]int{},
		decks:  map[string]*deck{},
	}
}

// build plants everything a question needs, fills the days with talk and
// writes the chat.
func (b *builder) build() (Group, []Question) {
	b.pickMembers()
	b.pickDays()
	for k, s := range b.th.series {
		b.plantSeries(k, s)
	}
	for _, u := range b.th.updates {
		b.plantGroupUpdate(u)
	}
	b.plantFacts()
	b.plantSpans()
	b.plantMilestones()
	b.plantParaphrases()
	b.fill()
	g := Group{ID: b.th.id, Lang: b.langName(), Split: b.th.split, AskedAt: b.asked}
	g.Transcript = b.write()
	g.Facts = b.facts
	return g, b.questions()
}

func (b *builder) langName() string {
	if len(b.th.langs) > 1 {
		return "mixed"
	}
	return b.th.langs[0].code
}

// pickMembers takes the group's members from its languages' names, in
// turn when there are two.
func (b *builder) pickMembers() {
	perLang := make([][]person, len(b.th.langs))
	for i, l := range b.th.langs {
		pool := l.people
		if own := b.th.people[l.code]; len(own) > 0 {
			pool = own
		}
		perLang[i] = shuffled(b.r, pool)
	}
	for i := range b.th.members {
		k := i % len(b.th.langs)
		m := &member{person: perLang[k][i/len(b.th.langs)], lang: b.th.langs[k], weight: 0.5 + 1.5*b.r.Float64()}
		if len(b.th.langs) > 1 {
			m.other = b.th.langs[1-k]
		}
		b.members = append(b.members, m)
	}
}

// pickDays spreads the chat's days over its weeks, the first and the last
// included, with the gaps a random choice gives.
func (b *builder) pickDays() {
	start, err := time.ParseInLocation(time.DateOnly, b.th.start, b.zone)
	if err != nil {
		panic("longchat: theme " + b.th.id + " has a bad start: " + b.th.start)
	}
	span := b.th.weeks*7 + b.r.IntN(7)
	n := b.th.days + b.r.IntN(7)
	offsets := append([]int{0, span}, b.r.Perm(span - 1)[:n-2]...)
	for i := range offsets[2:] {
		offsets[2+i]++
	}
	slices.Sort(offsets)
	total := 0.0
	weights := make([]float64, n)
	for i := range weights {
		weights[i] = 0.3 + min(b.r.ExpFloat64(), 2.5)
		total += weights[i]
	}
	for i, off := range offsets {
		share := weights[i] / total
		b.days = append(b.days, &day{date: start.AddDate(0, 0, off), target: max(int(float64(b.th.messages)*share), 6), tokens: int(minTokens * share)})
	}
	last := b.days[len(b.days)-1].date
	b.asked = last.AddDate(0, 0, 1).Add(10 * time.Hour)
}

// others returns the members other than m, shuffled.
func (b *builder) others(m *member) []*member {
	var out []*member
	for _, o := range shuffled(b.r, b.members) {
		if o != m {
			out = append(out, o)
		}
	}
	return out
}

// anyone returns a member, the chattier ones more often.
func (b *builder) anyone() *member {
	total := 0.0
	for _, m := range b.members {
		total += m.weight
	}
	x := b.r.Float64() * total
	for _, m := range b.members {
		if x -= m.weight; x < 0 {
			return m
		}
	}
	return b.members[len(b.members)-1]
}

// draw returns a value of pool that the group has not planted yet, and
// marks it planted; "" when none is left.
func (b *builder) draw(pool []string) string {
	for _, v := range shuffled(b.r, pool) {
		if k := strings.ToLower(v); !b.used[k] {
			b.used[k] = true
			return v
		}
	}
	return ""
}

// ask records a question unless its group has asked the same text.
func (b *builder) ask(p *pending) bool {
	if p.text == "" || b.texts[p.text] {
		return false
	}
	b.texts[p.text] = true
	b.qs = append(b.qs, p)
	return true
}

// pronoun returns {his} for m.
func (m *member) pronoun() string {
	if m.female {
		return m.lang.her
	}
	return m.lang.his
}

func pick[T any](r *rand.Rand, xs []T) T {
	return xs[r.IntN(len(xs))]
}

func shuffled[T any](r *rand.Rand, xs []T) []T {
	out := append([]T(nil), xs...)
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// deck deals the indices of a pool in a random order, all before any
// again, so that a chat repeats its small talk as little as it can.
type deck struct {
	order []int
	next  int
}

// deal returns the next index below n of the deck named key.
func (b *builder) deal(key string, n int) int {
	d := b.decks[key]
	if d == nil || d.next == len(d.order) {
		d = &deck{order: b.r.Perm(n)}
		b.decks[key] = d
	}
	d.next++
	return d.order[d.next-1]
}
