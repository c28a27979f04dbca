package searchtest

import (
	"context"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/keyword"
	"github.com/groupmem/groupmem/msgsearch"
)

// testWordless: a line without words (emoji only: no term of its own, a
// zero embedding) is stored like any other. Paging newest first returns
// it, every search answers around it without finding it for what it does
// not say, and its sender's name finds it.
func testWordless(t *testing.T, f Fixture) {
	lines := []groupmem.Message{
		{GroupID: "g", ID: "w1", SenderID: "u-Ann", SenderName: "Ann", Content: "👍🎉", SentAt: t0.Add(8 * time.Hour)},
		{GroupID: "g", ID: "w2", SenderID: "u-fox", SenderName: "🦊", Content: "🎉🎉🎉", SentAt: t0.Add(9 * time.Hour)},
	}
	if _, err := f.Ledger.InsertMessages(context.Background(), lines); err != nil {
		t.Fatal(err)
	}
	if got := ids(search(t, f, msgsearch.Query{Limit: 3})); !slices.Equal(got, []string{"w2", "w1", "c8"}) {
		t.Errorf("newest first: %v, want w2 w1 c8", got)
	}
	for _, mode := range []msgsearch.Mode{msgsearch.Keyword, msgsearch.Semantic, msgsearch.Hybrid} {
		hits := search(t, f, msgsearch.Query{Text: "badminton 羽毛球", Mode: mode, Limit: 20})
		if got := ids(hits); len(got) == 0 || slices.Contains(got, "w1") || slices.Contains(got, "w2") {
			t.Errorf("%s search for badminton: %v, want hits, none of the wordless lines", mode, got)
		}
		if got := ids(search(t, f, msgsearch.Query{Text: "👍🎉", Mode: mode, Limit: 20})); len(got) != 0 {
			t.Errorf("%s search for a query without words: %v, want nothing", mode, got)
		}
		if got := ids(search(t, f, msgsearch.Query{Text: "party", Mode: mode, Limit: 20, Sender: "🦊"})); len(got) != 0 {
			t.Errorf("%s search among the lines of a sender with no word at all: %v, want nothing", mode, got)
		}
	}
	if got := ids(search(t, f, msgsearch.Query{Text: "Ann", Mode: msgsearch.Keyword, Limit: 20})); !slices.Contains(got, "w1") {
		t.Errorf("keyword search for its sender's name: %v, want w1 among them", got)
	}
	if got := ids(search(t, f, msgsearch.Query{Limit: 5, Sender: "u-fox"})); !slices.Equal(got, []string{"w2"}) {
		t.Errorf("newest first by the fox: %v, want w2", got)
	}
}

// more is the rest of the group's chat in testKeywordRanking: lines of
// different lengths that repeat the first lines' words.
var more = []struct{ id, sender, text string }{
	{"c9", "Dee", "badminton again on Friday? I booked court 3 at the sports hall for badminton"},
	{"c10", "Ann", "Friday works, bring the new rackets"},
	{"c11", "Bo", "我周五晚上加班，羽毛球下次再去"},
	{"c12", "Cy", "Miso the kitten knocked my coffee over this morning, coffee everywhere"},
	{"c13", "Dee", "coffee after badminton?"},
	{"c14", "Ann", "The release on Monday needs the deploy freeze lifted first, then the release notes"},
	{"c15", "Bo", "周五的羽毛球我来订场地，体育馆七点"},
	{"c16", "Cy", "ok"},
}

// crowd is another group's chat, many lines of the same words, which an
// IDF over every group's lines would count.
var crowd = []string{"badminton badminton tournament tonight", "coffee coffee coffee", "羽毛球比赛", "Friday release party"}

// testKeywordRanking: the keyword side is BM25 over each line's sender
// name and text within the group, as keyword.Index scores it (IDF and
// average length over the group's lines only), whatever other groups hold:
// every backend gives the same scores, so the same ranking, on the same
// chat; and a hybrid hit's keyword part is that score too.
func testKeywordRanking(t *testing.T, f Fixture) {
	ctx := context.Background()
	var msgs []groupmem.Message
	for i, c := range more {
		msgs = append(msgs, groupmem.Message{GroupID: "g", ID: c.id, SenderID: "u-" + c.sender, SenderName: c.sender, Content: c.text,
			SentAt: t0.Add(time.Duration(10+i) * time.Hour)})
	}
	for i := range 40 {
		msgs = append(msgs, groupmem.Message{GroupID: "crowd", ID: "x" + string(rune('a'+i%26)) + string(rune('a'+i/26)), SenderID: "u-Zed",
			SenderName: "Zed", Content: crowd[i%len(crowd)], SentAt: t0.Add(time.Duration(i) * time.Minute)})
	}
	if _, err := f.Ledger.InsertMessages(ctx, msgs); err != nil {
		t.Fatal(err)
	}
	search(t, f, msgsearch.Query{GroupID: "crowd", Text: "badminton", Limit: 1}) // the crowd is in the index
	ref := groupIndex(t, f.Ledger, "g")
	for _, q := range []string{"badminton Friday", "coffee", "羽毛球 周五", "release deploy Monday", "Ann kitten", "the"} {
		want := ref.Search(q, 10, nil)
		got := search(t, f, msgsearch.Query{Text: q, Mode: msgsearch.Keyword, Limit: 10})
		if len(got) != len(want) {
			t.Errorf("keyword %q: %v, want %v", q, ids(got), want)
			continue
		}
		for i, h := range got {
			if h.Message.ID != want[i].ID || math.Abs(h.Score-want[i].Score) > 1e-9 {
				t.Errorf("keyword %q hit %d: %s scores %v, want %s scoring %v", q, i, h.Message.ID, h.Score, want[i].ID, want[i].Score)
			}
		}
		kw := map[string]float64{}
		for _, s := range ref.Search(q, 50, nil) {
			kw[s.ID] = s.Score
		}
		for _, h := range search(t, f, msgsearch.Query{Text: q, Mode: msgsearch.Hybrid, Limit: 10}) {
			if h.Keyword != nil && math.Abs(*h.Keyword-kw[h.Message.ID]) > 1e-9 {
				t.Errorf("hybrid %q: %s's keyword part %v, want %v", q, h.Message.ID, *h.Keyword, kw[h.Message.ID])
			}
		}
	}
}

// groupIndex is keyword.Index over the sender names and texts of the
// messages the ledger holds of group g with their text.
func groupIndex(t *testing.T, l groupmem.Ledger, g string) *keyword.Index {
	t.Helper()
	msgs, err := l.MessagesAfter(context.Background(), g, 0, 1000)
	if err != nil {
		t.Fatal(err)
	}
	x := keyword.NewIndex()
	for _, m := range msgs {
		if m.Content != "" {
			x.Add(m.ID, m.SenderName+" "+m.Content)
		}
	}
	return x
}
