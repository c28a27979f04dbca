package longchat

// cycling is the group chat of a road-cycling club in Kuala Lumpur whose
// members write in Chinese and English: its Sunday rides and the
// breakfasts after them, where rides start from, which day the weeknight
// ride is and the yearly fee. Its members state their work, homes,
// hometowns, animals, children, what they cannot eat, pastimes and trips
// in words of their own (cyclingFacts), in forms the other chats do not
// use, between small talk about the haze, the traffic and punctures.
var cycling = theme{
	id: "lc-mix-cycling", split: "train", langs: []*lang{&chinese, &english}, zone: "+08:00", start: "2026-06-01",
	weeks: 10, days: 30, members: 6, messages: 660,
	skip:    []string{"pet", "allergy", "hometown", "job", "city", "phone", "car", "drama", "kid", "exam", "zodiac", "hobby", "vacation", "dislike", "author", "team", "language", "college", "dish"},
	ownTalk: true,
	people: map[string][]person{
		"zh": {{"ahhock", "阿福", false}, {"meiling", "美玲", true}, {"jiahui", "佳慧", true}, {"laotan", "老陈", false}, {"xiaoyu", "小雨", true}, {"weijie", "伟杰", false}},
		"en": {{"farid", "Farid", false}, {"siew", "Siew Lin", true}, {"marcus", "Marcus", false}, {"anita", "Anita", true}, {"kumar", "Kumar", false}, {"grace", "Grace", true}},
	},
	facts: cyclingFacts,
	series: []series{{
		key: "route", slot: morning,
		values: []string{"Genting Sempah", "Bukit Tinggi", "Fraser's Hill", "Broga", "the Putrajaya loop", "Ulu Yam", "Hulu Langat", "Janda Baik", "Kuala Kubu Bharu", "Batu Dam"},
		text: map[string]seriesText{
			"en": {
				say:     []string{"{v} done before the rain, {x} dropped everyone on the last climb", "Sunday ride: {v} and back, 94 km, legs are jelly", "Made it up {v} without stopping this time 💪"},
				reacts:  []string{"beast", "strava or it didn't happen", "next week I'm in", "legs of steel {name}", "rain dodgers"},
				ask:     []string{"Where did the club ride {when}?", "Which route did the Sunday ride take {when}?"},
				askBy:   []string{"Which ride did {name} post about {when}?"},
				askDate: []string{"When did the club ride to {v}?"},
				before:  "the ride before the one to {a}", after: "the ride after the one to {a}",
			},
			"zh": {
				say:     []string{"今天骑了{v}，来回九十公里，腿废了", "{v}那段爬坡{x}一骑绝尘", "早上{v}一圈，下雨前刚好回到车上"},
				reacts:  []string{"牛", "腿还在吗", "下次带我", "[强]", "太猛了"},
				ask:     []string{"{when}车队骑的是哪条路线？", "{when}周日骑行去的哪里？"},
				askBy:   []string{"{when}{name}说的骑行是去哪？"},
				askDate: []string{"哪天骑的{v}？"},
				before:  "骑{a}之前那次", after: "骑{a}之后那次",
			},
		},
	}, {
		key: "breakfast", slot: lunch,
		values: []string{"Restoran Yut Kee", "Nasi Lemak Tanglin", "Hon Kee porridge", "Village Park", "Imbi Market", "Lai Foong", "Kedai Kopi Sin Kee", "Ho Kow Hainan Kopitiam"},
		text: map[string]seriesText{
			"en": {
				say:     []string{"Post-ride roti at {v}, {x} ordered three plates", "{v} after the ride, worth every climb", "Breakfast at {v}, the teh tarik alone was worth it"},
				reacts:  []string{"so jealous", "save me a seat next time", "carbo loading", "that place is legit"},
				ask:     []string{"Where did the club eat after the ride {when}?", "Which breakfast place did they go to {when}?"},
				askBy:   []string{"Which breakfast place did {name} mention {when}?"},
				askDate: []string{"When did the club eat at {v}?"},
				before:  "the breakfast before {a}", after: "the breakfast after {a}",
			},
			"zh": {
				say:     []string{"骑完去{v}吃早餐，{x}一个人点了三份", "{v}的咖啡乌还是那个味", "今天早餐在{v}，排了半个小时"},
				reacts:  []string{"饿了", "下次等我", "那家好吃", "骑车就是为了吃"},
				ask:     []string{"{when}骑完去哪吃的早餐？", "{when}早餐是在哪家吃的？"},
				askBy:   []string{"{when}{name}说的早餐是在哪吃的？"},
				askDate: []string{"哪天去{v}吃的早餐？"},
				before:  "去{a}之前那次", after: "去{a}之后那次",
			},
		},
	}},
	updates: []update{{
		key:    "meetpoint",
		values: []string{"the Shell station on Jalan Maarof", "the Petronas at Jalan Duta", "the KLCC park fountain", "the Bukit Kiara car park"},
		text: map[string]updateText{
			"en": {
				say:    []string{"Sunday rides start from {v}, wheels rolling at 6:30"},
				change: []string{"Roadworks, so we start from {v} for now", "New start point: {v}, more parking there"},
				ask:    []string{"Where do the club's Sunday rides start now?"},
			},
			"zh": {
				say:    []string{"周日骑行在{v}集合，六点半出发"},
				change: []string{"修路了，以后在{v}集合", "集合点换了，改到{v}，那边好停车"},
				ask:    []string{"车队周日骑行现在在哪集合？"},
			},
		},
	}, {
		key: "nightride", common: true,
		values: []string{"Tuesday", "Wednesday", "Thursday"},
		text: map[string]updateText{
			"en": {
				say:    []string{"Weeknight ride is {v} 8pm, lights compulsory"},
				change: []string{"Night ride moves to {v} from next week, the park closes early now", "We're doing night rides on {v}s now"},
				ask:    []string{"Which night is the club's weeknight ride now?"},
			},
			"zh": {
				say:    []string{"夜骑定在每周{v}晚上八点，必须带灯"},
				change: []string{"夜骑从下周起改到{v}", "以后夜骑固定{v}，公园那边早关门了"},
				ask:    []string{"车队的夜骑现在是每周哪天？"},
			},
		},
	}, {
		key:    "fee",
		values: []string{"RM30 a year", "RM50 a year", "RM20 a quarter", "RM60 a year"},
		text: map[string]updateText{
			"en": {
				say:    []string{"Club fee is {v}, covers the insurance, pay Siew Lin"},
				change: []string{"Insurance went up, club fee is {v} now", "Committee decided: fee goes to {v}"},
				ask:    []string{"How much is the club fee now?"},
			},
			"zh": {
				say:    []string{"会费{v}，包保险，转给美玲"},
				change: []string{"保险涨了，会费改成{v}", "开会决定，会费以后{v}"},
				ask:    []string{"车队的会费现在是多少？"},
			},
		},
	}},
	talk: map[string]talk{
		"en": {
			greet: []string{"morning riders", "morning!", "gm all"},
			night: []string{"night all", "early ride tomorrow, night", "off to bed"},
			react: []string{"lol", "😂", "haha", "👍", "🚴", "oof"},
			reply: []string{"same", "rip {name}", "been there", "classic", "respect {name}", "the struggle", "ouch"},
			join:  " ",
			topics: []topic{{
				{"Two punctures on the way in.", "The haze is back.", "Chain snapped on the climb."},
				{"Walked the last kilometre.", "Couldn't see the twin towers at all.", "Glad I packed a spare tube."},
				{"Never again.", "Coffee first.", "Cycling is a cheap hobby they said."},
			}},
			chatter: []string{
				"The haze index is over 150 again, indoor trainer it is.",
				"Some guy in a Myvi cut me off on the Federal this morning.",
				"Tyres cost more than my phone now, what is this sport.",
				"Thunderstorm at 4pm like clockwork.",
				"My Strava says I burned 2000 calories, I ate 3000.",
				"The new bike lane is already full of parked cars.",
				"Bought new bar tape, it's the little things.",
				"Saddle sore is real, that's all I'll say.",
				"Traffic on the NKVE is a parking lot again.",
				"Durian season means nobody is losing weight this month.",
				"The monkeys at the dam stole someone's banana again.",
				"Rain jacket or no rain jacket, the eternal question.",
			},
			exchanges: []exchange{
				{ask: []string{"anyone got a spare 11-speed chain link?", "who has a torque wrench I can borrow?"}, replies: []string{"I do, bring it Sunday", "check the bike shop near the LRT", "not me sorry"}},
				{ask: []string{"{x} you riding this weekend?", "{x} coming for the night ride?"}, replies: []string{"yes if no rain", "can't, family thing", "maybe, will confirm"}},
				{ask: []string{"kopi after?", "who's up for cendol after the ride?"}, replies: []string{"always", "me!", "next time"}},
			},
		},
		"zh": {
			greet: []string{"早", "早安", "大家早"},
			night: []string{"睡了", "明天早起，晚安", "撤了"},
			react: []string{"哈哈哈", "[捂脸]", "[强]", "👍", "笑死"},
			reply: []string{"同", "太真实了", "抱抱{name}", "我也是", "加油", "习惯就好"},
			join:  "，",
			topics: []topic{{
				{"今天又爆胎了", "烟霾又来了", "上坡的时候掉链子了"},
				{"推了最后一公里", "双峰塔都看不见", "幸好带了内胎"},
				{"再也不骑了", "先喝杯咖啡", "骑车真烧钱"},
			}},
			chatter: []string{
				"今天空气指数又一百五了，只能在家骑台子",
				"早上大道上被一辆车别了一下，吓死",
				"新轮胎好贵，这项运动太烧钱",
				"四点准时打雷下雨",
				"骑完吃得比消耗的还多",
				"新修的自行车道上全是停的车",
				"换了新把带，心情都好了",
				"高速又塞成停车场了",
				"榴莲季，谁也别想减肥",
				"水坝那边的猴子又抢香蕉了",
			},
			exchanges: []exchange{
				{ask: []string{"谁有多余的链条扣", "扭力扳手谁能借我一下"}, replies: []string{"我有，周日带给你", "车行有卖", "没有"}},
				{ask: []string{"{x}这周骑吗", "{x}夜骑来不来"}, replies: []string{"不下雨就来", "有事去不了", "再说"}},
				{ask: []string{"骑完喝茶吗", "骑完谁去吃煎蕊"}, replies: []string{"去", "+1", "下次"}},
			},
		},
		"mix": {
			chatter: []string{
				"今天 haze 又很严重，indoor trainer 骑了一小时",
				"我的 Strava 又被 KOM 抢了",
				"tyre 又 puncture 了，第三次了",
				"谁的 bike 停在 lobby 被 guard 骂了",
				"明天 ride 要不要带 rain jacket",
				"new helmet 到了，颜色好丑",
			},
			exchanges: []exchange{
				{ask: []string{"Sunday ride 有谁去", "night ride 今天还骑吗"}, replies: []string{"me", "看天气吧", "我去"}},
				{ask: []string{"{x} 你的 pump 能借我吗", "{x} 那个 route 的 GPX 发我一下"}, replies: []string{"发你了", "在车上", "等一下"}},
			},
		},
	},
}

// cyclingFacts are what the club's members state about themselves, in
// words of their own, by language.
var cyclingFacts = map[string][]fact{
	"en": {{
		key:    "job",
		values: []string{"quantity surveyor", "radiographer", "air traffic controller", "sommelier", "court interpreter", "crane operator", "pharmacist", "UX researcher"},
		stmt: stmt{
			say:    []string{"Nobody warns you that being a {v} means weekend calls, missed the ride again", "Still the only {v} in the office who rides in", "Eleven years as a {v} and my back finally noticed"},
			prompt: []string{"{name} what do you do again?", "{name} what's the day job?"},
			reply:  []string{"{v}, for my sins", "{v}, same as ever"},
			mood:   "meh",
		},
		change: stmt{
			say:  []string{"Handed in my notice, starting as a {v} next month", "New badge, new title: {v}"},
			mood: "news",
		},
		ask:  []string{"What does {who} do for work?"},
		now:  []string{"What does {name} do now?"},
		who:  []string{"Who works as {an} {v}?"},
		desc: []string{"the member who works as {an} {v}"},
	}, {
		key:    "home",
		values: []string{"Bangsar", "Mont Kiara", "Subang Jaya", "Cheras", "Petaling Jaya", "Puchong", "Setapak", "Damansara Heights"},
		stmt: stmt{
			say:    []string{"Rode in from {v} this morning, the Federal was brutal", "{v} flooded again, the bike is living in my kitchen"},
			prompt: []string{"{name} which side of town are you on?"},
			reply:  []string{"{v}, near the LRT", "{v} side"},
			mood:   "meh",
		},
		change: stmt{
			say:  []string{"Tenancy signed in {v}, boxes everywhere", "We're {v} people now, new place backs onto the park"},
			mood: "news",
		},
		ask:  []string{"Where does {who} live?"},
		now:  []string{"Where does {name} live now?"},
		who:  []string{"Who lives in {v}?"},
		desc: []string{"the member who lives in {v}"},
	}, {
		key:    "animal",
		values: []string{"golden retriever", "corn snake", "lovebird", "ragdoll", "border collie", "tortoise"},
		stmt: stmt{
			say:    []string{"The {v} ate half my energy gels, vet says he'll live", "Can't ride Sunday, the {v} is at the groomer and I'm on pickup duty"},
			prompt: []string{"{name} whose animal is that in your profile pic?"},
			reply:  []string{"mine! the {v} runs the house"},
			mood:   "good", reacts: []string{"pics!", "club mascot", "so cute"},
		},
		ask:  []string{"What animal does {who} have?"},
		who:  []string{"Who has {an} {v}?"},
		desc: []string{"the member with the {v}"},
	}, {
		key:    "allergy",
		values: []string{"bee stings", "shellfish", "penicillin", "latex", "peanuts"},
		stmt: stmt{
			say:    []string{"Carrying an epipen on rides now, {v} and I do not get along", "Heads up for the club potluck: {v} puts me in hospital"},
			prompt: []string{"{name} anything we should keep away from you on the picnic ride?"},
			reply:  []string{"{v}, seriously"},
			mood:   "meh",
		},
		ask:  []string{"What is {who} allergic to?"},
		who:  []string{"Who is allergic to {v}?"},
		desc: []string{"the member allergic to {v}"},
	}, {
		key:    "pastime",
		values: []string{"bonsai", "salsa", "woodworking", "calligraphy", "scuba diving", "ukulele"},
		stmt: stmt{
			say:    []string{"Saturday night {v} class again, legs more tired than after the ride", "The balcony is now 80% {v}, send help"},
			prompt: []string{"{name} what do you do when you're not on the bike?"},
			reply:  []string{"{v}, it keeps me sane"},
			mood:   "meh",
		},
		ask:  []string{"What does {who} do besides cycling?"},
		who:  []string{"Who is into {v}?"},
		desc: []string{"the member into {v}"},
	}, {
		key:    "child",
		values: []string{"Aisyah", "Ethan", "Mei", "Ryan", "Sofia", "Adam"},
		stmt: stmt{
			say:    []string{"{v} lost a front tooth at breakfast and wants the tooth fairy to pay in ringgit", "Sports day: {v} came second in the sack race, proudest parent there"},
			prompt: []string{"{name} what's your youngest called again?"},
			reply:  []string{"{v}, turning five in March"},
			mood:   "good",
		},
		ask:  []string{"What is the name of {who}'s child?"},
		who:  []string{"Whose child is {v}?"},
		desc: []string{"the member whose child is {v}"},
	}},
	"zh": {{
		key:    "job",
		values: []string{"药剂师", "口译员", "建筑师", "空乘", "幼师", "会计师", "牙医", "消防员"},
		stmt: stmt{
			say:    []string{"当{v}第七年了，腰不太行", "{v}这行一到年底就没周末", "又被拉去{v}培训，周日骑不了"},
			prompt: []string{"{name}你做哪行的", "{name}你平时上什么班"},
			reply:  []string{"{v}，混口饭吃", "{v}"},
			mood:   "meh",
		},
		change: stmt{
			say:  []string{"新合同签了，下个月开始当{v}", "转行成功，现在是{v}了"},
			mood: "news",
		},
		ask:  []string{"{who}做什么工作？"},
		now:  []string{"{name}现在做什么工作？"},
		who:  []string{"谁是{v}？"},
		desc: []string{"当{v}的那位"},
	}, {
		key:    "home",
		values: []string{"蕉赖", "梳邦再也", "八打灵再也", "蒲种", "甲洞", "孟沙", "沙登", "士布爹"},
		stmt: stmt{
			say:    []string{"{v}这边又停水了，三天了", "从{v}骑过来四十分钟，刚好热身"},
			prompt: []string{"{name}你住哪一带"},
			reply:  []string{"{v}", "{v}那边"},
			mood:   "meh",
		},
		change: stmt{
			say:  []string{"在{v}买了房，下个月交钥匙", "搬到{v}了，离集合点近多了"},
			mood: "news",
		},
		ask:  []string{"{who}住在哪？"},
		now:  []string{"{name}现在住在哪？"},
		who:  []string{"谁住在{v}？"},
		desc: []string{"住在{v}的那位"},
	}, {
		key:    "hometown",
		values: []string{"槟城", "怡保", "新山", "古晋", "马六甲", "哥打巴鲁", "汕头", "厦门"},
		stmt: stmt{
			say:    []string{"回{v}过节，路上塞了六个小时", "{v}的白咖啡还是最好喝，别的都不对"},
			prompt: []string{"{name}你是哪里人"},
			reply:  []string{"{v}人", "{v}的"},
			mood:   "meh",
		},
		ask:  []string{"{who}是哪里人？"},
		who:  []string{"谁是{v}人？"},
		desc: []string{"老家在{v}的那位"},
	}, {
		key:    "animal",
		values: []string{"金毛", "英短", "柯基", "锦鲤", "虎皮鹦鹉", "龙猫"},
		stmt: stmt{
			say:    []string{"{v}昨晚把我的骑行手套叼走了", "{v}生病了，这周末在家陪它"},
			prompt: []string{"{name}你家那只是什么"},
			reply:  []string{"我家{v}"},
			mood:   "good", reacts: []string{"好可爱", "带来骑车", "吸"},
		},
		ask:  []string{"{who}养的是什么？"},
		who:  []string{"谁养了{v}？"},
		desc: []string{"养{v}的那位"},
	}, {
		key:    "allergy",
		values: []string{"花生", "虾蟹", "芒果", "青霉素", "尘螨"},
		stmt: stmt{
			say:    []string{"{v}我一口都不能碰，野餐别放", "上次不小心吃了{v}，脸肿了三天"},
			prompt: []string{"{name}野餐有什么你不能吃的"},
			reply:  []string{"{v}，千万别"},
			mood:   "meh",
		},
		ask:  []string{"{who}不能吃什么？"},
		who:  []string{"谁不能碰{v}？"},
		desc: []string{"不能碰{v}的那位"},
	}, {
		key:    "pastime",
		values: []string{"书法", "潜水", "尤克里里", "烘焙", "围棋", "陶艺"},
		stmt: stmt{
			say:    []string{"周末除了骑车就是{v}，手都磨破了", "最近迷上{v}，装备买了一堆"},
			prompt: []string{"{name}不骑车的时候干嘛"},
			reply:  []string{"{v}", "玩{v}"},
			mood:   "meh",
		},
		ask:  []string{"{who}除了骑车还喜欢什么？"},
		who:  []string{"谁喜欢{v}？"},
		desc: []string{"喜欢{v}的那位"},
	}, {
		key:    "trip",
		values: []string{"北海道", "巴厘岛", "尼泊尔", "兰卡威", "清迈", "新西兰"},
		stmt: stmt{
			say:    []string{"年底请了假，带爸妈去{v}", "{v}的机票订好了，车也带上"},
			prompt: []string{"{name}年底有什么安排"},
			reply:  []string{"去{v}", "{v}，票订了"},
			mood:   "good",
		},
		ask:  []string{"{who}年底去哪？"},
		who:  []string{"谁要去{v}？"},
		desc: []string{"要去{v}的那位"},
	}},
}
