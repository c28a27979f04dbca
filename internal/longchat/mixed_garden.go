package longchat

// garden is the group chat of a community garden in Vancouver whose
// members write in Chinese and English: the weekend trips to nurseries and
// gardens, the dim sum after the work parties, where work parties meet,
// which evening is watering night and what a plot costs. Its members state
// their work, homes, hometowns, animals, children, what they cannot eat,
// pastimes and trips in words of their own (gardenFacts), between small
// talk about the rain, slugs and the price of seeds.
var garden = theme{
	id: "lc-mix-garden", split: "train", langs: []*lang{&chinese, &english}, zone: "-08:00", start: "2026-04-06",
	weeks: 10, days: 30, members: 6, messages: 660,
	skip:    []string{"pet", "allergy", "hometown", "job", "city", "phone", "car", "drama", "kid", "exam", "zodiac", "hobby", "vacation", "dislike", "author", "team", "language", "college", "dish"},
	ownTalk: true,
	people: map[string][]person{
		"zh": {{"alan", "阿兰", true}, {"laozhou", "老周", false}, {"xiaofang", "小芳", true}, {"guodong", "国栋", false}, {"xiuying", "秀英", true}, {"aming", "阿明", false}},
		"en": {{"priya", "Priya", true}, {"doug", "Doug", false}, {"heather", "Heather", true}, {"connor", "Connor", false}, {"yuki", "Yuki", true}, {"declan", "Declan", false}},
	},
	facts: gardenFacts,
	series: []series{{
		key: "outing", slot: morning,
		values: []string{"Southlands Nursery", "Nitobe Garden", "UBC Botanical Garden", "Bloedel Conservatory", "GardenWorks Burnaby", "Art Knapp Coquitlam", "Dr. Sun Yat-Sen Garden", "Stanley Park rose garden", "Darts Hill Garden", "Minter Gardens"},
		text: map[string]seriesText{
			"en": {
				say:     []string{"Spent the morning at {v}, {x} bought more seedlings than she has room for", "Field trip to {v} done, came back with three kinds of basil", "{v} this morning, the tulips were unreal"},
				reacts:  []string{"pics please", "jealous", "next time I'm coming", "dangerous place for the wallet"},
				ask:     []string{"Where did the garden group go {when}?", "Which garden did they visit {when}?"},
				askBy:   []string{"Which place did {name} post about {when}?"},
				askDate: []string{"When did the group go to {v}?"},
				before:  "the trip before the one to {a}", after: "the trip after the one to {a}",
			},
			"zh": {
				say:     []string{"今天上午去了{v}，{x}买的苗比她的地还多", "{v}逛了一圈，带回来三种罗勒", "早上在{v}，郁金香开疯了"},
				reacts:  []string{"求照片", "羡慕", "下次叫我", "那地方太费钱了"},
				ask:     []string{"{when}菜园的人去的是哪个园子？", "{when}大家去逛的哪里？"},
				askBy:   []string{"{when}{name}说去的是哪里？"},
				askDate: []string{"哪天去的{v}？"},
				before:  "去{a}之前那次", after: "去{a}之后那次",
			},
		},
	}, {
		key: "dimsum", slot: lunch,
		values: []string{"Kirin Seafood", "Sun Sui Wah", "Dinesty Dumpling House", "Chef Hung Noodles", "Golden Paramount", "Chau Veggie Express", "Western Lake", "Fisherman's Terrace"},
		text: map[string]seriesText{
			"en": {
				say:     []string{"Work party done, dim sum at {v}, {x} ordered for ten", "Lunch after weeding at {v}, the har gow alone was worth it", "{v} after the work party, we closed the place"},
				reacts:  []string{"earned it", "save me a dumpling", "good choice", "starving now"},
				ask:     []string{"Where did the group have lunch after the work party {when}?", "Which place did they eat at {when}?"},
				askBy:   []string{"Which lunch place did {name} mention {when}?"},
				askDate: []string{"When did the group eat at {v}?"},
				before:  "the lunch before {a}", after: "the lunch after {a}",
			},
			"zh": {
				say:     []string{"干完活去{v}饮茶，{x}点了一桌子", "{v}的虾饺还是那么好吃", "今天中午在{v}，等位等了四十分钟"},
				reacts:  []string{"饿了", "下次等我", "那家不错", "干活就是为了饮茶"},
				ask:     []string{"{when}干完活去哪吃的午饭？", "{when}饮茶是在哪家？"},
				askBy:   []string{"{when}{name}说的是在哪家饮茶？"},
				askDate: []string{"哪天去{v}饮的茶？"},
				before:  "去{a}之前那次", after: "去{a}之后那次",
			},
		},
	}},
	updates: []update{{
		key:    "meet",
		values: []string{"the tool shed by the east gate", "the compost bays", "the picnic table by the greenhouse", "the north fence gate"},
		text: map[string]updateText{
			"en": {
				say:    []string{"Work parties meet at {v}, 9 sharp, gloves provided"},
				change: []string{"The path is dug up, so we meet at {v} for now", "New meeting spot: {v}, easier to find"},
				ask:    []string{"Where do the garden's work parties meet now?"},
			},
			"zh": {
				say:    []string{"干活统一在{v}集合，九点准时，手套有"},
				change: []string{"路挖开了，以后在{v}集合", "集合点改了，改到{v}，好找一点"},
				ask:    []string{"菜园干活现在在哪集合？"},
			},
		},
	}, {
		key: "water", common: true,
		values: []string{"Tuesday", "Thursday", "Friday"},
		text: map[string]updateText{
			"en": {
				say:    []string{"Watering night is {v} at 7, sign the rota"},
				change: []string{"Watering moves to {v} from next week, the city turns the taps off early now", "We're watering on {v}s now"},
				ask:    []string{"Which evening is the garden's watering night now?"},
			},
			"zh": {
				say:    []string{"浇水定在每周{v}晚上七点，记得签轮值表"},
				change: []string{"浇水从下周起改到{v}", "以后浇水固定{v}，市里早关水龙头了"},
				ask:    []string{"菜园现在每周哪天浇水？"},
			},
		},
	}, {
		key:    "plotfee",
		values: []string{"$45 a season", "$60 a year", "$30 a season", "$80 a year"},
		text: map[string]updateText{
			"en": {
				say:    []string{"Plot fee is {v}, covers water and the tool shed, pay Heather"},
				change: []string{"Water bill went up, plot fee is {v} now", "AGM decided: plot fee goes to {v}"},
				ask:    []string{"How much is a plot at the garden now?"},
			},
			"zh": {
				say:    []string{"地费{v}，包水费和工具房，转给阿兰"},
				change: []string{"水费涨了，地费改成{v}", "年会定了，地费以后{v}"},
				ask:    []string{"菜园的地费现在是多少？"},
			},
		},
	}},
	talk: map[string]talk{
		"en": {
			greet: []string{"morning gardeners", "morning!", "hi all"},
			night: []string{"night all", "early start tomorrow, night", "off to bed"},
			react: []string{"lol", "😂", "haha", "👍", "🌱", "oof"},
			reply: []string{"same", "poor {name}", "been there", "classic", "go {name}", "the struggle", "ugh"},
			join:  " ",
			topics: []topic{{
				{"The slugs got the lettuce.", "Rain all day again.", "Aphids on the kale."},
				{"Picked them off one by one.", "Didn't even bother going down.", "Sprayed soapy water on everything."},
				{"Never again.", "Tea first.", "Gardening is a cheap hobby they said."},
			}},
			chatter: []string{
				"Seed packets are five dollars each now, what happened.",
				"It rained for nine days straight, the beds are soup.",
				"The crows figured out how to open the compost lid.",
				"My back says I overdid the digging.",
				"Someone left the hose running all night again.",
				"Bought a new trowel, it's the little things.",
				"Zucchini season means everyone is giving zucchini away.",
				"The raccoons had a party in the strawberries.",
				"Traffic on the bridge was a parking lot this morning.",
				"First sunny weekend and the whole city is outside.",
				"Found a frog in the watering can, nearly screamed.",
				"Gloves or no gloves, the eternal question.",
			},
			exchanges: []exchange{
				{ask: []string{"anyone got a spare hose nozzle?", "who has a pruning saw I can borrow?"}, replies: []string{"I do, it's in the shed", "check the hardware store on Main", "not me sorry"}},
				{ask: []string{"{x} you coming to the work party?", "{x} are you on watering this week?"}, replies: []string{"yes if it's dry", "can't, family thing", "maybe, will confirm"}},
				{ask: []string{"coffee after?", "who wants bubble tea after?"}, replies: []string{"always", "me!", "next time"}},
			},
		},
		"zh": {
			greet: []string{"早", "早安", "大家早"},
			night: []string{"睡了", "明天早起，晚安", "撤了"},
			react: []string{"哈哈哈", "[捂脸]", "[强]", "👍", "笑死"},
			reply: []string{"同", "太真实了", "抱抱{name}", "我也是", "加油", "习惯就好"},
			join:  "，",
			topics: []topic{{
				{"生菜又被蜗牛吃了", "雨下了一整天", "羽衣甘蓝上全是蚜虫"},
				{"一只一只抓的", "懒得下去看了", "喷了一遍肥皂水"},
				{"不种了", "先喝口茶", "种菜真费钱"},
			}},
			chatter: []string{
				"种子现在一包五块，太离谱了",
				"连着下了九天雨，地里全是泥",
				"乌鸦学会开堆肥箱的盖子了",
				"挖地挖得腰都直不起来",
				"不知道谁的水管开了一晚上",
				"新买了一把小铲子，心情都好了",
				"西葫芦多到吃不完，谁要",
				"浣熊把草莓全祸害了",
				"早上过桥堵成停车场",
				"第一个大晴天，全城的人都出门了",
				"水壶里跳出一只青蛙，吓一跳",
			},
			exchanges: []exchange{
				{ask: []string{"谁有多的喷头", "修枝锯谁能借我一下"}, replies: []string{"我有，在工具房", "五金店有卖", "没有"}},
				{ask: []string{"{x}这周来干活吗", "{x}这周轮到你浇水吗"}, replies: []string{"不下雨就来", "有事去不了", "再说"}},
				{ask: []string{"干完活喝奶茶吗", "谁去喝咖啡"}, replies: []string{"去", "+1", "下次"}},
			},
		},
		"mix": {
			chatter: []string{
				"今天 rain 又下个不停，plot 全是泥",
				"我的 tomato 又被 squirrel 咬了",
				"slug 太多了，beer trap 都满了",
				"谁的 wheelbarrow 停在 gate 口被骂了",
				"明天 work party 要不要带 rain jacket",
				"new gloves 到了，颜色好丑",
			},
			exchanges: []exchange{
				{ask: []string{"work party 有谁去", "watering 今天谁值班"}, replies: []string{"me", "看天气吧", "我去"}},
				{ask: []string{"{x} 你的 hose 能借我吗", "{x} 那个 seed list 发我一下"}, replies: []string{"发你了", "在 shed 里", "等一下"}},
			},
		},
	},
}

// gardenFacts are what the garden's members state about themselves, in
// words of their own, by language.
var gardenFacts = map[string][]fact{
	"en": {{
		key:    "job",
		values: []string{"dental hygienist", "arborist", "paralegal", "sous chef", "bus driver", "optometrist", "actuary", "welder"},
		stmt: stmt{
			say:    []string{"Twelve hours on my feet as a {v} and I still came down to water the beans", "Being a {v} has done more to my knees than weeding ever will", "Nine years a {v}, and the garden is still the only place I switch off"},
			prompt: []string{"{name} what do you do when you're not here?", "{name} what's the day job again?"},
			reply:  []string{"{v}, mostly nights", "{v}, for my sins"},
			mood:   "meh",
		},
		change: stmt{
			say:  []string{"Last day at the old place, I'm a {v} from Monday", "Got the offer: {v}, starting in the fall"},
			mood: "news",
		},
		ask:  []string{"What does {who} do for work?"},
		now:  []string{"What does {name} do now?"},
		who:  []string{"Who works as {an} {v}?"},
		desc: []string{"the member who works as {an} {v}"},
	}, {
		key:    "home",
		values: []string{"Kerrisdale", "Mount Pleasant", "Marpole", "Hastings-Sunrise", "Grandview", "Killarney", "Fairview", "Renfrew"},
		stmt: stmt{
			say:    []string{"Walked over from {v} with the wheelbarrow, forty minutes", "{v} lost power all evening, we ate the lettuce by candlelight"},
			prompt: []string{"{name} how far do you come from?"},
			reply:  []string{"{v}, not far", "{v} side"},
			mood:   "meh",
		},
		change: stmt{
			say:  []string{"Keys in hand, {v} is home now", "Boxes everywhere, we're {v} people now and closer to the garden"},
			mood: "news",
		},
		ask:  []string{"Where does {who} live?"},
		now:  []string{"Where does {name} live now?"},
		who:  []string{"Who lives in {v}?"},
		desc: []string{"the member who lives in {v}"},
	}, {
		key:    "animal",
		values: []string{"beagle", "greyhound", "cockatiel", "bearded dragon", "maine coon", "lop rabbit"},
		stmt: stmt{
			say:    []string{"The {v} dug up all my garlic, banned from the yard", "Vet bill for the {v} is more than the plot fee for ten years"},
			prompt: []string{"{name} is that your animal in the group photo?"},
			reply:  []string{"yes, the {v}, four this summer"},
			mood:   "good", reacts: []string{"pics!", "garden mascot", "so cute"},
		},
		ask:  []string{"What animal does {who} have?"},
		who:  []string{"Who has {an} {v}?"},
		desc: []string{"the member with the {v}"},
	}, {
		key:    "allergy",
		values: []string{"wasp stings", "tree nuts", "ragweed", "kiwi fruit", "sulfa drugs"},
		stmt: stmt{
			say:    []string{"No {v} anywhere near me please, last time it was an ambulance", "Epipen lives in my garden bag now, {v} and I do not mix"},
			prompt: []string{"{name} anything you can't have at the harvest potluck?"},
			reply:  []string{"{v}, sadly"},
			mood:   "meh",
		},
		ask:  []string{"What is {who} allergic to?"},
		who:  []string{"Who is allergic to {v}?"},
		desc: []string{"the member allergic to {v}"},
	}, {
		key:    "pastime",
		values: []string{"pottery", "birdwatching", "rock climbing", "beekeeping", "cross-stitch", "archery"},
		stmt: stmt{
			say:    []string{"Spent all Sunday on {v} instead of weeding, no regrets", "Three hours of {v} and my hands are done for the week"},
			prompt: []string{"{name} what else keeps you busy?"},
			reply:  []string{"{v}, every weekend"},
			mood:   "meh",
		},
		ask:  []string{"What does {who} do besides gardening?"},
		who:  []string{"Who is into {v}?"},
		desc: []string{"the member into {v}"},
	}, {
		key:    "child",
		values: []string{"Maya", "Leo", "Chloe", "Owen", "Isla", "Noah"},
		stmt: stmt{
			say:    []string{"{v} planted a sunflower and measures it every morning before school", "Parent-teacher night: {v} is apparently the class chatterbox"},
			prompt: []string{"{name} how old is your little one now?"},
			reply:  []string{"{v}? eight in June"},
			mood:   "good",
		},
		ask:  []string{"What is the name of {who}'s child?"},
		who:  []string{"Whose child is {v}?"},
		desc: []string{"the member whose child is {v}"},
	}},
	"zh": {{
		key:    "job",
		values: []string{"中医", "物流调度", "面包师", "房产经纪", "工地监理", "理发师", "社工", "同声传译"},
		stmt: stmt{
			say:    []string{"做了十几年{v}，手上的茧比种菜的还厚", "{v}周末也要待命，浇水只能拜托大家了", "{v}那边今天忙疯了，晚上才来收菜"},
			prompt: []string{"{name}你是做什么的来着", "{name}你上什么班"},
			reply:  []string{"{v}，混口饭吃", "{v}"},
			mood:   "meh",
		},
		change: stmt{
			say:  []string{"辞职了，下个月开始做{v}", "换工作了，现在做{v}"},
			mood: "news",
		},
		ask:  []string{"{who}做什么工作？"},
		now:  []string{"{name}现在做什么工作？"},
		who:  []string{"谁是{v}？"},
		desc: []string{"做{v}的那位"},
	}, {
		key:    "home",
		values: []string{"列治文", "本拿比", "高贵林", "素里", "白石镇", "北温", "新西敏", "枫树岭"},
		stmt: stmt{
			say:    []string{"{v}这边今天风好大，阳台的番茄全倒了", "从{v}开过来要半小时，周末还堵"},
			prompt: []string{"{name}你住哪边"},
			reply:  []string{"{v}", "{v}那边"},
			mood:   "meh",
		},
		change: stmt{
			say:  []string{"新房子交接了，以后住{v}", "搬家搞定，{v}安顿下来了"},
			mood: "news",
		},
		ask:  []string{"{who}住在哪？"},
		now:  []string{"{name}现在住在哪？"},
		who:  []string{"谁住在{v}？"},
		desc: []string{"住在{v}的那位"},
	}, {
		key:    "hometown",
		values: []string{"哈尔滨", "佛山", "台山", "温州", "青岛", "昆明", "汕头"},
		stmt: stmt{
			say:    []string{"{v}寄来的种子发芽了，跟老家的一个味", "想{v}的早市了，这边的菜没那个味"},
			prompt: []string{"{name}你老家哪里的"},
			reply:  []string{"{v}", "{v}的"},
			mood:   "meh",
		},
		ask:  []string{"{who}老家是哪里？"},
		who:  []string{"谁老家在{v}？"},
		desc: []string{"老家在{v}的那位"},
	}, {
		key:    "animal",
		values: []string{"柴犬", "布偶猫", "八哥", "巴西龟", "边牧", "荷兰猪"},
		stmt: stmt{
			say:    []string{"{v}把刚种的葱苗全刨了", "{v}今天跟来菜园，追了一上午蝴蝶"},
			prompt: []string{"{name}朋友圈那只是你家的吗"},
			reply:  []string{"是，{v}，三岁了"},
			mood:   "good", reacts: []string{"好可爱", "带来菜园", "吸"},
		},
		ask:  []string{"{who}养的是什么？"},
		who:  []string{"谁养了{v}？"},
		desc: []string{"养{v}的那位"},
	}, {
		key:    "allergy",
		values: []string{"花粉", "海鲜", "猕猴桃", "坚果", "磺胺"},
		stmt: stmt{
			say:    []string{"{v}沾一点就起疹子，聚餐别给我夹", "{v}这东西要我命，口罩不离身"},
			prompt: []string{"{name}聚餐有什么忌口"},
			reply:  []string{"{v}不行"},
			mood:   "meh",
		},
		ask:  []string{"{who}不能碰什么？"},
		who:  []string{"谁不能碰{v}？"},
		desc: []string{"不能碰{v}的那位"},
	}, {
		key:    "pastime",
		values: []string{"太极", "二胡", "剪纸", "京剧", "篆刻", "茶艺"},
		stmt: stmt{
			say:    []string{"早上练完{v}再来浇水，一天最舒服的时候", "{v}班今天结课，老师夸我进步大"},
			prompt: []string{"{name}平时还玩什么"},
			reply:  []string{"{v}", "学{v}"},
			mood:   "meh",
		},
		ask:  []string{"{who}除了种菜还喜欢什么？"},
		who:  []string{"谁喜欢{v}？"},
		desc: []string{"喜欢{v}的那位"},
	}, {
		key:    "trip",
		values: []string{"张家界", "桂林", "敦煌", "班夫", "黄石公园", "冰岛"},
		stmt: stmt{
			say:    []string{"回国顺路去{v}，菜地拜托了", "{v}的行程排好了，走之前把番茄摘完"},
			prompt: []string{"{name}暑假去哪玩"},
			reply:  []string{"{v}，机票买了"},
			mood:   "good",
		},
		ask:  []string{"{who}暑假去哪？"},
		who:  []string{"谁要去{v}？"},
		desc: []string{"要去{v}的那位"},
	}, {
		key:    "child",
		values: []string{"乐乐", "安安", "小宝", "甜甜", "嘟嘟", "妞妞"},
		stmt: stmt{
			say:    []string{"{v}今天自己种了一排萝卜，可得意了", "{v}钢琴考级过了，奖励一盆多肉"},
			prompt: []string{"{name}你家孩子叫什么来着"},
			reply:  []string{"{v}，上二年级了"},
			mood:   "good",
		},
		ask:  []string{"{who}家孩子叫什么？"},
		who:  []string{"谁家孩子叫{v}？"},
		desc: []string{"{v}的家长"},
	}},
}
