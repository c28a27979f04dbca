package offline_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/offline"
)

// A name of one word in a member's own sentence in the first person is
// theirs ("I'm in Ancoats now"), as is a place in a sentence that opens
// with its verb ("Signed the lease in Songshan"); one said about nobody ("Got tickets for
// the Radiohead tribute band") or brought to what the others talk about
// too ("bringing Catan" to the board game night) is not. A price's
// decimal point does not end the sentence ("£3.80").
func TestOneWordNames(t *testing.T) {
	c, _ := chatOf(t, "names", talkLines([]talk{
		{0, "wes", "Moving done!! I'm in Ancoats now, so I can actually walk to work", true},
		{0, "bev", "nice one, welcome to the neighbourhood", false},
		{1, "jonno", "People laugh but Warhammer is the only thing keeping me sane right now", true},
		{1, "marta", "Nobody in Gdańsk would pay £3.80 for a coffee, my mum nearly fainted when I told her", true},
		{2, "bev", "Got tickets for the Radiohead tribute band", false},
		{2, "marta", "Signed the lease in Songshan today, deposit was brutal but there's a rooftop", true},
		{2, "wes", "board game night on thursday, who is in?", false},
		{2, "marta", "board game night yes!", false},
		{3, "jonno", "I'm in for board game night, bringing Catan", false},
	}))
	env := replay(t, c, offline.Config{})
	active := memories(t, env)[groupmem.StatusActive]
	sts := statementsOf(active)
	for _, want := range []string{"Ancoats", "Warhammer", "Gdańsk would pay £3.80 for a coffee", "lease in Songshan"} {
		if !slices.ContainsFunc(active, func(m groupmem.Memory) bool { return strings.Contains(m.Statement, want) }) {
			t.Errorf("no active memory says %q; active: %v", want, sts)
		}
	}
	for _, m := range active {
		if strings.Contains(m.Statement, "Radiohead") || strings.Contains(m.Statement, "Catan") {
			t.Errorf("%q: a band or a game of the moment kept as a member's own", m.Statement)
		}
	}
}
