// Package longchat generates the long-chat retrieval evaluation set:
// fifty-one group chats as long as real ones (hundreds of messages over
// weeks, in English, in Chinese and in both) and several thousand
// questions, each with the ids of the messages that answer it; and twenty-one
// chats of two
// friends telling each other their lives over months (Pairs), with a
// question about each thing they tell.
//
// The package owns the chats' content and how its questions are asked.
// For every seed it guarantees:
//
//   - the set is a function of the seed alone: the same seed gives
//     byte-identical transcripts and identical questions;
//   - every transcript is in the format of demo.ParseChat, and evidence
//     ids are the ids it gives the messages;
//   - a value a question asks about is planted in its evidence and in no
//     other message of its group; look-alikes (the same kind of fact from
//     other members, the same kind of event on other dates, older values)
//     are listed as Distractors, never as evidence;
//   - multihop evidence spans two nights or more; updated evidence is the
//     latest of two or three values, stated on different nights; a
//     paraphrase shares no keyword.Tokens with its evidence, sender name
//     included; a temporal question's time words pick exactly one of its
//     look-alikes, relative words ("last week", 上个月) counted from AskedAt.
//
// Languages and group themes are data, one file each (en.go, zh.go,
// mixed.go and their talk and theme files); the algorithm that plants
// facts, fills the days with talk and asks the questions is written once.
package longchat

import (
	"cmp"
	"slices"
	"time"
)

// Set is a generated evaluation set.
type Set struct {
	Groups    []Group
	Questions []Question
}

// Group is one chat.
type Group struct {
	ID         string    // group id, e.g. "lc-en-hikers" (letters, digits, '-' only)
	Lang       string    // "en", "zh" or "mixed"
	Split      string    // "train" or "test"
	Transcript []byte    // the chat in the transcript format of demo.ParseChat
	AskedAt    time.Time // when the questions are asked: 10:00 in the chat's zone on the day after its last day

	// Facts lists, in chat order, every message the generator planted
	// something in; every other message is talk.
	Facts []Fact
}

// Fact is one planted message: its id, what was planted and the value it
// states.
type Fact struct {
	ID string // the message id, as demo.ParseChat numbers it
	// Kind is what was planted: "fact/<key>" a member's fact (its first
	// value or a change), "group/<key>" a value of the group's, "event" one
	// occurrence of a series, "span", "milestone" or "paraphrase" a
	// statement with no value of its own.
	Kind string
	// Value is the planted string the message states, in it and in no
	// other message of the group; "" when there is none (the kinds without
	// a value, and group values that are ordinary words).
	Value string
}

// Question is one question with the ids of the messages that answer it.
type Question struct {
	Group    string
	Kind     string   // one of the Kind* constants
	Text     string   // in the language of its evidence
	Evidence []string // message ids, as demo.ParseChat numbers messages in file order
	Answer   string   // short expected answer, for a human reader

	// Distractors are messages a retriever may take for evidence but that
	// do not answer: for an updated question the messages stating the
	// older values, for a temporal one the same kind of event on other
	// dates, for single, who and multihop questions the same kind of fact
	// stated by other members. Paraphrase questions have none.
	Distractors []string

	values []string // planted strings: in the evidence, in no other message of the group
	when   *when    // the dates a temporal question means
}

// The kinds of question.
const (
	KindSingle     = "single"     // a fact stated in one message
	KindMultiHop   = "multihop"   // needs messages from two nights or more
	KindTemporal   = "temporal"   // needs a date, or time words pick one of several look-alikes
	KindWho        = "who"        // asks which member said something
	KindParaphrase = "paraphrase" // shares no keyword with its evidence
	KindUpdated    = "updated"    // asks for the current one of values that changed
)

// kinds lists the kinds in the order questions are listed.
var kinds = []string{KindSingle, KindMultiHop, KindTemporal, KindWho, KindParaphrase, KindUpdated}

// themes are the groups of the set, in order.
// New themes are appended, so that the groups before them stay byte-identical.
var themes = []*theme{&hikers, &parents, &studio, &bookClub, &devs, &runners, &classmates, &gamers, &abroad, &choir, &neighbors, &frisbee, &football, &family, &lab, &office, &school, &cycling, &photo, &garden, &sailing, &anglers, &band, &bakery, &campers, &startup, &nurses, &dorm, &meetup, &astronomy, &badminton, &intlParents, &allotment, &quizTeam, &zhChoir, &hkHikers, &cricketClub, &teaLovers, &diveClub, &dragonBoat, &climbGym, &renoOwners, &teachVolunteers, &catRescue, &makerSpace, &tabletopCafe, &squareDance, &carClub, &nightRun, &groupBuy, &orchestraSH}

// Generate returns the evaluation set of seed. It is deterministic: the
// same seed gives the same set, byte for byte.
func Generate(seed int64) Set {
	var s Set
	for i, th := range themes {
		g, qs := newBuilder(th, seed, i).build()
		slices.SortStableFunc(qs, func(a, b Question) int {
			return cmp.Compare(slices.Index(kinds, a.Kind), slices.Index(kinds, b.Kind))
		})
		s.Groups = append(s.Groups, g)
		s.Questions = append(s.Questions, qs...)
	}
	return s
}
