package offline_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/offline"
)

// Two friends catching up tell each other their lives: the clubs they
// joined, what they practise and learn, their hopes and plans, their
// relatives and animals. Each is kept in the teller's name, and a "we" of
// theirs is never the two of them; a day's mishap is not kept.
func TestTwoFriendsTellTheirLives(t *testing.T) {
	c, _ := chatOf(t, "two-lives", []line{
		{0, 0, "19:00", "Harriet", "Hey Sunil! How's things?", noiseTopic},
		{0, 0, "19:01", "Harriet", "I joined a lawn bowls club, I'm the youngest by about twenty years", "a"},
		{0, 0, "19:02", "Sunil", "Haha love it", noiseTopic},
		{0, 0, "19:03", "Sunil", "I've been practising tabla again, my fingers forgot everything", "b"},
		{0, 0, "19:04", "Harriet", "I'm thinking about retirement next year, it feels strange to say out loud", "c"},
		{0, 0, "19:05", "Sunil", "One day I want to open a little dosa cafe, just ten tables", "d"},
		{0, 0, "19:06", "Harriet", "We're flying to London in December to see the baby", "e"},
		{0, 0, "19:07", "Sunil", "We got an axolotl! He smiles all the time and does absolutely nothing", "f"},
		{0, 0, "19:08", "Harriet", "My sister Margaret is staying for a week, we've done nothing but talk", "g"},
		{0, 0, "19:09", "Sunil", "My parents are back in Chennai, they want to visit for six months", "h"},
		{0, 0, "19:10", "Harriet", "I'm learning the harmonica, the dog howls along every time", "i"},
		{0, 0, "19:11", "Sunil", "I don't eat pork, people are always shocked", "j"},
		{0, 0, "19:12", "Harriet", "Got my first tattoo last weekend! A tiny fern on my wrist", "k"},
		{0, 0, "19:13", "Sunil", "I burnt the toast twice this morning, new record", noiseTopic},
		{0, 0, "19:14", "Harriet", "I spilled coffee on my laptop this morning, still works thankfully", noiseTopic},
		{0, 0, "19:15", "Sunil", "Made a huge pot of soup tonight and ate half of it", noiseTopic},
		{0, 0, "19:16", "Harriet", "Elsa started first grade today, she marched in without looking back", "l"},
		{0, 0, "19:17", "Sunil", "I play the darbuka with some friends on Fridays, very loud", "m"},
		{0, 0, "19:18", "Harriet", "We're planning Hawaii for our tenth anniversary, just the two of us", "n"},
		{0, 0, "19:19", "Sunil", "I'm alright, this week's been a lot though", noiseTopic},
		{0, 0, "19:20", "Sunil", "Living in Parramatta now, the food scene is underrated", "o"},
		{0, 0, "19:21", "Sunil", "Last week we had our fortieth anniversary. Forty years and she still laughs at my jokes", "p"},
		{0, 0, "19:22", "Sunil", "Favorite book is The Kite Runner. It wrecked me", "q"},
		{0, 0, "19:23", "Harriet", "Might lease out the north paddock next year, getting too old for it", "r"},
		{0, 0, "19:24", "Sunil", "I fell asleep on the sofa at 8pm yesterday 😂", noiseTopic},
		{0, 0, "19:25", "Harriet", "Shrunk my favourite top in the wash, devastated", noiseTopic},
		{0, 0, "19:26", "Sunil", "We had a massive thunderstorm last night, barely slept", noiseTopic},
		{0, 0, "19:27", "Sunil", "Yesterday we had a cookout at Station 22, the captain burned every burger", "s"},
		{0, 0, "19:28", "Harriet", "We play volleyball with the other nurses every Saturday, I'm the libero", "t"},
		{0, 0, "19:29", "Sunil", "Sorry I've been MIA, I was in the hospital for a few days with appendicitis", "u"},
	})
	env := replay(t, c, offline.Config{})
	active := memories(t, env)[groupmem.StatusActive]
	for _, m := range active {
		t.Logf("memory %q %v", m.Statement, m.Tags)
	}
	for _, want := range [][2]string{{"Harriet", "lawn bowls club"}, {"Sunil", "tabla"}, {"Harriet", "retirement"}, {"Sunil", "dosa cafe"},
		{"Harriet", "London"}, {"Sunil", "axolotl"}, {"Harriet", "Margaret"}, {"Sunil", "Chennai"}, {"Harriet", "harmonica"},
		{"Sunil", "doesn't eat pork"}, {"Harriet", "first tattoo"}, {"Harriet", "Elsa started first grade"}, {"Sunil", "darbuka"},
		{"Harriet", "Hawaii"}, {"Sunil", "Sunil is living in Parramatta"},
		{"Sunil", "Sunil and family had their fortieth anniversary"}, {"Sunil", "Sunil's favorite book is The Kite Runner"}, {"Harriet", "Harriet might lease out the north paddock"},
		{"Sunil", "Sunil and others had a cookout at Station 22"}, {"Harriet", "volleyball with the other nurses every Saturday"},
		{"Sunil", "in the hospital for a few days with appendicitis"}} {
		if !slices.ContainsFunc(active, func(m groupmem.Memory) bool {
			return slices.Contains(m.Tags, "member:"+want[0]) && strings.Contains(m.Statement, want[0]) && strings.Contains(m.Statement, want[1])
		}) {
			t.Errorf("no memory of %s tells of %q in their name", want[0], want[1])
		}
	}
	for _, m := range active {
		for _, w := range []string{"toast", "coffee", "soup", "Members", "members", "How's things", "alright", "sofa", "favourite top", "thunderstorm"} {
			if strings.Contains(m.Statement, w) {
				t.Errorf("a mishap, a greeting or the two of them as a group made a memory: %q", m.Statement)
			}
		}
	}
}
