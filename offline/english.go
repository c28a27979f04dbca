package offline

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// English is the English language value (see Language).
var English = Language{
	Name:         "en",
	Owns:         func(string) bool { return true },
	ClauseMarks:  ".!?;,:",
	SecondPerson: regexp.MustCompile(`(?i)\b(you|your|yours|yourself|yourselves|you're|you've|you'll|you'd|ya|u|ur|y'all)\b`),
	Question:     regexp.MustCompile(`\?\s*$`),
	Greeting: regexp.MustCompile(`(?i)^\W*(hey|hi|hello|hiya|yo|congrats|congratulations|welcome|thanks|thank you)\b|` +
		`(?i)^\W*(good )?(morning|evening|night|afternoon)( all| everyone| folks| guys| team)?\W*$|` +
		`^\W*[A-Z][a-z]+!+\s*$`), // a name called out: "Mel!"
	SignOff: regexp.MustCompile(`(?i)\b(talk (to you )?(later|soon)|ttyl|see (you|ya|y'all) (later|soon|then|there)|catch (you|ya) later|take care|good ?night|gotta (go|run)|bye)\b`),
	Reaction: regexp.MustCompile(`(?i)^\W*(that'?s|that is|this is|how|what a|sounds|looks|wow|omg|aww+|nice|great|awesome|amazing|cool|lol|haha+|yay|ok|okay|wait|honestly|same|sorry|no worries|love (it|that|this)|hang in there|sending|so anyways?|anyways?)\b` +
		`[\w\s',-]{0,30}[.!]*\s*$`),
	Photo: regexp.MustCompile(`(?i)\b(here'?s (a|the|my|our) (pic|photo|picture|shot|snap|video|link|view|sunset|sunrise)|(check|look at) (this|these|it|out this|the|my|our)|pic of|photo of|(pic|photo|link) below|attached|sorry for the [a-z ]*(pic|photo))\b`),
	Place: regexp.MustCompile(`\b(?:at|in|to|from|on|of) (?:the )?[A-Z][\w'-]*`),
	Rewrites: append([]Rewrite{
		// "Thanks for chaperoning at Willow Farm, Emma", "Thanks for
		// carrying me in Lethal Company tonight Hannah", "Thanks for
		// dinner at Golden Wok everyone"
		{regexp.MustCompile(`(?i)^(?:thanks|thank you)(?: so much)? for ([^,.!?]+?)(?: everyone| all| guys| y'all)?(?:, | (?:tonight|today|again),? )(?-i:([A-Z][a-z]+|\p{Han}{1,4}))([,.!?]|$)`), "I thanked $2 for $1$3"},
		{regexp.MustCompile(`(?i)^(?:thanks|thank you)(?: so much)? for ([^,.!?]+?)(?: everyone| all| guys| y'all)?([,.!?]|$)`), "I thanked everyone for $1$2"},
		// "Been really into fencing lately": the subject left out
		{regexp.MustCompile(`(?i)^been\b`), "I've been"},

		// "Can we keep soy out of the potluck? I'm allergic": what one is
		// allergic to, asked to be left out
		{regexp.MustCompile(`(?i)^(?:can|could) we (?:please )?(?:keep|leave) (.+?) (?:out of|off|away from) [^?]*\?\s*(i'?m|i am) ((?:seriously |very |really |super )?allergic)\b`), "$2 $3 to $1"},
		// "Walking the dog before work": one's own animal, its walker left out
		{regexp.MustCompile(`(?i)^(?:just |off )?(walking|feeding) (?:the|my|our) (` + enPet + `)(s?)\b`), "I'm $1 my $2$3"},
		// "Speaking as a landscape architect: …"
		{regexp.MustCompile(`(?i)^speaking as (an? [^,.:;!?]+)`), "I'm $1"},
	}, enDoing()...),
	FirstPerson: regexp.MustCompile(`\b(I|I'm|I've|I'll|I'd|me|my|mine|myself)\b`),
	PlaceWords:  []string{"in", "at", "from", "to", "near"},
	Leads: []string{"hot take", "fun fact", "small update", "quick update", "big news", "reminder", "friendly reminder", "quick reminder", "just a reminder", "fyi", "psa", "note", "heads up", "heads-up",
		"btw", "by the way", "also", "ok so", "so", "guys", "everyone", "folks", "hey all", "hi all", "hey everyone",
		"hi everyone", "all", "announcement", "update", "as a reminder", "for the newbies", "for newbies", "for anyone new", "for newcomers", "for the new folks"},
	Openers:  []string{"oh and", "oh", "anyway", "anyways", "btw", "by the way", "and also", "also also", "plus", "ok so", "so anyway", "sorry", "also"},
	Aside:    regexp.MustCompile(`(?i)(?:^|[\s,]+)(?:(?:so|and|but|then)\s+)?let(?:'|’)?s\s.*$`),
	Reader:   regexp.MustCompile(`(?i)\b(you|your|you're|you'll|yours)\b|^\s*(please|remember|don't|do not|bring|push|make sure)\b|^\s*(?:so |and |but )?(let|tell|ask|fight|call|text|ping|remind|show|help|forgive|excuse|pardon|wish) (me|us)\b`),
	Singular: regexp.MustCompile(`(?i)\b(i|i'm|i've|i'll|i'd|me|my|mine|myself)\b`),
	BareVerb: regexp.MustCompile(`\b([A-Z][a-z]+) (?:really |also |still |even |just |always |never |totally )?` +
		`(have|go|am|appreciate|love|like|want|need|think|know|feel|hope|wish|enjoy|miss|agree|guess|mean|say|get|make|take|carry|can't wait)(?:[\s,.!;]|$)`),
	VerbLead: regexp.MustCompile(`(?i)^\W*(just |finally |also |still )?([a-z]{3,}ed|went|made|took|got|bought|had|ran|met|saw|found|spent|signed|caught|brought|began|did|flew|grew|won|sold|left|kept|lost|paid|put|built|drove|rode|swam|wrote|read|ate|drank|gave|heard|learnt|thought|taught|told|wore|started|picked|` +
		`sang|sat|stood|slept|woke|came|became|fell|felt|forgot|hung|rang|spoke|threw|began|took up|beat|can't|cannot|couldn't|won't|wouldn't)\b`),
	SubjectSpace: " ",
	Self:         "I",
	NotVerbs: []string{"hundred", "indeed", "need", "speed", "seed", "breed", "proceed", "exceed", "tired", "bored", "excited",
		"scared", "worried", "interested", "stressed", "relieved", "obsessed", "surprised", "amazed", "exhausted", "confused",
		"thrilled", "pleased", "disappointed", "annoyed", "impressed", "stuffed", "blessed", "married", "engaged", "retired"},
	Attribution: ": ",
	Definite:    "The ",
	Mine:        "My ",
	Result: regexp.MustCompile(`(?i)(?:^|[.!?,;:])\W*(?:beat|lost to|lost \d|won \d|drew \d|drew with|thrashed|edged)\b|\bbeat (?-i:[A-Z])[^.!?]{0,40}\b\d{1,2}-\d{1,2}\b|\b\d{1,2}-\d{1,2} (?:win|loss|draw|defeat|victory)\b|` +
		`\b(?:lost|won|drew) \d{1,2}-\d{1,2}\b|\b(?:full time|final score|result|league update)\b[^.!?]{0,30}\d{1,2}\b|\bus \d{1,2}\b`),
	Team:       "The team",
	Teamed:     enTeamed,
	Possessive: "%s's",
	Their:      "their",
	Recurs: regexp.MustCompile(`(?i)\b(every|each) (day|morning|evening|night|week|weekend|month|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|` +
		`\b(weekly|daily|monthly|fortnightly|as usual|as always|from now on|going forward|on (mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|weekends))\b|` +
		// the time it keeps, asked or said again ("same time thursday?",
		// "at the usual time")
		`\b(same time (?:next week|(?:this |next |on )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))|the usual time)\b`),
	Mishap: regexp.MustCompile(`(?i)\b(again|once more|yet another|as ever|suddenly|out of nowhere|last minute|broke down|stopped working|died on me|packed up|conked out|` +
		`burnt|spilled|spilt|smashed|overslept|locked (?:myself )?out|shrunk|stubbed|tripped over|slipped on|got soaked|missed (?:the|my) (?:bus|train|flight|stop)|` +
		`delayed|stuck in traffic|traffic jam)\b`),
	Irony:     regexp.MustCompile(`(?i)^\W*(sometimes|not|kidding|just kidding|jk|not really|yeah right|as if|allegedly|said no one( ever)?)\W*$`),
	SelfDated: enSelfDated,
	Notable: regexp.MustCompile(`(?i)\b(?:broke (?:my|his|her|their|a|two|three|both)|broken (?:arm|leg|wrist|ankle|toe|rib|ribs|nose|finger|collarbone)|fractured|sprained|dislocated|` +
		`stitches|concussion|surgery|(?:got|was|were|been) (?:stolen|burgled|mugged|broken into)|(?:was|were|been) robbed|stole my|snatched|snatcher|got towed|towed away|fender bender|car crash|` +
		`crashed (?:my|the|our|into)|rear-ended|hailstorm|(?:kitchen|basement|bathroom|flat|house|garage|cellar) (?:flooded|was flooded|got flooded)|burst pipe|lice|chickenpox|` +
		`became a (?:grandpa|grandma|grandad|granny|dad|mum|mom|father|mother|grandfather|grandmother)|got engaged|proposed to|got married|gave birth|was born|passed away|code blue|evacuated)\b`),
	Recent: regexp.MustCompile(`(?i)\b(?:yesterday|today|tonight|earlier today|this (?:morning|afternoon|evening|week|weekend)|last (?:night|week|weekend|month)|the other day|` +
		`(?:a couple of|two|three|four|five|a few) (?:days|weeks) ago|(?:on|last) (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b`),
	Plural:    regexp.MustCompile(enSentenceOpen + `(?:(?:` + enDayWords + `)\W+)?we(?:'re|'ve|'d|'ll)?\b`),
	FirstTime: regexp.MustCompile(`(?i)\b(?:my|our|the) (?:very )?first\b|\bfor the first time\b`),
	Mood: regexp.MustCompile(`(?i)^\W*(?:(?:yeah|yes|oh|so|well|honestly|ugh|meh)\W+)*i(?:'m| am| was|'ve been| have been) (?:so |really |pretty |a bit |kinda |quite |totally |just |still )?(?:alright|all right|fine|ok|okay|good|great|grand|tired|exhausted|knackered|shattered|wiped|busy|swamped|stressed|bored|sick|ill|rough|meh|sleepy|sore|hungover|not bad|not great|surviving|hanging in)\b|` +
		// a night's sleep and the day's weather are how one is that day too
		`(?i)^\W*(?:(?:yeah|yes|oh|so|well|honestly|ugh|meh)\W+)*(?:i(?:'m| am) (?:near|around|outside|nearby|stuck)\b|i (?:fell asleep|overslept|slept in|didn't sleep|couldn't sleep|barely slept)|(?:we|i) had (?:a |an |the )?(?:massive |huge |big |crazy |proper |mad )?(?:thunderstorm|storm|heatwave|snowstorm|blizzard|downpour))\b`),
	Others: regexp.MustCompile(`(?i)\b(?:neighbou?r|boss|manager|co-?worker|colleague|landlord|landlady|roommate|flatmate|housemate)(?:'s|s')\s`),
	Arranges: regexp.MustCompile(`(?i)\b(?:tonight|today|tomorrow|this (?:morning|afternoon|evening))\b.{0,40}\b(?:at )?\d{1,2}(?::\d\d)?\s?(?:am|pm)?\b|` +
		`\b\d{1,2}(?::\d\d)?\s?(?:am|pm)\b.{0,40}\b(?:tonight|today|tomorrow)\b`),
	TimeNames: regexp.MustCompile(`\b(?:January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b`),
	Chores:    regexp.MustCompile(`(?i)\b(taxes|tax return|laundry|chores|housework|ironing|dishes|hoovering|vacuuming|paperwork|admin|errands|groceries|grocery run|homework|spring cleaning|decluttering|emails|inbox|bugs?|debugging|marking|spreadsheets?|timesheets?)\b`),
	FillerWords: []string{
		"hi", "hello", "hey", "heya", "yo", "morning", "good", "night", "gm", "gn", "evening", "afternoon",
		"everyone", "all", "guys", "folks", "y'all", "bye", "cya", "see", "you", "later", "brb", "back", "ok",
		"okay", "k", "kk", "yes", "yeah", "yep", "yup", "no", "nope", "nah", "sure", "fine", "thanks", "thank",
		"thx", "ty", "np", "lol", "lmao", "rofl", "xd", "omg", "wow", "nice", "cool", "great", "indeed", "agreed",
		"true", "same", "+1", "haha", "hahaha", "hehe", "hmm", "ah", "oh", "uh", "um", "happy", "holidays",
		"weekend", "birthday", "merry", "christmas", "new", "year", "cheers",
	},
	StopWords: []string{
		"a", "an", "the", "is", "are", "was", "were", "be", "been", "am", "to", "of", "in", "on", "at", "for",
		"and", "or", "but", "if", "so", "as", "by", "it", "its", "it's", "this", "that", "these", "those", "i",
		"i'm", "i'll", "i've", "me", "my", "we", "we're", "we'll", "us", "our", "you", "you're", "your", "he",
		"she", "they", "them", "their", "his", "her", "do", "does", "did", "will", "would", "can", "could",
		"should", "just", "please", "with", "from", "about", "up", "out", "all", "any", "some", "there", "here",
		"what", "who", "how", "when", "where", "which", "have", "has", "had", "not", "don't", "let's", "lets",
		"also", "too", "very", "really", "then", "than", "into", "over", "again", "still", "anyone", "everyone",
		"today", "tonight", "now", "get", "got", "go", "going",
	},
	Dangling: []string{"like", "and", "but", "or", "so", "because", "cause", "the", "a", "an", "that", "when", "if"},
	TrailingFiller: []string{
		"lol", "lmao", "rofl", "xd", "omg", "haha", "hahaha", "hehe", "+1",
	},
	MediaWords: []string{
		"photo", "picture", "pic", "image", "video", "gif", "sticker", "file", "voice", "audio", "link", "location",
	},
	ChangeCues: []string{
		"moved to", "move to", "moving to", "switched to", "switching to", "changed to", "change to",
		"migrated to", "from now on", "instead of", "no longer", "going forward", "starting next", "starting this",
		"rescheduled",
	},
	FrequencyCues: []string{
		"every ", "each week", "weekly", "daily", "as usual", "as always", "same as always", "always",
	},
	Joins: []string{"but", "though", "although", "whereas"},
	TimeWords: []string{"day", "days", "week", "weeks", "night", "nights", "morning", "mornings", "evening", "evenings", "afternoon",
		"today", "tonight", "tomorrow", "yesterday", "weekend", "weekends", "time", "times", "hour", "hours", "month", "months", "year", "years"},
	Occasion: []string{
		"tonight", "tomorrow", "today", "yesterday",
	},
	When: enWhen,
	Setting: regexp.MustCompile(`(?i)\b(?:from now on|going forward|starting (?:next|this|monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow)|moves? to the|moved to the|(?:is|are) now (?:at|in|on|the)|(?:lives|live) in the|leaves? from the|we(?:'ll)? (?:meet|gather) at the|renam(?:e|ed|ing) (?:the|it|our)|working title)\b|` +
		// where the group meets for what it does, and what it pays ("we
		// rehearse in St Luke's hall", "practice is at the north lawn",
		// "subs are £5 a session", "fees go to ¥40 per session")
		`(?i)\bwe (?:rehearse|practi[cs]e|train|play|meet|gather|sing) (?:in|at) |\b(?:rehearsals?|practices?|training|meetings?|sessions?|games?|pickup|pick-up|drop-off|collection|meeting point|the meetup) (?:is|are|will be) (?:now )?(?:in|at|held (?:in|at)) |` +
		`(?i)\bnew (?:home|place|spot|location) for (?:the|our)\b|\bmov(?:e|es|ed|ing) (?:the |our )?[a-z]+(?: [a-z]+)? to (?:the )?(?-i:[A-Z])|` +
		`(?i)\b(?:subs|fees?|dues|membership|club fee|entry|fund|kitty) (?:is|are|go(?:es)? (?:up )?to|will be|(?:is|are) now|(?:is|are) going to)\b[^.!?]{0,12}(?:£|\$|€|¥|\d)|\b(?:agreed|voted) to (?:change|raise|lower|set|move)\b|` +
		// a new ground, pitch or room the group moves to ("New home ground
		// from March: Greville Smyth Park")
		`(?i)\bnew (?:home )?(?:ground|pitch|venue|room|field|court|hall|clubhouse)\b|\b(?:are|is) (?:picked up|collected) (?:at|from) |` +
		// what the group is allowed, pays or opens with ("snack budget is
		// ¥200 a week", "staff discount is 25% off", "new code is 4071",
		// "the padlock code on the main gate is 2958")
		`(?i)\b(?:budget|discount|allowance|deposit|cover charge|day rate) (?:is|are|will be|goes to|(?:is|are) now)\b[^.!?]{0,12}(?:£|\$|€|¥|\d)|\bnew (?:code|password|contact|number|rota)\b|` +
		`(?i)\b(?:padlock|door|gate|lockbox|key ?safe|wifi) (?:code|password) (?:is|on|for)\b|\b(?:code|password) (?:on|for|to) the [a-z]+(?: [a-z]+){0,2} is\b`),
	Facts:    enFacts,
	Asked:    enAsked,
	Answered: "Asked %[2]s, %[1]s said — %[3]s",
	Answer:   enAnswer,
	Agree:    enAgree,
	NoAnswer: regexp.MustCompile(`(?i)^\W*(?:no idea|not sure|dunno|i don't know|don't know|idk|can't remember|i can't remember|i forget|forgot|no clue)\b`),
	NamesItself: []string{", my other half", ", my husband", ", my wife", ", my partner", " club", " choir", " orchestra", " league", " team", " grade", "allergic", "vegetarian", "vegan", "lactose", "youngest", "oldest", "eldest", "little one",
		"intolerant", "coeliac", "raising", "doctor", "makes me", "made me", "lessons", "classes", "class", "course", "urgent care", "hospital",
		"i have a ", "i have an ", "i have one ", "i have two ", "i have three ", "i have four ", "i've got a ", "i've got two ", "i've got three "},
	Vague: []string{"much", "lot", "lots", "idea", "one", "ones", "thing", "things", "stuff", "way", "guys",
		"yours", "mine", "both", "more", "less", "well", "back", "already", "yet", "ever", "honestly", "though", "yes", "no",
		"yeah", "yep", "nope", "now", "anyway", "lol", "omg", "haha", "bit", "little", "same", "whole", "good", "like", "that"},
	Someone:   "a member",
	Voice:     enVoice,
	Habitual:  enHabitual,
	Weekly:    enWeekly,
	Date:      func(d time.Time) string { return d.Format("Mon Jan 2") },
	DatedPart: "on %s, ",
	PartLead:  regexp.MustCompile(`^on [A-Z][a-z]{2} [A-Z][a-z]{2} \d{1,2}, `),
	Dated:     regexp.MustCompile(`\b[A-Z][a-z]{2} [A-Z][a-z]{2} \d{1,2}\b`),
	PartSep:   "; ",
	Support: func(st string, members, days int, since time.Time) string {
		return fmt.Sprintf("%s (%d members over %d days since %s)", strings.TrimRight(st, "."), members, days, since.Format("Jan 2"))
	},
}

// enDayWords and enDated are a day, a recency or a span of what a member
// tells of themselves, for enSelfDated.
const (
	enDayWords = `yesterday|today|tonight|tomorrow|earlier today|the other day|(?:a couple of|two|three|four|five|a few) (?:days|weeks) ago|` +
		`(?:last|this|next) (?:night|morning|week|weekend|month|year|spring|summer|fall|autumn|winter)|(?:on|last|next|this) (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)`
	enDated = `ago|just|recently|finally|lately|yesterday|today|tonight|tomorrow|(?:last|this|next) (?:night|morning|week|weekend|month|year|spring|summer|fall|autumn|winter)|` +
		`(?:on|last|next|this) (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|in (?:january|february|march|april|may|june|july|august|september|october|november|december)|` +
		`for (?:a |an |the (?:past|last) )?(?:couple of |few |\w+ )?(?:years|months|decades)|since (?:college|school|uni|university|i was|(?:19|20)\d\d)`
	// enDidLed is a sentence that opens with what its sender did, its
	// "I" left out ("Got my first tattoo last weekend!").
	enDidLed = `(?:finally |just )?(?:got|did|went|took|made|ran|saw|drove|met|won|bought|played|finished|tried|visited|adopted|climbed|hiked|completed)(?: my| a| an| to| the| our| with)`
	// enMarked is what makes a sentence that opens with a deed more than
	// a day's anecdote: a first time or a name ("Drove to Houston for an
	// Astros game", not "Made a huge pot of soup").
	enMarked = `(?:\bfirst\b|(?-i:\b[A-Z][a-z]))`
)

// enSentenceOpen is what may come before the subject of a sentence: a
// label ("Update:") and words that turn to it ("so", "oh").
const enSentenceOpen = `(?i)^\W*(?:[\w ]{1,20}:\s*)?(?:(?:yeah|yes|oh|so|well|anyway|also|and|honestly|actually|btw)\W+)*`

// enSelfDated is English's Language.SelfDated: a sentence that opens with
// "I", or with a day and then "I", and names a day, a recency or a span;
// or one that opens with a deed, its "I" left out, and names a first time
// or a name as well as the day.
var enSelfDated = regexp.MustCompile(enSentenceOpen + `(?:` +
	`(?:` + enDayWords + `)\W+(?:i|we)(?:'m|'ve|'d|'ll|'re)?\s|` +
	`(?:i|we)(?:'m|'ve|'d|'ll|'re)?\s.*\b(?:` + enDated + `)\b|` +
	`my (?:son|daughter|boy|girl|kids?|husband|wife|partner|little one|eldest|youngest|oldest)\s.*\b(?:` + enDated + `)\b|` +
	enDidLed + `\s(?:.*` + enMarked + `.*\b(?:` + enDated + `)\b|.*\b(?:` + enDated + `)\b.*` + enMarked + `))`)

// enDoing are the Rewrites of a line that tells what its sender is doing
// these days, its "I'm" left out: "Living in Bellingham now", "Planning a
// trip to Mexico City", "Thinking of taking the kids to Costa Rica".
func enDoing() []Rewrite {
	var out []Rewrite
	for _, w := range []string{"living", "working", "studying", "planning", "thinking of", "thinking about", "training", "teaching",
		"learning", "saving for", "saving up for", "renting", "staying", "volunteering", "coaching", "running", "raising", "building",
		"renovating", "going to", "hoping to", "looking at", "looking for"} {
		out = append(out, Rewrite{regexp.MustCompile(`(?i)^(?:still |now |currently )?` + w + ` `), "I'm " + w + " "})
	}
	// "Might lease out the north pasture next year", "Favorite book is
	// A River Runs Through It"
	for _, w := range []string{"might", "may", "hope to", "want to", "need to"} {
		out = append(out, Rewrite{regexp.MustCompile(`(?i)^` + w + ` `), "I " + w + " "})
	}
	for _, w := range []string{"favourite", "favorite"} {
		out = append(out, Rewrite{regexp.MustCompile(`(?i)^` + w + ` `), "My " + w + " "})
	}
	return out
}

// enFacts are the English patterns of what members say about themselves.
var enFacts = map[string]*regexp.Regexp{
	"job": regexp.MustCompile(`(?i)\b(i work (as|at|for|in)|i'm working (as|at)|i(?:'m| am) (now )?an? ([a-z]+ )?` + enOccupation + `|my job|i just started (a new job|working)|i(?:'ve| have)? (got|been) promoted|speaking as an?|being an? [a-z]+( [a-z]+)? is|accepted an offer as|officially an?)\b|(?i)\bi'?m an? [a-z]+( [a-z]+)?!|` +
		`\b(?:i )?(?:just )?(?:switched careers|started as an?|got a job as|been working as)\b|` +
		// the job named as what one works, starts or has been as ("Ten
		// hours on my feet as a bus driver", "I'm going to be a product
		// designer", "New job starts Monday, a data engineer at …")
		// or in a frame of work ("the joys of being a barista", "full-time
		// physio from next week", "paramedic by day", "Nurse life:"), or a
		// post offered or signed for
		`\b(?:(?:as|going to be|now|new job[^.!?]{0,30}|(?:job|work|role|position|career) as) an?|being(?: an?)?|full-time|part-time|trainee|qualified|retraining as(?: an?)?) (?:[a-z-]+ ){0,2}` + enOccupation + `|` +
		`\b(?:[a-z-]+ )?` + enOccupation + ` (?:life|by day|by trade)\b|` +
		// a post named as one's new title or the offer one got, the life
		// one leads as it, or the job one moves over to ("New badge, new
		// title: radiographer", "Got the offer: arborist", "such is the
		// life of a bus driver", "I'm moving over to be an account manager")
		`\b(?:new (?:title|role|job|position)|the offer|job offer)\s*[:,–-]\s*(?:an? )?(?:[a-z-]+ ){0,2}` + enOccupation + `|` +
		`\blife of an? (?:[a-z-]+ ){0,2}` + enOccupation + `|\b(?:moving|moved|move|switching|switched) (?:over |across )?to be an? (?:[a-z-]+ ){0,2}` + enOccupation + `|` +
		`\b(?:offer (?:from|at)|signed with|interview (?:at|with)) (?-i:[A-Z])|` +
		// one's workplace as "ours" ("Our ward in St. Luke's is so toxic
		// this week")
		`\bour (?:ward|unit|clinic|office|shop|store|station|department|lab|kitchen|practice|firm|restaurant|bakery|café|cafe|salon) (?:at|in) (?-i:[A-Z])|` +
		// a shift or a first week at one's work ("closing shift at tim
		// hortons again", "First week as clinical instructor")
		`\b(?:closing|opening|night|morning|double|early|late|day) shift (?:at|in)\b|\bfirst (?:week|day|shift|month) (?:as|at) |` +
		// what one has been for years ("I've been a tech at the vet clinic
		// for almost seven years now")
		`\bi(?:'ve| have) been an? [a-z][\w -]{2,40} for (?:almost |nearly |over |about |the (?:past|last) )?(?:\w+ )?years\b`),
	"home": regexp.MustCompile(`(?i)\b(i live (out )?(in|near|at)|(i|we)(?:'ve| have)? (officially )?moved to|i(?:'m| am) moving to|my (flat|apartment|house) (is )?in|signed a lease in|our new place in)\b|(?-i:\b(here|[Rr]ent) in [A-Z])|` +
		// a home said as where one lives, one's street or place, a move
		// or the commute from it ("we're officially living in Otley",
		// "our street in Saltaire", "an hour on line 2 from Hongkou")
		`(?i)\b(?:living|lives) (?:out |over |up |down )?(?:in|at) (?-i:[A-Z])|\b(?:my|our) (?:street|road|place|flat|apartment|house|home|building|neighbou?rhood|village|estate) (?:in|at|near) (?-i:[A-Z])|` +
		`(?i)\b(?:moved house|moving day|keys collected|new (?:flat|place|apartment|house|home|address) (?:in|at|is in)|found a new (?:flat|place|apartment|house) in)\b|` +
		`(?i)\b(?:drive|ride|commute|train|bus|walk|cycle|hour|minutes?)\b[^.!?]{0,20}\bfrom (?-i:[A-Z][\w'-]+) to (?:the |work|town|practi[cs]e|rehearsals?)|` +
		// the commute from it, what goes wrong where one lives, a move
		// said by the keys or the place it ends in ("an hour on the MRT
		// from Bishan", "power cut across the whole of Knowle", "Finally
		// moved, Tampines now", "got the HDB room in Punggol, moving")
		`(?i)\b(?:on the|by) (?:bus|train|tube|mrt|metro|subway|tram|ferry)\b[^.!?]{0,12}\bfrom (?-i:[A-Z])|\b(?:bus|train|drive|commute|ride|shuttle)\b from (?-i:[A-Z])[^.!?]{0,40}\btakes\b|\bfrom (?-i:[A-Z][\w'-]*(?: [A-Z][\w'-]*)?) (?:every|each) (?:morning|day)\b|` +
		`(?i)\b(?:power cut|bins|roadworks|flooding|broadband|potholes|bin collection)\b[^.!?]{0,20}\b(?:in|of|across) (?:the whole of )?(?-i:[A-Z])|` +
		`(?i)\bmoved\b[,!.]? (?-i:[A-Z][\w'-]*(?: [A-Z][\w'-]*)*) now\b|\bwe(?:'re| are) (?:in|living in) (?-i:[A-Z])[^.!?,]{0,25} now\b|\b(?:we|i)(?:'re|'m| are| am) (?-i:[A-Z][\w'-]*(?: [A-Z][\w'-]*)?) (?:people|folk|residents?|locals?) now\b|` +
		`(?i)\b(?:room|flat|place|house|apartment|unit) in (?-i:[A-Z])[^.!?]{0,25}\bmoving\b|\bnew address (?:is )?in (?-i:[A-Z])|\bgot the keys\b[^.!?]{0,12}, (?-i:[A-Z])`),
	"family": regexp.MustCompile(`(?i)\bi'?m raising an? [a-z]+\b|\bmy (wife|husband|partner|girlfriend|boyfriend|son|daughter|kids|children|mom|mum|dad|mother|father|brother|sister|baby|dog|cat) (just |finally |really |still )?(is|are|was|has|had|hates|loves|lives|works|turns|turned|started|got|plays|drives|runs|teaches|owns)\b|` +
		// a relative as where they live, or named, as they are ("my
		// parents are back in Chennai", "my sister Margaret is staying for
		// a week")
		`\bmy (?:parents|folks|grandparents|grandma|grandpa|gran|nan|nana|granny|grandmother|grandfather|in-laws|aunt|auntie|uncle|cousin|niece|nephew) (?:still |both )?(?:live|lives|are (?:(?:back|still|up|down|over|out) ){0,2}in|is (?:(?:back|still|up|down|over|out) ){0,2}in|moved to|work|works)\b|` +
		`\bmy (?:wife|husband|partner|girlfriend|boyfriend|fianc[ée]e?|son|daughter|mom|mum|dad|mother|father|brother|sister|grandma|grandpa|niece|nephew|cousin|aunt|uncle|twins|boy|girl) (?-i:[A-Z][a-z]+) (?:just |finally |really |still )?(?:is|are|was|has|had|lives|moved|works|got|turned|started)\b|` +
		`\bmy (?:son|daughter|boy|girl|kid|eldest|oldest|youngest|little one) (?:just |finally )?(?:graduated|passed|learned|learnt|made|scored|started|turned|lost (?:her|his|a) (?:first )?tooth)\b|` +
		`(?-i:[A-Z]\w+), my (little one|youngest|oldest|eldest)\b|` +
		// a relative named as such, in any case ("my little sister kiara
		// got her license", "My wife Darlene says hi", "Rawiri, my other
		// half, has been…", "Migo my son join…", "Our girl Shelby came home")
		`\bmy (?:little |big |older |younger |baby |twin |kid )?(?:sister|brother|wife|husband|son|daughter) (?:[a-z]{3,}|(?-i:[A-Z][a-z]+)) (?:just |finally |really |still )?(?:is|was|has|had|got|says|said|came|started|turned|moved|lives|works|graduated|passed)\b|` +
		`(?-i:\b[A-Z][a-z]+),? my (?:other half|husband|wife|partner|son|daughter|boy|girl|eldest|youngest|oldest)\b|\bour (?:girl|boy|son|daughter|eldest|youngest) (?-i:[A-Z][a-z]+)\b|` +
		`\b(adopted an?|newest member of the household: an?|brought home an?|the (dog|cat|corgi|puppy|kitten) we adopted)\b|` +
		// a household told by what one has ("I have a cat too, she's 3",
		// "I've got two kids, a boy and a girl")
		`\bi(?: have|'ve got| have got) (?:a|an|one|two|three|four|five|\d+) (?:[\w-]+ ){0,2}(?:(?:` + enPet + `)s?|kids|children|sons?|daughters?|boys|girls|grandkids|grandchildren|stepkids)\b|` +
		`\bmy (?:little one|youngest|oldest|eldest|kid|son|daughter),? (?-i:[A-Z][a-z]+)\b|` +
		// an animal of the household named by its kind ("our springer
		// spaniel", "my tuxedo cat"), not "my cat" said in passing
		`\b(?:my|our) (?:new |rescue |little |old )?(?:` + enAnimal + `)\b|` +
		// a pet named with its kind, or walked and fed as one does one's
		// own ("my dog Pepper has a vet appointment", "walking the dog
		// before work"), not a neighbour's dog
		`\b(?:my|our) (?:new |rescue |little |old )?(?:` + enPet + `),? (?-i:[A-Z][a-z]+)\b|` +
		`\b(?:walk|walks|walked|walking|feed|feeding|fed) (?:the|my|our) (?:` + enPet + `)s?\b|` +
		// a child named with what children do ("Our Isla started nursery",
		// "Matilda has her school play")
		`(?-i:\b(?:[Mm]y|[Oo]ur) [A-Z][a-z]+ (?:started|starts|is starting|turned|turns|has (?:her|his) (?:first|school)))|(?-i:\b[A-Z][a-z]+) (?:started|starts|has (?:her|his)) (?:nursery|school|kindergarten|preschool|reception|year \d|(?:her|his) (?:first|school) \w+)|` +
		// the household's animal by its kind, as it does something or is
		// taken somewhere ("the staffie ate a shin pad", "vet bill for the
		// beagle", "a sausage dog, called Biscuit")
		`(?:^|[.!?,;:]\s*|\b(?:for|walked|fed|took|bathed|groomed|with|walking|feeding) )the (?:new |rescue |old |little )?(?:` + enAnimal + `)\b|\ban? (?:` + enAnimal + `),? (?:called|named) (?-i:[A-Z])|` +
		// a child named with what children do ("Poppy scored her first
		// goal for the under-8s", "Jude wants a kit for his birthday")
		`(?-i:\b[A-Z][a-z]+) (?:scored|wants|has|had|got|lost|turned|starts|started|learned|learnt)\b[^.!?]{0,30}\b(?:her|his) (?:first|birthday|school|class|teacher|nursery|homework|tooth|jabs|exams?|spelling|swimming)\b|` +
		`(?-i:\b[A-Z][a-z]+) (?:has|had|got|caught) (?:chickenpox|nits|tonsillitis|croup|a fever)\b|\bunder-\d+s\b|` +
		// a child named with a milestone ("Elsa started first grade", "Tara
		// said her first word", "Juniper learned to ride a bike", "Diego made
		// the school soccer team")
		`(?-i:\b[A-Z][a-z]+) (?:started|starts|is starting) (?:first|second|third|fourth|fifth|\w+th|\d+(?:st|nd|rd|th)) grade\b|(?-i:\b[A-Z][a-z]+) (?:said|took|lost) (?:her|his) first\b|` +
		`(?-i:\b[A-Z][a-z]+) (?:learned|learnt) (?:to|how to) (?:ride|swim|walk|read|write|tie|skate|ski)\b|(?-i:\b[A-Z][a-z]+) (?:made|got into) the (?:school |varsity |junior |county |district )?(?:[a-z]+ )?(?:team|squad|choir|band|orchestra)\b|` +
		`(?-i:\b[A-Z][a-z]+) (?:came home (?:with|from school)|has decided (?:he|she)(?:'s| is)|lost (?:her|his) first|won (?:a|the) (?:certificate|prize|award|medal))|` +
		// a child named with a tooth lost or a race at sports day ("Ethan
		// lost a front tooth", "Adam came second in the sack race")
		`(?-i:\b[A-Z][a-z]+) lost (?:a|another|(?:her|his) (?:first|second|next)) (?:front |baby |wobbly )?tooth\b|(?-i:\b[A-Z][a-z]+) came (?:first|second|third|last) in the (?:[a-z]+ )?race\b`),
	"origin": regexp.MustCompile(`(?i)\b(i grew up in|born and raised in|being from|i'?m from|i was born in)\b`),
	"owns": regexp.MustCompile(`(?i)\b(i'?m driving an?|i'?m on an?|went with the|picked up my|i drive an?)\b|` +
		// a pet named, then said to be one's own ("Ruger, my cow dog, …")
		`(?-i:\b[A-Z][a-z]+), my (?:[\w-]+ )?(?:` + enPet + `|horse|pony|parrot|bird)\b|` +
		// an animal the household took in ("we got an axolotl!")
		`\b(?:we|i)(?:'ve)? (?:just |finally )?(?:got|adopted|rescued) (?:a|an|two|three) (?:new |little |baby )?(?:(?:` + enPet + `)s?|` + enAnimal + `)\b|` +
		`(?-i:\b[Mm]y [a-z]{0,2}[A-Z][a-z0-9][\w-]*( [A-Z0-9][\w-]*)*)(?:[^\w ]|$| (?:is|was|has|had|just|died|broke|keeps|takes|needs|can|can't|won't|still|finally|arrived|came|does|did)\b|(?-i: [A-Z0-9]))|(?-i:\bthe [A-Z][\w-]*( [A-Z0-9][\w-]*)* fits five)|` +
		// (a name used as a word of a common noun, "my Fantasy team", is no thing one owns)
		// a car named by make and model with what a car goes through
		// ("The Kia Ceed failed its MOT", "two goals in the Nissan Qashqai")
		`\b(?:the|my|our|in the) (?-i:[A-Z][a-z]+ [A-Z0-9][\w-]*)\b[^.!?]{0,40}\b(?:MOT|service|tyres?|boot|garage|broke down|small car|engine|mpg)\b|` +
		// a vehicle or device one bought, named by make and model ("New
		// wheels: a BYD Seal", "Finally caved and bought a Yamaha NMAX")
		`\bnew (?:wheels|ride)\b[:,]? (?:a|an|my)\b|\b(?:bought|picked up) (?:a|an|myself a) (?:new |second-hand |used )?(?-i:[A-Z][a-z]+ (?:[A-Z0-9][A-Z0-9-]+|[A-Za-z]*\d[\w-]*))\b`),
	"school": regexp.MustCompile(`(?i)\bwent to (?-i:[A-Z])[^.,!?]{1,40} for (undergrad|college|grad school|uni)\b|(?-i:\b[Mm]y (?:[A-Z][\w&'-]* ){1,3}reunion)|` +
		// what one researches ("thesis chapter on coral reef bleaching",
		// "three years into protein folding")
		`(?i)\b(?:thesis|dissertation|phd|chapter|research|paper) (?:chapter )?(?:on|about|into) [a-z]|\byears? into [a-z]+(?: [a-z]+){0,2} and\b`),
	"health": regexp.MustCompile(`(?i)\bi(?:'m| am) (seriously |very |really )?(allergic|vegetarian|vegan|lactose intolerant)|` +
		`(?i)\b(?:ended up in|went to|rushed to|landed in) (?:urgent care|the er|a&e|(?:the )?hospital)\b[^.!?]{0,30}\bbecause of\b|\bi can(?:'t|not) eat (any |gluten|dairy|nuts|meat|pork|beef|fish|shellfish|seafood|eggs|spicy)|` +
		// what one cannot take, said as what it does to one or as a
		// standing rule ("can't go near dairy", "celery makes me poorly",
		// "no prawns for me, doctor's orders", "intolerant to lentils")
		`(?i)\b(?:can(?:'t|not)|never) (?:have|touch|go near|stomach|tolerate)\b|\b(?:makes|made) me (?:properly |really |so |very )?(?:ill|sick|poorly|itch|swell|break out)|` +
		// ("sesame and me don't mix", "peanuts puts me in hospital", "is a
		// no-go, EpiPen's in my kit bag", "swollen up like a balloon")
		`(?i)\band (?:me|i) (?:don't|do not) (?:mix|get along)\b|\bputs me in (?:hospital|a&e|the er)\b|\bepipen|\bswollen up\b|` +
		`(?i)\bi (?:was|ended up|landed|spent (?:a|two|three|four|five|a few|a couple of) (?:days|nights|weeks)) in (?:the )?(?:hospital|a&e|the er|icu|intensive care)\b|\bintolerant to\b|\bi (?:still )?(?:don't|do not|never|won't|will not|refuse to) eat\b|\bi still can(?:'t|not) eat\b|\brefuse to eat\b|\bi(?:'m| am) (?:a )?coeliac\b|\bno [a-z]+(?: [a-z]+)? for me\b[^.!?]{0,30}\b(?:doctor|allerg|intoleran|orders)|` +
		// a food the lexicon knows (kinds/en.txt) kept from one's plate,
		// or what it does to one ("no raw onion for me please", "nothing
		// with soya for me", "Don't order anything with coriander for me",
		// "I can't eat mushrooms", "cilantro and I cannot be friends",
		// "because of my shellfish thing", "came out in blotches")
		`(?i)\b(?:no|nothing with|anything with) (?:[a-z-]+ )?(?:` + enFood + `)(?:s|es)?\b[^.!?]{0,20}\b(?:for me|near me)\b|` +
		`\b(?:don't|do not|never) (?:order|offer|give|get|buy|make|bring) (?:me )?anything with (?:[a-z-]+ )?(?:` + enFood + `)|` +
		`\bi can(?:'t|not) (?:eat|have|touch) (?:any )?(?:[a-z-]+ )?(?:` + enFood + `)|\b(?:` + enFood + `)(?:s|es)? and (?:i|me) (?:cannot|can't|don't|do not) (?:be friends|mix|get along)\b|` +
		`\bmy (?:` + enFood + `) (?:thing|allergy|intolerance)\b|\bcame out in (?:blotches|hives|a rash|spots)\b|\bthat's me in (?:a&e|the er|hospital)\b`),
	"likes": regexp.MustCompile(`(?i)\bi (really )?(like|love|enjoy|prefer|hate|can't stand)\b|` +
		// "my favourite" as what it is, not as the thing a mishap befell
		// ("Shrunk my favourite top in the wash")
		`(?:^|[.!?,;:]\s*|\b(?:is|are|was|were|as|still|always) )my favou?rite\b|\bmy favou?rite (?:[\w'-]+ ){1,3}(?:is|are|was|has to be|will always be|ever|of all time)\b|\bbeen (really )?into\b|\bis the best (writer|author|band|show|team|book)\b|\bnobody beats\b|\bcould eat one dish forever\b|` +
		`\bspent (?:all|the whole|my whole) (?:day|weekend|morning|afternoon|evening|\w+day) on\b|` +
		// a pastime taken up or obsessed over ("Took up bouldering over
		// the winter", "My new obsession is calligraphy", "spent the whole
		// of Sunday doing pottery")
		`\b(?:took|taken|taking) up\b|\bmy (?:new |latest )?(?:obsession|hobby|addiction) is\b|\bspent (?:all|the whole(?: of)?|my whole) (?:day|weekend|morning|afternoon|evening|\w+day) (?:on|doing)\b|\blifelong (?-i:[A-Z])|(?-i:\b[A-Z][\w-]*) fan here\b|\bis the best (?:singer|game|movie|film|restaurant)\b|` +
		// a team one will not miss ("can't make it, the Cubs are playing")
		`(?-i:\bthe [A-Z][\w'-]*(?: [A-Z][\w'-]*)*) are (?:playing|on)\b|` +
		// a team followed, by its plural name opening a sentence, as it
		// wins or loses ("Longhorns won!", "Cubs lost in the ninth"), not
		// what a person won ("James won the raffle")
		`(?-i:(?:^|[.!?]\s+)(?:The )?[A-Z][a-z]{2,}s) (?:won|lost|beat|drew)(?:[!.,]|$|\s+(?:at home|away|again|in the|by|tonight|today|yesterday|last night|\d))|` +
		// a pastime kept up, joined or played for a side ("I've been
		// quilting since my twenties", "I joined a lawn bowls club", "I
		// play cricket for a local club")
		`(?:\bi(?:'ve| have) |^\W*)been [a-z]{3,}ing (?:every|for (?:years|ages|a couple of years)|since (?:college|school|uni|university|i was|my|childhood|forever|(?:19|20)\d\d))\b|\bi(?:'ve| have)? (?:just )?joined an? (?:[\w-]+ ){0,3}(?:club|team|choir|band|league|society|orchestra|crew|group)\b|` +
		`\bi play (?:[\w-]+ ){1,2}(?:for|with|in) an? (?:[\w-]+ ){0,2}(?:club|team|band|league|orchestra)\b|\bi(?:'ve| have) been practi[cs]ing\b|\bi(?:'m| am) learning (?:the|to|how to)\b|\bi play the\b|(?:^|[.!?]\s+)favou?rite (?:book|show|film|movie|band|singer|song|album|food|dish|team|place|author|game) (?:is|has to be|will always be)\b|\bi(?:'ve| have|'m| am)? (?:gotten|got|getting) (?:really |so |properly )?into\b`),
	"routine": regexp.MustCompile(`(?i)\bi (usually|always|often|regularly) (go|play|run|swim|cook|volunteer|take|practi[cs]e)\b|\bi volunteer\b|` +
		// what one's household does every week (a member's only in a chat
		// of two: in a group it is the group's habit)
		`\bwe (?:usually |always )?(?:play|go|do|have|meet|train|swim|run|cycle|hike|volunteer|sing|dance)\b[^.!?]{0,40}\bevery (?:week|weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday|morning|evening|night)\b`),
	// a plan or a wish for one's life, said of oneself or one's household
	// ("we're thinking of becoming foster parents", "I've signed up for
	// beginner Japanese", "one day I want to open a little café"): no
	// day's errand is said so, so it need name nothing in capitals
	"hopes": regexp.MustCompile(`(?i)\b(?:i(?:'m| am) enrol(?:l)?ing (?:in|on|for)|(?:i )?might (?:lease|sell|buy|move|retire|open|start|take on|go back)|going to take on an?|(?:i|we)(?:'m|'re| am| are) (?:thinking of|thinking about|considering|signing up for|saving (?:up )?for)|(?:i|we)(?:'ve| have) signed up for|` +
		`(?:one day|someday|some day) (?:i|we) (?:want|would love|hope|plan) to|(?:i|we) want to (?:buy|open|move|start|learn|build|become|retire|travel|run|adopt)|(?:i|we) (?:want|would love|hope) to (?:go to|visit|see) (?-i:[A-Z])|i(?:'m| am) (?:studying|training|revising|cramming) for|i'?d (?:like|love) to (?:specialise|specialize|become|retrain|study|open|start))\b|` +
		`(?:^|[.!?] )thinking of (?:going|taking|moving|getting|starting|becoming|buying|applying|doing)\b`),
	"plans": regexp.MustCompile(`(?i)(?:^|[.!?]\s+)(?:just |finally )?booked (?-i:[A-Z])|\bbooked an? (?:cabin|cottage|villa|room|place|airbnb|campsite|flight|trip|holiday) (?:on|in|at|to|for)\b|\blooking at (?:flights|tickets|houses|flats|places) (?:to|in|for)\b|\b(i(?:'m| am) (planning|going|hoping) to|i plan to|(?:we(?:'re| are) (?:going|hoping) to)|(?:i|we)(?:'m|'re| am| are) planning|i(?:'ll| will) be (going|travel)|(?:i|we)(?:'m|'re| am| are) (flying|travelling|traveling|taking)|i(?:'ve| have) booked|put the deposit down for|booked (flights?|a trip|tickets?) (to|for))\b|` +
		// a trip said as one is off to it or has booked it ("We're off to
		// Lisbon over half term", "Booked a week in Crete", "Flights to
		// Seville are booked")
		`(?i)\b(?:we(?:'re| are)|i(?:'m| am)) off to (?-i:[A-Z])|\bbooked (?:a|two|three|four|ten|\d+) (?:week|weeks|weekend|nights?|days|fortnight)\b[^.!?]{0,12}\b(?:in|at|on|to) (?:the )?(?-i:[A-Z])|\bflights? to (?-i:[A-Z])[^.!?]{0,30}\b(?:booked|are on|sorted)|` +
		// a trip said by what it is for ("Stag do in Porto in May",
		// "Prague for my brother's fortieth")
		`(?i)\b(?:stag do|hen do|stag weekend|hen weekend|honeymoon|holiday|city break|getaway|week away|weekend away|half[- ]term|spring break|winter break|golden week|the summer holidays) (?:in|to) (?-i:[A-Z])|` +
		`(?:^|[.!?]\s+)(?-i:[A-Z][\w'-]*(?: [A-Z][\w'-]*)?) for (?:my|our|the) [^.!?]{0,30}\b(?:birthday|fortieth|thirtieth|fiftieth|sixtieth|wedding|anniversary|hen do|stag do|honeymoon)\b`),
	// what lasts: a milestone, or something done that names a place,
	// a number or a first time ("I ran my first 10k", "I visited my
	// grandma in Devon"), not an errand ("I went to return one thing")
	"did": regexp.MustCompile(`(?i)\bi (just |finally )?(adopted|passed|won|completed|graduated|learned|learnt|started (learning|a new|taking))(?:[^\w']|$)|` +
		`(?i)\bi (just |finally )?(went|visited|ran|finished|started|bought|got|climbed|met)\b[^.!?,]*(\bfirst\b|\bnew (road )?(bike|car|house|flat|job|phone|laptop)|(?-i:\b[A-Z][a-z]|\d))|` +
		`\b(?:started|taking|signed up for|learning|studying)\b[^.!?,]{0,20}\b(?:lessons|classes|class|course)\b|\blearning (?-i:[A-Z])|` +
		// a language or a skill practised ("Practiced my Swedish on the waiter")
		`\b(?:practi[cs]ed|practi[cs]ing|brushed up|brushing up)(?: on)? my (?-i:[A-Z])`),
	// a place named in a line that tells what happened there
	"event": regexp.MustCompile(`(?i)\b(thanks for|photos from|made it to|was|were|went|had|did|finished|visited|loved|sang|performed|played|raced|danced|stayed|ate)\b[^.!?]*(?-i:\b(at|from|to|of|in) (the )?[A-Z][\w'-]*( [A-Z0-9][\w'-]*)+)|` +
		`(?-i:\b(at|from|to|of|in) (the )?[A-Z][\w'-]*( [A-Z0-9][\w'-]*)+)[^.!?]*\b(?i:was|were|went|had|loved|killed|nearly)\b|` +
		`\b(?:dinner|lunch|brunch|breakfast|hike|trip|field trip|party|picnic|game night|meetup|concert|ride|tour|outing|reunion|wedding|camping|chaperoning|drinks|karaoke|bbq|barbecue|potluck|sleepover|set|gig|show|performance|recital|beers|pints|tournament|race|meal) (?:at|to|in) (?-i:the [a-z]+(?:'s)?(?: [a-z]+){0,2}|(?:the )?[A-Z][\w'-]*(?: [A-Z0-9][\w'-]*)*)|(?-i:\b(?:The )?[A-Z][a-z][\w'-]*(?: [A-Z][\w'-]*| [0-9][\w'-]*[0-9])+) (?:after [^.!?,]{0,20} )?(?:was|were|done)\b|\b(?:beat|defeated|cleared|played|lost to|loss to|won against|drew with)\b (?-i:(?:the )?[A-Z][\w'-]*(?: [A-Z0-9][\w'-]*)*)|\bcarrying me in (?-i:[A-Z])|` +
		// a photo of an outing, a boss or a rival beaten ("Photos from the
		// chocolate factory are up", "Gael down!!"), an outing thanked for
		// ("thanks for having us at Kidz Kingdom")
		`\bphotos? from the [a-z]+(?:'s)?(?: [a-z]+){0,2} (?:are|is) up\b|^\W*(?-i:[A-Z][\w'-]*(?: [A-Z0-9][\w'-]*)*) (?:down|defeated|beaten)\b|\bhaving (?:us|me) (?:at|over at) (?-i:(?:the )?[A-Z])|` +
		// a performance at a named place ("sang at the Christmas market")
		`\b(?:sang|performed|played|danced|raced|competed|exhibited)\b (?:at|in) (?-i:(?:the )?[A-Z])|` +
		// a piece, book or game the group takes up ("Started on Seasons
		// of Love tonight", "New piece this week is Blackbird", "a first
		// go at Ubi Caritas")
		`\b(?:started on|starting on|began|first go at|new (?:piece|song|book|read|game|show|project|pattern)\b[^.!?,]{0,20}\bis) (?-i:(?:the )?[A-Z][\w'-]*)|` +
		// a result with its score, whoever it was against ("4-2 win against
		// Printworks United", "Lost 3-1 to Sporting Chance", "Full time: us
		// 5, Borussia Teeth 5")
		`\b\d{1,2}-\d{1,2} (?:win|loss|draw|defeat|victory|thrashing) (?:against|to|over|with) (?-i:[A-Z])|\b(?:lost|won|drew) \d{1,2}-\d{1,2} (?:to|against|with) (?-i:[A-Z])|` +
		`\b(?:full time|result|final score|league update|ft)\b[^.!?]{0,20}(?-i:[A-Z][\w'-]*(?: [A-Z][\w'-]*)*) \d{1,2}\b|` +
		// a place named with where the evening ended or who was taken there
		// ("Ended up at The Kings Head", "Took the new students to Tiong
		// Bahru Market"), or named and judged ("The Hen and Chicken
		// afterwards was a good shout")
		`\b(?:ended up|wound up|finished up) (?:at|in) ` + enPlaceName + `|\btook [^.!?,]{1,25} to ` + enPlaceName + `|` +
		enPlaceName + ` (?:afterwards |after [^.!?,]{0,20} |for (?:lunch|dinner|drinks|brunch|breakfast) |last night )?(?:was|were|done)\b`),
}

// enPlaceName is the name of a place or a team, capitalized and of two
// words or more, which may hold the small words of a name ("The Hen and
// Chicken", "Old Airport Road hawker centre" is "Old Airport Road").
const enPlaceName = `(?-i:(?:[Tt]he )?[A-Z][a-z][\w'*-]*(?: (?:and |of |on |& )?(?:[A-Z][\w'*-]*|[0-9][\w'*-]*[0-9]))+)`

// enFood is a food the lexicon knows (kinds/en.txt), for the patterns of
// what one cannot eat.
var enFood = kindPattern("en", "food", "")

// enOccupation is a job, for the job patterns: what one is, works or
// starts as. It is the last word of a job's name enJobHeads holds, or any
// other job the lexicon knows, by its whole name (kinds/en.txt).
var enOccupation = `(?:` + enJobHeads + `|` + kindPattern("en", "job", enJobHeads) + `)s?\b`

// enJobHeads are the last words of the names of jobs the job patterns
// list themselves.
const enJobHeads = `nurse|teacher|engineer|developer|designer|doctor|student|lawyer|chef|writer|manager|accountant|artist|musician|programmer|` +
	`scientist|researcher|photographer|consultant|hygienist|specialist|architect|paralegal|analyst|technician|pharmacist|therapist|` +
	`electrician|plumber|librarian|dentist|vet|veterinarian|firefighter|pilot|mechanic|barista|editor|journalist|translator|` +
	`professor|lecturer|tutor|coach|auditor|planner|surveyor|paramedic|midwife|nanny|baker|florist|driver|tester|agent|` +
	`radiographer|copywriter|postman|postwoman|producer|sommelier|lawyer|officer|clerk|cashier|carpenter|builder|cleaner|` +
	`receptionist|assistant|administrator|director|instructor|trainer|caregiver|carer|porter|butcher|waiter|waitress|` +
	`bartender|server|courier|pharmacist|optician|surgeon|physio|physiotherapist|counsellor|counselor|social worker|` +
	`secretary|banker|broker|economist|statistician|buyer|recruiter|marketer|strategist|coordinator|supervisor|foreman|` +
	`plasterer|conductor|solicitor|roofer|decorator|joiner|labourer|welder|warden|guard|dispatcher|hairdresser|barber|` +
	`nutritionist|dietitian|zookeeper|gardener|landscaper|chemist|biologist|physicist|curator|archivist|actor|dancer|farmer|` +
	`soldier|steward|stewardess|rider|teller|inspector|dentist|postdoc|diplomat|anaesthetist|anesthetist|dietician|sonographer`

// enAnimal is the kinds of animal a household keeps, named as people name
// their own: by breed or with what kind it is ("springer spaniel",
// "tuxedo cat", "guinea pigs"), for the family pattern.
// enPet are the kinds of animal a household keeps, said without a breed.
const enPet = `dog|cat|puppy|kitten|rabbit|bunny|pup|doggo`

const enAnimal = `[\w-]+ (?:cat|dog|puppy|kitten|rabbit|bunny)|(?:[\w-]+ ){0,2}(?:greyhound|spaniel|tomcat|labrador|whippet|jack russell|terrier|husky|` +
	`corgi|shiba(?: inu)?|retriever|collie|poodle|beagle|dachshund|pug|schnauzer|labradoodle|cockapoo|budgie|cockatiel|parrot|` +
	`hamster|guinea pigs?|tortoise|ferret|chinchilla|gecko|bearded dragon|ragdoll|persian|siamese|maine coon|tabby|` +
	`staffie|lurcher|shih tzu|cockatiel|cockatoo|canary|terrapin|betta fish|goldfish|axolotl|tarantula|snake|lizard|pony|horse)`

// The words a statement must not keep from its chat line, so that a reader
// can use it out of context: first-person pronouns and days counted from
// when it was said.
var (
	// enPerson is a first-person word, or "I" and the word after it,
	// which takes the third person's -s once "I" becomes a name when it is
	// a verb of enVerbs ("I help" → "Ann helps", "I don't" → "Ann doesn't").
	enPerson = regexp.MustCompile(`(?i)\b(i ((?:really |also |usually |still |always |never |often |sometimes |even |just |totally |actually )?)([a-z]+(?:'t)?))\b|` +
		`(?i)\b(i'm|i am|i was|i've|i'll|i'd|i|me|my|mine|myself|we're|we've|we'll|we'd|we|us|our|ours|ourselves)\b`)
	enDayPossessive = regexp.MustCompile(`(?i)\b(today|tonight|yesterday|tomorrow)'s ([a-z]+)\b`)
	enRelativeDay   = regexp.MustCompile(`(?i)\b((?:a couple of|two|three|four|five) days ago|earlier today|today|tonight|tomorrow|yesterday|this morning|this evening|this weekend|next weekend|last weekend|this week|next week|last week|this month|next month|last month|this year|next year|last year)\b`)
	// enPast marks a statement about what happened, in which a weekday
	// named alone ("on Saturday") is the one just gone.
	enPast = regexp.MustCompile(`(?i)\b(went|was|were|did|had|met|got|saw|ran|made|took|came|bought|visited|finished|started|[a-z]{3,}ed)\b`)
	// enWeekday is a weekday named without a date; "every", "on ...s" and
	// the like, which state a pattern, are left as they are.
	// What follows the weekday is read too: "Friday's", "the last Friday
	// of", "on Friday evenings" state an occasion's name or a pattern.
	enWeekday = regexp.MustCompile(`(?i)\b(every |on |this |last |next )?(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b('s\b| of\b| (?:evening|morning|afternoon|night)s\b)?`)
)

// enBareI is "I'm" and "I've" written without the apostrophe, in lower
// case ("im so tired", "ive got a spreadsheet"), or opening a sentence.
var enBareI = regexp.MustCompile(`\b(?:im|ive)\b|(?:^|[.!?]\s+)(?:Im|Ive)\b`)

// enNotPresentWords are the words after "I" that are no verb of the
// present: auxiliaries and modals, the irregular past, and the adverbs and
// conjunctions that may follow it ("I could", "I rode", "I then…").
var enNotPresentWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`am was were had did can cannot could will would shall should may might must
		went got saw ran made took came bought met said told thought felt left kept found gave knew began brought built caught chose drew drank
		drove ate fell fought flew forgot froze grew heard held hid hit hurt lost lay led lent let meant paid put quit read rode rang rose sold
		sent set shook shot shut sang sank sat slept spoke spent spun stood stole stuck swam swore taught tore threw understood woke wore won
		wrote broke bit blew dug fed fled forgave hung slid split spread struck sought wept wound dreamt learnt burnt spelt smelt spilt bent
		bled bred dealt knelt leapt lit cut beat became become begun been done gone seen known shown
		then finally once recently literally honestly already only first probably definitely seriously kinda kind personally too alone
		and or but so though nearly almost simply genuinely really also usually still always never often sometimes even just totally
		actually mean guess suppose ever are is not no both all here there now again away a an the to of in on at for with from by as if when`) {
		m[w] = true
	}
	return m
}()

// enNotPresent reports whether w, the word after "I", is no verb of the
// present: a word of enNotPresentWords, a past tense ("-ed") or a negated
// auxiliary ("didn't"); the rewrite reads the words after it again.
func enNotPresent(w string) bool {
	lw := strings.ToLower(w)
	return enNotPresentWords[lw] || strings.HasSuffix(lw, "ed") || strings.HasSuffix(lw, "'t") || strings.HasSuffix(lw, "n't")
}

// enAuxBefore finds an auxiliary verb right before "I" ("did I go",
// "can I have"): the verb after "I" then keeps its bare form.
var enAuxBefore = regexp.MustCompile(`(?i)\b(?:did|does|do|didn't|doesn't|don't|can|can't|could|couldn't|would|wouldn't|should|shouldn't|will|won't|may|might|must)\s*$`)

// enFromOn is a preposition of time before a date that a relative day
// became: the date's own "on" goes.
var enFromOn = regexp.MustCompile(`(?i)\b(from|since|until|till|by) on `)

// enTeamWords are the plural first-person words of a result line and
// what they become: the team.
var enTeamWords = regexp.MustCompile(`(?i)\b(?:we're|we've|we|us|our)\b`)

// enTeamed is English's Language.Teamed.
func enTeamed(line string) string {
	return enTeamWords.ReplaceAllStringFunc(line, func(w string) string {
		out := map[string]string{"we're": "the team is", "we've": "the team has", "we": "the team", "us": "the team", "our": "the team's"}[strings.ToLower(w)]
		return matchCase(w, out)
	})
}

// enPronoun is what an English first-person word becomes: %s is the
// sender's name.
var enPronoun = map[string]string{
	"i'm": "%s is", "i am": "%s is", "i was": "%s was", "i've": "%s has", "i'll": "%s will", "i'd": "%s would", "i": "%s", "me": "%s", "myself": "%s",
	"my": "%s's", "mine": "%s's",
	"we're": "members are", "we've": "members have", "we'll": "members will", "we'd": "members would",
	"we": "members", "us": "the group", "ourselves": "members", "our": "the group's", "ours": "the group's",
}

// enAgain is what an English first-person singular word becomes once the
// statement has named its sender: the pronoun, not the name again ("my
// feet hate me" → "Ann's feet hate them"). The singular "they" takes the
// verb as "I" does, but for "am" and "was".
var enAgain = map[string]string{
	"i'm": "they're", "i am": "they are", "i was": "they were", "i've": "they've", "i'll": "they'll", "i'd": "they'd",
	"i": "they", "me": "them", "myself": "themselves", "my": "their", "mine": "theirs",
}

// enTheyPlural is what the plural first person of a member's own line
// becomes once the statement has named them: their household as "they";
// "us" is "the family" when "ours" is their household ("Ann's mum is
// visiting the family": "them" would be read as another, and the name
// again reads as a chat line's).
var enTheyPlural = map[string]string{
	"we're": "they're", "we've": "they've", "we'll": "they'll", "we'd": "they'd",
	"we": "they", "ourselves": "themselves", "our": "their", "ours": "theirs",
}

// enPersons rewrites the first-person words of st, in order: the first
// that stands for the sender becomes their name, its present-tense verb
// taking the third person's -s ("I love" → "Ann loves"), and each later
// one, or each once st names the sender already, the singular "they"
// (enAgain); the plural becomes the group's members, or, with ours, what
// ours says (enOwnPlural: the sender's household), "they" once the sender
// is named.
func enPersons(st, name string, ours map[string]string) string {
	own := ours != nil
	var b strings.Builder
	last := 0
	named := false // the statement has named the sender before the word at hand
	for _, at := range enPerson.FindAllStringSubmatchIndex(st, -1) {
		w := st[at[0]:at[1]]
		b.WriteString(st[last:at[0]])
		last = at[1]
		lw := strings.ToLower(w)
		named = named || nameAt(b.String(), name) >= 0
		if w == "US" || titleWord(w, b.String()) || lw == "i" && strings.HasPrefix(st[at[1]:], "-") {
			b.WriteString(w) // the country, or a word of a title ("Lean on Me")
			continue
		}
		if at[2] >= 0 && !enPresent(st[at[6]:at[7]]) && !enNotPresent(st[at[6]:at[7]]) {
			// "I" and a word that may be a verb of the present the rewrite
			// does not know ("I consider"): "I" stays, and the clause that
			// keeps it is dropped (clean), rather than told as "Ann
			// consider".
			b.WriteString(w[:1])
			last = at[0] + 1
			continue
		}
		if at[2] >= 0 && !enPresent(st[at[6]:at[7]]) {
			// "I" and a word that is no verb of the present ("I went",
			// "I can"): "I" alone is rewritten, and the words after it
			// are read again.
			last = at[0] + 1
			if _, ok := enPronoun[strings.ToLower(st[at[0]:at[7]])]; ok && at[4] == at[5] {
				last = at[7] // "I am", "I was"
			}
			w, lw = st[at[0]:last], strings.ToLower(st[at[0]:last])
			at = []int{at[0], last, -1, -1}
		}
		if at[2] >= 0 { // "I" and a present-tense verb
			adverb, verb := st[at[4]:at[5]], st[at[6]:at[7]]
			switch {
			case named:
				b.WriteString(sentenceCase(b.String(), "they ") + adverb + verb)
			case enAuxBefore.MatchString(b.String()):
				b.WriteString(name + " " + adverb + verb) // "where did I go wrong": the verb stays bare
			case strings.EqualFold(verb, "read") && enPast.MatchString(st):
				b.WriteString(name + " " + adverb + verb) // "the train was late, I read a whole magazine"
			default:
				b.WriteString(name + " " + adverb + thirdPersonVerb(verb))
			}
			named = true
			continue
		}
		out, plural := enOwnPlural[lw]
		if own {
			out = ours[lw]
		}
		switch {
		case lw == "us" && own && named && strings.HasSuffix(strings.ToLower(b.String()), " of "):
			b.WriteString("them") // "just the two of us", "both of us"
			continue
		case lw == "us" && own && named && ours["us"] == enOwnPlural["us"]:
			b.WriteString("the family")
			continue
		case plural && own && named && lw != "us":
			// "the corgi we adopted" once the sender is named: their household
			b.WriteString(sentenceCase(b.String(), enTheyPlural[lw]))
			continue
		case plural && own:
			named = named || strings.Contains(out, "%s")
		case plural:
			out = enPronoun[lw]
		case named:
			b.WriteString(sentenceCase(b.String(), enAgain[lw]))
			continue
		default:
			out, named = enPronoun[lw], true
		}
		b.WriteString(matchCase(w, strings.ReplaceAll(out, "%s", name)))
	}
	b.WriteString(st[last:])
	return b.String()
}

// titleWord reports whether a first-person word other than "I" is
// capitalized where no sentence begins: a word of a title or a name
// ("Lean on Me", "Stand by Me"), not the sender.
func titleWord(w, before string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	if !unicode.IsUpper(r) || strings.HasPrefix(strings.ToLower(w), "i") {
		return false
	}
	t := strings.TrimRightFunc(before, unicode.IsSpace)
	return t != "" && !strings.ContainsAny(t[len(t)-1:], ".!?:;\"(")
}

// sentenceCase capitalizes word when what was written before it ends a
// sentence or is empty.
func sentenceCase(before, word string) string {
	t := strings.TrimRightFunc(before, unicode.IsSpace)
	if t == "" || strings.ContainsAny(t[len(t)-1:], ".!?") {
		return capitalize(word)
	}
	return word
}

// enOwnPlural is what the plural first person becomes in a member's
// statement about themselves: %s is the sender's name.
var enOwnPlural = map[string]string{
	"we're": "%s and family are", "we've": "%s and family have", "we'll": "%s and family will", "we'd": "%s and family would",
	"we": "%s and family", "us": "%s and family", "ourselves": "%s and family", "our": "%s's", "ours": "%s's",
}

// enApartPlural is what the plural first person becomes in a member's
// statement in a chat of two (WeApart) that is not about their household:
// the member and whoever they were with, never the group.
var enApartPlural = map[string]string{
	"we're": "%s and others are", "we've": "%s and others have", "we'll": "%s and others will", "we'd": "%s and others would",
	"we": "%s and others", "us": "%s and others", "ourselves": "%s and others", "our": "%s's", "ours": "%s's",
}

// enVoice rewrites an English statement name said on day in the third
// person: relative days and weekdays become dates, "I" and its verb the
// name and the verb's third person, and other first-person words the
// name (we: whose their "we" is).
func enVoice(st, name string, day time.Time, we We) string {
	st = enBareI.ReplaceAllStringFunc(st, func(w string) string { return "I'" + w[1:] }) // "im", "ive": "I'm", "I've"
	// "Tonight's set at the Corn Exchange" → "The set tonight at …", so
	// that the date takes the place of the day, not of its possessive.
	st = enDayPossessive.ReplaceAllStringFunc(st, func(w string) string {
		m := enDayPossessive.FindStringSubmatch(w)
		return matchCase(m[1], "the") + " " + m[2] + " " + strings.ToLower(m[1])
	})
	st = replaceRelative(st, day)
	st = enFromOn.ReplaceAllString(st, "$1 ") // "from today" → "from Wed Mar 4", not "from on …"
	st = enWeekday.ReplaceAllStringFunc(st, func(w string) string {
		sub := enWeekday.FindStringSubmatch(w)
		rel := strings.TrimSpace(strings.ToLower(sub[1]))
		switch {
		case sub[3] != "" || rel == "every" || rel == "":
			return w // a name ("Friday's"), a pattern, or a day that may be one ("moves to Thursday")
		case rel == "on" && !enPast.MatchString(st):
			return w // "on Friday": perhaps every Friday
		case rel == "on":
			rel = "past"
		}
		return "on " + weekdayNear(day, weekdayOf(sub[2]), rel).Format("Mon Jan 2")
	})
	// A "we" with the family named is the household's, even in what the
	// group would otherwise have done together ("we went camping with the
	// kids").
	household, family := enHousehold(st)
	switch {
	case family || we == WeHousehold || we != WeGroup && household:
		return enPersons(st, name, enOwnPlural)
	case we == WeApart:
		return enPersons(st, name, enApartPlural)
	}
	return enPersons(st, name, nil)
}

// enHouseholdWords and enHouseholdTrip are what a member's "we" does with
// their household: a home, a move, children, a trip. A "we" that does none
// of it, and names no family, pet or vehicle, is the group's ("the round
// sank us", "we're registered as The Loonie Tunes").
var (
	enHouseholdWords = regexp.MustCompile(`(?i)\b(?:home|house|flat|apartment|lease|landlord|keys|moved?|moving|neighbou?rhood|garden|holidays?|vacation|half term|trip|flights?|flying|flew|wedding|anniversary|kids?|baby|raising|adopted|(?:new|old|our) place|street|road|compound|estate|block|building|village|town)\b`)
	enHouseholdTrip  = regexp.MustCompile(`\b(?:[Oo]ff|[Gg]oing|[Hh]eading|[Mm]oving) to [A-Z]|\b(?:[Hh]ere|[Tt]here|[Oo]ff) we (?:are|go)\b`)
)

// enHousehold reports whether st tells what a member does with their
// household (enHouseholdWords, a family, a pet or a vehicle of
// kinds/en.txt), or says "here we are" of themselves; and whether it names
// the family itself.
func enHousehold(st string) (household, family bool) {
	household = enHouseholdWords.MatchString(st) || enHouseholdTrip.MatchString(st)
	for _, m := range kindMatches("en", strings.ToLower(st)) {
		switch m.kind {
		case "family":
			return true, true
		case "animal", "vehicle":
			household = true
		}
	}
	return household, false
}

// replaceRelative writes each relative day of st said on day as its date,
// but for one that names a part of something else: "the last week of
// August", "the next year or so".
func replaceRelative(st string, day time.Time) string {
	var b strings.Builder
	last := 0
	for _, at := range enRelativeDay.FindAllStringIndex(st, -1) {
		w := st[at[0]:at[1]]
		before, after := strings.ToLower(st[:at[0]]), strings.ToLower(st[at[1]:])
		if strings.HasSuffix(before, "the ") || strings.HasPrefix(after, " of ") || strings.HasPrefix(after, " or ") {
			continue
		}
		b.WriteString(st[last:at[0]])
		date := enRelativeDate(w, day)
		atClause := strings.TrimSpace(before) == "" || strings.HasSuffix(strings.TrimSpace(before), ",") || strings.HasSuffix(strings.TrimSpace(before), ":")
		if enAfterPreposition.MatchString(before) || atClause && enBeforeCopula.MatchString(after) {
			// "as of today", "verdict on tonight", "until next month": the
			// preposition stays and the date's own goes; a day that is the
			// subject ("next Friday is the last one") is the bare date.
			date = strings.TrimPrefix(strings.TrimPrefix(date, "on "), "in ")
		}
		b.WriteString(matchCase(w, date))
		last = at[1]
	}
	b.WriteString(st[last:])
	return b.String()
}

// enAfterPreposition matches text that ends in a preposition a relative
// day can follow ("as of", "on", "since", "until").
var enAfterPreposition = regexp.MustCompile(`\b(?:of|on|in|since|until|till|from|by|for|before|after)\s+$`)

// enBeforeCopula matches text that opens with the verb a relative day
// is the subject of ("next Friday is…").
var enBeforeCopula = regexp.MustCompile(`^\s+(?:is|was|will be|'s)\b`)

// enRelativeDate is the date a relative day w ("tomorrow", "this
// weekend", "last month") said on d names, worded to stand in its place.
func enRelativeDate(w string, d time.Time) string {
	switch strings.ToLower(w) {
	case "tomorrow":
		return "on " + d.AddDate(0, 0, 1).Format("Mon Jan 2")
	case "yesterday":
		return "on " + d.AddDate(0, 0, -1).Format("Mon Jan 2")
	case "a couple of days ago", "two days ago":
		return "on " + d.AddDate(0, 0, -2).Format("Mon Jan 2")
	case "three days ago":
		return "on " + d.AddDate(0, 0, -3).Format("Mon Jan 2")
	case "four days ago":
		return "on " + d.AddDate(0, 0, -4).Format("Mon Jan 2")
	case "five days ago":
		return "on " + d.AddDate(0, 0, -5).Format("Mon Jan 2")
	case "tonight", "this evening":
		return "on the evening of " + d.Format("Mon Jan 2")
	case "this morning":
		return "on the morning of " + d.Format("Mon Jan 2")
	case "this weekend":
		return "the weekend of " + monday(d).AddDate(0, 0, 5).Format("Mon Jan 2")
	case "next weekend":
		return "the weekend of " + monday(d).AddDate(0, 0, 12).Format("Mon Jan 2")
	case "last weekend":
		return "the weekend of " + monday(d).AddDate(0, 0, -2).Format("Mon Jan 2")
	case "this month":
		return "in " + d.Format("January 2006")
	case "next month":
		return "in " + time.Date(d.Year(), d.Month()+1, 1, 0, 0, 0, 0, d.Location()).Format("January 2006")
	case "last month":
		return "in " + time.Date(d.Year(), d.Month()-1, 1, 0, 0, 0, 0, d.Location()).Format("January 2006")
	case "this year":
		return "in " + d.Format("2006")
	case "next year":
		return "in " + d.AddDate(1, 0, 0).Format("2006")
	case "last year":
		return "in " + d.AddDate(-1, 0, 0).Format("2006")
	case "this week":
		return "the week of " + monday(d).Format("Mon Jan 2")
	case "next week":
		return "the week of " + monday(d).AddDate(0, 0, 7).Format("Mon Jan 2")
	case "last week":
		return "the week of " + monday(d).AddDate(0, 0, -7).Format("Mon Jan 2")
	}
	return "on " + d.Format("Mon Jan 2")
}

// thirdPersonVerb is an English verb's present tense after he or she.
func thirdPersonVerb(v string) string {
	switch lv := strings.ToLower(v); {
	case lv == "don't":
		return v[:len(v)-5] + "doesn't"
	case lv == "haven't":
		return v[:len(v)-7] + "hasn't"
	case lv == "have":
		return "has"
	case lv == "do" || lv == "go":
		return v + "es"
	case strings.HasSuffix(lv, "y") && len(lv) > 1 && !strings.ContainsRune("aeiou", rune(lv[len(lv)-2])):
		return v[:len(v)-1] + "ies" // study → studies
	case strings.HasSuffix(lv, "ss") || strings.HasSuffix(lv, "sh") || strings.HasSuffix(lv, "ch") || strings.HasSuffix(lv, "x"):
		return v + "es"
	}
	return v + "s"
}

// enHabitual rewrites the English days a habit's line counts from its own
// date ("tonight", "tomorrow") as the weekly pattern they stand for ("on
// Friday evenings").
func enHabitual(st string, day time.Time) string {
	wd, next := day.Weekday(), (day.Weekday()+1)%7
	return enHabitDay.ReplaceAllStringFunc(st, func(w string) string {
		var out string
		switch strings.ToLower(w) {
		case "tonight", "this evening":
			out = "on " + wd.String() + " evenings"
		case "this morning":
			out = "on " + wd.String() + " mornings"
		case "today":
			out = "on " + wd.String() + "s"
		default: // tomorrow
			out = "on " + next.String() + "s"
		}
		return matchCase(w, out)
	})
}

// enWeekly is English's Language.Weekly: "thursday", "this thursday",
// "on thursday" → "on Thursdays"; a weekday said before what happens on
// it ("sunday run") is only capitalised, and one already a pattern
// ("every Friday", "on Friday evenings") is left as it is. A line that
// names no weekday gets the pattern before its hour or its "as usual",
// or at its end.
func enWeekly(st string, wd time.Weekday) string {
	pattern := "on " + wd.String() + "s"
	var b strings.Builder
	last, found := 0, false
	for _, m := range enWeeklyDay.FindAllStringSubmatchIndex(st, -1) {
		lead, day := "", st[m[4]:m[5]]
		if m[2] >= 0 {
			lead = strings.ToLower(strings.TrimSpace(st[m[2]:m[3]]))
		}
		if weekdayOf(day) != wd {
			continue
		}
		found = true
		b.WriteString(st[last:m[0]])
		rest := st[m[1]:]
		switch {
		case lead == "every" || lead == "each" || enPartOfDay.MatchString(rest):
			b.WriteString(st[m[0]:m[4]] + wd.String() + st[m[5]:m[1]])
		case enAdverbial.MatchString(rest):
			b.WriteString(matchCase(st[m[0]:m[1]], pattern))
			if enBareHour.MatchString(rest) {
				b.WriteString(" at") // "thursday 7pm" → "on Thursdays at 7pm"
			}
		default: // "sunday run"
			b.WriteString(wd.String())
		}
		last = m[1]
	}
	if found {
		return b.String() + st[last:]
	}
	if loc := enWhenAt.FindStringIndex(st); loc != nil {
		return st[:loc[0]] + pattern + " " + st[loc[0]:]
	}
	return strings.TrimRight(st, " .!") + " " + pattern
}

var (
	enWeeklyDay = regexp.MustCompile(`(?i)\b((?:every|each|on|this|next) )?(monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b`)
	enPartOfDay = regexp.MustCompile(`(?i)^ (?:night|evening|morning|afternoon|lunchtime)s?\b`)
	// enAdverbial is what follows a weekday said as when: the end of its
	// clause, an hour, or a word that does not make it a noun's ("sunday
	// run").
	enAdverbial = regexp.MustCompile(`(?i)^(?:\s*$|\s*[,.!?;:)]|\s+(?:at|around|from|for|in|on|as|after|before|then|and|again|is|are|works|\d))`)
	enBareHour  = regexp.MustCompile(`^\s+\d`)
	enWhenAt    = regexp.MustCompile(`(?i)\b(?:at|around|from) \d|\b\d{1,2}(?::\d\d)?\s*(?:am|pm)\b|\bas (?:usual|always)\b`)
)

// enHabitDay are the English days enHabitual rewrites.
var enHabitDay = regexp.MustCompile(`(?i)\b(tonight|this evening|this morning|today|tomorrow)\b`)

// enAsked is English's Language.Asked.
func enAsked(clause string) (string, bool) {
	c := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(clause), "?!. "))
	c = enAskLead.ReplaceAllString(c, "")
	c = enAskTail.ReplaceAllString(c, "")
	if !enYou.MatchString(c) && !enAskAny.MatchString(c) && !enAskThe.MatchString(c) {
		return "", false // not about its reader
	}
	if m := enAskGot.FindStringSubmatch(c); m != nil {
		return "whether they got " + m[1], true // "did you get an animal in the end?": what they have now
	}
	if enAskMoment.MatchString(c) && !enAskMeasure.MatchString(c) && (!enAskLasting.MatchString(c) || enAskNow.MatchString(c)) {
		return "", false // "are you still coming tonight?", "how's your mom?"
	}
	i := slices.IndexFunc(enAskOrder, func(r enReorder) bool { return r.re.MatchString(c) })
	if i < 0 {
		return "", false
	}
	c = enAskOrder[i].re.ReplaceAllString(c, enAskOrder[i].to)
	c = enYou.ReplaceAllStringFunc(c, func(w string) string { return enThey[strings.ToLower(w)] })
	if c == "" {
		return "", false
	}
	r, size := utf8.DecodeRuneInString(c)
	return string(unicode.ToLower(r)) + c[size:], true
}

var (
	enYou     = regexp.MustCompile(`(?i)\b(you're|you've|you'll|you|your|yours|yourself)\b`)
	enAskLead = regexp.MustCompile(`(?i)^((wait|so|hey|btw|also|ok|okay|oh|remind me|quick question),?\s+)+`)
	enAskTail = regexp.MustCompile(`(?i)(,?\s+(again|these days|by the way|btw|now))+$`)
	// enAskThe is a question put to a member by name about a thing of
	// theirs said with "the" ("Yuki what's the day job again?").
	enAskThe = regexp.MustCompile(`(?i)^(?:what|which|where|who)(?:'s| is| was) the [a-z]`)
	// enAskLasting is a yes-or-no question about what lasts, which an
	// answer that names a thing says more to ("are you far from the
	// site?" — "over in Montpelier"; "is there anything you don't eat?");
	// enAskNow the words of one about the moment all the same.
	enAskLasting = regexp.MustCompile(`(?i)^(?:are you (?:far|near|close|from|based|allergic|into)|(?:is|are) there any(?:thing)? |do you have any|have you got any)\b`)
	enAskNow     = regexp.MustCompile(`(?i)\b(still|tonight|today|tomorrow|yesterday|this (time|morning|evening|week|weekend)|make it|right now|update|news|luck|any chance|a lift|a ride|borrow|lend|spare)\b`)
	// enAskMeasure is a "how" question about what lasts, not about the
	// moment: how old, how far, how many, how long.
	enAskMeasure = regexp.MustCompile(`(?i)^how (?:old|far|many|long|tall|big)\b`)
	// enAskMoment marks a question about the moment, not about its
	// reader: how they are, whether they come, what they did today.
	enAskMoment = regexp.MustCompile(`(?i)^(how|do|did|are|were|have|has|is|can|could|will|would)\b|\b(still|tonight|today|tomorrow|yesterday|this (time|morning|evening|week|weekend)|make it|right now|update|news|luck|any chance|a lift|a ride|borrow|lend|spare)\b`)
	// enAskOrder are the questions about their reader that a member's
	// answer says something lasting to, and how each reads as a
	// statement: "what's your X" → "their X", "where are you from" →
	// "where they are from", "what do you do" → "what they do".
	enAskOrder = []enReorder{
		{regexp.MustCompile(`(?i)^(?:what|which|who)(?:'s| is| was) (your .+)$`), "$1"},
		// "is there anything you don't eat?": about anything they don't eat
		{regexp.MustCompile(`(?i)^(?:is|are) there (any(?:thing)? .+)$`), "about $1"},
		{regexp.MustCompile(`(?i)^(?:do you have|have you got) (any .+)$`), "about $1 they have"},
		// "are you far from the site?": whether they are far from it
		{regexp.MustCompile(`(?i)^are you (.+)$`), "whether you are $1"},
		// "what's the day job", "how old is your little one": what it is
		{regexp.MustCompile(`(?i)^(what|which|who|how (?:old|far|many|long|tall|big))(?:'s| is) ((?:the|your) .+)$`), "$1 $2 is"},
		// "who is that on your profile pic": who that is
		{regexp.MustCompile(`(?i)^(who|what)(?:'s| is) (that|this) (.+)$`), "$1 $2 is $3"},
		// "what brought you to Taiwan": what brought them there
		{regexp.MustCompile(`(?i)^(what) (brought|made|got|took) (you .+)$`), "$1 $2 $3"},
		{regexp.MustCompile(`(?i)^(how (?:old|far|many|long|tall|big)) (are|were) you(| .+)$`), "$1 you $2$3"},
		{regexp.MustCompile(`(?i)^(how (?:old|far|many|long|tall|big)(?: \w+)?) do (you .+)$`), "$1 $2"},
		{regexp.MustCompile(`(?i)^(what|where|whereabouts|who|which \w+) (are|were) you(| .+)$`), "$1 you $2$3"},
		// "which side of town are you on": a noun phrase after "which"
		{regexp.MustCompile(`(?i)^(which \w+(?: of (?:the )?\w+)?) (are|were) you(| .+)$`), "$1 you $2$3"},
		{regexp.MustCompile(`(?i)^(what|where|whereabouts|who|which \w+) do (you .+)$`), "$1 $2"},
		{regexp.MustCompile(`(?i)^(what|where|whereabouts|who|which \w+) did you (.+)$`), "$1 you did $2"},
		{regexp.MustCompile(`(?i)^(what|where|whereabouts|who|which \w+) ((?:you|your) .+)$`), "$1 $2"},
		// "you going anywhere this year?": where they are going
		{regexp.MustCompile(`(?i)^(?:are )?(?:you )?([a-z]+ing) (?:anywhere|somewhere)(.*)$`), "where you are $1$2"},
		{regexp.MustCompile(`(?i)^((?:any|anything) .+)$`), "about $1"},
	}
	enAskAny = regexp.MustCompile(`(?i)^(?:any|anything)\b|^[a-z]+ing (?:anywhere|somewhere)\b`)
	// enAskGot is a question whether the reader got a thing of a kind
	// ("did you get an animal in the end?"): the answer names what they
	// have. "did you get home ok?" names no kind.
	enAskGot = regexp.MustCompile(`(?i)^did you (?:actually |finally |ever )?(?:get|end up getting|buy|adopt) (an? [a-z]+(?: in the end)?)$`)
	enThey   = map[string]string{"you're": "they're", "you've": "they've", "you'll": "they'll", "you": "they",
		"your": "their", "yours": "theirs", "yourself": "themselves"}
)

// enReorder is a question's form and how it reads in a statement.
type enReorder struct {
	re *regexp.Regexp
	to string
}

// englishDays are the English weekday names.
var englishDays = map[string]string{"monday": "mon", "tuesday": "tue", "wednesday": "wed", "thursday": "thu",
	"friday": "fri", "saturday": "sat", "sunday": "sun"}

// enWhen is English's Language.When: weekday names ("Friday",
// "Fridays") and hours ("9pm", "9 pm", "21:00", "9:30am").
func enWhen(text string) []Moment {
	var out []Moment
	words := latinWords(text)
	for i, w := range words {
		lw := strings.ToLower(w.text)
		if d, ok := englishDays[strings.TrimSuffix(lw, "s")]; ok {
			out = append(out, Moment{Kind: kindWeekday, Value: d, Words: []string{w.text}})
			continue
		}
		if h, ok := latinHour(lw, words, i); ok {
			read := []string{w.text}
			if i+1 < len(words) && (strings.EqualFold(words[i+1].text, "am") || strings.EqualFold(words[i+1].text, "pm")) {
				read = append(read, words[i+1].text)
			}
			out = append(out, Moment{Kind: kindTime, Value: h, Words: read})
		}
	}
	return out
}

// latinHour reads "9pm", "9 pm", "21:00" or "9:30am" at words[i].
func latinHour(w string, words []word, i int) (string, bool) {
	num := strings.TrimRight(w, "apm")
	suffix := w[len(num):]
	if suffix != "" && suffix != "am" && suffix != "pm" {
		return "", false
	}
	hour, minute := num, "0"
	if h, m, ok := strings.Cut(num, ":"); ok {
		hour, minute = h, m
	} else if suffix == "" {
		if i+1 >= len(words) {
			return "", false
		}
		next := strings.ToLower(words[i+1].text)
		if next != "am" && next != "pm" {
			return "", false
		}
	}
	h, err1 := strconv.Atoi(hour)
	m, err2 := strconv.Atoi(minute)
	if err1 != nil || err2 != nil || h > 24 || m > 59 {
		return "", false
	}
	return dial(h, m), true
}

// enAnswerFirst ends the first clause of an answer; enAnswerSelf opens an
// answer that is a statement of its own, in the first person ("I'm a
// dental hygienist!"); enAnswerClause marks a first clause that is more
// than a bare value ("we did", "it's a budgie", "just mustard").
var (
	enAnswerFirst = regexp.MustCompile(`\s*[!,.;:—–?]+\s*`)
	enAnswerSelf  = regexp.MustCompile(`^(?:I'm|I am|I've|I have|I was|I work|I live|I grew|I teach|I study)\b`)
	// enAskWhere asks where the member is from or lives ("where they are
	// originally from"): the place follows its preposition.
	enAskWhere     = regexp.MustCompile(`^where they are ((?:[a-z]+ )*(?:from|in|at|near))$`)
	enAnswerClause = regexp.MustCompile(`(?i)\b(?:i|i'm|im|we|we're|they|they're|it|it's|he|she|you|is|are|am|was|were|be|got|get|have|has|had|did|do|does|just|only|not|no|yes|yeah|yep|nope|maybe|probably|haha|lol)\b`)
)

// enAnswer is English's Language.Answer. A question for one of the
// member's things ("their little one's name") and a bare value ("Milo!
// the tornado of the family") read as "Priya's little one's name is
// Milo, the tornado of the family", where they are from and a place as
// "Cleo is originally from Dundee"; an answer in the first person about
// the member ("I'm a dental hygienist! going on six years now") is its own
// statement. Anything else keeps the question beside the answer.
func enAnswer(name, asked, answer string) (string, bool) {
	if enAnswerSelf.MatchString(answer) {
		return answer, true
	}
	first, rest := answer, ""
	if loc := enAnswerFirst.FindStringIndex(answer); loc != nil {
		first, rest = answer[:loc[0]], answer[loc[1]:]
	}
	if n := len(strings.Fields(first)); n == 0 || n > 4 || enAnswerClause.MatchString(first) {
		return "", false
	}
	var st string
	if thing, ok := strings.CutPrefix(asked, "their "); ok {
		st = name + "'s " + thing + " is " + first
	} else if m := enAskWhere.FindStringSubmatch(asked); m != nil {
		st = name + " is " + m[1] + " " + first
	} else {
		return "", false
	}
	if rest = strings.TrimSpace(rest); rest != "" {
		st += ", " + rest
	}
	return st, true
}

// enAgreeAfter finds, after a comma or "and", a clause that left its
// subject out and opens with a verb in its bare form.
var enAgreeAfter = regexp.MustCompile(`(?i)(,\s+|\band\s+)((?:still|also|even|just|always|never|really|totally|now)\s+)?(have|do|go|love|like|need|want|hate|miss|feel|think|know|enjoy|hope|wish)\b`)

// enAgree is English's Language.Agree: "…, still have the hoodie" →
// "…, I still have the hoodie".
func enAgree(st string) string {
	return enAgreeAfter.ReplaceAllStringFunc(st, func(m string) string {
		sub := enAgreeAfter.FindStringSubmatch(m)
		return sub[1] + "I " + sub[2] + sub[3]
	})
}
