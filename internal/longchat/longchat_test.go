package longchat

import (
	"bytes"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/demo"
	"github.com/groupmem/groupmem/keyword"
	"github.com/groupmem/groupmem/prompts"
)

// chat is a generated group as demo.ParseChat reads it.
type chat struct {
	Group
	*demo.Chat
	msgs  []groupmem.Message
	byID  map[string]groupmem.Message
	lower []string // the messages' contents lower-cased, in order
}

func parse(t *testing.T, s Set) map[string]*chat {
	t.Helper()
	out := map[string]*chat{}
	for _, g := range s.Groups {
		c, err := demo.ParseChat(bytes.NewReader(g.Transcript))
		if err != nil {
			t.Fatalf("%s: %v", g.ID, err)
		}
		if c.GroupID != g.ID {
			t.Fatalf("%s: transcript of group %s", g.ID, c.GroupID)
		}
		ch := &chat{Group: g, Chat: c, msgs: c.Messages(), byID: map[string]groupmem.Message{}}
		for _, m := range ch.msgs {
			ch.byID[m.ID] = m
			ch.lower = append(ch.lower, strings.ToLower(m.Content))
		}
		out[g.ID] = ch
	}
	return out
}

func TestGenerateIsDeterministic(t *testing.T) {
	a, b := Generate(1), Generate(1)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("Generate(1) twice gave different sets")
	}
	c := Generate(2)
	for i := range a.Groups {
		if bytes.Equal(a.Groups[i].Transcript, c.Groups[i].Transcript) {
			t.Errorf("%s: seeds 1 and 2 gave the same transcript", a.Groups[i].ID)
		}
	}
}

// The groups are as long as real chats: 51 groups (13 English, 19 Chinese, 19
// mixed; four of each in the test split), each of 400 messages or more
// over 20 nights or more from 4 members or more, costing 15,000 tokens or
// more, at plausible times, asked the morning after their last day.
func TestGroupsAreLongChats(t *testing.T) {
	for _, seed := range []int64{1, 2, 3} {
		s := Generate(seed)
		chats := parse(t, s)
		if len(s.Groups) != 51 {
			t.Fatalf("seed %d: %d groups, want 51", seed, len(s.Groups))
		}
		langs, tests, ids := map[string]int{}, map[string]int{}, map[string]bool{}
		validID := regexp.MustCompile(`^[A-Za-z0-9-]+$`)
		for _, g := range s.Groups {
			if ids[g.ID] {
				t.Errorf("seed %d: two groups %s", seed, g.ID)
			}
			ids[g.ID] = true
			langs[g.Lang]++
			if g.Split == "test" {
				tests[g.Lang]++
			} else if g.Split != "train" {
				t.Errorf("%s: split %q", g.ID, g.Split)
			}
			if !validID.MatchString(g.ID) {
				t.Errorf("group id %q has other characters than letters, digits and '-'", g.ID)
			}
			checkChat(t, chats[g.ID])
		}
		if want := map[string]int{"en": 13, "zh": 19, "mixed": 19}; !reflect.DeepEqual(langs, want) {
			t.Errorf("seed %d: groups by language %v, want %v", seed, langs, want)
		}
		if want := map[string]int{"en": 4, "zh": 4, "mixed": 4}; !reflect.DeepEqual(tests, want) {
			t.Errorf("seed %d: test groups by language %v, want %v", seed, tests, want)
		}
	}
}

func checkChat(t *testing.T, c *chat) {
	t.Helper()
	msgs := c.msgs
	tokens := 0
	for _, m := range msgs {
		tokens += prompts.EstimateTokens(m.Content)
		if h := m.SentAt.Hour(); h < 7 {
			t.Errorf("%s %s: sent at %s", c.ID, m.ID, m.SentAt.Format("15:04"))
		}
	}
	if len(msgs) < 400 || len(c.Days) < 20 || len(c.Members) < 4 || tokens < 15000 {
		t.Errorf("%s: %d messages, %d nights, %d members, %d tokens; want 400, 20, 4 and 15000 at least",
			c.ID, len(msgs), len(c.Days), len(c.Members), tokens)
	}
	last := c.Days[len(c.Days)-1].Date
	_, zone := last.Zone()
	if _, off := c.AskedAt.Zone(); off != zone || !c.AskedAt.Equal(last.AddDate(0, 0, 1).Add(10*time.Hour)) || c.AskedAt.Hour() != 10 {
		t.Errorf("%s: asked at %v, want 10:00 in the chat's zone the day after %s", c.ID, c.AskedAt, last.Format(time.DateOnly))
	}
}

// Every question is whole: its evidence is in its group, its kind is
// asked at least 40 times and in every group, no group asks the same text
// twice, and each kind keeps its promise.
func TestQuestions(t *testing.T) {
	for _, seed := range []int64{1, 2, 3} {
		s := Generate(seed)
		chats := parse(t, s)
		kinds := map[string]int{}
		perGroup := map[string]map[string]int{}
		texts := map[string]bool{}
		for _, q := range s.Questions {
			c := chats[q.Group]
			if c == nil {
				t.Fatalf("question %q: no group %s", q.Text, q.Group)
			}
			if texts[q.Group+"\x00"+q.Text] {
				t.Errorf("%s asks %q twice", q.Group, q.Text)
			}
			texts[q.Group+"\x00"+q.Text] = true
			kinds[q.Kind]++
			if perGroup[q.Group] == nil {
				perGroup[q.Group] = map[string]int{}
			}
			perGroup[q.Group][q.Kind]++
			checkQuestion(t, c, q)
		}
		if len(s.Questions) < 600 {
			t.Errorf("seed %d: %d questions, want 600 at least", seed, len(s.Questions))
		}
		for _, k := range []string{KindSingle, KindMultiHop, KindTemporal, KindWho, KindParaphrase, KindUpdated} {
			if kinds[k] < 40 {
				t.Errorf("seed %d: %d %s questions, want 40 at least", seed, kinds[k], k)
			}
			for _, g := range s.Groups {
				if perGroup[g.ID][k] == 0 {
					t.Errorf("seed %d: %s asks no %s question", seed, g.ID, k)
				}
			}
		}
	}
}

func checkQuestion(t *testing.T, c *chat, q Question) {
	t.Helper()
	name := fmt.Sprintf("%s %s %q", q.Group, q.Kind, q.Text)
	if len(q.Evidence) == 0 || q.Answer == "" {
		t.Errorf("%s: no evidence or no answer", name)
		return
	}
	var ev, ds []groupmem.Message
	for _, id := range q.Evidence {
		m, ok := c.byID[id]
		if !ok {
			t.Errorf("%s: evidence %s is not in the chat", name, id)
			return
		}
		ev = append(ev, m)
	}
	for _, id := range q.Distractors {
		m, ok := c.byID[id]
		if !ok || slices.Contains(q.Evidence, id) {
			t.Errorf("%s: distractor %s is missing or evidence", name, id)
			return
		}
		ds = append(ds, m)
	}
	checkValues(t, c, q, name)
	switch q.Kind {
	case KindMultiHop:
		days := map[string]bool{}
		for _, m := range ev {
			days[m.SentAt.Format(time.DateOnly)] = true
		}
		if len(days) < 2 {
			t.Errorf("%s: evidence on %d night(s), want 2 or more", name, len(days))
		}
	case KindUpdated:
		if len(ev) != 1 || len(ds) == 0 {
			t.Fatalf("%s: %d evidence and %d older values, want 1 and 1 or more", name, len(ev), len(ds))
		}
		for _, d := range ds {
			if d.SentAt.Format(time.DateOnly) >= ev[0].SentAt.Format(time.DateOnly) {
				t.Errorf("%s: older value %s is not on an earlier night than the evidence %s", name, d.ID, ev[0].ID)
			}
		}
	case KindWho:
		if ev[0].SenderName != q.Answer {
			t.Errorf("%s: answer %q, but %s said it", name, q.Answer, ev[0].SenderName)
		}
	case KindParaphrase:
		if !strings.HasPrefix(q.Answer, ev[0].SenderName+":") {
			t.Errorf("%s: answer %q, but %s said it", name, q.Answer, ev[0].SenderName)
		}
		checkParaphrase(t, q, ev, name)
	case KindTemporal:
		checkWhen(t, c, q, ev, ds, name)
	}
}

// checkValues checks that each value a question plants is in its evidence
// and in no other message of its group.
func checkValues(t *testing.T, c *chat, q Question, name string) {
	t.Helper()
	for _, v := range q.values {
		found := false
		for i, m := range c.msgs {
			if !mentions(c.lower[i], strings.ToLower(v)) {
				continue
			}
			if slices.Contains(q.Evidence, m.ID) {
				found = true
			} else {
				t.Errorf("%s: value %q is also in %s: %q", name, v, m.ID, m.Content)
			}
		}
		if !found {
			t.Errorf("%s: value %q is in none of its evidence", name, v)
		}
	}
}

// mentions reports whether text holds v not as part of a longer word
// ("austin" is not in "exhausting"; Han text has no word bounds, so any
// occurrence counts).
func mentions(text, v string) bool {
	for i := 0; ; {
		k := strings.Index(text[i:], v)
		if k < 0 {
			return false
		}
		start, end := i+k, i+k+len(v)
		before, _ := utf8.DecodeLastRuneInString(text[:start])
		after, _ := utf8.DecodeRuneInString(text[end:])
		if !wordRune(before) && !wordRune(after) {
			return true
		}
		i = start + 1
	}
}

func wordRune(r rune) bool {
	return r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r))
}

// checkParaphrase checks that a paraphrase shares no keyword with its
// evidence, sender name included.
func checkParaphrase(t *testing.T, q Question, ev []groupmem.Message, name string) {
	t.Helper()
	words := map[string]bool{}
	for _, w := range keyword.Tokens(q.Text) {
		words[w] = true
	}
	for _, m := range ev {
		for _, w := range keyword.Tokens(m.SenderName + " " + m.Content) {
			if words[w] {
				t.Errorf("%s shares %q with its evidence %s: %s: %q", name, w, m.ID, m.SenderName, m.Content)
			}
		}
	}
}

// checkWhen checks that a temporal question's time words take in its
// evidence and none of its look-alikes; relative words are counted from
// when the questions are asked.
func checkWhen(t *testing.T, c *chat, q Question, ev, ds []groupmem.Message, name string) {
	t.Helper()
	w := q.when
	if w == nil {
		t.Fatalf("%s: no time words recorded", name)
	}
	day := func(m groupmem.Message) time.Time {
		y, mo, d := m.SentAt.Date()
		return time.Date(y, mo, d, 0, 0, 0, 0, m.SentAt.Location())
	}
	in := func(d time.Time) bool { return !d.Before(w.from) && d.Before(w.to) }
	if !in(day(ev[0])) {
		t.Errorf("%s: evidence on %s, outside [%s, %s)", name, day(ev[0]).Format(time.DateOnly), w.from.Format(time.DateOnly), w.to.Format(time.DateOnly))
	}
	for _, d := range ds {
		if in(day(d)) {
			t.Errorf("%s: look-alike %s on %s is in [%s, %s) too", name, d.ID, day(d).Format(time.DateOnly), w.from.Format(time.DateOnly), w.to.Format(time.DateOnly))
		}
	}
	switch w.code {
	case "date", "part":
	case "before", "after":
		if len(ev) != 2 {
			t.Fatalf("%s: %d evidence, want the event and its anchor", name, len(ev))
		}
		if a := day(ev[1]); (w.code == "before" && !a.Equal(w.to)) || (w.code == "after" && !a.AddDate(0, 0, 1).Equal(w.from)) {
			t.Errorf("%s: anchor on %s does not bound [%s, %s)", name, a.Format(time.DateOnly), w.from.Format(time.DateOnly), w.to.Format(time.DateOnly))
		}
	case "lastweekday":
		from, to := expectWindow(t, "lastweek", c.AskedAt)
		if !(!w.from.Before(from) && w.from.Before(to)) || !w.to.Equal(w.from.AddDate(0, 0, 1)) {
			t.Errorf("%s: %s is not one day of last week", name, w.from.Format(time.DateOnly))
		}
		if !strings.Contains(q.Text, english.cal.weekday(w.from.Weekday())) && !strings.Contains(q.Text, chinese.cal.weekday(w.from.Weekday())) {
			t.Errorf("%s: does not name %s", name, w.from.Weekday())
		}
	default:
		from, to := expectWindow(t, w.code, c.AskedAt)
		if !from.Equal(w.from) || !to.Equal(w.to) {
			t.Errorf("%s: %s means [%s, %s) asked at %s, not [%s, %s)", name, w.code, from.Format(time.DateOnly), to.Format(time.DateOnly),
				c.AskedAt.Format(time.DateTime), w.from.Format(time.DateOnly), w.to.Format(time.DateOnly))
		}
		if !strings.Contains(q.Text, english.cal.rel[w.code]) && !strings.Contains(q.Text, chinese.cal.rel[w.code]) {
			t.Errorf("%s: does not say %s", name, w.code)
		}
	}
}

// expectWindow says, apart from the generator, what relative time words
// mean asked at asked: the days [from, to).
func expectWindow(t *testing.T, code string, asked time.Time) (from, to time.Time) {
	t.Helper()
	y, m, d := asked.Date()
	day := func(n int) time.Time { return time.Date(y, m, d+n, 0, 0, 0, 0, asked.Location()) }
	monday := 0
	for day(monday).Weekday() != time.Monday {
		monday--
	}
	switch code {
	case "yesterday":
		return day(-1), day(0)
	case "daybefore":
		return day(-2), day(-1)
	case "lastweek":
		return day(monday - 7), day(monday)
	case "weekbeforelast":
		return day(monday - 14), day(monday - 7)
	case "twoweeksago":
		return day(-17), day(-10)
	case "lastmonth":
		return time.Date(y, m-1, 1, 0, 0, 0, 0, asked.Location()), time.Date(y, m, 1, 0, 0, 0, 0, asked.Location())
	}
	t.Fatalf("unknown relative time words %q", code)
	return
}

func TestExpectWindow(t *testing.T) {
	zone := time.FixedZone("UTC+08:00", 8*3600)
	asked := time.Date(2026, 3, 4, 10, 0, 0, 0, zone) // a Wednesday
	for _, tc := range []struct{ code, from, to string }{
		{"yesterday", "2026-03-03", "2026-03-04"},
		{"daybefore", "2026-03-02", "2026-03-03"},
		{"lastweek", "2026-02-23", "2026-03-02"},
		{"weekbeforelast", "2026-02-16", "2026-02-23"},
		{"twoweeksago", "2026-02-15", "2026-02-22"},
		{"lastmonth", "2026-02-01", "2026-03-01"},
	} {
		from, to := expectWindow(t, tc.code, asked)
		gf, gt := relWindow(tc.code, asked)
		if from.Format(time.DateOnly) != tc.from || to.Format(time.DateOnly) != tc.to || !from.Equal(gf) || !to.Equal(gt) {
			t.Errorf("%s: test says [%s, %s), generator [%s, %s), want [%s, %s)", tc.code, from.Format(time.DateOnly), to.Format(time.DateOnly),
				gf.Format(time.DateOnly), gt.Format(time.DateOnly), tc.from, tc.to)
		}
	}
}

// The relative time words are asked: each of them somewhere in the set.
func TestRelativeTimeWordsAreAsked(t *testing.T) {
	codes := map[string]int{}
	for _, q := range Generate(1).Questions {
		if q.when != nil {
			codes[q.when.code]++
		}
	}
	for _, code := range append([]string{"date", "part", "before", "after", "lastweekday"}, relCodes...) {
		if codes[code] == 0 {
			t.Errorf("no temporal question uses %s (used: %v)", code, codes)
		}
	}
}

func BenchmarkGenerate(b *testing.B) {
	for b.Loop() {
		Generate(1)
	}
}

func TestArticle(t *testing.T) {
	for v, want := range map[string]string{"ER nurse": "an", "iPhone 15": "an", "OnePlus 12": "a", "beagle": "a", "Arsenal": "an", "Honda Civic": "a"} {
		if got := article(v); got != want {
			t.Errorf("article(%q) = %q, want %q", v, got, want)
		}
	}
}
