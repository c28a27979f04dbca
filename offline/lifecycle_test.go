package offline_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/demo"
	"github.com/groupmem/groupmem/offline"
)

func TestBacklogFusedAtOnce(t *testing.T) {
	// A group's first run over six weeks of backlog: the weekly habits
	// become memories; the pub quiz, which stopped four weeks ago, does not.
	c, topics := chatOf(t, "backlog", boardGameClub())
	env := open(t, c)
	last := c.Days[len(c.Days)-1]
	n, err := env.ReplayDay(context.Background(), demo.Day{Date: last.Date, Messages: c.Messages()})
	if err != nil {
		t.Fatal(err)
	}
	if n.Result.Status != groupmem.RunSucceeded || n.Result.Messages != len(c.Messages()) {
		t.Fatalf("the backlog run: status %s, %d messages fused of %d", n.Result.Status, n.Result.Messages, len(c.Messages()))
	}
	got := activeTopics(t, env, topics)
	if want := []string{topicBook, topicGames, topicHike}; !slices.Equal(got, want) {
		t.Errorf("active memories are about %v, want %v", got, want)
	}
}

func TestMassDeletionGoesToReview(t *testing.T) {
	// Four habits, all last mentioned on the same Friday; afterwards the
	// group only greets. Three weeks later the evolver would delete all
	// four at once: package evolve's deletion guard refuses that, as it
	// would refuse a model's answer, and the run waits for a person.
	var ls []line
	habits := []struct{ topic, a, b string }{
		{"yoga", "Morning yoga session on the terrace every Monday at 7am", "yoga on the terrace every Monday at 7am was lovely"},
		{"run", "Lunch run around the lake every Wednesday, meet at the gate", "lunch run around the lake every Wednesday done, 5 km"},
		{"guitar", "Guitar practice every Friday at 8pm, bring your capo", "guitar practice every Friday at 8pm went well, new chords learned"},
		{"movie", "Movie night on the projector every Sunday at 9pm, popcorn ready", "movie night every Sunday at 9pm was great, next pick is mine"},
	}
	for _, h := range habits {
		for _, day := range []int{0, 2, 4} {
			ls = append(ls, line{0, day, "09:00", "ana", h.a, h.topic}, line{0, day, "18:00", "ben", h.b, h.topic})
		}
		ls = append(ls, line{1, 4, "09:00", "ana", h.a, h.topic}, line{1, 4, "18:00", "ben", h.b, h.topic})
	}
	for d := 7; d < 42; d++ {
		ls = append(ls, line{d / 7, d % 7, "08:00", "cat", []string{"gm", "morning!", "lol", "👍"}[d%4], noiseTopic})
	}
	c, _ := chatOf(t, "mass-deletion", ls)
	env := replay(t, c, offline.Config{})

	lastMention := time.Date(2027, 1, 15, 18, 0, 0, 0, time.UTC)
	reviews := 0
	for _, n := range env.Nights {
		if n.At.Sub(lastMention) < 21*24*time.Hour {
			if n.Result.Status != groupmem.RunSucceeded {
				t.Errorf("night %s: status %s before the habits went stale", n.At, n.Result.Status)
			}
			continue
		}
		reviews++
		if n.Result.Status != groupmem.RunReview {
			t.Errorf("night %s: status %s; want review (four of four memories to delete)", n.At, n.Result.Status)
		}
	}
	if reviews == 0 {
		t.Fatal("the chat ends before the habits went stale")
	}
	mems := memories(t, env)
	if len(mems[groupmem.StatusActive]) != 4 || len(mems[groupmem.StatusDeprecated]) != 0 {
		t.Errorf("%d active and %d deleted memories; want the four habits untouched", len(mems[groupmem.StatusActive]), len(mems[groupmem.StatusDeprecated]))
	}
	runs, err := env.Ledger.Runs(context.Background(), groupmem.RunQuery{GroupID: env.GroupID, Limit: 1})
	if err != nil {
		t.Fatal(err)
	}
	if runs[0].Status != groupmem.RunReview || !strings.Contains(runs[0].Error, "delete 4") {
		t.Errorf("the last run: status %s, error %q; want review saying it would delete 4", runs[0].Status, runs[0].Error)
	}
}

func TestRestoredMemoryStaysOnlyWhenPinned(t *testing.T) {
	for _, pin := range []bool{false, true} {
		t.Run(fmt.Sprintf("pin=%v", pin), func(t *testing.T) {
			ctx := context.Background()
			c, topics := chatOf(t, "restore", boardGameClub())
			env := open(t, c)
			quiz := ""
			for _, d := range c.Days {
				n, err := env.ReplayDay(ctx, d)
				if err != nil {
					t.Fatal(err)
				}
				for _, ch := range n.Result.Changes {
					if ch.Action != groupmem.ActionDelete || quiz != "" {
						continue
					}
					m, err := env.Ledger.Memory(ctx, ch.MemoryID)
					if err != nil {
						t.Fatal(err)
					}
					if tp, _ := topicOf(m, topics); tp != topicQuiz {
						t.Fatalf("the evolver deleted %q, not the pub quiz", m.Statement)
					}
					quiz = m.ID
					if _, err := env.Service.Restore(ctx, quiz, "moderator"); err != nil {
						t.Fatal(err)
					}
					if pin {
						if _, err := env.Service.SetStrength(ctx, quiz, 1, "moderator"); err != nil {
							t.Fatal(err)
						}
					}
				}
			}
			if quiz == "" {
				t.Fatal("the pub quiz memory was never deleted")
			}
			m, err := env.Ledger.Memory(ctx, quiz)
			if err != nil {
				t.Fatal(err)
			}
			want := groupmem.StatusDeprecated // restored, still unsupported: deleted again
			if pin {
				want = groupmem.StatusActive
			}
			if m.Status != want {
				t.Errorf("the restored pub quiz memory is %s at the end; want %s", m.Status, want)
			}
		})
	}
}

func TestQuietGroupKeepsItsMemories(t *testing.T) {
	// Four habits over three weeks, then the group falls silent for four
	// weeks and comes back with a greeting. Memories fade and expire by
	// the days the group is active, so the greeting's night finds the
	// habits as the group left them; three more active weeks without them
	// end them (deleted, or held for review when all would go at once).
	ls, habits := quietHabits()
	before := memories(t, replay(t, chat(t, "quiet-before", ls), offline.Config{}))[groupmem.StatusActive]
	if len(before) < len(habits)-1 {
		t.Fatalf("after three weeks: %d active memories, want (nearly) the %d habits: %v", len(before), len(habits), statementsOf(before))
	}
	back := append(slices.Clone(ls), line{7, 0, "10:00", "cat", "happy new year everyone!", noiseTopic})
	after := memories(t, replay(t, chat(t, "quiet-back", back), offline.Config{}))
	if len(after[groupmem.StatusActive]) != len(before) || len(after[groupmem.StatusDeprecated]) != 0 {
		t.Fatalf("after four quiet weeks and a greeting: active %v, deleted %v; want every habit kept",
			statementsOf(after[groupmem.StatusActive]), statementsOf(after[groupmem.StatusDeprecated]))
	}
	// The replay moves each chat to end near its clock, so statements
	// carry other dates: compare the strengths.
	strengths := func(ms []groupmem.Memory) []float64 {
		var out []float64
		for _, m := range ms {
			out = append(out, m.Strength)
		}
		slices.Sort(out)
		return out
	}
	if b, a := strengths(before), strengths(after[groupmem.StatusActive]); !slices.Equal(b, a) {
		t.Errorf("strengths changed over the quiet weeks: before %v, after %v", b, a)
	}

	for d := 1; d <= 22; d++ {
		back = append(back, line{7 + d/7, d % 7, "10:00", "cat", []string{"gm", "morning!", "lol", "nice"}[d%4], noiseTopic})
	}
	env := replay(t, chat(t, "quiet-active", back), offline.Config{})
	end := memories(t, env)
	held := env.Nights[len(env.Nights)-1].Result.Status == groupmem.RunReview
	if len(end[groupmem.StatusActive]) == len(before) && !held {
		t.Errorf("after 22 active days without them the habits stand: %v", statementsOf(end[groupmem.StatusActive]))
	}
}

// quietHabits are four habits, each said on three days a week for three
// weeks, and the habits.
func quietHabits() ([]line, []struct{ topic, a, b string }) {
	var ls []line
	habits := []struct{ topic, a, b string }{
		{"yoga", "Yoga session on the terrace every Monday at 7am, mats are in the shed", "yoga on the terrace every Monday at 7am was lovely, same time next session"},
		{"run", "Lunch run around the lake every Wednesday, meet at the gate", "lunch run around the lake every Wednesday done, 5 km"},
		{"guitar", "Guitar practice every Friday at 8pm, bring your capo", "guitar practice every Friday at 8pm went well, new chords learned"},
		{"movie", "Movie night on the projector every Sunday at 9pm, popcorn ready", "movie night every Sunday at 9pm was great, next pick is mine"},
	}
	for week := range 3 {
		for _, day := range []int{0, 2, 4} {
			for _, h := range habits {
				ls = append(ls, line{week, day, "09:00", "ana", h.a, h.topic}, line{week, day, "18:00", "ben", h.b, h.topic})
			}
		}
	}
	return ls, habits
}

func TestLongSilenceKeepsMemories(t *testing.T) {
	// The group falls silent for twenty weeks, longer than the four times
	// WindowDays a run reads back, and comes back: memories fade by the
	// days the group is active, so none has expired over the silence.
	ls, habits := quietHabits()
	before := memories(t, replay(t, chat(t, "silence-before", ls), offline.Config{}))[groupmem.StatusActive]
	if len(before) < len(habits)-1 {
		t.Fatalf("after three weeks: %d active memories, want (nearly) the %d habits: %v", len(before), len(habits), statementsOf(before))
	}
	back := append(slices.Clone(ls), line{23, 0, "10:00", "cat", "happy new year everyone!", noiseTopic},
		line{23, 1, "10:00", "cat", "good to be back, what did I miss", noiseTopic})
	env := replay(t, chat(t, "silence-back", back), offline.Config{})
	for _, n := range env.Nights[len(env.Nights)-2:] {
		if n.Result.Status != groupmem.RunSucceeded {
			t.Errorf("night %s after the silence: status %s, want succeeded (nothing to delete, nothing held for review)", n.At, n.Result.Status)
		}
	}
	after := memories(t, env)
	if len(after[groupmem.StatusActive]) != len(before) || len(after[groupmem.StatusDeprecated]) != 0 {
		t.Fatalf("after twenty quiet weeks: active %v, deleted %v; want every habit kept",
			statementsOf(after[groupmem.StatusActive]), statementsOf(after[groupmem.StatusDeprecated]))
	}
}

// chat is the chat of ls, without its topics.
func chat(t *testing.T, group string, ls []line) *demo.Chat {
	c, _ := chatOf(t, group, ls)
	return c
}
