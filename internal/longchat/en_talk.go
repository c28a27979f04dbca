package longchat

// enParaphrases are English statements and questions about them that
// share no keyword.
var enParaphrases = []paraphrase{
	{key: "instrument", ask: "Who plays a musical instrument?", gist: "cello", stmt: stmt{mood: "meh", say: []string{
		"Cello lessons are going well, my teacher says my bowing finally sounds less like a dying goose",
		"Practiced the cello for an hour tonight and the neighbors only banged on the wall once 😂",
	}}},
	{key: "heights", ask: "Which person is scared of heights?", gist: "freezes on high stairs and glass elevators", stmt: stmt{mood: "meh", say: []string{
		"I froze halfway up the lighthouse stairs, anything above the second floor turns my knees to jelly",
		"Glass elevators are my nightmare, I stood in the middle with my eyes shut the whole ride",
	}}},
	{key: "baby", ask: "Who is expecting a baby?", gist: "pregnant, due in the fall", stmt: stmt{mood: "good", say: []string{
		"We found out we're having twins in the fall!! Still in shock",
		"The ultrasound went great, due date is in October and we're already arguing about names",
	}}},
	{key: "engaged", ask: "Who got engaged?", gist: "proposed, the answer was yes", stmt: stmt{mood: "good", say: []string{
		"I popped the question on the beach last night and the answer was yes 💍",
		"We're getting married!! The ring was in my pocket for three weeks before I worked up the nerve",
	}}},
	{key: "bone", ask: "Who broke a bone recently?", gist: "fractured wrist, in a cast", stmt: stmt{mood: "bad", say: []string{
		"Cast comes off in three weeks, typing with one hand is a nightmare",
		"Slipped on the ice and fractured my wrist, so I'm out of action for a while",
	}}},
	{key: "meat", ask: "Who doesn't eat meat?", gist: "plant-based", stmt: stmt{mood: "meh", say: []string{
		"I've been fully plant-based for six years now, tofu is my love language",
		"I'll just get the veggie option, I haven't touched steak or chicken since college",
	}}, avoid: []string{"dish"}},
	{key: "smoking", ask: "Who quit smoking?", gist: "no cigarettes for weeks", stmt: stmt{mood: "good", say: []string{
		"Day 40 without a cigarette 💪 the patches actually work",
		"Threw out my last pack of cigarettes this morning, wish me luck",
	}}},
	{key: "stolen", ask: "Whose vehicle was stolen?", gist: "car taken overnight", stmt: stmt{mood: "bad", say: []string{
		"Someone drove off with my hatchback from the station lot, police say it's probably gone",
		"Woke up to an empty driveway, somebody took my truck overnight",
	}}, avoid: []string{"car"}},
	{key: "triathlon", ask: "Who is training for a triathlon?", gist: "swim-bike-run workouts", stmt: stmt{mood: "meh", say: []string{
		"Swim, bike, then run this morning, my legs are complete jelly",
		"Open water swim at 6am then a 40 mile ride, only the run portion left in my plan",
	}}},
	{key: "wallet", ask: "Who lost a wallet?", gist: "left the billfold on the bus", stmt: stmt{mood: "bad", say: []string{
		"Left my billfold with every single card on the bus, just spent an hour on hold canceling everything",
	}}},
	{key: "accident", ask: "Who was in a car accident?", gist: "rear-ended at a red light", stmt: stmt{mood: "bad", say: []string{
		"Someone rear-ended me at a red light, nobody's hurt but the bumper is toast",
		"Got hit at an intersection on the way home, I'm fine, just shaken up",
	}}, avoid: []string{"car"}},
	{key: "garden", ask: "Who grows vegetables?", gist: "tomatoes and zucchini in the backyard", stmt: stmt{mood: "meh", say: []string{
		"The tomatoes in my backyard plot are finally turning red and the zucchini is out of control",
	}}},
	{key: "insomnia", ask: "Who can't sleep at night?", gist: "insomnia", stmt: stmt{mood: "bad", say: []string{
		"Awake at 3am again staring at the ceiling, melatonin does nothing for me",
		"Insomnia is back, I've watched the sunrise four mornings in a row",
	}}},
	{key: "tattoo", ask: "Who got a tattoo?", gist: "a fern on the wrist", stmt: stmt{mood: "meh", say: []string{
		"A tiny fern on my wrist, fresh ink! It hurt way less than I expected",
	}}},
	{key: "flying", ask: "Who is afraid of flying?", gist: "would rather drive than board a plane", stmt: stmt{mood: "meh", say: []string{
		"I'd rather drive fourteen hours than board a plane, takeoff makes my palms sweat",
	}}},
	{key: "surgery", ask: "Who had surgery?", gist: "appendix out", stmt: stmt{mood: "bad", say: []string{
		"Home from the hospital, they took my appendix out and the stitches itch like crazy",
	}}},
	{key: "volunteer", ask: "Who volunteers at an animal shelter?", gist: "walks rescue dogs at the humane society", stmt: stmt{mood: "meh", say: []string{
		"Walked six rescue dogs at the humane society this morning, one tried to follow me home",
	}}},
	{key: "prize", ask: "Who won a competition?", gist: "first place at the county fair photo contest", stmt: stmt{mood: "good", say: []string{
		"My photo of the harbor took first place at the county fair!! Blue ribbon is going on the fridge",
	}}},
	{key: "glasses", ask: "Who needs glasses now?", gist: "nearsighted, picking frames", stmt: stmt{mood: "meh", say: []string{
		"Optometrist says I'm officially nearsighted, picking out frames tomorrow",
	}}},
	{key: "renovation", ask: "Who is renovating a kitchen?", gist: "cabinets ripped out", stmt: stmt{mood: "bad", say: []string{
		"Contractors ripped out all the cabinets today, we're washing dishes in the bathtub for a month",
	}}},
	{key: "laidoff", ask: "Who got laid off?", gist: "department cut, job hunting", stmt: stmt{mood: "bad", say: []string{
		"My whole department was cut this morning, so I'm officially job hunting",
	}}, avoid: []string{"job"}},
}

// enSpans are pairs of English statements weeks apart.
var enSpans = []span{{
	start: stmt{mood: "good", say: []string{"Signed up for guitar lessons, my fingertips already hurt", "First guitar lesson tonight! Bought a secondhand acoustic for it"}},
	end:   stmt{mood: "good", say: []string{"Played my first open mic tonight!! Three songs, only one wrong chord", "Did it, played guitar on stage at the open mic, hands shaking the whole time"}},
	ask:   []string{"How long after starting guitar lessons did {name} play {his} first open mic?"},
}, {
	start: stmt{mood: "meh", say: []string{"Starting couch-to-5k today, someone hold me accountable"}},
	end:   stmt{mood: "good", say: []string{"Ran my first 5k race this morning without stopping once!!"}},
	ask:   []string{"How long after starting couch-to-5k did {name} run {his} first 5k race?"},
}, {
	start: stmt{mood: "meh", say: []string{"Had my first driving lesson at 34, better late than never", "Finally started driving lessons, the instructor has nerves of steel"}},
	end:   stmt{mood: "good", say: []string{"PASSED my driving test!! Parallel parking and all"}},
	ask:   []string{"How long after {his} first driving lesson did {name} pass the driving test?"},
}, {
	start: stmt{mood: "meh", say: []string{"Started a sourdough starter today, it lives on top of the fridge now"}},
	end:   stmt{mood: "good", say: []string{"First loaf from my starter came out of the oven and it actually has an open crumb!"}},
	ask:   []string{"How long after making {his} sourdough starter did {name} bake the first loaf?"},
}, {
	start: stmt{mood: "bad", say: []string{"Got braces today, at my age, yes. Soup for a week"}},
	end:   stmt{mood: "good", say: []string{"Braces came off this morning, I can't stop smiling at my reflection"}},
	ask:   []string{"How long did {name} wear braces?"},
}, {
	start: stmt{mood: "meh", say: []string{"We started house hunting this weekend, saw six places and hated five"}},
	end:   stmt{mood: "good", say: []string{"We got the keys to our new house today!!"}},
	ask:   []string{"How long after starting house hunting did {name} get the keys to a new house?"},
}}

// enMilestones are one-off English events.
var enMilestones = []milestone{
	{stmt: stmt{mood: "good", say: []string{"Just finished my first marathon!! 4:41 and every part of me hurts", "Crossed the finish line of my first marathon an hour ago, can't feel my legs"}},
		ask: []string{"When did {name} run {his} first marathon?"}},
	{stmt: stmt{mood: "good", say: []string{"Went skydiving today!! Screamed the whole way down"}},
		ask: []string{"When did {name} go skydiving?"}},
	{stmt: stmt{mood: "good", say: []string{"Passed my citizenship interview this morning, it's official!"}},
		ask: []string{"When did {name} pass {his} citizenship interview?"}},
	{stmt: stmt{mood: "good", say: []string{"Made the final payment on my student loans today!! Debt free"}},
		ask: []string{"When did {name} pay off {his} student loans?"}},
	{stmt: stmt{mood: "bad", say: []string{"Wisdom teeth are out, I look like a chipmunk and I'm living on pudding"}},
		ask: []string{"When did {name} get {his} wisdom teeth out?"}},
	{stmt: stmt{mood: "good", say: []string{"HOLE IN ONE on the 7th today, first one ever, drinks are on me"}},
		ask: []string{"When did {name} hit a hole in one?"}},
}
