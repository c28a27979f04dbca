package offline_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/demo"
	"github.com/groupmem/groupmem/internal/longchat"
	"github.com/groupmem/groupmem/internal/wording"
	"github.com/groupmem/groupmem/offline"
)

// TestLongChatMemories replays every chat of the long-chat evaluation set
// (internal/longchat, seed 1), and its chats of two friends (longchat.Pairs,
// scored apart as "pair"), night by night through the embedded default,
// as api/longchat_eval_test.go does, and reads its active memories as a
// person would: per split and language, how many a chat keeps, the share
// with a defect of each class (internal/wording), the share resting only
// on small talk (no evidence id is a planted message), the planted values
// some statement states, the planted messages some memory cites, and the
// share of questions some memory's evidence answers. It prints ten memories of each group, drawn at random.
// It takes a minute: run it with GROUPMEM_LONGCHAT=1
// (GROUPMEM_LONGCHAT_SPLIT=train or test, GROUPMEM_LONGCHAT_GROUPS=id,id
// for some groups only, GROUPMEM_LONGCHAT_ALL=1 to print every memory). Tune on the train split only.
func TestLongChatMemories(t *testing.T) {
	if os.Getenv("GROUPMEM_LONGCHAT") == "" {
		t.Skip("set GROUPMEM_LONGCHAT=1 to replay the long-chat set")
	}
	set := longchat.Generate(1)
	set.Groups = append(set.Groups, longchat.Pairs(1)...)
	set.Questions = append(set.Questions, longchat.PairQuestions(1)...)
	sums := map[string]*chatScore{}
	var order []string
	split := os.Getenv("GROUPMEM_LONGCHAT_SPLIT") // "train" or "test"; both when empty
	only := os.Getenv("GROUPMEM_LONGCHAT_GROUPS") // group ids, comma-separated; all when empty
	for _, g := range set.Groups {
		if split != "" && g.Split != split || only != "" && !slices.Contains(strings.Split(only, ","), g.ID) {
			continue
		}
		r := replayLong(t, g)
		mems, names := r.active, r.names
		var qs []longchat.Question
		for _, q := range set.Questions {
			if q.Group == g.ID {
				qs = append(qs, q)
			}
		}
		s := scoreChat(g, mems, names, qs)
		keys := []string{g.Split + " " + g.Lang, g.Split + " all"}
		if strings.HasPrefix(g.ID, "lc-pair-") {
			keys = []string{g.Split + " pair"} // two friends, in English: scored on their own
		}
		for _, key := range keys {
			if sums[key] == nil {
				sums[key] = &chatScore{defects: map[string]int{}}
				order = append(order, key)
			}
			sums[key].add(s)
		}
		if os.Getenv("GROUPMEM_LONGCHAT_TALK") != "" {
			printTalk(g, mems)
			printMissed(g, r)
		}
		rnd := rand.New(rand.NewPCG(1, uint64(len(g.ID))))
		fmt.Printf("\n== %s (%s, %s): %d active memories; facts %.1f%%, talk %.1f%%\n", g.ID, g.Split, g.Lang, len(mems),
			pct(s.kept, s.values), pct(s.talk, s.mems))
		shown := min(10, len(mems))
		if os.Getenv("GROUPMEM_LONGCHAT_ALL") != "" {
			shown = len(mems)
		}
		for _, i := range rnd.Perm(len(mems))[:shown] {
			fmt.Printf("  - %s %v\n", mems[i].Statement, wording.Check(mems[i].Statement, names))
		}
	}
	slices.Sort(order)
	var b strings.Builder
	fmt.Fprintf(&b, "\n%-12s %6s %6s %7s %7s %7s %7s %7s", "split lang", "chats", "mems", "defect%", "talk%", "facts%", "cited%", "ceil%")
	for _, c := range wording.Classes {
		fmt.Fprintf(&b, " %6.6s", c)
	}
	for _, key := range order {
		s := sums[key]
		fmt.Fprintf(&b, "\n%-12s %6d %6.1f %7.1f %7.1f %7.1f %7.1f %7.1f", key, s.chats, float64(s.mems)/float64(s.chats),
			pct(s.defective, s.mems), pct(s.talk, s.mems), pct(s.kept, s.values), pct(s.cited, s.planted), pct(s.answered, s.questions))
		for _, c := range wording.Classes {
			fmt.Fprintf(&b, " %6.1f", pct(s.defects[c], s.mems))
		}
	}
	fmt.Println(b.String())
}

// chatScore sums what TestLongChatMemories measures over chats.
type chatScore struct {
	chats, mems, defective, talk int
	defects                      map[string]int // class → memories with it
	values, kept                 int            // planted values, and those some statement states
	planted, cited               int            // planted fact messages, and those some memory cites
	questions, answered          int            // questions, and those some memory's evidence answers
}

func (s *chatScore) add(o chatScore) {
	s.chats += o.chats
	s.mems += o.mems
	s.defective += o.defective
	s.talk += o.talk
	s.values += o.values
	s.kept += o.kept
	s.planted += o.planted
	s.cited += o.cited
	s.questions += o.questions
	s.answered += o.answered
	for k, v := range o.defects {
		s.defects[k] += v
	}
}

func pct(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return 100 * float64(n) / float64(of)
}

// scoreChat measures one chat's active memories.
func scoreChat(g longchat.Group, mems []groupmem.Memory, names []string, qs []longchat.Question) chatScore {
	s := chatScore{chats: 1, mems: len(mems), defects: map[string]int{}, questions: len(qs)}
	planted := map[string]bool{}
	for _, f := range g.Facts {
		planted[f.ID] = true
	}
	cited := map[string]bool{}
	var all strings.Builder
	for _, m := range mems {
		all.WriteString(strings.ToLower(m.Statement) + "\n")
		ds := wording.Check(m.Statement, names)
		if len(ds) > 0 {
			s.defective++
		}
		for _, d := range ds {
			s.defects[d]++
		}
		if !slices.ContainsFunc(m.Evidence, func(id string) bool { return planted[id] }) {
			s.talk++
		}
		for _, id := range m.Evidence {
			cited[id] = true
		}
	}
	for _, f := range g.Facts {
		s.planted++
		if cited[f.ID] {
			s.cited++
		}
		if f.Value == "" {
			continue
		}
		s.values++
		if strings.Contains(all.String(), strings.ToLower(f.Value)) {
			s.kept++
		}
	}
	for _, q := range qs {
		if slices.ContainsFunc(q.Evidence, func(id string) bool { return cited[id] }) {
			s.answered++
		}
	}
	return s
}

// replayed is what replayLong returns of a chat.
type replayed struct {
	active []groupmem.Memory // the active memories at the end
	ever   []string          // every statement any version of a memory made, lower-cased
	names  []string          // the members' names
	texts  map[string]string // "sender: text" by message id
}

// replayLong replays g night by night on the embedded default and
// returns its memories and its members' names.
func replayLong(tb testing.TB, g longchat.Group) replayed {
	tb.Helper()
	c, err := demo.ParseChat(bytes.NewReader(g.Transcript))
	if err != nil {
		tb.Fatalf("%s: %v", g.ID, err)
	}
	var names []string
	for _, m := range c.Members {
		names = append(names, m.Name)
	}
	texts := map[string]string{}
	for _, m := range c.Messages() {
		texts[m.ID] = m.SenderName + ": " + m.Content
	}
	ctx := context.Background()
	env, err := demo.Open(ctx, demo.Options{Chat: c, Now: func() time.Time { return g.AskedAt }})
	if err != nil {
		tb.Fatal(err)
	}
	defer env.Close()
	if err := env.Replay(ctx, func(demo.Night) {}); err != nil {
		tb.Fatal(err)
	}
	page, err := env.Ledger.Memories(ctx, groupmem.MemoryQuery{GroupID: g.ID, Status: groupmem.StatusActive, Limit: 10000})
	if err != nil {
		tb.Fatal(err)
	}
	changes, err := env.Ledger.Changes(ctx, groupmem.ChangeQuery{GroupID: g.ID, Limit: 100000})
	if err != nil {
		tb.Fatal(err)
	}
	var ever []string
	for _, c := range changes {
		ever = append(ever, strings.ToLower(c.OldStatement), strings.ToLower(c.NewStatement))
	}
	return replayed{active: page.Memories, ever: ever, names: names, texts: texts}
}

// printTalk prints the memories of g resting only on small talk, with the
// kind of memory each is (GROUPMEM_LONGCHAT_TALK=1).
func printTalk(g longchat.Group, mems []groupmem.Memory) {
	planted := map[string]bool{}
	for _, f := range g.Facts {
		planted[f.ID] = true
	}
	for _, m := range mems {
		if slices.ContainsFunc(m.Evidence, func(id string) bool { return planted[id] }) {
			continue
		}
		kind := "habit"
		if len(m.Tags) > 2 {
			kind = m.Tags[2]
		}
		fmt.Printf("  talk %-8s %s\n", kind, m.Statement)
	}
}

// printMissed prints the planted values of g no active statement states,
// with the message that planted each: "lost" where a statement once
// stated it (a later version or the memory's end took it away), "never"
// where none did.
func printMissed(g longchat.Group, r replayed) {
	var all strings.Builder
	for _, m := range r.active {
		all.WriteString(strings.ToLower(m.Statement) + "\n")
	}
	for _, f := range g.Facts {
		if f.Value != "" && !strings.Contains(all.String(), strings.ToLower(f.Value)) {
			how := "never"
			if slices.ContainsFunc(r.ever, func(st string) bool { return strings.Contains(st, strings.ToLower(f.Value)) }) {
				how = "lost"
			}
			text := r.texts[f.ID]
			if ks := offline.FactKinds(text[strings.Index(text, ": ")+2:]); len(ks) > 0 {
				how += "-read"
			}
			fmt.Printf("  missed %-5s %-14s %-16s %s\n", how, f.Kind, f.Value, text)
		}
	}
}
