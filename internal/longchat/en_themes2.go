package longchat

// studio is the team of a small independent game studio: playtest builds
// and team lunches.
var studio = theme{
	id: "lc-en-studio", split: "train", langs: []*lang{&english}, zone: "-08:00", start: "2026-05-04",
	weeks: 11, days: 30, members: 5, messages: 560,
	series: []series{{
		key: "build", slot: evening,
		values: []string{"the cave level", "the boss rework", "the new inventory UI", "the fishing minigame", "the co-op prototype", "the dialogue system", "the crafting update", "the night cycle", "the grappling hook", "the photo mode", "the save system rewrite", "the weather effects"},
		text: map[string]seriesText{"en": {
			say: []string{
				"Pushed {v} to the test branch, please play it tonight and break it",
				"Build with {v} is on the test branch, three crashes in the first ten minutes and one amazing bug",
				"Build with {v} is up, {x} can you check the controller support?",
			},
			reacts:  []string{"on it", "downloading now", "found a crash already lol", "nice work!", "the physics are cursed 😂"},
			ask:     []string{"Which build did we playtest {when}?", "What went to the test branch {when}?"},
			askBy:   []string{"Which build did {name} post about {when}?"},
			askDate: []string{"When did {v} go to the test branch?"},
			before:  "just before {a}", after: "right after {a}",
		}},
	}, {
		key: "lunch", slot: lunch,
		values: []string{"Tacos El Rey", "Pho 99", "Bento Box", "Curry Corner", "Smash Burger Co", "Noodle Bar 8", "Falafel Hut", "Sushi Ko", "The Sandwich Lab", "Banh Mi Station", "Poke Stop", "Dim Sum Garden"},
		text: map[string]seriesText{"en": {
			say: []string{
				"Team lunch at {v} today, leaving at 12:15",
				"Lunch at {v} today? {x} has been craving it all week",
				"Who's in for {v} at noon? I'm starving",
			},
			reacts:  []string{"coming!", "save me a spot", "in", "I'll join late", "bring me something back"},
			ask:     []string{"Where did the team have lunch {when}?", "Which place did we go to for team lunch {when}?"},
			askBy:   []string{"Where did {name} go for lunch {when}?"},
			askDate: []string{"When did the team eat at {v}?"},
			before:  "the time before {a}", after: "the time after {a}",
		}},
	}},
	updates: []update{{
		key:    "title",
		values: []string{"Lantern Road", "Ember Hollow", "Moth and Key", "Night Ferry", "Small Lights"},
		text: map[string]updateText{"en": {
			say:    []string{"Working title for now is {v}, don't get attached"},
			change: []string{"We're renaming the game to {v}, trademark trouble with the old name", "Final answer on the name: {v}. Updating the store page tonight"},
			ask:    []string{"What is the game's working title now?"},
		}},
	}, {
		key: "standup", common: true,
		values: []string{"9:30", "10:00", "10:15", "11:00"},
		text: map[string]updateText{"en": {
			say:    []string{"Daily standup is at {v}, cameras optional"},
			change: []string{"Moving standup to {v} from tomorrow, mornings are chaos", "Standup is at {v} from now on, calendar invite updated"},
			ask:    []string{"What time is standup now?"},
		}},
	}},
	talk: map[string]talk{"en": {
		topics: []topic{{
			{"Spent the whole day chasing one bug.", "Profiled the build all afternoon.", "Rewrote the same shader {n} times today."},
			{"It turned out to be a single missing minus sign.", "The frame time spikes only happen when nobody is watching.", "Every fix breaks something in a level I haven't touched in months.", "Found a comment from past me that just says 'sorry'."},
			{"Game development is a joy and a curse.", "Going to go stare at a tree.", "Pushing the fix tonight and hoping for the best.", "Calling it a day before I make it worse."},
		}},
		chatter: []string{
			"The build took forty minutes to compile, I made a sandwich and aged.",
			"Found a bug where the player can walk through walls if they jump while opening the map.",
			"Art pipeline is finally not on fire.",
			"We got a wishlist spike after that streamer played the demo!",
			"Merge conflicts all afternoon, I have seen things.",
			"Playtester feedback: the frog is too powerful. We don't have a frog.",
			"Shader compile times are eating my soul.",
			"Someone please stop me from rewriting the camera code again.",
			"The publisher call got moved again, third time this month.",
			"Our bug tracker crossed 500 open issues, we should throw a party.",
			"I fixed one bug and created two, a normal day.",
			"Spent the morning on the trailer edit, the music sync is finally right.",
			"Controller rumble is the most satisfying thing I've implemented all year.",
			"Sound effects for the footsteps are in and suddenly the game feels real.",
		},
		exchanges: []exchange{
			{ask: []string{"who broke the main branch?", "main is red, who pushed last?"}, replies: []string{"oops, me, fixing", "not me this time", "reverting now", "CI is just flaky again"}},
			{ask: []string{"can someone review my PR?", "PR up, anyone have 10 minutes?"}, replies: []string{"on it after lunch", "looking now", "left some comments", "approved 👍"}, close: []string{"thanks!!"}},
			{ask: []string{"{x} are the new sprites ready?", "{x} any ETA on the sprites?"}, replies: []string{"tonight hopefully", "two more to go", "uploading now"}},
			{ask: []string{"anyone free to playtest for 20 min?", "need a quick playtester, anyone?"}, replies: []string{"me in 5", "after this meeting", "can't right now sorry"}},
			{ask: []string{"what's our target framerate on handheld?", "are we aiming for 30 or 60 on handheld?"}, replies: []string{"30 locked", "60 if we can, 30 if we can't", "30, let's be honest"}},
			{ask: []string{"did anyone reply to the festival email?", "festival submission, did we answer?"}, replies: []string{"I did this morning", "not yet, doing it now", "deadline is Friday"}},
		},
	}},
}

// bookClub is a book club of neighbours: the books they discuss and what
// turns up on their street.
var bookClub = theme{
	id: "lc-en-books", split: "test", langs: []*lang{&english}, zone: "+10:00", start: "2026-06-01",
	weeks: 12, days: 32, members: 6, messages: 560,
	series: []series{{
		key: "book", slot: evening,
		values: []string{"Piranesi", "The Remains of the Day", "Demon Copperhead", "The Overstory", "Klara and the Sun", "The Secret History", "Homegoing", "Circe", "Station Eleven", "A Gentleman in Moscow", "The Midnight Library", "Small Things Like These"},
		text: map[string]seriesText{"en": {
			say: []string{
				"Great discussion on {v} tonight, I still think the ending was a cheat",
				"Finished {v} just in time for book club, thanks for hosting {x}",
				"Tonight's pick was {v}, and I have never seen this group argue so much",
			},
			reacts:  []string{"loved tonight", "still thinking about that ending", "best meeting in ages", "I only read half but I enjoyed the wine", "adding it to my reread list"},
			ask:     []string{"Which book did we discuss {when}?", "What was the book club pick {when}?"},
			askBy:   []string{"Which book did {name} post about {when}?"},
			askDate: []string{"When did we discuss {v}?"},
			before:  "just before {a}", after: "right after {a}",
		}},
	}, {
		key: "lost", slot: lunch,
		values: []string{"blue scooter", "child's raincoat", "set of car keys", "grey cat collar", "rugby ball", "kids' bike helmet", "garden gnome", "umbrella with ducks on it", "leather glove", "toy dinosaur"},
		text: map[string]seriesText{"en": {
			say: []string{
				"Found a {v} on the footpath outside number 12, it's on my porch if it's yours",
				"Whoever lost a {v} near the bus stop, {x} has it now",
				"There's a {v} sitting on the fence by the park, someone's missing it",
			},
			reacts:  []string{"not ours!", "I'll ask the kids", "might be the family at 18", "honest neighbours ❤️", "I'll share it on the street page"},
			ask:     []string{"What was found on our street {when}?", "What lost item did a neighbour post about {when}?"},
			askBy:   []string{"What lost item did {name} post about {when}?"},
			askDate: []string{"When was the {v} found?"},
			before:  "just before the {a}", after: "right after the {a}",
		}},
	}},
	updates: []update{{
		key:    "gatecode",
		values: []string{"4417", "9021", "3358", "7702", "6149"},
		text: map[string]updateText{"en": {
			say:    []string{"The garden gate code is {v}, for anyone who needs it"},
			change: []string{"Body corporate changed the garden gate code to {v}", "New garden gate code is {v}, the old one stopped working today"},
			ask:    []string{"What is the garden gate code now?"},
		}},
	}, {
		key: "bins", common: true,
		values: []string{"Monday", "Tuesday", "Wednesday", "Thursday"},
		text: map[string]updateText{"en": {
			say:    []string{"Bins go out {v} night, recycling is this week"},
			change: []string{"Council changed our collection, bins now go out on {v} night", "Reminder that bins are {v} nights now, the truck came early today"},
			ask:    []string{"Which night do the bins go out now?"},
		}},
	}},
	talk: map[string]talk{"en": {
		topics: []topic{{
			{"Stayed up way too late reading last night.", "Read on the porch for {mins} this afternoon.", "Finally started on the pile of library books."},
			{"I kept saying one more chapter until it was past midnight.", "The neighbour's cat sat on my lap the whole time.", "I've underlined so much the page looks like a colouring book.", "I lost my bookmark and reread three chapters without noticing."},
			{"No regrets.", "The tea has gone cold again.", "Best kind of evening.", "Tired but happy."},
		}},
		chatter: []string{
			"The council finally fixed the pothole on the corner!",
			"Lemon tree is overloaded again, help yourselves, there's a box by my gate.",
			"Anyone else hear the possums fighting on the roof last night?",
			"Street party planning committee met and achieved nothing, as tradition demands.",
			"I'm only halfway through this month's book and the meeting is in four days.",
			"The little free library on the corner has been restocked, someone left a pile of thrillers.",
			"Somebody's sprinkler has been running since dawn, the footpath is a river.",
			"The magpies are swooping again, wear a hat on the walk to the shops.",
			"I borrowed the audiobook this time and fell asleep twice in chapter three.",
			"Our hedge has taken over half the footpath, trimming it this weekend, promise.",
			"The bakery on the corner now does a sourdough fruit loaf and my diet is over.",
			"Someone parked across my driveway again, I had to climb out through the garden.",
			"Reading in the sun on the porch today felt like a holiday.",
			"Frost on the cars this morning, winter has arrived.",
		},
		exchanges: []exchange{
			{ask: []string{"has anyone started the book yet?", "how far is everyone in the book?"}, replies: []string{"halfway, loving it", "haven't opened it 😬", "finished, no spoilers", "it's slow going for me"}},
			{ask: []string{"who's hosting next time?", "whose turn is it to host?"}, replies: []string{"I can do it", "mine's a mess but happy to", "I think it's {name}'s turn actually"}},
			{ask: []string{"is anyone else's water pressure low today?", "water pressure weird for anyone?"}, replies: []string{"yes! barely a trickle", "fine here", "council's working on the main I think"}},
			{ask: []string{"{x} can I borrow your ladder this weekend?", "{x} is your ladder free on Saturday?"}, replies: []string{"of course, it's in the side passage", "yes, just bring it back before Monday", "it's at my brother's, sorry"}},
			{ask: []string{"anyone know who owns the white van blocking the lane?", "whose is the white van out front?"}, replies: []string{"tradies for number 9", "no idea, it's been there all day", "I think it's the plumber"}},
			{ask: []string{"should we pick something shorter next month?", "shorter book next time please?"}, replies: []string{"yes please", "I vote novella", "I like the long ones!", "anything under 300 pages"}},
		},
	}},
}
