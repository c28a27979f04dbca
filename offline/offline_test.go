package offline_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/evolve"
	"github.com/groupmem/groupmem/offline"
)

func TestNewRejectsBadSettings(t *testing.T) {
	tests := []struct {
		cfg  offline.Config
		name string // the setting the error must name
	}{
		{offline.Config{WindowDays: 14}, "WindowDays"},
		{offline.Config{AssignThreshold: 1}, "AssignThreshold"},
		{offline.Config{MergeThreshold: -0.1}, "MergeThreshold"},
		{offline.Config{MinDays: -1}, "MinDays"},
		{offline.Config{HalfLifeDays: -3}, "HalfLifeDays"},
		{offline.Config{StrengthStep: 2}, "StrengthStep"},
		{offline.Config{MaxEvidence: groupmem.MaxEvidence + 1}, "MaxEvidence"},
		{offline.Config{MinUnits: -1}, "MinUnits"},
		{offline.Config{ConceptCosine: 1.5}, "ConceptCosine"},
		{offline.Config{MaxConceptFreq: -1}, "MaxConceptFreq"},
		{offline.Config{Evolve: evolve.Config{MaxDeleteShare: 2}}, "MaxDeleteShare"},
	}
	for _, tt := range tests {
		_, err := offline.New(tt.cfg, nil)
		if groupmem.ErrorCode(err) != groupmem.EINVALID || !strings.Contains(err.Error(), tt.name) {
			t.Errorf("New(%+v) = %v; want EINVALID naming %s", tt.cfg, err, tt.name)
		}
	}
	f, err := offline.New(offline.Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if f.Model() != "offline" || f.PromptVersion() != "offline-"+offline.Version {
		t.Errorf("model %q, prompt version %q", f.Model(), f.PromptVersion())
	}
}

// The offline evolver decides over the whole run at once: run by passes
// that split it, it refuses with a clear error and nothing applies.
func TestFuseNeedsTheWholeRun(t *testing.T) {
	f, err := offline.New(offline.Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !f.Evolve().Whole {
		t.Fatal("Evolve() must ask for the whole run in one pass")
	}
	c, _ := chatOf(t, "split", boardGameClub())
	msgs := c.Messages()
	for i := range msgs {
		msgs[i].Seq = int64(i + 1)
	}
	out, err := evolve.Fuse(context.Background(), f, evolve.Config{MaxMessages: 10}, evolve.Input{Run: groupmem.Run{GroupID: c.GroupID}, Messages: msgs,
		Now: msgs[len(msgs)-1].SentAt.Add(time.Hour)})
	if groupmem.ErrorCode(err) != groupmem.EINVALID || !strings.Contains(err.Error(), "Whole") || len(out.Plan.New)+len(out.Plan.Changes) != 0 {
		t.Errorf("Fuse by passes of 10 messages = %v with %d writes; want EINVALID naming Whole and none", err, len(out.Plan.New)+len(out.Plan.Changes))
	}
}

func TestFuseWithoutHistorySeesOnlyItsMessages(t *testing.T) {
	// Without History a run knows only its own messages: the first three
	// days of the board-game club recur too little (the pub quiz on two of
	// them) to make a memory; all six weeks
	// fused at once make one per weekly habit, and nothing from the quiz
	// that stopped weeks before.
	c, topics := chatOf(t, "no-history", boardGameClub())
	f, err := offline.New(offline.Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	all := c.Messages()
	for i := range all {
		all[i].Seq = int64(i + 1)
	}
	lastDay := c.Days[len(c.Days)-1].Date
	fuse := func(msgs []groupmem.Message, now time.Time) evolve.Fusion {
		t.Helper()
		out, err := evolve.Fuse(context.Background(), f, f.Evolve(), evolve.Input{Run: groupmem.Run{GroupID: c.GroupID}, Messages: msgs, Now: now})
		if err != nil {
			t.Fatal(err)
		}
		if out.Plan.Run.Tokens != (groupmem.Tokens{}) || out.Calls != 0 {
			t.Errorf("the offline evolver reports model use: %+v tokens, %d calls", out.Plan.Run.Tokens, out.Calls)
		}
		return out
	}

	third := c.Days[0].Date.AddDate(0, 0, 2)
	var week1 []groupmem.Message
	for _, m := range all {
		if m.SentAt.Before(third.AddDate(0, 0, 1)) {
			week1 = append(week1, m)
		}
	}
	if out := fuse(week1, third.AddDate(0, 0, 1).Add(3*time.Hour)); out.Plan.Run.Stats.Created != 0 {
		t.Errorf("three days made %d memories; want none: %+v", out.Plan.Run.Stats.Created, out.Plan.Changes)
	}

	out := fuse(all, lastDay.AddDate(0, 0, 1).Add(3*time.Hour))
	got := map[string]int{}
	for _, m := range out.Plan.New {
		if m.Version != 1 || m.Strength <= 0 || m.Strength > 0.95 || len(m.Evidence) == 0 {
			t.Errorf("new memory %q: version %d, strength %.2f, %d evidence", m.Statement, m.Version, m.Strength, len(m.Evidence))
		}
		tp, _ := topicOf(m, topics)
		got[tp]++
	}
	want := map[string]int{topicGames: 1, topicHike: 1, topicBook: 1}
	if len(got) != len(want) || got[topicGames] != 1 || got[topicHike] != 1 || got[topicBook] != 1 {
		t.Errorf("memories by topic: %v; want %v", got, want)
	}
	if len(out.Plan.Changes) != len(out.Plan.New) || out.Plan.Run.Stats.Created != len(out.Plan.New) || out.Plan.Run.Report.Parsed != len(out.Plan.New) {
		t.Errorf("%d changes, %d created, %d actions for %d new memories", len(out.Plan.Changes), out.Plan.Run.Stats.Created, out.Plan.Run.Report.Parsed, len(out.Plan.New))
	}
	if r := out.Plan.Run.Report; r.Applied+r.Kept+groupmem.Total(r.Drops)+groupmem.Total(r.Ignored) != r.Entries || r.Entries != r.Parsed {
		t.Errorf("report %+v: its buckets do not add up to its entries", r)
	}
}

// A strength a person set stands until messages support the memory after
// it: an unsupported memory the moderator raised keeps its strength, where
// it would otherwise fade; support after the moderation recomputes it.
func TestModeratedStrengthStands(t *testing.T) {
	now := time.Date(2027, 3, 1, 3, 0, 0, 0, time.UTC)
	id := groupmem.NewID()
	mem := groupmem.Memory{ID: id, LineageID: id, RunID: groupmem.NewID(), GroupID: "g", Statement: "Board game night every Thursday at Marco's",
		Version: 1, Status: groupmem.StatusActive, Strength: 0.9, Evidence: []string{"old"},
		CreatedAt: now.AddDate(0, 0, -10), UpdatedAt: now.AddDate(0, 0, -2)}
	msgs := []groupmem.Message{
		{GroupID: "g", ID: "n1", Seq: 1, SenderID: "a", SenderName: "Ann", Content: "The new bakery on Main Street opened today", SentAt: now.Add(-5 * time.Hour)},
		{GroupID: "g", ID: "n2", Seq: 2, SenderID: "b", SenderName: "Bo", Content: "Traffic on the ring road is terrible again", SentAt: now.Add(-4 * time.Hour)},
	}
	f, err := offline.New(offline.Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	strengthChanged := func(moderated map[string]time.Time) bool {
		t.Helper()
		out, err := evolve.Fuse(context.Background(), f, f.Evolve(), evolve.Input{Run: groupmem.Run{GroupID: "g"}, Memories: []groupmem.Memory{mem}, Messages: msgs, Now: now,
			Moderated: moderated})
		if err != nil {
			t.Fatal(err)
		}
		for _, tr := range out.Plan.Transitions {
			if tr.MemoryID == mem.ID && tr.Strength != nil {
				return true
			}
		}
		return false
	}
	if !strengthChanged(nil) {
		t.Fatal("without a moderator, an unsupported memory at 0.9 keeps its strength; the test shows nothing")
	}
	if strengthChanged(map[string]time.Time{mem.ID: now.AddDate(0, 0, -2)}) {
		t.Error("the evolver overwrote a strength a moderator set, with no message since")
	}
}
