package longchat

// Two more two-person chats, by a sixth author, for the train split. As
// in pair_en.go to pair_en4.go, every value is in its own lines only (a
// person named in one fact is "my boyfriend", "my mum" or "the little one"
// everywhere else), the question a line answers (asked) is in the asker's
// voice, and the lines that follow (then) alternate the other and the
// teller. The chats are listed in pairChats.

// Sofia is a vet in Lisbon who surfs before work: warm, quick, "ahah",
// the odd Portuguese word, a vet's unsqueamish stories. She and Ravi met
// on a beach in Goa years ago, when she pulled him out of the sea.
var pairSofia = pairProfile{name: "Sofia", items: []pairItem{
	pf("job", "Clínica da Graça", "At which clinic did {n} work before she changed jobs?",
		"Fourteen appointments at Clínica da Graça today and one parrot who swore at me in perfect Portuguese",
		"At Clínica da Graça we have a cat who lives at reception and nobody knows whose cat he is, he just arrived one day and stayed",
		"Long day at Clínica da Graça, three vaccinations, one broken tail and a rabbit who was only fat, not sick").
		asked("How's the clinic going? Which one are you at again, I always mix them up").older().
		then("Ahah sounds like a small zoo", "It is a zoo, but a small one with terrible parking"),
	pf("job", "Oceanário", "Where does {n} work now?",
		"Big news!! I got the job at the Oceanário! I'm officially a vet for penguins and sharks now, I can't stop smiling",
		"First week at the Oceanário done. I did a check-up on a sea otter and she held my finger the whole time. I'm not okay").newer().
		then("{o}!! That's your dream job, no?", "It is! I keep waiting for someone to say it was a mistake", "Nobody will say that. Congratulations yaar"),
	pf("speciality", "dentistry", "What is {n} specialising in?",
		"I'm doing a postgrad in veterinary dentistry on weekends, so now my whole life is looking inside mouths",
		"Dentistry module this week, I took six teeth out of a pug and he was happier than me afterwards").
		then("Dog teeth! I never once thought about dog teeth", "Nobody does, that's why their breath is so terrible ahah"),
	pf("home", "Cacilhas", "Where does {n} live?",
		"I live in Cacilhas, across the river, so every morning starts with a ferry ride, seagulls and old men reading the paper",
		"Cacilhas, my side of the river, smelled of grilled sardines all evening, the whole street was eating outside on plastic chairs").
		asked("Where do you live exactly? Right in the middle of the city?"),
	pf("boyfriend", "Duarte", "What is the name of {n}'s boyfriend?",
		"My boyfriend Duarte made me breakfast before my 6am surf. He can't cook eggs but he tries, so he stays",
		"Duarte (the boyfriend) is a sound engineer at the theatre, so he comes home at 1am humming whatever the show was").
		then("Haha how long have you two been together now?", "Three years! He still gets lost in my neighbourhood"),
	pf("mother", "Fernanda", "What is the name of {n}'s mother?",
		"My mother Fernanda sent me a box of chouriço with a note: eat something, you're too thin",
		"Fernanda (my mum) discovered voice notes on WhatsApp and now I get eleven a day, mostly about the neighbours"),
	pf("parents", "Viseu", "Where do {n}'s parents live?",
		"My parents still live in Viseu, three hours north. My dad thinks the sea is dangerous and I should get a proper job",
		"Went up to Viseu for the weekend and my dad showed me his tomatoes like they were grandchildren").
		asked("Where are your parents? Close to you?").
		then("Aww do you go up often?", "Not enough. My mother counts the weeks out loud"),
	pf("brother", "Gonçalo", "What is the name of {n}'s brother?",
		"My brother Gonçalo is a chef in London and sends me photos of food I can't afford",
		"Gonçalo, my big brother, called to ask how to stop his dog eating socks. Free vet advice, family rate"),
	pf("niece", "Matilde", "What is the name of {n}'s niece?",
		"My niece Matilde wants to be a vet now, she bandaged all her teddies with toilet paper",
		"Matilde is six and told her whole class that her aunt can talk to dogs. I did not correct her").
		then("Haha kids are the best", "She's my favourite person, don't tell my brother"),
	pf("dog", "Feijão", "What is the name of {n}'s dog?",
		"Feijão stole a whole loaf of bread off the table and then wagged at me like I did it. Three legs and he still reaches the table",
		"My dog Feijão is a three-legged podengo and he still runs faster than me on the beach").
		then("Ahah what a character", "A criminal with three legs and no shame, and the fastest thing on our street"),
	pf("cat", "Amália", "What is the name of {n}'s cat?",
		"Our cat Amália sings at 4am every night, that's why she's named after the fado singer",
		"Amália the cat sat on my laptop in the middle of an online exam and typed forty letter g's"),
	pf("surf spot", "Carcavelos", "Where does {n} usually surf before work?",
		"Surfed Carcavelos before work, glassy little waves and only three other people. Perfect",
		"My usual spot Carcavelos was so crowded this morning, forty people fighting for one peak, I gave up and had a coffee").
		then("How early do you even go?", "Six, sometimes earlier. The ocean doesn't care about my sleep"),
	pf("board", "longboard", "What kind of surfboard does {n} ride?",
		"My longboard is nine foot four and older than my car, it has more dings than I have fingers",
		"Waxed the longboard on the balcony tonight, the whole flat smells of coconut"),
	pf("hobby", "Portuguese guitar", "What instrument is {n} learning?",
		"I've started Portuguese guitar lessons! Twelve strings and I can't tune a single one",
		"My Portuguese guitar teacher is eighty and plays with his eyes closed, I play with my eyes very open and it's worse").
		then("Is that like a normal guitar?", "Rounder, with a sound like someone crying beautifully. When he plays. Not me"),
	pf("food", "bacalhau", "What traditional food can't {n} stand?",
		"I'm Portuguese and I hate bacalhau. Please don't tell anyone, they'll take my passport away",
		"My mother made bacalhau for Sunday lunch again and I survived on bread and olives").
		then("Ahah your secret is safe with me", "You and my mother, the only two who know"),
	pf("allergy", "latex", "What is {n} allergic to?",
		"I'm allergic to latex, which is very funny for a vet. I go through a box of special blue gloves a day",
		"Forgot my own gloves and used the clinic's latex ones for one hour, now my hands look like two tomatoes").
		then("Ouch, is it bad?", "Itchy and red, nothing dramatic. My pride hurts more"),
	pf("team", "Benfica", "Which football team does {n} support?",
		"Benfica won 3-0 and the whole ferry home was singing, even the captain",
		"My dad took me to Benfica games when I was five, I still cry at the eagle flying round the stadium").
		then("I didn't know you were a football person!", "Only when we win ahah"),
	pf("book", "Book of Disquiet", "What is {n}'s favourite book?",
		"My favourite book is The Book of Disquiet by Pessoa, I read one page a night like medicine").
		asked("Okay tell me one book you love. I want to read something from your side of the world"),
	pf("show", "All Creatures Great and Small", "Which TV show does {n} shout at?",
		"I'm rewatching All Creatures Great and Small and shouting at the TV, no vet in history had that much time for tea",
		"All Creatures Great and Small tonight with a blanket, the only vet show that doesn't make me angry. Well, only a little"),
	pf("van", "Berlingo", "What does {n} drive?",
		"My old Citroën Berlingo has a mattress in the back, it sleeps two surfboards and one dog",
		"The Berlingo made a new noise today. I turned the radio up, problem solved").
		then("Ahah I love that van already", "Everybody loves her except my mechanic"),
	pf("coffee", "galão", "What is {n}'s usual coffee?",
		"A galão and a pastel de nata at the ferry café is my entire personality",
		"Third galão before lunch, I can hear colours now"),
	pf("met", "Arambol", "Where did {n} and Ravi first meet?",
		"Can you believe it's six years since Arambol? You on that rented bodyboard, going sideways at the wave",
		"I found the photo from Arambol! You with the sunburnt nose and the terrible straw hat").
		then("Don't remind me, I swallowed half the Arabian Sea that day", "And I dragged you out by your shorts. Best friendship ever started"),
	pf("tattoo", "swallow tattoo", "What tattoo does {n} have?",
		"Got a little swallow tattoo on my wrist after my first year as a vet, in Portugal it means always coming home"),
	pf("volunteer", "Patas da Rua", "Which charity does {n} volunteer with?",
		"Sunday mornings I volunteer with Patas da Rua, we neuter street cats, I did forty this month",
		"Volunteering with Patas da Rua today, we caught a huge ginger tom who has clearly been the king of the fish market for years").
		then("You're a saint", "A saint with a hundred scratches"),
	pe("Ericeira", "When did {n} surf Ericeira?",
		"{When} I surfed Ericeira, the point was firing, I caught the best wave of my life and nobody saw it",
		"Drove up to Ericeira {when} at 5am with my board on the roof, perfect waves, frozen feet").
		then("Send me a video next time!", "There's no video. You have to believe me ahah"),
	pe("Nazaré", "When did {n} watch the big-wave surfers at Nazaré?",
		"Went to Nazaré {when} to watch the big wave surfers, waves like buildings, I was shaking just standing on the cliff",
		"{When} we drove to Nazaré to watch the tow-in surfers, one wave was the size of my parents' apartment block").
		then("I would die just looking", "Same, and I surf"),
	pe("Great Dane", "When did {n} deliver puppies by caesarean from a Great Dane?",
		"{When} I did a caesarean on a Great Dane, eleven puppies!! I was at the clinic until 2am",
		"Delivered eleven puppies from a Great Dane {when}, by caesarean, the mother slept through the whole thing").
		then("ELEVEN?", "Eleven. Every one of them screaming"),
	pe("man o' war", "When did {n} get stung at the beach?",
		"Got stung by a Portuguese man o' war {when}, my leg looks like a map of the metro",
		"{When} a man o' war got me on the ankle, I have never said so many bad words in one minute").
		then("Ouch!! Is it okay?", "Hot water and vinegar and crying. It's fine now"),
	pe("snapped in half", "When did {n}'s surfboard break?",
		"{When} my old shortboard snapped in half on a closeout, I walked up the beach holding two pieces like a sad sandwich").
		then("Noooo. RIP board", "She had a good life"),
	pe("Porto", "When did {n} give a talk at the vet congress?",
		"{When} I gave my first talk at the vet congress in Porto, forty minutes about dog teeth, my hands were shaking",
		"Gave my talk at the congress in Porto {when}, someone asked a question and I actually knew the answer").weekday().
		then("Look at you, a professor now", "Ahah professor of teeth"),
	pe("stole my bike", "When did {n}'s bike get stolen?",
		"Someone stole my bike from outside work {when}. They left the lock, very considerate").
		then("Oh no! Did you report it?", "I reported it. The policeman laughed, kindly"),
	pe("Mouraria", "When did {n} go to a fado house?",
		"{When} we went to a fado house in Mouraria and the old lady singing made me cry into my wine",
		"Went to hear fado in Mouraria {when}, tiny room, twelve people, no microphones, goosebumps the whole time").
		then("I want to hear that one day", "When you come, I take you"),
	pe("tetanus shot", "When did {n} need a tetanus shot?",
		"A chihuahua bit me so hard {when} that I needed a tetanus shot. Four kilos of pure hate",
		"{When} I had to get a tetanus shot after a cat bite, the nurse asked what I do and laughed at me").
		then("Ahah the small ones are always the worst", "Always. Give me a Rottweiler any day"),
	pp("Arugam Bay", "Where in Sri Lanka does {n} want to go surfing?",
		"I want to go surfing in Sri Lanka next year, Arugam Bay, and then fly up to visit you, no excuses",
		"Looking at flights to Arugam Bay again instead of working. The waves look so warm").
		then("You must come! I will cook for you", "Is that a promise or a threat? Ahah"),
	pp("Taghazout", "Where in Morocco is {n} planning a surf trip?",
		"My boyfriend and I are planning a surf week in Taghazout, in Morocco, cheap flights and warm water",
		"Booked a little surf house in Taghazout with a roof terrace, I've been looking at the pictures all night"),
	pp("freediving course", "What course is {n} signing up for?",
		"I'm signing up for a freediving course, I want to hold my breath for three minutes like a seal",
		"Paid for the freediving course today, first lesson is in a pool five metres deep, my ears are already scared").
		then("You're brave, I can't even put my face in water", "I know, I've seen you swim ahah"),
	pp("Alentejo", "Where does {n} dream of having a house with her own clinic?",
		"Dream plan: a little house in the Alentejo, a clinic in the garage and five rescue dogs",
		"Spent my lunch looking at old farmhouses in the Alentejo, they're so cheap and so far from everything"),
}, talk: []string{
	"Here's a pic of the river from the ferry tonight, all gold",
	"A hamster bit me today. Out of all the animals in the world. A hamster",
	"Putting on a cold wet wetsuit at 6am is the worst feeling on earth",
	"The tram was so full a tourist basically sat on my lap",
	"Forty minutes looking for parking, in the end I parked on the pavement like a true Lisboeta",
	"Sand in my bed again, I don't know how, I showered twice",
	"A lady brought her cat in because he 'looks sad'. He was fine, that's just his face",
	"Here's a photo of the waves this morning, small but so clean",
	"Ate four pastéis de nata for dinner. I'm an adult, I'm allowed",
	"Raining sideways today, my umbrella is now modern art",
	"A seagull took my sandwich on the ferry, right out of my hand, no shame",
	"Vaccinated twenty-two puppies today and my ears are still ringing",
	"My neighbour plays accordion on his balcony every night at ten, I know all his songs now",
	"Fell asleep on the beach and now I'm red like a lobster, very professional",
	"Here's the view from the miradouro after work, worth the hill",
	"The printer at work only prints when I threaten it in Portuguese",
	"Somebody brought a tortoise in a shoebox today, the tortoise was calm, the owner was not",
	"Slept ten hours, I feel like a new woman",
	"Someone's parrot at the waiting room learned to copy my phone ringtone. Now it rings all day",
}}

// Ravi is a bus depot supervisor in Mumbai, newly married and learning to
// cook: Indian English, "yaar", "na", "arre", "only", a little Marathi,
// cheerful about his kitchen disasters.
var pairRavi = pairProfile{name: "Ravi", items: []pairItem{
	pf("job", "Colaba depot", "Which bus depot did {n} supervise before his transfer?",
		"Double shift at Colaba depot, forty buses out by six and three drivers called in sick. What to do",
		"At Colaba depot the conductors play cricket every lunch break and I am umpire by force, nobody accepts my decisions",
		"Colaba depot had an inspection today, I have not seen the drivers so clean in my whole life").
		asked("How's the depot? Which one are you at again, I never remember").older().
		then("Sounds like total chaos", "Full chaos, but it is my chaos"),
	pf("job", "Ghatkopar depot", "Which depot does {n} manage now?",
		"Big news yaar, I got transferred and promoted! From Monday I am running Ghatkopar depot. Bigger depot, bigger headache",
		"First week at Ghatkopar depot finished. Two hundred and twelve buses and one canteen that makes the best vada in Mumbai").newer().
		then("{o}!! Parabéns, that's huge", "Thank you! My mother has already told the whole building, and the next building"),
	pf("shift", "quarter to five", "What time does {n}'s shift start?",
		"My shift starts at quarter to five in the morning, so by nine at night I am basically a ghost",
		"Alarm at quarter to five again, even the crows were still sleeping").
		asked("What time do you start work? You're always online at crazy hours"),
	pf("wife", "Meenal", "What is the name of {n}'s wife?",
		"Meenal (my wife) says my dal has 'potential'. I am choosing to take it as a compliment",
		"Meenal and I had our first fight as married people. About where the pressure cooker should live").
		then("Ahah how long have you been married now?", "Not even one year! Still learning everything, even which side of the bed is mine"),
	pf("wife job", "chartered accountant", "What does {n}'s wife do for work?",
		"My wife is a chartered accountant, so in audit season I don't see her before eleven at night. That's why I am learning to cook",
		"Being married to a chartered accountant means even our grocery list has columns and a total").
		asked("What does your wife do? You never actually told me"),
	pf("honeymoon", "Munnar", "Where did {n} go on his honeymoon?",
		"We went to Munnar for our honeymoon, tea gardens everywhere, I got a leech bite on day one. Very romantic",
		"My wife still has our honeymoon photo from Munnar as her wallpaper, me looking very scared of one small elephant").
		then("Ahah so romantic", "Very. Leeches, elephants, everything"),
	pf("in-laws", "Nagpur", "Where do {n}'s in-laws live?",
		"My in-laws are in Nagpur, and every call my father-in-law asks only one question: are you feeding her properly",
		"My in-laws sent twelve kilos of oranges from Nagpur, we are giving oranges to the whole building"),
	pf("mother", "Sunanda", "What is the name of {n}'s mother?",
		"My mother Sunanda has started sending me cooking voice notes. Nine minutes each, no pauses, no full stops",
		"Sunanda aai (my mother) tasted my bhaji and said 'not bad'. From her that is like a Padma Shri").
		then("Ahah she sounds exactly like my mother", "All mothers are same company, different branch"),
	pf("sister", "Rutuja", "What is the name of {n}'s sister?",
		"My sister Rutuja is laughing at me because I called her to ask how long to boil an egg",
		"Rutuja (my little sister) is doing engineering in Pune and eats better in the hostel than at my house"),
	pf("father", "route 138", "Which bus route did {n}'s father drive?",
		"My father drove route 138 for thirty years, he knew every pothole on it by first name",
		"Took the old route 138 today for fun, same stops my father drove, the conductor knew his name").
		then("Aww so buses are in the family", "Buses are in our blood only. Diesel blood"),
	pf("home", "Dombivli", "Where does {n} live?",
		"We live in Dombivli, one hour by local train each way, I know every vendor on the platform by face",
		"Dombivli, my home station, at seven in the morning is like a rock concert where nobody wants to be there").
		asked("Where do you live exactly? Is it inside the city?"),
	pf("dish", "poha", "What dish has {n} mastered?",
		"Finally made poha that my wife ate two plates of. TWO plates. I am a chef now",
		"Poha for breakfast again, it is the only dish I can make without calling my mother").
		then("What is it exactly?", "Flattened rice with onion and turmeric and lemon. Very simple. Simple is hard for me"),
	pf("failed dish", "puran poli", "Which sweet flatbread did {n} fail to make?",
		"Tried to make puran poli for my wife, it tore, it stuck, it came out looking like the map of Maharashtra",
		"Puran poli attempt number three. The filling escaped again. I think it does not like me").
		then("Ahah but did it taste good at least?", "Taste was good. Shape was a crime"),
	pf("channel", "Kitchen with Kavita", "Which YouTube channel is {n} learning to cook from?",
		"I am learning everything from Kitchen with Kavita on YouTube, she says 'very easy only' and it is never easy",
		"Kitchen with Kavita posted a new video and I watched it three times on the train like it was cricket highlights"),
	pf("food", "brinjal", "Which vegetable won't {n} eat?",
		"I can eat anything except brinjal. Slimy, purple, why does it exist",
		"My wife made brinjal bharta and I ate it smiling. Love is sacrifice").
		then("We call it beringela and I love it", "Then you can have my share for the rest of my life"),
	pf("allergy", "cashews", "What is {n} allergic to?",
		"I'm allergic to cashews, and every sweet in Maharashtra has cashews on top. My life is suffering").
		then("Oh no, even at your wedding?", "At my own wedding I could not eat my own sweets. Tragedy"),
	pf("team", "Mumbai Indians", "Which cricket team does {n} support?",
		"Mumbai Indians lost in the last over, I am not talking to anyone tonight",
		"The whole depot watched Mumbai Indians on one phone balanced on a bus tyre").
		then("I still don't understand cricket at all", "Nobody understands it, we just shout"),
	pf("game", "carrom", "What game does {n} play in the depot canteen?",
		"I play carrom every lunch in the canteen, undefeated for three months, they call me the striker king",
		"Carrom till midnight with my cousins, my finger is finished, I can't hold a spoon"),
	pf("scooter", "Chetak", "What scooter does {n} ride?",
		"My old Bajaj Chetak started on the first kick today. A miracle, I did a small prayer",
		"The Chetak was my father's, it is older than me and more reliable than me").
		then("Ahah a classic then", "Vintage. That is the word I use, not old"),
	pf("book", "Malgudi Days", "What is {n}'s favourite book?",
		"Reading Malgudi Days again on the train, R.K. Narayan is always my favourite, it's like going home").
		asked("Do you read much? Which book would you take to an island?"),
	pf("music", "Kishore Kumar", "Whose songs does {n} play while cooking?",
		"My mother only cooks with Kishore Kumar playing, so now I also cook with Kishore Kumar. It is part of the recipe",
		"Sang Kishore Kumar at a cousin's party and the uncles clapped. Only the uncles, but still"),
	pf("depot dog", "Kalu", "What is the name of the dog at {n}'s depot?",
		"We have a depot dog called Kalu, he sleeps under bus number 14 only, no other bus is good enough",
		"Kalu the depot dog got a new red collar from the drivers, he is walking like a film hero").
		then("I need to examine him ahah", "He will bite the vet. He bites everyone except the canteen man"),
	pf("show", "Scam 1992", "Which show is {n} watching with his wife?",
		"Watching Scam 1992 with my wife, she explains all the finance parts and I explain nothing",
		"Scam 1992 finished last night, my wife gave a lecture on the stock market at one in the morning"),
	pe("electric buses", "When did the electric buses arrive at {n}'s depot?",
		"{When} the first electric buses arrived at our depot, the drivers were touching them like a new car in a showroom",
		"We got twenty electric buses {when}, so quiet that a conductor nearly got run over in the yard").
		then("Nice, better for the air", "Better for the air, worse for my nerves"),
	pe("flash strike", "When did {n}'s drivers go on a flash strike?",
		"{When} the drivers did a flash strike over overtime pay, I was on the phone for eleven hours straight",
		"There was a flash strike {when}, forty buses standing, half of Mumbai angry with me personally").weekday().
		then("Oh no, did it get sorted?", "By evening. Samosas and promises"),
	pe("dal on the ceiling", "When did {n}'s pressure cooker lid blow off?",
		"{When} the pressure cooker lid flew off and now there is dal on the ceiling. I am not joking",
		"There is dal on the ceiling since {when}, the cooker whistle got stuck and then, boom").
		then("Oh no!! Are you okay?", "I am fine. The ceiling is yellow now"),
	pe("whole thali", "When did {n} cook a thali for his in-laws?",
		"{When} my in-laws came for lunch and I cooked a whole thali myself! Seven dishes, one rice, zero burns",
		"I made the whole thali {when} for my wife's parents, I started at six in the morning like it was a depot shift").
		then("Wow! Did they like it?", "Father-in-law took seconds of everything. I nearly cried"),
	pe("Lonavala", "When did {n} and his wife ride to Lonavala?",
		"{When} we went to Lonavala on the scooter, ate chikki, got soaked in the rain, best day",
		"Rode up to Lonavala {when} with my wife holding the chikki bag like a treasure").weekend(),
	pe("Wankhede", "When did {n} go to a match at Wankhede?",
		"Went to Wankhede {when} for the match, lost my voice and one slipper",
		"{When} I got tickets to Wankhede from a depot friend, forty thousand people shouting, I was one of them"),
	pe("Elephanta", "When did {n} visit the Elephanta caves?",
		"{When} I finally took the ferry to Elephanta, thirty years in Mumbai and first time, a monkey stole my wife's sunglasses",
		"Went to the Elephanta caves {when}, very beautiful, very hot, one very criminal monkey").
		then("Ahah did you get them back?", "The monkey is wearing them now, I assume"),
	pe("punctuality shield", "When did {n}'s depot win a punctuality award?",
		"{When} our depot got the punctuality shield for the whole zone, first time in nine years",
		"We won the punctuality shield {when}! The drivers carried me on their shoulders, I was very frightened").weekday().
		then("Wow, well done boss!", "Boss ahah. Now they want a party"),
	pe("Sion flyover", "When did one of {n}'s buses break down on a flyover?",
		"{When} one of my buses broke down on the Sion flyover at peak hour, all of Mumbai was honking at me personally").
		then("Nightmare!", "Two hours. I still hear the horns in my sleep"),
	pe("twenty aunties", "When did {n} go to a cooking workshop?",
		"{When} I did a Sunday cooking workshop and I was the only man with twenty aunties, they adopted me",
		"Went to a cooking workshop {when}, twenty aunties and me, they corrected my onion cutting for two hours").weekend().
		then("Ahah did you learn anything?", "I learned that I hold a knife like a criminal"),
	pp("Kashmir", "Where does {n} want to take his wife for their first anniversary?",
		"For our first anniversary I want to take my wife to Kashmir, houseboat and everything, it's a secret",
		"Looking at houseboats in Kashmir in my lunch break, don't tell my wife, it's a surprise").
		then("That's so romantic!", "I am trying. Cooking and romance, both in training"),
	pp("Thane", "Where are {n} and his wife thinking of buying a flat?",
		"We are thinking to buy a small flat in Thane, closer to her office, one bedroom but with a balcony",
		"Saw three flats in Thane today, one had a balcony facing another balcony, very friendly").
		then("Ooh exciting!", "Exciting and also a loan for twenty years"),
	pp("distance MBA", "What degree is {n} thinking of doing?",
		"I am thinking to do a distance MBA. Depot is good but I want to go higher one day"),
	pp("learn to swim", "What has {n} decided to do at thirty-one?",
		"I am going to learn to swim. At thirty-one. Because you keep laughing at me",
		"Signed up to learn to swim at the municipal pool, my class is me and nine children").
		then("Ahah I'm so proud of you", "Wait and see. One day I will surf also"),
}, talk: []string{
	"Here's a pic of the depot at five in the morning, only me and forty sleeping buses",
	"A conductor brought ladoos because his daughter passed her exams, I ate three",
	"Cut my finger chopping onions. Onions one, Ravi zero",
	"The local train was so full today my feet did not touch the floor from Kalyan to Kurla",
	"Here's the view from Marine Drive tonight, the sea is very angry",
	"Forgot salt in the dal. My wife ate it silently. Silence is worse than complaint",
	"Our neighbour aunty gave me a lecture on how much ghee to use. The answer is always more",
	"Sat one hour in traffic on the Eastern Express Highway and learned every song on the radio",
	"Made chai for the night staff, they said it was 'unique'. I think that's an insult",
	"The power went off and the mixer stopped with half a chutney inside",
	"Here's a photo of my first roti that is actually round! Almost round",
	"A cow sat down in front of the depot gate and forty buses waited for her, she did not care",
	"Slept eleven hours on my day off, my wife checked if I was breathing",
	"My mother called to ask if I am eating, then called again to ask if my wife is eating",
	"The vegetable bhaiya cheated me again, my wife can tell just by looking at the tomatoes",
	"Watched a cooking video at double speed and now my onions are burnt at double speed",
	"The canteen vada pav is still better than anything I make, I have accepted it",
	"Rained for two hours and the road outside the depot became a river, the buses were swimming",
	"A passenger argued with me for ten minutes about a one rupee change, he won",
}}

// Jake is a wildland firefighter in Denver: American, laid-back, short
// lines, "dude", "lol", "man", self-deprecating about the dirt and the
// danger. He and Lin were camp counsellors together at sixteen.
var pairJake = pairProfile{name: "Jake", items: []pairItem{
	pf("job", "Lone Cone Hotshots", "Which crew was {n} on before he changed crews?",
		"Just got back with the Lone Cone Hotshots, I smell like a campfire that gave up on life",
		"Lone Cone Hotshots hiked twelve miles in today just to dig line, my legs are jelly",
		"Superintendent of the Lone Cone Hotshots made us do PT in the rain at 5am. Builds character apparently").
		asked("Which crew are you on again? I can never remember the name").older().
		then("That sounds brutal", "It is, but those guys are family"),
	pf("job", "helitack", "What kind of crew does {n} work on now?",
		"Big news: I made the helitack crew! I get to fly to fires now instead of hiking in for half a day",
		"First week on helitack done. We rappelled out of the helicopter on a training day and I screamed a little. Internally").newer().
		then("{o}!! So you jump out of helicopters now??", "Rappel, not jump. Very different. Still very scary"),
	pf("seasons", "sixth season", "How many seasons has {n} worked as a wildland firefighter?",
		"This is my sixth season fighting fire and I still get butterflies the first morning out",
		"Sixth season and my mom still asks when I'm getting a real job lol").ans("six"),
	pf("role", "lead sawyer", "What is {n}'s role on the crew?",
		"I'm lead sawyer now, which means I carry the heaviest chainsaw and get blamed for every tree",
		"Being lead sawyer means I spend my nights sharpening chains by headlamp. Living the dream").
		then("Wait so you cut down trees all day?", "Basically. Trees and brush, so the fire runs out of food"),
	pf("rota", "fourteen-day rolls", "How long are {n}'s fire assignments?",
		"We do fourteen-day rolls, then a couple days off, so I basically vanish for two weeks at a time",
		"Fourteen-day rolls are long, man. By day ten everyone is telling the same three jokes").
		asked("How long are you gone when they send you out?"),
	pf("winter job", "snowplow", "What does {n} drive for the county in the off-season?",
		"When I'm not on fires I drive a snowplow for the county, so I go from way too hot to way too cold",
		"Driving the snowplow at 3am with the radio on is weirdly peaceful, just me and the road"),
	pf("girlfriend", "Kayleigh", "What is the name of {n}'s girlfriend?",
		"Kayleigh (my girlfriend) is an ER nurse so between her nights and my rolls we mostly talk through sticky notes on the fridge",
		"Kayleigh dragged me to a pottery date night. I made an ashtray. It was supposed to be a bowl").
		then("Aww how long have you two been together?", "Two years this fall. She still laughs at my jokes, mostly"),
	pf("brother", "Brody", "What is the name of {n}'s brother?",
		"My little brother Brody just got his first apartment and called me to ask how to turn on the oven",
		"Brody (kid brother) started at the fire academy, I'm so proud I could puke").
		then("Lol little brothers", "He's a good kid. Useless, but good"),
	pf("mom", "Sheryl", "What is the name of {n}'s mom?",
		"My mom Sheryl texts me every single morning I'm on a fire. Just a heart emoji. Every morning",
		"Sheryl (my mom) learned FaceTime and now calls me from the grocery store to show me avocados"),
	pf("dad", "Union Pacific", "Which railroad did {n}'s dad work for?",
		"My dad worked for Union Pacific for thirty years, he can still tell you every train schedule in western Colorado",
		"Dad wore his old Union Pacific jacket to dinner, forty years old and it still fits him better than my clothes fit me"),
	pf("hometown", "Grand Junction", "Where did {n} grow up?",
		"Grew up in Grand Junction, peaches and dirt bikes, that was my whole childhood",
		"Drove back to Grand Junction for my grandma's 90th, she beat me at cards three times and gloated").
		asked("Where did you grow up again? Not Denver, right?"),
	pf("home", "Park Hill", "Where in Denver does {n} live?",
		"Our place in Park Hill has a porch that's basically my living room, I eat every meal out there",
		"Park Hill, our neighbourhood, had a block party and somebody rented a bouncy castle for adults. I'm so sore").
		asked("Where in Denver are you living these days?"),
	pf("roommate", "Murph", "What is the name of {n}'s roommate?",
		"My roommate Murph is learning the bagpipes. In the house. At 7am",
		"Murph (the roommate) cooked a whole turkey on a random Tuesday for no reason. We ate it for a week"),
	pf("dog", "Boone", "What is the name of {n}'s dog?",
		"Boone, my blue heeler, herded the neighbour kids into a corner again, he thinks they're sheep",
		"Boone the dog ate a whole stick of butter off the counter, wrapper and all, and looked me dead in the eye").
		then("Heelers are the smartest little menaces", "He's the best dude I know, don't tell my roommate"),
	pf("truck", "4Runner", "What does {n} drive?",
		"My 2006 4Runner hit 300,000 miles today, I honked the whole way home",
		"The 4Runner's heater only works on high now. It's either off or it's the surface of the sun").
		then("Lol she's a survivor", "Just like her owner"),
	pf("crew nickname", "Tater", "What is {n}'s nickname on the crew?",
		"The crew calls me Tater because I once ate eleven baked potatoes at fire camp. Eleven. I'm not proud",
		"New guy heard everyone calling me Tater and thought it was my real name, he called me that for a week straight").
		then("Lol I'm using that forever now", "I knew I shouldn't have told you"),
	pf("hobby", "whittling", "What has {n} taken up during downtime on fires?",
		"Started whittling on the rolls, so far I've made four spoons and one very sad bird",
		"Whittling by the fire after shift is the only time my brain is quiet"),
	pf("hobby2", "disc golf", "What sport does {n} play on Sundays?",
		"Disc golf on Sunday, lost two discs in a pond while a duck watched me",
		"Got my first birdie at disc golf today, I yelled so loud a lady dropped her coffee"),
	pf("food", "cottage cheese", "What food won't {n} eat?",
		"I'll eat anything on a fire line, MREs, cold beans, whatever, but cottage cheese? Never",
		"My girlfriend's mom served cottage cheese at brunch and I had to act like I was fine").
		then("Lol what did it ever do to you", "It's wet and chunky, that's what it did"),
	pf("allergy", "poison ivy", "What is {n} badly allergic to?",
		"I'm super allergic to poison ivy, which is a fun thing to be when you spend all day in the woods",
		"Got into poison ivy again on the line, both arms, I look like a pepperoni pizza"),
	pf("team", "Nuggets", "Which basketball team does {n} support?",
		"Nuggets won in overtime and I watched on my phone in the crew buggy with nine sweaty guys",
		"Nuggets game at the bar with my brother, we lost our voices and our dignity").
		then("I have no idea who they are lol", "Basketball, {o}. Tall men, orange ball"),
	pf("book", "Young Men and Fire", "What is {n}'s favourite book?",
		"Read Young Men and Fire again, every firefighter should, it's about Mann Gulch and it still gives me chills").
		asked("Do you read much? What's the book you always go back to?"),
	pf("show", "Yellowstone", "What show did {n} binge?",
		"Binged Yellowstone with my roommate, we now only speak in cowboy",
		"Finished Yellowstone and now I want a ranch, a horse and a hat. I have a dog and a porch"),
	pf("tattoo", "Pulaski", "What tattoo does {n} have?",
		"Got a Pulaski tattooed on my forearm. It's a fire tool, half axe, half hoe. My mom cried",
		"Guy at the gas station asked if my Pulaski tattoo was a pickaxe, I gave him a ten-minute lecture").
		then("Wait show me!!", "Sending. Don't laugh, it's still peeling"),
	pf("beer", "homebrew", "What does {n} make in his kitchen?",
		"My homebrew IPA turned out drinkable! Barely. But drinkable",
		"My roommate says my homebrew tastes like bread. I say that's the point"),
	pe("pack test", "When did {n} pass his pack test?",
		"{When} I did my pack test, three miles with forty-five pounds in forty-one minutes, personal best",
		"Passed my pack test {when}, forty-five pounds on my back and some guy in flip flops walked faster than me on the track").weekday().
		then("Forty-five pounds?? I couldn't", "You carry buckets of water all day, you totally could"),
	pe("Manitou Incline", "When did {n} climb the Manitou Incline?",
		"{When} I did the Manitou Incline, 2,700 steps straight up, thought I'd die, didn't",
		"Ran the Manitou Incline {when} with the crew, a grandma passed me near the top").
		then("Why would you do that to yourself", "Honestly? No idea"),
	pe("Mission Ballroom", "When did {n} see a show at the Mission Ballroom?",
		"Saw a show at the Mission Ballroom {when}, my ears are still ringing",
		"{When} we went to the Mission Ballroom, the band was great, the beer was $14"),
	pe("rattlesnake", "When did {n} nearly step on a rattlesnake?",
		"{When} I almost stepped on a rattlesnake on the line, it rattled, I screamed like a little kid",
		"Nearly stepped on a rattlesnake {when}, jumped so high my crew boss wants me on the basketball team").
		then("JAKE. No", "I'm fine! The snake was also fine. We both had a bad day"),
	pe("heat exhaustion", "When did one of {n}'s crew get heat exhaustion?",
		"{When} one of our rookies went down with heat exhaustion on the line, we flew him out, he's okay now",
		"Had a guy get heat exhaustion {when}, scary stuff, he's back on his feet and very embarrassed").
		then("Oh god, is he okay?", "He's fine. Drinking about nine gallons of Gatorade a day"),
	pe("hit a deer", "When did {n} hit a deer?",
		"{When} I hit a deer on I-70. She walked away, my bumper didn't",
		"Hit a deer {when} coming back from the mountains, she looked at me like it was my fault"),
	pe("bought the ring", "When did {n} buy an engagement ring?",
		"{When} I bought the ring. I haven't asked her yet. Don't tell anyone. Not even the dogs",
		"Okay secret: I bought the ring {when}. It's in a sock in my drawer. I check on it like it's a baby").
		then("{o} OMG. I'm screaming", "Shhh! Not a word! I'm terrified"),
	pe("Arkansas River", "When did {n} go rafting?",
		"{When} we rafted the Arkansas River through Browns Canyon, I fell out twice",
		"Rafted the Arkansas River {when} with the crew, our guide had a mullet and zero fear").weekend(),
	pe("prescribed burn", "When did {n}'s crew run a prescribed burn?",
		"{When} we ran a prescribed burn outside Boulder, four hundred acres, textbook",
		"Ran a prescribed burn {when}, the whole day went exactly to plan, that never happens").weekday().
		then("Wait you start fires on purpose?", "Small ones, so the big ones have nothing to eat"),
	pp("smokejumper", "What is {n} thinking of applying to be?",
		"Thinking about applying to be a smokejumper in Missoula. Parachuting into fires. My mom will kill me",
		"Downloaded the smokejumper application. Eleven pages. Haven't told my mom").
		then("You are insane", "A little. It's a job requirement"),
	pp("Torres del Paine", "Where is {n} planning a long trek?",
		"Planning to trek Torres del Paine in Patagonia, nine days, I've watched every video on YouTube",
		"Bought a new tent for Torres del Paine, set it up in the backyard and slept in it to test. the dog was confused").
		then("Take me with you!", "You'd hate the camping part"),
	pp("EMT course", "What course is {n} signing up for?",
		"Signing up for an EMT course so I'm actually useful when somebody gets hurt on the line",
		"Paid for the EMT course, first class is next week, I'm weirdly nervous about the homework").
		then("That's a great idea", "My girlfriend said the same, then laughed at me"),
	pp("Salida", "Where does {n} want to buy land and build a cabin?",
		"My girlfriend and I want to buy a few acres near Salida and build a cabin someday",
		"Looked at land near Salida on my day off, there's a lot with a creek and I can't stop thinking about it"),
	pp("Fairbanks", "Where might {n} take a firefighting detail?",
		"Might take a detail up in Fairbanks next year, fighting fire in the tundra sounds wild",
		"Talked to a guy who did a Fairbanks detail, he said the mosquitoes are worse than the fire"),
}, talk: []string{
	"Here's a pic of the sunset from the line last night, the smoke makes them insane",
	"Haven't showered in six days. You're welcome for not being here",
	"Ate an MRE called chili mac and I'm still thinking about it, in a bad way",
	"Slept in the dirt and woke up with a beetle in my ear",
	"Here's the view from the lookout tower, you can see forever",
	"Got a sunburn in the exact shape of my hard hat strap",
	"I-25 traffic is a personality test and I'm failing",
	"Broke my third pair of sunglasses this month",
	"A bear wandered through fire camp at breakfast, nobody moved, he took a bagel and left",
	"Slept fourteen hours after getting home, my roommate checked if I was alive",
	"Hail the size of golf balls this afternoon, the truck has dimples now",
	"Shaved off the fire beard and I look twelve",
	"Here's a photo of the crew buggy, ten guys, one air freshener, the air freshener lost",
	"Went to the grocery store in my boots and the cashier asked if I was a cowboy",
	"Did laundry for two hours and everything still smells like smoke",
	"King Soopers was out of my cereal. This is how it ends",
	"Stubbed my toe on the bed frame. Survived a wildfire, taken out by furniture",
	"Dropped my phone in a creek, rice bag time",
	"Our crew boss sings country in the buggy every morning and he cannot sing",
}}

// Lin is a florist in Vancouver who fosters rescue dogs: bubbly, "omg",
// "lol", lots of exclamation marks and the odd 🌸, soft about every dog
// that passes through her flat.
var pairLin = pairProfile{name: "Lin", items: []pairItem{
	pf("job", "Fernwood Florals", "At which flower shop did {n} work before she opened her own?",
		"Twelve bridal bouquets at Fernwood Florals today, my hands will smell like eucalyptus forever",
		"My boss at Fernwood Florals made me redo a funeral spray three times today, I almost cried into the lilies",
		"Fernwood Florals got an order for 500 roses for a proposal. 500! The guy better say something good").
		asked("How's the flower shop? Remind me what it's called?").older().
		then("Lol I didn't know flowers were that intense", "Flowers are serious business, people cry at them every day"),
	pf("job", "Hollyhock Studio", "What is the name of {n}'s own flower shop?",
		"I DID IT!!! Signed the lease today, Hollyhock Studio is officially mine, tiny corner shop, huge window 🌸",
		"First week at Hollyhock Studio! Sold out of tulips by noon and a man proposed to me over the counter. As a joke. I think").newer().
		then("{o}! Your own shop! I'm so proud of you", "I keep saying 'my shop' out loud to myself like a weirdo", "Say it louder, you earned it"),
	pf("rescue", "Tailwag Rescue", "Which rescue does {n} foster dogs for?",
		"I foster through Tailwag Rescue, they send me the scared ones because my place is quiet",
		"Volunteer meeting at Tailwag Rescue and I signed up for three more things. Someone stop me"),
	pf("foster", "Pickles", "What was the name of {n}'s earlier foster dog?",
		"My current foster Pickles is a fourteen-year-old chihuahua with four teeth and the attitude of a mob boss",
		"My foster Pickles slept on my neck all night and now I can't turn my head").older().
		then("Omg he sounds adorable", "He's a tiny dictator, I just pay the rent"),
	pf("foster", "Nacho", "What is the name of {n}'s current foster dog?",
		"Update: my old foster got adopted by a retired couple with heated floors!! So now I have Nacho, a husky mix who howls at the microwave",
		"My new foster Nacho learned to open the treat drawer. I have a genius on my hands and no treats left").newer().
		then("Aww a new baby!", "A new baby who weighs thirty kilos and sheds like it's his job"),
	pf("foster count", "thirty-one dogs", "How many dogs has {n} fostered?",
		"I just counted and I've fostered thirty-one dogs in five years. I cried at every single goodbye").
		asked("How many dogs have you fostered by now? It must be a lot"),
	pf("cat", "Bok Choy", "What is the name of {n}'s cat?",
		"My cat Bok Choy tolerates the foster dogs like a queen tolerates peasants",
		"Bok Choy the cat knocked a whole vase of tulips off the counter and then sat in the puddle, very pleased").
		then("Lol the name", "My brother named her. I regret nothing"),
	pf("girlfriend", "Noor", "What is the name of {n}'s girlfriend?",
		"Noor (my girlfriend) is a ceramicist so our apartment is eighty percent mugs",
		"Noor made me dinner after a fourteen-hour wedding day, I might marry her").
		then("Aww how long have you two been together?", "Almost three years! She still can't tell a rose from a peony"),
	pf("parents", "Richmond", "Where do {n}'s parents live?",
		"My parents still live in Richmond and my mom sends me home with enough dumplings for a month",
		"Dim sum in Richmond with my parents, my dad ordered for twelve people and there were four of us").
		asked("Do your parents live close to you?"),
	pf("grandma", "Por Por", "What does {n} call her grandmother?",
		"My Por Por (that's my grandma) is ninety-one and still does tai chi in the park every single morning",
		"My grandma, Por Por, taught me to arrange flowers when I was six, she'd tap my hand with a chopstick if I cut a stem wrong").
		then("She sounds amazing", "She's terrifying and perfect"),
	pf("brother", "Kenny", "What is the name of {n}'s brother?",
		"My little brother Kenny got a job at a game studio and now thinks he's famous",
		"Kenny (baby brother) came by and asked for a bouquet 'but make it cool'. I gave him a cactus"),
	pf("home", "Mount Pleasant", "Which Vancouver neighbourhood does {n} live in?",
		"My apartment in Mount Pleasant is above a bakery so I wake up every day smelling cinnamon buns",
		"My neighbourhood, Mount Pleasant, had a street festival and my foster tried to eat a funnel cake out of a toddler's hand").
		asked("Which part of Vancouver are you in again?"),
	pf("flower", "ranunculus", "What is {n}'s favourite flower?",
		"Ranunculus are my favourite flower, they look like someone folded a hundred tissue papers",
		"Got a box of peach ranunculus in this morning and I made a little noise out loud").
		then("I had to google that lol, they're gorgeous", "Right?? So extra, I love them"),
	pf("hated flower", "carnations", "Which flower does {n} dislike?",
		"Unpopular florist opinion: carnations are ugly and I will not be taking questions",
		"Someone ordered forty carnations and I smiled the whole time like a professional"),
	pf("allergy", "lily pollen", "What is {n} allergic to?",
		"I'm allergic to lily pollen. A florist. I take antihistamines like candy").
		then("That's the most you thing ever", "The universe has jokes"),
	pf("food", "durian", "Which fruit can't {n} stand?",
		"My whole family loves durian and I think it tastes like onions and gym socks",
		"My mom brought durian to a family dinner and I ate in the hallway"),
	pf("team", "Canucks", "Which hockey team does {n} support?",
		"Canucks lost in a shootout and my foster howled along with me in solidarity",
		"Watched the Canucks at a pub with my brother, we yelled so much the bartender gave us free fries").
		then("Lol I didn't know you were a hockey girl", "I'm Canadian, it's in the passport"),
	pf("hobby", "dragon boat", "What team sport does {n} paddle?",
		"Dragon boat practice at 6am on False Creek and my shoulders are screaming",
		"Our dragon boat team came second in a race and we celebrated like we won the Olympics").
		then("Is that the long boat with the drum?", "Yes! Twenty paddlers and one person yelling"),
	pf("class", "ikebana", "What flower-arranging class has {n} started?",
		"I started an ikebana class on Wednesdays, it's the opposite of wedding flowers, three stems and a lot of silence",
		"My ikebana teacher moved one branch two centimetres and suddenly it was art. I'm obsessed"),
	pf("book", "Secret Garden", "What is {n}'s favourite book?",
		"My favourite book is still The Secret Garden, I read it at nine and decided I wanted to grow things forever").
		asked("Okay real question, favourite book of all time?"),
	pf("show", "Schitt's Creek", "What show is {n} rewatching?",
		"Rewatching Schitt's Creek for the fourth time, David Rose is my spirit animal",
		"Schitt's Creek marathon with the foster dog on my feet, perfect Sunday"),
	pf("van", "Petunia", "What is the name of {n}'s delivery van?",
		"My delivery van is called Petunia, she's purple and her back door only opens if you kick it",
		"Petunia the van got a parking ticket outside a wedding venue, seventy dollars for four minutes").
		then("Lol of course she has a name", "Everything I own has a name"),
	pf("met", "Camp Kinnikinnick", "Where did {n} and Jake first meet?",
		"Can you believe we met at Camp Kinnikinnick? Two sixteen-year-old counsellors who lost a whole canoe",
		"Found our old staff shirts from Camp Kinnikinnick! Yours still has the ketchup stain").
		then("We did NOT lose the canoe, we misplaced it", "For three days, {o}"),
	pf("drink", "taro milk tea", "What is {n}'s go-to drink?",
		"Taro milk tea with extra pearls is my reward after every wedding",
		"Had two taro milk teas for lunch. That's a meal, the pearls are carbs"),
	pf("language", "Cantonese", "What language is {n} taking classes in?",
		"I'm taking Cantonese classes so I can actually gossip with my grandma, right now I sound like a toddler",
		"Tried my Cantonese on the dim sum aunties and they laughed and gave me an extra custard tart").
		then("That's so sweet", "Sweet and humiliating"),
	pe("300-guest wedding", "When did {n} do the flowers for a huge wedding?",
		"{When} I did the flowers for a 300-guest wedding, forty centrepieces, I slept in the van after",
		"Did a 300-guest wedding {when}, the bride cried, the groom cried, I cried in the parking lot").weekend().
		then("That many people?! How", "Coffee and panic"),
	pe("Granville Island", "When did {n} have a market stall on Granville Island?",
		"{When} I had a stall at the Granville Island market and sold out of dahlias by eleven",
		"Market stall on Granville Island {when}, a seagull stole a whole bunch of sweet peas").weekend(),
	pe("Kingsway", "When did {n}'s foster dog escape?",
		"{When} my foster slipped his harness and ran across Kingsway. I've never run so fast in my life",
		"Chased my foster across Kingsway {when}, a bus driver stopped and cheered when I caught him").
		then("Omg is he okay??", "Totally fine, very proud of himself. I aged five years"),
	pe("Grouse Grind", "When did {n} do the Grouse Grind?",
		"{When} I did the Grouse Grind in fifty-eight minutes and I want a medal",
		"Did the Grouse Grind {when}, a man in jeans passed me carrying a baby").
		then("Isn't that basically stairs up a mountain?", "It's stairs straight to hell, yes"),
	pe("urgent care", "When did {n} end up at urgent care with a swollen hand?",
		"{When} my hand swelled up like a balloon from a thorn and I ended up at urgent care",
		"Spent four hours at urgent care {when} because of a rose thorn. A rose thorn!").
		then("Dude are you okay?", "Antibiotics and shame. I'm fine"),
	pe("adoption fair", "When did {n}'s rescue hold an adoption fair?",
		"{When} we had an adoption fair at the pet store and six dogs went home!!",
		"Adoption fair {when}, I did the flowers for the tables and a family took home the shyest dog there").weekend().
		then("That's amazing!!", "I cried in the storage room, happy tears"),
	pe("Tofino", "When did {n} go to Tofino?",
		"{When} we drove to Tofino for storm watching and I got soaked to the bone, worth it",
		"Went to Tofino {when}, ate fish tacos in the rain, watched the surfers, felt very West Coast"),
	pe("200 roses", "When did {n}'s shop cooler die?",
		"{When} the cooler at the shop died overnight and I lost 200 roses",
		"Lost 200 roses {when} because the fridge gave up at 2am. I held a little funeral").
		then("Noooo", "I made a rose petal bath out of it at least"),
	pp("Fraser Valley", "Where does {n} dream of starting a flower farm?",
		"Dream plan: a little flower farm in the Fraser Valley, growing my own instead of buying from the wholesaler",
		"Looked at farmland in the Fraser Valley, one acre costs more than my whole life").
		then("You'd be amazing at that", "Me in overalls with a dog army, yes"),
	pp("Kyoto", "Where is {n} saving up to travel?",
		"I'm saving up to go to Kyoto, the gardens and the old flower schools, it's my dream trip",
		"Kyoto fund update: two hundred dollars and a jar of coins").
		then("Take me", "Only if you carry the bags"),
	pp("wreath workshops", "What is {n} planning to run at her shop?",
		"I want to start wreath workshops at the shop, dried flowers, wine, everyone gets scissors",
		"Made a poster for the wreath workshops, four people signed up already and one of them is my mom"),
	pp("Sun Run", "What race has {n} signed up for?",
		"I signed up for the Sun Run. Ten kilometres. I have never run further than to catch a bus",
		"Training for the Sun Run, ran three kilometres and lay on the grass like a starfish").
		then("You got this!", "Tell my knees"),
}, talk: []string{
	"Here's a pic of this morning's bouquet, peach and cream everything",
	"Stabbed myself with a rose thorn for the fifteenth time today",
	"The flower market at 5am is basically my church",
	"Rained all day, obviously, it's Vancouver",
	"A lady returned a bouquet because it was 'too happy' for her ex",
	"Here's a photo of my foster asleep in a flower bucket",
	"Same guy ordered apology flowers for the third time this month. Sir",
	"My hands are so green from stems, I look like a swamp creature",
	"Ate a whole bag of gummy bears for lunch standing over the sink",
	"Someone's dog peed on my sidewalk display and the owner said 'he likes flowers'",
	"Here's the view from Queen Elizabeth Park, worth the walk up in the rain",
	"Tried to parallel park the van for ten minutes, gave up, parked two blocks away",
	"My foster stole an entire rotisserie chicken. The counter is high. I have questions",
	"Slept nine hours and woke up a new person",
	"A seagull took my sandwich at English Bay, which, fair, I was distracted",
	"Cut my finger on the ribbon scissors and bled on a bride's ribbon, nobody knows",
	"Glitter. Everywhere. One order of glitter roses and now I'm glitter forever",
	"The neighbour's cat sits in my window display all day and customers think she's for sale",
	"Got a parking ticket while unloading sunflowers. Sunflowers! Who tickets sunflowers",
}}
