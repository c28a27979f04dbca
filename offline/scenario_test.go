package offline_test

import (
	"bytes"
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

// line is one message of a scenario, with what it is about.
type line struct {
	week, day int // day 0 is a Monday
	at        string
	who       string
	text      string
	topic     string // a habit, or "noise" or "oneoff"
}

// The topics of the board-game scenario.
const (
	topicGames = "games" // Thursday board game night: every week
	topicHike  = "hike"  // Saturday hike: every week
	topicBook  = "book"  // Sunday book club: on Zoom, moved to Discord in week 4
	topicQuiz  = "quiz"  // Wednesday pub quiz: weeks 1 and 2 only, then never again
	noiseTopic = "noise"
	oneOff     = "oneoff"
)

// boardGameClub is a second scenario, worded unlike the bundled chat: an
// English-speaking club with other members, habits and noise.
func boardGameClub() []line {
	var ls []line
	add := func(week, day int, at, who, text, topic string) {
		ls = append(ls, line{week, day, at, who, text, topic})
	}
	for w := 0; w < 6; w++ {
		// Noise, every week in some form.
		add(w, 0, "08:01", "dana", []string{"gm", "morning all", "gm folks", "good morning!", "gm", "morning"}[w], noiseTopic)
		add(w, 0, "08:03", "tom", []string{"👍", "[GIF]", "haha same", "ok", "lol", ":wave:"}[w], noiseTopic)
		add(w, 1, "12:00", "sven", "/dice 2d6", noiseTopic)
		add(w, 1, "12:00", "raven_bot", fmt.Sprintf("Sven rolled %d", 3+w), noiseTopic)
		add(w, 4, "17:30", "aiko", []string{"brb", "thanks!!", "lmao", "yep", "nope", "haha"}[w], noiseTopic)

		// Thursday board game night.
		add(w, 3, "10:15", "marco", []string{
			"Board game night at my place this Thursday, who's in?",
			"Board game night tonight, I'll set up Wingspan",
			"Board game night is on, doors open at 7",
			"Thursday board game night as usual, 7pm at Marco's, bring snacks",
			"Board game night tonight! New expansion arrived",
			"Board game night at 7, last one before the holidays",
		}[w], topicGames)
		add(w, 3, "10:20", []string{"sven", "priya", "aiko", "sven", "dana", "priya"}[w], []string{
			"I'm in for board game night, bringing Catan",
			"count me in for board game night",
			"board game night, finally! I'll bring chips",
			"in for board game night, I call dibs on the red meeples",
			"board game night yes please",
			"wouldn't miss board game night",
		}[w], topicGames)
		add(w, 4, "09:00", []string{"priya", "sven", "marco", "aiko", "sven", "tom"}[w], []string{
			"Great board game night, Sven won Catan again",
			"Fun board game night, Wingspan is a keeper",
			"board game night ran until 1am, worth it",
			"Best board game night so far, thanks Marco",
			"board game night recap: Priya crushed everyone",
			"lovely board game night everyone",
		}[w], topicGames)

		// Saturday hike.
		add(w, 4, "19:00", "priya", []string{
			"Saturday hike: trailhead parking at 8am, bring water",
			"Hike tomorrow morning, same trailhead at 8am",
			"Saturday hike is on, forecast says sunny",
			"Saturday hike at 8am as always, meet at the trailhead",
			"Hike tomorrow, trailhead at 8am, the ridge loop",
			"Saturday hike, 8am trailhead, last big loop of the season",
		}[w], topicHike)
		add(w, 5, "13:00", []string{"tom", "dana", "tom", "marco", "dana", "aiko"}[w], []string{
			"The hike was muddy but worth it [photo]",
			"great hike today, my legs are done",
			"hike photos are up in the album",
			"what a hike, saw a deer on the ridge",
			"hike done, 14 km today",
			"final hike of the season, thanks Priya",
		}[w], topicHike)

		// Sunday book club: Zoom until week 3, Discord after.
		if w < 3 {
			add(w, 6, "18:00", "aiko", []string{
				"Book club every Sunday at 8pm on Zoom, link in the pinned message",
				"Book club tonight at 8pm on Zoom, we're on chapter 5",
				"Book club on Zoom at 8pm, finishing the novel tonight",
			}[w], topicBook)
		} else {
			add(w, 6, "18:00", "aiko", []string{
				"Book club tonight at 8pm on Discord, new book starts",
				"Book club on Discord at 8pm, chapters 3 and 4",
				"Book club tonight 8pm on Discord, last session",
			}[w-3], topicBook)
		}
		add(w, 6, "21:30", []string{"dana", "priya", "tom", "dana", "marco", "priya"}[w], []string{
			"Good book club discussion tonight",
			"book club was fun, can't wait for the ending",
			"book club done, next book vote on Monday",
			"book club on Discord worked great",
			"nice book club, Discord voice is way better",
			"great last book club session",
		}[w], topicBook)
	}
	// The book club moves: announced on Monday of week 4 and confirmed.
	add(3, 0, "10:00", "aiko", "Book club moved to Discord from now on, same time Sunday 8pm", topicBook)
	add(3, 0, "10:05", "dana", "see you on Discord for book club then", topicBook)

	// Wednesday pub quiz: weeks 1 and 2, then never again.
	add(0, 0, "18:00", "sven", "Pub quiz at The Fox on Wednesday, team name ideas?", topicQuiz)
	add(0, 2, "18:30", "tom", "Pub quiz tonight 8pm at The Fox, I'll grab a table", topicQuiz)
	add(0, 3, "08:30", "sven", "We came second at the pub quiz! So close", topicQuiz)
	add(1, 2, "18:30", "sven", "Pub quiz tonight at The Fox, 8pm, same team", topicQuiz)
	add(1, 3, "08:40", "tom", "Pub quiz was brutal, the music round killed us", topicQuiz)

	// One-off topics.
	add(1, 0, "11:00", "marco", "My car broke down on the highway this morning", oneOff)
	add(1, 0, "11:05", "dana", "oh no, do you need a ride to work?", oneOff)
	add(1, 0, "11:07", "marco", "tow truck is coming, all good", oneOff)
	add(2, 1, "15:00", "tom", "The neighbours' puppy got into our garden!! Total chaos [photo]", oneOff)
	add(2, 1, "15:02", "priya", "haha that puppy is adorable, what breed?", oneOff)
	add(2, 1, "15:04", "tom", "Beagle mix, she chewed the garden hose already", oneOff)
	add(3, 0, "16:00", "sven", "Anyone selling a used bike? Mine got stolen", oneOff)
	add(3, 1, "09:00", "dana", "Sven there is a used bike on marketplace near you", oneOff)
	add(4, 4, "12:00", "aiko", "Got concert tickets for the Radiohead tribute band", oneOff)
	add(4, 5, "10:00", "aiko", "concert was amazing last night", oneOff)
	return ls
}

// chatOf turns lines into a chat starting on Monday 4 January 2027, in UTC.
func chatOf(t *testing.T, group string, ls []line) (*demo.Chat, map[string]string) {
	t.Helper()
	start := time.Date(2027, 1, 4, 0, 0, 0, 0, time.UTC)
	if start.Weekday() != time.Monday {
		t.Fatal("the scenario must start on a Monday")
	}
	slices.SortStableFunc(ls, func(a, b line) int {
		return strings.Compare(fmt.Sprintf("%02d%d%s", a.week, a.day, a.at), fmt.Sprintf("%02d%d%s", b.week, b.day, b.at))
	})
	c := &demo.Chat{GroupID: group, Zone: time.UTC}
	topics := map[string]string{}
	seen := map[string]bool{}
	for i, l := range ls {
		date := start.AddDate(0, 0, 7*l.week+l.day)
		if len(c.Days) == 0 || !c.Days[len(c.Days)-1].Date.Equal(date) {
			c.Days = append(c.Days, demo.Day{Date: date})
		}
		clock, err := time.Parse("15:04", l.at)
		if err != nil {
			t.Fatal(err)
		}
		id := fmt.Sprintf("s-%03d", i+1)
		topics[id] = l.topic
		d := &c.Days[len(c.Days)-1]
		d.Messages = append(d.Messages, groupmem.Message{
			GroupID: group, ID: id, SenderID: l.who, SenderName: l.who, Content: l.text,
			SentAt: date.Add(time.Duration(clock.Hour())*time.Hour + time.Duration(clock.Minute())*time.Minute),
		})
		if !seen[l.who] {
			seen[l.who] = true
			c.Members = append(c.Members, demo.Member{ID: l.who, Name: l.who})
		}
	}
	return c, topics
}

// fixedNow is the wall clock of the scenario replays: a week after the
// board-game chat ends, so the chat is not moved.
func fixedNow() time.Time { return time.Date(2027, 2, 16, 12, 0, 0, 0, time.UTC) }

// replay runs the chat through the demo stack (SQLite ledger, in-process
// index and lock, the real worker.Service with the offline evolver) in a
// temporary directory. The story of the replay is logged if the test
// fails.
func replay(t *testing.T, c *demo.Chat, cfg offline.Config) *demo.Env {
	t.Helper()
	var story bytes.Buffer
	t.Cleanup(func() {
		if t.Failed() {
			t.Log("the replay:\n" + story.String())
		}
	})
	env, err := demo.Run(context.Background(), demo.Options{Out: &story, Dir: t.TempDir(), Chat: c, Now: fixedNow, Offline: cfg})
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	t.Cleanup(func() { env.Close() })
	return env
}

// open builds the demo stack for c without replaying anything.
func open(t *testing.T, c *demo.Chat) *demo.Env {
	t.Helper()
	env, err := demo.Open(context.Background(), demo.Options{Dir: t.TempDir(), Chat: c, Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { env.Close() })
	return env
}

// memories returns every version of the group, by status.
func memories(t *testing.T, env *demo.Env) map[groupmem.Status][]groupmem.Memory {
	t.Helper()
	page, err := env.Ledger.Memories(context.Background(), groupmem.MemoryQuery{GroupID: env.GroupID, Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	out := map[groupmem.Status][]groupmem.Memory{}
	for _, m := range page.Memories {
		out[m.Status] = append(out[m.Status], m)
	}
	return out
}

// topicOf returns the topic most of a memory's evidence is about, and the
// topics of all its evidence.
func topicOf(m groupmem.Memory, topics map[string]string) (string, []string) {
	count := map[string]int{}
	var all []string
	best := ""
	for _, id := range m.Evidence {
		tp := topics[id]
		all = append(all, tp)
		count[tp]++
		if best == "" || count[tp] > count[best] {
			best = tp
		}
	}
	return best, all
}

func TestBoardGameClub(t *testing.T) {
	ctx := context.Background()
	c, topics := chatOf(t, "board-game-club", boardGameClub())
	env := replay(t, c, offline.Config{})
	mems := memories(t, env)

	// No memory of any status rests on noise or a one-off topic.
	for _, list := range mems {
		for _, m := range list {
			main, all := topicOf(m, topics)
			if len(m.Evidence) == 0 {
				t.Errorf("memory %q has no evidence", m.Statement)
			}
			for _, tp := range all {
				if tp == noiseTopic || tp == oneOff || tp == "" {
					t.Errorf("memory %q (%s) cites a %q message; evidence %v", m.Statement, m.Status, tp, m.Evidence)
				}
			}
			if main == noiseTopic || main == oneOff {
				t.Errorf("memory %q is about %s", m.Statement, main)
			}
		}
	}

	// Each weekly habit is one active memory; the stopped one is not active.
	active := map[string][]groupmem.Memory{}
	for _, m := range mems[groupmem.StatusActive] {
		tp, _ := topicOf(m, topics)
		active[tp] = append(active[tp], m)
	}
	for _, tp := range []string{topicGames, topicHike, topicBook} {
		if len(active[tp]) != 1 {
			t.Errorf("%d active memories about %s, want 1: %v", len(active[tp]), tp, statementsOf(active[tp]))
		}
	}
	if len(active) != 3 {
		t.Errorf("active memories are about %d topics, want 3 (games, hike, book): %v", len(active), statementsOf(mems[groupmem.StatusActive]))
	}

	// The stopped habit was created, then deleted: deprecated, restorable.
	var quiz []groupmem.Memory
	for _, m := range mems[groupmem.StatusDeprecated] {
		if tp, _ := topicOf(m, topics); tp == topicQuiz {
			quiz = append(quiz, m)
		}
	}
	if len(quiz) != 1 {
		t.Fatalf("%d deleted memories about the pub quiz, want 1; deleted: %v", len(quiz), statementsOf(mems[groupmem.StatusDeprecated]))
	}
	changes, err := env.Ledger.Changes(ctx, groupmem.ChangeQuery{GroupID: env.GroupID, Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	var deletedAt time.Time
	for _, ch := range changes {
		if ch.Action == groupmem.ActionDelete && ch.MemoryID == quiz[0].ID {
			deletedAt = ch.CreatedAt
		}
	}
	// Deleted the night the group had been active on 21 days without it:
	// days without a message do not count.
	lastQuiz := time.Date(2027, 1, 14, 8, 40, 0, 0, time.UTC) // week 2, Thursday
	msgs, err := env.Ledger.MessagesAfter(ctx, env.GroupID, 0, 10000)
	if err != nil {
		t.Fatal(err)
	}
	activeAfter := map[string]bool{}
	for _, m := range msgs {
		if day := m.SentAt.UTC().Format(time.DateOnly); day > lastQuiz.Format(time.DateOnly) && m.SentAt.Before(deletedAt) {
			activeAfter[day] = true
		}
	}
	if len(activeAfter) != 21 {
		t.Errorf("the pub quiz memory was deleted on %s, after %d active days without a mention; want the first night after 21",
			deletedAt.Format(time.DateOnly), len(activeAfter))
	}

	// The book club's host changed: one lineage, updated, Zoom then Discord.
	if len(active[topicBook]) == 1 {
		book := active[topicBook][0]
		lineage, err := env.Ledger.Lineage(ctx, book.ID)
		if err != nil {
			t.Fatal(err)
		}
		checkLineage(t, lineage)
		if !strings.Contains(book.Statement, "Discord") || strings.Contains(book.Statement, "Zoom") {
			t.Errorf("the book club memory says %q; want the new host, Discord", book.Statement)
		}
		if !slices.ContainsFunc(lineage, func(m groupmem.Memory) bool { return strings.Contains(m.Statement, "Zoom") }) {
			t.Errorf("no earlier version of the book club memory names Zoom: %v", statementsOf(lineage))
		}
	}

	// Every run says the offline evolver made it, and every night applied.
	runs, err := env.Ledger.Runs(ctx, groupmem.RunQuery{GroupID: env.GroupID, Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if len(runs) != len(c.Days) {
		t.Errorf("%d runs for %d days", len(runs), len(c.Days))
	}
	for _, r := range runs {
		if r.Model != "offline" || r.PromptVersion != "offline-"+offline.Version || r.Status != groupmem.RunSucceeded {
			t.Errorf("run %s: model %q, prompt version %q, status %s", r.ID, r.Model, r.PromptVersion, r.Status)
		}
	}
}

// checkLineage checks that versions are linked one to the next and that
// only the last is active.
func checkLineage(t *testing.T, lineage []groupmem.Memory) {
	t.Helper()
	if len(lineage) < 2 {
		t.Errorf("the changed fact has %d version(s); want an update (2 or more)", len(lineage))
		return
	}
	for i, m := range lineage {
		wantStatus := groupmem.StatusSuperseded
		if i == len(lineage)-1 {
			wantStatus = groupmem.StatusActive
		}
		if m.Version != i+1 || m.Status != wantStatus || m.LineageID != lineage[0].ID ||
			(i > 0 && m.ParentID != lineage[i-1].ID) {
			t.Errorf("version %d of the lineage: version %d, status %s, parent %q (want %q)", i+1, m.Version, m.Status, m.ParentID, lineage[max(i-1, 0)].ID)
		}
	}
}

func statementsOf(ms []groupmem.Memory) []string {
	var out []string
	for _, m := range ms {
		out = append(out, fmt.Sprintf("%q (%s)", m.Statement, m.Status))
	}
	return out
}

// activeTopics returns the topics of a group's active memories, sorted,
// and fails the test when any memory rests on noise or a one-off.
func activeTopics(t *testing.T, env *demo.Env, topics map[string]string) []string {
	t.Helper()
	var out []string
	for status, list := range memories(t, env) {
		for _, m := range list {
			main, all := topicOf(m, topics)
			if slices.Contains(all, noiseTopic) || slices.Contains(all, oneOff) {
				t.Errorf("memory %q (%s) rests on noise or a one-off: %v", m.Statement, status, all)
			}
			if status == groupmem.StatusActive {
				out = append(out, main)
			}
		}
	}
	slices.Sort(out)
	return out
}
