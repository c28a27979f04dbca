package longchat

import (
	"strings"
	"time"
)

// Templates are strings with slots in braces, filled by fill:
//
//	{v}     the planted value
//	{name}  a member's display name
//	{x}     another member's display name
//	{his}   the possessive pronoun of {name}
//	{who}   a member's name, or a description that picks one ("the member who ...")
//	{when}  time words ("last week", "3月初")
//	{an}    "a" or "an", the English article that goes before {v}
//	{a}     the value of the event a before/after question is anchored on

// lang is what the generator needs of one language: names, the facts
// members state about themselves and how each is asked, talk to fill the
// days with, and how dates are said. Adding a language is adding a value
// of this type.
type lang struct {
	code        string // "en", "zh"
	people      []person
	his, her    string   // {his} for a man, for a woman
	stop        string   // ends a sentence that ends in a letter
	joins       []string // a statement joined with chatter: {chat}, {fact}, {fact-} (first letter lowered), {fact.} (ended as a sentence)
	facts       []fact
	paraphrases []paraphrase
	spans       []span
	milestones  []milestone
	moods       map[string][]string // reactions to a statement, by its mood ({name}: who said it)
	talk        talk
	cal         calendar
}

// person is a name a member may have.
type person struct {
	id, name string
	female   bool
}

// stmt is how a member states something.
type stmt struct {
	say    []string // statements by the member
	prompt []string // another member's question ({name}: the member) that a reply answers
	reply  []string // the member's answers to a prompt
	mood   string   // which of the language's moods the others react with
	reacts []string // reactions that fit only this statement
}

// fact is something a member states about themself: a value from values.
// Each member states each fact at most once, or, when it can change, as
// a sequence of values on different nights.
type fact struct {
	key    string // the same in every language, so look-alikes cross languages
	values []string
	stmt            // how a member states it first
	change stmt     // how a member states a new value; empty: the fact does not change
	ask    []string // single questions; {who} a name or a description
	byName []string // single questions that read well only with a name ({who})
	now    []string // updated questions: the current value ({name})
	who    []string // who questions ({v})
	desc   []string // descriptions of the member who stated {v}, for multihop questions
}

// paraphrase is a statement and a question about it that share no
// keyword, sender name included; the generator checks it each time.
type paraphrase struct {
	key   string
	stmt           // the statement
	ask   string   // the question
	gist  string   // what the statement says, for the answer
	avoid []string // facts the member must not also state (the question would become ambiguous)
}

// span is two statements of one member on nights weeks apart; the
// question asks how long lay between them.
type span struct {
	start, end stmt
	ask        []string // {name}, {his}
}

// milestone is a one-off event a member reports on the day; the question
// asks its date.
type milestone struct {
	stmt
	ask []string // {name}, {his}
}

// talk is what members say that answers no question.
type talk struct {
	greet     []string            // morning greetings
	night     []string            // good nights
	react     []string            // one-word reactions, laughter, stickers
	reply     []string            // answers to someone's chatter ({name}: who said it)
	chatter   []string            // messages of life and work, each one or a few sentences
	topics    []topic             // messages made of parts, for variety
	words     map[string][]string // the lists {key} slots of topics are filled from
	join      string              // between the parts of a topic's message
	exchanges []exchange          // a question and the answers that make sense only next to it
}

// topic is a kind of small talk a message is made from: a line of its
// first part, then of its second, its third or both. Any line of a part
// must read well after any line of the part before.
type topic [3][]string

// exchange is a question to the group and answers to it; when ask holds
// {x}, the member named answers first.
type exchange struct {
	ask     []string
	replies []string
	close   []string // what the asker may say last
	lunch   bool     // asked at lunch time, else whenever
}

// calendar says dates in one language; asked is when the questions are
// asked, so that a date of another year can say so.
type calendar struct {
	date    func(d, asked time.Time) string // a day, to fill {when}: "on March 14"
	part    func(d, asked time.Time) string // a third of a month: "in early March"
	rel     map[string]string               // relative time words by code (see relCodes)
	weekday func(w time.Weekday) string     // a day of last week: "on Friday last week"
	answer  func(d, asked time.Time) string // a day as an answer: "March 14"
	span    func(from, to time.Time) string // the time between two days, as an answer
}

// theme is one group of the set: its language(s), members, dates, the
// events that recur in it and the things that change in it.
type theme struct {
	id, split string
	langs     []*lang // one, or two for a mixed group (its members alternate between them)
	zone      string  // "+08:00"
	start     string  // the first day, yyyy-mm-dd
	weeks     int     // how long the chat runs
	days      int     // how many of those days have messages, at least
	members   int
	messages  int // how many messages at least, about (the token budget usually asks for more)
	series    []series
	updates   []update
	talk      map[string]talk     // the group's own talk by language code; "mix" mixes both
	skip      []string            // facts of the languages that do not fit the group
	facts     map[string][]fact   // the group's own facts, by language code
	ownTalk   bool                // the group's chatter is its own: the languages' chatter and topics do not fit it
	people    map[string][]person // the group's own names by language code; the language's names when absent
}

// series is an event that recurs in a group with a new value each time:
// dinners, hikes, game nights. Questions pick one by its date.
type series struct {
	key    string
	values []string
	slot   int // the part of the day it is posted in: morning, lunch or evening
	text   map[string]seriesText
}

// seriesText is how one language posts and asks about a series.
type seriesText struct {
	say     []string // the post on the day, {v} ({x}: another member)
	reacts  []string
	ask     []string // {when}
	askBy   []string // {name} (who posted), {when}
	askDate []string // {v}; the answer is a date
	before  string   // {when} for the event just before the one at {a}
	after   string   // {when} for the event just after the one at {a}
}

// update is a value of the group's that changes: the meeting day, where
// the carpool leaves from. Any member may state it.
type update struct {
	key    string
	values []string
	common bool // values are ordinary words (weekdays, times) that appear elsewhere too
	text   map[string]updateText
}

// updateText is how one language states and asks about an update.
type updateText struct {
	say    []string // the first value, {v}
	change []string // a new value, {v}
	ask    []string // the current value
}

// fill returns t with each {key} replaced by its value; kv alternates
// keys and values. {an} is the English article that goes before {v}.
func fill(t string, kv ...string) string {
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i] == "v" {
			t = strings.ReplaceAll(t, "{an}", article(kv[i+1]))
		}
		t = strings.ReplaceAll(t, "{"+kv[i]+"}", kv[i+1])
	}
	return t
}

// article returns the English indefinite article that goes before v:
// "an" before a vowel sound ("an ER nurse", "an iPhone 15"), else "a"
// ("a OnePlus 12", "a university").
func article(v string) string {
	lv := strings.ToLower(v)
	for _, p := range []string{"one", "uni", "eu"} {
		if strings.HasPrefix(lv, p) {
			return "a"
		}
	}
	if lv != "" && strings.ContainsRune("aeiou", rune(lv[0])) {
		return "an"
	}
	return "a"
}
