package longchat

// hikers is an English hiking club: hikes and the dinners after them.
var hikers = theme{
	id: "lc-en-hikers", split: "train", langs: []*lang{&english}, zone: "-07:00", start: "2026-03-02",
	weeks: 10, days: 28, members: 6, messages: 560,
	series: []series{{
		key: "hike", slot: evening,
		values: []string{"Eagle Peak loop", "Cedar Falls trail", "Bear Lake", "Hawk Ridge", "Lost Creek canyon", "Mount Tabor", "Quarry Hill", "Pine Hollow", "Sawtooth saddle", "Bluebell meadow", "Red Rock arch", "Silver Lake"},
		text: map[string]seriesText{"en": {
			say: []string{
				"Made it to the top of {v}!! Views were unreal, thanks {x} for driving",
				"{v} was muddier than expected today but totally worth it",
				"Great hike at {v} everyone, my calves are screaming",
				"Photos from {v} are in the album, that last climb nearly killed me",
			},
			reacts:  []string{"what a day!", "my legs are done", "best one yet", "those views though", "thanks for organizing!", "already planning the next one"},
			ask:     []string{"Which trail did we hike {when}?", "Where did the group hike {when}?"},
			askBy:   []string{"Which hike did {name} post about {when}?"},
			askDate: []string{"When did we hike {v}?", "What day did the group do {v}?"},
			before:  "just before {a}", after: "right after {a}",
		}},
	}, {
		key: "dinner", slot: evening,
		values: []string{"Rosie's Diner", "The Trailhead Tap", "Casa Verde", "Blue Moose Grill", "Pho Saigon", "Mountain Sun Pub", "Lucky Noodle", "The Rusty Spoon", "Big Sky Burgers", "El Farolito", "Golden Wok", "Pine Street Pizza"},
		text: map[string]seriesText{"en": {
			say: []string{
				"Thanks for dinner at {v} everyone, {x} you were right about the fries",
				"Post-hike food at {v} tonight was exactly what I needed",
				"{v} after the hike was the right call, I'm so full",
			},
			reacts:  []string{"so good", "still full", "that place never misses", "great call {name}", "the fries though"},
			ask:     []string{"Where did we have dinner {when}?", "Which restaurant did we go to {when}?"},
			askBy:   []string{"Which place did {name} mention for dinner {when}?"},
			askDate: []string{"When did we eat at {v}?"},
			before:  "the time before {a}", after: "the time after {a}",
		}},
	}},
	updates: []update{{
		key:    "carpool",
		values: []string{"REI parking lot", "Shell station on Route 9", "park-and-ride by the library", "Union Station lot", "old Safeway lot"},
		text: map[string]updateText{"en": {
			say:    []string{"Carpool leaves from the {v} at 7 sharp, don't be late", "Reminder that we meet at the {v} for carpools"},
			change: []string{"Heads up: from now on carpools leave from the {v} instead", "Changing the meeting point, we'll gather at the {v} from this week on"},
			ask:    []string{"Where do carpools leave from now?", "What is the current carpool meeting spot?"},
		}},
	}, {
		key:    "gearlist",
		values: []string{"Google Sheet", "Notion page", "pinned post", "shared Dropbox folder", "club's Trello board"},
		text: map[string]updateText{"en": {
			say:    []string{"Gear list lives in the {v}, add what you're bringing"},
			change: []string{"Moved the gear list to the {v}, the old one is dead", "New home for the gear list: the {v}. Please update your bookmarks"},
			ask:    []string{"Where is the group's gear list kept now?"},
		}},
	}},
	talk: map[string]talk{"en": {
		topics: []topic{{
			{"Did a solo loop after work today.", "Took the long way home through the foothills.", "Squeezed in a quick trail run this morning."},
			{"The wildflowers are starting to come out on the lower slopes.", "Mud up to my ankles on the switchbacks.", "Saw two deer and a very confused hiker in sandals.", "Had the whole trail to myself for {mins}."},
			{"Legs are happy, lungs less so.", "Already looking forward to the weekend.", "Boots are drying on the porch now.", "Needed that more than I knew."},
		}},
		chatter: []string{
			"Broke in my new boots on a lunch walk today, so far no blisters.",
			"The forecast for the weekend keeps flipping between sun and thunderstorms.",
			"My hiking pole snapped last time, ordering a new pair tonight.",
			"Saw a bald eagle on my walk home today!!",
			"Blisters are finally healed, ready for more punishment.",
			"Trail report says the upper section still has snow on it.",
			"My legs still haven't forgiven me for last weekend.",
			"Bought a water filter, feeling extremely outdoorsy.",
			"Someone left a very judgmental review of our favorite trail online, the audacity.",
			"Rangers posted a bear warning for the north side, keep food sealed up.",
			"Washing all the mud off my gear took longer than the hike itself.",
			"I've decided my next big purchase is a proper rain jacket, the cheap one is a sponge.",
			"Stretching tonight or I won't be able to walk down the stairs tomorrow.",
			"Found a tick on my sock after the last outing, check yourselves everyone.",
		},
		exchanges: []exchange{
			{ask: []string{"anyone have spare microspikes I could borrow?", "does anyone own microspikes?"}, replies: []string{"I have an extra pair, size M", "mine are yours", "no, but the gear shop rents them", "I'll bring mine"}, close: []string{"amazing, thank you!"}},
			{ask: []string{"who's driving on Saturday?", "drivers for Saturday?"}, replies: []string{"I can take 3", "I'll drive, room for two", "can't drive this time, need a ride", "I'm driving, leaving at 7"}},
			{ask: []string{"is the trail open after the storm?", "anyone know if the trail survived the storm?"}, replies: []string{"ranger site says open", "partially closed past the bridge", "saw photos, lots of downed trees", "I'll call the station tomorrow"}},
			{ask: []string{"{x} are you bringing the dog this time?", "{x} is the pup coming along?"}, replies: []string{"if dogs are allowed, yes!", "not this time, too hot for her", "she's already packed lol"}},
			{ask: []string{"how long is the drive out there?", "drive time to the trailhead?"}, replies: []string{"about 90 min", "an hour and a half if traffic is nice", "two hours with the coffee stop"}},
			{ask: []string{"anyone up for a short one midweek?", "midweek evening walk, anyone?"}, replies: []string{"yes please", "Wednesday after work?", "count me in", "can't this week"}},
		},
	}},
}

// parents is a group of the parents of one school class: field trips and
// birthday parties.
var parents = theme{
	id: "lc-en-parents", split: "train", langs: []*lang{&english}, zone: "-05:00", start: "2026-01-12",
	weeks: 10, days: 27, members: 7, messages: 560,
	series: []series{{
		key: "fieldtrip", slot: evening,
		values: []string{"the science museum", "Willow Farm", "the aquarium", "the planetarium", "the fire station", "Maple Orchard", "the children's theater", "the nature center", "the history museum", "the chocolate factory"},
		text: map[string]seriesText{"en": {
			say: []string{
				"Field trip to {v} today! Mine came home exhausted and very chatty",
				"Thanks for chaperoning at {v}, {x}, you're a saint",
				"Photos from {v} are up on the class page, so many happy faces",
			},
			reacts:  []string{"they loved it", "mine talked about it all through dinner", "thank you chaperones!", "so cute", "mine lost a mitten there 🙃"},
			ask:     []string{"Where did the class go on the field trip {when}?", "Which place did the kids visit {when}?"},
			askBy:   []string{"Which field trip did {name} post about {when}?"},
			askDate: []string{"When did the class visit {v}?"},
			before:  "just before the visit to {a}", after: "right after the visit to {a}",
		}},
	}, {
		key: "party", slot: evening,
		values: []string{"the trampoline park", "the roller rink", "Laser Quest", "the climbing gym", "the indoor pool", "Chuck's Arcade", "the bowling alley", "the petting zoo", "Kidz Kingdom", "the mini golf place"},
		text: map[string]seriesText{"en": {
			say: []string{
				"Thanks so much for having us at {v} for the party, {x}!",
				"Birthday party at {v} this afternoon, the kids were feral in the best way",
				"Survived a two-hour party at {v}, need a nap",
			},
			reacts:  []string{"so much fun", "mine is still on a sugar high", "thanks for hosting!", "great party 🎈", "how are you still standing"},
			ask:     []string{"Where was the birthday party {when}?", "Which place hosted the kids' party {when}?"},
			askBy:   []string{"Where was the party {name} wrote about {when}?"},
			askDate: []string{"When was the party at {v}?"},
			before:  "just before the one at {a}", after: "right after the one at {a}",
		}},
	}},
	updates: []update{{
		key:    "pickup",
		values: []string{"Maple Street gate", "gym-side gate", "back gate by the field", "front office doors", "playground gate"},
		text: map[string]updateText{"en": {
			say:    []string{"Reminder: afternoon pickup is at the {v}", "Pickup is at the {v} for our class, in case anyone's new"},
			change: []string{"Note from the school: pickup moves to the {v} starting Monday", "They changed it again, pickup is now at the {v}"},
			ask:    []string{"Where is afternoon pickup now?", "Which gate is pickup at these days?"},
		}},
	}, {
		key: "swim", common: true,
		values: []string{"Monday", "Tuesday", "Wednesday", "Thursday"},
		text: map[string]updateText{"en": {
			say:    []string{"Swim lessons for the class are on {v}s, don't forget towels"},
			change: []string{"Swim lessons moved to {v}s because of the pool schedule", "FYI swim is now on {v}s, the email just came"},
			ask:    []string{"What day are the class swim lessons now?"},
		}},
	}},
	talk: map[string]talk{"en": {
		topics: []topic{{
			{"Homework battle tonight was epic.", "Bedtime took {mins} again.", "Tonight's dinner negotiation did not go my way."},
			{"Apparently long division is not how the teacher does it.", "Someone needed {n} glasses of water and a philosophical chat about clouds.", "We had tears over a worksheet, and only some of them were mine.", "Vegetables were declared illegal by a very loud judge."},
			{"Wine o'clock.", "Solidarity to everyone in the trenches.", "Tomorrow we try again.", "Parenting is a marathon, apparently with hurdles."},
		}},
		chatter: []string{
			"Found a permission slip crumpled at the bottom of the backpack, due yesterday of course.",
			"Lunchbox came back untouched again, apparently sandwiches are boring now.",
			"Who else is drowning in school emails this week?",
			"Spelling test tomorrow and we are not ready.",
			"Lice note came home today, everyone check heads tonight 🙃",
			"The math homework is harder than anything I did in school.",
			"Mine has lost a third water bottle this month.",
			"Pajama day is Friday apparently, thanks for the short notice.",
			"Reading log is due and we have logged exactly zero minutes.",
			"Mine asked me what a floppy disk is and I felt a hundred years old.",
			"The class newsletter says the winter concert needs volunteers again.",
			"Morning drop-off line was a disaster today, someone parked across the crosswalk.",
			"Half the class seems to have the same cough, it's going around.",
			"Report cards come home next week, bracing myself.",
		},
		exchanges: []exchange{
			{ask: []string{"does anyone know if there's homework this week?", "homework this week or no?"}, replies: []string{"just the reading log I think", "worksheet in the blue folder", "none that I know of", "math page 42"}},
			{ask: []string{"who has the spelling list?", "can someone post the spelling words?"}, replies: []string{"posting a photo now", "it's on the class page", "mine lost it too lol"}, close: []string{"thank you!!"}},
			{ask: []string{"{x} can yours come over Saturday?", "{x} playdate this weekend?"}, replies: []string{"yes! they'll be thrilled", "Saturday morning works", "we have a party, Sunday?"}},
			{ask: []string{"is school closed tomorrow?", "snow day or not?"}, replies: []string{"district says 2-hour delay", "closed! just got the call", "open as far as I know"}},
			{ask: []string{"anyone going to the PTA meeting?", "who's going to the PTA meeting tonight?"}, replies: []string{"I'll be there", "can't, will someone take notes?", "going, saving seats in the back"}},
			{ask: []string{"what's the teacher's email again?", "anyone have the teacher's email handy?"}, replies: []string{"it's on the first-day letter", "sending it to you privately", "check the class page header"}},
		},
	}},
}
