package recall

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/prompts"
)

func msg(id, sender, text string, day int) *groupmem.Message {
	return &groupmem.Message{ID: id, SenderID: strings.ToLower(sender), SenderName: sender, Content: text, Seq: int64(day),
		SentAt: time.Date(2026, 5, day, 19, 30, 0, 0, time.UTC)}
}

func mem(id, statement string) *groupmem.Memory {
	return &groupmem.Memory{ID: id, Statement: statement}
}

// A short message is quoted whole; a long one keeps the sentences that
// share a term with the question, in its own words, with … where text
// was left out.
func TestExcerpt(t *testing.T) {
	short := "We moved the meeting to Thursday."
	if got := excerpt(short, terms("meeting")); got != short {
		t.Errorf("short message: %q", got)
	}
	long := "Long day at work today, the printer jammed three times and the coffee machine is broken again. " +
		"Anyway, my sister finally adopted a beagle named Biscuit from the shelter on Elm Street. " +
		"The kids are already fighting about who walks him first, and the cat is not amused at all, hiding under the sofa all evening long."
	got := excerpt(long, terms("what is the name of the beagle?"))
	if got != "… Anyway, my sister finally adopted a beagle named Biscuit from the shelter on Elm Street. …" {
		t.Errorf("long message: %q", got)
	}
	if prompts.EstimateTokens(got) >= prompts.EstimateTokens(long) {
		t.Errorf("excerpt %q is no shorter", got)
	}
	// Nothing matches: the opening, cut, and marked.
	got = excerpt(long, terms("semantic only"))
	if !strings.HasPrefix(got, "Long day at work today") || !strings.HasSuffix(got, gap) || prompts.EstimateTokens(got) > excerptAbove+2 {
		t.Errorf("no sentence matches: %q", got)
	}
	zh := "今天加班到九点，好累啊。对了，我家猫咪上周生了三只小猫，都是橘色的，有人想领养吗？" +
		"另外楼下新开了一家火锅店，味道一般般，价格还挺贵的，不推荐大家去了，下次还是去老地方吃吧。周末天气不错，可以出去走走。"
	got = excerpt(zh, terms("谁家的猫生了小猫？"))
	if !strings.Contains(got, "我家猫咪上周生了三只小猫") || strings.Contains(got, "火锅") || !strings.HasPrefix(got, gap) {
		t.Errorf("Chinese message: %q", got)
	}
}

func TestSentences(t *testing.T) {
	got := sentences("Pi is 3.14, e.g. close. Really?! Yes;no\n中文。好的！")
	want := []string{"Pi is 3.14, e.g.", "close.", "Really?!", "Yes;no", "中文。", "好的！"}
	if !slices.Equal(got, want) {
		t.Errorf("sentences = %q, want %q", got, want)
	}
}

// pack takes the best candidates that fit, whatever their kind, states
// exactly what its ids say, stays within the budget and counts what did
// not fit.
func TestPack(t *testing.T) {
	cands := []candidate{
		{message: msg("m1", "Ann", "I adopted a beagle named Biscuit.", 3), score: 1.2},
		{memory: mem("v1", "Ann has a beagle named Biscuit."), score: 1.1},
		{message: msg("m2", "Bo", strings.Repeat("A long line about nothing in particular. ", 12), 2), score: 0.9},
		{message: msg("m3", "Cy", "Biscuit is cute!", 4), score: 0.5},
		{memory: mem("v2", "The group hikes on Saturdays."), score: 0.2},
	}
	for _, budget := range []int{1, 12, 30, 60, 400} {
		got := pack(cands, budget, terms("beagle"))
		if got.Tokens > budget || got.Tokens != prompts.EstimateTokens(got.Text) {
			t.Errorf("budget %d: %d tokens (text %d)", budget, got.Tokens, prompts.EstimateTokens(got.Text))
		}
		for _, id := range got.MessageIDs {
			c := cands[slices.IndexFunc(cands, func(c candidate) bool { return c.message != nil && c.message.ID == id })]
			if !strings.Contains(got.Text, c.message.SenderName+": ") {
				t.Errorf("budget %d: message %s is listed but its line is not in %q", budget, id, got.Text)
			}
		}
		for _, id := range got.MemoryIDs {
			c := cands[slices.IndexFunc(cands, func(c candidate) bool { return c.memory != nil && c.memory.ID == id })]
			if !strings.Contains(got.Text, "- "+c.memory.Statement) {
				t.Errorf("budget %d: memory %s is listed but not stated in %q", budget, id, got.Text)
			}
		}
		if n := len(got.MessageIDs) + len(got.MemoryIDs) + got.LeftOutMessages + got.LeftOutMemories; n != len(cands) {
			t.Errorf("budget %d: %d taken and left out of %d", budget, n, len(cands))
		}
	}
	got := pack(cands, 1, nil)
	if got.Text != "" || got.LeftOutMessages != 3 || got.LeftOutMemories != 2 {
		t.Errorf("a budget below one line: %+v, want an empty block with everything left out", got)
	}
	got = pack(cands, 40, terms("beagle"))
	if !slices.Equal(got.MessageIDs, []string{"m1"}) || !slices.Equal(got.MemoryIDs, []string{"v1"}) {
		t.Errorf("budget 40: messages %v, memories %v; want the best message and memory", got.MessageIDs, got.MemoryIDs)
	}
	want := "Memories:\n- Ann has a beagle named Biscuit.\n\nMessages:\n[2026-05-03 19:30 UTC] Ann: I adopted a beagle named Biscuit."
	if got.Text != want {
		t.Errorf("block:\n%s\nwant:\n%s", got.Text, want)
	}
	// Messages are listed oldest first, whatever their rank.
	got = pack(cands, 400, terms("beagle"))
	if !slices.Equal(got.MessageIDs, []string{"m2", "m1", "m3"}) {
		t.Errorf("message ids %v, want oldest first", got.MessageIDs)
	}
	if !strings.Contains(got.Text, gap) {
		t.Errorf("the long message is not shortened: %q", got.Text)
	}
}
