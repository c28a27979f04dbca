// Package recall composes what a bot's prompt gets from a group's memory:
// it reads the question, ranks the group's memories and messages against
// it, and packs the best of them into a block that fits the prompt's token
// budget.
//
// Reading a question needs no model. Read finds the window of time the
// question's time words name ("yesterday", "last week", "before May 3",
// "上周五", "5月3号之前") and the members it names, by any name they have
// had or by their id. Ranking uses both: messages inside the window and
// messages by those members rise, on the one scale every candidate (a
// memory, a message, the evidence of a memory, a neighbour of a hit)
// shares. Packing takes the best candidates that fit, whatever their kind.
//
// # Languages
//
// The reading is written once; what varies by language is data. A
// Language returns its Words: number words, units, shifts (last, 上个),
// month and weekday names, the marks that follow numbers (月, 号, 年),
// bounds and range words (before, 之后, between, 到), the words that mark a
// sentence about the future or a habit, the look-alikes that are not time
// words (周到, "May I"), and the common words that are also names (Will).
// Read reads English (lang_en.go) and Chinese (lang_zh.go) together, so a
// question may mix them.
//
// To add a language, add a file lang_xx.go holding a value whose Words
// method fills in the lists, name the value where Read builds its Reader
// (builtin, in question.go), and add its cases to the tests. A shape the
// shared grammar cannot read (a language that writes ago before the
// count, say) becomes a new field of Words, which every language fills,
// not a branch for one language. NewReader makes a Reader of any set of
// languages; the tests read a made-up one with it.
package recall
