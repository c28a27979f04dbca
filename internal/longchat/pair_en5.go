package longchat

// Two more two-person chats, by a fifth author. As in pair_en.go …
// pair_en4.go, every value is in its own lines only (a person named in one
// fact is "my wife", "the girls" or "your granddaughter" everywhere else),
// the question a line answers (asked) is in the asker's voice, and the
// lines that follow (then) alternate the other and the teller. The chats
// are listed in pairChats.

// Hana is an ICU nurse in Seoul who climbs at weekends: quick, funny, good
// English with "ㅋㅋㅋ", "aigoo" and the odd 😭. She and Obi met stranded
// at an airport six years ago and have kept writing since.
var pairHana = pairProfile{name: "Hana", items: []pairItem{
	pf("job", "cardiac ICU", "Which ICU did {n} work on before she moved units?",
		"Three nights in a row on the cardiac ICU, I've seen more sunrises this month than in my whole twenties 😵",
		"We had three admissions at 4am on the cardiac ICU and the coffee machine broke. Worst combination in history",
		"Still on the cardiac ICU! Seven beds and every single one is beeping at me").
		asked("Nurse Hana! How is the hospital treating you? Which ward did they put you this time, I don't remember again").older().
		then("Omo, that one is serious work o", "Serious, but I love it. Most of the time ㅋㅋ"),
	pf("job", "neuro ICU", "Which unit does {n} work on now?",
		"Big news!! I moved to the neuro ICU as charge nurse 😭 different coloured lanyard, double the headache",
		"First week as charge nurse on the neuro ICU, I made the rota and already three people hate me ㅋㅋㅋ").newer().
		then("Chai! Congratulations my sister, I knew it!", "Thank you Obi 🙏 I still feel like a fake adult", "Fake adult wey dey run the whole ward? Abeg"),
	pf("hospital", "Severance", "Which hospital does {n} work at?",
		"The cafeteria at Severance had tteokbokki today and the whole night shift queued like it was a concert",
		"I've been at Severance since I graduated, I know which lift is the slow one and which one smells of kimchi").
		asked("Which hospital is it you work for again? My cousin's wife is a nurse and she asked me, I just said 'the big one in Seoul'"),
	pf("years", "eighth year", "How long has {n} been a nurse?",
		"Eighth year of nursing and I still cry a little when a patient walks out of the unit on their own legs",
		"Can you believe this is my eighth year in the uniform? My first preceptor still calls me 'baby nurse'").
		ans("eight years (she is in her eighth year)"),
	pf("home", "Mangwon", "Where in Seoul did {n} live before she moved?",
		"My little one-room in Mangwon is so small the drying rack lives on my bed during the day",
		"Mangwon market at 9pm after a day shift, fried chicken and some very bad decisions").older(),
	pf("home", "Ui-dong", "Where in Seoul does {n} live now?",
		"I moved!!! New place in Ui-dong, right under Bukhansan, I can see granite from my window 🧗‍♀️",
		"First week in Ui-dong, the commute is longer but I can walk to the trailhead in my slippers").newer().
		then("Ehen! Closer to your mountains. Is the place bigger?", "Two rooms! There's a door between my bed and my kitchen, so luxury"),
	pf("gym", "Onsight Wall", "Which climbing gym does {n} go to?",
		"Went to Onsight Wall after my shift and couldn't hold anything, my fingers were still asleep",
		"The setters at Onsight Wall are evil this month, everything is tiny crimps and sadness").
		then("So you climb even after twelve hours of work?", "Weekdays indoors, weekends on real rock. It's the only thing that empties my head"),
	pf("partner", "Seojin", "What is the name of {n}'s climbing partner?",
		"Seojin is the only person I trust on belay, she's a dentist so she's very careful with everything",
		"My climbing partner Seojin brought gimbap for the whole crag on Saturday, she's a hero").
		then("She sounds like a good friend", "Best friend. We fight about music in the car every weekend"),
	pf("pet", "Dubu", "What is the name of {n}'s hedgehog?",
		"Dubu bit me again this morning. He's a hedgehog, it's his job, but still",
		"My hedgehog Dubu ran on his wheel all night like he was training for a marathon").
		then("Wait, you keep a hedgehog?? The one with pins?", "Yes! He's very grumpy and very round. Like me after nights"),
	pf("food", "cucumber", "What vegetable can't {n} stand?",
		"I hate cucumber so much, I take it out of everything, even gimbap. My mum thinks I'm five years old",
		"Why does every side dish have cucumber in it, it smells like a swimming pool").
		then("Haha it's just water with skin", "Water with a bad smell! I'm right about this"),
	pf("comfort", "gamjatang", "What does {n} eat with her team after night shifts?",
		"After nights the whole team goes for gamjatang at 8am, pork bones and soju for breakfast, very healthy",
		"Nothing fixes me like a big pot of gamjatang after a bad shift, I'd bathe in it if I could"),
	pf("team", "Doosan Bears", "Which baseball team does {n} support?",
		"The Doosan Bears lost in the ninth again and my dad called me just to complain",
		"Went to Jamsil to see the Doosan Bears, I screamed the cheer songs so much my voice is gone").
		then("Baseball fans there are another level o", "We have a song for every single player, it's a lot"),
	pf("book", "Pachinko", "What is {n}'s favourite book?",
		"Pachinko is my favourite book, I read it on breaks during nights and cried onto a patient chart",
		"Still Pachinko for me, four generations of one family and I felt every single one").
		asked("Hana, quick question. My wife's book club wants everybody's favourite book and I want to sound clever. Which one is your own?"),
	pf("show", "Hospital Playlist", "What TV drama does {n} keep rewatching?",
		"Rewatching Hospital Playlist for the third time. So unrealistic, no doctor has time to be in a band, but I love it",
		"Hospital Playlist makes doctors look so kind, my colleagues laughed at me when they saw it on my phone"),
	pf("camera", "Pentax", "What camera does {n} shoot film with?",
		"Found my dad's old Pentax in a cupboard and now I shoot film at the crag, everything comes out blurry and beautiful",
		"Dropped off three rolls from the Pentax at the lab, I have no idea what's on them").
		then("Film? Like the old days?", "Yes! Thirty-six shots and then you wait a week. Very slow, very good for me"),
	pf("sister", "Yuna", "What is the name of {n}'s sister?",
		"My sister Yuna draws until 5am, so she's awake when I'm on nights. Night shift sisters",
		"Yuna borrowed my climbing shoes without asking and her feet are two sizes bigger. They're ruined 😭"),
	pf("sisterjob", "webtoon", "What does {n}'s sister draw for a living?",
		"My little sister draws a webtoon about a ghost who runs a convenience store, and it's getting popular!",
		"The webtoon my sister draws hit the top ten this week, she called me screaming at 3am").
		then("Wow, send me the link, I'll read it with the girls", "It's a bit scary for kids, but the ghost is cute"),
	pf("brother", "Minjae", "What is the name of {n}'s brother?",
		"Minjae is doing his military service and only calls me when he needs money for snacks",
		"My brother Minjae came home on leave with a shaved head, he looks like a baby potato").
		then("Haha how long is the service?", "Eighteen months. My mum crosses off every day on the calendar"),
	pf("parents", "Gangneung", "Where do {n}'s parents live?",
		"My parents run a tiny coffee roastery in Gangneung by the sea, my dad talks about beans like they're his children",
		"Took the KTX to Gangneung to see my parents, two hours and I slept the whole way").
		then("Coffee by the sea, your parents get sense", "Ha! They work harder than me. But yes, it's a good life"),
	pf("grandmother", "haenyeo", "What did {n}'s grandmother do for a living?",
		"My grandmother was a haenyeo on Jeju, diving for abalone with no oxygen until she was seventy. I can't even hold my breath in the bath",
		"Halmeoni showed me her old haenyeo goggles today, the glass is scratched from fifty years of sea").
		then("Wait, no oxygen tank at all?", "Nothing! A net, a float and her lungs. She's eighty-eight now and still swims"),
	pf("allergy", "penicillin", "What is {n} allergic to?",
		"I'm allergic to penicillin, which is so funny for a nurse, I hang the antibiotics for patients like they're poison",
		"Reminded the new doctor about my penicillin allergy for the fifth time, he wants to write it on my forehead").
		then("Allergic to the medicine you people give? Na wa", "Ironic, right? My skin goes red like a tomato"),
	pf("met", "Doha", "Where did {n} and Obi first meet?",
		"Do you remember it's six years since we got stuck at Doha airport? Nineteen hours, one charger, and you taught me card games",
		"I found the boarding pass from Doha in my old passport! The flight that never left ㅋㅋㅋ").
		then("Omo that airport! I still remember the taste of that cold shawarma", "And you said we'd be friends forever. You were right"),
	pe("Insubong", "When did {n} climb Insubong?",
		"{When} I climbed Insubong, six pitches of granite, and from the top I could see the whole city",
		"Did the long route on Insubong {when}, we started at 5am and finished in the dark with headlamps").weekend().
		then("Hana! You people don't fear anything", "I fear many things. Just not granite 😎"),
	pe("5.11a", "When did {n} send her first 5.11a outside?",
		"{When} I finally sent my first 5.11a outside!! Forty tries, and I screamed so loud a hiker clapped",
		"Sent my first 5.11a on real rock {when}, I sat at the bottom and ate a whole bag of chips in silence").weekend().
		then("I don't understand the number but I'm clapping too 👏", "It means it's hard for me haha, and now it's done"),
	pe("A2 pulley", "When did {n} injure her finger climbing?",
		"{When} I heard a pop in my ring finger on a crimp. The doctor says A2 pulley, no climbing for six weeks 😭",
		"Hurt my A2 pulley {when}, now there's tape on my finger and my whole personality is gone").
		then("Sorry o! Rest that finger well", "Resting. Complaining. Mostly complaining"),
	pe("ECMO", "When did {n}'s long-term ECMO patient go home?",
		"Our patient who was on ECMO for forty days walked out of the hospital {when}. Walked!! All the nurses cried in the corridor",
		"{When} the young man we kept on ECMO for six weeks went home. He brought us a cake and I couldn't talk").
		then("God is good. You people are doing God's work", "Days like that I remember why I do this job"),
	pe("temple stay", "When did {n} do a temple stay?",
		"I did a temple stay at a mountain temple {when}, up at 3:30 for chanting, no phone, only tofu and silence",
		"{When} I did a temple stay with my sister, we had to bow 108 times and my thighs are still crying").weekend().
		then("No phone?? I for don die", "It was so peaceful. For one day. Then I wanted my phone back"),
	pe("hoesik", "When did {n}'s unit have a team dinner where her head nurse sang?",
		"{When} we had hoesik with the whole unit, my head nurse sang an old trot song and everyone filmed it",
		"Unit hoesik {when}, grilled pork and too much soju, I'm never drinking again (I will drink again)").weekday().
		then("Wait, what is that one?", "Company dinner! The boss pays and you must drink. Very Korean"),
	pe("Hallasan", "When did {n} hike Hallasan?",
		"We hiked Hallasan {when}, the highest mountain in Korea, and at the top there was only fog. 1,947 metres of fog",
		"{When} I went up Hallasan with my cousin, seven hours and a cup ramen at the top").
		then("At least you reached the top!", "Yes! I have a certificate to prove it ㅋㅋ"),
	pp("Kalymnos", "Which Greek island does {n} want to go climbing on?",
		"I'm saving for a climbing trip to Kalymnos in Greece, limestone and sea and nobody calling me about potassium",
		"Looked at flights to Kalymnos on my break. Three planes and a boat, worth it").
		then("Greece! Carry me in your bag", "You would hate it, there's no jollof"),
	pp("advanced practice", "What is {n} planning to study?",
		"I'm thinking of doing a master's to become an advanced practice nurse. More school at my age ㅠㅠ",
		"Started the application for the advanced practice programme, the personal statement is killing me").
		ans("a master's to become an advanced practice nurse").
		then("You go do am well, I know", "Thank you Obi, I needed someone to say it"),
	pp("Kia Morning", "What car is {n} thinking of buying?",
		"Okay I need your expert opinion. I want to buy a used Kia Morning so I can drive to the crags. Good or bad?",
		"Looking at a 2016 Kia Morning, 80,000 km, the seller says his mother only drove it to church ㅋㅋ").
		then("Small car but strong. Check the timing belt and the gearbox, and send me pictures before you pay anything", "Yes sir! You're my official car doctor now"),
	pp("route setting", "What course does {n} want to take at her climbing gym?",
		"The gym is running a route setting course and I want to do it, then I can make evil problems for other people",
		"Signed up for the route setting course! Now I get to be the villain").
		then("So you'll be the one making people suffer", "Exactly. Nurse on weekdays, villain on weekends 😈"),
}, talk: []string{
	"Here's a pic of the sunrise from the unit window, the one good thing about nights",
	"Slept fourteen hours after my last night, I don't know what day it is",
	"My hands are so dry from all the washing, they look like an old map",
	"A patient's grandmother gave me a whole bag of tangerines today, I'm rich",
	"So humid today my hair has become a different animal",
	"Someone ate my yogurt from the staff fridge. I have my theories 👀",
	"Here's a photo from the crag today, look at that rock",
	"Fell asleep on the subway and woke up at the end of the line. Again",
	"My forearms are so pumped I can't open a bottle of water",
	"Ordered fried chicken and it arrived in twelve minutes, this city is the future",
	"Here's the view from the top of the ridge, worth every step",
	"Drank four cans of coffee today and my heart is doing a drum solo",
	"A patient's son tried to set me up with his nephew. Twice. In one shift",
	"My mum sent a box of side dishes by courier, enough for a small army",
	"Left my chalk bag on the bus. Someone is going to think it's drugs ㅋㅋㅋ",
	"Forty-five minutes of charting after a twelve-hour shift. Why",
	"Went to the jjimjilbang and slept on the heated floor with a towel on my head like a lamb",
	"Bought a new rope, it's bright orange, I'm very happy",
	"My neighbour plays the piano at 11pm. Only the first half of the same song",
	"Fine dust is so bad today I can taste it, aigoo",
}}

// Obi is a car mechanic in Lagos with twin daughters: warm, loud,
// Nigerian English with pidgin ("omo", "abeg", "o", "wahala", "sha"),
// calls Hana "my sister" or "Nurse Hana".
var pairObi = pairProfile{name: "Obi", items: []pairItem{
	pf("role", "car mechanic", "What does {n} do for work?",
		"Car mechanic life, my sister: I wash my hands five times and there is still engine oil in my fingerprints",
		"Being a car mechanic in this city means everybody is your cousin the day their car breaks down").
		asked("Sorry, remind me what your job is exactly? My colleague saw your photo with all the tools and asked me").
		then("Haha so everybody needs you", "Everybody! Even my pastor"),
	pf("job", "Mushin", "Where was the garage {n} worked at before he opened his own workshop?",
		"Oga has me working till 9pm at the garage in Mushin, the generator noise is still inside my head",
		"Eleven years in that Mushin garage, I know every pothole on the street by name").older(),
	pf("job", "Double Blessing Autos", "What is the name of {n}'s own workshop?",
		"My sister, I have done it!! Double Blessing Autos is open, my own workshop, my name on the signboard 🙌",
		"First week at Double Blessing Autos: seven cars, one keke and a generator that already wants to retire").newer().
		then("OBI!!! I'm so proud of you 😭", "Thank you! I named it after the girls, you know", "I know! It's perfect"),
	pf("years", "seventeen years", "How long has {n} been fixing cars?",
		"Seventeen years under cars and my back is now older than my father",
		"Seventeen years in this work and a customer still asked me today if I'm the apprentice"),
	pf("uncle", "Emeka", "Who taught {n} to fix cars?",
		"My uncle Emeka taught me everything, I was twelve years old holding torchlight for him under a lorry",
		"Uncle Emeka called to ask if I'm still using his old toolbox. I am. It's held together with wire and prayer").
		ans("his uncle Emeka").
		then("Aww, he must be proud of you", "He will never say it. But he tells everybody in the village"),
	pf("mother", "Nnewi", "Where does {n}'s mother live?",
		"My mum is still in Nnewi, she says this city has spoiled my manners",
		"Drove to Nnewi to see my mum, nine hours, four checkpoints and one goat standing in the road").
		then("Does she ever come to visit you?", "Only when the girls beg her. Then she stays one month and rearranges my kitchen"),
	pf("wife", "Adaeze", "What is the name of {n}'s wife?",
		"Adaeze says I should stop smelling of petrol at the dinner table. Ten years she's been saying it",
		"My wife Adaeze is marking exams all night, the whole dining table is red pen").
		then("Greet her for me!", "She greets you back, she says when are you coming to eat"),
	pf("wifejob", "chemistry teacher", "What is {n}'s wife's job?",
		"My wife is a chemistry teacher, so any time I burn the rice she explains the science to me",
		"The chemistry teacher in my house has banned me from mixing cleaning products 😂").
		then("Haha she's right though", "She's always right. It's in the marriage contract"),
	pf("twins", "Kamsi and Kosi", "What are the names of {n}'s twin daughters?",
		"Kamsi and Kosi are seven and they want two different cakes for one birthday. Twins, but not the same person o",
		"Kamsi and Kosi have started swapping school uniforms to confuse their teacher. It's working").
		asked("How are your girls? Remind me of their names, I want to write them on a card from Seoul").
		then("Hahaha they're too clever", "Too clever. I fear for my future"),
	pf("dog", "Spanner", "What is the name of {n}'s dog?",
		"Our dog Spanner sleeps under every car that comes into the workshop, customers think he works here",
		"Spanner chased a chicken into the neighbour's kitchen this morning. I'm hiding from the neighbour").
		then("Haha a proper workshop dog", "He has more experience than some of my boys"),
	pf("goldfish", "Beyoncé", "What is the name of {n}'s daughters' goldfish?",
		"The girls' goldfish is called Beyoncé. She's orange and very dramatic",
		"Beyoncé the goldfish jumped out of her bowl and one of the girls caught her with a cooking spoon").
		then("Hahaha who chose that name?", "Who else? The girls. I wanted Goalkeeper"),
	pf("home", "Ikorodu", "Where in Lagos does {n} live?",
		"From Ikorodu to the workshop is two hours in the morning, I listen to a whole sermon and half an album",
		"NEPA took light for the whole of Ikorodu last night, we slept with the windows open and the mosquitoes had a party").
		asked("Where in Lagos do you live again? I'm looking at a map and it's so big"),
	pf("classic", "Peugeot 504", "What old car is {n} restoring?",
		"I'm restoring a 1982 Peugeot 504, the same as my father's. Every Sunday after church I'm under it",
		"Found an original headlamp for the Peugeot 504 at Ladipo market! I nearly kissed the seller").
		then("Is it going to drive one day?", "It will drive! Maybe not fast, but it will drive"),
	pf("drink", "zobo", "What does {n} drink every afternoon to cool down?",
		"I drink a cold zobo every afternoon, it's the only thing that survives this heat",
		"The woman who sells zobo by the gate gives me extra because I fixed her husband's okada for free"),
	pf("apprentice", "Tunde", "What is the name of {n}'s apprentice?",
		"My apprentice Tunde put diesel in a petrol car today. Ehn. We're still draining it",
		"Tunde, my boy at the workshop, fixed a gearbox alone for the first time. I almost cried like a proud father").
		then("How old is he?", "Nineteen. Sharp boy, just too fast with everything"),
	pf("brother", "Chidi", "What is the name of {n}'s brother?",
		"My brother Chidi is a pharmacist in Houston, he sends dollars and advice, mostly advice",
		"Chidi video-called from America just to show me his new car. An automatic. I'm not impressed").
		then("Do you miss him?", "Every day. But I don't tell him, he'll become proud"),
	pf("team", "Enyimba", "Which Nigerian football club does {n} support?",
		"Enyimba won away! The workshop was shouting so much the customers thought there was a fight",
		"I've supported Enyimba since I was a small boy in the village, it was my father's team").
		then("I didn't know you were a football man", "Every Nigerian man is a football man, my sister, it's in the blood"),
	pf("food", "snail", "What food does {n} refuse to eat?",
		"Everybody in my family loves snail, I can't. It's a slippery thing carrying its house",
		"My mother-in-law served peppered snail and I hid mine in my napkin like a small boy").
		then("Haha what does it taste like?", "I don't know and I will never know"),
	pf("dish", "abacha", "What is {n}'s favourite food?",
		"Mama Nkechi near the workshop makes abacha with fish, I go there every Friday like it's church",
		"If I'm sad, give me abacha and palm wine, I'll be fine in ten minutes").
		then("I have to try it someday", "When you come, the first plate is on me"),
	pf("music", "Osadebe", "Which musician does {n} play in his workshop?",
		"I play Osadebe in the workshop every morning, the young boys complain but by noon they are singing",
		"Osadebe was my father's music, now it's my music, one day the girls' music if I can manage it"),
	pf("instrument", "conga", "What does {n} play in the church band?",
		"I play the conga in the church band on Sundays, my hands are rough enough for it",
		"Practised the conga with the church band till 10pm, the pastor says I'm too loud. There's no such thing").
		then("You're full of surprises!", "Engine by day, drum by Sunday 🥁"),
	pf("show", "Top Gear", "What TV show does {n} watch reruns of?",
		"Watching old Top Gear at night, those British men break cars for fun and I'm shouting at the TV",
		"Top Gear rerun tonight, they drove a Toyota into the sea and it still started. I believe it"),
	pf("book", "Things Fall Apart", "What is {n}'s favourite book?",
		"Things Fall Apart is still my favourite, I read it in secondary school and Okonkwo still vexes me",
		"Reading Things Fall Apart again on my phone between customers, it hits different as a father").
		asked("Okay what's your favourite book? I need something for my breaks on nights"),
	pf("channel", "Spark Plug Naija", "What is the name of {n}'s YouTube channel?",
		"I started a YouTube channel! Spark Plug Naija, I explain car problems in pidgin. Forty subscribers, thirty are family",
		"One video on Spark Plug Naija got ten thousand views! A man in Ghana used it to fix his alternator").
		then("Send me the link! I'll subscribe", "Thank you my sister, you'll be my favourite subscriber"),
	pf("auction", "Incheon", "Where was {n} travelling to for a car auction when he met Hana?",
		"The first time I ever travelled out of Nigeria was to the used-car auction in Incheon, the trip where we got stuck at that airport",
		"A customer asked where I learned Korean cars so well. I said Incheon, the auction, and a nurse who translated everything for me").
		then("Haha I still can't believe you bought three cars in one day", "Three cars and one bus! Best trip of my life"),
	pf("health", "cholesterol", "What health problem has {n}'s doctor told him to watch?",
		"Doctor says my cholesterol is high and I must reduce palm oil. In Nigeria! Impossible",
		"Got my cholesterol result from the lab, the nurse looked at the number and looked at me with pity").
		then("Obi! Listen to him. Less fried things, more walking", "Yes ma 🫡"),
	pe("Third Mainland", "When did {n} rescue a customer's car on the Third Mainland Bridge?",
		"{When} I was on Third Mainland Bridge at 1am fixing a customer's fuel pump with my phone torch in my mouth",
		"A client broke down on Third Mainland {when}, I towed him with my own car and the traffic was abusing us the whole way").
		then("In the middle of the bridge?! Please be careful", "Don't worry, this city is my house"),
	pe("Tarkwa Bay", "When did {n} take his family to Tarkwa Bay?",
		"Took the family by boat to Tarkwa Bay {when}, the girls built a sandcastle bigger than them",
		"{When} we went to Tarkwa Bay, the boat ride was rough and my wife held my arm like I could stop the sea").weekend().
		then("Aww beach day! How were the girls?", "Sunburnt and happy. They slept like logs"),
	pe("sack race", "When did {n}'s daughter win the sack race at school?",
		"One of my girls won the sack race at inter-house sports {when}, her sister is in the other house so now there's war at home",
		"{When} it was inter-house sports, my daughter won the sack race and I shouted so much the headmistress looked at me").weekday().
		then("Haha champion! Congratulations to her", "I've told everybody in the workshop. Twice"),
	pe("Nollywood", "When did {n} fix a Nollywood actress's car?",
		"{When} a Nollywood actress brought her Range Rover to my workshop! The boys didn't work for one hour, they were taking selfies",
		"Fixed a Nollywood actress's car {when}, she paid in full and gave me a hug. My wife has questions").
		then("Which actress?? Tell me!", "I promised not to say. But you have seen her films 😎"),
	pe("Yellow Chilli", "When did {n} take his wife out for their anniversary dinner?",
		"{When} I took my wife to Yellow Chilli for our anniversary, ten years! She wore the gele from our wedding",
		"Anniversary dinner at Yellow Chilli {when}, I ate so much pepper soup I'm still sweating").
		then("Aww happy anniversary to you both!", "Thank you! She says she'll keep me another ten years, on probation"),
	pe("radiator cap", "When did {n} burn his hand on a radiator?",
		"{When} I opened a hot radiator cap like a JJC and the steam burnt my hand. All these years and I still do rookie mistakes",
		"Burnt my hand on a radiator cap {when}, now it's wrapped like a mummy and my wife is laughing").
		then("Obi!! Cool water, not ice, and no toothpaste!", "Yes Nurse. Too late for the toothpaste"),
	pp("Ulsan", "Which Korean city does {n} dream of visiting?",
		"One day I will go to Ulsan and see the Hyundai factory, and you will come with me to translate",
		"Saving small small for Ulsan, I want to see the factory where the ships load all the cars").
		then("Deal! I'll be your tour guide", "And I'll be your mechanic for life"),
	pp("solar inverter", "What is {n} saving up to install at home?",
		"I'm saving for a solar inverter for the house, I'm tired of buying fuel for the generator every day",
		"Got a quote for the solar inverter, 1.8 million naira. I need to fix many cars"),
	pp("taekwondo", "What class does {n} want his daughters to start?",
		"The girls want to start taekwondo after watching a Korean cartoon. I said I'll think about it. I've already paid",
		"Found a taekwondo class near the house for the girls, the master is a retired soldier").
		then("Yes!! Korean culture wins again 😂", "They're already kicking each other at home"),
	pp("Launch X431", "What diagnostic scanner is {n} planning to buy?",
		"I want to buy a Launch X431 scanner for the workshop, it reads every car, even the new Chinese ones",
		"Saving for the Launch X431, with that machine no car can lie to me again").
		then("I have no idea what that is but it sounds important", "It's like your heart monitor, but for cars"),
	pp("Winnipeg", "Which Canadian city is {n}'s family thinking of moving to?",
		"My wife wants us to japa to Winnipeg, she's even watching videos about snow shovels",
		"We went for a seminar about moving to Winnipeg. They showed a photo of minus forty. I laughed, then I stopped laughing").
		then("It's so cold there!! Are you ready?", "I've never worn a jacket in my life, my sister"),
}, talk: []string{
	"NEPA took light again, I'm typing with 3% battery",
	"Here's a pic of the engine I finished today, clean like a new plate",
	"A customer wants to pay me with three tubers of yam. I'm considering it",
	"Rain fell for one hour and the whole street became a river, the okada men were swimming",
	"The girls painted my nails while I was sleeping. I went to work like that",
	"Somebody parked in front of my gate and disappeared, I waited two hours",
	"Fuel price went up again, this country is testing my faith",
	"Here's a photo of the sunset from the workshop roof, Lagos can be sweet sometimes",
	"A danfo driver asked me to fix his brakes 'small small'. Brakes are not small o",
	"Heat today ehn, I sweated like a goat in a sauna",
	"Pastor preached for three hours, my leg went to sleep",
	"Ate suya at 11pm, my stomach and I are not friends today",
	"Lost my phone in my own workshop for forty minutes, it was inside a tyre",
	"Mosquitoes held a meeting in my room last night and I was the agenda",
	"A customer's car had a chicken feather inside the engine. I don't want to know",
	"Here's the view from the bridge tonight, all the lights on the lagoon",
	"My neighbour's generator is louder than a jet, I hear it in my dreams",
	"Wore my good shoes to the workshop by mistake, they're workshop shoes now",
	"A man tried to sell me my own stolen side mirror at the market. I bought it back. Lagos",
	"The girls asked me why the sea is salty and I said ask your mother, she's the scientist",
}}

// Gus is a retired lobster fisherman on the south shore of Nova Scotia:
// short, dry, full stops, "dear", "the wife", "some good"; he learned to
// text from his granddaughter. Mae is that granddaughter's best friend
// from university, and the two have written every week or so since she
// spent a summer in his spare room.
var pairGus = pairProfile{name: "Gus", items: []pairItem{
	pf("job", "bait shed", "Where did {n} work mornings before his current part-time job?",
		"Up at four again for the bait shed. Retired, they tell me. The herring never got the memo.",
		"The young fellas at the bait shed can't tie a knot to save their lives. Showed them the bowline twice.").older(),
	pf("job", "crossing guard", "What part-time job does {n} have now?",
		"Well Mae, I've quit the wharf. I'm the crossing guard at the elementary school now. Orange vest, stop sign, the whole rig.",
		"Second week as crossing guard. A little girl gave me a drawing of me as a pirate. Best pay I ever got.").newer().
		then("GUS 😭😭 i need a picture of you on duty immediately", "The wife took one. I look like a traffic cone with a moustache."),
	pf("seasons", "forty-four seasons", "How many seasons did {n} fish lobster?",
		"Forty-four seasons on the water and the only thing I ever lost overboard was my teeth. The top set. 1991.",
		"They gave me a plaque at the co-op for forty-four seasons. Wood and brass. The wife says it's going in the porch.").
		then("that's so many. do you miss it?", "Every morning at four. Then I remember the cold and roll over."),
	pf("home", "Cape Sable Island", "Where does {n} live?",
		"Fog's in thick on Cape Sable Island today, can't see the end of the causeway.",
		"Everybody on Cape Sable Island knows your business before you do. The woman at the post office knew about my knee before my doctor did.").
		asked("ok this is embarrassing but my advisor asked where my 'nova scotia grandpa' lives and i only ever say 'the island'. what's it actually called"),
	pf("boat", "Miss Evangeline", "What is the name of {n}'s old boat?",
		"The Miss Evangeline is up on the cradle for bottom paint. Forty-foot Cape Islander, built 1988, still the prettiest boat in the harbour.",
		"Took the Miss Evangeline out with my son today, first time at the wheel since I handed her over. Like shaking hands with an old friend.").
		asked("what was your boat called again?? i'm telling my lab about you and i need the name for dramatic effect").
		then("wait is she named after someone??", "My mother. Best woman and worst cook on the whole Eastern Shore."),
	pf("son", "Wayne", "What is the name of {n}'s son who fishes his old boat?",
		"Wayne hauled three hundred traps today and phoned to brag. I did four hundred in '97. I didn't say so. Much.",
		"My son Wayne runs the boat now. He does it different from me and I keep my mouth shut. Mostly.").
		then("lol are you a backseat captain", "Wouldn't you be? Forty years I ran that boat."),
	pf("wife", "Marlene", "What is the name of {n}'s wife?",
		"Marlene says hello and asks are you eating. She asks that about everybody under sixty.",
		"Marlene won forty dollars at bingo and bought me a new toque with it. That's love.").
		then("tell her hi!! and yes i'm eating (tortilla chips count)", "I won't tell her about the chips."),
	pf("daughter", "Tammy", "What is the name of {n}'s daughter?",
		"Tammy drove down from Halifax with a trunk full of groceries like we're starving. We're not starving.",
		"My daughter Tammy thinks I should get one of them smart watches. I've got a watch. It tells the time.").
		then("haha she worries bc she loves you", "She worries because she's her mother's daughter."),
	pf("dog", "Skipper", "What was the name of {n}'s old dog?",
		"Skipper's fourteen now. Sleeps by the woodstove all day and still gets up to bark at the mailman. Priorities.",
		"Took Skipper down the wharf. He can't jump in the truck anymore so I lift him. We're both getting old.").older(),
	pf("dog", "Dulse", "What is the name of {n}'s new puppy?",
		"Well. We got a pup. The wife named her Dulse, after the seaweed, and I wasn't consulted.",
		"Dulse ate one of my rubber boots. Not the pair. One.").newer().
		then("a PUPPY 😭😭 send pics immediately", "I'll get the wife to do it. I can't work the camera when she's moving."),
	pf("carving", "decoys", "What does {n} carve in his shed?",
		"Carving decoys in the shed all afternoon. Black duck this time. Looks more like a loaf of bread with a beak.",
		"Sold two decoys at the craft table at the fire hall. Twenty-five dollars each. I'm a businessman now.").
		then("omg i want one for my desk", "I'll send you the next one. It'll be ugly but it'll be yours."),
	pf("cards", "cribbage", "What card game does {n} play at the Legion?",
		"Tuesday night cribbage at the Legion. Skunked old Harold twice. He's not speaking to me.",
		"Played cribbage till eleven last night. The wife thought I'd fallen in the harbour.").
		then("i still don't understand that game lol", "Fifteen two, fifteen four. I'll teach you when you come."),
	pf("instrument", "mouth organ", "What instrument does {n} play?",
		"Got the old mouth organ out for a kitchen party at my sister's. Played till my lips went numb.",
		"My mouth organ's older than your mother. Bought it off a fella in Pubnico for a case of beer in 1971.").
		then("wait you PLAY?? why is this the first i'm hearing of it", "You never asked. I'm a man of mystery."),
	pf("food", "turnip", "What vegetable won't {n} eat?",
		"The wife put turnip in the stew again. Fifty years married and she still tries to sneak it past me.",
		"I won't eat turnip. Ate nothing else the winter Dad was laid up in '62. Never again."),
	pf("dish", "hodge podge", "What is {n}'s favourite meal?",
		"Hodge podge for supper. Little potatoes, beans, carrots, cream and too much butter. You'd cry.",
		"Best meal on earth is the wife's hodge podge and anybody who says different can come see me about it.").
		then("that sounds like a hug in a bowl", "That's about right."),
	pf("team", "Bruins", "Which hockey team does {n} follow?",
		"Bruins lost in overtime. Turned the TV off and went to bed angry like a teenager.",
		"Followed the Bruins since Bobby Orr. Sixty years of heartbreak and I'd do it all again."),
	pf("show", "Land and Sea", "What TV show does {n} never miss?",
		"They did a fisherman's widow on Land and Sea tonight. Had to go out to the shed for a minute.",
		"Land and Sea on Sunday, supper on a tray, don't call unless somebody's dead."),
	pf("book", "Louis L'Amour", "Whose westerns does {n} read?",
		"Reading Louis L'Amour again. I've read every one. Cowboys and fishermen are the same. Weather, debt and bad knees.",
		"Found a box of Louis L'Amour paperbacks at the dump. The dump! Some people have no sense."),
	pf("radio", "marine forecast", "What does {n} still listen to every morning?",
		"Still listen to the marine forecast every morning at five. Gale warning for Browns Bank and I'm sat in my slippers.",
		"The wife asks why I still put the marine forecast on when I've no boat. A man likes to know."),
	pf("truck", "F-150", "What truck does {n} drive?",
		"My '98 F-150 has more rust than truck. Still starts first time. Better than me.",
		"Drove the old F-150 to Barrington for parts. Heater only works on the passenger side so the dog gets it.").
		then("lmao the dog gets the heat", "The dog's earned it."),
	pf("heart", "pacemaker", "What does {n} have fitted for his heart?",
		"Two years with the pacemaker now. Ticks along better than my wristwatch.",
		"Set off the alarm at the airport once with the pacemaker. Fella patted me down like I was smuggling lobsters.").
		then("so you're basically a cyborg", "A cyborg with bad knees."),
	pf("tattoo", "anchor tattoo", "What tattoo does {n} have?",
		"Got my anchor tattoo in Halifax in 1967. It's a blue blob now but I know what it is.",
		"The young ones at the school asked about my anchor tattoo. Told them I got it fighting a shark. Half of them believed me.").
		then("gus i'm literally obsessed with you", "Most people are."),
	pf("coffee", "double-double", "How does {n} take his coffee?",
		"Double-double at Tim's with the boys every morning at six. We solve the world's problems and forget them by seven.",
		"Girl at Tim's starts my double-double when she sees the truck pull in. That's status.").
		asked("how do you take your coffee? i'm mailing you a bag of the good stuff from the roaster by campus"),
	pe("cardiologist", "When did {n} see the cardiologist in Halifax?",
		"Drove to Halifax {when} to see the cardiologist. Three hours each way for fifteen minutes of a young fella saying 'hm'.",
		"{When} I saw the cardiologist in Halifax. He says the ticker's good for a man my age. I said what age. He didn't answer.").weekday().
		then("ok but you're fine right?? 🥺", "Fine as frog's hair. Promised the wife to eat less butter. Crossed my fingers."),
	pe("darts tournament", "When did {n} win the darts tournament at the Legion?",
		"Won the darts tournament at the Legion {when}. Seventy-four and still got the eye. Trophy's the size of a coffee cup.",
		"{When} we had the darts tournament at the Legion. Beat a fella from Clark's Harbour in the final. He's thirty.").weekend().
		then("GUS!! champion behavior", "Don't tell Harold. He'll want a rematch."),
	pe("career day", "When did {n} talk about fishing at the school's career day?",
		"Went to the elementary school for career day {when}. Brought a lobster in a bucket. Nobody listened to a word I said after that.",
		"{When} was career day at the school. A boy asked had I ever been eaten by a shark. I said not yet.").weekday().
		then("that's adorable i'm crying", "Kids are alright. Better than most adults I know."),
	pe("kayaker", "When did {n} tow in a drifting kayaker?",
		"Towed a kayaker in {when}. Tourist from Ontario, lost his paddle, wind taking him out. Told him the ocean's not a lake.",
		"{When} I was out in the skiff and found a kayaker drifting, no paddle, going out with the tide. Brought him in on a rope.").
		then("GUS you're literally a hero???", "Nothing heroic. You see somebody out there, you go get them. That's the rule."),
	pe("bean supper", "When did {n} help at the bean supper at the fire hall?",
		"Bean supper at the fire hall {when}. I was on brown bread. Two hundred people and I burnt my thumb on the oven.",
		"{When} I helped out at the bean supper, baked beans for two hundred. I'll smell of molasses for a week.").weekend().
		then("this is the most small town thing i've ever heard and i love it", "Small town, big appetite."),
	pe("fell off the wharf", "When did {n} fall off the wharf?",
		"Don't tell the wife but I fell off the wharf {when}. Stepped back to look at a boat. Tide was in, thank God.",
		"{When} I fell off the wharf in front of half the harbour. Got out by myself. My pride's still down there.").
		then("GUS 😭 are you okay??", "Cold and embarrassed. The young fellas have put a sign up at the spot."),
	pp("knee replacement", "What surgery is {n} waiting for?",
		"Got the date for my knee replacement. Yarmouth. The wife's already bought a raised toilet seat. Romance.",
		"Waiting list for the knee replacement's eight months. By then I'll need two.").
		then("you HAVE to do the physio after tho, promise me", "I'll promise if you promise to wear a helmet on them skates."),
	pp("Congress Avenue", "What does {n} want to see when he visits Mae?",
		"If I get down to see you, I want to watch them bats come out from under the Congress Avenue bridge. A million bats. Saw it on the TV.",
		"Been reading about the Congress Avenue bats. Mexican free-tailed. Out every night at dusk. I'd like to see that.").
		ans("the bats under the Congress Avenue bridge").
		then("GUS you have to come!! i'll take you and we'll get tacos after", "The wife says I'd melt. I say I've been cold seventy years, let me melt."),
	pp("Cabot Trail", "What drive is {n} planning with his wife?",
		"For our fiftieth the wife and I are going to drive the Cabot Trail. Never been. Lived here my whole life.",
		"Booked a little motel in Ingonish for the Cabot Trail trip. Fifty years married and we're going to go look at some hills.").
		then("fifty years 😭 that's so romantic", "Don't tell her you said so. She'll get ideas."),
	pp("scale model", "What is {n} planning to build in his shed?",
		"I'm going to build a scale model of the old boat. Every plank. Take me a year. I've got the year.",
		"Bought the wood for the scale model. Cedar, like the real one. The pup's already chewed a piece.").
		then("this is the most wholesome thing i've ever heard", "Nothing wholesome about it. I'll be swearing at the thing daily."),
}, talk: []string{
	"Fog so thick this morning I couldn't see the truck from the porch.",
	"Here's a picture of the harbour this morning. The wife took it, I pointed.",
	"Gulls got into the garbage again. Chicken bones from here to the church.",
	"Power went out for six hours. Played cards by lamplight like it was 1955.",
	"Dropped my reading glasses in the chowder. Ate around them.",
	"Wind's blowing a gale, the shed door's banging like a drum.",
	"Went to Yarmouth for groceries and came back with a chainsaw. Don't ask.",
	"The mailman's new. Young fella. Drives like he's robbing a bank.",
	"Here's the sunset off the breakwater tonight. Not bad for free.",
	"My knee's telling me there's weather coming. Knee's never wrong.",
	"Fixed the screen door. Took three hours and a lot of language.",
	"Seal was sitting on the slipway this morning like he owned it. Maybe he does.",
	"Tried the voice message thing. Recorded four minutes of my pocket.",
	"Somebody at church asked was I still fishing. Told them only for compliments.",
	"Slept till seven. First time in fifty years. Felt like a crime.",
	"The wife's got me on decaf. I don't know who I am anymore.",
	"Kids drag racing down the causeway last night. I did the same at their age. Don't tell them.",
	"Rained sideways all day. The dog wouldn't go out and I don't blame her.",
	"Found one of my old buoys on the shore from twenty years back. Still had my colours on it.",
	"Here's a photo of the breakwater at low tide. Smells worse than it looks.",
}}

// Mae is a PhD student in Austin who skates roller derby: lowercase,
// fast, "lmao", "ngl", "y'all", 😭 and 💀; calls Gus "gus" or "captain".
var pairMae = pairProfile{name: "Mae", items: []pairItem{
	pf("study", "blind salamander", "What animal does {n} study for her PhD?",
		"my whole phd is basically the texas blind salamander. no eyes, no pigment, lives in an aquifer, i would die for it",
		"spent all day staring at blind salamander larvae under the microscope, they look like tiny ghosts with legs").
		asked("Mae dear, the wife asked me what it is you study down there and I said lizards. I don't think that's right.").
		then("No eyes at all? Poor thing.", "they don't need them!! they live in total darkness underground, they're perfect"),
	pf("advisor", "Dr. Villarreal", "Who is {n}'s PhD advisor?",
		"dr. villarreal said my draft was 'a promising start' which in advisor language means set it on fire",
		"my advisor dr. villarreal brought her baby to lab meeting and honestly it was the best lab meeting we've ever had"),
	pf("funding", "teaching assistant", "What was {n}'s job before she won her fellowship?",
		"teaching assistant life: graded 90 lab reports and one of them was just a poem about frogs. honestly he got a B",
		"being a teaching assistant for intro bio means i explain mitosis four times a day and dream about it at night").older(),
	pf("funding", "NSF fellowship", "What fellowship did {n} win?",
		"GUS. I GOT THE NSF FELLOWSHIP. three years of funding. no more grading. i'm crying in a parking lot",
		"first month on the nsf fellowship and i don't know what to do with all this time?? i reorganized my freezer samples by color").newer().
		then("Well done, dear. I don't know what it is but I'm proud as punch.", "it means someone is paying me to study salamanders full time 😭", "Now that's a racket. Good for you."),
	pf("home", "Hyde Park", "Which Austin neighbourhood did {n} live in before she moved?",
		"our house in hyde park has four roommates and one bathroom. it's a hunger games situation every morning",
		"there's a guy in hyde park who walks his cat on a leash every evening and he waves at me like we're coworkers").older(),
	pf("home", "Cherrywood", "Where in Austin does {n} live now?",
		"moved!!! i'm renting a tiny garage apartment in cherrywood with my own bathroom. my OWN bathroom gus",
		"cherrywood is so quiet at night i can hear the neighbor's chickens having opinions").newer().
		then("Your own bathroom. You've made it, dear.", "peak adulthood honestly"),
	pf("derbyteam", "Bat City Bruisers", "Which roller derby team does {n} skate for?",
		"bat city bruisers practice tonight, we did endurance laps until someone's kneepad flew off",
		"the bat city bruisers got new jerseys, purple and black, and i feel like a superhero").
		asked("Which team is it you're on, with the roller skates? I want to look you up on the computer.").
		then("Found you. You all look like you'd fight a bear.", "we would. and we'd win"),
	pf("derbyname", "Sally Mander", "What is {n}'s roller derby name?",
		"my derby name is sally mander. yes because of the salamanders. yes i'm a nerd on wheels",
		"the announcer yelled 'SALLY MANDER WITH THE LEAD' and i almost fell over from joy").
		asked("What's the name they call you on the skates? The young fella at the school says you all have fighting names.").
		then("That's some clever.", "thank you, i've been waiting for someone over seventy to appreciate it"),
	pf("position", "jammer", "What position does {n} play in roller derby?",
		"i'm a jammer, which means i'm the one who has to squeeze through a wall of people trying to murder me",
		"played jammer the whole second half and now i have a bruise shaped like the state of ohio").
		then("Sounds like the wharf on opening day.", "lmao honestly probably similar vibes"),
	pf("cat", "Queso", "What is the name of {n}'s cat?",
		"queso knocked my coffee onto my field notebook. three weeks of data, now with extra caffeine",
		"my cat queso has decided she lives on my laptop keyboard now, i've sent two emails that just said 'jjjjjjjjj'").
		asked("What's the cat's name again? I keep calling it Cheese and the wife says that's wrong.").
		then("The pup would chase that cat up a tree.", "she would win. she fears nothing"),
	pf("girlfriend", "Renata", "What is the name of {n}'s girlfriend?",
		"renata made a whole pot of pozole after practice and i think i'm going to marry her",
		"my girlfriend renata is a tattoo artist so every time i complain about my bruises she goes 'amateur'").
		then("She sounds like a keeper. Bring her up sometime.", "she's already planning what to wear on a fishing boat lol"),
	pf("bestfriend", "Kaylee", "What is the name of {n}'s best friend, Gus's granddaughter?",
		"kaylee called me at 2am from halifax to ask if a raccoon can open a door. best friend duties",
		"kaylee says you text me more than her now. i said that's because i reply 💅").
		then("Tell her her grandfather says smarten up and phone him.", "passing it on word for word"),
	pf("undergrad", "Dalhousie", "Where did {n} do her undergraduate degree?",
		"found my old dalhousie hoodie, it still smells faintly of the library and despair",
		"miss dalhousie sometimes, four years of freezing and eating fries at 2am with your granddaughter").
		then("Best years of your life, they say.", "the best years had a LOT of snow tbh"),
	pf("mother", "Lubbock", "Where does {n}'s mom live?",
		"my mom called from lubbock to tell me about a dust storm like it was a celebrity sighting",
		"drove up to lubbock to see my mom, six hours of cotton fields and one gas station that sold jerky and bibles").
		then("Flat country, is it?", "so flat you can watch your dog run away for three days"),
	pf("brother", "Wyatt", "What is the name of {n}'s brother?",
		"my brother wyatt just joined the coast guard, you two would have SO much to talk about",
		"wyatt sent a selfie from his ship and he looks like a golden retriever in a uniform").
		then("Good for him. Tell him to keep his boots dry.", "he's gonna frame that advice"),
	pf("diet", "vegan", "What diet does {n} follow?",
		"i've been vegan for six years and the derby team still tries to feed me brisket like it's an intervention",
		"being vegan in texas is an extreme sport, every menu is 90% smoked meat").
		then("So no lobster at all? Dear oh dear.", "i'm sorry gus 😭 i'll eat double potatoes to make up for it"),
	pf("allergy", "cedar fever", "What allergy does {n} suffer from?",
		"i get cedar fever so bad, the mountain cedar pollen turns me into a swamp creature for two months a year",
		"nobody warned me about cedar fever when i moved here, it's like a cold that lasts all of january").
		then("Poor girl. Hot rum and honey, that's the cure.", "i'm writing that down as medical advice"),
	pf("dish", "breakfast tacos", "What is {n}'s favourite food?",
		"breakfast tacos are the only reason i'm a functioning adult. potato, black beans, salsa verde, done",
		"there's a trailer by campus that does breakfast tacos with smoked mushrooms and i go every single day").
		then("I'll have to try one of those.", "when you come down i'm buying you six"),
	pf("team", "Austin FC", "Which soccer team does {n} cheer for?",
		"went to an austin fc game with the derby girls, we screamed so much i lost my voice before halftime",
		"austin fc won and the whole bar sang the same chant for ten minutes straight"),
	pf("book", "Braiding Sweetgrass", "What is {n}'s favourite book?",
		"braiding sweetgrass is my favorite book ever, i reread it every time i forget why i do science",
		"lent my copy of braiding sweetgrass to someone in my cohort and i'm already anxious about getting it back").
		asked("What's the best book you ever read? The library lady asked me to try something new and I've read every cowboy book in the building."),
	pf("show", "Deep Space Nine", "What TV show is {n} rewatching?",
		"rewatching deep space nine for the third time, it's a comfort show about a space station full of disasters",
		"deep space nine at 1am with a bowl of cereal is my entire self care routine"),
	pf("instrument", "banjo", "What instrument is {n} learning?",
		"learning clawhammer banjo off youtube, my neighbors are being very patient",
		"banjo update: i can play one song. it's cripple creek. slowly.").
		then("Now we could play together.", "a fisherman and a nerd, the band nobody asked for"),
	pf("car", "Subaru", "What car does {n} drive?",
		"my subaru has 240k miles and a check engine light that's been on since 2019. we have an understanding",
		"the subaru's AC died. in texas. i'm basically driving a sauna").
		then("Check the compressor clutch before you let them sell you a new one.", "you sound exactly like my dad and i love it"),
	pe("qualifying exam", "When did {n} pass her qualifying exam?",
		"{When} i passed my qualifying exam!!! three hours of professors asking me questions and i only blacked out once",
		"passed the qualifying exam {when} and celebrated by sleeping fourteen hours").weekday().
		then("I knew you would. Smart as a whip.", "i'm officially a phd candidate gus!! not a student, a CANDIDATE"),
	pe("San Marcos", "When did {n} go sampling at a spring in San Marcos?",
		"{When} we went sampling at a spring in san marcos, i was waist deep for six hours and found exactly four salamanders",
		"field day in san marcos {when}, got a sunburn on only the left side of my face").
		then("Out in the sun all day, I hope you wore a hat.", "i wore a hat. i just wore it wrong"),
	pe("MVP", "When was {n} named MVP of a roller derby bout?",
		"{When} i got MVP at our bout!! they gave me a tiny trophy shaped like a skate",
		"we won the bout {when} and they named me MVP and i cried on the track in full pads").weekend().
		then("That's my girl.", "you're gonna make me cry again"),
	pe("Broken Spoke", "When did {n} go two-stepping at the Broken Spoke?",
		"went two-stepping at the broken spoke {when}, a cowboy who was maybe 80 spun me around like a rag doll",
		"{When} we went dancing at the broken spoke and i stepped on four different people's boots").
		then("You'd do fine at a kitchen party then.", "teach me the east coast version when i visit"),
	pe("first poster", "When did {n} present her first poster at a conference?",
		"presented my first poster at the conference {when}, three people came and one of them was lost",
		"{When} i presented my first poster in baltimore and a famous salamander guy asked me a question and i forgot english").
		then("Look at you. A scientist at a conference.", "a very sweaty scientist but yes"),
	pe("fire ants", "When did {n} get bitten by fire ants?",
		"{When} i knelt right on a nest of fire ants doing fieldwork, my knees look like a connect the dots",
		"got absolutely destroyed by fire ants {when}, i sat on the grass to eat lunch like a fool").
		then("Good Lord. Baking soda and water on them.", "you and my mom would get along terrifyingly well"),
	pe("Zilker", "When did {n} spend a day at Zilker Park with Gus's granddaughter?",
		"your granddaughter flew down and we had a picnic at zilker {when}, she got sunburnt in nineteen minutes, true nova scotian",
		"{When} we spent the whole day at zilker with your granddaughter, she tried to feed a grackle and it stole her sandwich").
		then("She phoned me after. Said you two laughed the whole day.", "we did!! i miss her already"),
	pp("lobster tattoo", "What tattoo is {n} planning to get?",
		"okay don't laugh but i'm getting a lobster tattoo on my calf in your honor. it's decided",
		"my girlfriend drew the design for my lobster tattoo and it has a tiny fisherman's hat").
		then("Lord. The wife will want a photo.", "she'll get one!! from every angle"),
	pp("Peggy's Cove", "Where does {n} want to go on her next trip to Nova Scotia?",
		"when i come up next i want to see peggy's cove, i've seen a million pictures and never been",
		"looked at flights to halifax all night, peggy's cove is first on my list").
		then("Wear good boots. Them rocks are slippery and the sea don't care.", "yes captain 🫡"),
	pp("Three Minute Thesis", "What competition is {n} entering?",
		"i signed up for the three minute thesis competition. five years of salamanders in three minutes with one slide",
		"practicing my three minute thesis talk in the shower, i'm at 3:40, need to cut the part where i cry about aquifers").
		then("You'll do fine. Talk to them like you talk to me.", "so... mostly in caps lock"),
	pp("Enchanted Rock", "Where is {n} planning to go camping?",
		"planning a camping trip to enchanted rock with the derby girls, it's a giant pink granite dome and apparently it groans at night",
		"reserved a campsite at enchanted rock!! stargazing and no wifi").
		then("A rock that groans. I've got knees like that.", "lmaooo gus"),
}, talk: []string{
	"it's so hot my phone just gave me a temperature warning. my PHONE",
	"here's a pic of the sunset from the parking garage, texas skies go crazy",
	"a grackle stole a french fry out of my hand. out of my actual hand",
	"fell asleep in the lab on a pile of coats, woke up with a zipper print on my face",
	"my knees are one big bruise at this point, i'm a watercolor painting",
	"someone in the department microwaved fish again, it's a war crime",
	"got lost on campus. it's my fifth year.",
	"here's a photo of my skates after practice, they've seen things",
	"ate cereal for dinner standing over the sink like a raccoon",
	"my code ran for nine hours and crashed at 98%",
	"a guy on a scooter almost took me out on guadalupe street, traffic here is just vibes",
	"cried at a dog food commercial. normal day",
	"my neighbor's rooster crows at 3pm. every day. he has no idea what time it is",
	"spent four hours making one figure and it's still ugly",
	"here's the view from mount bonnell, 102 stairs and i'm dead",
	"drank a coffee the size of my head and now i can hear colors",
	"took a corner too fast at practice and slid into the snack table. the snacks did not survive",
	"bought a $4 plant at the grocery store and i'm already emotionally attached",
	"my committee meeting got moved three times, i'm going feral",
	"stuck in the elevator at the bio building for twenty minutes with a guy eating a whole onion like an apple",
}}
