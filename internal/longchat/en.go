package longchat

import (
	"fmt"
	"math"
	"time"
)

// english is the English language: names, facts and dates. Its
// paraphrases, spans, milestones and talk are in en_talk.go.
var english = lang{
	code: "en", his: "his", her: "her", stop: ".",
	joins: []string{"{chat} Anyway, {fact-}", "{chat} Oh and {fact-}", "{chat} Also, {fact-}", "{fact.} {chat}"},
	people: []person{
		{"maya", "Maya", true}, {"sam", "Sam", false}, {"raj", "Raj", false}, {"emma", "Emma", true},
		{"tom", "Tom", false}, {"priya", "Priya", true}, {"ben", "Ben", false}, {"chloe", "Chloe", true},
		{"marcus", "Marcus", false}, {"nina", "Nina", true}, {"owen", "Owen", false}, {"jess", "Jess", true},
		{"carlos", "Carlos", false}, {"hannah", "Hannah", true},
	},
	moods: map[string][]string{
		"good": {"congrats!!", "omg {name} 🎉", "that's amazing {name}", "so happy for you!", "yesss", "huge!!", "well deserved", "🎉🎉🎉", "love this for you"},
		"bad":  {"oh no", "ugh {name} that's rough", "yikes", "oof", "sending hugs", "that's awful, hope you're ok", "feel better {name}"},
		"meh":  {"haha nice", "ooh", "no way", "love that", "ha!", "same tbh", "TIL", "lol same", "relatable"},
		"news": {"whoa, big news", "congrats {name}!", "ooh exciting", "nice!!", "about time haha", "🙌", "keep us posted"},
		"envy": {"jealous!!", "so jealous", "take me with you", "amazing, enjoy!", "ooh nice"},
		"note": {"noted", "got it 👍", "thanks {name}", "👍", "ok cool", "good to know", "noted, thanks for saying"},
	},
	cal:         enCalendar,
	paraphrases: enParaphrases,
	spans:       enSpans,
	milestones:  enMilestones,
	talk:        enTalk,
	facts: []fact{{
		key:    "pet",
		values: []string{"beagle", "corgi", "border collie", "dachshund", "greyhound", "Maine Coon", "tabby kitten", "bearded dragon", "cockatiel", "Bernese mountain dog", "French bulldog", "Siamese cat"},
		stmt: stmt{
			say: []string{
				"We finally adopted {an} {v} from the shelter this weekend 🐾 the whole house is obsessed",
				"Meet the newest member of the household: {an} {v}! Haven't slept properly in two days lol",
				"So I caved and brought home {an} {v}. My landlord doesn't know yet, please nobody tell him 😅",
				"Small update from my place: the {v} we adopted has already claimed the couch and my side of the bed",
			},
			prompt: []string{"{name} how's the new pet settling in? What did you end up getting?", "wait {name}, did you actually get an animal in the end??"},
			reply:  []string{"Got {an} {v}! Total chaos but we love her already", "yep, {an} {v} 😍 pics coming"},
			mood:   "good", reacts: []string{"pics please!!", "omg I need photos", "what's the name??", "cuteness overload incoming"},
		},
		ask:  []string{"What kind of pet did {who} adopt?", "What animal did {who} bring home?"},
		who:  []string{"Who adopted {an} {v}?", "Who in the group has {an} {v}?"},
		desc: []string{"the member who adopted {an} {v}", "the person with the {v}"},
	}, {
		key:    "allergy",
		values: []string{"peanuts", "shellfish", "sesame", "kiwi", "cashews", "strawberries", "mustard", "walnuts", "soy", "buckwheat"},
		stmt: stmt{
			say: []string{
				"Quick heads up before Saturday: I'm allergic to {v}, so I'll bring my own snacks",
				"I ended up in urgent care as a kid because of {v}, so I'm a bit paranoid about labels",
				"Can we keep {v} out of the potluck? I'm allergic and the EpiPen is not a fun time",
			},
			prompt: []string{"{name} anything you can't eat? I'm planning the menu", "{name} any allergies I should know about before I cook?"},
			reply:  []string{"Just {v}, I'm seriously allergic", "only {v}! everything else is fair game"},
			mood:   "note", reacts: []string{"I'll make sure there's none", "noted for the potluck"},
		},
		ask:  []string{"What is {who} allergic to?", "Which food does {who} have an allergy to?"},
		who:  []string{"Who is allergic to {v}?"},
		desc: []string{"the member who is allergic to {v}"},
	}, {
		key:    "hometown",
		values: []string{"Duluth", "Savannah", "Tucson", "Halifax", "Boise", "Albuquerque", "Spokane", "Galway", "Adelaide", "Dundee", "Wichita", "Knoxville"},
		stmt: stmt{
			say: []string{
				"I grew up in {v}, so honestly this cold is nothing",
				"Fun fact, I was born and raised in {v}. Still miss the food there",
				"Being from {v}, I have very strong opinions about this topic",
			},
			prompt: []string{"{name} where are you originally from?"},
			reply:  []string{"{v}! small world if you know it", "Born and raised in {v}, moved around a lot after college"},
			mood:   "meh",
		},
		ask:  []string{"Where did {who} grow up?", "Which city is {who} originally from?"},
		who:  []string{"Who grew up in {v}?", "Who is originally from {v}?"},
		desc: []string{"the member who grew up in {v}"},
	}, {
		key:    "job",
		values: []string{"pediatric nurse", "ER nurse", "tax accountant", "payroll specialist", "civil engineer", "structural engineer", "chemistry teacher", "art teacher", "dental hygienist", "paralegal", "pastry chef", "physical therapist", "data analyst", "landscape architect"},
		stmt: stmt{
			say: []string{
				"I'm {an} {v}, so weekends are pretty much my only free time",
				"Speaking as {an} {v}: please drink more water, all of you",
				"Long shift today. Being {an} {v} is rewarding but my feet hate me",
			},
			prompt: []string{"{name} remind me what you do for work?"},
			reply:  []string{"I'm {an} {v}! going on six years now"},
			mood:   "meh",
		},
		change: stmt{
			say: []string{
				"Big news: I accepted an offer as {an} {v}! First day is Monday, terrified and excited",
				"So I finally switched careers, I'm {an} {v} now. Wish me luck",
				"New job update: officially {an} {v} as of this week 🎉",
			},
			mood: "news",
		},
		ask:  []string{"What does {who} do for work?"},
		now:  []string{"What is {name}'s job now?", "What does {name} do for a living these days?"},
		who:  []string{"Who works as {an} {v}?"},
		desc: []string{"the member who works as {an} {v}"},
	}, {
		key:    "city",
		values: []string{"Denver", "Austin", "Portland", "Raleigh", "Minneapolis", "Pittsburgh", "Sacramento", "Madison", "Richmond", "Tacoma", "Asheville", "Omaha"},
		stmt: stmt{
			say: []string{
				"I live out in {v} these days, so it's a bit of a drive for me",
				"Traffic here in {v} this morning was unreal, an hour to go five miles",
				"Rent in {v} keeps going up, my lease renewal letter made me cry a little",
			},
			mood: "meh",
		},
		change: stmt{
			say: []string{
				"Update: we officially moved to {v}! Boxes everywhere and I can't find a single fork",
				"Signed a lease in {v}, the move is done and my back is destroyed",
				"Writing this from our new place in {v}, the view from the balcony makes the move worth it",
			},
			mood: "news",
		},
		ask:  []string{"Which city does {who} live in?"},
		now:  []string{"Where does {name} live now?", "Which city is {name} living in these days?"},
		who:  []string{"Who lives in {v}?"},
		desc: []string{"the member who lives in {v}"},
	}, {
		key:    "phone",
		values: []string{"Pixel 8", "iPhone 15", "Galaxy S23", "iPhone SE", "OnePlus 12", "Pixel 7a", "Galaxy Z Flip", "Moto G", "iPhone 13 mini", "Nothing Phone 2"},
		stmt: stmt{
			say: []string{
				"My {v} dies by 3pm every day, I carry a power bank everywhere now",
				"Sorry for the blurry pic, the camera on my {v} is hopeless in the dark",
			},
			mood: "meh",
		},
		change: stmt{
			say: []string{
				"Finally replaced my phone, went with the {v}. Still moving all my photos over",
				"Dropped my old phone in the lake 🙃 so now I'm on {an} {v}",
			},
			mood: "news",
		},
		ask:  []string{"What phone does {who} use?"},
		now:  []string{"What phone does {name} use now?", "Which phone does {name} have at the moment?"},
		who:  []string{"Who has the {v}?"},
		desc: []string{"the member with the {v}"},
	}, {
		key:    "car",
		values: []string{"Subaru Outback", "Honda Civic", "Toyota RAV4", "Ford F-150", "Mazda 3", "Tesla Model 3", "VW Golf", "Kia Soul", "Jeep Wrangler", "Volvo XC60"},
		stmt: stmt{
			say: []string{
				"I can drive, the {v} fits five if someone doesn't mind the middle seat",
				"My {v} is making a weird clicking noise again, mechanic on Thursday",
			},
			mood: "meh",
		},
		change: stmt{
			say: []string{
				"Traded in the old car, I'm driving {an} {v} now! Road trip, anyone?",
				"Picked up my {v} today, it still has that new car smell",
			},
			mood: "news",
		},
		ask:  []string{"What car does {who} drive?"},
		now:  []string{"What car does {name} drive now?"},
		who:  []string{"Who drives {an} {v}?"},
		desc: []string{"the member who drives {an} {v}"},
	}, {
		key:    "kid",
		values: []string{"Theo", "Ruby", "Milo", "Hazel", "Jasper", "Felix", "Nora", "Otis", "Wren", "Poppy"},
		stmt: stmt{
			say: []string{
				"My youngest, {v}, started kindergarten this week and cried at drop-off (so did I)",
				"{v}, my little one, informed me at dinner that broccoli is \"illegal\" 😂",
				"Took {v}, my youngest, to the dentist today and it went surprisingly well",
			},
			prompt: []string{"{name} what's your little one's name again?"},
			reply:  []string{"{v}! the tornado of the family"},
			mood:   "meh", reacts: []string{"kids are the best 😂", "lol they never stop", "adorable"},
		},
		byName: []string{"What is the name of {who}'s youngest child?"},
		who:    []string{"Whose youngest kid is called {v}?"},
		desc:   []string{"the parent of {v}"},
	}, {
		key:    "author",
		values: []string{"Octavia Butler", "Kazuo Ishiguro", "Terry Pratchett", "Toni Morrison", "Haruki Murakami", "Agatha Christie", "Ursula Le Guin", "Stephen King", "Jane Austen", "Hilary Mantel", "Elena Ferrante", "Ted Chiang"},
		stmt: stmt{
			say: []string{
				"Nobody beats {v} for me, I reread everything every couple of years",
				"Hot take: {v} is the best writer there is, fight me",
				"Found a signed {v} paperback at a yard sale for a dollar!! My favorite author, best day ever",
			},
			mood: "meh",
		},
		ask:    []string{"Which author does {who} love most?"},
		byName: []string{"Who is {who}'s favorite author?"},
		who:    []string{"Whose favorite author is {v}?"},
		desc:   []string{"the {v} fan"},
	}, {
		key:    "team",
		values: []string{"Packers", "Celtics", "Cubs", "Seahawks", "Arsenal", "Red Sox", "Lakers", "Maple Leafs", "Blue Jays", "Chelsea"},
		stmt: stmt{
			say: []string{
				"Lifelong {v} fan here, this season is testing my faith",
				"Can't make it tonight, the {v} are playing and I have a superstition about watching live",
				"My whole living room is {v} merch at this point, my partner has given up",
			},
			mood: "meh",
		},
		ask:  []string{"Which team does {who} support?"},
		who:  []string{"Who is {an} {v} fan?"},
		desc: []string{"the {v} fan in the group"},
	}, {
		key:    "language",
		values: []string{"Portuguese", "Korean", "Italian", "Mandarin", "German", "Greek", "Dutch", "Turkish", "Swedish", "Polish"},
		stmt: stmt{
			say: []string{
				"Day 90 of learning {v} on Duolingo, the owl is getting aggressive",
				"Practiced my {v} on the waiter tonight and it went... badly 😂",
				"Started {v} lessons on Tuesday nights, my brain hurts in a good way",
			},
			mood: "meh",
		},
		ask:  []string{"What language is {who} learning?"},
		who:  []string{"Who is learning {v}?"},
		desc: []string{"the member who is learning {v}"},
	}, {
		key:    "hobby",
		values: []string{"pottery", "rock climbing", "woodworking", "salsa dancing", "birdwatching", "knitting", "archery", "beekeeping", "fencing", "watercolor painting", "roller skating", "aerial silks"},
		stmt: stmt{
			say: []string{
				"Signed up for {v} classes, the first session was very humbling",
				"Been really into {v} lately, it's the only thing that gets me off my phone",
				"Spent all Sunday on {v} and I regret nothing",
			},
			mood: "meh",
		},
		ask:  []string{"What hobby did {who} pick up?"},
		who:  []string{"Who took up {v}?"},
		desc: []string{"the member who took up {v}"},
	}, {
		key:    "vacation",
		values: []string{"Lisbon", "Iceland", "Kyoto", "Costa Rica", "Banff", "Crete", "Vietnam", "Patagonia", "Marrakech", "New Zealand", "Croatia", "Peru"},
		stmt: stmt{
			say: []string{
				"Booked flights to {v} for the summer, counting the days already",
				"Just put the deposit down for {v} in August, somebody stop me from buying more gear",
			},
			prompt: []string{"{name} any big plans for the summer?"},
			reply:  []string{"{v}! two weeks, flights are booked"},
			mood:   "envy",
		},
		ask:  []string{"Where is {who} going on vacation this summer?"},
		who:  []string{"Who is going to {v} this summer?"},
		desc: []string{"the member who booked a trip to {v}"},
	}, {
		key:    "college",
		values: []string{"Ohio State", "UC Davis", "Rutgers", "Purdue", "Georgia Tech", "Boston University", "McGill", "Tulane", "Vanderbilt", "Clemson"},
		stmt: stmt{
			say: []string{
				"Went to {v} for undergrad, still have the hoodie to prove it",
				"My {v} reunion is coming up and I have nothing to wear",
			},
			mood: "meh",
		},
		ask:  []string{"Where did {who} go to college?"},
		who:  []string{"Who went to {v}?"},
		desc: []string{"the {v} grad"},
	}, {
		key:    "dish",
		values: []string{"shakshuka", "pierogi", "jambalaya", "bibimbap", "moussaka", "pad see ew", "chiles rellenos", "beef bourguignon", "laksa", "pupusas"},
		stmt: stmt{
			say: []string{
				"If I could eat one dish forever it would be {v}, no contest",
				"Made {v} from scratch last night, still my favorite thing to cook and eat",
			},
			prompt: []string{"{name} what's your ultimate comfort food?"},
			reply:  []string{"{v}, every single time"},
			mood:   "meh", reacts: []string{"now I'm hungry", "drooling", "recipe please"},
		},
		ask:    []string{"What dish does {who} love most?"},
		byName: []string{"What is {who}'s favorite dish?"},
		who:    []string{"Whose favorite dish is {v}?"},
		desc:   []string{"the member who loves {v}"},
	}},
}

// enCalendar says dates the American way: "March 14", "in early March".
var enCalendar = calendar{
	date: func(d, asked time.Time) string { return "on " + d.Format("January 2") + enLastYear(d, asked) },
	part: func(d, asked time.Time) string {
		part := [...]string{"early ", "mid-", "late "}[min((d.Day()-1)/10, 2)]
		return "in " + part + d.Format("January") + enLastYear(d, asked)
	},
	rel: map[string]string{
		"yesterday": "yesterday", "daybefore": "the day before yesterday", "lastweek": "last week",
		"weekbeforelast": "the week before last", "twoweeksago": "two weeks ago", "lastmonth": "last month",
	},
	weekday: func(w time.Weekday) string { return "on " + w.String() + " last week" },
	answer:  func(d, asked time.Time) string { return d.Format("January 2") + enLastYear(d, asked) },
	span: func(from, to time.Time) string {
		days := int(math.Round(to.Sub(from).Hours() / 24))
		return fmt.Sprintf("about %d weeks (%s to %s)", int(math.Round(float64(days)/7)), from.Format("January 2"), to.Format("January 2"))
	},
}

func enLastYear(d, asked time.Time) string {
	if d.Year() < asked.Year() {
		return " last year"
	}
	return ""
}
