package longchat

// frisbee is an ultimate frisbee club in Shanghai whose members write in
// Chinese and English, switching from one message to the next and within
// one: the games it plays, the bars after practice, the practice night
// that moves, its field and its fee. Its members state their work, home
// and animals in words of their own (frisbeeFacts).
var frisbee = theme{
	id: "lc-mix-frisbee", split: "train", langs: []*lang{&chinese, &english}, zone: "+08:00", start: "2026-04-06",
	weeks: 10, days: 30, members: 6, messages: 660,
	skip: []string{"job", "city", "pet", "hobby"},
	people: map[string][]person{
		"zh": {{"kevin", "Kevin", false}, {"vivian", "Vivian", true}, {"xiaoyu", "小鱼", true}, {"dapeng", "大鹏", false}, {"coco", "Coco", true}, {"ajun", "阿俊", false}},
		"en": {{"lucas", "Lucas", false}, {"sophie", "Sophie", true}, {"jonas", "Jonas", false}, {"aisha", "Aisha", true}, {"mike", "Mike", false}, {"ines", "Ines", true}},
	},
	facts: frisbeeFacts,
	series: []series{{
		key: "game", slot: evening,
		values: []string{"Flying Pandas", "Disc Dragons", "Thunderbirds", "Wild Geese", "Red Kites", "Night Owls", "Tidal Wave", "Jade Rabbits", "Iron Lotus", "Paper Tigers", "Sky Carp", "Bund Breakers"},
		text: map[string]seriesText{
			"en": {
				say:     []string{"Beat {v} 13-9 today!! My legs are gone", "Tough loss to {v} this afternoon but those layouts were 🔥", "GG {v}, spirit award goes to {x} for that honest call"},
				reacts:  []string{"what a game", "so proud of this team", "my hamstrings disagree", "rematch!", "ice baths for everyone"},
				ask:     []string{"Which team did the club play {when}?", "Who did we play against {when}?"},
				askBy:   []string{"Which game did {name} post about {when}?"},
				askDate: []string{"When did we play {v}?"},
				before:  "just before the game against {a}", after: "right after the game against {a}",
			},
			"zh": {
				say:     []string{"今天和{v}打了一场，13比11险胜！", "输给{v}了，对面手是真的稳", "和{v}的友谊赛结束，{x}今天那几个接盘太帅了"},
				reacts:  []string{"辛苦了", "下次赢回来", "腿废了", "太燃了", "[强]"},
				ask:     []string{"{when}我们跟哪个队打的比赛？", "{when}飞盘队的对手是谁？"},
				askBy:   []string{"{when}{name}说的比赛是跟哪个队？"},
				askDate: []string{"哪天跟{v}打的？"},
				before:  "跟{a}那场之前", after: "跟{a}那场之后",
			},
		},
	}, {
		key: "bar", slot: evening,
		values: []string{"Lucky Dog Tavern", "Juju Taproom", "Hop Yard", "Bamboo Tap", "Red Lantern Bar", "Cloud Nine Brewing", "Tipsy Panda", "Moonshot Taproom", "Harbor Lights", "The Rusty Anchor"},
		text: map[string]seriesText{
			"en": {
				say:     []string{"Post-practice beers at {v}, {x} owes me one", "{v} after practice was a vibe, their wings are elite", "Ended up at {v} till midnight, worth it"},
				reacts:  []string{"good times", "my wallet is crying", "same place next week?", "those wings tho"},
				ask:     []string{"Where did the club go for drinks {when}?", "Which bar did we go to after practice {when}?"},
				askBy:   []string{"Which bar did {name} mention {when}?"},
				askDate: []string{"When did we go to {v}?"},
				before:  "the time before {a}", after: "the time after {a}",
			},
			"zh": {
				say:     []string{"训练完去{v}喝了两杯，人均八十", "{v}的精酿不错，下次练完还去", "昨晚在{v}坐到十二点，聊嗨了"},
				reacts:  []string{"下次带我", "喝多了吗", "那家不错", "人均还行"},
				ask:     []string{"{when}训练完去的哪家酒吧？", "{when}大家去哪喝的酒？"},
				askBy:   []string{"{when}{name}说的酒吧是哪家？"},
				askDate: []string{"哪天去的{v}？"},
				before:  "去{a}之前那次", after: "去{a}之后那次",
			},
		},
	}},
	updates: []update{{
		key: "practice", common: true,
		values: []string{"Tuesday", "Wednesday", "Thursday", "Saturday"},
		text: map[string]updateText{
			"en": {
				say:    []string{"Practice is every {v}, 7 to 9pm, bring both a light and a dark shirt"},
				change: []string{"Practice moves to {v}s from next week, the field had a conflict", "We're switching practice to {v} nights, update your calendars"},
				ask:    []string{"Which day does the club practise now?"},
			},
			"zh": {
				say:    []string{"每周{v}晚上七点训练，记得带深浅两件衣服"},
				change: []string{"训练从下周开始改到{v}了，场地那天才有空", "以后固定{v}晚上练，大家改一下日历"},
				ask:    []string{"飞盘队现在每周哪天训练？"},
			},
		},
	}, {
		key:    "field",
		values: []string{"Century Park north lawn", "Jiangwan Stadium", "Xuhui Riverside field", "Yuanshen Sports Centre", "Qiantan football pitch"},
		text: map[string]updateText{
			"en": {
				say:    []string{"We practise at {v}, come in through the south gate"},
				change: []string{"Field change! We're at {v} from now on", "Lost our slot, practice moves to {v} starting next week"},
				ask:    []string{"Where does the club practise now?"},
			},
			"zh": {
				say:    []string{"训练场地在{v}，南门进来"},
				change: []string{"场地换了，以后去{v}练", "下周起改在{v}，那边晚上有灯"},
				ask:    []string{"飞盘队现在在哪训练？"},
			},
		},
	}, {
		key:    "fee",
		values: []string{"¥200 per season", "¥40 per session", "¥260 per season", "¥35 per session"},
		text: map[string]updateText{
			"en": {
				say:    []string{"Club fee is {v}, pay by WeChat transfer"},
				change: []string{"Fees go to {v} from next month, field rent went up", "Heads up, the fee is now {v}, we voted on it last night"},
				ask:    []string{"How much is the club fee now?"},
			},
			"zh": {
				say:    []string{"会费是{v}，群收款已经发了"},
				change: []string{"场地涨价了，会费改成{v}", "投票结果出来了，以后会费{v}"},
				ask:    []string{"飞盘队的会费现在是多少？"},
			},
		},
	}},
	talk: map[string]talk{
		"en": {
			topics: []topic{{
				{"Ran sprints after work today.", "Threw with a wall for {mins} at lunch.", "Did the hamstring routine before bed."},
				{"My backhand still wobbles when there's wind.", "Kept shanking my flicks into the same bush.", "Pulled something in my calf on the last sprint."},
				{"Foam roller is my best friend now.", "Progress, slowly.", "See you all at practice.", "Going to ice it and pretend it's fine."},
			}},
			chatter: []string{
				"Lost a cleat in the mud, found it, lost it again.",
				"My knees sound like bubble wrap after practice.",
				"Someone took my water bottle by mistake, the green one with stickers.",
				"The humidity tonight was unreal, I was drenched in ten minutes.",
				"Watched the pro highlights on the metro, feeling inspired and also very slow.",
				"Sunburn on exactly one arm, very stylish.",
				"Ordered new gloves, the grip on my old ones is gone.",
				"The guards kicked us off the grass five minutes early again.",
				"My flatmate asked if frisbee is a real sport, we are no longer friends.",
				"Slept eleven hours after Saturday, no regrets.",
			},
			exchanges: []exchange{
				{ask: []string{"anyone up for pizza after practice?", "food after? I'm starving"}, replies: []string{"yes please", "I'm in", "can't tonight", "only if it's the cheap place"}},
				{ask: []string{"does anyone have a spare disc I can borrow?", "who has an extra disc for tonight?"}, replies: []string{"I have two", "bring yours next time lol", "there are spares in the bag"}},
				{ask: []string{"{x} can you bring the cones tonight?", "{x} do you still have the cones?"}, replies: []string{"yep they're in my car", "forgot them, sorry!", "on it"}},
				{ask: []string{"is practice still on with this rain?", "rain check tonight?"}, replies: []string{"still on unless it thunders", "field's flooded, cancelled", "checking with the guard"}},
			},
		},
		"zh": {
			topics: []topic{{
				{"下班去跑了几组冲刺", "午休对着墙扔了半小时", "睡前拉伸了一下"},
				{"反手一有风就飘", "正手还是老往一个方向歪", "小腿好像拉到了"},
				{"慢慢来吧", "明天训练见", "泡沫轴滚起来", "先冰敷一下"},
			}},
			chatter: []string{
				"今天场地好多蚊子，腿上咬了十几个包",
				"新买的钉鞋有点磨脚",
				"谁拿错了我的水壶，绿色那个",
				"晒黑了两个色号[捂脸]",
				"地铁上刷比赛视频，越看越觉得自己跑得慢",
				"腿酸得下楼梯都难",
				"场地保安又提前赶人了",
				"今天风太大，扔出去的盘全飘了",
				"训练完直接睡了十个小时",
				"同事问我飞盘是不是遛狗用的[裂开]",
			},
			exchanges: []exchange{
				{ask: []string{"谁有充电宝，手机快没电了", "有人带充电宝了吗"}, replies: []string{"我有", "在我包里自己拿", "没带"}},
				{ask: []string{"训练完有人一起吃烧烤吗", "一会儿撸串去不去"}, replies: []string{"去！", "+1", "今天不行，明早有会"}},
				{ask: []string{"{x}标志桶你带了吗", "{x}今天盘你带没"}, replies: []string{"带了在车上", "忘了[捂脸]", "马上到"}},
				{ask: []string{"下雨还练吗", "今晚雨这么大还训练吗"}, replies: []string{"小雨照练", "取消了，看群公告", "等通知"}},
			},
		},
		"mix": {
			chatter: []string{
				"今晚 practice 有人迟到吗，我堵车了",
				"那个 layout 太帅了，有人录了吗",
				"我的 flick 今天完全不在线",
				"明天 early shift，今晚练完不去喝了",
				"谁拿了我的 cleats，黑色的",
				"stretching 一定要做，我膝盖又疼了",
				"这周末 tournament 报名了没",
				"new jerseys 什么时候到",
				"I swear 今天风是故意的",
				"下次 scrimmage 能不能分队公平点",
				"hydrate 啊各位，今天太热了",
				"我 hamstring 还没好，先不跑 deep 了",
			},
			exchanges: []exchange{
				{ask: []string{"今晚 pickup game 谁来？", "pickup tonight 谁有空"}, replies: []string{"我来", "me", "I'm in", "八点后可以"}},
				{ask: []string{"{x} 你 jersey 尺码多少", "{x} what size jersey"}, replies: []string{"M", "L please", "跟上次一样"}},
				{ask: []string{"有人 carpool 去场地吗", "carpool 还有位置吗"}, replies: []string{"我车还有两个位", "me", "今天骑车去"}},
			},
		},
	},
}

// frisbeeFacts are what the club's members state about themselves, in
// words of their own, by language: their work, their home and their
// animals.
var frisbeeFacts = map[string][]fact{
	"en": {{
		key:    "work",
		values: []string{"product designer", "supply chain analyst", "sommelier", "architect", "management consultant", "PE teacher", "patent lawyer", "game producer", "hotel manager", "data engineer"},
		stmt: stmt{
			say:    []string{"Work as {an} {v} has been brutal this month, so I might miss Thursday", "Day job as {an} {v}, night job chasing plastic 😂", "Three years as {an} {v} in Shanghai now, time flies"},
			prompt: []string{"{name} what do you do here anyway? you're always on calls"},
			reply:  []string{"{an} {v}, hence the calls", "I'm {an} {v}, mostly meetings"},
			mood:   "meh",
		},
		change: stmt{
			say:  []string{"Signed the contract today, I'm going to be {an} {v}!", "New job starts Monday, {an} {v} at a much smaller company"},
			mood: "news",
		},
		ask:  []string{"What does {who} do for work?"},
		now:  []string{"What is {name}'s job now?"},
		who:  []string{"Who works as {an} {v}?"},
		desc: []string{"the member who works as {an} {v}"},
	}, {
		key:    "home",
		values: []string{"Jing'an", "Xuhui", "Changning", "Hongkou", "Pudong", "Minhang", "Yangpu", "Putuo"},
		stmt: stmt{
			say:  []string{"It's an hour on line 2 from {v} to the field, so I leave early", "My place in {v} has no heating, I'm wearing the club hoodie to bed"},
			mood: "meh",
		},
		change: stmt{
			say:  []string{"Moving day done, I'm in {v} now, way closer to the field", "Found a new flat in {v}! Signed the lease this morning"},
			mood: "news",
		},
		ask:  []string{"Which district does {who} live in?"},
		now:  []string{"Which district does {name} live in now?"},
		who:  []string{"Who lives in {v}?"},
		desc: []string{"the member who lives in {v}"},
	}, {
		key:    "animal",
		values: []string{"shiba inu", "tuxedo cat", "husky", "corgi mix", "ragdoll cat", "golden retriever"},
		stmt: stmt{
			say:    []string{"Our {v} knocked the whole bag of discs off the shelf today", "Brought the {v} to the park this morning, she wanted to join the drills"},
			prompt: []string{"{name} is that your dog in your profile pic?"},
			reply:  []string{"yep, my {v}!"},
			mood:   "good", reacts: []string{"bring her to practice!", "so cute", "team mascot"},
		},
		ask:  []string{"What animal does {who} have?"},
		who:  []string{"Who has a {v}?"},
		desc: []string{"the member with the {v}"},
	}},
	"zh": {{
		key:    "work",
		values: []string{"外企HR", "同声传译", "咖啡师", "摄影师", "产品经理", "审计", "英语老师", "健身教练", "律师", "游戏策划"},
		stmt: stmt{
			say:    []string{"做{v}的，这个月忙疯了，周四可能来不了", "当{v}第三年了，每天都在开会", "我是{v}，周末一般都有空"},
			prompt: []string{"{name}你是做什么的来着"},
			reply:  []string{"{v}，天天加班", "我做{v}"},
			mood:   "meh",
		},
		change: stmt{
			say:  []string{"offer接了，下个月开始做{v}", "跳槽成功！现在是{v}了"},
			mood: "news",
		},
		ask:  []string{"{who}是做什么工作的？"},
		now:  []string{"{name}现在做什么工作？"},
		who:  []string{"谁是{v}？"},
		desc: []string{"做{v}的那位"},
	}, {
		key:    "home",
		values: []string{"静安", "徐汇", "长宁", "虹口", "浦东", "闵行", "杨浦", "普陀"},
		stmt: stmt{
			say:  []string{"我住{v}，去场地要坐一个小时地铁", "{v}这边晚上好安静，住着挺舒服"},
			mood: "meh",
		},
		change: stmt{
			say:  []string{"搬完家了，现在住{v}，离场地近多了", "新租的房子在{v}，今天签的合同"},
			mood: "news",
		},
		ask:  []string{"{who}住在哪个区？"},
		now:  []string{"{name}现在住在哪个区？"},
		who:  []string{"谁住在{v}？"},
		desc: []string{"住在{v}的那位"},
	}, {
		key:    "animal",
		values: []string{"柴犬", "奶牛猫", "哈士奇", "布偶", "金毛", "边牧"},
		stmt: stmt{
			say:    []string{"我家{v}今天把飞盘咬烂了一个", "带我家{v}去公园，它比我们还能跑"},
			prompt: []string{"{name}你头像是你家的狗吗"},
			reply:  []string{"对，我家{v}"},
			mood:   "good", reacts: []string{"带来训练！", "好可爱", "吉祥物"},
		},
		ask:  []string{"{who}养的是什么？"},
		who:  []string{"谁养了{v}？"},
		desc: []string{"养{v}的那位"},
	}},
}
