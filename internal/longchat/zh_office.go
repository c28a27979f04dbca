package longchat

// office is the chat of a product team at a company in Shenzhen (项目组摸鱼
// 群): its team outings, the afternoon tea someone orders for everyone,
// the weekly meeting that moves, where the team sits and how much each
// pays into the snack fund. Its members state their facts in words of
// their own (officeFacts), mostly in passing.
var office = theme{
	id: "lc-zh-office", split: "train", langs: []*lang{&chinese}, zone: "+08:00", start: "2026-05-11",
	weeks: 10, days: 30, members: 7, messages: 680,
	skip:    []string{"pet", "allergy", "hometown", "job", "city", "phone", "car", "drama", "kid", "exam", "zodiac", "hobby", "vacation", "dislike"},
	ownTalk: true,
	people: map[string][]person{"zh": {
		{"xiaozhou", "小周", false}, {"annie", "安妮", true}, {"dali", "大力", false}, {"mengmeng", "萌萌", true},
		{"laowang", "老王", false}, {"xiaoqi", "小七", true}, {"ahao", "阿豪", false}, {"jingjing", "晶晶", true},
		{"kaige", "凯哥", false}, {"tiantian", "甜甜", true},
	}},
	facts: map[string][]fact{"zh": officeFacts},
	series: []series{{
		key: "outing", slot: evening,
		values: []string{"密室逃脱", "剧本杀", "真人CS", "卡丁车", "保龄球", "海上皮划艇", "陶艺体验", "射箭馆", "KTV包场", "攀岩馆", "温泉度假村", "农家乐"},
		text: map[string]seriesText{"zh": {
			say: []string{
				"今天团建玩的{v}，{x}全程尖叫，笑死我了",
				"{v}回来了，累瘫，下次团建能不能安排点躺着的",
				"部门团建去了{v}，老板请客，感动",
			},
			reacts:  []string{"哈哈哈哈", "照片呢", "下次叫上我", "老板大气", "腿还在抖"},
			ask:     []string{"{when}团建玩的是什么？", "{when}部门团建去干啥了？"},
			askBy:   []string{"{when}{name}说的团建是什么？"},
			askDate: []string{"哪天团建玩的{v}？"},
			before:  "{a}之前那次团建", after: "{a}之后那次团建",
		}},
	}, {
		key: "tea", slot: lunch,
		values: []string{"喜茶", "奈雪", "茶颜悦色", "霸王茶姬", "蜜雪冰城", "一点点", "瑞幸", "星巴克", "Manner", "古茗"},
		text: map[string]seriesText{"zh": {
			say: []string{
				"下午茶点了{v}，放前台了，每人一杯自己拿",
				"今天{x}生日，请大家喝{v}，已经到楼下了",
				"{v}到了！三点来茶水间",
			},
			reacts:  []string{"谢谢老板", "我要少冰的", "已拿", "爱了", "续命"},
			ask:     []string{"{when}下午茶点的哪家？", "{when}大家喝的是哪家的？"},
			askBy:   []string{"{when}{name}说的下午茶是哪家？"},
			askDate: []string{"哪天下午茶点的{v}？"},
			before:  "点{a}之前那次", after: "点{a}之后那次",
		}},
	}},
	updates: []update{{
		key: "weekly", common: true,
		values: []string{"周一", "周二", "周四", "周五"},
		text: map[string]updateText{"zh": {
			say:    []string{"项目周会定在每{v}上午十点，大家提前把进度填好"},
			change: []string{"周会从下周开始挪到{v}下午，老板那天才有空", "通知一下，以后周会改成{v}开"},
			ask:    []string{"项目周会现在是每周哪天？"},
		}},
	}, {
		key:    "seat",
		values: []string{"12楼东区", "15楼靠窗那排", "B座3楼", "8楼会议室旁边"},
		text: map[string]updateText{"zh": {
			say:    []string{"咱们组座位在{v}，新同事找不到的话问前台"},
			change: []string{"下周一搬工位，组里整体挪到{v}", "行政通知，我们组以后在{v}办公"},
			ask:    []string{"项目组现在坐在哪？"},
		}},
	}, {
		key:    "snack",
		values: []string{"每人每月50", "每人每月80", "每人每月30", "每人每月100"},
		text: map[string]updateText{"zh": {
			say:    []string{"零食基金{v}，月初转给萌萌"},
			change: []string{"零食基金大家投票改成{v}了", "物价涨了，零食基金从下个月起{v}"},
			ask:    []string{"组里的零食基金现在每人多少？"},
		}},
	}},
	talk: map[string]talk{"zh": {
		greet: []string{"早", "早上好", "打卡", "早早早"},
		night: []string{"下班了下班了", "撤了", "明天见", "晚安打工人"},
		react: []string{"哈哈哈", "[捂脸]", "[裂开]", "[强]", "笑死", "+1"},
		reply: []string{"同", "太真实了", "心疼{name}", "打工人的日常", "习惯就好", "我也是", "抱抱"},
		join:  "，",
		topics: []topic{{
			{"今天又开了一下午的会", "需求又改了一版", "上线前又发现一个bug"},
			{"改到现在还没弄完", "测试说明天再回归一轮", "老板说方向还得再想想"},
			{"先去买杯咖啡", "今晚估计又要加班", "打工人不配休息"},
		}, {
			{"地铁今天又挤成沙丁鱼", "早上电梯排了半天", "公司楼下又在修路"},
			{"差点迟到", "打卡卡在最后一分钟", "绕了一大圈才进来"},
			{"明天早点出门", "深圳的早高峰名不虚传", "习惯了"},
		}},
		chatter: []string{
			"茶水间的咖啡机又坏了",
			"谁在群里发的周报模板，找不到了",
			"空调开得太冷了，披着外套上班",
			"食堂今天的红烧肉还不错",
			"打印机又卡纸了，别去了",
			"电脑突然蓝屏，代码没保存，心态崩了",
			"今天的站会开了四十分钟",
			"楼下新开了一家螺蛳粉，味道有点大",
			"周报写不出来，这周好像啥也没干",
			"外卖又送错楼了",
			"下午困得不行，想睡觉",
			"会议室又被人占了",
			"老板今天心情好像不错",
			"季度总结又要写了，头大",
		},
		exchanges: []exchange{
			{ask: []string{"中午吃啥", "午饭有人一起吗"}, replies: []string{"食堂吧", "点外卖", "我带饭了", "楼下那家面馆"}, lunch: true},
			{ask: []string{"谁有充电线借一下，type-c的", "有没有人带了充电宝"}, replies: []string{"我有，来拿", "在我抽屉里", "没带"}, close: []string{"谢啦"}},
			{ask: []string{"{x}那个需求文档发我一下", "{x}测试报告出了吗"}, replies: []string{"发你了", "下午给你", "还在写"}},
			{ask: []string{"会议室现在有人吗", "3号会议室谁订了"}, replies: []string{"我订的，四点结束", "空着", "不知道"}},
			{ask: []string{"有人拼奶茶吗，满减", "拼个水果吗"}, replies: []string{"+1", "我要一份", "不了减肥"}},
		},
	}},
}

// officeFacts are what the team's members state about themselves, in
// words of their own: their role, where they live, their animals, what
// they cannot eat, their children, their pastimes and their trips.
var officeFacts = []fact{{
	key:    "role",
	values: []string{"前端开发", "测试工程师", "产品经理", "UI设计师", "数据分析师", "运维工程师", "项目经理", "算法工程师", "客户经理", "安卓开发"},
	stmt: stmt{
		say: []string{
			"{v}的命也是命，这个需求真的做不了",
			"干{v}五年了，第一次见这么离谱的排期",
			"作为组里唯一的{v}，我申请加个人",
		},
		prompt: []string{"{name}你是哪个岗的来着？新来的不太熟", "{name}你在组里具体负责啥"},
		reply:  []string{"{v}，有问题找我", "我是{v}"},
		mood:   "meh",
	},
	change: stmt{
		say: []string{
			"转岗申请批了，下个月起我就是{v}了",
			"跟大家说一下，内部调岗成功，以后做{v}",
		},
		mood: "news",
	},
	ask:  []string{"{who}在组里是什么岗位？"},
	now:  []string{"{name}现在是什么岗位？"},
	who:  []string{"谁是{v}？"},
	desc: []string{"做{v}的那位同事"},
}, {
	key:    "home",
	values: []string{"宝安", "龙华", "南山", "福田", "罗湖", "龙岗", "坂田", "西丽", "前海", "蛇口"},
	stmt: stmt{
		say: []string{
			"{v}到公司通勤一个半小时，每天都在地铁上睡觉",
			"{v}那边今天停电了，回家只能摸黑",
			"{v}的房租又涨了，房东说行情如此",
		},
		prompt: []string{"{name}你住哪边来着？晚上顺路的话一起打车"},
		reply:  []string{"{v}，挺远的", "住{v}"},
		mood:   "meh",
	},
	change: stmt{
		say: []string{
			"周末搬家，新房子在{v}，离公司近多了",
			"终于搬到{v}了，通勤缩短到二十分钟",
		},
		mood: "news",
	},
	ask:  []string{"{who}住在哪个区？"},
	now:  []string{"{name}现在住在哪？"},
	who:  []string{"谁住在{v}？"},
	desc: []string{"住在{v}的那位同事"},
}, {
	key:    "animal",
	values: []string{"橘猫", "柯基", "布偶猫", "比熊", "龙猫", "柴犬", "鹦鹉", "边牧"},
	stmt: stmt{
		say: []string{
			"{v}昨天把我的键盘当床睡，今天好几个键失灵了",
			"请半天假，带{v}去宠物医院复查",
			"{v}最近掉毛掉得厉害，衣服上全是毛",
		},
		prompt: []string{"{name}你桌面那张照片是你家的吗"},
		reply:  []string{"对，{v}，三岁了"},
		mood:   "good", reacts: []string{"好可爱", "求视频", "带来公司"},
	},
	ask:  []string{"{who}养的是什么？"},
	who:  []string{"谁养了{v}？"},
	desc: []string{"养{v}的那位同事"},
}, {
	key:    "allergy",
	values: []string{"花生", "芒果", "海鲜", "牛奶", "坚果", "香菜", "菠萝", "桃子"},
	stmt: stmt{
		say: []string{
			"下午茶别给我点带{v}的，一口就进医院",
			"聚餐的时候提醒一下服务员，我{v}不能碰",
			"上次团建吃了{v}，脸肿了三天",
		},
		prompt: []string{"{name}聚餐你有啥忌口？我统计一下"},
		reply:  []string{"{v}，别的都行"},
		mood:   "note",
	},
	ask:  []string{"{who}不能吃什么？"},
	who:  []string{"谁不能吃{v}？"},
	desc: []string{"不能吃{v}的那位同事"},
}, {
	key:    "child",
	values: []string{"小宝", "妞妞", "皮皮", "安安", "乐乐", "可可", "壮壮", "甜心", "元宝", "悠悠"},
	stmt: stmt{
		say: []string{
			"{v}幼儿园今天开家长会，下午请两个小时假",
			"{v}半夜发烧，今天在家远程办公",
			"{v}非要我陪她拼乐高到十一点，周报明天交",
		},
		prompt: []string{"{name}你家娃叫啥来着，上次视频里看到了"},
		reply:  []string{"{v}，四岁了"},
		mood:   "meh", reacts: []string{"好可爱", "辛苦了", "娃最重要"},
	},
	ask:  []string{"{who}家孩子叫什么？"},
	who:  []string{"谁家孩子叫{v}？"},
	desc: []string{"{v}的家长"},
}, {
	key:    "pastime",
	values: []string{"飞盘", "桨板", "夜跑", "围棋", "滑板", "尤克里里", "手冲咖啡", "潜水", "骑行", "腰旗橄榄球"},
	stmt: stmt{
		say: []string{
			"周末又去玩{v}了，晒成了煤球",
			"下班就去{v}，解压神器",
			"{v}入坑三个月，装备已经花了五千",
		},
		prompt: []string{"{name}周末一般干啥"},
		reply:  []string{"{v}，雷打不动"},
		mood:   "meh",
	},
	ask:  []string{"{who}平时喜欢玩什么？"},
	who:  []string{"谁喜欢{v}？"},
	desc: []string{"喜欢{v}的那位同事"},
}, {
	key:    "trip",
	values: []string{"清迈", "巴厘岛", "冲绳", "济州岛", "新疆", "西藏", "青海湖", "厦门鼓浪屿", "呼伦贝尔", "长白山"},
	stmt: stmt{
		say: []string{
			"年假批了！下个月去{v}，工作交接给大力",
			"国庆{v}的机票抢到了，含泪出发",
			"请了一周假去{v}，这几天消息回得慢",
		},
		prompt: []string{"{name}年假打算去哪"},
		reply:  []string{"{v}，攻略做好了"},
		mood:   "envy",
	},
	ask:  []string{"{who}要去哪里玩？"},
	who:  []string{"谁要去{v}？"},
	desc: []string{"要去{v}的那位同事"},
}}
