package longchat

// One more two-person chat, by an eighth author, for the train split. As
// in pair_en.go to pair_en7.go, every value is in its own lines only (a
// person named in one fact is "my gentleman friend", "your young man" or
// "the cat" everywhere else), the question a line answers (asked) is in
// the asker's voice, and the lines that follow (then) alternate the other
// and the teller. The chat is registered by the init function at the
// bottom.

// Marjorie is sixty-seven, a retired school librarian in Leeds, widowed,
// a grandmother: she texts in whole sentences with capitals, commas,
// semicolons and full stops, never slang, often signs "Love, M x", and
// still tells her former pupil off. Dev was in Year Seven when she first
// caught him eating crisps behind the non-fiction.
var pairMarjorie = pairProfile{name: "Marjorie", items: []pairItem{
	pf("job", "school librarian", "What did {n} do before she retired?",
		"A woman at the U3A asked me what I used to do, and when I said school librarian she said, 'Oh, how restful.' Thirty-one years of Year Nines. Restful! Love, M x",
		"Thirty-one years a school librarian, and I still cannot watch a grown man fold down the corner of a page on the train without saying something. I said something.").
		then("lmaooo 💀 she never met 9R did she", "She did not. I have never forgotten 9R, and I never shall.", "we were angels tbf", "You set off the fire alarm with a Pot Noodle, {o}."),
	pf("school", "Beckett Lane", "At which school was {n} the librarian?",
		"I drove past Beckett Lane this morning and they have taken the old library out altogether; it is a 'learning hub' now, with beanbags. I had to pull over.",
		"Had a letter from the head at Beckett Lane asking whether I would come in for World Book Day. I said yes before I had finished reading it.").
		then("omg the flashbacks 😭 is mr pickering still there", "He retired the same summer I did. We have lunch twice a year and complain about everything.", "iconic honestly, tell him i said hi", "I shall. He will pretend not to remember you, and then tell me the Pot Noodle story."),
	pf("home", "Headingley", "Where did {n} live before she moved?",
		"Still in the Headingley house, dear, all nineteen stairs of it. I have started counting them on the way up, which I am told is a bad sign.",
		"Yes, still in Headingley, and the damp man has been round again. Forty years I have lived here and the back bedroom has never once been dry.").
		asked("r u still in the same house mrs h?? the one with the massive hedge").older().
		then("sell up and come live in bristol 😂", "And leave my hedge? Certainly not. Love, M x", "the hedge has more rights than me ngl", "The hedge has been there longer than you have been alive, dear. It has seniority."),
	pf("home", "Otley", "Where does {n} live now?",
		"Well, I have done it. The flat in Otley is mine: ground floor, a window onto the river, and not one single stair. I sat on a packing box and cried, and then I had a biscuit. Love, M x",
		"First week in Otley. The market is on Fridays, the butcher already knows my name, and I can hear the river from my bed. I cannot think why I waited so long.").newer().
		then("MRS H 😭😭 so proud of u", "Thank you, dear. When you are next up you must come for tea and I shall walk you up the Chevin.", "deal, ill bring the good biscuits", "Bring an umbrella as well. It has not stopped raining since the removal men left."),
	pf("partner", "Clive", "What is the name of {n}'s gentleman friend?",
		"Clive (my gentleman friend, as I insist on calling him; I am sixty-seven and I will not say boyfriend) has bought a bread maker and talks of nothing else.",
		"Clive took me to the pictures on Saturday and was asleep before the adverts had finished. I watched the whole film and I shall not tell him how it ends.").
		then("omg ur gentleman friend 🥹 i love him already", "He is a dear. He also snores like a tractor, which I am learning to find charming.", "my boyfriend snores like a hoover so i feel ur pain", "Earplugs, dear. The foam ones. They are the secret of every happy household."),
	pf("husband", "Geoffrey", "What was the name of {n}'s late husband?",
		"It would have been Geoffrey's birthday today. I bought a lemon tart, which he would have eaten all of, and I ate half and put the rest out for the birds. Love, M x").
		then("sending u the biggest hug mrs h ❤️", "Thank you, dear. Six years now. It does get gentler.", "he used to do the book fair money didnt he, with the tin", "He did! Fancy you remembering that. He would have been tickled."),
	pf("daughter", "Helen", "What is the name of {n}'s daughter?",
		"Helen rang at seven this morning to tell me to put my heating on. She is forty-one and has become my mother.",
		"Helen has sent me one of those 'smart speakers'. I have told it to be quiet twice already and it has not listened either time.").
		then("lmao the daughter to mum pipeline", "I do not know what that means, but I suspect you are right.", "my mum does the same, texts me the weather every morning like im 5", "Well, somebody has to. Is it raining down there? It is chucking it down here."),
	pf("daughter city", "Edinburgh", "Where does {n}'s daughter live?",
		"Edinburgh, dear, in a flat at the top of a hill that nobody warned me about. It is always four degrees colder there than anyone promises; I take two vests.",
		"Edinburgh, still. I go up on the train with a flask and a Ruth Rendell, and the tea trolley comes past twice, and I am very good and buy nothing.").
		asked("wait where does ur daughter live again?? scotland but which bit, i always forget").
		then("two vests 🥶 respect", "You may laugh. You have never stood at a bus stop on Princes Street in a north wind.", "its 14 degrees here and im in shorts", "You will catch your death, and I shall say I told you so."),
	pf("grandson", "Alfie", "What is the name of {n}'s grandson?",
		"Alfie (eight next month, the eldest) has informed me that libraries are 'basically free Netflix for books'. I have never been prouder of anyone.").
		then("hes so right tho", "He is. I am thinking of having it embroidered on a cushion.", "get him a library card for his birthday he'll love it", "He has had one since he was four. I am not an amateur, Dev."),
	pf("granddaughter", "Maisie", "What is the name of {n}'s granddaughter?",
		"Maisie lost her front tooth in a toffee apple and sent me a video of the gap; she whistles now on every S and is thoroughly pleased with herself.",
		"Maisie has decided she is going to be a vet, a pop star and a librarian, in that order, which I think is a very sensible career plan.").
		then("stoppp 😭😭 shes adorable", "She is a terror. She takes after her grandmother. Love, M x", "ur whole family's terrors tbf", "I shall take that in the spirit in which it was meant."),
	pf("cat", "Dewey", "What is the name of {n}'s cat?",
		"Dewey has brought me a frog. A live one. It is now under the dresser, and I am sitting on the stairs waiting for one of them to make the first move.",
		"Dewey sat on the crossword this morning and would not be moved, so I had to do the quick one instead, which is beneath us both.").
		then("😂😂 that cat is a menace", "He is, and I adore him. He was named after the decimal system, you know; he has never once been properly filed.", "the most librarian cat name ever 💀", "I had a shortlist. He was very nearly Brontë."),
	pf("sister", "Brenda", "What is the name of {n}'s sister?",
		"My sister Brenda rang from Canada at two in the morning, because she cannot do the time difference and never will. She wanted to know if I had seen the royal wedding. From 2011.").
		then("omg 2am 😭 is she ok", "Perfectly well. She is five hours behind and seventy years old and does exactly as she likes.", "legend honestly", "She is a menace and I miss her terribly. She sends me pictures of snow to annoy me."),
	pf("hometown", "Whitby", "Where did {n} grow up?",
		"I grew up in Whitby, so I am afraid I am very particular about fish and chips; nothing inland has ever been quite right.",
		"Went back to Whitby for the day. Climbed all the steps up to the abbey, ate a crab sandwich on the pier, and a gull took half of it clean out of my hand.").
		then("the seagulls there would fight u for a chip ngl", "They would. My mother used to say they were the souls of drowned fishermen, which never made me like them any better.", "bristol ones r worse istg they carry knives", "I do not doubt it. Everything is worse in the south, apart from the weather."),
	pf("hobby", "bell-ringing", "What does {n} do at the church on Tuesday nights?",
		"Tuesday is bell-ringing night at St Oswald's. I am on the treble, which is the smallest bell and suits me.",
		"Home from bell-ringing practice with a rope burn and the giggles; the new chap rang the wrong bell for twenty minutes and nobody liked to say.").
		then("wait how do u even learn that", "Slowly, with a great deal of counting, and a rope that would very much like to take you up to the ceiling with it.", "sounds like a health and safety nightmare 😭", "It is. Half the tower are retired doctors, which is a comfort."),
	pf("club", "Scrabble", "Which board game club does {n} go to?",
		"Scrabble club on Thursday: I put QUIXOTIC down on a triple word score and a retired dentist called me a show-off. I have never been happier.",
		"I have been asked to run the Scrabble club while the chairman has his knee done. Power at last.").
		then("mrs h u absolute menace 😭", "Language, {o}. But yes.", "i only play words with friends and i cheat", "I know. I always knew when you were cheating at anything. You go very quiet."),
	pf("book", "Middlemarch", "What book does {n} recommend above all others?",
		"Middlemarch, always. Although I suggest you do not start it on a night shift; it is eight hundred pages and most of them are about people being quietly disappointed.").
		asked("ok what book should i read on nights, i want something proper, ur the expert").
		then("800 😭😭", "You read every Harry Potter there was in Year Seven. You will cope.", "ok ok adding it to my basket", "Buy it second-hand. The pages are softer, and somebody else has already cried on them."),
	pf("car", "Honda Jazz", "What car does {n} drive?",
		"The Honda Jazz has failed its MOT on a bulb and a wiper; the young man at the garage called me 'my love' four times and charged me eighty pounds.",
		"I have reversed the Honda Jazz into the gatepost again. The gatepost is quite unharmed.").
		then("she's a survivor tbf 😭", "She is older than some of my pupils were, and considerably better behaved.", "mine sounds like a kettle when i go over 50 so", "Then do not go over fifty. Problem solved."),
	pf("food", "avocado", "What food won't {n} eat?",
		"I have tried avocado three times now because everybody insists, and it tastes of nothing wearing a coat. I shall not be trying a fourth.",
		"The café put avocado on my toast without asking. I scraped it off onto a saucer and the waitress looked at me as if I had drowned a kitten.").
		then("nothing wearing a coat 💀 im stealing that", "You may have it. Credit me in your memoirs.", "my boyfriend puts it on literally everything, im sending him this", "Tell him I said it with love, and that he is wrong."),
	pf("course", "geology", "What is {n} studying with the Open University?",
		"I have begun an Open University module in geology. The first tutorial was on the Zoom, and I spent ten minutes talking to everyone with my camera pointed at the ceiling.",
		"Geology essay sent in at one minute to midnight. I have not been that late with anything since 1974, and I feel thoroughly ashamed and rather thrilled.").
		then("uni era mrs h 😭 go onnn", "I have bought a highlighter and everything.", "what r u even learning about rn", "Limestone, mostly. I have started stopping to look at walls on the way to the shops, which worries the neighbours."),
	pf("radio", "The Archers", "Which radio programme does {n} listen to every evening?",
		"Please do not ring between seven and a quarter past; that is The Archers, and I am not to be disturbed unless somebody has died.").
		then("what even happens on it", "Cows, mostly. Affairs. A great deal of arguing about cows.", "so basically emmerdale but on the radio", "Wash your mouth out."),
	pf("tea", "Earl Grey", "What tea does {n} carry in her handbag?",
		"I keep a little tin of Earl Grey in my handbag for emergencies, because nobody outside my own kitchen can be trusted with a teapot.").
		then("posh 😤 its yorkshire tea or nothing in this house", "You were raised badly. Not by me.", "u literally made us tea in the library on the last day of yr 11", "I did, and not one of you drank it. I have never forgotten that either."),
	pe("cataract", "When did {n} have her cataract operation?",
		"{When} I had the cataract done on my left eye. It took twenty minutes, the surgeon hummed Abba throughout, and now everything is so bright I can see how dusty my house is.",
		"The cataract operation was {when}. I am under strict instructions not to bend, lift, rub or enjoy myself for a fortnight. Love, M x").weekday().
		then("omg how did it go?? r u doing the drops", "It did not hurt in the least, and yes, four times a day. I have set an alarm on the telephone as you showed me.", "proud of u 🥹 no gardening tho i mean it", "Yes, nurse."),
	pe("Haworth", "When did {n} go on the coach trip to the Brontës' home?",
		"{When} the U3A took a coach to Haworth. I stood by Charlotte's little boots in the parsonage and came over quite peculiar, and then we all had scones.",
		"Went over to Haworth {when}; the moor was all mist and the cobbles were murder on my knees, but it was worth every step.").
		then("wait the bronte place?? u took us there in yr 8 and kyle got lost", "Kyle did not get lost. Kyle hid in the gift shop for an hour eating fudge.", "kyle's a dentist now btw", "Heaven help his patients."),
	pe("Bettys", "When did {n} have tea on her own in Harrogate?",
		"Took myself to Bettys in Harrogate {when} and had a Fat Rascal and a pot of tea all on my own, which is one of the great and secret pleasures of being sixty-seven.").
		then("a fat what 😭", "A Fat Rascal. It is a scone with ideas above its station.", "sounds like my nickname at football", "I should not be at all surprised."),
	pe("quarter peal", "When did {n} ring a quarter peal?",
		"{When} we rang a quarter peal for the vicar's leaving do: forty-five minutes without a single mistake, and my arms are now made of string.").weekend().
		then("45 mins?? thats longer than my gym sessions", "I am aware. I have seen your gym sessions on the Instagram.", "u follow me on insta?? 😭😭", "Of course. Somebody has to like your photographs of breakfast."),
	pe("burst pipe", "When did {n} have a burst pipe in her kitchen?",
		"I had a burst pipe {when}. There I was in two inches of water in my nightie at six in the morning, shouting at a plumber on the telephone.",
		"A burst pipe under the sink {when}; the kitchen floor is ruined and I have been mopping with every towel I own.").
		then("noooo r u ok?? did u find the stopcock", "Eventually, behind the bleach, where apparently it has always been.", "u should label it, tape a big sign on the cupboard", "I have labelled it. In capitals. With an arrow."),
	pe("Saltaire", "When did {n} walk along the canal to see the Hockneys?",
		"My gentleman friend and I walked along the canal to Saltaire {when} and looked at the Hockneys in the mill. I liked the dachshunds best.").
		then("hockney did dogs??", "Two of them, over and over. A man after my own heart.", "and did the weather hold??", "It did, right up until the walk home, and then it very much did not."),
	pp("Orkney", "When does {n} sail to Orkney?",
		"It is all booked: I sail to Orkney on the 14th of June with the U3A. Standing stones, puffins, and a waterproof that makes me look like a lifeboat.").
		ans("on the 14th of June").
		then("omg puffins 😭 send pics or it didnt happen", "I shall send you a great many, all of them blurred.", "take seasick tablets i mean it", "I have bought three kinds. I am a librarian; I research."),
	pp("tango", "What dance lessons is {n} starting?",
		"My gentleman friend has signed us both up for tango lessons at the church hall, starting next month. I have told him that if he treads on me I shall go straight home.").
		then("STOPPP 😭😭 i need videos", "You shall have none whatsoever.", "ill find out mrs h i have my ways", "You have no ways. I taught you to use the catalogue and you still never found anything."),
	pp("allotment", "What has {n} put her name down for?",
		"I have put my name down for an allotment by the river. The waiting list is three years, so I shall be seventy and very determined by the time I get it.").
		then("mrs h and her prize marrows 😤", "Runner beans, I think. Marrows are for show-offs.", "u say that like u wont be entering the village show", "I make no promises."),
}, talk: []string{
	"It has rained since Tuesday without a pause; the garden has become a sort of soup. Love, M x",
	"Here is a picture of the sky over the rooftops tonight. I stood at the back door with my tea and watched it go.",
	"A young man on the bus gave me his seat today and I did not know whether to be grateful or insulted. I chose grateful.",
	"I have been trying to send you a thumbs up for ten minutes and have instead sent my daughter a picture of an aubergine. I do not know how.",
	"A man telephoned during my bath to ask if I had been in an accident that was not my fault. I told him every accident I have ever had was entirely my own fault.",
	"I made a Victoria sponge and it sank in the middle like a hammock. I have eaten the middle, so nobody need ever know.",
	"Someone has written in the margins of a library book. In biro, Dev. I had to sit down.",
	"The man next door has bought a leaf blower, and I now hear it more often than I hear his voice.",
	"I have put my reading glasses down somewhere in this house and cannot find them, because I need my reading glasses to look for them.",
	"Here is a picture of the view from the top of the hill. It took me forty minutes and two rests, but there it is.",
	"The supermarket had no Wensleydale, which I consider a crime against the North.",
	"The doctor says my knee is 'just age', which I thought rather rude coming from a woman of thirty.",
	"I watched a programme about bees for a whole hour tonight, and now I feel I ought to be doing something for them.",
	"The vicar said 'awesome' in his sermon this morning. Twice.",
	"A parcel came for the people at number six and has been sat on my hall table for three days like a hostage.",
	"Did the crossword in pen this morning out of sheer bravado and got one wrong. I shall never recover.",
	"There was a heron on the canal this morning, standing about like a man waiting for a bus.",
	"I have learnt how to send a voice message. I shall not be doing it again; I sound exactly like my mother.",
	"The new library cards beep. In my day we stamped things, and it was very satisfying.",
	"I fell asleep in front of the snooker and woke up to find it was still the same frame.",
	"Here is a photo of my scones. They have risen for once and I wanted a witness.",
	"The wind took my washing off the line and put a pillowcase in next door's pear tree.",
	"Mrs Patel from church has had her hip done and was back singing within a fortnight. A formidable woman.",
	"I have just said 'thank you' to the self-service till. Out loud. Nobody laughed, which was worse.",
	"I made marmalade and it has set like concrete. I shall have to give it away to people I do not like.",
	"The young man at the bank called me 'young lady', and I am afraid I was very short with him.",
}}

// Dev is twenty-nine, a paramedic in Bristol who grew up in Leeds and was
// once Marjorie's pupil: all lower case, no full stops, "ngl", "tbf",
// "rn", "omg", "istg", a lot of 😭 and 💀, and he still cannot call her
// anything but "mrs h".
var pairDev = pairProfile{name: "Dev", items: []pairItem{
	pf("role", "paramedic", "What does {n} do for work?",
		"being a paramedic is 10% saving lives and 90% sat in a layby eating a meal deal at 4am ngl",
		"4 yrs qualified as a paramedic this month 🥹 still feel like im blagging it every single shift").
		then("I tell absolutely everyone at church about you, you know.", "omg 😭 what do u tell them", "That you once put a stapler in the fish tank, and that you now save lives. Both are true.", "the stapler was NOT me i was framed"),
	pf("job", "lawrence hill", "Which ambulance station was {n} based at before his new job?",
		"lawrence hill still rn, the station's grim but the crew r honestly the best people ive ever met",
		"still lawrence hill yeh, did a 12 there today, 3 falls 2 chest pains and a man who'd put his hand in a blender 🙃").
		asked("Which station are you working out of now, dear? I keep telling people 'the one near the big Tesco' and I am sure that is wrong.").
		ans("Lawrence Hill").older().
		then("And are they looking after you there?", "yeh tbf, we've got a kettle that works and a sofa that doesnt so", "Please tell me you are eating something other than crisps.", "define eating 😅"),
	pf("job", "air ambulance", "What does {n} work on now?",
		"MRS H I GOT IT 😭😭😭 air ambulance!!! critical care, helicopter, the lot, i start in 6 weeks",
		"first month on the air ambulance done and ive only been sick in my helmet once, ONCE, counting that as a win").
		ans("the air ambulance (critical care)").newer().
		then("Dev! I am so proud I could burst. Do be careful up there.", "i will promise 🥹 still cant believe its real", "Believe it. You earned every bit of it.", "ur literally the first person i tell everything ngl"),
	pf("home", "easton", "Which area of Bristol does {n} live in?",
		"easton is so loud tonight, someones having a party with a sound system the size of a bus and honestly? good for them",
		"our flat in easton has a damp patch shaped like jesus so we've stopped complaining to the landlord, feels disrespectful").
		ans("Easton").
		then("I do worry about you in that flat, you know.", "dont 😂 its character building", "Character can be built perfectly well somewhere with double glazing.", "ok thats fair"),
	pf("boyfriend", "rhys", "What is the name of {n}'s boyfriend?",
		"rhys made me a lasagne before my night shift and wrote 'dont die' on the foil 🥹 romance is alive",
		"rhys wants a dog and i said we cant even keep a basil plant alive, we are not ready for that").
		ans("Rhys").
		then("Your young man sounds a treasure.", "he is ngl 🥹 hes obsessed with u btw, he wants to meet the famous mrs h", "Then you must bring him up to Yorkshire and I shall feed him.", "hes gonna eat u out of house and home im warning u now"),
	pf("boyfriend job", "sous chef", "What does {n}'s boyfriend do for work?",
		"hes a sous chef at a tapas place on the harbourside, so he gets in at 1am smelling of chorizo and i love him").
		asked("And what is it your young man does again? Something with food, I remember, but I have forgotten what.").
		then("There are worse things to smell of.", "i smell of hand gel and despair so hes winning tbf", "Does he cook for you when you get in?", "every time 🥹 tonight was patatas bravas at 1am, im a lucky man"),
	pf("sister", "simran", "What is the name of {n}'s sister?",
		"simran rang me at 3am to ask if a rash was serious, it was eczema, i was on my night off 😭",
		"my sister simran passed her driving test on the 5th go and announced it in the family group chat in all caps").
		ans("Simran").
		then("Give her my love. She was a terror in the library, your sister.", "she still is tbf 😂", "She once sorted my returns trolley by the colour of the spines. I was too impressed to be cross.", "thats so her omg"),
	pf("nephew", "arjun", "What is the name of {n}'s nephew?",
		"my nephew arjun is 2 and says 'nee naw' every time he sees me 🥹 im his whole personality",
		"facetimed arjun and he showed me his toy ambulance for 20 mins straight, best call of my week").
		ans("Arjun").
		then("Of course. You are the most exciting person he knows.", "i am tbf 😌", "Is he talking much yet?", "only nee naw, no and biscuit, which is honestly all u need"),
	pf("hometown", "harehills", "Which part of Leeds is {n} from?",
		"mum still wont leave harehills, says she'd miss roundhay road and the man at the veg shop who calls her didi",
		"back in harehills for mums birthday, ate so much i had to lie on the floor for an hour").
		ans("Harehills").
		then("You must pop in and see me next time you are up.", "100% i will, ill bring mums samosas", "I shall hold you to that. The samosas especially.", "shell send a whole tub, u wont need to cook for a week"),
	pf("dad", "taxi", "What does {n}'s dad do for work?",
		"my dad still drives a taxi at 61, says retiring is for people who like daytime tv").
		ans("he drives a taxi").
		then("He is quite right. Daytime television is a punishment.", "omg hes gonna love u", "Tell him I remember him at parents' evening. He asked more questions than the governors.", "sounds about right 😂 he still does that at the doctors"),
	pf("pet", "gary", "What is the name of {n}'s leopard gecko?",
		"gary the gecko has shed his skin and eaten it 🤢 he looks amazing tho, i feel sick",
		"my leopard gecko gary will only eat his crickets if im watching him, hes manipulating me and its working").
		ans("Gary").
		then("Good heavens. I think I shall stick to cats.", "fair 😂 hes a diva tbh", "What on earth does a gecko think about all day?", "crickets and revenge mostly"),
	pf("sport", "five-a-side", "What football does {n} play after work?",
		"five-a-side tonight, im 29 and my knees are 80",
		"got nutmegged at five-a-side by a man in crocs, im retiring").
		then("You always did play as though the ball owed you money.", "LMAO mrs h 😭😭", "Do put some ice on your knees afterwards.", "yes miss 🫡"),
	pf("climbing", "bouldering", "What climbing does {n} do?",
		"bouldering after work, finally did the purple one ive been stuck on for a month and screamed in front of a child").
		then("I had to look that up. It appears to be climbing without the sensible ropes.", "basically yeh 😂 theres crash mats tho", "Crash mats. How reassuring.", "ur being sarcastic and i respect it"),
	pf("team", "leeds united", "Which football team does {n} support?",
		"leeds united will be the death of me, 2-0 up at half time and we still lost",
		"watched leeds united on a dodgy stream in the station kitchen with 4 bristol city fans, never been more alone").
		ans("Leeds United").
		then("I know nothing whatsoever about football, but I am sorry.", "thank u mrs h ur the only one who gets it", "Your father must be beside himself.", "hes not answering the family group chat, thats how bad it is"),
	pf("car", "corsa", "What car does {n} drive?",
		"the corsa's got a new noise, like a sad little whistle, ive turned the radio up so its fixed",
		"corsa failed its mot on 4 things, its a 2009, it owes me nothing").
		ans("a Vauxhall Corsa").
		then("That car is held together with hope.", "and gaffer tape, dont forget the gaffer tape", "Please have it looked at before you drive all the way up the M5 in it.", "shell make it, she always makes it 🙏"),
	pf("food", "baked beans", "What food can't {n} stand?",
		"unpopular opinion but baked beans are evil, the juice gets on everything",
		"fry up at the station this morning and i had to give my baked beans to a student, cant do the texture").
		then("That is a very strange position for a Yorkshireman to take.", "im a bristolian now mrs h 😤", "You most certainly are not. You still say mardy.", "ok fair 😭"),
	pf("library book", "stormbreaker", "Which library book did {n} never return?",
		"ok confession, i still have the school's copy of stormbreaker 😭 its on my shelf rn, im so sorry mrs h").
		ans("Stormbreaker").
		then("I knew it. I have known since 2007.", "NOOO u knew??", "I knew everything, Dev. It was my job.", "ive been carrying this guilt for half my life mrs h"),
	pf("shifts", "four on four off", "What shift pattern does {n} work?",
		"im four on four off so my weekend's a tuesday and my friday's a wednesday, time isnt real").
		asked("When are you next off, dear? I can never keep track of your shifts.").
		then("It sounds exhausting.", "its fine once ur body gives up knowing what day it is 😂", "Do make sure you sleep properly on the days off, and not on the sofa.", "the sofa is basically my bed now tbh"),
	pf("tv", "bake off", "What TV show does {n} never miss?",
		"bake off tonight, do NOT message me between 8 and 9 unless ur dying, and if ur dying ring 999 not me").
		ans("The Great British Bake Off").
		then("Noted. I shall save my emergencies for a quarter past nine.", "thank u 🙏", "Who are you backing this year?", "the quiet nan who does everything with lemons, shes my queen"),
	pe("copenhagen", "When was {n} in Copenhagen?",
		"got back from copenhagen {when}, we hired bikes and i nearly died at every junction, they all go so fast",
		"{when} we were in copenhagen and i ate 4 cinnamon buns in one day, zero regrets").
		then("How lovely. Did you see the Little Mermaid?", "yeh shes tiny 😭 everyone was so disappointed", "I have heard that. Was it very expensive?", "£9 for a coffee mrs h, NINE POUNDS"),
	pe("elland road", "When did {n} go to a match at Elland Road?",
		"went home to watch the match at elland road {when} and we lost in the rain, dad didnt speak the whole drive back 💀").weekend().
		then("Oh dear. Did you at least get a pie?", "2 pies, grief pies 🥧", "And was it very cold?", "freezing, my hands still havent come back"),
	pe("balloon fiesta", "When did {n} go to the balloon fiesta?",
		"balloon fiesta {when}!! 100 hot air balloons going up over ashton court at 6am and i genuinely cried a bit").weekend().
		then("That sounds magical. Do send me a picture.", "sending 🎈🎈🎈", "Oh, they are beautiful. Was it terribly early?", "5am alarm on my day off, thats love"),
	pe("hat-trick", "When did {n} score a hat-trick?",
		"scored a hat-trick {when}!!! first one ever, all tap-ins but a goal is a goal").weekday().
		then("Well done! I always said you had it in you.", "u literally never said that 😂", "I thought it very loudly.", "ill take it 😂"),
	pe("put my back out", "When did {n} hurt his back at work?",
		"put my back out {when} carrying a patient down three flights of stairs, lying on the floor like a starfish rn",
		"{when} i put my back out on a job, 18 stone man, spiral staircase, i said a word i will not be repeating to u").
		then("Oh, Dev. Please rest it properly, and not hunched over that games console.", "im resting 😭 ur worse than my mum", "I shall take that as a compliment.", "it was meant as one tbf 🥲"),
	pe("rosc", "When did {n} first get a patient's heart going again while leading the job?",
		"{when} i got my first rosc leading the job myself, guy in his 40s, he was talking to us by the time we got to the BRI 🥹").
		then("I had to ask what that meant. Dev, that is wonderful.", "honestly best day of my career so far", "You saved a man's life. I shall be insufferable about it for weeks.", "pls do 🥹"),
	pp("bristol half", "What race is {n} running in September?",
		"signed up for the bristol half on the 8th of september 😭 someone tell me not to").
		ans("the Bristol Half Marathon").
		then("I shall do no such thing. I shall sponsor you.", "ok now i actually have to do it 😭", "Have you got proper trainers?", "i have trainers, are they proper, no 🙃"),
	pp("punjabi", "What language is {n} learning?",
		"started punjabi lessons on zoom so i can actually talk to my nani instead of just nodding and smiling 😭 first lesson and i already cried").
		ans("Punjabi").
		then("That is a beautiful reason to learn anything.", "shes gonna laugh at my accent so hard", "Let her. It will be the best laugh she has had all year.", "ill send u a voice note when i can say a whole sentence"),
	pp("japan", "Where are {n} and his boyfriend saving up to go?",
		"we're saving for japan next spring, ive already got a spreadsheet of ramen places and its 4 tabs long").
		ans("Japan").
		then("How wonderful. I have always wanted to see a temple garden.", "come with us 😂", "I would slow you both down terribly, and I would enjoy every minute.", "ill bring u back a fancy teapot then"),
	pp("propose", "What is {n} secretly planning to do?",
		"ok dont tell anyone but im going to propose 😳 ring's hidden in my work boot, ur literally the only person who knows 🤐").
		ans("propose to his boyfriend").
		then("Dev! My lips are sealed. Oh, I am so happy.", "im so scared mrs h", "Of course you are. That is how you know it matters.", "ok im crying in the ambulance bay now thanks"),
}, talk: []string{
	"12 hr shift turned into 14 ngl i could sleep in the bath rn",
	"just had a meal deal at 3am in a tesco car park, living the dream 🙃",
	"someone rang 999 bc their cat looked at them funny, i wish i was joking",
	"heres the sunrise off the m32 after nights, only good thing about nights 🌅",
	"rained so hard today my socks are still wet and its been 6 hrs",
	"got called 'young man' by a 90 yr old and 'mate' by a 9 yr old in the same shift",
	"accidentally said love u to control on the radio 💀 moving to wales",
	"bristol bus drivers have one speed and its 'i hate u'",
	"a seagull took a whole pasty off me on the harbour, the gulls here are actual criminals",
	"sleeping in a blackout mask like a celebrity tbh",
	"someone's parked across the ambulance bay AGAIN 🙃",
	"hand gel has destroyed my hands, i look about 90",
	"not me falling asleep in the cinema at 7pm 😭",
	"made a curry at 2am after nights and set the smoke alarm off, neighbours not impressed",
	"heres a pic of the view from clifton, bristol's not bad when it stops raining",
	"my phone autocorrects ngl to angel now and i think its trying to tell me something",
	"new crewmate only plays coldplay in the cab, 12 hours, pray for me",
	"spent my whole day off watching strangers renovate houses on youtube, peak 29",
	"a kid asked if i was a policeman and then if i had sweets, no and no",
	"whoever invented 4am hunger deserves jail",
	"bought a plant, named it, its already dying, story of my life",
	"caught my reflection in the ambulance window and saw my dad 😭",
	"someone on twitter said leeds is grim and ive been arguing with them for 40 mins",
	"parking ticket outside my own flat bc i was 4 mins late moving the car 🙃",
	"sunset over the harbour tonight, made me forget ive got a 7am start",
	"istg every patient tonight was called dave",
}}
