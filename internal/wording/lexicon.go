package wording

import "regexp"

// English is the English lexicon.
var English = Lexicon{
	SecondPerson: regexp.MustCompile(`(?i)\b(you|your|yours|yourself|yourselves|you're|you've|you'll|you'd|u|ur|y'all)\b`),
	Question:     regexp.MustCompile(`\?\s*$|(?i)^\s*(any ?one|anybody|who|what|where|when|how|why|does|do|did|is|are|can|could|would|should|will)\b[^.!]*\?`),
	Greeting: regexp.MustCompile(`(?i)^\W*(hey|hi|hello|hiya|yo|congrats|congratulations|welcome)\b|` +
		`(?i)^\W*(good )?(morning|evening|night|afternoon)( all| everyone| folks| guys| team)?\W*$`),
	Photo:       regexp.MustCompile(`(?i)\b(here'?s (a|the|my|our) (pic|photo|picture|shot|snap|video|link|view|sunset|sunrise)|(check|look at) (this|these|it|out this|the|my|our)|see (the |this )?(pic|photo|attached)|pic of|photo of|(pic|photo|link) below|attached|sorry for the [a-z ]*(pic|photo))\b`),
	FirstPerson: regexp.MustCompile(`\b(I|I'm|I've|I'll|I'd|me|my|mine|myself|im|ive|Im|Ive)\b`),
	SignOff:     regexp.MustCompile(`(?i)\b(talk (to you )?(later|soon)|ttyl|see (you|ya|y'all) (later|soon|then|there|tomorrow)|catch (you|ya) later|take care|good ?night|gotta (go|run)|bye)\b`),
	Reaction:    regexp.MustCompile(`(?i)^\W*(that'?s|that is|this is|how|what a|sounds|looks|wow|omg|aww+|nice|great|awesome|amazing|cool|lol|haha+|yay|love (it|that|this))\b[\w\s',]{0,24}[.!]*\s*$`),
	Verb:        regexp.MustCompile(`\b([A-Z][a-z]+) (?:really |also |still |even |just |always |never |totally )?(have|do|go|am|don't|haven't|appreciate|love|like|want|need|think|know|feel|hope|wish|enjoy|miss|work|live|agree|guess|mean|say|get|make|take|help|eat|keep|play|run|watch|cook|bake|teach|study|write|sing|draw|drive|walk|swim|travel|volunteer|try|spend|sleep|start|finish|find|come|bring|buy|use|own|prefer|hate|adore|plan|paint|visit|call|tell|talk|train|practise|practice)\b`),
	// A marker that says more follows: "anyway." ending a sentence is an
	// adverb, "Anyway, Tom…" and "Tom anyway started…" are chat.
	Marker: regexp.MustCompile(`(?i)^[^\pL\pN]*(?:so,?\s+)?(?:oh|anyways?|by the way|btw)\b[\s,:;—-]*\w`),
	Lead:   regexp.MustCompile(`(?i)^[^\pL\pN]*(?:also|besides|plus)\s*,`),
}

// Chinese is the Chinese lexicon.
var Chinese = Lexicon{
	SecondPerson: regexp.MustCompile(`你|您`),
	Question:     regexp.MustCompile(`[？?]|[吗呢嘛][\s。！!~～…]*$|有没有|是不是|要不要|谁有|有人[^，。]*[吗么]`),
	Greeting:     regexp.MustCompile(`^\s*(早上好|早安|早啊|大家好|哈喽|嗨|晚上好|中午好|下午好|恭喜|欢迎)`),
	Photo:        regexp.MustCompile(`看这张|看这个|发张图|发个图|上图|图片|照片[如在]|如图|见图|链接|截图|\[图片\]|\[视频\]`),
	FirstPerson:  regexp.MustCompile(`我|俺`),
	SignOff:      regexp.MustCompile(`晚安|拜拜|回头聊|先撤|先下了|88$`),
	Reaction:     regexp.MustCompile(`^\s*(哈哈+|呵呵|好的|收到|太好了|厉害|牛|赞|羡慕|真棒|好棒|可以可以|不错|对对|是的|嗯嗯?|哇+|666+|恭喜恭喜|辛苦了|加油|确实|笑死|绝了|好家伙|刚看到消息)[啊呀了哈！!。~～…\s]*$`),
	// 话说得 ("speaks"), 对了吗 and a clause-ending 对了 ("was right")
	// are not markers.
	Marker: regexp.MustCompile(`^[^\pL\pN]*(?:话说[^得]|对了[^吗吧呢么。！!？?]|跟(?:你们|大家|各位)说(?:个事|件事|一下|一声)|顺便(?:说|提)一?(?:下|句)|补充一下)`),
	// 另外 before a number or a measure word is "the other" (另外两个人).
	Lead:   regexp.MustCompile(`^[^\pL\pN]*(?:另外(?:[^一二两三四五六七八九十几0-9个位只件些种条家的]|$)|还有[，,])`),
	Joined: regexp.MustCompile(`\p{Han}[ \t\x{3000}]+\p{Han}`),
}
