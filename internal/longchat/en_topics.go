package longchat

// enTopics are English small talk made of parts, and enWords the lists
// their slots are filled from. Neither names a value a fact or an event
// plants.
var (
	enTopics = []topic{{ // work
		{"Today was one of those days at work.", "Work has been a lot this week.", "This week is already too long and it isn't even over.", "{coworker} decided today was the day to change everything."},
		{"I had {n} meetings back to back and one of them was about planning the other meetings.", "The deadline moved up a week and nobody told me until this morning.", "I ate {snack} at my desk at 3pm and called it lunch.", "I answered emails for {mins} straight and the inbox somehow got bigger.", "Someone booked a call at 4:50 to quickly align, which took {mins}."},
		{"Pizza tonight, no debate.", "Counting the hours until the weekend.", "I need a vacation, or at least a very long nap.", "Tomorrow has to be better, right?", "Going to stare at a wall for a while now."},
	}, { // appliances
		{"Our {appliance} died this morning.", "The {appliance} started making a grinding noise last night.", "Guess whose {appliance} flooded the kitchen today."},
		{"The repair guy can't come until {weekday}, so that's fun.", "I watched {n} videos about fixing it and I'm now an expert in nothing.", "The warranty ran out {n} weeks ago, of course.", "I spent {mins} on the phone with customer service and got transferred {n} times."},
		{"Adulting is expensive.", "I'm choosing to laugh about it.", "If anyone knows a good repair person, I'm all ears.", "Takeout it is until further notice."},
	}, { // family
		{"{relative} called today for what was supposed to be a quick chat.", "Had a long video call with {relative} this evening.", "{relative} sent me a voice message that was {mins} long."},
		{"We covered the neighbor's new fence, a wedding drama, and whether I eat enough vegetables.", "Somehow it turned into a full review of my life choices.", "Half of it was about a recipe I'm apparently making wrong.", "There was a whole segment on the price of butter."},
		{"I love them, but I need to lie down now.", "Family, you know?", "I'm exhausted and weirdly happy.", "Apparently there's more tomorrow."},
	}, { // commute
		{"The commute this morning was a disaster.", "Traffic was unreal on the way home.", "The bus never showed up this morning."},
		{"It took me {mins} to go a distance I could have walked.", "Someone stalled in the middle lane and everyone just sat there honking.", "I ended up walking the last mile in the {weather}.", "I got through {n} podcast episodes and still wasn't there."},
		{"Working from home tomorrow if I can swing it.", "My patience is gone.", "At least I finished my audiobook.", "I'm seriously thinking about a bike."},
	}, { // cooking
		{"Tried a new recipe tonight.", "Attempted to cook something fancy for dinner.", "Decided to finally use the vegetables hiding at the back of the fridge."},
		{"The recipe said {mins} and it took twice that.", "I set off the smoke alarm {n} times.", "Half the ingredients were substitutions, so it's more of an interpretation.", "I used every pot we own for one dish."},
		{"It was edible, barely.", "Dinner was cereal in the end.", "Honestly? Pretty good. I'm a genius.", "The dishes are a problem for tomorrow."},
	}, { // errands
		{"Spent the whole afternoon running errands.", "Went to {place} to do one quick thing.", "Had to go to {place} on my lunch break."},
		{"The line was out the door and only one person was working.", "I forgot the one thing I actually needed.", "The system was down, so everyone just stood there for {mins}.", "I ran into a neighbor and we talked for {mins} about nothing."},
		{"Came home and immediately took a nap.", "One thing crossed off the list, forty to go.", "Why is everything so hard.", "I deserve a treat for that."},
	}, { // weekend
		{"This weekend I have exactly zero plans.", "Long weekend coming up and I'm so ready.", "Finally a free Saturday."},
		{"I'm going to clean the apartment, or at least think about it.", "The plan is {show} and a very large pizza.", "I might go for a long walk if the weather behaves.", "{relative} wants to visit, so I'm pretending to be busy."},
		{"Nobody call me.", "Peak relaxation, here I come.", "Let me know if anything fun comes up though.", "Honestly can't wait."},
	}, { // shows
		{"Started watching {show} last night.", "Finally caught up on {show}.", "Got sucked into {show} last night."},
		{"I meant to watch one episode and watched {n}.", "None of it makes sense and I'm completely hooked.", "Everyone in it makes terrible decisions and I love it.", "I had to pause every few minutes to yell at the screen."},
		{"No spoilers please, I'm not done.", "Highly recommend, if you have no plans for a week.", "Send help, or snacks.", "I regret nothing."},
	}, { // weather
		{"Nothing but {weather} out there today.", "The weather can't make up its mind this week.", "Woke up to {weather} again."},
		{"I changed outfits {n} times before leaving the house.", "My umbrella has given up on life.", "The walk to the station was an adventure.", "The forecast said sunny, so naturally it's not."},
		{"Staying in tonight, obviously.", "Can't wait for better weather.", "Hot chocolate is the only answer.", "Nature is rude."},
	}, { // shopping
		{"Went to the grocery store for milk.", "Did a big grocery run after work.", "Ordered a few things online last night."},
		{"Came out with a full cart and no milk.", "The total was {dollars} and I still don't know what I bought.", "Everything costs twice what it did last year.", "They gave me someone else's bag and I didn't notice until I got home."},
		{"Budgeting starts tomorrow.", "My wallet is crying.", "Worth it? Unclear.", "Back to rice and beans."},
	}, { // neighbors
		{"The neighbors are at it again.", "The people upstairs are awake, apparently.", "Someone in my building has picked up a new hobby."},
		{"It involves a drum kit and no sense of rhythm.", "Furniture dragging across the floor at midnight, every night.", "Someone is practicing the same three notes on a trumpet for {mins}."},
		{"I love living with people. Sometimes.", "Apartment life, everyone.", "Earplugs are going on my shopping list.", "Thinking about writing a very polite note."},
	}}

	enWords = map[string][]string{
		"weekday":   {"Monday", "Tuesday", "Wednesday", "Thursday"},
		"n":         {"three", "four", "five", "six"},
		"mins":      {"twenty minutes", "forty minutes", "an hour", "an hour and a half", "two hours"},
		"snack":     {"a granola bar", "cold leftover pasta", "a handful of crackers", "half a sandwich", "an apple and some cheese", "a bowl of cereal"},
		"relative":  {"my sister", "my mom", "my brother", "my dad", "my aunt", "my cousin", "my grandma"},
		"coworker":  {"my manager", "a coworker", "the new guy on my team", "our director", "someone from finance", "the intern"},
		"appliance": {"dishwasher", "washing machine", "microwave", "dryer", "oven", "water heater"},
		"show":      {"that true crime documentary", "the cooking competition", "an old sitcom", "the space documentary", "a dating show I'm embarrassed about", "a detective series"},
		"weather":   {"pouring rain", "freezing wind", "thick fog", "sticky heat", "sleet"},
		"place":     {"the pharmacy", "the post office", "the hardware store", "the bank", "the dry cleaner", "the DMV"},
		"dollars":   {"$84", "$112", "$67", "$143", "$96"},
	}
)
