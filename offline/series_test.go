package offline_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/offline"
)

// seriesOf replays the chat of lines as group and returns its active
// series memories.
func seriesOf(t *testing.T, c []line, group string) []groupmem.Memory {
	t.Helper()
	chat, _ := chatOf(t, group, c)
	env := replay(t, chat, offline.Config{})
	var out []groupmem.Memory
	for _, m := range memories(t, env)[groupmem.StatusActive] {
		if slices.Contains(m.Tags, offline.TagSeries) {
			out = append(out, m)
		}
	}
	return out
}

// What the group does each week under another name, posted in the same
// words, is one memory that lists each time with who posted it and its
// date, in either language; each new time extends it. Talk that happens
// to share its words, with words everyone uses, is no series.
func TestSeriesListsEachTime(t *testing.T) {
	lines := []line{
		{0, 0, "12:00", "Emma", "Lunch at Noodle Bar 8 today?", "lunch"},
		{0, 1, "21:00", "莉莉", "今晚英语角的主题是「相亲角」，来了四十多个人，小雨那桌笑声最大", "corner"},
		{0, 2, "08:00", "Tom", "Woke up to sleet again.", "talk"},
		{0, 3, "09:00", "Ben", "Sleet all morning, the bus was late", "talk"},
		{1, 0, "12:00", "Marcus", "Lunch at Tacos El Rey today? Emma has been craving it all week", "lunch"},
		{1, 1, "21:00", "小雨", "今晚英语角的主题是「二次元」，来了四十多个人，老周那桌笑声最大", "corner"},
		{1, 2, "08:00", "Ben", "Woke up to thick fog again.", "talk"},
		{1, 3, "09:00", "Tom", "The thick fog made me miss my stop", "talk"},
		{2, 0, "12:00", "Emma", "Lunch at Dim Sum Garden today?", "lunch"},
		{2, 1, "21:00", "老周", "今晚英语角的主题是「春节红包」，来了四十多个人，莉莉那桌笑声最大", "corner"},
		{2, 2, "08:00", "Tom", "Woke up to pouring rain again.", "talk"},
		{2, 3, "09:00", "Ann", "pouring rain here too, the umbrella gave up", "talk"},
		{3, 0, "12:00", "Tom", "Lunch at Falafel Hut today?", "lunch"},
	}
	series := seriesOf(t, lines, "series")
	var lunch, corner *groupmem.Memory
	for i, m := range series {
		switch {
		case strings.Contains(m.Statement, "Noodle Bar 8"):
			lunch = &series[i]
		case strings.Contains(m.Statement, "相亲角"):
			corner = &series[i]
		default:
			t.Errorf("series %q; want only the lunches and the English corner", m.Statement)
		}
	}
	if lunch == nil {
		t.Fatalf("series %v; want the lunches", statementsOf(series))
	}
	for _, want := range []string{"Lunch at Noodle Bar 8 (Emma, Mon Jan 25)", "; Tacos El Rey (Marcus, Mon Feb 1)", "Dim Sum Garden (Emma,", "Falafel Hut (Tom,"} {
		if !strings.Contains(lunch.Statement, want) {
			t.Errorf("lunches %q; want %q in it", lunch.Statement, want)
		}
	}
	if strings.Contains(lunch.Statement, "?") || strings.Contains(lunch.Statement, "today") || strings.Contains(lunch.Statement, "craving") {
		t.Errorf("lunches %q; want neither the question, nor its day's word, nor the talk after it", lunch.Statement)
	}
	if len(lunch.Evidence) != 4 {
		t.Errorf("lunches cite %v; want the four lines", lunch.Evidence)
	}
	if corner == nil {
		t.Fatalf("series %v; want the English corner", statementsOf(series))
	}
	if want := "英语角的主题是「相亲角（莉莉，1月26日）"; !strings.HasPrefix(corner.Statement, want) ||
		!strings.Contains(corner.Statement, "；二次元（小雨，") || !strings.Contains(corner.Statement, "；春节红包（老周，") ||
		strings.Contains(corner.Statement, "笑声") || strings.Contains(corner.Statement, "今晚") {
		t.Errorf("English corner %q; want it to open with %q and list each topic with its poster", corner.Statement, want)
	}
}

// A fourth time is the next version of the series' memory, not a memory
// of its own; a week that asks who is in says nothing of the series.
func TestSeriesExtendsItsMemory(t *testing.T) {
	lines := []line{
		{0, 0, "21:00", "Gwen", "Sang at Harbourside Hall this evening, someone's nan cried through the whole of the last song", "sang"},
		{1, 0, "21:00", "Leah", "Sang at Saltmarket Cathedral this evening, someone's nan cried through the whole of the last song", "sang"},
		{2, 0, "21:00", "Gwen", "Sang at St Brigid's Church this evening, someone's nan cried through the whole of the last song", "sang"},
		{3, 0, "21:00", "Harry", "Sang at the bandstand in Albert Park this evening, someone's nan cried through the whole of the last song", "sang"},
		{3, 1, "21:00", "Leah", "Who's in for the Christmas market on Friday?", "q"},
	}
	sang := seriesOf(t, lines, "series-extends")
	if len(sang) != 1 {
		t.Fatalf("series %v; want one", statementsOf(sang))
	}
	m := sang[0]
	if !strings.HasPrefix(m.Statement, "Sang at Harbourside Hall (Gwen, ") || !strings.Contains(m.Statement, "; the bandstand in Albert Park (Harry, ") ||
		strings.Contains(m.Statement, "Christmas market") || strings.Contains(m.Statement, "nan cried") {
		t.Errorf("series %q; want the four places in order, each with its poster, and nothing else", m.Statement)
	}
	if m.Version < 2 || m.ParentID == "" {
		t.Errorf("series at version %d (parent %q); want the fourth time to extend the third's memory", m.Version, m.ParentID)
	}
}

// Two days suffice when the shared words say much and each slot names
// something; a capital at the slot's edge belongs to the name. A short
// frame posted twice is no series.
func TestSeriesOfTwoDays(t *testing.T) {
	lines := []line{
		{0, 2, "21:00", "Sofie", "Morning workshop done: oscilloscope basics with twelve signed up and fourteen who came", "workshop"},
		{0, 3, "12:00", "Ben", "Back from Rudy's.", "talk"},
		{1, 2, "21:00", "Jonah", "Morning workshop done: KiCad for beginners with twelve signed up and fourteen who came", "workshop"},
		{1, 3, "12:00", "Ann", "Back from Wing's.", "talk"},
		{2, 1, "19:00", "Ann", "Field trip to the Botanical Garden done, the kids loved it", "trip"},
		{3, 1, "19:00", "Ben", "Field trip to the Sun Yat-Sen Garden done, the kids loved it", "trip"},
	}
	var workshop, trip string
	for _, m := range seriesOf(t, lines, "series-two") {
		st := m.Statement
		switch {
		case strings.Contains(st, "oscilloscope basics"):
			workshop = st
		case strings.Contains(st, "Botanical"):
			trip = st
		default:
			t.Errorf("series %q; want the workshops and the field trips only", st)
		}
	}
	if !strings.Contains(workshop, "oscilloscope basics (Sofie, ") || !strings.Contains(workshop, "; KiCad for beginners (Jonah, ") {
		t.Errorf("workshops %q; want both, with their posters", workshop)
	}
	if !strings.HasPrefix(trip, "Field trip to the Botanical Garden (Ann, ") || !strings.Contains(trip, "; Sun Yat-Sen Garden (Ben, ") {
		t.Errorf("field trips %q; want each garden named whole", trip)
	}
}
