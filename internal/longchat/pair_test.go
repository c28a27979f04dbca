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

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/demo"
)

// parsePair parses a pair chat and checks what every chat must be: two
// members, 18–26 days 2–20 days apart over four to eight months, 16–40
// messages a day, 450 messages or more, asked the morning after.
func parsePair(t *testing.T, g Group) []groupmem.Message {
	t.Helper()
	c, err := demo.ParseChat(bytes.NewReader(g.Transcript))
	if err != nil {
		t.Fatalf("%s: %v", g.ID, err)
	}
	if c.GroupID != g.ID {
		t.Fatalf("%s: transcript of group %s", g.ID, c.GroupID)
	}
	if len(c.Members) != 2 {
		t.Errorf("%s: %d members, want 2", g.ID, len(c.Members))
	}
	if n := len(c.Days); n < pairMinSessions || n > pairMaxSessions {
		t.Errorf("%s: %d days, want 18–26", g.ID, n)
	}
	for i, d := range c.Days {
		if n := len(d.Messages); n < pairMinLines || n > pairMaxLines {
			t.Errorf("%s: %s has %d messages, want 16–40", g.ID, d.Date.Format(time.DateOnly), n)
		}
		if i > 0 {
			if gap := int(d.Date.Sub(c.Days[i-1].Date).Hours()/24 + 0.5); gap < pairMinGap || gap > pairMaxGap {
				t.Errorf("%s: %s is %d days after the day before", g.ID, d.Date.Format(time.DateOnly), gap)
			}
		}
		senders := map[string]bool{}
		for _, m := range d.Messages {
			senders[m.SenderID] = true
		}
		if len(senders) != 2 {
			t.Errorf("%s: on %s only %v write", g.ID, d.Date.Format(time.DateOnly), senders)
		}
	}
	first, last := c.Days[0].Date, c.Days[len(c.Days)-1].Date
	if span := last.Sub(first).Hours() / 24; span < 120 || span > 245 {
		t.Errorf("%s: spans %.0f days, want four to eight months", g.ID, span)
	}
	if want := last.AddDate(0, 0, 1).Add(10 * time.Hour); !g.AskedAt.Equal(want) {
		t.Errorf("%s: asked at %v, want %v", g.ID, g.AskedAt, want)
	}
	msgs := c.Messages()
	if len(msgs) < 450 {
		t.Errorf("%s: %d messages, want 450 or more", g.ID, len(msgs))
	}
	return msgs
}

func TestPairsAreDeterministic(t *testing.T) {
	a, b := Pairs(1), Pairs(1)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("Pairs(1) twice gave different chats")
	}
	if !reflect.DeepEqual(PairQuestions(1), PairQuestions(1)) {
		t.Fatal("PairQuestions(1) twice gave different questions")
	}
	c := Pairs(2)
	for i := range a {
		if a[i].ID != c[i].ID {
			t.Errorf("chat %d: ids %s and %s for seeds 1 and 2", i, a[i].ID, c[i].ID)
		}
		if bytes.Equal(a[i].Transcript, c[i].Transcript) {
			t.Errorf("%s: seeds 1 and 2 gave the same transcript", a[i].ID)
		}
	}
}

func TestPairChats(t *testing.T) {
	generated := map[string]bool{}
	for _, g := range Generate(1).Groups {
		generated[g.ID] = true
	}
	validID := regexp.MustCompile(`^[A-Za-z0-9-]+$`)
	for _, seed := range []int64{1, 2, 3, 4, 5} {
		gs := Pairs(seed)
		splits, ids, names := map[string]int{}, map[string]bool{}, map[string]string{}
		for _, g := range gs {
			if !validID.MatchString(g.ID) || !strings.HasPrefix(g.ID, "lc-pair-") {
				t.Errorf("seed %d: bad id %q", seed, g.ID)
			}
			if ids[g.ID] || generated[g.ID] {
				t.Errorf("seed %d: id %s taken twice", seed, g.ID)
			}
			ids[g.ID] = true
			splits[g.Split]++
			if g.Lang != "en" {
				t.Errorf("%s: lang %q", g.ID, g.Lang)
			}
			msgs := parsePair(t, g)
			c, _ := demo.ParseChat(bytes.NewReader(g.Transcript))
			for _, m := range c.Members {
				if other, dup := names[m.Name]; dup {
					t.Errorf("seed %d: %s is in %s and %s", seed, m.Name, other, g.ID)
				}
				names[m.Name] = g.ID
			}
			checkPairFacts(t, g, msgs)
		}
		if len(gs) != 21 || splits["test"] != 4 || splits["train"] != 17 {
			t.Errorf("seed %d: %d chats, splits %v; want 21, 4 test and 17 train", seed, len(gs), splits)
		}
	}
}

// checkPairFacts checks a chat's planted facts: 40–70 of them, in chat
// order, each value in its message and in no other, and no talk line said
// more than three times.
func checkPairFacts(t *testing.T, g Group, msgs []groupmem.Message) {
	t.Helper()
	byID := map[string]int{}
	for i, m := range msgs {
		byID[m.ID] = i
	}
	if n := len(g.Facts); n < pairMinFacts || n > pairMaxFacts {
		t.Errorf("%s: %d facts, want 40–70", g.ID, n)
	}
	planted := map[string]bool{}
	prev := -1
	for _, f := range g.Facts {
		i, ok := byID[f.ID]
		if !ok {
			t.Errorf("%s: fact %s is no message", g.ID, f.ID)
			continue
		}
		if i <= prev {
			t.Errorf("%s: fact %s out of order", g.ID, f.ID)
		}
		prev = i
		planted[f.ID] = true
		if f.Value == "" || !(f.Kind == "event" || f.Kind == "plan" || strings.HasPrefix(f.Kind, "fact/")) {
			t.Errorf("%s: fact %s is %q %q", g.ID, f.ID, f.Kind, f.Value)
		}
		v := strings.ToLower(f.Value)
		for _, m := range msgs {
			if in := strings.Contains(strings.ToLower(m.Content), v); in != (m.ID == f.ID) {
				t.Errorf("%s: value %q of %s: in %s %q is %v", g.ID, f.Value, f.ID, m.ID, m.Content, in)
			}
		}
	}
	said := map[string]int{}
	for _, m := range msgs {
		if !planted[m.ID] {
			said[m.Content]++
		}
	}
	for text, n := range said {
		if n > pairMaxRepeat {
			t.Errorf("%s: %q said %d times", g.ID, text, n)
		}
	}
}

func TestPairQuestions(t *testing.T) {
	for _, seed := range []int64{1, 2} {
		gs, qs := Pairs(seed), PairQuestions(seed)
		byGroup := map[string]Group{}
		for _, g := range gs {
			byGroup[g.ID] = g
		}
		asked := map[string]bool{}
		for _, q := range qs {
			g, ok := byGroup[q.Group]
			if !ok {
				t.Fatalf("question %q of no chat %s", q.Text, q.Group)
			}
			if q.Text == "" || strings.TrimSpace(q.Answer) == "" || strings.Contains(q.Text, "{") {
				t.Errorf("%s: question %q, answer %q", q.Group, q.Text, q.Answer)
			}
			if q.Kind != KindSingle && q.Kind != KindTemporal {
				t.Errorf("%s: %q is of kind %s", q.Group, q.Text, q.Kind)
			}
			if len(q.Evidence) != 1 {
				t.Errorf("%s: %q has evidence %v", q.Group, q.Text, q.Evidence)
				continue
			}
			i := slices.IndexFunc(g.Facts, func(f Fact) bool { return f.ID == q.Evidence[0] })
			if i < 0 {
				t.Errorf("%s: %q: evidence %s is no planted message", q.Group, q.Text, q.Evidence[0])
				continue
			}
			if (g.Facts[i].Kind == "event") != (q.Kind == KindTemporal) {
				t.Errorf("%s: %q is %s, its fact %s", q.Group, q.Text, q.Kind, g.Facts[i].Kind)
			}
			asked[q.Group+"/"+q.Evidence[0]] = true
		}
		for _, g := range gs {
			for _, f := range g.Facts {
				if !asked[g.ID+"/"+f.ID] {
					t.Errorf("%s: fact %s (%s) is not asked", g.ID, f.ID, f.Value)
				}
			}
		}
	}
}

// TestPairStats logs what the chats of seed 1 hold.
func TestPairStats(t *testing.T) {
	for _, g := range Pairs(1) {
		c, err := demo.ParseChat(bytes.NewReader(g.Transcript))
		if err != nil {
			t.Fatal(err)
		}
		kinds := map[string]int{}
		for _, f := range g.Facts {
			k, _, _ := strings.Cut(f.Kind, "/")
			kinds[k]++
		}
		t.Log(fmt.Sprintf("%s (%s): %d messages, %d sessions, %d facts %v", g.ID, g.Split, len(c.Messages()), len(c.Days), len(g.Facts), kinds))
	}
}
