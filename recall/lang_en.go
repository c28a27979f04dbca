package recall

import "time"

// English is the English of questions in chat.
var English Language = english{}

type english struct{}

// Words returns English's words for time.
func (english) Words() Words {
	return Words{
		Numbers: map[string]int{
			"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
			"eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
			"fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30,
			"a couple of": 2, "couple of": 2, "a couple": 2, "a few": 3, "few": 3, "several": 3,
		},
		Ordinals:        englishOrdinals(),
		OrdinalSuffixes: []string{"st", "nd", "rd", "th"},
		Units: map[string]Unit{
			"day": Day, "days": Day, "week": Week, "weeks": Week,
			"month": Month, "months": Month, "year": Year, "years": Year,
		},
		Spans: map[string]Span{
			"fortnight": {14, Day}, "half a month": {15, Day}, "half a year": {6, Month},
		},
		Periods: map[string]Period{
			"today": {0, Day, 0}, "tonight": {0, Day, 0}, "this morning": {0, Day, 0},
			"this afternoon": {0, Day, 0}, "this evening": {0, Day, 0}, "just now": {0, Day, 0},
			"yesterday": {-1, Day, 0}, "last night": {-1, Day, 0}, "the day before yesterday": {-2, Day, 0},
			"tomorrow": {1, Day, 0}, "the day after tomorrow": {2, Day, 0},
			"the week before last": {-2, Week, 0}, "the month before last": {-2, Month, 0},
			"the year before last": {-2, Year, 0},
		},
		Shifts: map[string]int{"last": -1, "previous": -1, "this": 0, "next": 1},
		Recent: map[string]int{
			"recently": 14, "lately": 14, "these days": 14, "the other day": 7, "past": 0, "the past": 0,
		},
		Months: map[string]time.Month{
			"january": time.January, "jan": time.January, "february": time.February, "feb": time.February,
			"march": time.March, "mar": time.March, "april": time.April, "apr": time.April, "may": time.May,
			"june": time.June, "jun": time.June, "july": time.July, "jul": time.July,
			"august": time.August, "aug": time.August, "september": time.September, "sep": time.September,
			"sept": time.September, "october": time.October, "oct": time.October,
			"november": time.November, "nov": time.November, "december": time.December, "dec": time.December,
		},
		Guarded: []string{"may", "march", "mar", "jan", "june", "april", "august"},
		Weekdays: map[string]time.Weekday{
			"monday": time.Monday, "tuesday": time.Tuesday, "wednesday": time.Wednesday, "thursday": time.Thursday,
			"friday": time.Friday, "saturday": time.Saturday, "sunday": time.Sunday,
		},
		Weekends: []string{"weekend", "the weekend"},
		Parts: map[string]PartWord{
			"early": {Early, false}, "mid": {Mid, false}, "late": {Late, false},
			"the beginning of": {Early, false}, "beginning of": {Early, false},
			"the start of": {Early, false}, "start of": {Early, false},
			"the middle of": {Mid, false}, "middle of": {Mid, false},
			"the end of": {Late, false}, "end of": {Late, false},
		},
		Context: []string{"in", "during", "of", "back in"},
		Fillers: []string{"the", "of"},
		Ago:     []string{"ago"},
		Later:   []string{"from now"},
		Bounds: map[string]Bound{
			"before": {}, "prior to": {}, "until": {Inclusive: true}, "till": {Inclusive: true},
			"up to": {Inclusive: true}, "after": {After: true}, "since": {After: true, Inclusive: true},
			"from": {After: true, Inclusive: true},
		},
		Between: []string{"between"},
		Joins:   map[string]bool{"and": false, "to": true, "until": true, "till": true, "through": true, "thru": true},
		Earlier: []string{"earlier"},
		Every:   []string{"every", "each"},
		Future: []string{
			"will", "ll", "shall", "going to", "gonna", "plan to", "planning to", "about to", "upcoming", "next",
		},
		Current: []string{"now", "currently", "these days", "nowadays", "at the moment", "right now", "still", "latest",
			"anymore", "any more", "most recent", "most recently"},
		LookAlikes: []string{
			"will you", "will u", "may i", "may we", "may you", "a second", "wait a second", "just a second",
		},
		CommonWords: []string{
			"will", "may", "bill", "mark", "rose", "grace", "hope", "faith", "joy", "june", "april", "august",
			"frank", "jack", "pat", "sue", "art", "dawn", "summer", "ray", "rob", "sunny", "penny", "holly",
			"ivy", "autumn", "miles", "chase", "hunter", "drew", "gene", "jean", "sky", "rich", "max", "sandy",
		},
	}
}

// englishOrdinals returns the ordinal words of days of the month: first
// to thirty-first.
func englishOrdinals() map[string]int {
	ords := []string{"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
		"eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth",
		"nineteenth", "twentieth"}
	m := make(map[string]int, 31)
	for i, o := range ords {
		m[o] = i + 1
	}
	for i, o := range ords[:9] {
		m["twenty-"+o] = 21 + i
	}
	m["thirtieth"], m["thirty-first"] = 30, 31
	return m
}
