package longchat

// Two more two-person chats, by a fourth author (pairChats). As in
// pair_en.go, pair_en2.go and pair_en3.go, every value is in its own lines
// only (a person named in one fact is "my wife", "the little one" or "my
// sister" everywhere else), the question a line answers (asked) is in the
// asker's voice, and the lines that follow (then) alternate the other and
// the teller.

// Priya is a junior doctor in Birmingham who bakes to stay sane: quick,
// British, "lol" and "omg", a doctor's dark humour. She and Lars met
// backpacking years ago and have kept writing since.
var pairPriya = pairProfile{name: "Priya", items: []pairItem{
	pf("job", "stroke ward", "Which ward did {n} work on before she changed jobs?",
		"Twelve-hour day on the stroke ward and I did 31,000 steps according to my watch, my feet have filed a formal complaint",
		"The stroke ward is two doctors down this week so guess who's covering everything 🙃",
		"A lovely old lady on the stroke ward asked me to marry her grandson today. Very flattering, but he's 52").
		asked("How's the hospital treating you? Which ward did they put you on this time?").older().
		then("Ha, sounds like quite a place", "It's chaos, but the nurses are legends, they basically keep me alive"),
	pf("job", "GP training", "What did {n} start after leaving her hospital ward job?",
		"Okay it's official: I've started GP training!! No more thirteen-hour ward shifts, I have my own room with a window and a box of tissues",
		"First week of GP training done. Saw a man with a bean stuck up his nose. He was forty-one.").newer().
		then("{o}! Congratulations, that's a big one", "Thank you!! I keep waiting for someone to tell me it was a clerical error", "They won't. You earned it"),
	pf("hospital", "Heartlands", "At which hospital did {n} do her foundation years?",
		"The car park at Heartlands is genuinely the worst place on earth, I circled for twenty-five minutes and then parked on a verge",
		"Did both my foundation years at Heartlands, I know every vending machine in the building personally"),
	pf("home", "Bournville", "Where in Birmingham does {n} live?",
		"When the wind's right our whole street in Bournville smells of melted chocolate, which is torture when you're trying to be good",
		"Walked round the green in Bournville after work, old men playing bowls in perfect whites, very calming").
		asked("Where is it you live again? My wife asked me and I realised I didn't actually know 😅"),
	pf("boyfriend", "Joel", "What is the name of {n}'s boyfriend?",
		"Joel made me a lasagne for when I got in from nights, I might keep him",
		"Joel's a physio, so whenever I moan about my back I get a lecture on posture instead of sympathy").
		then("Haha how long have you two been together now?", "Two years in October! He's still weirdly into me"),
	pf("housemate", "Tamsin", "What is the name of {n}'s housemate?",
		"My housemate Tamsin has started learning the trumpet. At home. While I'm trying to sleep off nights.",
		"Tamsin left a note on the fridge that just says WHO ATE MY HUMMUS in capitals. It was me. I'm taking it to the grave"),
	pf("parents", "Leicester", "Where do {n}'s parents live?",
		"Back in Leicester for the weekend, Mum has fed me four times and it's only 2pm",
		"My parents still run the corner shop in Leicester, Dad refuses to retire, says he'd be dead of boredom in a week").
		asked("Where is it your parents live? Not far from you, right?").
		then("Haha, parents never change", "Never. It's reassuring and exhausting in equal measure"),
	pf("sister", "Meera", "What is the name of {n}'s sister?",
		"My sister Meera rang me for free medical advice about a rash. I'm a doctor, not her personal google",
		"Meera, my big sister, is a lawyer and argues like one, even about whose turn it is to load the dishwasher"),
	pf("nephew", "Arjun", "What is the name of {n}'s nephew?",
		"My nephew Arjun is five and asked me if I fix people's insides. I said yes. He said gross and walked off",
		"Arjun wants to be a doctor now, he made me lie on the sofa and listened to my heart through a toilet roll tube").
		then("Hahaha kids are brutal", "Harshest critic I've ever had, and I've worked for some scary consultants"),
	pf("cat", "Samosa", "What is the name of {n}'s cat?",
		"Samosa slept on my stethoscope all night so I couldn't find it this morning. She knows exactly what she's doing",
		"Our cat Samosa caught a moth and brought it to me like a gift while I was on the phone to my consultant").
		then("Haha she sounds like a menace", "Fiercest thing in the house, and that includes me on a night shift"),
	pf("starter", "Doughvid", "What has {n} named her sourdough starter?",
		"My sourdough starter is called Doughvid Tennant and he's bubbling beautifully today, proud mum moment",
		"Fed Doughvid at 6am before my shift. Yes I named my starter. Yes I'm that person now").
		then("Hahaha the name 😂", "I'm very proud of it, don't take this from me"),
	pf("biscuit", "nankhatai", "Which biscuits does {n} bake from her grandmother's recipe?",
		"Made my nani's nankhatai from her handwritten recipe card and they tasted exactly like hers, I got a bit teary in the kitchen",
		"Baked a tin of nankhatai for the nurses and they were gone in eleven minutes, I timed it").
		asked("What were those little cardamom biscuits you posted us? My wife wants the name so she can find a recipe"),
	pf("diet", "coeliac", "Why can't {n} eat most of what she bakes?",
		"I'm coeliac, which yes is hilarious for someone who bakes as much as I do. Everyone else gets the proper bread",
		"Being coeliac and loving bread is basically my villain origin story").
		then("Wait, you bake all that and can't eat most of it?", "I know. I'm a very cruel feeder"),
	pf("team", "Aston Villa", "Which football team does {n} support?",
		"Aston Villa won 3-1 and I was watching on my phone in the doctors' mess, I cheered out loud and a registrar glared at me",
		"Dad's had an Aston Villa season ticket since 1982 and I've inherited the anxiety").
		then("Haha is that a good team?", "Depends very much on the decade 😂"),
	pf("book", "God of Small Things", "What is {n}'s favourite book?",
		"Rereading The God of Small Things for about the fifth time, still my favourite book ever, still wrecks me").
		asked("I need a book for the long crossings. What's your favourite of all time?"),
	pf("show", "Gilmore Girls", "What show does {n} rewatch after night shifts?",
		"On my fourth rewatch of Gilmore Girls, it's the only thing my brain can handle after nights",
		"Put Gilmore Girls on while icing a cake and got absolutely nothing done for two hours"),
	pf("hobby", "aerial hoop", "What fitness class has {n} taken up?",
		"Started an aerial hoop class on Tuesdays, you hang off a metal ring from the ceiling and try to look graceful. I do not look graceful",
		"Aerial hoop tonight and my arms are dead, I can't hold a pen, which is awkward when you have to sign prescriptions").
		then("Wait, like in a circus?", "Exactly like a circus, minus the talent. Plus a lot of bruises"),
	pf("car", "Fiat Panda", "What car does {n} drive?",
		"My Fiat Panda is fourteen years old and makes a noise like a goat when I go over fifty",
		"The Fiat Panda failed its MOT on a wiper blade. A wiper blade!!"),
	pf("language", "Gujarati", "What language is {n} trying to learn properly?",
		"Trying to learn Gujarati properly so I can gossip with my nani, currently at roughly toddler level",
		"Practised my Gujarati on the aunties at the temple and they laughed so much one of them had to sit down"),
	pe("MSRA", "When did {n} sit the MSRA exam?",
		"{When} I sat the MSRA, the big specialty recruitment exam. Three hours of clinical scenarios and I've forgotten my own name",
		"Sat the MSRA {when}, in a test centre next to a man doing his driving theory. We were both sweating").weekday().
		then("How do you think it went?", "No idea honestly. Either I smashed it or I'm becoming a full-time baker"),
	pe("crash call", "When did {n} lead her first crash call?",
		"{When} I led my first crash call on my own, hands shaking the whole time, but the lady's sitting up eating toast today",
		"Ran my first crash call {when}, my registrar was stuck in a lift so it was all me").
		then("{o} that's huge", "I went and cried in the linen cupboard afterwards, but the good kind of crying"),
	pe("mehndi", "When did {n} bake for her cousin's mehndi?",
		"Baked 150 cupcakes for my cousin's mehndi {when}, there was henna and buttercream on literally everything",
		"{When} was my cousin's mehndi, I did a three-tier cake and danced until 2am, my calves are ruined").weekend().
		then("That sounds like the best kind of chaos", "Every surface in my kitchen was cake for two days, including the top of the washing machine"),
	pe("Digbeth", "When did {n} go to a gig in Digbeth?",
		"Went to a gig in Digbeth {when}, in an old warehouse, my ears are still ringing",
		"{When} we saw a band in Digbeth and I was definitely the oldest person there, at twenty-nine").
		then("Haha who was playing?", "Honestly no idea, somebody's cousin's band, but they were really good"),
	pe("clamped", "When did {n}'s car get clamped?",
		"My car got clamped {when} while I was inside buying flour. Twelve minutes!!",
		"{When} I got clamped outside the big Asda. £100 for parking like an idiot. Fair, but still").
		then("No! Did you have to pay?", "Had to, couldn't exactly drive home with a yellow boot on it"),
	pe("Malvern", "When did {n} walk the Malvern Hills?",
		"Walked the Malvern Hills {when}, windy enough to lean on, but you could see about five counties",
		"{When} we did the Malvern ridge, nine miles and a cream tea at the end, gluten free scone for me sadly").
		then("Sounds like a perfect day", "Perfect, apart from my calves, which have resigned"),
	pe("Cadbury World", "When did {n} take her nephew to Cadbury World?",
		"Took my nephew to Cadbury World {when}, he ate so much free chocolate he went slightly green",
		"{When} I finally went to Cadbury World after living next door to it for three years. Embarrassing").
		then("Haha was it worth it?", "The free samples alone, yes"),
	pe("bake sale", "When did {n} run a bake sale at the hospital?",
		"Ran a bake sale at work {when} and raised £412 for the hospital charity, the porters bought half of it",
		"{When} I did a bake sale in the hospital atrium and a surgeon tried to haggle over a brownie").weekday(),
	pp("Tromsø", "Where in Norway is {n} planning to travel?",
		"I want to go up to Tromsø next year and see the northern lights, I've been looking at pictures all night",
		"I've started a savings pot for Tromsø. It has forty pounds in it. It's a start").
		then("You have to stop in Bergen on the way!", "Obviously, I'm expecting the full tour and a boat ride"),
	pp("Brisbane", "Where is {n} thinking of moving for a year?",
		"Half the people I graduated with have gone to Australia and I'm seriously thinking about a year in Brisbane",
		"Looked at jobs in Brisbane during my break. Sunshine, beaches, rotas that don't hate you").
		then("Hmm that's very far. But sun and beaches...", "Exactly, and they pay doctors like actual humans"),
	pp("Moseley", "Where is {n} hoping to run a cake stall?",
		"I'm going to try running a cake stall at the Moseley farmers' market, if they give me a pitch",
		"Applied for a stall at the Moseley market, one Saturday a month, gluten free table obviously"),
	pp("Bake Off", "Which TV competition is {n} thinking of applying for?",
		"Don't laugh but I'm filling in the Bake Off application form. It's nine pages long",
		"Okay I'm actually going to apply for Bake Off this year, I've been practising showstoppers on the nurses").
		then("Do it!! I will watch every single episode", "If I get on you're my official taster"),
}, talk: []string{
	"Here's a pic of this morning's loaf, look at the ear on it 🥖",
	"Post-nights brain: I just found my keys in the fridge",
	"Someone on the bus was eating a full roast dinner out of a tupperware. Honestly, respect",
	"Here's a photo of the sunrise from the hospital car park, the one nice thing about nights",
	"Burnt my wrist on the oven tray again, I have a matching set now",
	"My bleep went off exactly halfway through my sandwich. It's always halfway through the sandwich",
	"Rained so hard on the way in my shoes squelched all the way through ward round",
	"Accidentally called a consultant 'mum' today. I have to move country now",
	"Slept fourteen hours straight, I feel like a new woman",
	"Someone left a whole tray of biryani in the staff room, best day of the month",
	"The printer ate my discharge letter, then it ate the second one, I think it's personal",
	"Tried a new gluten free flour and it's like baking with sand",
	"Here's the view from the top of the Lickey Hills, worth all the puffing",
	"Canal walk after work and a swan hissed at me like I owed it money",
	"Had to explain to my mum for the fifth time that I can't just look at her friend's knee over WhatsApp",
	"Here's a pic of the leaving cake I did for one of the nurses, I may have gone overboard on the sprinkles",
	"Three coffees and a biscuit is not lunch, I know, I know",
	"A patient told me I looked about twelve. I'll take it honestly",
}}

// Lars is a ferry engineer in Bergen with a young family: calm, dry, good
// English with a Norwegian turn ("uff", "hehe", "ja"), few emoji.
var pairLars = pairProfile{name: "Lars", items: []pairItem{
	pf("job", "MF Tysnes", "Which ferry did {n} work on before he changed jobs?",
		"Long day in the engine room on MF Tysnes, one of the generators is sulking again and I am the only one she listens to",
		"Still on MF Tysnes, the old diesel lady. She is loud and she smells and I love her a little bit").
		asked("Which boat are you on these days? I can never keep track of your boats").older().
		then("Haha does she break down a lot?", "Often. For an engineer a boat that breaks is job security hehe"),
	pf("job", "electric ferry", "What kind of ferry does {n} work on now?",
		"New job! From Monday I am engineer on the new electric ferry. No diesel, only batteries, and an engine room so quiet it's strange",
		"First week on the electric ferry done. It is so quiet I can hear the passengers complaining about the coffee").newer().
		then("{o} that's so cool!! Is it weird?", "Very weird. I keep listening for a noise that isn't there"),
	pf("rota", "two weeks on", "What is {n}'s work rota?",
		"I work two weeks on and two weeks off, so I'm either invisible or the most annoying dad at the playground",
		"Last day of my two weeks on, I miss the kids so much I'm looking at their drawings in my cabin").
		asked("Wait, how does your schedule work again? You always seem to be either at sea or at home for ages"),
	pf("wife", "Silje", "What is the name of {n}'s wife?",
		"Silje is teaching the first class this year, she comes home and speaks to me very slowly and very clearly",
		"Silje and I had a date night! Pizza, and asleep on the sofa at half past nine. Romance is not dead, only tired").
		then("Haha I love her already", "Everybody does. It is very annoying for me"),
	pf("daughter", "Tuva", "What is the name of {n}'s daughter?",
		"Tuva is four and has decided she only eats food that is yellow. Today that is banana, cheese and one sweetcorn",
		"My daughter Tuva asked if the ferry has a bedroom, because why else am I away so long. That one hurt").
		then("Haha kids are something else", "Every day a new surprise. Some of them are good"),
	pf("son", "Jonas", "What is the name of {n}'s son?",
		"Jonas has two teeth now and he uses them on everything. Including me",
		"The little one, Jonas, slept through the whole night for the first time. My wife and I did not, we kept checking he was breathing").
		then("Aww how old is he now?", "Ten months. Already the boss of the house"),
	pf("cat", "Pølse", "What is the name of {n}'s cat?",
		"Our cat Pølse (it means sausage, the kids chose it) sleeps in the clean laundry every single day",
		"Pølse caught a bird and left it in my boot. Welcome home, Dad").
		then("Haha cats are such weirdos", "He is a very strange animal. The kids adore him"),
	pf("home", "Laksevåg", "Where in Bergen does {n} live?",
		"We live in Laksevåg, across the water from the centre. From the kitchen I can see the fish market if I stand on a chair",
		"Laksevåg was so windy today, the neighbour's trampoline tried to go to Denmark").
		asked("Where in Bergen are you exactly? I'm looking at a map and it's mostly water"),
	pf("winter sport", "cross-country", "What winter sport does {n} love?",
		"Cross-country skiing is the only exercise I actually enjoy, everything else feels like punishment",
		"I grew up on cross-country skis, in my town you could ski before you could walk properly").
		then("I tried skiing once and cried", "Then you did it the Norwegian way hehe"),
	pf("knitting", "Marius sweater", "What is {n} knitting?",
		"I am knitting a Marius sweater for the little one, very slowly, on the quiet night crossings",
		"Finished the first sleeve of the Marius sweater. The second sleeve will be a different length, I can feel it already").
		then("Wait you KNIT?!", "Every Norwegian man has a secret sweater in progress"),
	pf("boat", "snekke", "What kind of boat does {n} own?",
		"Took the snekke out on the fjord tonight, caught nothing, drank coffee from the flask, perfect evening",
		"My old wooden snekke needs paint again. A boat is a hole in the water where you throw money").
		then("What even is that?", "A little wooden boat with a tiny engine that goes tuk tuk tuk. Very Norwegian"),
	pf("fish", "mackerel", "What fish does {n} catch off the rocks?",
		"Caught eleven mackerel off the rocks this evening, fried them in butter, best dinner of the month",
		"When the mackerel are running I am a very happy man. The freezer is full, my wife is less happy"),
	pf("food", "lutefisk", "Which traditional dish does {n} refuse to eat?",
		"I refuse to eat lutefisk. It is fish turned into jelly with lye. My father says I am not a real Norwegian",
		"Every family dinner someone offers me lutefisk and every time I say no thank you, I'm allergic to jelly fish hehe"),
	pf("allergy", "shrimp", "What is {n} allergic to?",
		"I'm allergic to shrimp. In Bergen. The men at the fish market look at me like I have a terrible disease").
		then("That's tragic for someone who lives by the sea", "My throat closes up, so I am brave about it"),
	pf("team", "Brann", "Which football team does {n} support?",
		"Brann lost at home, I'm not speaking to anyone until Wednesday",
		"Took my brother to see Brann, we sang until we had no voices, we won, I'm very happy").
		then("Haha I didn't know you were a football person", "Only in Bergen. Everyone here is, it's the law"),
	pf("book", "Kon-Tiki", "What is {n}'s favourite book?",
		"Kon-Tiki is my favourite book, I read it when I was ten and decided I would spend my life on boats",
		"Still Kon-Tiki for me, six men on a raft for a hundred days, I read it again every few years").
		asked("Okay what's your favourite book? And don't you dare say an engine manual"),
	pf("show", "Lilyhammer", "What TV show is {n} rewatching?",
		"Rewatching Lilyhammer, it is so silly and so Norwegian, you would love it"),
	pf("parents", "Florø", "Where do {n}'s parents live?",
		"My parents live in Florø, my dad still goes out fishing at five in the morning at seventy-four years old",
		"Drove up to Florø to see my parents, four hours and two ferries, very relaxing for me, very boring for the kids").
		then("Aww do you get up to see them often?", "Not often enough. My mother reminds me every phone call"),
	pf("brother", "Håkon", "What is the name of {n}'s brother?",
		"My brother Håkon works on the oil platforms and earns twice what I do, he never lets me forget it",
		"Håkon came for dinner and fixed our dishwasher, now he thinks he is the real engineer of the family"),
	pf("car", "Nissan Leaf", "What car does {n} drive?",
		"We finally bought an electric car like every other Norwegian. A used Nissan Leaf, the kids call it the frog",
		"The Nissan Leaf ran out of battery two kilometres from home, I pushed it up the hill while my wife steered"),
	pf("bun", "skillingsbolle", "What Bergen bun does {n} bake with his kids?",
		"Saturday morning is skillingsbolle morning, the kids eat more dough than ends up in the oven",
		"I made skillingsbolle with your cardamom tip and it worked!! My wife had three").
		then("Okay now I really want cinnamon buns", "Come to Bergen and I will bake you a whole tray"),
	pf("met", "Krakow", "Where did {n} and Priya first meet?",
		"Can you believe it's nine years since we met in that hostel in Krakow? You were the only one who could work the kettle",
		"I found an old photo from the hostel in Krakow, you have very big hair and I have a very bad beard").
		then("Omg that hostel!! What a week that was", "Still the best week. Also the worst beds"),
	pe("Fløyen", "When did {n} take his kids up Fløyen?",
		"{When} we took the kids up Fløyen on the funicular and had waffles at the top, and Bergen was actually sunny",
		"We walked up Fløyen {when} with the little one in the backpack, the big one complained for 300 metres and then ran ahead").
		then("Aww that sounds like a perfect family day", "It was, until somebody dropped a waffle in a puddle"),
	pe("Ulriken", "When did {n} run up Ulriken?",
		"I ran up Ulriken {when}, all the stone steps, I really thought I would die near the top",
		"{When} I did the Ulriken steps with some colleagues from the ferry, I was last but I was not sick").
		then("That sounds horrible haha", "It was. The view was worth it. My legs disagree"),
	pe("lifeboat drill", "When did {n} have a lifeboat drill with an inspector watching?",
		"We had a lifeboat drill {when} with an inspector watching, I wore my most serious face",
		"{When} was the big lifeboat drill, the inspector timed everything with a stopwatch and smiled once").weekday().
		then("Did you pass?", "We passed. He even said 'good', which for an inspector is like a hug"),
	pe("barnehage", "When did {n}'s son start at kindergarten?",
		"{When} was the little one's first day at barnehage, that's kindergarten. I didn't cry. Well. A bit",
		"The baby started barnehage {when}, he didn't even look back at us when we left").weekday().
		then("Aww how did he do?", "He was fine. My wife cried in the car. I was strong. For about ten minutes"),
	pe("bit the dentist", "When did {n}'s daughter bite the dentist?",
		"{When} my daughter bit the dentist. Very politely, but she bit him",
		"Our big girl bit the dentist {when}. He said it happens all the time. I think he was being kind").weekday().
		then("HAHAHA no", "She says he put his finger in her mouth first, so she has a point"),
	pe("sea lions", "When did {n} take his family to see the sea lions at the aquarium?",
		"{When} we went to see the sea lions at the aquarium, the kids screamed with happiness, so did I a bit",
		"We watched the sea lions being fed at the aquarium {when}, one of them stole a fish from another, very Bergen behaviour"),
	pe("force ten", "When did {n}'s ferry sail through a force ten storm?",
		"We sailed through a force ten {when}, I had to hold the coffee machine with both hands",
		"{When} we had a force ten out by the islands, half the passengers were green and I was very busy in the engine room").
		then("Oh god. Were you okay?", "I was fine, I'm never seasick. The coffee machine did not survive"),
	pp("Legoland", "Where is {n} planning to take his kids?",
		"Next summer we want to drive down to Legoland in Denmark, the kids will lose their minds",
		"I booked the hotel for Legoland! Two days of queues and plastic bricks, I am more excited than the children").
		then("Haha you're just a big kid", "Ja, this is well known"),
	pp("paternity leave", "What is {n} going to take in the spring?",
		"I'm taking paternity leave in the spring, ten weeks at home with the baby, my wife is already making lists for me",
		"Applied for my paternity leave today, the company said 'of course', this is why I love Norway").
		then("Ten weeks! That's amazing", "In Norway it's normal. My father thinks it's a holiday"),
	pp("Shetland", "Where does {n} want to sail one day?",
		"One day I want to sail across to Shetland, it's only about 300 kilometres, how hard can it be",
		"I've been studying charts for the trip to Shetland, my wife says only if I take a satellite phone").
		then("Please don't die", "I will bring a very big flask of coffee"),
	pp("boathouse", "What is {n} planning to build at the bottom of his garden?",
		"I'm going to build a little boathouse at the bottom of the garden, I drew the plans on a napkin at lunch",
		"Bought the wood for the boathouse today. My wife asked if I also bought the time to build it").
		then("Of course you are 😂", "Every engineer needs a project that is never finished"),
}, talk: []string{
	"Here's a pic of the fjord from the bridge this morning, flat like a mirror",
	"It has rained eleven days in a row. In Bergen we call this normal",
	"A dog came on board today without its owner, crossed the fjord twice, very calm about it",
	"Tried to make pancakes like your video, it became one big pancake",
	"The kids woke us up at 5:12. I know because I looked at the clock and said a bad word",
	"Here's a photo of the sky over the islands after the storm, very dramatic",
	"Stepped on Lego in the dark. This is the real Norwegian extreme sport",
	"A passenger asked if I could make the ferry go faster because he was late. I said I'd see what I could do",
	"Uff, my back. Lifted a pump the wrong way",
	"Bought a fish cake at the petrol station and ate it in the car like a teenager",
	"My umbrella broke in the wind the same day I bought it. Bergen always wins",
	"Here's the view from the hill behind our house, worth the climb with a baby on my back",
	"One hour assembling a shelf from IKEA and I have three screws left over. And I'm an engineer",
	"The coffee machine on board is broken. This is a bigger emergency than any engine problem",
	"Found a drawing in my bag from my daughter. It is a troll. It is me, apparently",
	"The seagulls stole a whole sandwich from a tourist today, very professional operation",
	"Slept nine hours in a row. I don't know who I am anymore",
	"The car park at the terminal flooded again, I waded to work like a fisherman",
}}

// Tomás is a cook from Buenos Aires who moved to Osaka: warm, loud,
// "jajaja", "che", Spanish slipping in, lots of emoji. Keiko was his first
// Japanese conversation partner and he calls her Keiko-san.
var pairTomas = pairProfile{name: "Tomás", items: []pairItem{
	pf("job", "Torikichi", "Where did {n} cook before he opened his own place?",
		"Double shift at Torikichi again, eleven hours of chicken skewers, I will smell of charcoal until I die",
		"The master at Torikichi finally let me salt the skewers myself, after two years!! I almost cried jaja").
		asked("How is the restaurant where you work? I am sorry, I forgot the name again").older().
		then("It sounds like very hard work", "Very hard, but I learn something every day. Mostly how not to burn myself"),
	pf("job", "El Farolito", "What is the name of {n}'s own restaurant?",
		"WE OPENED. El Farolito, eight seats, one grill, Argentine food in Nakazakicho. Keiko-san I'm shaking",
		"First full week at El Farolito, a salaryman cried eating my empanadas and said they reminded him of his mother. He is from Nagoya").newer().
		then("{o}, congratulations! I am so proud of you", "Gracias {o}, come to Osaka and eat, the first plate is always yours"),
	pf("barrio", "Boedo", "Which neighbourhood of Buenos Aires did {n} grow up in?",
		"I grew up in Boedo, in Buenos Aires, in a flat above a bakery, so I woke up every day to the smell of medialunas",
		"My cousin sent a video walking down my old street in Boedo, the kiosco is still there, same man, same moustache").
		asked("Which part of Buenos Aires are you from? I found a city map in a travel book"),
	pf("home", "Tennoji", "Where in Osaka does {n} live?",
		"My apartment in Tennoji is so small I can stir a pot while lying in bed. It's actually useful",
		"Walked through the park in Tennoji this morning, an old man was practising saxophone for the pigeons"),
	pf("girlfriend", "Haruka", "What is the name of {n}'s girlfriend?",
		"Haruka laughed at my Japanese again, apparently I asked the waiter for a chopstick of love",
		"My girlfriend Haruka is a nurse and works nights, so we leave each other notes on the fridge like flatmates").
		then("She sounds very kind. How long have you been together?", "Almost two years! She still can't believe I put sugar in my mate"),
	pf("mother", "Graciela", "What is the name of {n}'s mother?",
		"My mom Graciela video-called to check that I am eating. Keiko-san, I am a cook",
		"Mamá, Graciela, sent me a box with dulce de leche and a scarf she knitted, the customs man looked very confused"),
	pf("sister", "Florencia", "What is the name of {n}'s sister?",
		"My sister Florencia is a dentist and still sends me photos of my teeth from 2009 to make fun of me",
		"Florencia, my big sister, says she will visit when the peso stops falling. So never jajaja"),
	pf("nephew", "Thiago", "What is the name of {n}'s nephew?",
		"My nephew Thiago scored his first goal and my sister sent me forty-one videos of it",
		"Thiago asked me if in Japan everybody is a ninja. I said yes obviously").
		then("Jaja children are wonderful", "He is the best thing in my whole family, don't tell my sister"),
	pf("pet", "Mafalda", "What is the name of {n}'s goldfish?",
		"I won a goldfish at a festival and named her Mafalda, she is the only one in the house who listens to me",
		"Mafalda the goldfish is twice as big now, she eats better than I do").
		then("What a good name for a fish", "She is a very serious fish, like the comic"),
	pf("team", "San Lorenzo", "Which Argentine football team does {n} support?",
		"San Lorenzo won 2-0!! I watched at 7am with a coffee and screamed, the neighbour knocked on the wall",
		"My heart belongs to San Lorenzo, it is the religion of my family, my grandfather was buried in the shirt").
		then("Is that your team from home?", "It's more than a team {o}, it's a disease jajaja"),
	pf("team2", "Cerezo", "Which Osaka football team does {n} follow?",
		"In Osaka I follow Cerezo, the pink team, because they remind me of the suffering at home",
		"Went to watch Cerezo with the guys from the kitchen, we lost but the beer was cold"),
	pf("food", "natto", "Which Japanese food can't {n} stand?",
		"I love almost all Japanese food but natto, no. Never. It looks like something the cat found",
		"My girlfriend eats natto every morning and I have to leave the kitchen, it's the only problem in our relationship").
		then("Many people feel that way. I eat it every day", "Then you are the bravest woman I know"),
	pf("dance", "tango", "What dance does {n} do on Thursdays?",
		"On Thursdays I dance tango at a little milonga in Shinsaibashi, the Japanese dancers are better than anybody in Buenos Aires",
		"Danced tango until 1am, my feet are destroyed but my soul is very happy").
		then("I didn't know you dance!", "My grandmother taught me in her kitchen, between the table and the fridge"),
	pf("drink", "yerba mate", "What drink does {n} buy by the kilo?",
		"I finally found a shop in Osaka that sells yerba mate, I bought four kilos and the owner thinks I'm crazy",
		"Ran out of yerba mate and drank green tea all week like a normal person. I felt like a stranger to myself").
		then("What does it taste like?", "Like grass and home. I'll send you some"),
	pf("book", "Rayuela", "What is {n}'s favourite book?",
		"My favourite book is Rayuela by Cortázar, you can read the chapters in any order you want, like life").
		asked("I would like to read something from your country. What is your favourite book?"),
	pf("show", "Midnight Diner", "Which TV series made {n} want to cook in Japan?",
		"Watching Midnight Diner again, it's the reason I wanted to cook in Japan in the first place",
		"Every time I'm sad I put on Midnight Diner and make tamagoyaki at 1am like the master"),
	pf("band", "Soda Stereo", "Which band does {n} play in the kitchen?",
		"Soda Stereo on repeat in the kitchen today, now the dishwasher boy sings along without knowing a single word",
		"A guy in a bar in Amerikamura was wearing a Soda Stereo t-shirt, I hugged him, he was very surprised"),
	pf("bike", "mamachari", "What kind of bike does {n} ride?",
		"I bought a mamachari, the granny bike with the basket, now I ride everywhere with a bag of onions in front",
		"Someone stole the basket from my mamachari. Only the basket. Why").
		then("Jaja the granny bike is the best bike", "The most honest bike in the world"),
	pf("school", "Gato Dumas", "Where did {n} train as a cook?",
		"I studied at Gato Dumas, the cooking school in Buenos Aires, and on the first day the teacher threw a pan at me",
		"A Japanese cook saw Gato Dumas on my CV and said 'ah, the famous school', I felt like a movie star").
		then("A cooking school! I didn't know you studied", "Two years, and I still have a burn from the first week to prove it"),
	pe("JLPT", "When did {n} sit the JLPT exam?",
		"{When} I sat the JLPT, three hours of kanji, my brain is soup",
		"Sat the JLPT {when} in a room full of teenagers, I was the oldest by fifteen years").weekend().
		then("How did you feel at the end?", "Like I guessed half of it with a lot of confidence"),
	pe("Sakai", "When did {n} buy his first Japanese knife in Sakai?",
		"{When} I went to Sakai and bought my first real Japanese knife, the old man engraved my name on it in katakana",
		"I took the train to Sakai {when} to see the knife workshops, and spent one month of rent on a blade").
		then("Oh! Is it very sharp?", "I'm scared of it. I respect it. We are in a relationship"),
	pe("three stitches", "When did {n} cut his thumb badly?",
		"{When} I cut my thumb opening oysters, three stitches, the doctor just said 'cooks' and sighed",
		"Got three stitches {when} after a fight with a mandoline. The mandoline won").
		then("Oh no! Please be careful", "I'm always careful, it's the vegetables who are dangerous"),
	pe("rooftop asado", "When did {n} hold a barbecue on the roof of his building?",
		"{When} we did a rooftop asado on my building, the neighbours came with beer and potato salad",
		"Made a rooftop asado {when} with a grill I built from a bathtub, fourteen people and one fire extinguisher").weekend().
		then("Did anybody complain about the smoke?", "The fire alarm did. Only once"),
	pe("Kansai Walker", "When was {n} interviewed by a magazine?",
		"{When} Kansai Walker interviewed me for a piece about foreign cooks in Osaka! The photographer made me hold a fish",
		"A journalist from Kansai Walker came {when} to talk to me, I answered in Japanese and she answered in English").
		then("You are famous now!", "Famous in one small column, next to an advert for hair tonic"),
	pe("Nara", "When did {n} visit Nara and lose his ticket to a deer?",
		"{When} I went to Nara and a deer ate my train ticket, I had to explain to the station man with gestures",
		"Went to Nara {when}, bowed to a deer, the deer bowed back and then headbutted me").
		then("Jaja the deer there are very bold", "Bold? They are gangsters with antlers"),
	pe("earthquake", "When did {n} feel an earthquake?",
		"There was a small earthquake {when}, only shaking for a few seconds but I grabbed the goldfish bowl like a baby",
		"{When} an earthquake woke me at 4am, the whole building was moving, I sat on the floor with my shoes on").
		then("Were you okay? The first ones are frightening", "Fine, only my heart was running a marathon"),
	pe("Koshien", "When did {n} see a Tigers baseball game?",
		"{When} I went to Koshien to see the Tigers, I understood nothing and sang everything",
		"Went to Koshien {when} with the kitchen guys, I learned all the songs, now I have two teams to suffer for").
		then("Did they win?", "No idea, I was too busy singing jajaja"),
	pe("Kobe", "When did {n} meet his girlfriend's parents?",
		"{When} I met my girlfriend's parents in Kobe. Her father didn't smile for one hour, then he drank sake and hugged me",
		"I had lunch with my girlfriend's parents in Kobe {when}, I brought alfajores and her mother asked for the recipe").
		then("Oh, that is a very big step!", "The biggest. I am still sweating"),
	pp("Iguazú", "Where is {n} taking his girlfriend after visiting his family in Argentina?",
		"Next year we go to Argentina, first my family, then Iguazú, I want her to see the waterfalls",
		"I booked the flights! Buenos Aires for ten days and then up to Iguazú, my mother is already cleaning the house").
		then("Is she nervous to meet your family?", "My mother is more nervous, she has been cooking in her head for months"),
	pp("empanada class", "What is {n} going to teach at the community centre?",
		"I'm going to teach an empanada class at the community centre, twelve people signed up already, I'm more nervous than for my first job",
		"Bought forty rolling pins for the empanada class. Okay, twelve. It felt like forty").
		then("Your students are very lucky", "If they don't burn down the centre"),
	pp("permanent residency", "What is {n} applying for in Japan?",
		"I'm applying for permanent residency, the forms are thicker than a phone book",
		"Sent the permanent residency papers today, now I wait maybe one year, maybe two, I pray to every god in Japan").
		then("I will pray at my shrine too", "Thank you, I need all the gods"),
	pp("Shikoku", "Which pilgrimage does {n} want to walk part of?",
		"When I can take a break I want to walk part of the Shikoku pilgrimage, eighty-eight temples, maybe I do ten",
		"Bought a guidebook for the Shikoku temples, I read it every night before bed like a novel"),
}, talk: []string{
	"Here's a pic of the grill at 11pm, my favourite sight in the world",
	"Rainy day, my hair looks like an old mop",
	"A grandma on the train gave me a candy and patted my head. I'm thirty-three",
	"Burnt my forearm on the grill, a free tattoo",
	"Here's the sunset from the bridge over the river, Osaka can be beautiful",
	"I tried to order at the konbini in Kansai dialect and the guy answered me in English",
	"Dropped a whole tray of onions at 7pm in the middle of service, the chef said nothing, the silence was worse",
	"Found an Argentine flag sticker on a vending machine in Dotonbori, someone from home was here!",
	"Cooked for twelve hours and ate instant noodles at midnight. The cook's life",
	"The trains stopped for an accident, I walked home for ninety minutes in the rain",
	"Here's a photo of my lunch, I cooked for myself for once",
	"My mother sent an eleven-minute voice message, nine minutes were about the neighbour's dog",
	"I miss a real steak so much today, the beef here is beautiful but it is a different animal, literally",
	"Slept nine hours, I feel like a new man",
	"A customer taught me a joke in Osaka-ben, I told it to everyone, nobody laughed",
	"The pigeons at the station know my face now, this is not a good sign",
	"Spent my day off doing laundry and watching old football on my phone, perfect",
	"Sweated so much in the kitchen I had to change my shirt twice",
}}

// Keiko is a retired librarian in Sapporo who took up pottery: gentle,
// precise, full sentences, a little formal, the odd (^_^).
var pairKeiko = pairProfile{name: "Keiko", items: []pairItem{
	pf("career", "Central Library", "Where did {n} work before she retired?",
		"I was at the Sapporo Central Library for most of my working life, and I still straighten the books in shops when nobody is looking.",
		"A man at the supermarket said he remembered me from the counter at the Central Library. He borrowed the same fishing book every summer for twenty years.").
		asked("{o}-san, my girlfriend asked what you did before you retired and I said 'books' jaja. Where did you work exactly?").
		ans("a librarian at the Sapporo Central Library"),
	pf("years", "thirty-eight years", "How many years did {n} work as a librarian?",
		"Thirty-eight years with books, and now I spend my days covered in clay. My younger self would be very surprised.",
		"After thirty-eight years of being quiet for a living, I find I talk a great deal now. You may have noticed (^_^)"),
	pf("job", "Hokudai library", "Where did {n} help out part-time before she changed jobs?",
		"I still help two mornings a week at the Hokudai library, mending old books with tiny brushes. It keeps my hands busy.",
		"The students at the Hokudai library all look about twelve years old to me. One asked me where the 'physical books' were kept.").older().
		then("So you never really retired!", "Librarians never retire, {o}. We are simply reshelved."),
	pf("job", "gallery shop", "Where does {n} work now?",
		"I have some news. I stopped my library mornings, and now I work in the gallery shop at the studio three days a week. I am paid in kiln space instead of money, which suits me.",
		"My first Saturday in the gallery shop. I sold two vases and a mug, and I told a young couple where to find the best soup curry.").newer().
		then("{o}-san, that is perfect for you!", "I think so too. I wrap every pot as if it were a first edition."),
	pf("studio", "Tsuchiya Studio", "Where does {n} take her pottery class?",
		"My pottery class is at Tsuchiya Studio, in an old rice warehouse. It is cold and smells of wet earth and I love it.",
		"The teacher at Tsuchiya Studio is seventy-nine and throws pots faster than I can drink my tea.").
		asked("Where is your pottery class again? I want to send you something from Osaka"),
	pf("husband", "Takeshi", "What is the name of {n}'s husband?",
		"Takeshi has taken over the vegetable garden and talks to the tomatoes every morning. He says they grow better.",
		"My husband Takeshi drove trains for forty years and still wakes up at half past four. So the whole house is awake at half past four.").
		then("Jajaja your husband sounds like a character", "He is. Forty-six years married and he still surprises me."),
	pf("son", "Daisuke", "What is the name of {n}'s son?",
		"My son Daisuke telephoned from Tokyo. He works so late, I worry. He says, Mother, everybody works late.",
		"Daisuke sent me a tablet so that we can 'video call'. So far I have mostly seen his ceiling."),
	pf("daughter", "Akiko", "What is the name of {n}'s daughter?",
		"My daughter Akiko sends me a picture of every lunch so that I know she is eating. She is forty-four.",
		"Akiko is coming for the weekend. I have cleaned the house as if the Emperor himself were coming."),
	pf("daughtercity", "Hakodate", "Where does {n}'s daughter live?",
		"Our daughter lives in Hakodate, four hours by train. She says the squid is better there. She is right.",
		"I went down to Hakodate to help at my daughter's house. Her cat does not like me and made this very clear.").
		asked("Does your daughter live near you? Or far away like my family?"),
	pf("granddaughter", "Natsumi", "What is the name of {n}'s granddaughter?",
		"My granddaughter Natsumi is seven and says she wants to be a librarian. I am trying not to look too pleased.",
		"Natsumi telephoned to say she lost a tooth and threw it on the roof, as we do here. She asked if the tooth fairy comes to Japan.").
		then("So cute! You must be very proud", "I gave her my old date stamp. She stamps everything now, including her brother."),
	pf("sister", "Fumiko", "What is the name of {n}'s sister?",
		"My sister Fumiko and I speak on the telephone every Sunday evening, exactly one hour, for thirty years now.",
		"Fumiko, my older sister, has taken up karaoke at eighty-one. She sings only enka, and very loudly."),
	pf("cat", "Daifuku", "What is the name of {n}'s cat?",
		"Our cat Daifuku is white and round, just like the sweet. He sleeps on top of the rice cooker because it is warm.",
		"Daifuku knocked three drying pots off my shelf. Two weeks of work, and he walked away as if nothing had happened.").
		then("Jaja a very serious cat", "He is the true owner of this house. We only pay the bills."),
	pf("home", "Maruyama", "Where in Sapporo does {n} live?",
		"We live near Maruyama park. In the mornings I hear the crows, and on quiet nights I can hear the lions at the zoo.",
		"I walked through the forest at Maruyama at dawn. An old man was doing tai chi with a crow watching him very closely."),
	pf("repair", "kintsugi", "What repair craft is {n} learning?",
		"I am learning kintsugi, mending broken pots with lacquer and gold. It needs patience, which I have more of now.",
		"My first kintsugi bowl is finished. The crack is now the most beautiful part, which I find comforting at my age.").
		then("That is beautiful, {o}-san", "My teacher says every broken thing deserves a second story."),
	pf("glaze", "celadon", "Which glaze is {n} obsessed with?",
		"I am a little obsessed with celadon, that pale green-blue glaze, like ice on the river.",
		"Three tests of celadon today and all three came out grey. The kiln has its own opinions."),
	pf("writing", "haiku", "What does {n} write every morning?",
		"I write a haiku every morning with my coffee. Most are about the cat, some are about the weather, one was about you.",
		"One of my haiku was printed in the newspaper on Sunday! My husband bought five copies.").
		then("Send me one! I want to try to read it", "I will write it out large, with a translation underneath."),
	pf("exercise", "radio exercises", "What does {n} do in the park every morning?",
		"Every morning at half past six I do the radio exercises in the park with the other old people. We are very serious about it.",
		"The radio exercises group gave me a stamp card. I have not missed a morning. It seems I am very competitive."),
	pf("food", "sea urchin", "What seafood can't {n} eat?",
		"Everybody thinks Hokkaido people love sea urchin, but I cannot eat it. It tastes like the sea is angry.",
		"My son ordered sea urchin for me as a treat and I ate it with a smile and suffered in silence.").
		then("Jajaja me too! I thought it was only me", "Then it is the two of us against the whole island."),
	pf("team", "Nippon-Ham", "Which baseball team does {n} follow?",
		"I have followed Nippon-Ham since they moved to Sapporo. I listen to every game on the radio while I trim pots.",
		"Nippon-Ham lost in the ninth and I said a word out loud that I have never said in a library."),
	pf("book", "Green Gables", "What is {n}'s favourite book?",
		"My favourite book is Anne of Green Gables. I read it at twelve and decided to spend my life among books because of it.").
		asked("You must have read everything. Which book do you love the most?"),
	pf("show", "asadora", "What TV drama does {n} watch every morning?",
		"I watch the asadora every morning at eight, the little fifteen-minute drama. If I miss it the whole day feels crooked.",
		"The heroine of this year's asadora is a baker who talks too much. I like her very much."),
	pe("first firing", "When did {n}'s first pots come out of the kiln?",
		"{When} my first pieces came out of the first firing. Three survived, two cracked, and one is... abstract.",
		"The first firing of my pots was {when}, and I held my little cup like a new grandchild.").
		then("Congratulations! Send me a photo!", "They are a little crooked. Like their maker."),
	pe("group exhibition", "When did {n}'s bowls appear in an exhibition?",
		"{When} the studio had a group exhibition, and two of my bowls were in it! A stranger bought one.",
		"Our group exhibition opened {when}. I stood next to my bowls and pretended to be a visitor.").weekend().
		then("{o}-san! You are an artist now", "A stranger paid money for my bowl. I still cannot believe it."),
	pe("Otaru", "When did {n} visit Otaru with her sister?",
		"I went to Otaru {when} with my sister. We walked along the canal and ate far too much cake.",
		"{When} my sister and I took the train to Otaru and bought a music box we do not need.").
		then("It looks so pretty in the pictures I've seen", "It is even prettier with cake."),
	pe("heart clinic", "When did {n} have a check-up at the heart clinic?",
		"I had my check-up at the heart clinic {when}. The doctor said my heart is that of a woman of sixty. I told him to say it again.",
		"{When} I went to the heart clinic for my yearly check. All is well, the young doctor was very pleased with me.").weekday().
		then("Oh, I am happy to hear it. Were you worried?", "A little. Now I am only worried about my pottery."),
	pe("Moiwa", "When did {n} walk up Mount Moiwa?",
		"I walked up Mount Moiwa {when}, slowly, and the city below looked like a map of itself.",
		"{When} I climbed Moiwa with the radio group. I was not the slowest, which pleased me more than it should.").
		then("Well done! Is it a hard climb?", "For my knees, yes. For my pride, not at all."),
	pe("brown bear", "When was a brown bear seen near {n}'s neighbourhood?",
		"A brown bear was seen at the edge of the forest near us {when}! Everybody walked with bells for the rest of the day.",
		"{When} there was a brown bear in the news, two streets from our house. My husband went out with a saucepan and a spoon.").
		then("A bear?! In the city?", "It happens more and more. They like our apple trees."),
	pe("sports festival", "When did {n} go to her granddaughter's school sports festival?",
		"{When} I went to my granddaughter's sports festival at school. She came fourth in the running race and first in crying afterwards.",
		"It was the sports festival at the little one's school {when}, and I cheered so loudly that the other grandmothers looked at me.").weekend().
		then("Jaja you are a football hooligan grandmother", "I am not ashamed."),
	pp("Mashiko", "Which pottery town is {n} planning to visit?",
		"I would like to go to Mashiko for the pottery fair, the potters' town north of Tokyo. I have wanted to go since I was forty.",
		"I have bought the train tickets for Mashiko. My husband asked how many bowls I will bring home. I did not answer."),
	pp("Okinawa", "Where are {n} and her husband planning to spend a month?",
		"My husband and I are planning to spend a month in Okinawa next winter, to run away from the snow. We have never done such a thing.",
		"I found a little apartment by the sea in Okinawa for our winter month. I keep looking at the photographs."),
	pp("handmade market", "Where is {n} thinking of selling her pottery?",
		"My teacher says I should take a table at the handmade market at the shrine. I am thinking about it very seriously.",
		"I said yes to the handmade market. Now I must make forty pieces and I have made nine.").
		then("You will sell everything!", "I will be happy if I sell one and nobody laughs."),
	pp("Spanish lessons", "What is {n} planning to start at the community centre?",
		"Please don't laugh, but I have signed up for Spanish lessons. I would like to say something proper to your mother one day.",
		"My Spanish lessons at the community centre start next month. I already practise rolling my r's in the bath.").
		then("¡Qué lindo! My mother is going to cry", "Then I must practise my pronunciation very carefully."),
	pp("electric kiln", "What is {n} saving up for?",
		"I am saving for a small electric kiln for the garden shed. My husband says the shed is his. We are negotiating.",
		"I went to look at an electric kiln today. It is the size of a washing machine and costs as much as a small car."),
}, talk: []string{
	"Here's a pic of my workbench this morning, everything covered in grey dust.",
	"The crows stole a glove from the fence again. I think they are collecting a pair.",
	"I fell asleep reading and woke up with the book on my face. Very dignified.",
	"Here's a photo of the sky over the river tonight, pink and orange.",
	"I dropped a bowl I had worked on for two weeks, and I said a word librarians are not supposed to know.",
	"A young man offered me his seat on the subway and I was so offended I stood up straighter.",
	"The post office clerk and I talked for twenty minutes about stamps. It was the best conversation of my week.",
	"My hands are so dry from the clay, they look like a lizard's.",
	"I tried to buy a ticket from a machine that talks. It was too polite and much too fast.",
	"I made too much miso soup, as always. The neighbour will receive some whether she wants it or not.",
	"Here's the one I did today, a little wobbly but I like it.",
	"The vending machine outside our house now sells hot corn soup in a can. The future has arrived.",
	"I lost my reading glasses and found them in the refrigerator, next to the butter.",
	"It rained all day, so I rearranged my bookshelves by colour. The old librarian in me is horrified.",
	"The young people at the studio taught me a new word, 'vibe'. I used it at dinner and my husband choked on his rice.",
	"It was foggy all morning and the whole city looked like an old painting.",
	"A little boy on the bus asked if I was a hundred years old. I told him nearly.",
	"I have clay under my fingernails that I think will be there until I die.",
}}
