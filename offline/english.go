package offline

import "regexp"

// English is the English language value (see Language).
var English = Language{
	Name:         "en",
	Owns:         func(string) bool { return true },
	ClauseMarks:  ".!?;,",
	SecondPerson: regexp.MustCompile(`(?i)\b(you|your|yours|yourself|yourselves|you're|you've|you'll|you'd|ya|u|ur|y'all)\b`),
	Question:     regexp.MustCompile(`\?\s*$`),
	Greeting: regexp.MustCompile(`(?i)^\W*(hey|hi|hello|hiya|yo|congrats|congratulations|welcome|thanks|thank you)\b|` +
		`(?i)^\W*(good )?(morning|evening|night|afternoon)( all| everyone| folks| guys| team)?\W*$|` +
		`^\W*[A-Z][a-z]+!+\s*$`), // a name called out: "Mel!"
	SignOff: regexp.MustCompile(`(?i)\b(talk (to you )?(later|soon)|ttyl|see (you|ya|y'all) (later|soon|then|there)|catch (you|ya) later|take care|good ?night|gotta (go|run)|bye)\b`),
	Reaction: regexp.MustCompile(`(?i)^\W*(that'?s|that is|this is|how|what a|sounds|looks|wow|omg|aww+|nice|great|awesome|amazing|cool|lol|haha+|yay|ok|okay|wait|honestly|same|love (it|that|this)|hang in there|sending|so anyways?|anyways?)\b` +
		`[\w\s',-]{0,30}[.!]*\s*$`),
	Photo:       regexp.MustCompile(`(?i)\b(here'?s a (pic|photo|picture|shot|snap|video|link)|(check|look at) (this|these|it|out this)|pic of|photo of|(pic|photo|link) below|attached|sorry for the [a-z ]*(pic|photo))\b`),
	FirstPerson: regexp.MustCompile(`\b(I|I'm|I've|I'll|I'd|me|my|mine|myself)\b`),
	Singular:    regexp.MustCompile(`(?i)\b(i|i'm|i've|i'll|i'd|me|my|mine|myself)\b`),
	BareVerb: regexp.MustCompile(`\b([A-Z][a-z]+) (?:really |also |still |even |just |always |never |totally )?` +
		`(have|do|go|am|appreciate|love|like|want|need|think|know|feel|hope|wish|enjoy|miss|agree|guess|mean|say|get|make|take|carry|can't wait)\b`),
	VerbLead:     regexp.MustCompile(`(?i)^\W*(just |finally |also |still )?([a-z]+ed|went|made|took|got|bought|had|ran|met|saw|found|spent|signed|caught|brought|began|did|flew|grew|won|sold|left|kept|lost|paid|put|built|drove|rode|swam|wrote|read|ate|drank|gave|heard|learnt|thought|taught|told|wore|started|picked)\b`),
	SubjectSpace: " ",
	Attribution:  ": ",
	Possessive:   "%s's",
	Their:        "their",
	Recurs: regexp.MustCompile(`(?i)\b(every|each) (day|morning|evening|night|week|weekend|month|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|` +
		`\b(weekly|daily|monthly|fortnightly|as usual|as always|from now on|going forward|on (mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|weekends))\b`),
}
