package longchat

// abroad is a group of Chinese students at a British university (留学生群)
// who write in Chinese and English: dinners out and day trips.
var abroad = theme{
	id: "lc-mix-abroad", split: "test", langs: []*lang{&chinese, &english}, zone: "+00:00", start: "2026-01-19",
	weeks: 11, days: 31, members: 6, messages: 660,
	skip: []string{"city", "job", "kid", "car", "college"}, facts: abroadFacts, ownTalk: true,
	series: []series{{
		key: "dinner", slot: evening,
		values: []string{"海底捞", "Dishoom", "Nando's", "小肥羊", "Wagamama", "Flat Iron", "蜀香园", "Honest Burgers", "Rosa's Thai", "大师兄", "Pho Cafe", "Tayyabs"},
		text: map[string]seriesText{
			"en": {
				say:     []string{"Dinner at {v} tonight was exactly what we needed", "{v} was so good, thanks for organising {x}", "Food coma after {v}, worth every pound"},
				reacts:  []string{"so full", "thanks for booking!", "next time I'm getting dessert", "that was needed"},
				ask:     []string{"Where did we have dinner {when}?", "Which restaurant did we go to {when}?"},
				askBy:   []string{"Where did {name} say we ate {when}?"},
				askDate: []string{"When did we eat at {v}?"},
				before:  "the time before {a}", after: "the time after {a}",
			},
			"zh": {
				say:     []string{"今晚{v}真不错，六个人吃撑了", "{v}吃完了，好满足", "谢谢{x}组局，{v}下次还来"},
				reacts:  []string{"好撑", "谢谢组局", "下次还去", "终于吃上了"},
				ask:     []string{"{when}聚餐去的哪家？", "{when}大家在哪吃的晚饭？"},
				askBy:   []string{"{when}{name}说的晚饭是在哪家？"},
				askDate: []string{"哪天去的{v}？"},
				before:  "{a}之前那次", after: "{a}之后那次",
			},
		},
	}, {
		key: "daytrip", slot: evening,
		values: []string{"Edinburgh", "Brighton", "Oxford", "the Lake District", "York", "Cambridge", "Stonehenge", "Whitby", "Cardiff", "the Cotswolds", "Windsor"},
		text: map[string]seriesText{
			"en": {
				say:     []string{"Day trip to {v} today! Freezing but so pretty", "Back from {v}, my feet are destroyed", "{x} and I did {v} today, photos in the album"},
				reacts:  []string{"so pretty!!", "jealous", "take me next time", "how was the train?", "those photos 😍"},
				ask:     []string{"Where did we go on the day trip {when}?", "Which place did the day trip go to {when}?"},
				askBy:   []string{"Where did {name} go on the day trip {when}?"},
				askDate: []string{"When was the day trip to {v}?"},
				before:  "just before the trip to {a}", after: "right after the trip to {a}",
			},
			"zh": {
				say:     []string{"今天去{v}一日游！冷但是好美", "{v}回来了，脚走废了", "今天和{x}去了{v}，照片发相册了"},
				reacts:  []string{"好美！", "羡慕", "下次带我", "火车票贵吗", "照片绝了"},
				ask:     []string{"{when}一日游去的哪？", "{when}大家一日游去了哪里？"},
				askBy:   []string{"{when}{name}一日游去的是哪？"},
				askDate: []string{"哪天去的{v}一日游？"},
				before:  "去{a}之前那次", after: "去{a}之后那次",
			},
		},
	}},
	updates: []update{{
		key:    "studyroom",
		values: []string{"Room 2.14", "Room B07", "Room 4.02", "Pod 3C", "Room G12"},
		text: map[string]updateText{
			"en": {
				say:    []string{"Group project room is {v} this term, 2 to 5 on Wednesdays"},
				change: []string{"Library moved us, our group project room is now {v}", "Heads up, we've been bumped to {v} for the project sessions"},
				ask:    []string{"Which room does the project group use now?"},
			},
			"zh": {
				say:    []string{"小组作业的自习室订的是{v}，周三两点到五点"},
				change: []string{"图书馆把我们换到{v}了", "自习室改了，现在是{v}"},
				ask:    []string{"小组作业现在在哪个自习室？"},
			},
		},
	}, {
		key:    "grocery",
		values: []string{"Wing Yip", "SeeWoo", "HappyGo", "Tian Tian Market", "Oseyo"},
		text: map[string]updateText{
			"en": {
				say:    []string{"Weekly grocery group order is from {v}, add your stuff by Thursday"},
				change: []string{"Switching our group order to {v}, delivery is cheaper", "From this week the group order goes through {v}"},
				ask:    []string{"Which shop does the group's grocery order come from now?"},
			},
			"zh": {
				say:    []string{"每周拼单在{v}下，周四前把要买的发群里"},
				change: []string{"拼单改成{v}了，运费便宜", "以后拼单都走{v}"},
				ask:    []string{"现在拼单在哪家下？"},
			},
		},
	}},
	talk: map[string]talk{
		"en": {
			topics: []topic{{
				{"Library until closing again.", "Spent the whole day on my dissertation.", "Group project meeting ran for {mins}."},
				{"I wrote two hundred words and deleted three hundred.", "Half the group didn't show up and the other half hadn't read anything.", "The wifi kept dropping every ten minutes."},
				{"Instant noodles for dinner, the student classic.", "Going to bed, see you all tomorrow.", "Almost there, I keep telling myself.", "Reading week can't come fast enough."},
			}, {
				{"Our flat had another house meeting tonight.", "Flatmate drama again.", "The kitchen in our flat is a crime scene."},
				{"Someone has been eating my yoghurt and nobody will admit it.", "The bins haven't been taken out in {n} days.", "Three people, one frying pan, and nobody washes it."},
				{"I'm buying a padlock for my shelf.", "Counting the days until the lease ends.", "Student living, truly glamorous.", "At least the heating works. Mostly."},
			}, {
				{"It's been grey for {n} days straight.", "Got dark at 4pm again.", "Walked to campus in the {weather}."},
				{"I've forgotten what the sun looks like.", "My umbrella turned inside out on the bridge.", "Everyone on the bus looked equally miserable."},
				{"Vitamin D tablets are my best friend now.", "Missing proper sunshine so much.", "Hot tea, blanket, not moving.", "Spring, where are you."},
			}, {
				{"Did a big shop at Aldi today.", "Checked my bank balance after the weekend.", "Ordered a few things online last night."},
				{"Everything is so expensive this term.", "The pound shop is my new favourite place.", "I spent forty quid, mostly on snacks."},
				{"Budgeting starts tomorrow, for real this time.", "Pasta and pesto for the rest of the month.", "Student life.", "My wallet is crying."},
			}, {
				{"Video called my parents this morning before their bedtime.", "Really homesick today.", "Mum sent a parcel from home."},
				{"They asked if I'm eating properly, as always.", "All I want is proper home cooking.", "The time difference makes everything hard."},
				{"Going to make dumplings this weekend to cheer myself up.", "Only a few months until summer break.", "Love them so much.", "Feeling a bit better now."},
			}},
			chatter: []string{
				"Essay due Friday and so far I've written the title.",
				"The heating in our flat broke again, wearing my coat indoors.",
				"Meal deal for the third day in a row, living the dream.",
				"Lecturer cancelled the 9am and I was already on the bus.",
				"It got dark at 4pm again, my body thinks it's midnight.",
				"Our flatmate left the pans in the sink for a week, the smell has a personality now.",
				"Got my marks back and they're better than I expected!",
				"The library is packed, every desk has a coat on it and no human.",
				"Rain, drizzle, more rain. Classic.",
				"Spent two hours on a reading that could have been a paragraph.",
				"My seminar group has one person who talks the whole time and it's not me, thankfully.",
				"The campus cafe started doing bubble tea and it's dangerously close to the library.",
				"Handed in my essay with four minutes to spare, living on the edge.",
				"Someone in the library was eating crisps for an hour straight, the loudest crisps in the country.",
				"Got lost in the maths building again, those corridors are a labyrinth.",
				"Signed up for the badminton society and I'm already sore.",
			},
			exchanges: []exchange{
				{ask: []string{"anyone want to split an Uber to the airport?", "airport Uber split, anyone?"}, replies: []string{"me! what time?", "I'm flying Tuesday", "taking the coach sorry"}},
				{ask: []string{"{x} did you get the reading list?", "{x} have you got the slides?"}, replies: []string{"sending now", "it's on Moodle", "not yet, asking the tutor"}},
				{ask: []string{"is the library open on Sunday?", "library hours this weekend?"}, replies: []string{"24 hours during exams", "closes at 10 I think", "open from 9"}},
			},
		},
		"zh": {
			topics: []topic{{
				{"今天在图书馆待到闭馆", "写了一天论文", "小组讨论开了一下午"},
				{"写了两百字删了三百字", "组员一半没来，来了的也没看材料", "网一直断，心态崩了"},
				{"晚饭泡面解决", "回宿舍洗洗睡了", "快熬出头了", "好想回国吃火锅"},
			}, {
				{"今晚又开了一次flat会议", "合租室友又搞事情了", "厨房乱得像案发现场"},
				{"有人偷吃我的酸奶还不承认", "垃圾已经{n}天没人倒了", "三个人一口锅，没人洗"},
				{"我准备给我的柜子上锁了", "数着日子等合同到期", "留学生活真是精彩", "好在暖气还算正常"},
			}, {
				{"已经连着阴了{n}天了", "下午四点天就黑了", "冒着雨走去学校"},
				{"忘了太阳长什么样了", "伞在桥上被吹翻了", "公交上每个人都一脸丧"},
				{"维生素D已经成了好朋友", "好想念国内的大太阳", "热茶毛毯，谁也别叫我", "春天快来吧"},
			}, {
				{"今天去Aldi大采购", "周末过完看了眼余额", "又在网上下了几单"},
				{"这学期什么都好贵", "一镑店已经成了我的快乐老家", "花了四十镑，一大半是零食"},
				{"下个月一定省钱，真的", "这个月只能意面配青酱了", "留学生的日常", "钱包在哭"},
			}, {
				{"早上趁爸妈睡觉前视频了一下", "今天特别想家", "我妈从国内寄的包裹到了"},
				{"又问我有没有好好吃饭", "只想吃一口家里的饭", "八小时时差，什么都不方便"},
				{"周末包顿饺子安慰一下自己", "再熬几个月就放暑假了", "爱他们", "现在好一点了"},
			}},
			chatter: []string{
				"论文还没写完，ddl是周五",
				"房东又不回消息了",
				"今天又是阴天，想念国内的太阳",
				"超市的鸡蛋又涨价了",
				"好想吃家里的饭",
				"刚跟爸妈视频完，时差好难对",
				"今天自己包了饺子，丑但是好吃",
				"宿舍隔壁又在开party，吵到两点",
				"银行卡被锁了，打客服等了一个小时",
				"这边的外卖贵得离谱",
				"今天seminar上没人说话，老师尴尬得要命",
				"学校咖啡馆开始卖奶茶了，离图书馆太近，危险",
				"论文离截止还有四分钟交上了，刺激",
				"图书馆有人吃了一个小时薯片，声音大得离谱",
				"又在数学楼迷路了，那走廊跟迷宫一样",
				"报了羽毛球社，第一次活动就浑身疼",
			},
			exchanges: []exchange{
				{ask: []string{"谁去超市，帮我带瓶老干妈", "有人去中超吗"}, replies: []string{"我下午去，帮你带", "刚回来[捂脸]", "带两瓶吗"}},
				{ask: []string{"{x}你签证下来了吗", "{x}续签搞定没"}, replies: []string{"下来了！", "还在等", "下周面签"}},
				{ask: []string{"周末有人一起做饭吗", "周末来我家吃火锅吗"}, replies: []string{"来！我带菜", "我带饮料", "周末要赶作业"}},
			},
		},
		"mix": {
			chatter: []string{
				"今天的 lecture 完全没听懂",
				"我的 essay 还差两千字",
				"这周 deadline 太多了，要 die 了",
				"flat 的暖气又坏了",
				"刚 submit 完 assignment，解放了",
				"supervisor 回邮件了，让我重写 introduction",
				"签证续签的 appointment 约到了",
				"今天 seminar 被点名发言，紧张死",
				"tutor 说我的 reference 格式全错了[裂开]",
				"下周 reading week 有人出去玩吗",
				"office hour 排了半小时队",
				"group project 的 teammate 又消失了",
				"今天 lab 做到七点，饿死了",
				"明早九点的 lecture 又要早起",
				"刚 book 了 GP，下周才有位置",
				"这周的 reading 太多了根本看不完",
				"housemate 又把锅放在 sink 里了",
				"exam timetable 出来了，三门挤在一周",
				"今天 fire alarm 响了两次，楼下站了半小时",
				"bank 的 appointment 约到了下周",
			},
			exchanges: []exchange{
				{ask: []string{"明天的 seminar 要交 reading notes 吗？", "seminar 前要交东西吗"}, replies: []string{"要的", "I think so", "不用吧", "check Moodle"}},
				{ask: []string{"有人要一起去 library 吗", "library 有人一起吗"}, replies: []string{"我在三楼", "me, 十分钟后到", "今天在家写"}},
				{ask: []string{"有人中超拼单吗", "谁要一起 order 中超"}, replies: []string{"我要", "me too", "这周不用了", "加我一个"}},
			},
		},
	},
}
