// Package searchtest is the contract every msgsearch.Searcher keeps: the
// in-process index (msgsearch.Index) and the Qdrant message index
// (store/qdrant.Messages, against the Qdrant test server and against a
// real Qdrant when its address is set) run the same cases over a real
// ledger. Beyond the port's documentation, the cases hold every backend to
// one keyword ranking, BM25 within the group over each line's sender name
// and text as keyword.Index scores it, and to lines without words: stored,
// paged, never breaking a search.
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

// Fixture is one index under test over the ledger it reads.
type Fixture struct {
	Ledger   groupmem.Ledger
	Searcher msgsearch.Searcher
}

// t0 is when the suite's chat begins.
var t0 = time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC)

// chat is the suite's group: who said what, one message an hour.
var chat = []struct{ id, sender, text string }{
	{"c1", "Ann", "周五晚上我们一起去打羽毛球，七点在体育馆"},
	{"c2", "Bo", "群组成员主要是前端开发，平时写 React 和 TypeScript"},
	{"c3", "Ann", "The weekly meeting moves to Tuesday at 10am"},
	{"c4", "Cy", "I just adopted a kitten named Miso"},
	{"c5", "Bo", "明天要下雨，记得带伞"},
	{"c6", "Cy", "Who is bringing snacks to the badminton game?"},
	{"c7", "Ann", "我新买了一台咖啡机，每天早上都喝拿铁"},
	{"c8", "Bo", "Deploy is frozen until the release on Monday"},
}

// Run runs the contract. open returns an empty ledger and an index over
// it, private to the test; the index must embed with a bilingual
// semantic embedder (the static one), whose vectors the cases rely on.
func Run(t *testing.T, open func(t *testing.T) Fixture) {
	tests := []struct {
		name string
		run  func(t *testing.T, f Fixture)
	}{
		{"KeywordFindsTheWords", testKeyword},
		{"SemanticFindsTheMeaning", testSemantic},
		{"HybridGivesBothParts", testHybrid},
		{"CommittedIsSearchable", testCommitted},
		{"NewestFirstWithoutText", testNewestFirst},
		{"TimeAndSenderBounds", testBounds},
		{"RedactedNeverFound", testRedacted},
		{"PurgedGroupStartsAgain", testPurged},
		{"GroupsApart", testGroupsApart},
		{"BadInput", testBadInput},
		{"WordlessLines", testWordless},
		{"KeywordRankingIsBM25PerGroup", testKeywordRanking},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := open(t)
			insert(t, f.Ledger, "g", 0)
			tt.run(t, f)
		})
	}
}

// insert stores the chat in group g, the first message at hour from.
func insert(t *testing.T, l groupmem.Ledger, g string, from int) {
	t.Helper()
	msgs := make([]groupmem.Message, len(chat))
	for i, c := range chat {
		msgs[i] = groupmem.Message{GroupID: g, ID: c.id, SenderID: "u-" + c.sender, SenderName: c.sender, Content: c.text,
			SentAt: t0.Add(time.Duration(from+i) * time.Hour)}
	}
	if _, err := l.InsertMessages(context.Background(), msgs); err != nil {
		t.Fatal(err)
	}
}

func search(t *testing.T, f Fixture, q msgsearch.Query) []msgsearch.Hit {
	t.Helper()
	if q.GroupID == "" {
		q.GroupID = "g"
	}
	hits, err := f.Searcher.Search(context.Background(), q)
	if err != nil {
		t.Fatalf("Search(%+v): %v", q, err)
	}
	return hits
}

func ids(hits []msgsearch.Hit) []string {
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.Message.ID
	}
	return out
}

// wantFirst fails unless the first hit is want, with its text from the
// ledger.
func wantFirst(t *testing.T, what string, hits []msgsearch.Hit, want string) {
	t.Helper()
	if len(hits) == 0 || hits[0].Message.ID != want {
		t.Fatalf("%s: hits %v, want %s first", what, ids(hits), want)
	}
	for _, c := range chat {
		if c.id == want && hits[0].Message.Content != c.text {
			t.Fatalf("%s: first hit's text %q, want %q", what, hits[0].Message.Content, c.text)
		}
	}
}

func testKeyword(t *testing.T, f Fixture) {
	hits := search(t, f, msgsearch.Query{Text: "羽毛球", Mode: msgsearch.Keyword, Limit: 3})
	wantFirst(t, "keyword 羽毛球", hits, "c1")
	if hits[0].Keyword == nil || *hits[0].Keyword <= 0 || hits[0].Semantic != nil {
		t.Errorf("keyword hit parts: keyword %v, semantic %v; want a positive keyword score only", hits[0].Keyword, hits[0].Semantic)
	}
	wantFirst(t, "keyword kitten", search(t, f, msgsearch.Query{Text: "KITTEN", Mode: msgsearch.Keyword, Limit: 3}), "c4")
	if hits := search(t, f, msgsearch.Query{Text: "quantum chromodynamics", Mode: msgsearch.Keyword, Limit: 3}); len(hits) != 0 {
		t.Errorf("keyword search for words no message has: %v, want none", ids(hits))
	}
}

func testSemantic(t *testing.T, f Fixture) {
	hits := search(t, f, msgsearch.Query{Text: "群组的技术背景是什么？", Mode: msgsearch.Semantic, Limit: 3})
	wantFirst(t, "semantic 技术背景", hits, "c2")
	if hits[0].Semantic == nil || *hits[0].Semantic <= 0 || hits[0].Keyword != nil {
		t.Errorf("semantic hit parts: semantic %v, keyword %v; want a positive semantic score only", hits[0].Semantic, hits[0].Keyword)
	}
	for i := 1; i < len(hits); i++ {
		if hits[i].Score > hits[i-1].Score {
			t.Errorf("semantic hits not by descending score: %v then %v", hits[i-1].Score, hits[i].Score)
		}
	}
}

func testHybrid(t *testing.T, f Fixture) {
	hits := search(t, f, msgsearch.Query{Text: "badminton on Friday", Mode: msgsearch.Hybrid, Limit: 4})
	got := ids(hits)
	if !slices.Contains(got, "c6") {
		t.Fatalf("hybrid 'badminton on Friday': %v, want c6 (shares the word) among them", got)
	}
	both := false
	for _, h := range hits {
		both = both || (h.Semantic != nil && h.Keyword != nil)
		if h.Score <= 0 {
			t.Errorf("hybrid hit %s has score %v, want a positive fused score", h.Message.ID, h.Score)
		}
	}
	if !both {
		t.Errorf("no hybrid hit carries both parts: %+v", hits)
	}
	// Every backend fuses alike: a hit scores keyword.Blend of its parts
	// (neither side is full here, so a missing part counts nothing), and
	// the hits come best first.
	for i, h := range hits {
		k, s := 0.0, 0.0
		if h.Keyword != nil {
			k = *h.Keyword
		}
		if h.Semantic != nil {
			s = *h.Semantic
		}
		if want := keyword.Blend(k, s); math.Abs(h.Score-want) > 1e-4 {
			t.Errorf("hybrid hit %s scores %v, want keyword.Blend(%v, %v) = %v", h.Message.ID, h.Score, k, s, want)
		}
		if i > 0 && h.Score > hits[i-1].Score {
			t.Errorf("hybrid hits not best first: %v then %v", hits[i-1].Score, h.Score)
		}
	}
}

func testCommitted(t *testing.T, f Fixture) {
	search(t, f, msgsearch.Query{Text: "kitten", Limit: 3})
	late := groupmem.Message{GroupID: "g", ID: "late", SenderID: "u-Dee", SenderName: "Dee", Content: "The kitten Miso learned to open doors",
		SentAt: t0.Add(20 * time.Hour)}
	if _, err := f.Ledger.InsertMessages(context.Background(), []groupmem.Message{late}); err != nil {
		t.Fatal(err)
	}
	if got := ids(search(t, f, msgsearch.Query{Text: "open doors", Mode: msgsearch.Keyword, Limit: 3})); !slices.Contains(got, "late") {
		t.Fatalf("a message committed after the first search: %v, want it found", got)
	}
}

func testNewestFirst(t *testing.T, f Fixture) {
	page := search(t, f, msgsearch.Query{Limit: 3})
	if got := ids(page); !slices.Equal(got, []string{"c8", "c7", "c6"}) {
		t.Fatalf("first page %v, want c8 c7 c6", got)
	}
	next := search(t, f, msgsearch.Query{Limit: 3, Before: page[2].Message.Seq})
	if got := ids(next); !slices.Equal(got, []string{"c5", "c4", "c3"}) {
		t.Fatalf("second page %v, want c5 c4 c3", got)
	}
}

func testBounds(t *testing.T, f Fixture) {
	got := ids(search(t, f, msgsearch.Query{Limit: 10, Since: t0.Add(2 * time.Hour), Until: t0.Add(5 * time.Hour)}))
	if !slices.Equal(got, []string{"c5", "c4", "c3"}) {
		t.Errorf("since hour 2 until hour 5: %v, want c5 c4 c3", got)
	}
	for _, sender := range []string{"Ann", "u-Ann"} {
		got := ids(search(t, f, msgsearch.Query{Limit: 10, Sender: sender}))
		if !slices.Equal(got, []string{"c7", "c3", "c1"}) {
			t.Errorf("sender %s: %v, want c7 c3 c1", sender, got)
		}
	}
	got = ids(search(t, f, msgsearch.Query{Text: "badminton 羽毛球", Limit: 10, Sender: "Cy"}))
	if !slices.Equal(got, []string{"c6"}) && !(len(got) > 0 && got[0] == "c6" && !slices.Contains(got, "c1")) {
		t.Errorf("search by Cy for badminton: %v, want c6 and nothing of Ann", got)
	}
	// By meaning among one member's lines, named by id or by name: only
	// theirs, whatever else is closer.
	for _, sender := range []string{"Bo", "u-Bo"} {
		for _, mode := range []msgsearch.Mode{msgsearch.Semantic, msgsearch.Hybrid} {
			got := ids(search(t, f, msgsearch.Query{Text: "喝咖啡", Mode: mode, Limit: 10, Sender: sender}))
			if len(got) == 0 || slices.ContainsFunc(got, func(id string) bool { return !slices.Contains([]string{"c2", "c5", "c8"}, id) }) {
				t.Errorf("%s search by %s: %v, want some of Bo's c2 c5 c8 and nothing else", mode, sender, got)
			}
		}
	}
	if got := ids(search(t, f, msgsearch.Query{Text: "喝咖啡", Mode: msgsearch.Semantic, Limit: 10, Sender: "nobody"})); len(got) != 0 {
		t.Errorf("semantic search by a sender who never wrote: %v, want nothing", got)
	}
}

func testRedacted(t *testing.T, f Fixture) {
	ctx := context.Background()
	wantFirst(t, "before", search(t, f, msgsearch.Query{Text: "kitten Miso", Mode: msgsearch.Keyword, Limit: 3}), "c4")
	if _, err := f.Ledger.RedactMessage(ctx, "g", "c4", "admin"); err != nil {
		t.Fatal(err)
	}
	// Whether or not the index is told, the redacted message is not found.
	for _, mode := range []msgsearch.Mode{msgsearch.Keyword, msgsearch.Semantic, msgsearch.Hybrid} {
		if got := ids(search(t, f, msgsearch.Query{Text: "kitten Miso", Mode: mode, Limit: 10})); slices.Contains(got, "c4") {
			t.Errorf("%s search after the redaction: %v, want no c4", mode, got)
		}
	}
	if got := ids(search(t, f, msgsearch.Query{Limit: 10})); slices.Contains(got, "c4") {
		t.Errorf("newest first after the redaction: %v, want no c4", got)
	}
	if err := f.Searcher.Forget(ctx, "g", "c4"); err != nil {
		t.Fatal(err)
	}
	if got := ids(search(t, f, msgsearch.Query{Limit: 10})); len(got) != len(chat)-1 {
		t.Errorf("after Forget: %v, want the %d other messages", got, len(chat)-1)
	}
}

func testPurged(t *testing.T, f Fixture) {
	ctx := context.Background()
	search(t, f, msgsearch.Query{Text: "coffee", Limit: 3})
	if _, err := f.Ledger.PurgeGroup(ctx, "g", "admin"); err != nil {
		t.Fatal(err)
	}
	// Not told: the next search finds the group purged.
	for _, q := range []msgsearch.Query{{Text: "羽毛球", Limit: 5}, {Limit: 5}} {
		if got := ids(search(t, f, q)); len(got) != 0 {
			t.Fatalf("search %+v after the purge: %v, want nothing", q, got)
		}
	}
	// The group starts again; the same message ids are new messages.
	again := groupmem.Message{GroupID: "g", ID: "c1", SenderID: "u-Eve", SenderName: "Eve", Content: "Board games on Sunday afternoon",
		SentAt: t0.Add(48 * time.Hour)}
	if _, err := f.Ledger.InsertMessages(ctx, []groupmem.Message{again}); err != nil {
		t.Fatal(err)
	}
	hits := search(t, f, msgsearch.Query{Limit: 5})
	if len(hits) != 1 || hits[0].Message.Content != again.Content {
		t.Fatalf("after the group started again: %+v, want only Eve's message", hits)
	}
	if err := f.Searcher.Forget(ctx, "g"); err != nil {
		t.Fatal(err)
	}
	if got := ids(search(t, f, msgsearch.Query{Text: "board games", Limit: 5})); !slices.Equal(got, []string{"c1"}) {
		t.Fatalf("after Forget of the whole group: %v, want Eve's message found again from the ledger", got)
	}
}

func testGroupsApart(t *testing.T, f Fixture) {
	insert(t, f.Ledger, "other", 100)
	for _, q := range []msgsearch.Query{{Text: "羽毛球", Limit: 20}, {Limit: 20}, {Text: "kitten", Mode: msgsearch.Semantic, Limit: 20}} {
		for _, h := range search(t, f, q) {
			if h.Message.GroupID != "g" {
				t.Fatalf("search %+v of g returned %s of %s", q, h.Message.ID, h.Message.GroupID)
			}
		}
	}
	if got := search(t, f, msgsearch.Query{GroupID: "other", Limit: 20}); len(got) != len(chat) {
		t.Fatalf("group other has %d messages, want %d", len(got), len(chat))
	}
}

func testBadInput(t *testing.T, f Fixture) {
	for _, g := range []string{"", " padded", "a\x00b", string(make([]byte, 300))} {
		_, err := f.Searcher.Search(context.Background(), msgsearch.Query{GroupID: g, Text: "x", Limit: 3})
		if groupmem.ErrorCode(err) != groupmem.EINVALID {
			t.Errorf("Search of group %q: %v, want EINVALID", g, err)
		}
	}
	if hits := search(t, f, msgsearch.Query{Text: "羽毛球", Limit: 0}); len(hits) != 0 {
		t.Errorf("limit 0: %v, want nothing", ids(hits))
	}
	if hits := search(t, f, msgsearch.Query{Text: "！？。…", Limit: 5}); len(hits) != 0 {
		t.Errorf("a query of punctuation only: %v, want nothing", ids(hits))
	}
}
