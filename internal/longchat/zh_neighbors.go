package longchat

// neighbors is the group of the neighbours of one housing estate (小区邻居群):
// the fruit and food they buy together, the estate's events, the
// badminton night that moves, where group-bought goods are picked up and
// what a visitor's car costs. Its members state their facts in words of
// their own (neighborFacts), not in the language's.
var neighbors = theme{
	id: "lc-zh-neighbors", split: "train", langs: []*lang{&chinese}, zone: "+08:00", start: "2026-03-16",
	weeks: 10, days: 30, members: 7, messages: 700,
	skip: []string{"job", "pet", "allergy", "kid", "hobby", "vacation"},
	people: map[string][]person{"zh": {
		{"am", "阿梅", true}, {"xl", "小林", false}, {"lzhou", "老周", false}, {"jiajia", "佳佳", true},
		{"dw", "大伟", false}, {"xy", "小雨", true}, {"af", "阿飞", false}, {"jy", "嘉怡", true},
		{"lh", "老黄", false}, {"wj", "王姐", true},
	}},
	facts: map[string][]fact{"zh": neighborFacts},
	series: []series{{
		key: "groupbuy", slot: lunch,
		values: []string{"阳山水蜜桃", "赣南脐橙", "阳澄湖大闸蟹", "丹东草莓", "烟台苹果", "海南荔枝", "云南蓝莓", "新疆哈密瓜", "五常大米", "舟山带鱼", "砂糖橘", "临安山核桃"},
		text: map[string]seriesText{"zh": {
			say: []string{
				"这次团的{v}到了，放自提点了，大家下班记得去拿",
				"{v}已截单，一共拼了三十多份，辛苦{x}帮忙分货",
				"团购的{v}拿到了，个头真不小，这回没踩雷",
			},
			reacts:  []string{"收到", "已拿", "好吃！", "下次还跟", "我的那份谁帮我拿下", "谢谢团长"},
			ask:     []string{"{when}小区团购的是什么？", "{when}邻居们拼单买的啥？"},
			askBy:   []string{"{when}{name}说到的团购是什么东西？"},
			askDate: []string{"哪天团购的{v}？"},
			before:  "{a}之前那次", after: "{a}之后那次",
		}},
	}, {
		key: "event", slot: evening,
		values: []string{"亲子读书会", "跳蚤市场", "中秋游园会", "社区义诊", "露天电影", "垃圾分类讲座", "包饺子活动", "灯笼手工课", "邻里运动会", "旧物交换会"},
		text: map[string]seriesText{"zh": {
			say: []string{
				"今晚小区的{v}人好多，孩子们玩疯了",
				"{v}结束了，感谢{x}和物业的组织，辛苦啦",
				"楼下广场的{v}办得不错，我家那位都说下次还来",
			},
			reacts:  []string{"辛苦了", "下次叫我", "照片有吗", "可惜加班没去成", "[强]"},
			ask:     []string{"{when}小区办的是什么活动？", "{when}楼下搞了个什么活动？"},
			askBy:   []string{"{when}{name}说的小区活动是哪个？"},
			askDate: []string{"小区哪天办的{v}？"},
			before:  "{a}之前那次", after: "{a}之后那次",
		}},
	}},
	updates: []update{{
		key: "badminton", common: true,
		values: []string{"周二", "周三", "周四", "周六"},
		text: map[string]updateText{"zh": {
			say:    []string{"邻居羽毛球局每{v}晚上七点，在会所二楼，想打的直接来"},
			change: []string{"羽毛球从下周起改到{v}晚上，别的时间场地被培训班包了", "打球的注意一下，以后固定每{v}打"},
			ask:    []string{"邻居们现在每周哪天打羽毛球？"},
		}},
	}, {
		key:    "pickup",
		values: []string{"3号楼大堂", "东门快递驿站", "物业服务中心", "地下车库B1入口", "会所一楼前台"},
		text: map[string]updateText{"zh": {
			say:    []string{"团购自提点在{v}，拿的时候报一下门牌号"},
			change: []string{"自提点改到{v}了，原来那边物业不让放了", "从这周开始团购的东西都放{v}"},
			ask:    []string{"小区团购现在去哪里自提？"},
		}},
	}, {
		key:    "parking",
		values: []string{"每小时5元", "每小时8元", "首小时免费", "每天封顶30元"},
		text: map[string]updateText{"zh": {
			say:    []string{"访客停车现在是{v}，家里来客人提前在小程序登记"},
			change: []string{"物业刚发通知，访客停车费调成{v}了", "停车又改规矩了，访客{v}，下月生效"},
			ask:    []string{"小区访客停车现在怎么收费？"},
		}},
	}},
	talk: map[string]talk{"zh": {
		topics: []topic{{
			{"今天电梯又停了", "楼上又在装修", "下楼倒垃圾碰到物业在修路灯"},
			{"爬了{n}楼，腿软", "电钻声从早上八点响到现在", "问了一圈说明天才能修好", "门口的快递堆成了小山"},
			{"习惯了", "希望早点弄好吧", "物业效率有待提高[捂脸]", "算了，出去走走"},
		}},
		chatter: []string{
			"谁家的快递放错到我家门口了，顺丰的，尾号3721",
			"楼下那只流浪猫又生了一窝小猫",
			"今天停车场又被占了，绕了三圈才停进去",
			"刚才在电梯里被一个小朋友夸我衣服好看，开心",
			"下雨了，晒在楼顶的被子谁的，赶紧收",
			"小区门口新开了一家面包店，排队的人好多",
			"半夜楼下有人吵架，吵醒了",
			"物业终于把健身器材修好了",
			"垃圾分类督导员今天又在盯着，认真扔垃圾吧各位",
			"今天小区里桂花开了，好香",
			"谁家孩子在练钢琴，弹得还挺好听",
			"水管又漏水了，等物业上门中",
			"门禁卡又失灵了，刷了五次才开",
			"早上出门忘带钥匙，在门口站了半小时等开锁师傅",
		},
		exchanges: []exchange{
			{ask: []string{"谁有充电宝借我用一下，在楼下", "有没有邻居能借个充电宝"}, replies: []string{"我有，几号楼？", "我家有，下来拿", "没有哎"}, close: []string{"谢谢谢谢"}},
			{ask: []string{"有人一起点奶茶吗，凑个满减", "奶茶拼单有人吗"}, replies: []string{"我要一杯", "+1，少糖", "不喝了在减肥"}},
			{ask: []string{"今天停水吗？", "怎么突然没水了"}, replies: []string{"物业说下午三点恢复", "我家也没水", "群公告里有通知"}},
			{ask: []string{"{x}你家的快递我帮你拿上来了", "{x}你的包裹在我这"}, replies: []string{"太感谢了，晚上去拿", "谢啦！", "马上下来"}},
			{ask: []string{"谁家有梯子借一下，换个灯泡", "有没有人家里有人字梯"}, replies: []string{"我家有，7楼", "物业那有，可以借", "没有"}},
			{ask: []string{"楼下那辆白车挡路了，谁的？", "东门那辆黑色SUV谁家的，挡住出口了"}, replies: []string{"不是我的", "打物业电话吧", "我下去看看"}},
		},
	}},
}

// neighborFacts are what the neighbours state about themselves, in words
// of their own: their work, their pets, what they cannot eat or touch,
// their children, their pastimes and their trips.
var neighborFacts = []fact{{
	key:    "work",
	values: []string{"外卖站长", "幼儿园老师", "银行柜员", "药剂师", "健身教练", "房产中介", "UI设计师", "中学数学老师", "社区医生", "地铁司机", "保险经纪人", "汽修师傅"},
	stmt: stmt{
		say: []string{
			"我做{v}的，平时早出晚归，群里消息回得慢见谅",
			"干{v}快十年了，节假日基本都在上班",
			"本人{v}一枚，邻居们有需要可以问我",
		},
		prompt: []string{"{name}你在哪上班啊？看你总是很晚回来", "{name}你是做啥的来着"},
		reply:  []string{"我是{v}，经常加班", "{v}，天天忙"},
		mood:   "meh",
	},
	change: stmt{
		say: []string{
			"辞职了，下个月开始当{v}",
			"新工作定了，做{v}，离小区更近了",
			"换了份工作，现在是{v}，终于不用倒班了",
		},
		mood: "news",
	},
	ask:  []string{"{who}是做什么工作的？"},
	now:  []string{"{name}现在做什么工作？"},
	who:  []string{"谁是{v}？"},
	desc: []string{"做{v}的那位邻居"},
}, {
	key:    "animal",
	values: []string{"比熊", "泰迪", "雪纳瑞", "狸花猫", "美短", "蓝猫", "拉布拉多", "荷兰猪", "龙猫", "博美"},
	stmt: stmt{
		say: []string{
			"我家{v}晚上老叫，吵到楼上楼下不好意思，正在训",
			"刚带我家{v}去打了疫苗，医生说有点胖了",
			"家里添了只{v}，这两天在家拆家，沙发已经阵亡",
		},
		prompt: []string{"{name}你家那只是什么品种啊？挺可爱的"},
		reply:  []string{"是{v}，三岁了", "{v}，脾气可好了"},
		mood:   "good", reacts: []string{"好可爱", "求照片", "下次带下来玩"},
	},
	ask:  []string{"{who}家养的是什么？"},
	who:  []string{"谁家养了{v}？"},
	desc: []string{"养{v}的那位邻居"},
}, {
	key:    "intolerance",
	values: []string{"青霉素", "尘螨", "猫毛", "海鲜", "花粉", "酒精", "乳糖", "芹菜"},
	stmt: stmt{
		say: []string{
			"提醒下组织百家宴的，我碰不了{v}，一碰就起疹子",
			"医生说我是{v}过敏，难怪最近老咳嗽",
			"我碰不得{v}，上回不小心沾了一点，半夜去的急诊",
		},
		prompt: []string{"{name}有啥忌口吗？百家宴统计一下"},
		reply:  []string{"{v}不行，过敏", "就{v}，别的都行"},
		mood:   "note",
	},
	ask:  []string{"{who}对什么过敏？"},
	who:  []string{"谁对{v}过敏？"},
	desc: []string{"对{v}过敏的那位"},
}, {
	key:    "child",
	values: []string{"小宝", "妞妞", "皮皮", "安安", "一一", "可可", "壮壮", "甜甜", "元宝", "悠悠"},
	stmt: stmt{
		say: []string{
			"我家{v}今天第一天上小学，回来说交到了三个好朋友",
			"{v}非要把楼下的蜗牛带回家养，我拦不住",
			"今天{v}学会骑自行车了，在小区绕了十圈不肯回家",
		},
		prompt: []string{"{name}你家孩子叫啥呀？老在楼下看到她"},
		reply:  []string{"叫{v}，上二年级了"},
		mood:   "meh", reacts: []string{"哈哈太可爱了", "小朋友真好玩", "我家那个也这样"},
	},
	ask:  []string{"{who}家孩子叫什么？"},
	who:  []string{"谁家孩子叫{v}？"},
	desc: []string{"{v}的家长"},
}, {
	key:    "pastime",
	values: []string{"太极拳", "广场舞", "夜钓", "尤克里里", "烘焙", "八段锦", "阳台种菜", "十字绣", "乒乓球", "摄影"},
	stmt: stmt{
		say: []string{
			"退休以后迷上了{v}，每天不练一会儿就难受",
			"最近在学{v}，有同好的可以一起",
			"周末全耗在{v}上了，我老婆说我魔怔了",
		},
		prompt: []string{"{name}你平时下班都干啥？"},
		reply:  []string{"{v}，瘾大", "主要就是{v}"},
		mood:   "meh",
	},
	ask:  []string{"{who}平时喜欢干什么？"},
	who:  []string{"谁在玩{v}？"},
	desc: []string{"喜欢{v}的那位邻居"},
}, {
	key:    "trip",
	values: []string{"千岛湖", "黄山", "婺源", "莫干山", "乌镇", "舟山", "安吉", "普陀山", "雁荡山", "周庄"},
	stmt: stmt{
		say: []string{
			"五一带全家去{v}，酒店已经订好了",
			"下个月自驾去{v}，有去过的邻居给点建议",
			"国庆准备去{v}住两晚，车位那几天空着谁要可以用",
		},
		prompt: []string{"{name}假期出去玩不？"},
		reply:  []string{"去{v}，票都买了"},
		mood:   "envy",
	},
	ask:  []string{"{who}假期要去哪？"},
	who:  []string{"谁假期要去{v}？"},
	desc: []string{"假期去{v}的那位邻居"},
}}
