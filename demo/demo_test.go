package demo_test

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/demo"
	"github.com/groupmem/groupmem/offline"
)

// now is the wall clock of the tests: the Tuesday after the sample chat
// ends, so the chat is not moved.
func now() time.Time { return time.Date(2026, 10, 20, 12, 0, 0, 0, time.UTC) }

// habits of the sample chat, each known by a word every message about it
// has.
var habitWords = map[string]string{
	"breakfast": "早餐", "review": "review", "meeting": "周会", "anime": "新番", "badminton": "羽毛球",
}

// habitOf returns the habit a text is about, or "".
func habitOf(text string) string {
	for h, w := range habitWords {
		if strings.Contains(strings.ToLower(text), w) {
			return h
		}
	}
	return ""
}

func TestRunSampleChat(t *testing.T) {
	ctx := context.Background()
	var out bytes.Buffer
	env, err := demo.Run(ctx, demo.Options{Out: &out, Dir: t.TempDir(), Now: now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { env.Close() })
	story := out.String()
	t.Cleanup(func() {
		if t.Failed() {
			t.Log("the story:\n" + story)
		}
	})

	// The story has its sections, in order, and a line per night.
	at := 0
	for _, h := range []string{demo.HeadingNights, demo.HeadingMemories, demo.HeadingDeleted, demo.HeadingHistory, demo.HeadingSearch} {
		i := strings.Index(story[at:], "== "+h+" ==")
		if i < 0 {
			t.Fatalf("the story lacks the section %q after byte %d", h, at)
		}
		at += i
	}
	if got, want := len(regexp.MustCompile(`(?m)^\d{4}-\d\d-\d\d \w{3} 03:00 `).FindAllString(story, -1)), len(env.Chat.Days); got != want {
		t.Errorf("the story tells %d nights; the chat has %d days", got, want)
	}
	// Strength changes are news only when a memory moves a band: a habit
	// keeping its weekly rhythm does not fade between its weeks.
	if n := strings.Count(story, "· strength changed on"); n > 8 {
		t.Errorf("the story shows strength changes on %d of %d nights; want a few (at most 8)", n, len(env.Chat.Days))
	}
	for _, want := range []string{"evolver: offline", "\n  + ", "\n  ~ ", "\n  - ", "why: changed:", `"周五晚上一起做什么？"`} {
		if !strings.Contains(story, want) {
			t.Errorf("the story lacks %q", want)
		}
	}

	// Memories: one per recurring habit; the stopped habit deleted; nothing
	// resting on noise or one-off talk.
	page, err := env.Ledger.Memories(ctx, groupmem.MemoryQuery{GroupID: env.GroupID, Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	msgs := map[string]string{}
	for _, m := range env.Chat.Messages() {
		msgs[m.ID] = m.Content
	}
	// Statements read out of context: no first person, no day counted from
	// when a line was said, none is a chat line as it was written (but for
	// case, spaces and closing marks), and each cites its messages.
	said := map[string]string{}
	for _, m := range env.Chat.Messages() {
		said[chatForm(m.Content)] = m.ID
	}
	firstPerson := regexp.MustCompile(`(?i)\b(i|i'm|me|my|we|we're|us|our)\b|我|咱|俺`)
	relative := regexp.MustCompile(`(?i)\b(today|tonight|tomorrow|yesterday|(this|next|last) (week|weekend|month|year|morning|evening|monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b|` +
		`今天|明天|昨天|后天|前天|今晚|明晚|昨晚|今早|明早|这周|下周|上周|本周|这个月|下个月|上个月|今年|明年|去年`)
	for _, m := range page.Memories {
		if m.Status == groupmem.StatusSuperseded {
			continue
		}
		if w := firstPerson.FindString(m.Statement); w != "" {
			t.Errorf("memory %q speaks in the first person (%q)", m.Statement, w)
		}
		if w := relative.FindString(m.Statement); w != "" {
			t.Errorf("memory %q counts days from when it was said (%q)", m.Statement, w)
		}
		if id, ok := said[chatForm(m.Statement)]; ok {
			t.Errorf("memory %q is chat line %s as it was written", m.Statement, id)
		}
		if len(m.Evidence) == 0 {
			t.Errorf("memory %q cites no message", m.Statement)
		}
	}
	active, deleted := map[string][]groupmem.Memory{}, map[string][]groupmem.Memory{}
	var members []string // what members said about themselves
	for _, m := range page.Memories {
		if slices.Contains(m.Tags, offline.TagMember) {
			if m.Status == groupmem.StatusActive {
				members = append(members, m.Statement)
			}
			continue
		}
		for _, id := range m.Evidence {
			if habitOf(msgs[id]) == "" {
				t.Errorf("memory %q cites %s %q, which is about no habit", m.Statement, id, msgs[id])
			}
		}
		switch m.Status {
		case groupmem.StatusActive:
			active[habitOf(m.Statement)] = append(active[habitOf(m.Statement)], m)
		case groupmem.StatusDeprecated:
			deleted[habitOf(m.Statement)] = append(deleted[habitOf(m.Statement)], m)
		}
	}
	count := func(ms map[string][]groupmem.Memory) map[string]int {
		out := map[string]int{}
		for h, list := range ms {
			out[h] = len(list)
		}
		return out
	}
	if diff := cmp.Diff(map[string]int{"breakfast": 1, "review": 1, "meeting": 1, "anime": 1}, count(active)); diff != "" {
		t.Errorf("active memories by habit (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(map[string]int{"badminton": 1}, count(deleted)); diff != "" {
		t.Errorf("deleted memories by habit (-want +got):\n%s", diff)
	}
	// 老张 said he moves house the week after (and asked for boxes): kept
	// as his, with the week as a date, once. Whatever else a member said
	// of their own is kept under their name (小王's laptop of choice, a
	// named thing no one else names).
	var moves []string
	for _, m := range members {
		if !slices.ContainsFunc([]string{"小王", "阿杰", "Lily", "老张", "momo", "Ken"}, func(name string) bool { return strings.HasPrefix(m, name) }) {
			t.Errorf("member memory %q does not say whose it is", m)
		}
		if strings.HasPrefix(m, "老张") {
			moves = append(moves, m)
		}
	}
	if len(moves) != 1 || !strings.Contains(moves[0], "搬家") || strings.Contains(moves[0], "纸箱") {
		t.Errorf("老张's own memories = %q (members' %q); want his move, once, without his question", moves, members)
	}

	// The meeting moved from Wednesday to Thursday: one lineage.
	if len(active["meeting"]) == 1 {
		meeting := active["meeting"][0]
		lineage, err := env.Ledger.Lineage(ctx, meeting.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(lineage) < 2 || !strings.Contains(lineage[0].Statement, "周三") || strings.Contains(lineage[0].Statement, "周四") ||
			!strings.Contains(meeting.Statement, "周四") {
			t.Errorf("the meeting's history does not move it from Wednesday to Thursday: %v", statements(lineage))
		}
		for i := 1; i < len(lineage); i++ {
			if lineage[i].ParentID != lineage[i-1].ID || lineage[i].Version != i+1 || lineage[i-1].Status != groupmem.StatusSuperseded {
				t.Errorf("version %d of the meeting is not linked to version %d", i+1, i)
			}
		}
		// A clearer wording is never one tied to a single evening.
		if strings.Contains(meeting.Statement, "今晚") {
			t.Errorf("the meeting memory reads %q: a line about one evening, not the habit", meeting.Statement)
		}
	}

	// The story's search (hybrid, as the API's) answers a question about
	// Friday night with the Friday habit first: the static embedder puts
	// weekdays next to each other, so the Thursday meeting is as similar,
	// but the keywords the habit shares with the question decide.
	search := story[strings.Index(story, demo.HeadingSearch):]
	lines := strings.Split(search[strings.Index(search, "周五晚上一起做什么？"):], "\n")
	if len(lines) < 2 || habitOf(lines[1]) != "anime" {
		t.Errorf("searching for Friday night answered %q; want the anime memory first", lines[1:min(3, len(lines))])
	}

	// Every run was made by the offline evolver and applied.
	runs, err := env.Ledger.Runs(ctx, groupmem.RunQuery{GroupID: env.GroupID, Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if len(runs) != len(env.Chat.Days) {
		t.Errorf("%d runs for %d days", len(runs), len(env.Chat.Days))
	}
	for _, r := range runs {
		if r.Model != "offline" || r.Status != groupmem.RunSucceeded {
			t.Errorf("run %s: model %q, status %s", r.ID, r.Model, r.Status)
		}
	}
	// After the replay the clock is the wall clock again.
	if !env.Now().Equal(now()) {
		t.Errorf("the Env's clock says %v after the replay; want the wall clock %v", env.Now(), now())
	}
}

func statements(ms []groupmem.Memory) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Statement)
	}
	return out
}

// snapshot is what a user sees of a group's memories: statement, version
// and status of each, sorted.
func snapshot(t *testing.T, env *demo.Env) []string {
	t.Helper()
	page, err := env.Ledger.Memories(context.Background(), groupmem.MemoryQuery{GroupID: env.GroupID, Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range page.Memories {
		out = append(out, fmt.Sprintf("%s v%d %s", m.Status, m.Version, m.Statement))
	}
	slices.Sort(out)
	return out
}

func TestReplayResumesFromTheLedger(t *testing.T) {
	// The evolver keeps nothing between runs: stopping half way, closing
	// everything and carrying on with a new process state over the same
	// ledger file gives what one uninterrupted replay gives.
	ctx := context.Background()
	whole, err := demo.Run(ctx, demo.Options{Dir: t.TempDir(), Now: now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { whole.Close() })

	dir := t.TempDir()
	first, err := demo.Open(ctx, demo.Options{Dir: dir, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	days := first.Chat.Days
	half := len(days) / 2
	for _, d := range days[:half] {
		if _, err := first.ReplayDay(ctx, d); err != nil {
			t.Fatal(err)
		}
	}
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	second, err := demo.Open(ctx, demo.Options{Dir: dir, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { second.Close() })
	for _, d := range second.Chat.Days[half:] {
		if _, err := second.ReplayDay(ctx, d); err != nil {
			t.Fatal(err)
		}
	}
	if diff := cmp.Diff(snapshot(t, whole), snapshot(t, second)); diff != "" {
		t.Errorf("resumed replay differs from the whole one (-whole +resumed):\n%s", diff)
	}
	// The reopened index was rebuilt from the ledger.
	page, err := second.Index.List(ctx, groupmem.MemoryQuery{GroupID: second.GroupID, Status: groupmem.StatusActive, Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	if page.Total != len(slices.DeleteFunc(snapshot(t, second), func(s string) bool { return !strings.HasPrefix(s, "active") })) {
		t.Errorf("the index lists %d active memories; the ledger has others", page.Total)
	}
}

func TestOpenMovesTheChatByWholeWeeks(t *testing.T) {
	sample := demo.Sample()
	lastDay := sample.Days[len(sample.Days)-1].Date
	for _, wall := range []time.Time{
		time.Date(2026, 10, 19, 3, 0, 0, 0, time.FixedZone("", 8*3600)), // the last night itself
		time.Date(2027, 3, 3, 9, 30, 0, 0, time.UTC),
		time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), // before the chat
	} {
		env, err := demo.Open(context.Background(), demo.Options{Dir: t.TempDir(), Now: func() time.Time { return wall }})
		if err != nil {
			t.Fatal(err)
		}
		moved := env.Chat.Days[len(env.Chat.Days)-1].Date
		lastNight := moved.AddDate(0, 0, 1).Add(3 * time.Hour)
		if lastNight.After(wall) || wall.Sub(lastNight) >= 7*24*time.Hour {
			t.Errorf("wall clock %v: the last night is %v; want it within the week before", wall, lastNight)
		}
		if moved.Weekday() != lastDay.Weekday() || env.Chat.Messages()[0].SentAt.Weekday() != sample.Messages()[0].SentAt.Weekday() {
			t.Errorf("wall clock %v: moving the chat changed its weekdays", wall)
		}
		env.Close()
	}
}

func TestSample(t *testing.T) {
	c := demo.Sample()
	msgs := c.Messages()
	if c.GroupID == "" || len(c.Members) < 5 || len(c.Days) < 35 || len(msgs) < 150 {
		t.Fatalf("the sample chat is too small: %d members, %d days, %d messages", len(c.Members), len(c.Days), len(msgs))
	}
	seen := map[string]bool{}
	for i, m := range msgs {
		if seen[m.ID] {
			t.Errorf("message id %s repeats", m.ID)
		}
		seen[m.ID] = true
		if _, err := groupmem.CleanMessage(m); err != nil {
			t.Errorf("message %s: %v", m.ID, err)
		}
		if i > 0 && m.SentAt.Before(msgs[i-1].SentAt) {
			t.Errorf("message %s goes back in time", m.ID)
		}
	}
}

func TestParseChatRejects(t *testing.T) {
	head := "group g\nzone +08:00\nmember a Ann\n"
	tests := []struct{ name, text, want string }{
		{"no group", "zone +08:00\nday 2026-01-01\n09:00 a hi\n", "line 2"},
		{"bad zone", "group g\nzone 8\n", "line 2"},
		{"bad member", "group g\nzone +08:00\nmember a\n", "line 3"},
		{"twice", head + "member a Again\n", "line 4"},
		{"message first", head + "09:00 a hi\n", "line 4"},
		{"bad day", head + "day 2026-13-01\n", "line 4"},
		{"days out of order", head + "day 2026-01-02\n09:00 a x\nday 2026-01-01\n", "line 6"},
		{"unknown member", head + "day 2026-01-01\n09:00 b hi\n", "line 5"},
		{"bad time", head + "day 2026-01-01\n9h a hi\n", "line 5"},
		{"empty text", head + "day 2026-01-01\n09:00 a\n", "line 5"},
		{"backwards", head + "day 2026-01-01\n09:00 a x\n08:00 a y\n", "line 6"},
		{"no day", head, "no group or no day"},
	}
	for _, tt := range tests {
		_, err := demo.ParseChat(strings.NewReader(tt.text))
		if groupmem.ErrorCode(err) != groupmem.EINVALID || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err = %v; want EINVALID mentioning %q", tt.name, err, tt.want)
		}
	}
}

func TestParseChat(t *testing.T) {
	c, err := demo.ParseChat(strings.NewReader("# c\ngroup g1\nzone -05:00\nmember a Ann\nmember b Bo Li\n\nday 2026-03-02\n09:00 a hello there\n09:05 b  hi ann \nday 2026-03-04\n21:30 a bye\n"))
	if err != nil {
		t.Fatal(err)
	}
	zone := time.FixedZone("", -5*3600)
	want := []groupmem.Message{
		{GroupID: "g1", ID: "msg-0001", SenderID: "a", SenderName: "Ann", Content: "hello there", SentAt: time.Date(2026, 3, 2, 9, 0, 0, 0, zone)},
		{GroupID: "g1", ID: "msg-0002", SenderID: "b", SenderName: "Bo Li", Content: "hi ann", SentAt: time.Date(2026, 3, 2, 9, 5, 0, 0, zone)},
		{GroupID: "g1", ID: "msg-0003", SenderID: "a", SenderName: "Ann", Content: "bye", SentAt: time.Date(2026, 3, 4, 21, 30, 0, 0, zone)},
	}
	if diff := cmp.Diff(want, c.Messages(), cmp.Comparer(func(a, b time.Time) bool { return a.Equal(b) })); diff != "" {
		t.Errorf("messages (-want +got):\n%s", diff)
	}
	if len(c.Days) != 2 || len(c.Members) != 2 {
		t.Errorf("%d days and %d members; want 2 and 2", len(c.Days), len(c.Members))
	}
}

// BenchmarkRun replays the whole sample chat (42 nights) on a fresh
// ledger in a temporary directory.
func BenchmarkRun(b *testing.B) {
	for b.Loop() {
		env, err := demo.Run(context.Background(), demo.Options{Dir: b.TempDir(), Now: now})
		if err != nil {
			b.Fatal(err)
		}
		env.Close()
	}
}

// chatForm is a line lower-cased, without spaces and closing marks.
func chatForm(s string) string {
	s = strings.ToLower(strings.Join(strings.Fields(s), ""))
	return strings.TrimRight(s, "!?.！？。~～")
}
