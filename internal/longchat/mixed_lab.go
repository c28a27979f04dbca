package longchat

// lab is the group chat of a university research lab in Singapore whose
// members write in Chinese and English: its results in the department's
// badminton league, the lab lunches, the group meeting that moves, its
// meeting room and the coffee fund. Its members state their research,
// home, hometown and animals in words of their own (labFacts), often in
// answer to another member.
var lab = theme{
	id: "lc-mix-lab", split: "train", langs: []*lang{&chinese, &english}, zone: "+08:00", start: "2026-08-03",
	weeks: 10, days: 30, members: 6, messages: 660,
	skip:    []string{"pet", "allergy", "hometown", "job", "city", "phone", "car", "drama", "kid", "exam", "zodiac", "hobby", "vacation", "dislike", "author", "team", "language", "college", "dish"},
	ownTalk: true,
	people: map[string][]person{
		"zh": {{"haoran", "浩然", false}, {"lulu", "璐璐", true}, {"zhangyi", "张怡", true}, {"laoli", "老李", false}, {"wenwen", "雯雯", true}, {"dazhi", "大志", false}},
		"en": {{"arjun", "Arjun", false}, {"hannah", "Hannah", true}, {"weiling", "Weiling", true}, {"felix", "Felix", false}, {"nadia", "Nadia", true}, {"rohan", "Rohan", false}},
	},
	facts: labFacts,
	series: []series{{
		key: "league", slot: evening,
		values: []string{"Robotics Lab", "Genomics Lab", "Optics Lab", "Polymer Lab", "Catalysis Lab", "Neuro Lab", "Quantum Lab", "Vision Lab", "Ecology Lab", "Microfluidics Lab", "Battery Lab", "Fintech Lab"},
		text: map[string]seriesText{
			"en": {
				say:     []string{"Beat {v} 21-17 in the department badminton league tonight 🏸", "Lost to {v} in three sets, {x} played out of their skin though", "League update: {v} 1, us 2. Semi-finals here we come"},
				reacts:  []string{"let's gooo", "my wrist is dead", "rematch next term", "MVP {name}", "so close"},
				ask:     []string{"Which lab did they play in the badminton league {when}?", "Who was the league match against {when}?"},
				askBy:   []string{"Which league match did {name} post about {when}?"},
				askDate: []string{"When did they play {v}?"},
				before:  "the league match before the one against {a}", after: "the league match after the one against {a}",
			},
			"zh": {
				say:     []string{"今晚系里羽毛球联赛打{v}，2比1赢了！", "输给{v}了，对面那个博后太猛了", "和{v}打满三局，{x}最后一个球救得太帅了"},
				reacts:  []string{"牛", "下次赢回来", "手腕废了", "太刺激了", "[强]"},
				ask:     []string{"{when}羽毛球联赛打的是哪个实验室？", "{when}联赛的对手是谁？"},
				askBy:   []string{"{when}{name}说的联赛是跟哪个实验室打的？"},
				askDate: []string{"哪天跟{v}打的联赛？"},
				before:  "跟{a}那场之前", after: "跟{a}那场之后",
			},
		},
	}, {
		key: "lunch", slot: lunch,
		values: []string{"Lau Pa Sat", "Maxwell Food Centre", "Tiong Bahru Market", "Old Airport Road hawker centre", "Chomp Chomp", "Newton Food Centre", "Adam Road Food Centre", "Amoy Street Food Centre", "Ghim Moh Market", "Golden Mile Food Centre"},
		text: map[string]seriesText{
			"en": {
				say:     []string{"Lab lunch at {v} today, {x} found the best chicken rice stall", "{v} for lunch was a good call, I'm in a food coma", "Took the new students to {v}, they tried durian for the first time 😂"},
				reacts:  []string{"so full", "that stall is legit", "next time I'm coming", "food coma confirmed"},
				ask:     []string{"Where did the lab have lunch {when}?", "Which hawker centre did they go to {when}?"},
				askBy:   []string{"Which lunch place did {name} mention {when}?"},
				askDate: []string{"When did the lab have lunch at {v}?"},
				before:  "the lunch before {a}", after: "the lunch after {a}",
			},
			"zh": {
				say:     []string{"今天组里去{v}吃的午饭，人均八块，太香了", "{v}那家叻沙真的绝，{x}连吃两碗", "中午去了{v}，排队排了二十分钟"},
				reacts:  []string{"下次叫我", "饿了", "那家好吃", "吃撑了"},
				ask:     []string{"{when}组里去哪吃的午饭？", "{when}午饭去的哪个熟食中心？"},
				askBy:   []string{"{when}{name}说的午饭是在哪吃的？"},
				askDate: []string{"哪天去{v}吃的午饭？"},
				before:  "去{a}之前那次", after: "去{a}之后那次",
			},
		},
	}},
	updates: []update{{
		key: "groupmeeting", common: true,
		values: []string{"Monday", "Tuesday", "Wednesday", "Friday"},
		text: map[string]updateText{
			"en": {
				say:    []string{"Group meeting is {v} 10am, two people present each week"},
				change: []string{"Prof says group meeting moves to {v} mornings from next week", "Group meeting is on {v}s now, the old slot clashes with teaching"},
				ask:    []string{"Which day is the lab's group meeting now?"},
			},
			"zh": {
				say:    []string{"组会定在每周{v}上午十点，每周两个人讲"},
				change: []string{"老板说组会从下周起改到{v}上午", "组会以后固定{v}开，原来的时间跟上课冲突"},
				ask:    []string{"组会现在是每周哪天？"},
			},
		},
	}, {
		key:    "room",
		values: []string{"seminar room S16-03", "meeting pod E4-02", "the level 5 discussion room", "COM1 room 2-11"},
		text: map[string]updateText{
			"en": {
				say:    []string{"Group meetings are in {v}, the projector cable is in the drawer"},
				change: []string{"Room change: we're in {v} from now on", "Facilities took our room back, meetings are in {v} starting next week"},
				ask:    []string{"Where does the lab hold its group meetings now?"},
			},
			"zh": {
				say:    []string{"组会在{v}开，投影线在抽屉里"},
				change: []string{"组会换地方了，以后在{v}", "原来的会议室被收回了，下周起在{v}开"},
				ask:    []string{"组会现在在哪开？"},
			},
		},
	}, {
		key:    "coffee",
		values: []string{"S$5 a month", "S$8 a month", "S$3 a week", "S$10 a month"},
		text: map[string]updateText{
			"en": {
				say:    []string{"Coffee fund is {v}, PayNow to Hannah's number"},
				change: []string{"Beans got pricier, coffee fund is {v} from September", "We voted: coffee fund goes to {v}"},
				ask:    []string{"How much is the lab's coffee fund now?"},
			},
			"zh": {
				say:    []string{"咖啡基金是{v}，PayNow给Hannah"},
				change: []string{"豆子涨价了，咖啡基金改成{v}", "投票结果：咖啡基金以后{v}"},
				ask:    []string{"实验室的咖啡基金现在是多少？"},
			},
		},
	}},
	talk: map[string]talk{
		"en": {
			greet: []string{"morning all", "morning!", "gm"},
			night: []string{"night all", "going home, night", "bye lab"},
			react: []string{"lol", "😂", "haha", "👍", "rip", "f"},
			reply: []string{"same", "rip {name}", "been there", "ugh", "the struggle", "sending strength {name}", "classic", "oof"},
			join:  " ",
			topics: []topic{{
				{"Ran the simulation again.", "Spent the whole afternoon on the same bug.", "Re-did the analysis from scratch."},
				{"Results look even worse now.", "The cluster queue is {n} days long.", "Reviewer 2 would have a field day.", "Turns out it was a typo in the config."},
				{"Going to get bubble tea.", "Science!", "Tomorrow's problem.", "Send help."},
			}},
			chatter: []string{
				"The aircon in the lab is set to arctic again.",
				"Someone labelled every tube in the fridge as 'sample', very helpful.",
				"The printer on level 4 is jammed, don't bother.",
				"Monsoon rain just soaked me between buildings.",
				"Conference deadline countdown has begun, pray for us.",
				"Who left fish in the pantry microwave.",
				"My laptop fan sounds like a jet engine.",
				"The shuttle bus took forty minutes today.",
				"Reviewer asked for three more experiments, casually.",
				"Found a 2015 paper that did exactly my idea, great.",
				"Lab cleaning day, we found a fossilised sandwich.",
				"Kopi from the canteen is the only thing keeping me going.",
			},
			exchanges: []exchange{
				{ask: []string{"anyone going to the canteen? can you get me a kopi", "kopi run?"}, replies: []string{"on it", "me too pls", "just came back sorry"}},
				{ask: []string{"{x} can you check my slides before group meeting?", "{x} got five minutes to look at a plot?"}, replies: []string{"sure, send them", "after lunch ok?", "give me ten"}},
				{ask: []string{"who has the key to the cold room?", "has anyone seen the lab's HDMI adapter?"}, replies: []string{"Prof has it", "in the drawer", "not me"}},
				{ask: []string{"bubble tea order, who wants?", "grabbing bubble tea, anyone?"}, replies: []string{"less sugar pls", "me!", "pass today"}},
			},
		},
		"zh": {
			greet: []string{"早", "早上好", "大家早"},
			night: []string{"走了走了", "晚安", "撤了"},
			react: []string{"哈哈哈", "[捂脸]", "[强]", "👍", "笑死"},
			reply: []string{"同", "太真实了", "抱抱{name}", "我也是", "加油", "习惯就好"},
			join:  "，",
			topics: []topic{{
				{"实验又重做了一遍", "代码又跑了一晚上", "数据又重新处理了"},
				{"结果还是不对", "集群排队要排三天", "导师说这个图不行"},
				{"先去喝杯奶茶", "明天再说", "科研好难"},
			}},
			chatter: []string{
				"实验室空调又开到十六度了",
				"冰箱里谁的样品没写名字",
				"四楼打印机又卡纸了",
				"下暴雨了，从实验楼跑到食堂全湿了",
				"ddl前一周，大家保重",
				"校车今天等了四十分钟",
				"审稿人又让补三个实验",
				"食堂今天的菜好难吃",
				"电脑风扇响得像飞机",
				"今天组里大扫除，翻出来好多过期试剂",
			},
			exchanges: []exchange{
				{ask: []string{"有人去食堂吗，帮我带个饭", "谁去买咖啡，带一杯"}, replies: []string{"我去", "+1", "刚回来"}},
				{ask: []string{"{x}组会的slides能帮我看看吗", "{x}有空帮我看个图吗"}, replies: []string{"发我", "下午看", "马上"}},
				{ask: []string{"冷室钥匙在谁那", "转接头谁拿了"}, replies: []string{"在老师那", "抽屉里", "不是我"}},
			},
		},
		"mix": {
			chatter: []string{
				"今天 group meeting 又开了三个小时",
				"我的 experiment 又 fail 了",
				"reviewer 的 comments 到了，心态崩了",
				"deadline 前最后一个周末，谁还在 lab",
				"cluster 又 down 了",
				"谁拿了我的 pipette",
				"paper 终于 submit 了，去吃饭",
				"明天 presentation 我还没做 slides",
			},
			exchanges: []exchange{
				{ask: []string{"lunch 有人一起吗", "今天 lunch 去哪"}, replies: []string{"me", "canteen 吧", "我带饭了"}},
				{ask: []string{"{x} 你的 code 能发我一下吗", "{x} 那个 dataset 在哪个 folder"}, replies: []string{"发你了", "shared drive 里", "等一下"}},
			},
		},
	},
}

// labFacts are what the lab's members state about themselves, in words
// of their own, by language: their research, home, hometown and animals,
// and their next position.
var labFacts = map[string][]fact{
	"en": {{
		key:    "topic",
		values: []string{"protein folding", "battery anodes", "soft robotics", "coral reef bleaching", "graph neural networks", "perovskite solar cells", "gut microbiome", "speech recognition", "urban heat islands", "drug delivery"},
		stmt: stmt{
			say:    []string{"Three years into {v} and I still can't explain it to my mum", "Thesis chapter on {v} finally drafted, only took six months", "Anyone know a good reviewer for {v}? asking for my supervisor"},
			prompt: []string{"{name} remind me what your thesis is on?", "{name} what are you working on these days?"},
			reply:  []string{"{v}, mostly", "still {v} 😅"},
			mood:   "meh",
		},
		ask:  []string{"What does {who} research?"},
		who:  []string{"Who works on {v}?"},
		desc: []string{"the member who works on {v}"},
	}, {
		key:    "home",
		values: []string{"Clementi", "Jurong East", "Tampines", "Bishan", "Toa Payoh", "Punggol", "Bukit Timah", "Queenstown", "Serangoon", "Woodlands"},
		stmt: stmt{
			say:    []string{"An hour on the MRT from {v} every morning, I've read four novels this month", "{v} hawker centre near my block does the best prata, fight me"},
			prompt: []string{"{name} where are you staying now?"},
			reply:  []string{"{v}, near the MRT", "still in {v}"},
			mood:   "meh",
		},
		change: stmt{
			say:  []string{"Got the HDB room in {v}, moving this weekend", "Finally moved, {v} now, ten minutes to campus"},
			mood: "news",
		},
		ask:  []string{"Where does {who} live?"},
		now:  []string{"Where does {name} live now?"},
		who:  []string{"Who lives in {v}?"},
		desc: []string{"the member who lives in {v}"},
	}, {
		key:    "next",
		values: []string{"ETH Zurich", "KAIST", "Imperial College", "Google DeepMind", "A*STAR", "TU Delft", "Caltech", "Grab"},
		stmt: stmt{
			say:    []string{"Postdoc offer from {v} came through this morning!!", "Interview at {v} went well I think, they asked about my second paper"},
			prompt: []string{"{name} where are you heading after you defend?"},
			reply:  []string{"{v}, if the visa works out", "{v} 🤞"},
			mood:   "good",
		},
		change: stmt{
			say:  []string{"Change of plan: turned down the first one, going to {v} instead", "Signed with {v} today, starting in January"},
			mood: "news",
		},
		ask:  []string{"Where is {who} going after the PhD?"},
		now:  []string{"Where is {name} going after the PhD now?"},
		who:  []string{"Who is going to {v}?"},
		desc: []string{"the member going to {v}"},
	}, {
		key:    "animal",
		values: []string{"hamster", "rescue cat", "betta fish", "cockatiel", "terrapin", "shih tzu"},
		stmt: stmt{
			say:    []string{"The {v} chewed through my charger again, third one this semester", "Had to rush home, the {v} was sick all over the rug"},
			prompt: []string{"{name} who's looking after your pet while you're at the conference?"},
			reply:  []string{"my flatmate, the {v} loves her more anyway"},
			mood:   "good", reacts: []string{"pics!", "lab mascot", "so cute"},
		},
		ask:  []string{"What animal does {who} have?"},
		who:  []string{"Who has {an} {v}?"},
		desc: []string{"the member with the {v}"},
	}},
	"zh": {{
		key:    "topic",
		values: []string{"锂电池材料", "蛋白质折叠", "计算机视觉", "合成生物学", "量子点", "海洋微塑料", "脑机接口", "催化剂设计", "联邦学习", "纳米药物"},
		stmt: stmt{
			say:    []string{"做{v}第三年了，还是跟我妈解释不清楚", "{v}那一章终于写完了，写了半年", "导师让我下学期把{v}的数据全部重跑"},
			prompt: []string{"{name}你课题是啥来着", "{name}最近在做什么方向"},
			reply:  []string{"{v}，一言难尽", "还是{v}"},
			mood:   "meh",
		},
		ask:  []string{"{who}研究的是什么？"},
		who:  []string{"谁在做{v}？"},
		desc: []string{"做{v}的那位"},
	}, {
		key:    "home",
		values: []string{"金文泰", "裕廊东", "淡滨尼", "碧山", "大巴窑", "榜鹅", "武吉知马", "女皇镇", "实龙岗", "兀兰"},
		stmt: stmt{
			say:    []string{"从{v}坐地铁过来要一个小时，每天早上都在车上补觉", "{v}楼下那家炒粿条太好吃了"},
			prompt: []string{"{name}你现在住哪"},
			reply:  []string{"{v}，地铁站旁边", "还在{v}"},
			mood:   "meh",
		},
		change: stmt{
			say:  []string{"租到{v}的房了，周末搬", "搬完了，现在住{v}，到学校十分钟"},
			mood: "news",
		},
		ask:  []string{"{who}住在哪？"},
		now:  []string{"{name}现在住在哪？"},
		who:  []string{"谁住在{v}？"},
		desc: []string{"住在{v}的那位"},
	}, {
		key:    "hometown",
		values: []string{"哈尔滨", "温州", "洛阳", "汕头", "桂林", "大连", "绵阳", "泉州"},
		stmt: stmt{
			say:    []string{"想{v}的烧烤了，新加坡的都不对味", "过年回{v}，机票贵得离谱", "{v}今天下雪了，我妈发了好多照片"},
			prompt: []string{"{name}你老家哪里的"},
			reply:  []string{"{v}的", "{v}，冬天可冷了"},
			mood:   "meh",
		},
		ask:  []string{"{who}老家是哪里的？"},
		who:  []string{"谁是{v}人？"},
		desc: []string{"老家在{v}的那位"},
	}, {
		key:    "animal",
		values: []string{"英短", "垂耳兔", "玄凤鹦鹉", "布丁仓鼠", "小乌龟", "暹罗猫"},
		stmt: stmt{
			say:    []string{"{v}又把我的数据线咬断了", "出差这周{v}寄养在朋友家，天天要视频"},
			prompt: []string{"{name}你头像那只是你养的吗"},
			reply:  []string{"对，我家{v}"},
			mood:   "good", reacts: []string{"好可爱", "带来实验室", "吸"},
		},
		ask:  []string{"{who}养的是什么？"},
		who:  []string{"谁养了{v}？"},
		desc: []string{"养{v}的那位"},
	}},
}
