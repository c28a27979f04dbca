package longchat

// school is the parents' chat of one class of an international primary
// school in Shanghai, in Chinese and English: the class's football
// results, the school events, the parents' coffee morning that moves, the
// uniform pickup point and the class fund. Its members state their
// children, work, homes and what their children cannot eat in words of
// their own (schoolFacts), often between other news.
var school = theme{
	id: "lc-mix-school", split: "train", langs: []*lang{&chinese, &english}, zone: "+08:00", start: "2026-09-07",
	weeks: 10, days: 30, members: 6, messages: 660,
	skip:    []string{"pet", "allergy", "hometown", "job", "city", "phone", "car", "drama", "kid", "exam", "zodiac", "hobby", "vacation", "dislike", "author", "team", "language", "college", "dish"},
	ownTalk: true,
	people: map[string][]person{
		"zh": {{"lina", "丽娜妈妈", true}, {"haoba", "浩浩爸", false}, {"xiaomei", "小美", true}, {"chenjie", "陈姐", true}, {"aqiang", "阿强爸爸", false}, {"yuanyuan", "圆圆妈", true}},
		"en": {{"claire", "Claire", true}, {"james", "James", false}, {"priyam", "Priya M", true}, {"tomasz", "Tomasz", false}, {"yuki", "Yuki", true}, {"daniel", "Daniel", false}},
	},
	facts: schoolFacts,
	series: []series{{
		key: "match", slot: evening,
		values: []string{"Dulwich Dragons", "Pudong Pandas", "Yew Chung Eagles", "Concordia Comets", "Britannia Lions", "Wellington Wolves", "Shanghai Sharks", "Huangpu Hawks", "Jinqiao Jaguars", "Lujiazui Lynx"},
		text: map[string]seriesText{
			"en": {
				say:     []string{"The kids drew 2-2 with {v} this afternoon, {x}'s boy saved a penalty!", "U9 result: lost 1-3 to {v}, but they never stopped running", "Beat {v} 4-1 today, the team did a lap of honour 😂"},
				reacts:  []string{"so proud", "great effort", "next time!", "what a save", "the lap of honour 😂"},
				ask:     []string{"Which team did the class play {when}?", "Who was the kids' match against {when}?"},
				askBy:   []string{"Which match did {name} post about {when}?"},
				askDate: []string{"When did the kids play {v}?"},
				before:  "the match before the one against {a}", after: "the match after the one against {a}",
			},
			"zh": {
				say:     []string{"今天孩子们踢{v}，3比2赢了，小家伙们高兴坏了", "输给{v}了，不过大家都踢得很拼", "和{v}踢平了，{x}家儿子扑出一个点球"},
				reacts:  []string{"太棒了", "下次加油", "孩子们辛苦了", "[强]", "好燃"},
				ask:     []string{"{when}孩子们踢的是哪个队？", "{when}班级足球赛的对手是谁？"},
				askBy:   []string{"{when}{name}说的比赛是跟哪个队？"},
				askDate: []string{"哪天跟{v}踢的？"},
				before:  "跟{a}那场之前", after: "跟{a}那场之后",
			},
		},
	}, {
		key: "event", slot: evening,
		values: []string{"International Day", "the Halloween parade", "the science fair", "Book Week", "the Mid-Autumn lantern walk", "the winter concert", "Sports Day", "the charity bake sale", "Crazy Hair Day", "the maths challenge"},
		text: map[string]seriesText{
			"en": {
				say:     []string{"{v} was brilliant, thank you {x} for organising the snacks", "Photos from {v} are on the school app, so many cute ones", "{v} done, my feet hurt but the kids loved it"},
				reacts:  []string{"thanks for sharing", "so cute", "great job everyone", "my kid won't stop talking about it"},
				ask:     []string{"Which school event was {when}?", "What did the school hold {when}?"},
				askBy:   []string{"Which event did {name} post about {when}?"},
				askDate: []string{"When was {v}?"},
				before:  "the event before {a}", after: "the event after {a}",
			},
			"zh": {
				say:     []string{"{v}圆满结束，感谢{x}帮忙准备点心", "{v}的照片已经传到学校app了，大家去看", "今天{v}孩子们玩得超开心"},
				reacts:  []string{"辛苦了", "照片好可爱", "谢谢分享", "[强]"},
				ask:     []string{"{when}学校办的是什么活动？", "{when}学校有什么活动？"},
				askBy:   []string{"{when}{name}说的学校活动是哪个？"},
				askDate: []string{"{v}是哪天？"},
				before:  "{a}之前那次", after: "{a}之后那次",
			},
		},
	}},
	updates: []update{{
		key: "coffee", common: true,
		values: []string{"Monday", "Wednesday", "Thursday", "Friday"},
		text: map[string]updateText{
			"en": {
				say:    []string{"Parents' coffee morning is every {v} after drop-off, all welcome"},
				change: []string{"Coffee morning moves to {v}s from next week, the room was booked", "We're switching coffee mornings to {v}, hope that suits more people"},
				ask:    []string{"Which day is the parents' coffee morning now?"},
			},
			"zh": {
				say:    []string{"家长咖啡会每周{v}送完孩子以后，欢迎来"},
				change: []string{"咖啡会从下周起改到{v}，原来的房间被借走了", "以后咖啡会固定{v}，方便更多家长"},
				ask:    []string{"家长咖啡会现在是每周哪天？"},
			},
		},
	}, {
		key:    "pickup",
		values: []string{"the front office", "Gate 3 security desk", "the library foyer", "the PE storeroom"},
		text: map[string]updateText{
			"en": {
				say:    []string{"Uniform orders are picked up at {v}, bring your receipt"},
				change: []string{"Uniform pickup has moved to {v} from now on", "New pickup point for uniforms: {v}"},
				ask:    []string{"Where are uniform orders picked up now?"},
			},
			"zh": {
				say:    []string{"校服在{v}领取，记得带收据"},
				change: []string{"校服领取点改到{v}了", "以后校服去{v}领"},
				ask:    []string{"校服现在去哪领？"},
			},
		},
	}, {
		key:    "fund",
		values: []string{"¥300 a term", "¥200 a term", "¥500 a year", "¥150 a term"},
		text: map[string]updateText{
			"en": {
				say:    []string{"Class fund is {v}, it covers birthdays and the teacher gifts"},
				change: []string{"Class fund goes to {v} after the vote", "We agreed to change the class fund to {v}"},
				ask:    []string{"How much is the class fund now?"},
			},
			"zh": {
				say:    []string{"班费是{v}，用于生日会和老师礼物"},
				change: []string{"投票结果，班费改成{v}", "班费从下学期起{v}"},
				ask:    []string{"班费现在是多少？"},
			},
		},
	}},
	talk: map[string]talk{
		"en": {
			greet: []string{"morning all", "good morning!", "morning 👋"},
			night: []string{"night all", "bedtime battles won, night", "good night"},
			react: []string{"😂", "haha", "👍", "same here", "lol"},
			reply: []string{"same at ours", "oh no {name}", "been there", "haha classic", "good luck {name}", "hang in there"},
			join:  " ",
			topics: []topic{{
				{"Drop-off traffic was chaos again.", "The school bus was twenty minutes late.", "Homework battle tonight."},
				{"Took forty minutes to do one worksheet.", "Someone forgot their water bottle, again.", "The reading log has not been signed since Tuesday."},
				{"Wine o'clock.", "Send coffee.", "Tomorrow is a new day.", "Parenting is a contact sport."},
			}},
			chatter: []string{
				"Does anyone else's child come home with only one shoe?",
				"The lost property box is overflowing again.",
				"Spelling list this week is brutal.",
				"The air quality app says stay inside today.",
				"Just found a banana in the bottom of a school bag from last week.",
				"The canteen menu says fish on Friday, brace yourselves.",
				"Anyone else's kid obsessed with slime right now?",
				"The school app logged me out again.",
			},
			exchanges: []exchange{
				{ask: []string{"does anyone have the homework sheet? ours went missing", "who has a photo of the spelling list?"}, replies: []string{"sending now", "here you go", "ours is missing too"}, close: []string{"thank you!!"}},
				{ask: []string{"{x} can you grab mine at pickup today?", "{x} any chance you could do pickup for us?"}, replies: []string{"of course", "sure, what time?", "sorry, at work till 6"}},
				{ask: []string{"is PE tomorrow or Thursday?", "is it library day tomorrow?"}, replies: []string{"tomorrow I think", "Thursday", "check the app"}},
			},
		},
		"zh": {
			greet: []string{"早上好", "早", "各位家长早"},
			night: []string{"晚安", "哄睡成功，晚安", "睡了"},
			react: []string{"哈哈哈", "[捂脸]", "[强]", "👍", "同"},
			reply: []string{"我家也是", "太真实了", "辛苦了{name}", "哈哈哈哈", "加油", "一样一样"},
			join:  "，",
			topics: []topic{{
				{"早上送娃又堵车", "晚上陪写作业", "校车今天又晚了"},
				{"一张练习卷写了一个小时", "水壶又忘带了", "阅读记录又没签字"},
				{"心累", "明天继续", "当家长太难了"},
			}},
			chatter: []string{
				"孩子又只穿了一只鞋回家",
				"失物招领箱又满了",
				"这周的单词表好难",
				"今天空气不好，别出去玩了",
				"在书包底下翻出了上周的香蕉",
				"学校app又把我踢下线了",
				"孩子最近迷上了做史莱姆",
				"食堂周五又是鱼",
			},
			exchanges: []exchange{
				{ask: []string{"谁有今天的作业单，拍一下", "单词表谁有照片"}, replies: []string{"发群里了", "我拍给你", "我家也找不到"}, close: []string{"谢谢谢谢"}},
				{ask: []string{"{x}今天放学能帮我接一下吗", "{x}今天能帮忙接娃吗"}, replies: []string{"可以", "几点？", "今天加班，不好意思"}},
				{ask: []string{"明天有体育课吗", "明天是图书馆日吗"}, replies: []string{"有", "周四才有", "看app"}},
			},
		},
		"mix": {
			chatter: []string{
				"今天 drop-off 又堵了半小时",
				"homework 写到九点，崩溃",
				"谁家孩子的 water bottle 拿错了",
				"明天 PE 记得穿运动鞋",
				"school app 又登不上了",
				"这周 spelling test 好难",
			},
			exchanges: []exchange{
				{ask: []string{"明天 field trip 要带 lunch 吗", "field trip 几点回来"}, replies: []string{"要带", "三点左右", "看老师的 email"}},
			},
		},
	},
}

// schoolFacts are what the parents state about themselves, in words of
// their own, by language: their children, work and homes, and what their
// children cannot eat.
var schoolFacts = map[string][]fact{
	"en": {{
		key:    "child",
		values: []string{"Mila", "Oscar", "Ava", "Leo", "Freya", "Noah", "Isabella", "Hugo", "Elodie", "Kai"},
		stmt: stmt{
			say:    []string{"{v} lost her first tooth at lunch and the tooth fairy is out of cash", "{v} has decided he's vegetarian as of today, wish me luck", "{v} came home with a certificate for kindness, proud mum moment"},
			prompt: []string{"{name} which one is yours again? the one with the dinosaur bag?"},
			reply:  []string{"{v}! yes, dinosaur everything"},
			mood:   "meh", reacts: []string{"aww", "so sweet", "haha good luck"},
		},
		ask:  []string{"What is {who}'s child called?"},
		who:  []string{"Whose child is {v}?"},
		desc: []string{"the parent of {v}"},
	}, {
		key:    "work",
		values: []string{"pilot", "anaesthetist", "interior designer", "supply chain manager", "yoga teacher", "structural engineer", "journalist", "diplomat", "sommelier", "HR director"},
		stmt: stmt{
			say:    []string{"Flying out again tomorrow, the life of {an} {v}, so Daniel's on pickup duty", "Back-to-back shifts this week, {v} life, apologies for missing the coffee morning", "Twelve years as {an} {v} and parent-teacher night still scares me more"},
			prompt: []string{"{name} what do you do for work, if you don't mind me asking?"},
			reply:  []string{"{v}, so lots of travel", "I'm {an} {v}"},
			mood:   "meh",
		},
		change: stmt{
			say:  []string{"Big change: I've accepted a role as {an} {v}, so I'll finally be around for pickups", "Starting next month as {an} {v}, fewer late nights hopefully"},
			mood: "news",
		},
		ask:  []string{"What does {who} do for work?"},
		now:  []string{"What is {name}'s job now?"},
		who:  []string{"Who works as {an} {v}?"},
		desc: []string{"the parent who works as {an} {v}"},
	}, {
		key:    "home",
		values: []string{"Jinqiao", "Xintiandi", "Gubei", "Hongqiao", "Jing'an Temple", "Century Park area", "Qiantan", "Former French Concession"},
		stmt: stmt{
			say:    []string{"The school bus from {v} takes fifty minutes in the morning, poor kids", "Power cut in our compound in {v} last night, bedtime by torchlight"},
			prompt: []string{"{name} where are you guys based?"},
			reply:  []string{"{v}, near the park", "over in {v}"},
			mood:   "meh",
		},
		change: stmt{
			say:  []string{"We've moved! {v} now, much closer to school", "Lease signed on a place in {v}, moving in next week"},
			mood: "news",
		},
		ask:  []string{"Where does {who} live?"},
		now:  []string{"Where does {name} live now?"},
		who:  []string{"Who lives in {v}?"},
		desc: []string{"the parent who lives in {v}"},
	}, {
		key:    "allergy",
		values: []string{"cashews", "kiwi fruit", "sesame", "strawberries", "gluten", "soya"},
		stmt: stmt{
			say:    []string{"For the class party: {v} is a big no for my son, his EpiPen is in the office", "Reminder for snack rota, my daughter reacts badly to {v}"},
			prompt: []string{"{name} any allergies I should know about for the birthday party?"},
			reply:  []string{"{v}, thanks for asking!"},
			mood:   "note",
		},
		ask:  []string{"What can't {who}'s child eat?"},
		who:  []string{"Whose child can't eat {v}?"},
		desc: []string{"the parent whose child can't eat {v}"},
	}, {
		key:    "trip",
		values: []string{"Phuket", "Hokkaido", "Bali", "Sydney", "Chiang Mai", "Jeju", "Da Nang", "Queenstown"},
		stmt: stmt{
			say:    []string{"Half-term in {v}, already bought the suncream", "Booked {v} for Chinese New Year, the kids want to see snow"},
			prompt: []string{"{name} going anywhere for the holidays?"},
			reply:  []string{"{v}, fingers crossed for good weather"},
			mood:   "envy",
		},
		ask:  []string{"Where is {who} going for the holidays?"},
		who:  []string{"Who is going to {v}?"},
		desc: []string{"the parent going to {v}"},
	}},
	"zh": {{
		key:    "child",
		values: []string{"朵朵", "小宇", "豆包", "悠悠", "阳阳", "可乐", "团子", "米米", "嘟嘟", "乐宝"},
		stmt: stmt{
			say:    []string{"{v}今天换牙了，非要把牙齿带去学校给同学看", "{v}说长大要当宇航员，今天在家练倒立", "{v}数学测验拿了满分，奖励了一个冰淇淋"},
			prompt: []string{"{name}你家孩子叫什么来着？老师点名我没对上"},
			reply:  []string{"{v}，个子最高的那个"},
			mood:   "meh", reacts: []string{"好可爱", "太棒了", "哈哈"},
		},
		ask:  []string{"{who}家孩子叫什么？"},
		who:  []string{"谁家孩子叫{v}？"},
		desc: []string{"{v}的家长"},
	}, {
		key:    "work",
		values: []string{"儿科医生", "律师", "外企财务", "瑜伽老师", "建筑设计师", "空姐", "大学老师", "咖啡店老板", "记者", "基金经理"},
		stmt: stmt{
			say:    []string{"今天又值夜班，{v}的日常，接娃只能拜托孩子爸了", "{v}这行年底特别忙，家长会可能去不了", "做{v}十年了，第一次觉得开家长会比上班还紧张"},
			prompt: []string{"{name}你是做什么工作的呀，看你经常出差"},
			reply:  []string{"{v}，经常要出差", "我是{v}"},
			mood:   "meh",
		},
		change: stmt{
			say:  []string{"换工作了，下个月开始做{v}，以后接送方便多了", "新工作定了，{v}，不用再出差了"},
			mood: "news",
		},
		ask:  []string{"{who}是做什么工作的？"},
		now:  []string{"{name}现在做什么工作？"},
		who:  []string{"谁是{v}？"},
		desc: []string{"做{v}的那位家长"},
	}, {
		key:    "home",
		values: []string{"碧云", "联洋", "古北", "前滩", "新天地", "徐家汇", "森兰", "张江"},
		stmt: stmt{
			say:    []string{"{v}今天又停水了，孩子只能去奶奶家洗澡", "从{v}开车过来要四十分钟，早上得六点半起"},
			prompt: []string{"{name}你们住哪边？周末可以约着玩"},
			reply:  []string{"{v}，欢迎来玩", "住{v}"},
			mood:   "meh",
		},
		change: stmt{
			say:  []string{"我们搬到{v}了，离学校近多了", "新房子在{v}，下周搬"},
			mood: "news",
		},
		ask:  []string{"{who}住在哪里？"},
		now:  []string{"{name}现在住在哪里？"},
		who:  []string{"谁住在{v}？"},
		desc: []string{"住在{v}的那位家长"},
	}, {
		key:    "allergy",
		values: []string{"花生", "芒果", "牛奶", "蚕豆", "猕猴桃", "小麦"},
		stmt: stmt{
			say:    []string{"班级聚会的零食麻烦避开{v}，孩子吃了会起疹子", "提醒一下点心轮值的家长，我家孩子不能吃{v}"},
			prompt: []string{"{name}你家孩子有啥不能吃的吗？生日会我来订蛋糕"},
			reply:  []string{"{v}，谢谢你想着"},
			mood:   "note",
		},
		ask:  []string{"{who}家孩子不能吃什么？"},
		who:  []string{"谁家孩子不能吃{v}？"},
		desc: []string{"孩子不能吃{v}的那位家长"},
	}, {
		key:    "trip",
		values: []string{"三亚", "北海道", "普吉岛", "西双版纳", "长白山", "云南", "大理", "厦门"},
		stmt: stmt{
			say:    []string{"寒假带孩子去{v}，机票已经订好了", "国庆去{v}玩了一圈，孩子晒黑了"},
			prompt: []string{"{name}假期带孩子去哪玩？"},
			reply:  []string{"去{v}，孩子想看海"},
			mood:   "envy",
		},
		ask:  []string{"{who}假期去哪里？"},
		who:  []string{"谁假期去{v}？"},
		desc: []string{"假期去{v}的那位家长"},
	}},
}
