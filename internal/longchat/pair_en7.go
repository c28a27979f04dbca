package longchat

// Two more two-person chats, by a seventh author, for the train split. As
// in pair_en.go to pair_en6.go, every value is in its own lines only (a
// person named in one fact is "my boyfriend", "mi wife" or "the dog"
// everywhere else), the question a line answers (asked) is in the asker's
// voice, and the lines that follow (then) alternate the other and the
// teller. The chats are registered by the init function at the bottom.

// Ilse is a piano tuner in Vienna: precise, dry, good English with an
// Austrian turn ("na ja", "so.", "Jössas"), the odd ":)" and almost no
// emoji. She and Clayton shared a student flat in Leuven during their
// Erasmus year and have written ever since.
var pairIlse = pairProfile{name: "Ilse", items: []pairItem{
	pf("job", "Bösendorfer", "Which piano maker did {n} work for before she changed jobs?",
		"Tuned four Imperials in the Bösendorfer showroom today, the big ones with the extra bass keys. My back is ninety years old",
		"A collector sat in the Bösendorfer showroom for three hours and played the same Chopin waltz on every single piano. I know it by heart now, against my will",
		"The Bösendorfer workshop smells of spruce and bone glue, if I ever leave I think that smell is what I will miss").
		asked("How's the piano place? The famous one, what's it called again, I always want to say Bolognese").older().
		then("Haha sounds like a very fancy spa for pianos", "A spa where the clients are a hundred years old and complain in B flat"),
	pf("job", "Konzerthaus", "Where does {n} work now?",
		"So. I have signed. From next month I am the house tuner at the Konzerthaus, three concert grands and every pianist who comes through Vienna. I am a little sick from nerves",
		"One month as tuner at the Konzerthaus. At seven in the morning I tune the Steinway alone in the dark hall, at eight in the evening someone plays Rachmaninoff on it for 1800 people and I stand in the corridor with goosebumps").newer().
		then("{o}!! Ejja, that's massive", "I keep waiting for someone to check my papers and send me home", "Nobody is sending you anywhere, mela, you have the best ears in Austria"),
	pf("home", "Ottakring", "In which Vienna district did {n} live before she moved?",
		"My flat in Ottakring is on the fourth floor with no lift, so every tool I own I carry up ninety-six steps. I counted. Twice",
		"The brewery down the road in Ottakring had its festival, the whole street smelled of malt and the neighbours were singing on the pavement at one in the morning").
		asked("Remind me which part of Vienna you're in? I only remember the stairs").older(),
	pf("home", "Klosterneuburg", "Where does {n} live now?",
		"We have moved! A small house in Klosterneuburg, twenty minutes on the train, a garden, an apple tree and a neighbour who already brought us six eggs and a warning about the snails",
		"First Sunday in Klosterneuburg. I sat under the apple tree with my coffee and did nothing for two hours. I did not know I was able to do that").newer().
		then("A garden! Finally some space for you", "Space for me and for the dog, he has already dug three holes and looks very proud"),
	pf("boyfriend", "Florian", "What is the name of {n}'s boyfriend?",
		"Florian (the boyfriend, the tall one, you remember) has decided to bake our own bread. The kitchen is a flour crime scene",
		"My Florian teaches a third class at a primary school and every day comes home with a new drawing of himself as a potato").
		then("Haha I like him already", "Everybody likes him. It's a little bit annoying"),
	pf("boyfriend family", "Grinzing", "Where do {n}'s boyfriend's parents run their wine tavern?",
		"His parents have a Heuriger up in Grinzing, so every September weekend I pour young wine for tourists in a borrowed dirndl",
		"Helped at the Heuriger in Grinzing the whole afternoon, a group of Americans asked me if the wine was organic or Austrian").
		asked("Wait, what is it his family does? Something with wine, no?"),
	pf("sister", "Vroni", "What is the name of {n}'s sister?",
		"Vroni, my little sister, passed her driving test on the fourth try. The examiner shook her hand very seriously, I think he was relieved",
		"My sister Vroni is a midwife in Graz, she has the best stories and the worst timing, she always calls during a concert"),
	pf("parents", "Steyr", "In which town do {n}'s parents live?",
		"My parents are still in Steyr, same house, same wallpaper, my father still fixes the neighbours' clocks in the cellar",
		"Took the train to Steyr for my mother's birthday, she made three cakes for five people, which is normal in my family").
		asked("Where are your parents again? Near you?").
		then("Do you get to see them much?", "Every second month. My mother counts, of course"),
	pf("father", "clockmaker", "What was {n}'s father's trade?",
		"My father was a clockmaker for forty years, so it is his fault that I hear every tick in every room",
		"Dad the old clockmaker came to visit and reset every clock in our house by two minutes, without asking").
		then("Ha, so it runs in the family", "Ticks in the family, yes"),
	pf("dog", "Herr Pfeffer", "What is the name of {n}'s dog?",
		"Herr Pfeffer, my dachshund, stole a whole schnitzel from a guest. Off the plate. While the guest was holding the fork",
		"Herr Pfeffer is eleven now, grey around the nose, and he still barks at every tram like it is the first tram he ever saw").
		then("Haha a dachshund with a title, I love him", "He insists on the title, without it he doesn't answer"),
	pf("instrument", "viola da gamba", "What instrument does {n} play in an early-music group?",
		"I joined an early-music ensemble and I play the viola da gamba now, six strings, frets like a guitar, held between the knees like a cello with stage fright",
		"Practised the viola da gamba for two hours, the dog left the room in protest and lay in the hall with a sigh").
		then("I had to google that, it looks like a cello in costume", "It is a cello in costume. A four-hundred-year-old costume"),
	pf("ear", "absolute pitch", "What kind of hearing does {n} have?",
		"Yes, I have absolute pitch. It sounds fancy but mostly it means the tram brakes squeal in E flat and I cannot stop hearing it",
		"The absolute pitch is not always a gift, the microwave beeps a quarter-tone flat and it makes me crazy every morning").
		asked("Serious question, can you really hear a wrong note without any machine?"),
	pf("team", "Rapid Wien", "Which football team does {n} support?",
		"Rapid Wien lost the derby 0:2 and my father has not answered his phone since Sunday",
		"Went to see Rapid Wien in the rain, they won 3:1, I lost my voice and one glove").
		then("I didn't know you went to football!", "Only green and white. It's a family religion, we have no choice"),
	pf("allergy", "hazelnuts", "What is {n} allergic to?",
		"I am allergic to hazelnuts. In Austria this is a tragedy, half of the cakes are made of them and the other half have them on top",
		"Ate one praline at work without asking and of course it had hazelnuts inside, my lips looked like a duck for three hours").
		then("Oh no, is it a serious allergy?", "I carry the adrenaline pen. Never used it, touch wood"),
	pf("food", "Leberkäse", "Which Austrian meat dish can't {n} stand?",
		"Everybody here loves Leberkäse and I think it is pink bread made of sadness",
		"My boyfriend bought Leberkäse rolls for the train, I ate the bread and the mustard and he ate the rest").
		then("Haha I had to look it up. It does look a bit sad", "Thank you. Finally someone on my side"),
	pf("coffee", "Melange", "What is {n}'s usual coffee?",
		"One Melange and the newspaper before the first piano of the day, that is my whole religion",
		"The waiter brought me my Melange without asking today, after six years he has finally accepted me"),
	pf("café", "Hawelka", "What is {n}'s favourite café?",
		"Café Hawelka is still my favourite place in the city, dark walls, smoke from a hundred years, warm Buchteln at ten at night",
		"Sat in the Hawelka until they closed, reading and eating Buchteln, the waiter pretended not to see me"),
	pf("transport", "cargo bike", "How does {n} carry her tools around the city?",
		"I bought a cargo bike for my tools! The case is twelve kilos, now the bike carries it and I carry only my pride",
		"Rode the cargo bike along the Ring in the rain, a taxi driver shouted something very Viennese at me and I shouted something back"),
	pf("book", "Man Without Qualities", "Which long novel does {n} keep rereading?",
		"I'm reading The Man Without Qualities for the third time and I have still never finished it. Musil also never finished it, so I feel fine").
		asked("Give me a book, I need something for the beach").
		then("Haha that is NOT a beach book", "No. It's a book for a whole life"),
	pf("met", "Naamsestraat", "On which street in Leuven did {n} and Clayton share a flat?",
		"Walked past a waffle stand today and suddenly I was back in our kitchen on the Naamsestraat, you burning pasta at 3am",
		"Found a photo of our Erasmus flat on the Naamsestraat, you with that terrible goatee holding a bottle of beer like a trophy").
		then("Don't. The goatee was a phase", "A phase of one whole year"),
	pf("swim", "Alte Donau", "Where does {n} go cold-water swimming?",
		"I swim in the Alte Donau every Saturday now, also in winter, there is a group of grandmothers who go in at four degrees and laugh at me",
		"Went into the Alte Donau this morning with ice at the edge, I screamed, one of the grandmothers clapped"),
	pe("tinnitus", "When did {n} find out she has tinnitus?",
		"{When} I woke up with a whistle in my left ear that did not stop, the ENT says it's tinnitus, probably stress. For a tuner it is like a painter going colour-blind",
		"Saw the ear doctor {when} about the ringing, he says tinnitus, he says rest, he says less coffee. I liked him until the coffee").
		then("Oh {o}, I'm sorry. Is it getting better?", "A little. It's quieter when I'm calm, so I'm practising being calm. Badly"),
	pe("cracked my wrist", "When did {n} hurt her wrist on the ice?",
		"{When} I slipped on black ice at the tram stop and cracked my wrist, the right one, the tuning one",
		"Cracked my wrist {when}, I fell on the ice like in a cartoon, both legs in the air, my shopping everywhere").
		then("Noooo! How long in the cast?", "Six weeks. I'm learning to do everything left-handed, even swearing"),
	pe("chanterelles", "When did {n} go mushroom hunting in the Vienna Woods?",
		"{When} we went into the Wienerwald at dawn and I found almost two kilos of chanterelles under one old beech",
		"Mushroom hunting {when}, chanterelles everywhere, I came home with a full basket and one tick"),
	pe("443", "When did {n} tune for a pianist who wanted the A at 443?",
		"{When} I tuned for a soloist who insisted on A at 443, not 442, not 444. I did it. He said thank you without looking up",
		"A famous pianist {when} asked me for the A at 443 for his concerto, the whole orchestra had to follow him and the oboist looked at me like it was my fault").
		then("Is that a big difference??", "For normal people nothing. For an oboist it's war"),
	pe("Zuckerbäckerball", "When did {n} go to the confectioners' ball?",
		"{When} we danced at the Zuckerbäckerball until four, my feet are destroyed and I ate eleven petits fours",
		"Went to the Zuckerbäckerball {when} in my grandmother's dress, we waltzed badly and very happily").
		then("A ball! Like in a film?", "Like in a film, but with more sweating"),
	pe("Neusiedler See", "When did {n} cycle around the lake on the Hungarian border?",
		"{When} we cycled around the Neusiedler See, seventy kilometres, flat like a pancake, and somehow the wind was against us in both directions",
		"Neusiedler See by bike {when}, half in Austria half in Hungary, I got sunburnt on one arm only").weekend(),
	pe("tuning hammer", "When did {n} lose her tuning hammer on the underground?",
		"{When} I left my tuning hammer on the U6, the good one, twenty years old, my teacher gave it to me",
		"Forgot my tuning hammer on the U-Bahn {when}. I went home and sat on the floor and stared at the wall").
		then("Oh no! Did you get it back?", "The lost property office had it! I almost kissed the man's hand"),
	pp("Meisterprüfung", "What exam is {n} preparing for?",
		"I have registered for the Meisterprüfung in piano building, two years of evening classes and one very long exam at the end",
		"Studying for the Meisterprüfung, tonight four hours about soundboards, my head is full of spruce").
		then("So you'll be a master? Like a Jedi?", "Exactly like a Jedi, but with felt hammers"),
	pp("Budapest", "Where does {n} plan to cycle along the Danube to?",
		"Plan for the summer: we cycle the Danube all the way down to Budapest, a tent, no laptop, no pianos",
		"Bought the maps for the Danube ride to Budapest, my boyfriend wants to carry a gas stove, I want to eat in restaurants, we are negotiating"),
	pp("Comino", "Which island does {n} want to swim at when she visits Malta?",
		"I am coming to you in spring, I decided. I want one whole day swimming at Comino in that turquoise water from your photos and nothing else",
		"Looked at flights to you again, I need a day on Comino, I need to be warm for once in my life").
		then("Ejja! The spare room is yours", "I will bring you proper chocolate. With no nuts, for me"),
}, talk: []string{
	"Here's a pic of the Ring from the tram, all the buildings lit up like wedding cakes",
	"A lady asked me to tune her piano 'a little happier'. I changed nothing and she was very pleased",
	"The waiters in this city are rude to me in a way that feels like love",
	"Forgot my umbrella, of course it rained, of course",
	"A man on the U-Bahn ate a whole roast chicken out of a paper bag at eight in the morning",
	"Found a banknote from 1912 inside a piano today, between the strings. Worth nothing, I kept it",
	"Here's a photo of the inside of a Blüthner from 1890, look at the hammers, like little soldiers",
	"Slept nine hours and dreamed of church bells out of tune",
	"The child next door practises Für Elise every afternoon and misses the same note every single day",
	"Bought a yellow scarf for no reason except that it was yellow",
	"Here's the view from the Kahlenberg, Vienna looks small and friendly from up here",
	"The supermarket cashier corrected my German. I was born here",
	"A pigeon walked into the hall during a rehearsal and stayed for the whole slow movement",
	"Today I said 'it's fine' eleven times and not one was true",
	"The Föhn is blowing and everybody in Vienna has a headache, it's official",
	"My tuning fork fell into a grand piano and I fished it out with chopsticks",
	"Ate a Käsekrainer at the sausage stand at midnight. No regrets. Some regrets",
	"Someone left a whole birthday cake on a tram seat, untouched, I am still thinking about it",
	"Cleaned my tools for two hours, very meditative, very boring",
}}

// Clayton is a photographer in Malta: loud, affectionate, Maltese English
// with "mela", "ejja", "iva", "ħeqq" and "Madonna", lots of "haha" and 😂,
// a mother who knows everything before he does.
var pairClayton = pairProfile{name: "Clayton", items: []pairItem{
	pf("job", "Studio Xemx", "Which wedding studio did {n} shoot for before his new job?",
		"Three weddings this weekend for Studio Xemx, three brides, two drones, one groom who wanted more photos with his boat than with his wife 😂",
		"The boss at Studio Xemx wants 2000 photos edited by Friday. Mela, I will see my bed in October",
		"Shot a wedding in a palazzo for Studio Xemx today, 38 degrees, full suit, the cake melted before the speeches").
		asked("How's the wedding work? You're still with the same studio, the one with the sun in the name?").older().
		then("Sounds exhausting honestly", "Exhausting, but there is free food at every wedding, so"),
	pf("job", "Heritage Malta", "Where does {n} work now?",
		"Heritage Malta called back. They want me!! I'm going to photograph every statue and pot in the national museums, no more brides screaming at me",
		"Month one at Heritage Malta: four days photographing one 5000-year-old lady under twelve lights. She didn't complain once, unlike the brides").newer().
		then("{o}!! That's perfect for you. No more drones?", "No more drones. My mother told the whole parish before I even hung up the phone", "Naturally. Congratulations, really"),
	pf("home", "Żebbuġ", "In which village did {n} live with his parents?",
		"Still living with my parents in Żebbuġ, thirty-three years old and my mother irons my socks. Don't judge, every Maltese guy is like this",
		"In Żebbuġ it's festa season so my father is on the roof every evening hanging lights, he's seventy, I can't watch").
		asked("Are you still at your parents'? Which village was it, I can never spell it").older(),
	pf("home", "Birgu", "Where does {n} live now?",
		"Mela, it's done, we got the keys!! A tiny old house in Birgu, three floors, one room on each floor, and from the roof you see the boats in the marina",
		"First night in Birgu, we ate pizza on the roof and the church bells went at midnight for no reason. I love it already").newer().
		then("Finally! Your mother must be devastated", "She came the first day with a pot of soup and a list of everything we are doing wrong"),
	pf("girlfriend", "Graziella", "What is the name of {n}'s girlfriend?",
		"Graziella (my girlfriend, you know) made me watch three hours of a Korean drama and now I'm more into it than her",
		"Graziella says I photograph food better than I photograph her. She's right but I'm not saying it").
		then("Haha smart man", "I've been in this relationship long enough to learn something"),
	pf("girlfriend job", "pharmacist", "What does {n}'s girlfriend do for work?",
		"She's a pharmacist in Sliema, so every old lady in the town knows her business and she knows all of theirs",
		"Living with a pharmacist means I'm never allowed to say 'it's just a cold', I get a lecture and three boxes of something").
		asked("And what does your girlfriend do again? Something medical, no?"),
	pf("brother", "Kurt", "What is the name of {n}'s brother?",
		"My brother Kurt joined the police and now he gives me a lecture about speeding at every Sunday lunch",
		"Kurt (the little brother) bought a motorbike. My mother lights a candle at the church for him every day"),
	pf("grandmother", "Carmen", "What is the name of {n}'s grandmother?",
		"My nanna Carmen is ninety-two and still makes ravjul by hand every Sunday for eleven people, nobody is allowed to help",
		"Nanna Carmen taught my girlfriend her secret for the pastizzi dough. It took her forty years to trust a stranger, very fast actually").
		then("She sounds wonderful", "Wonderful and terrifying, like all Maltese grandmothers"),
	pf("dog", "Lampuka", "What is the name of {n}'s dog?",
		"Lampuka, our dog, stole a whole ftira off the table and ran around the garden with it like a trophy",
		"My dog Lampuka sleeps on my feet every night and snores like my grandfather used to").
		then("Wait, is the name a fish?", "It's a fish! She was exactly that colour when we found her, it made sense at the time"),
	pf("breed", "kelb tal-fenek", "What breed is {n}'s dog?",
		"Our dog is a kelb tal-fenek, the Maltese hunting hound, ears like two radars and zero brain",
		"Somebody at the beach asked what breed my dog is, I said kelb tal-fenek and he asked if it's a kind of pasta").
		asked("What kind of dog is she? The photos make her look like a little deer"),
	pf("band", "euphonium", "What instrument does {n} play in the village band?",
		"I still play euphonium in the band club, festa season means four hours marching in the sun with a brass pipe on my shoulder",
		"Band practice tonight, euphonium, two marches and one long argument about the new uniforms").
		then("I can't believe I never heard you play", "Lucky you, haha"),
	pf("team", "Juventus", "Which football team does {n} support?",
		"Juventus lost to Napoli and the whole band club was silent like a funeral",
		"Watched Juventus at the club, we scored in the ninetieth minute, the priest was there and even he said some words").
		then("Since when do you care about Italian football?", "Since birth. In Malta it's Italian or English, you choose at the baptism"),
	pf("food", "rabbit stew", "Which national dish can't {n} eat?",
		"I'm Maltese and I can't eat rabbit stew. I had a pet bunny when I was six. My nanna thinks something is wrong with me",
		"Family lunch was rabbit stew, again, I ate potatoes and bread and my aunt looked at me like I'm a foreigner").
		then("That's the most you thing ever", "A traitor to the nation, I know"),
	pf("camera", "Leica", "What film camera does {n} shoot with?",
		"My old film Leica was my grandfather's, it still works better than my phone and it makes everybody look like 1962"),
	pf("drink", "Kinnie", "What is {n}'s favourite drink?",
		"Kinnie with ice from the kiosk after a swim, this is Malta in one sentence",
		"Drank three Kinnie today in the heat, my sugar levels are a national emergency"),
	pf("swim", "St Peter's Pool", "Where does {n} like to swim before work?",
		"Swam at St Peter's Pool before work, flat sea, clear water, one old man doing backstroke and singing",
		"The tourists have discovered St Peter's Pool, this morning forty people were jumping off the rocks filming themselves").
		then("I'm so jealous, I swim in a lake with ice", "Come here then, the sea is waiting"),
	pf("car", "Vitara", "What car does {n} drive?",
		"My old Suzuki Vitara passed the VRT test, the man said 'this car is a miracle' and I don't think he meant it nice",
		"The Vitara's air con died in August. In Malta. I drive with the windows open like a dog"),
	pf("book", "Vivian Maier", "What book does {n} keep on his bedside table?",
		"On my bedside table there's a book of Vivian Maier street photos, a nanny who took a hundred thousand pictures and never showed anybody").
		asked("What's the book by your bed right now? Don't say a camera manual").
		then("That's kind of sad and beautiful", "Iva, exactly that"),
	pf("tattoo", "luzzu", "What is {n}'s tattoo?",
		"I got the eye from the luzzu boats tattooed on my forearm, it protects the fishermen, so maybe also photographers").
		ans("the eye painted on the luzzu fishing boats").
		then("Send me a photo!", "Sending. Don't laugh, it's still red"),
	pf("sport", "padel", "What racket sport does {n} play with his brother?",
		"Started playing padel with my brother on Wednesdays, he's terrible and very competitive, the worst combination",
		"Lost at padel again, my brother danced on the court, I'm not talking to him until Christmas"),
	pe("proposed", "When did {n} propose to his girlfriend?",
		"{When} I proposed on the Upper Barrakka and the cannon of the saluting battery fired exactly when she said yes. I didn't plan it, nobody believes me",
		"I proposed {when}!! She said yes before I finished the sentence, I dropped the ring and it rolled under a bench 😂").
		then("WHAT. {o}!!! Congratulations!!", "I'm still shaking a little bit", "Send me a photo of the ring immediately"),
	pe("kidney stone", "When did {n} have a kidney stone?",
		"{When} I had a kidney stone, I never felt pain like that, I was on the bathroom floor calling for my mother",
		"Passed a kidney stone {when}, the doctor showed it to me, tiny like a grain of sand, after all that I wanted it to be bigger").
		then("Oh no!! Are you okay now?", "Okay now. Drinking four litres of water a day like a camel"),
	pe("wasp", "When did {n} get stung during a shoot?",
		"A wasp stung me on the eyelid {when} in the middle of a shoot, I finished the whole thing with one eye",
		"{When} a wasp got me on the neck at work, I swelled up like a balloon and the pharmacy lady laughed at me").
		then("Ouch!! Are you okay?", "Swollen like a balloon but I finished the job, full professional"),
	pe("petards", "When was {n}'s village festa with the fireworks?",
		"{When} was our festa, the petards started at eight in the morning and didn't stop until midnight, the dog hid in the washing machine",
		"Festa {when}, the petards shook every window in the village, my ears are still whistling").weekend().
		then("Fireworks at eight in the morning??", "Malta. Don't ask"),
	pe("Gozo", "When did {n} take the ferry to Gozo?",
		"{When} we took the ferry to Gozo, ate ftira at the harbour and swam at Ramla until the sun went down",
		"Went over to Gozo {when}, the sister island, everything is slower there, even the dogs"),
	pe("groom fainted", "When did a groom faint at a wedding {n} was shooting?",
		"Wedding {when}, the groom fainted at the altar from the heat and I got the perfect photo of the bride catching him",
		"{When} the groom fainted in the middle of the vows, the priest kept going like nothing happened").weekend().
		then("Noooo. Is he okay?", "He's fine, she will never let him forget it"),
	pe("Mdina", "When did {n} photograph the ceiling of the cathedral?",
		"{When} I was up on a scaffold in the cathedral of Mdina, eleven metres high, photographing the ceiling with a camera worth more than my car",
		"Spent the whole day {when} in the cathedral in Mdina on my back on a scaffold, the angels on the ceiling have very judgmental faces").weekday(),
	pe("Pozzallo", "When did {n} take the catamaran to Sicily?",
		"{When} we took the catamaran to Pozzallo and drove to Modica for chocolate, Sicily is ninety minutes away and it's another planet",
		"Day trip to Pozzallo {when}, the sea was rough, half the boat was sick, I ate a cannolo on the way back anyway"),
	pp("Spazju Kreattiv", "Where will {n} hold his first solo exhibition?",
		"I'm preparing my first solo show at Spazju Kreattiv, photos of old fishermen's hands, I'm terrified",
		"Printed the first ten pictures for the Spazju Kreattiv show, for once they look better on paper than in my head").
		then("Your first exhibition! I'm coming", "Then I have to make it good"),
	pp("northern lights", "What does {n} want to see on his honeymoon?",
		"For the honeymoon we want to go and see the northern lights, somebody from Malta should be cold at least once",
		"Looking at cabins for the northern lights, they all have saunas, I don't know what a sauna is for, we already have August"),
	pp("Day Skipper", "What sailing course is {n} taking?",
		"I signed up for the Day Skipper course, so one day I can take a boat around the island without calling my uncle",
		"First theory evening for the Day Skipper, tides, knots, I already forgot everything").
		then("Captain {o}, I like it", "Captain of one small boat and zero crew"),
}, talk: []string{
	"Here's a pic of the sunset from the bastions, the sky is on fire again",
	"The sirocco is back, everything is sticky, my hair is a disaster",
	"A tourist asked me if Malta is in Greece. I said yes to save time",
	"The bus didn't stop for me. Twice. Same driver",
	"My mother sent me a voice message of nine minutes to ask if I ate",
	"Ate four pastizzi for breakfast standing at the kiosk, ricotta everywhere",
	"Here's a photo of the old men playing cards outside the band club, same table every day since 1970",
	"Forty minutes in traffic for eight kilometres, this island is too small for these cars",
	"The neighbour's cat had kittens in our shed, now we have six cats, apparently",
	"Somebody reversed into my car and left a note that said 'sorry'. Only sorry",
	"Here's the view from the roof, if you squint you can pretend you see Sicily",
	"Twenty minutes in the sun and I'm the colour of a tomato",
	"The church bells started at six in the morning for a saint I never heard of",
	"Got a haircut, the barber talked politics for forty minutes, I said 'iva' thirty times",
	"A drone fell in the sea. Not mine. I laughed, then I felt bad",
	"My aunt asked me why I'm so thin and then gave me a third plate",
	"Power cut in the whole street, everybody went outside with candles and chairs like a party",
	"Dropped my lens cap in the harbour, a fisherman got it out with his net, legend",
	"The cicadas are so loud I can't hear my own thoughts",
}}

// Shauna is an electrician from Perth, FIFO to an iron-ore mine in the
// Pilbara: Jamaican mum, Aussie through and through, "reckon", "heaps",
// "arvo", "mate", "cuz", the odd 🥹. Delroy is her cousin in Jamaica; her
// evenings are his mornings.
var pairShauna = pairProfile{name: "Shauna", items: []pairItem{
	pf("job", "Wandoo Creek", "At which mine site did {n} work before her new job?",
		"Back in the donga at Wandoo Creek, 44 degrees today and the aircon in the substation carked it, so that was my whole shift",
		"Night shift at Wandoo Creek, rewiring a conveyor at 2am with about a million moths in my headlamp",
		"Flew up to Wandoo Creek this morning, whole plane full of blokes asleep before we even took off").
		asked("How di mine a go cuz? Which one yuh deh at again, mi always forget di name").older().
		then("Mi cyaan believe yuh work inna dat heat", "You get used to it. Nah you don't, you just pretend"),
	pf("job", "Fremantle Ports", "Where does {n} work now?",
		"Cuz I did it!! No more FIFO, I start at Fremantle Ports next month, fixing the big container cranes. Home every single night 🥹",
		"Two weeks in at Fremantle Ports. Forty metres up a crane on my lunch break watching the ships come in, then I sleep in my own bed. Living the dream").newer().
		then("Yes {o}!! Big up yuhself, dat a di real ting", "Reckon my girlfriend cried harder than me", "Mi glad fi unno both, fi real"),
	pf("roster", "two weeks on, one week off", "What roster does {n} work at the mine?",
		"It's two weeks on, one week off, so for fourteen days I'm basically a ghost with a hard hat",
		"Roster's two weeks on, one week off, and the first day back home I just sleep and eat toast. Well, rice cakes now").
		asked("How long yuh gone fah when dem fly yuh up deh?"),
	pf("home", "Scarborough", "In which suburb did {n} live in a share house?",
		"Share house in Scarborough is chaos as usual, five of us, one bathroom, one bloke who only eats two-minute noodles",
		"Went straight from the airport for a swim at Scarborough, best way to get the red dirt off").
		asked("Where yuh living now? Still inna dat house by di beach wid all a dem people?").older(),
	pf("home", "Bassendean", "Where did {n} buy a house?",
		"WE BOUGHT A HOUSE. Little weatherboard in Bassendean, big backyard, ugly carpet, and it's OURS",
		"First weekend in Bassendean, pulled up all the carpet and found jarrah floorboards underneath, I nearly cried on my knees").newer().
		then("Unno buy house? Bless up!!", "Took every cent we had lol", "Dat's how yuh know seh it worth it"),
	pf("girlfriend", "Tegan", "What is the name of {n}'s girlfriend?",
		"Tegan (the girlfriend, you met her on the video call at Christmas) has got a sourdough starter now and talks to it more than to me",
		"Tegan surprised me at the airport with a cardboard sign that said WELCOME HOME SPARKY and the whole arrivals hall was staring").
		then("Haha mi like her", "Yeah she's a keeper"),
	pf("girlfriend job", "teaches science", "What does {n}'s girlfriend do for a living?",
		"My girlfriend teaches science at a high school, last week her Year 9s set a bin on fire and she came home very calm. Too calm").
		asked("What yuh girl do again? Mi did forget").ans("she teaches science at a high school"),
	pf("mum", "Hyacinth", "What is the name of {n}'s mum?",
		"Mum, Hyacinth to the rest of Perth, still won't let anyone else near the rice and peas at Christmas",
		"Hyacinth rang to ask if I'm eating, then told me I sound thin. On the phone. My mother, ladies and gentlemen").
		then("Aunty nuh change at all", "She never will, mate"),
	pf("dad", "wharfie", "What did {n}'s dad do for work?",
		"Dad was a wharfie for thirty years, he still can't walk past a ship without telling you everything that's wrong with it"),
	pf("dog", "Meatball", "What is the name of {n}'s dog?",
		"Meatball the staffy ate half a tub of margarine and then chucked up in my work boots",
		"My staffy Meatball sleeps on his back with his legs in the air, snoring like a diesel generator").
		then("Lawd, di name", "Blame my girlfriend, she named him when she was hungry"),
	pf("chickens", "chooks", "What does {n} keep in her backyard?",
		"We've got three chooks now, named after the Spice Girls, Posh doesn't lay, typical",
		"The chooks got into the veggie patch and ate every single tomato, they looked me dead in the eye").
		ans("three chooks (chickens)"),
	pf("sport", "netball", "What sport does {n} play?",
		"Netball grand final, lost by one goal and I'm still arguing with the umpire in my head",
		"Back at netball after three months, I'm goal defence and honestly I'm defending nothing, slow as a wet week").
		then("Mi sister used to play dat inna school, she was vicious", "Sounds about right for our family"),
	pf("team", "Dockers", "Which AFL team does {n} follow?",
		"Dockers by two points after the siren!! I screamed so loud the crib room thought someone got zapped",
		"Dockers got smashed by the Eagles. Wearing black to work tomorrow").
		then("Mi nuh understand dis Aussie football at all", "Neither do the umpires, mate"),
	pf("food", "coeliac", "What condition does {n} have that limits what she can eat?",
		"Blood tests came back and I'm coeliac. No more pies, no more beer, no more fun, basically",
		"Being coeliac on a mine site is a joke, the crib room's got one gluten-free muffin and a bloke ate it").
		then("So no bread at all?", "No wheat, no barley, nothing. Rice is my best mate now"),
	pf("spread", "Vegemite", "Which Aussie spread can't {n} stand?",
		"I'm the only Aussie alive who can't stand Vegemite, it tastes like a salty car tyre",
		"Someone left Vegemite open in the crib room fridge and the whole place stank of it, I nearly walked out").
		then("Mi never even taste it", "Don't. Save yourself"),
	pf("ute", "HQ Holden", "What old car is {n} restoring?",
		"Working on the HQ Holden ute in the shed every night, she's a '74, basically rust with a steering wheel, I love her",
		"Got the HQ Holden to start!!! First time in nine years she's run, the whole street came out to look").
		then("Send a video!", "Sending, turn your volume down, she's loud"),
	pf("nickname", "Sparkles", "What do {n}'s workmates call her?",
		"The crew call me Sparkles, cause I'm the only sparky who turns up with glitter nail polish under the gloves").
		then("Hahaha mi a go call yuh dat from now", "Knew I shouldn't have told you"),
	pf("book", "Cloudstreet", "Which novel is {n} rereading?",
		"Reading Cloudstreet again, it's set in Perth and it makes me homesick when I'm up north").
		asked("Yuh read anyting good? Mi need a book fi di summer holiday"),
	pf("show", "Bluey", "What kids' cartoon does {n} watch every night?",
		"Me and the missus watch Bluey every night, no kids, no shame",
		"Cried at an episode of Bluey. Grown woman. Licensed electrician").
		then("Mi daughter love dat one too", "Your daughter has taste"),
	pf("tattoo", "hibiscus", "What tattoo did {n} get on her ankle?",
		"Got a little red hibiscus tattooed on my ankle, for Granny and the yard in Jamaica. Mum pretended to be angry for five minutes").
		then("Granny go love dat", "Send her a pic for me would ya, she won't work out the phone"),
	pe("endoscopy", "When did {n} have her endoscopy?",
		"{When} I had the endoscopy, they knock you right out, I woke up and told the nurse I loved her",
		"Had the endoscopy {when}, nothing to it really, just starving all morning and then a very good nap").weekday().
		then("Yuh good now?", "All good, just waiting on the results and eating jelly"),
	pe("arc flash", "When did {n} get hurt by an arc flash at work?",
		"Copped a small arc flash at work {when}, my eyes were full of sand for two days, I'm fine, don't tell Mum",
		"{When} a switchboard let go right in front of me, arc flash, I saw purple for a day. Gear did its job").
		then("Cuz!! Yuh haffi careful", "I know, I know. Safety glasses on my face forever now"),
	pe("Rottnest", "When did {n} ride around Rottnest?",
		"{When} we rode bikes around Rottnest and I got a quokka selfie, he had better hair than me",
		"Rottnest {when}, twenty-two k on a hire bike with no gears, every quokka on the island wanted my lunch").weekend().
		then("What is a quokka?", "Little smiling marsupial the size of a cat, google it"),
	pe("whale shark", "When did {n} swim with a whale shark?",
		"Swam with a whale shark at Exmouth {when}, twelve metres long and totally chill, I cried into my snorkel",
		"{When} we went out from Exmouth on the boat and a whale shark swam right under me, mouth like a garage door").
		then("Yuh mad!! Mi wouldn't go inna dat water", "It only eats plankton, you sook"),
	pe("willy-willy", "When did a willy-willy hit {n}'s camp?",
		"{When} a willy-willy went straight through camp and ripped the roof off the laundry, we all just stood there holding our coffees",
		"Big willy-willy {when}, red dust in my ears, my bed, my toothbrush. Everywhere").
		then("A what??", "Like a mini tornado made of dirt"),
	pe("A-grade", "When did {n} pass her electrical licence exam?",
		"{When} I passed my A-grade licence exam, top mark in the room, the old blokes were not happy",
		"Sat the A-grade licence exam {when} and passed!! Four hours, I walked out and ate a whole bag of chips in the car").weekday().
		then("Big up!! Mi proud a yuh", "Ta cuz, means heaps"),
	pe("Optus Stadium", "When did {n} see a concert at the stadium?",
		"{When} we saw P!nk at Optus Stadium, sixty thousand people singing and she flew over our heads on a wire",
		"Went to a concert at Optus Stadium {when}, lost my voice and one earring").weekend(),
	pe("Great Northern Highway", "When did {n} blow a tyre on the highway?",
		"Blew a tyre on the Great Northern Highway {when}, 40 degrees, road trains flying past, changed it in twelve minutes flat",
		"{When} we did a tyre on the Great Northern Highway two hundred k from anywhere, the spare was flat too, classic").
		then("Lawd, yuh alright?", "All good, a truckie stopped and lent us his, legends those blokes"),
	pp("Negril", "Where in Jamaica does {n} want to spend a week on the beach?",
		"Planning a trip over next year, a week with you lot then a week in Negril with my feet in the sand",
		"Looking at places in Negril on my smoko instead of working, the cliffs look unreal").
		then("Yes {o}! Mi a go tek yuh everywhere", "You better, I want to see everything"),
	pp("contractor licence", "What licence is {n} going for so she can be her own boss?",
		"Thinking about getting my contractor licence so I can run my own jobs one day, be my own boss",
		"Started the course for the contractor licence, it's all paperwork and insurance, nobody told me being the boss was this boring"),
	pp("Broome", "Where do {n} and her girlfriend want to get married?",
		"We've been talking about getting married on the beach in Broome, Cable Beach, camels at sunset, the whole thing",
		"Sent Mum some photos of Broome for the wedding idea and she asked if there's a church. There is not").
		then("Mi want an invite!", "You're in the front row, cuz"),
	pp("City to Surf", "What fun run has {n} signed up for?",
		"Signed up for the City to Surf with the girls from my team, twelve k, I haven't run since school",
		"Training for the City to Surf, did five k and lay on the grass like a dead starfish"),
}, talk: []string{
	"Here's a pic of the sunset from the back step, sky's gone pink and orange",
	"Got red dirt in places red dirt should never be",
	"The flies up here are so bad one drowned in my coffee and I'm still drinking it",
	"Ate a whole bag of hot chips in the car park, no regrets",
	"Bloke at the bottle-o asked if I was lost. Mate I'm 29",
	"Forty-two degrees today, the steering wheel burnt my hands",
	"Here's the view from Kings Park, whole city lit up",
	"A magpie swooped me on the walk to the car and I screamed like a little kid",
	"The Fremantle Doctor finally came in this arvo, felt like a miracle",
	"Slept eleven hours, woke up not knowing what day it was",
	"Found a huntsman the size of my hand on the bathroom wall, we've agreed to share",
	"My sunnies broke, third pair this year",
	"Spent two hours at Bunnings for one screw, came home with a plant and no screw",
	"Dropped my phone at the servo and now the screen looks like a spider web",
	"Mum rang just to tell me the neighbour got a new car. That was it, that was the call",
	"Did three loads of washing and everything still smells like diesel",
	"Got sunburnt through the car window, how is that even possible",
	"The kookaburra in our tree laughs at me every single morning, it's personal",
	"Fell asleep on the couch in my hi-vis, very glamorous",
}}

// Delroy is Shauna's cousin, a music teacher in Kingston who plays
// trombone in a ska band: warm, teasing, Jamaican English sliding into
// patois ("wah gwaan", "mi", "yuh", "likkle", "cyaan", "bless up"), calls
// her "cuz". He writes in his morning, her evening.
var pairDelroy = pairProfile{name: "Delroy", items: []pairItem{
	pf("job", "Constant Spring High", "At which school did {n} teach before his new job?",
		"Wah gwaan cuz, mi just done a whole morning a Constant Spring High, forty pickney wid forty recorders, mi ears a ring",
		"Di band at Constant Spring High play fi devotion today, one trumpet was in a different key an' a different country",
		"Staff meeting at Constant Spring High run two hours, all about uniform. Two hours, cuz").
		asked("How's school going? Remind me which one it is, I always mix it up with the other one").older().
		then("Sounds loud as", "Loud but sweet. Some a dem can really play"),
	pf("job", "Edna Manley College", "Where does {n} work now?",
		"Big news cuz! Edna Manley College offer mi di lecturer post, brass an' music teaching, mi cyaan stop smile",
		"One month as lecturer at Edna Manley College done. Di students dem serious, dem practise more than mi ever practise inna mi life").newer().
		then("{o}!! That's massive, so proud of you cuz", "Granny call mi an' seh she did know from mi was three", "She knows everything, that woman"),
	pf("home", "Portmore", "Where did {n} live before he moved?",
		"Traffic from Portmore bad bad dis morning, one hour fi go nine mile",
		"Light gone inna Portmore again, di whole scheme out pon di road wid candle an' domino").
		asked("Are you still out in that place across the toll road? What's it called again").older(),
	pf("home", "Stony Hill", "Where does {n} live now?",
		"We move!! Up to Stony Hill, cooler air, one big mango tree, an' di view run all di way down to di harbour",
		"First week up a Stony Hill, di nights cool enough fi a sheet, mi nearly cry").newer().
		then("Finally! Send pics of the view", "Mi send dem already, check yuh WhatsApp"),
	pf("wife", "Marcia", "What is the name of {n}'s wife?",
		"Marcia (mi wife) seh if mi buy one more instrument she a go sleep a her mother yard",
		"Marcia an' mi celebrate ten years married, she still laugh at mi jokes, mostly out of pity").
		then("Haha ten years, how did she put up with you", "Patience of a saint, cuz"),
	pf("wife job", "customs officer", "What does {n}'s wife do for work?",
		"Mi wife a customs officer down a di wharf, she see everyting people try bring in, she have stories fi days",
		"Being married to a customs officer mean seh mi cyaan even hide a new shirt, she search di bag").
		asked("What does your wife do again? Something at the port?"),
	pf("daughter", "Ayanna", "What is the name of {n}'s daughter?",
		"Ayanna, mi daughter, pass her piano grade three wid distinction, she act like it nuh matter but she sleep wid di certificate",
		"Ayanna is eight an' she correct mi timing when mi play. Eight!").
		then("Haha she gets it from you", "She get it from her mother, di bossiness"),
	pf("son", "Kemar", "What is the name of {n}'s son?",
		"Mi son Kemar only want play football, him nuh want touch no instrument, mi a fail as a father",
		"Kemar (di likkle one) score two goal inna him under-7 match an' celebrate like Bolt").
		then("Haha let him be", "Mi know, mi know"),
	pf("dog", "Rocksteady", "What is the name of {n}'s dog?",
		"Mi dog Rocksteady dig up all a di callaloo inna di garden an' sit down proud like him plant it",
		"Rocksteady bark at di postman every day fi three years, dem shoulda be friend by now").
		then("What breed is he?", "Pure Jamaican mongrel, di best breed inna di world"),
	pf("instrument", "trombone", "What instrument does {n} play in his band?",
		"Gig wid di ska band last night, mi trombone slide stick halfway through di solo an' mi haffi laugh it off",
		"Mi clean out di trombone an' find a whole cockroach inside, dead. Respect to him").
		then("Ewww", "Him did love di music, cuz"),
	pf("team", "Reggae Boyz", "Which national football team does {n} support?",
		"Reggae Boyz draw wid Mexico!! Di whole staff room jump up",
		"Reggae Boyz lose 2-0, mi cyaan talk bout it").
		then("Is that the national team?", "Yes cuz, di Boyz, dem break mi heart every four years"),
	pf("food", "curry goat", "Which Jamaican dish can't {n} eat?",
		"Mi a Jamaican man an' mi cyaan eat curry goat, it just nuh agree wid mi, people look at mi like mi a traitor",
		"Family function yesterday, curry goat everywhere, mi eat rice an' festival an' smile").
		then("That's like me with the black spread lol", "Two traitors, one family"),
	pf("allergy", "peanuts", "What is {n} allergic to?",
		"Mi allergic to peanuts, so every peanut punch man pon di road a mi enemy").
		then("Oh no, even the punch?", "Especially di punch"),
	pf("health", "blood pressure", "What health problem did {n}'s doctor find?",
		"Doctor check mi blood pressure an' seh it high, so now mi a walk every morning before work like an old man",
		"Walk two mile this morning fi di blood pressure, di dogs inna every yard bark at mi di whole way").
		ans("high blood pressure").
		then("Good on you cuz, look after yourself", "Mi haffi, mi have two pickney fi see grow"),
	pf("car", "Probox", "What car does {n} drive?",
		"Di Probox start first time today, mi give thanks",
		"Mi old Toyota Probox have 400,000 km an' one wiper, still a run"),
	pf("breakfast", "ackee", "What is {n}'s favourite breakfast?",
		"Ackee an' saltfish an' fried dumpling every Sunday morning, dat a di only appointment mi keep on time"),
	pf("grandmother", "Granny Pearl", "What do the cousins call their grandmother?",
		"Went by Granny Pearl after work, ninety-one an' she still tell mi fi fix mi collar"),
	pf("childhood", "Spanish Town", "In which town did {n} grow up?",
		"Remember di summer yuh come stay wid we in Spanish Town an' yuh did fraid a di lizards? Every morning yuh scream",
		"Drive through Spanish Town today an' pass di old house, di lizards dem still deh, dem ask fi yuh").
		then("Those lizards were EVERYWHERE", "Dem still a run tings"),
	pf("book", "Seven Killings", "Which Marlon James novel is {n} reading?",
		"Reading A Brief History of Seven Killings, heavy heavy, but mi cyaan put it down").
		asked("Read anything good lately? I need something for the long flights"),
	pe("Devon House", "When did {n}'s band play at Devon House?",
		"{When} di band play a Devon House, people dance pon di lawn wid ice cream inna dem hand",
		"Play a gig a Devon House {when}, a bredda propose to him girl right in front a di stage, we play a love song quick quick").weekend(),
	pe("JCDC", "When did {n}'s school band win gold?",
		"{When} mi school band get gold inna di JCDC festival, di pickney dem run round di hall screaming",
		"JCDC results come out {when}, GOLD fi di school band, mi did haffi sit down").weekday().
		then("Yesss! Legend", "Di pickney dem do it, mi just wave mi hand"),
	pe("Blue Mountain Peak", "When did {n} hike up for the sunrise?",
		"{When} we hike up Blue Mountain Peak fi sunrise, start 2am, reach di top, pure cloud, couldn't see a ting. Still sweet",
		"Blue Mountain Peak {when}, seven mile uphill inna di dark, mi knees a file complaint").weekend(),
	pe("hurricane warning", "When was there a hurricane warning in Jamaica?",
		"{When} dem put out di hurricane warning, mi buy water, tin mackerel an' batteries, it pass north, thank God",
		"Hurricane warning {when}, we board up di windows, it turn away last minute an' we eat all di emergency crackers anyway").
		then("Scary! Glad you're all okay", "We good, cuz. Jamaica always ready"),
	pe("dengue", "When did {n} come down with dengue?",
		"{When} mi come down wid dengue, fever, bones a hurt, mi never feel so mash up",
		"Dengue ketch mi {when}, three days inna bed, mi wife a feed mi soup like a baby").
		then("Oh no cuz, are you okay now?", "Likkle better. Still weak, but mi a mend"),
	pe("windscreen", "When did a mango crack {n}'s windscreen?",
		"{When} a Julie mango drop off di tree an' crack mi windscreen clean across. Mi eat di mango after, it was sweet",
		"Mango fall pon di car {when} an' bus di windscreen, mi insurance man laugh so hard him drop di phone").
		then("Hahaha only in Jamaica", "Only in Jamaica, cuz"),
	pe("Port Antonio", "When did {n} go to Port Antonio?",
		"{When} we drive to Port Antonio, swim a Frenchman's Cove, eat jerk pork by Boston, best day all year",
		"Port Antonio {when} wid di family, di sea blue like somebody paint it").weekend(),
	pp("ska album", "What does {n}'s band want to record?",
		"Di band want record a ska album, proper studio, horns an' everyting, mi a write two tune fi it",
		"Write a new tune fi di ska album last night, horn line sweet sweet, mi wife seh it keep her up half di night").
		then("I want the first copy!", "Signed an' everyting, cuz"),
	pp("kangaroo", "What does {n} want to see when he visits Australia?",
		"Cuz mi a save up fi come a Australia, mi want see a kangaroo wid mi own two eye an' yuh new yard",
		"Check flights to Australia again, twenty-six hours, mi a go reach an' still want see a kangaroo first ting").
		then("Come!! We'll drive out and find you a whole mob of them", "A mob! Unno name everyting strange"),
	pp("summer music camp", "What does {n} want to start for the kids in his community?",
		"Mi want start a free summer music camp fi di pickney dem inna di community, instruments an' lunch, no child turn back",
		"Talk to di pastor bout di summer music camp, him give we di church hall fi July").
		then("That's beautiful cuz", "Somebody do it fi mi one time, mi just passing it on"),
}, talk: []string{
	"Here's a pic of di sky after di rain, look how it pretty",
	"Di taxi man drive like him have a spare life inna him pocket",
	"Mosquito dem a feast pon mi, mi a donate blood to di whole parish",
	"A man try sell mi a phone charger at di stoplight, then a coconut, then a puppy",
	"Light gone again, JPS a play wid we",
	"Eat two patty fi lunch, one beef one chicken, balance",
	"Rain fall fi ten minutes an' di road turn river",
	"Di goat from next door get inna di yard again an' eat a shirt off di line",
	"Here's a photo a di band room after rehearsal, chair everywhere like a storm pass through",
	"Sleep nine hours straight, mi feel like new money",
	"Di rooster next door start crow at 3am, him nuh know time",
	"A student tell mi seh mi phone older than him. Rude, but true",
	"Mi do a whole lesson an' realise mi fly did open. Nobody tell mi",
	"Di heat today, mi shirt wet before mi reach di car",
	"Go buy one ting at di supermarket, come out wid a whole bag, how",
	"Mi mother call fi ask if mi still have di umbrella she give mi inna 2011",
	"Di bus conductor charge mi double an' tell mi 'a di economy, bredda'",
	"Mi lose mi reading glasses an' dem was pon mi head di whole time",
	"Here's the view from Port Royal, water calm like glass",
}}
