package longchat

// football is the group chat of a Sunday-league five-a-side team in
// Bristol: the results it posts the morning after, the pub it ends up in,
// the kick-off time and pitch that move, and its match fee. Its members
// state their facts in words of their own (footballFacts), mostly without
// the words that usually tell of them ("Paramedic life: three nights in a
// row"), and the team's results are said by whoever posts them.
var football = theme{
	id: "lc-en-football", split: "train", langs: []*lang{&english}, zone: "+00:00", start: "2026-02-02",
	weeks: 11, days: 30, members: 7, messages: 680,
	skip:    []string{"pet", "allergy", "hometown", "job", "city", "phone", "car", "kid", "author", "team", "language", "hobby", "vacation", "college", "dish"},
	ownTalk: true,
	people: map[string][]person{"en": {
		{"gaz", "Gaz", false}, {"kieran", "Kieran", false}, {"dunc", "Dunc", false}, {"marcus", "Marcus", false},
		{"jodie", "Jodie", true}, {"lewis", "Lewis", false}, {"sian", "Sian", true}, {"tariq", "Tariq", false},
		{"becks", "Becks", true}, {"owain", "Owain", false},
	}},
	facts: map[string][]fact{"en": footballFacts},
	series: []series{{
		key: "result", slot: morning,
		values: []string{"Real Ale Madrid", "Ajax Cleaning", "Sporting Chance", "Dynamo Chiefs", "Bayern Bru", "Athletico Mince", "Borussia Teeth", "Lokomotiv Cheese", "FC Rhubarb", "Hakuna Matata FC", "The Old Crocks", "Printworks United"},
		text: map[string]seriesText{"en": {
			say: []string{
				"4-2 win against {v} this morning, {x} with a worldie from the halfway line",
				"Lost 3-1 to {v}. Their keeper was about nine foot tall",
				"Full time: us 5, {v} 5. Mad game, nobody defended",
				"Beat {v} 2-0, first clean sheet of the season 🧤",
				"Result from today: {v} 1, us 3. Three points and nobody injured for once",
			},
			reacts:  []string{"get in!!", "what a game", "my legs have gone", "top of the table soon lads", "ref was shocking though", "that second goal 😍"},
			ask:     []string{"Which team did they play {when}?", "Who was the match against {when}?"},
			askBy:   []string{"Which match result did {name} post {when}?"},
			askDate: []string{"When did the team play {v}?"},
			before:  "the match before the one against {a}", after: "the match after the one against {a}",
		}},
	}, {
		key: "pub", slot: evening,
		values: []string{"The Hen and Chicken", "The Orchard Inn", "The Coronation Tap", "The Barley Mow", "The Lime Kiln", "The Three Tuns", "The Kings Head", "The Apple Boat", "The Old Fish Market", "The Cat and Wheel"},
		text: map[string]seriesText{"en": {
			say: []string{
				"Post-match pints at {v}, {x} still hasn't bought a round",
				"Ended up at {v} till closing, the landlord knows us by name now",
				"{v} afterwards was a good shout, their Sunday roast is massive",
			},
			reacts:  []string{"my head today", "good shout", "same again next week?", "that roast though", "never again (until Sunday)"},
			ask:     []string{"Which pub did the team go to {when}?", "Where did they go for drinks {when}?"},
			askBy:   []string{"Which pub did {name} mention {when}?"},
			askDate: []string{"When did the team go to {v}?"},
			before:  "the pub trip before {a}", after: "the pub trip after {a}",
		}},
	}},
	updates: []update{{
		key: "kickoff", common: true,
		values: []string{"9:30am", "10am", "11am", "2pm"},
		text: map[string]updateText{"en": {
			say:    []string{"League fixtures are all {v} kick-offs this season, be there fifteen minutes before"},
			change: []string{"League's moved us to {v} kick-offs from next week, don't shoot the messenger", "Kick-off is {v} now, the earlier slot went to the juniors"},
			ask:    []string{"What time do the team's matches kick off now?"},
		}},
	}, {
		key:    "pitch",
		values: []string{"Ashton Court pitch 4", "Greville Smyth Park", "the 3G cage at St George", "Eastville Park top pitch", "the Downs pitch by the water tower"},
		text: map[string]updateText{"en": {
			say:    []string{"Home games are at {v}, changing rooms round the side"},
			change: []string{"Council's shut the old pitch for reseeding, home games are at {v} now", "New home ground from March: {v}. Parking is pay and display"},
			ask:    []string{"Where does the team play its home games now?"},
		}},
	}, {
		key:    "fee",
		values: []string{"£6 a game", "£8 a game", "£40 for the half-season", "£5 a game"},
		text: map[string]updateText{"en": {
			say:    []string{"Match fee is {v}, bank transfer to Dunc's account, reference your name"},
			change: []string{"Pitch hire went up so it's {v} from now on", "Vote's in, match fee goes to {v} after Easter"},
			ask:    []string{"How much is the team's match fee now?"},
		}},
	}},
	talk: map[string]talk{"en": {
		greet: []string{"morning lads", "morning all", "mornin", "alright?"},
		night: []string{"night all", "right, bed", "night lads", "shattered, night"},
		react: []string{"😂😂", "haha", "lol", "classic", "👍", "🙈", "ha!", "mate 😂"},
		reply: []string{"haha {name} you muppet", "same here", "tell me about it", "honestly same", "brutal", "not again {name}", "that's grim", "ha, knew it", "fair", "could be worse"},
		join:  " ",
		topics: []topic{{
			{"Went for a run after work.", "Did the gym on the way home.", "Tried to do some stretching tonight."},
			{"Lasted about {mins} before my calf went.", "My hamstring is making noises again.", "Got lapped by a man in his seventies.", "Stopped {n} times to get my breath back."},
			{"Getting old.", "Ice bath it is.", "Still, better than nothing.", "Sunday might be a struggle."},
		}, {
			{"Watched the highlights last night.", "Caught the second half in the pub.", "Had the radio on in the van all afternoon."},
			{"That penalty decision was a joke.", "Our back line could have done better than theirs.", "Worst ninety minutes I've sat through this year.", "Somehow they scored {n} in twenty minutes."},
			{"Football, eh.", "I give up.", "Never watching again (I'll be watching again).", "Anyway."},
		}},
		chatter: []string{
			"Left my boots in the car overnight and now they smell like something died in them.",
			"Who's got the spare bibs? They weren't in the bag.",
			"Washing the kit this week, someone owes me for the Vanish.",
			"The hail this morning was biblical, my car's got dents.",
			"Anyone else's knees sound like Rice Krispies going down stairs?",
			"Bought new shin pads, they're like armour.",
			"The group chat notifications are out of control this week.",
			"Someone's left a single sock in the kit bag, it's been there since October.",
			"Can't believe it's still dark at half seven.",
			"The nets on the goals at the park have holes big enough to walk through.",
			"My Fantasy team is a disgrace.",
			"Traffic on the M32 was a car park tonight.",
			"Ordered a foam roller, expecting miracles.",
			"The ref last week has been added to my list.",
			"Bins went out at midnight because I forgot, classic.",
			"Tried the new chippy by the park, decent portions.",
		},
		exchanges: []exchange{
			{ask: []string{"who's got a lift going Sunday?", "anyone driving Sunday? car's in the garage"}, replies: []string{"I can grab you at 9", "room for one", "walking it mate", "ask Gaz, he's got the van"}, close: []string{"legend, cheers"}},
			{ask: []string{"numbers for Sunday? need at least six", "who's in for Sunday?"}, replies: []string{"in", "in 👍", "out, sorry, family thing", "in if my hamstring behaves", "maybe, will confirm Saturday"}},
			{ask: []string{"{x} have you still got the match ball?", "{x} did you take the ball home?"}, replies: []string{"yep, in the boot", "think Dunc has it", "oh no"}},
			{ask: []string{"has anyone seen a black North Face jacket? left it at the pitch", "did anyone pick up a water bottle with a Bristol City sticker?"}, replies: []string{"not seen it mate", "I'll check the kit bag", "ask at the clubhouse"}},
			{ask: []string{"anyone want to split a Deliveroo after training?", "chippy after?"}, replies: []string{"go on then", "yes", "can't, saving money", "only if it's the good one"}},
			{ask: []string{"who's got the first aid kit?", "is there any deep heat left in the bag?"}, replies: []string{"me, I'll bring it", "ran out last week", "it's in the bag somewhere"}},
		},
	}},
}

// footballFacts are what the team's members state about themselves, in
// words of their own: their work, home, animals, what they cannot have,
// their children, their car and their trips.
var footballFacts = []fact{{
	key:    "work",
	values: []string{"paramedic", "plasterer", "civil engineer", "barista", "tree surgeon", "accountant", "dental nurse", "firefighter", "train conductor", "solicitor", "physio", "delivery driver", "graphic designer", "prison officer"},
	stmt: stmt{
		say: []string{
			"{v} life: three night shifts in a row, so I might be a bit slow on Sunday",
			"Got called in for an extra shift, the joys of being {an} {v}",
			"Eight years of being {an} {v} and my back is shot, that's my excuse for the second half",
			"Long week at work, {v} by day and taxi for the kids by night",
		},
		prompt: []string{"{name} what do you do in the week? never asked", "{name} what is it you do for work again?"},
		reply:  []string{"{v}, mostly nights", "{an} {v}, don't ask 😂", "{v}. Twelve years now"},
		mood:   "meh",
	},
	change: stmt{
		say: []string{
			"Passed my probation, full-time {v} from next week 🙌",
			"Signed on as {an} {v} with a firm in town, start on the 1st",
			"Big news lads: retraining as {an} {v}, course starts in September",
			"Last shift at the old place done. Monday I'm {an} {v}, wish me luck",
		},
		mood: "news",
	},
	ask:  []string{"What does {who} do for work?"},
	now:  []string{"What is {name}'s job now?"},
	who:  []string{"Who works as {an} {v}?"},
	desc: []string{"the member who works as {an} {v}"},
}, {
	key:    "home",
	values: []string{"Bedminster", "Montpelier", "Southville", "Fishponds", "Kingswood", "Clifton", "Totterdown", "Horfield", "St Werburghs", "Knowle", "Easton", "Redland"},
	stmt: stmt{
		say: []string{
			"Forty minutes on the bus from {v} and the pitch was waterlogged anyway",
			"Power cut across the whole of {v} last night, ate cold beans by candlelight",
			"The bins in {v} haven't been collected for three weeks, the foxes are having a party",
		},
		prompt: []string{"{name} whereabouts are you these days? could give you a lift"},
		reply:  []string{"{v}, by the big Tesco", "over in {v} still"},
		mood:   "meh",
	},
	change: stmt{
		say: []string{
			"Got the keys yesterday, {v} from now on, two minutes from the pitch",
			"Finally out of the old place, we're in {v} now. Housewarming soon",
			"Moving van booked, new address is in {v}, nobody tell my landlord I broke the oven",
		},
		mood: "news",
	},
	ask:  []string{"Where does {who} live?"},
	now:  []string{"Where does {name} live now?"},
	who:  []string{"Who lives in {v}?"},
	desc: []string{"the member who lives in {v}"},
}, {
	key:    "animal",
	values: []string{"staffie", "cockapoo", "border terrier", "bearded dragon", "tortoise", "ferret", "sausage dog", "Maine Coon", "beagle", "lurcher"},
	stmt: stmt{
		say: []string{
			"The {v} ate a shin pad. Not the packet, the actual shin pad",
			"Walked the {v} round the pitch before kick-off, he's our lucky charm now",
			"Vet bill for the {v} came to £300, so I'm skint till payday",
		},
		prompt: []string{"{name} whose was that dog in the van on Sunday?", "{name} what was that in the back of your car?"},
		reply:  []string{"mine! {an} {v}, called Biscuit", "the {v} 😂 comes everywhere with me"},
		mood:   "good", reacts: []string{"bring him to the next game", "team mascot!", "needs his own shirt"},
	},
	ask:  []string{"What animal does {who} have?"},
	who:  []string{"Who has {an} {v}?"},
	desc: []string{"the member with the {v}"},
}, {
	key:    "allergy",
	values: []string{"penicillin", "peanuts", "shellfish", "sesame", "kiwi", "wasp stings", "mustard", "pistachios"},
	stmt: stmt{
		say: []string{
			"Ended up in A&E after that Thai place, turns out {v} and me don't mix",
			"Heads up for the end of season do: {v} is a no-go, EpiPen's in my kit bag",
			"Swollen up like a balloon last night. {v} strikes again",
		},
		prompt: []string{"{name} anything you can't have? booking the curry for awards night"},
		reply:  []string{"{v}, that's it", "no {v} or I'm dead 😅"},
		mood:   "note",
	},
	ask:  []string{"What can't {who} have?"},
	who:  []string{"Who can't have {v}?"},
	desc: []string{"the member who can't have {v}"},
}, {
	key:    "child",
	values: []string{"Poppy", "Teddy", "Harper", "Ollie", "Sienna", "Jude", "Ivy", "Reggie", "Nell", "Arlo"},
	stmt: stmt{
		say: []string{
			"{v} scored her first goal for the under-8s today, proudest parent on the touchline",
			"Can't make training Tuesday, {v} has chickenpox",
			"{v} wants a Man City kit for his birthday, where did I go wrong",
		},
		prompt: []string{"{name} how's the little one? what's his name again?"},
		reply:  []string{"{v}, three next month, into everything"},
		mood:   "meh", reacts: []string{"future striker", "ha, bless", "start them young"},
	},
	ask:  []string{"What is {who}'s child called?"},
	who:  []string{"Whose child is called {v}?"},
	desc: []string{"the parent of {v}"},
}, {
	key:    "motor",
	values: []string{"Vauxhall Corsa", "Ford Fiesta", "Skoda Octavia", "Nissan Qashqai", "Kia Ceed", "Toyota Yaris", "Citroen Berlingo", "Mazda MX-5"},
	stmt: stmt{
		say: []string{
			"The {v} failed its MOT, so I need a lift on Sunday",
			"Fitted all the kit bags and two goals in the {v}, not bad for a small car",
			"Someone scraped the {v} in the Tesco car park and drove off, fuming",
		},
		prompt: []string{"{name} what are you driving now? saw you pull up in something new"},
		reply:  []string{"{an} {v}, second hand but it goes"},
		mood:   "meh",
	},
	ask:  []string{"What car does {who} drive?"},
	who:  []string{"Who drives {an} {v}?"},
	desc: []string{"the member who drives {an} {v}"},
}, {
	key:    "trip",
	values: []string{"Benidorm", "Prague", "Amsterdam", "Dublin", "Newquay", "Budapest", "Edinburgh", "Riga", "Porto", "Kraków"},
	stmt: stmt{
		say: []string{
			"Stag do in {v} in May, so I'm out for two weekends",
			"Flights to {v} booked for half term, the wife's idea, I'm just paying",
			"{v} for my brother's fortieth next month, pray for my liver",
		},
		prompt: []string{"{name} you going anywhere this year?"},
		reply:  []string{"{v} in the summer, can't wait"},
		mood:   "envy",
	},
	ask:  []string{"Where is {who} going?"},
	who:  []string{"Who is going to {v}?"},
	desc: []string{"the member going to {v}"},
}}
