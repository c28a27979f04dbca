package longchat

// choir is an English community choir in the north of England: its
// performances, the pieces it learns, where and when it rehearses and
// what its subs are. Its members state their facts in words of their own
// (choirFacts), not in the language's.
var choir = theme{
	id: "lc-en-choir", split: "train", langs: []*lang{&english}, zone: "+00:00", start: "2026-01-19",
	weeks: 11, days: 29, members: 6, messages: 600,
	skip: []string{"job", "city", "pet", "allergy", "kid", "hobby", "vacation"},
	people: map[string][]person{"en": {
		{"gwen", "Gwen", true}, {"alfie", "Alfie", false}, {"imogen", "Imogen", true}, {"dev", "Dev", false},
		{"rosa", "Rosa", true}, {"kwame", "Kwame", false}, {"fiona", "Fiona", true}, {"harry", "Harry", false},
		{"leah", "Leah", true}, {"stuart", "Stuart", false},
	}},
	facts: map[string][]fact{"en": choirFacts},
	series: []series{{
		key: "performance", slot: evening,
		values: []string{"St Brigid's Church", "the Corn Exchange", "Harbourside Hall", "the bandstand in Albert Park", "Elmwood Care Home", "the Christmas market", "Fenwick Library", "the Old Mill Theatre", "Riverside Arts Centre", "Hollis Brewery", "the hospital atrium", "Saltmarket Cathedral"},
		text: map[string]seriesText{"en": {
			say: []string{
				"What a crowd at {v} tonight, the harmonies in the second half were spot on",
				"Tonight's set at {v} 👏 {x} that solo gave me actual goosebumps",
				"{v} done and dusted! The acoustics in there are something else",
				"Sang at {v} this evening, someone's nan cried through the whole of the last song",
			},
			reacts:  []string{"best one yet", "so proud of us", "my throat is shot", "that last chord!!", "thanks everyone 💛", "already missing it"},
			ask:     []string{"Where did the choir perform {when}?", "Which venue did we sing at {when}?"},
			askBy:   []string{"Which performance did {name} post about {when}?"},
			askDate: []string{"When did the choir sing at {v}?"},
			before:  "just before {a}", after: "right after {a}",
		}},
	}, {
		key: "piece", slot: evening,
		values: []string{"Bridge Over Troubled Water", "The Parting Glass", "Shenandoah", "Lean on Me", "Seasons of Love", "Blackbird", "Stand by Me", "Ave Verum Corpus", "Danny Boy", "Down to the River to Pray", "Ubi Caritas", "Let It Be"},
		text: map[string]seriesText{"en": {
			say: []string{
				"Started on {v} tonight, the altos already sound lovely on it",
				"New piece this week is {v}, sheet music is in the folder",
				"We had a first go at {v} tonight and it fell apart at bar 30, but in a fun way",
			},
			reacts:  []string{"love that one", "ooh good choice", "I'll practise in the car", "the key change 😭", "finally!"},
			ask:     []string{"Which piece did the choir start learning {when}?", "What song did we begin {when}?"},
			askBy:   []string{"Which new piece did {name} mention {when}?"},
			askDate: []string{"When did we start learning {v}?"},
			before:  "the piece before {a}", after: "the piece after {a}",
		}},
	}},
	updates: []update{{
		key: "rehearsal", common: true,
		values: []string{"Monday", "Tuesday", "Wednesday", "Thursday"},
		text: map[string]updateText{"en": {
			say:    []string{"Rehearsals are {v} nights, 7:30 till 9:30, tea break in the middle"},
			change: []string{"Heads up, rehearsals are switching to {v}s, the hall got double-booked", "From next week we rehearse on {v} evenings instead, please update your diaries"},
			ask:    []string{"Which night does the choir rehearse now?"},
		}},
	}, {
		key:    "hall",
		values: []string{"Grange Road community hall", "St Luke's church hall", "the Scout hut on Bell Lane", "Westfield school music room", "the upstairs room at the library"},
		text: map[string]updateText{"en": {
			say:    []string{"For the newbies: we rehearse in {v}, side door after 7"},
			change: []string{"New rehearsal space from this month: {v}. Parking round the back", "We've lost the old room, so rehearsals are in {v} for the time being"},
			ask:    []string{"Where does the choir rehearse now?"},
		}},
	}, {
		key:    "subs",
		values: []string{"£4 a session", "£5 a session", "£30 a term", "£45 a term"},
		text: map[string]updateText{"en": {
			say:    []string{"Subs are {v}, the cash tin lives on the piano"},
			change: []string{"Committee agreed to change subs to {v} from January", "Subs are going to {v} starting next term, sorry folks, hall hire went up"},
			ask:    []string{"How much are the choir's subs now?"},
		}},
	}},
	talk: map[string]talk{"en": {
		topics: []topic{{
			{"Practised the tricky bit in the car all the way home.", "Warm-ups in the shower this morning, the neighbours love me.", "Listened to the recording from last week on the bus."},
			{"The tenors are a full beat behind in the middle section.", "Bar forty-two is still a mystery to me.", "I'm fairly sure I've been singing the wrong line for a month.", "My voice cracked on the high note {n} times in a row."},
			{"We'll get there.", "Honey and lemon tonight.", "Still love it though.", "Going to hum it until I dream about it."},
		}},
		chatter: []string{
			"Left my folder on the bus again, the driver knows me by name now.",
			"Anyone else's voice completely gone after Thursday?",
			"The heating in the hall was off again, I sang in my coat.",
			"Somebody's phone went off in the quiet bit, I won't name names.",
			"My cat sat on the sheet music and now there's a paw print over the alto line.",
			"Our conductor's jokes are getting worse and I'm here for it.",
			"I hummed the warm-up in the supermarket queue and got a look.",
			"Parking by the hall was a nightmare, I ended up three streets away.",
			"Brought biscuits for the break and they were gone in four minutes flat.",
			"I've got a cold coming on, drinking a gallon of tea.",
			"The new folders are lovely but the rings keep popping open.",
			"Wind nearly took my umbrella on the way home, proper weather.",
			"Can't stop singing the bass line in my head, it's been three days.",
			"Just realised I've been flat on that one note for weeks, mortified.",
		},
		exchanges: []exchange{
			{ask: []string{"anyone up for a pint after rehearsal?", "pub after, anyone?"}, replies: []string{"go on then", "just the one!", "can't tonight, early start", "I'll come for half an hour"}},
			{ask: []string{"has anyone got a spare copy of the score?", "who has a spare score? mine's at home"}, replies: []string{"I've got one, sit next to me", "there are spares in the box by the piano", "share mine"}, close: []string{"lifesaver, thanks"}},
			{ask: []string{"does anyone have a phone charger with them?", "anyone got a charger? I'm on 2%"}, replies: []string{"mine's in my bag, help yourself", "only the old kind, sorry", "there's a socket by the tea urn"}},
			{ask: []string{"{x} can I get a lift home tonight?", "{x} any chance of a lift after?"}, replies: []string{"of course, meet you at the car", "yep, room for one", "sorry, not going your way tonight"}},
			{ask: []string{"has anyone seen a blue scarf? I think I left it in the hall", "did anyone pick up a black umbrella last night?"}, replies: []string{"I'll look on the coat rack", "not seen it, sorry", "check the lost property box"}},
			{ask: []string{"who's on tea and biscuits this week?", "whose turn is it for tea this week?"}, replies: []string{"me I think", "not me, I did last week", "I'll bring a packet anyway"}},
			{ask: []string{"anyone fancy pizza before rehearsal?", "chips before rehearsal? starving"}, replies: []string{"yes please", "I'll be late, save me a slice", "can't, straight from work"}},
		},
	}},
}

// choirFacts are what the choir's members state about themselves, in
// words of their own: their work, their home, their animals, what they
// cannot eat, their children, their pastimes and their holidays.
var choirFacts = []fact{{
	key:    "work",
	values: []string{"sous chef", "bus driver", "HR manager", "veterinary nurse", "primary school teacher", "software tester", "estate agent", "radiographer", "librarian", "electrician", "copywriter", "midwife", "postman", "pharmacist"},
	stmt: stmt{
		say: []string{
			"Working as {an} {v} means I'll sometimes be late on rehearsal nights, sorry in advance",
			"Ten hours on my feet as {an} {v} today, so forgive me if I sit for the warm-up",
			"Twelve years as {an} {v} and I still get nervous before a concert, funny that",
		},
		prompt: []string{"{name} what is it you do again? you said you work shifts", "{name} what do you do for a living? I forget"},
		reply:  []string{"I'm {an} {v}, for my sins 😅", "{an} {v}, nine years now"},
		mood:   "meh",
	},
	change: stmt{
		say: []string{
			"Handed in my notice today! Starting as {an} {v} next month",
			"First week as {an} {v} done, the new job is going well so far",
			"Some news: I've taken a job as {an} {v}, so my evenings are free again",
		},
		mood: "news",
	},
	ask:  []string{"What does {who} do for work?"},
	now:  []string{"What is {name}'s job now?"},
	who:  []string{"Who works as {an} {v}?"},
	desc: []string{"the member who works as {an} {v}"},
}, {
	key:    "home",
	values: []string{"Hebden Bridge", "Didsbury", "Chorlton", "Saltaire", "Headingley", "Ilkley", "Stockport", "Marsden", "Todmorden", "Sowerby Bridge", "Shipley", "Otley"},
	stmt: stmt{
		say: []string{
			"It's a forty minute drive for me from {v}, so I'll set off early",
			"Our street in {v} flooded again last night, wellies on",
			"Living out in {v} means my last train home is at 10:40, just so you know",
		},
		mood: "meh",
	},
	change: stmt{
		say: []string{
			"Keys collected! We're officially living in {v} now",
			"We've moved house, {v} now, much closer to rehearsals",
			"Last box unpacked, we're in {v} now. Drop by for a cuppa any time!",
		},
		mood: "news",
	},
	ask:  []string{"Where does {who} live?"},
	now:  []string{"Where does {name} live now?"},
	who:  []string{"Who lives in {v}?"},
	desc: []string{"the member who lives in {v}"},
}, {
	key:    "animal",
	values: []string{"rescue greyhound", "springer spaniel", "ginger tomcat", "pair of guinea pigs", "Labrador puppy", "Persian cat", "budgie", "whippet", "Jack Russell", "lop-eared rabbit"},
	stmt: stmt{
		say: []string{
			"We picked up our {v} on Saturday and he's already asleep on my feet",
			"Our {v} chewed through the charger cable today, third one this year",
			"Sorry for the typos, the {v} insists on sitting on my arm while I type",
		},
		prompt: []string{"{name} did you get an animal in the end? you were umming and ahhing"},
		reply:  []string{"We did! {an} {v}, an absolute menace", "yes, {an} {v} 🥰"},
		mood:   "good", reacts: []string{"pictures please!", "what did you call it?", "so jealous"},
	},
	ask:  []string{"What animal does {who} have?"},
	who:  []string{"Who has {an} {v}?"},
	desc: []string{"the member with the {v}"},
}, {
	key:    "intolerance",
	values: []string{"gluten", "dairy", "pine nuts", "celery", "prawns", "hazelnuts", "lentils", "coconut"},
	stmt: stmt{
		say: []string{
			"Just so the tea rota knows, {v} makes me properly poorly, so nothing with it for me please",
			"No {v} for me at the social, doctor's orders",
			"Can't go near {v}, found out the hard way at a wedding last year",
		},
		prompt: []string{"{name} is there anything you can't eat? doing the list for the social"},
		reply:  []string{"{v}! anything without it is fine", "only {v}, thanks for asking"},
		mood:   "note",
	},
	ask:  []string{"What can't {who} eat?"},
	who:  []string{"Who can't eat {v}?"},
	desc: []string{"the member who can't eat {v}"},
}, {
	key:    "child",
	values: []string{"Isla", "Alfie", "Maisie", "Freddie", "Elsie", "Rory", "Archie", "Evie", "Louis", "Matilda"},
	stmt: stmt{
		say: []string{
			"Our {v} started nursery today and didn't even look back at me",
			"Have to dash off early on Thursday, {v} has her school play",
			"{v} sang the whole of our warm-up at breakfast, word perfect, I'm raising a soprano",
		},
		prompt: []string{"{name} how old is your little one now? and what's her name, I've forgotten"},
		reply:  []string{"{v}, four going on forty"},
		mood:   "meh", reacts: []string{"bless her", "haha adorable", "future choir member"},
	},
	ask:  []string{"What is {who}'s child called?"},
	who:  []string{"Whose child is called {v}?"},
	desc: []string{"the parent of {v}"},
}, {
	key:    "pastime",
	values: []string{"pottery", "wild swimming", "bouldering", "birdwatching", "sea kayaking", "crochet", "beekeeping", "fell running", "calligraphy", "woodturning"},
	stmt: stmt{
		say: []string{
			"Took up {v} over the winter and I'm completely hooked",
			"Spent the whole of Sunday doing {v}, my hands are wrecked",
			"My new obsession is {v}, I've already bought far too much kit",
		},
		prompt: []string{"{name} what do you do when you're not singing?"},
		reply:  []string{"{v} mostly!", "a lot of {v} these days"},
		mood:   "meh",
	},
	ask:  []string{"What has {who} taken up?"},
	who:  []string{"Who has taken up {v}?"},
	desc: []string{"the member who has taken up {v}"},
}, {
	key:    "holiday",
	values: []string{"Lisbon", "the Isle of Skye", "Copenhagen", "Crete", "Krakow", "Dubrovnik", "Bruges", "Tenerife", "Seville", "the Lofoten Islands"},
	stmt: stmt{
		say: []string{
			"We're off to {v} over half term, so I'll miss two rehearsals",
			"Booked a week in {v} for June, counting the days",
			"Flights to {v} are booked! First proper holiday in three years",
		},
		prompt: []string{"{name} any holidays planned this year?"},
		reply:  []string{"{v} in the summer, can't wait"},
		mood:   "envy",
	},
	ask:  []string{"Where is {who} going on holiday?"},
	who:  []string{"Who is going to {v}?"},
	desc: []string{"the member going to {v}"},
}}
