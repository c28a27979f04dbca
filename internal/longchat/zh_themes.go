package longchat

// devs is a group of colleagues on one development team (同事群): team
// dinners and team outings.
var devs = theme{
	id: "lc-zh-devs", split: "train", langs: []*lang{&chinese}, zone: "+08:00", start: "2026-09-07",
	weeks: 10, days: 30, members: 6, messages: 700, skip: []string{"job"},
	series: []series{{
		key: "dinner", slot: evening,
		values: []string{"老码头火锅", "西贝", "太二酸菜鱼", "木屋烧烤", "费大厨", "湊湊", "眉州东坡", "外婆家", "绿茶餐厅", "大龙燚火锅", "胖哥俩肉蟹煲", "九毛九"},
		text: map[string]seriesText{"zh": {
			say: []string{
				"今晚{v}太好吃了，下次还来这家",
				"{v}吃完了，撑死了[捂脸]",
				"感谢{x}请客！{v}这家可以，下次还来",
				"{v}排了一个小时队，终于吃上了",
			},
			reacts:  []string{"好吃！", "下次还去", "撑了", "我胖了三斤", "谢谢老板", "排队太久了"},
			ask:     []string{"{when}聚餐去的哪家店？", "{when}我们在哪吃的饭？"},
			askBy:   []string{"{when}{name}说的聚餐是在哪家店？"},
			askDate: []string{"我们哪天去的{v}？", "去{v}吃饭是哪天？"},
			before:  "{a}之前那次", after: "{a}之后那次",
		}},
	}, {
		key: "outing", slot: evening,
		values: []string{"密室逃脱", "剧本杀", "卡丁车", "真人CS", "KTV", "桌游", "保龄球", "室内滑雪", "农家乐", "漂流", "露营"},
		text: map[string]seriesText{"zh": {
			say: []string{
				"今天团建去玩了{v}，笑了一下午",
				"团建{v}玩得太爽了，{x}居然是隐藏高手",
				"团建{v}回来了，腰酸背痛",
			},
			reacts:  []string{"太好玩了", "下次还要", "哈哈哈照片发群里", "累并快乐着", "谁拍的照片发一下"},
			ask:     []string{"{when}团建玩的什么？", "{when}团建活动是啥？"},
			askBy:   []string{"{when}{name}说的团建是玩什么？"},
			askDate: []string{"我们哪天团建玩的{v}？"},
			before:  "{a}之前那次", after: "{a}之后那次",
		}},
	}},
	updates: []update{{
		key: "weekly", common: true,
		values: []string{"周一", "周二", "周三", "周四", "周五"},
		text: map[string]updateText{"zh": {
			say:    []string{"提醒一下，组里周会是每{v}下午三点"},
			change: []string{"周会从下周开始改到{v}了，大家改一下日历", "通知：周会挪到{v}，会议室也换了"},
			ask:    []string{"我们组的周会现在是星期几？"},
		}},
	}, {
		key:    "floor",
		values: []string{"12楼", "B座3楼", "A座18楼", "7楼东区", "新园区2号楼"},
		text: map[string]updateText{"zh": {
			say:    []string{"我们组在{v}，新同事别走错了"},
			change: []string{"下周搬工位，我们组搬去{v}", "工位又换了，现在在{v}"},
			ask:    []string{"我们组现在在哪办公？"},
		}},
	}},
	talk: map[string]talk{"zh": {
		topics: []topic{{
			{"今天排查了一下午的bug", "线上又出问题了", "重构的代码终于跑通了"},
			{"最后发现是配置文件少了个空格", "日志打了{n}百行才找到原因", "改一个地方坏三个地方", "测试同学已经提了{n}个单子"},
			{"程序员的快乐就是这么朴实", "下班，不想了", "明天再说吧[裂开]", "头发又少了几根"},
		}},
		chatter: []string{
			"线上又报警了，今晚别想睡了",
			"这个需求又改了，第三版了",
			"代码review被打回来三次[裂开]",
			"测试环境又挂了，谁动的",
			"产品经理又来加需求了",
			"今天发版，祈祷不要回滚",
			"写了一天文档，一行代码没写",
			"新来的实习生挺靠谱的",
			"bug列表上挂了二十多个，头大",
			"CI又跑了四十分钟",
			"会议室都被订满了，只能在茶水间开会",
			"今天的站会开了四十分钟，站得腿都麻了",
			"又到季度OKR的时候了，编不出来",
			"服务器半夜告警，被电话叫醒了",
		},
		exchanges: []exchange{
			{ask: []string{"谁动了测试环境", "测试环境谁在用"}, replies: []string{"我在跑压测，马上好", "不是我", "我刚重启了一下"}},
			{ask: []string{"{x}那个PR帮忙看下", "{x}有空review一下吗"}, replies: []string{"好，下午看", "看了，留了评论", "马上"}},
			{ask: []string{"今天发版吗", "今晚上线吗"}, replies: []string{"发，十点", "推迟到明天了", "等测试回归完"}},
			{ask: []string{"下午需求评审谁去", "评审会谁参加"}, replies: []string{"我去", "我在开别的会，你们去吧", "都去吧"}},
			{ask: []string{"谁订到会议室了", "有空会议室吗"}, replies: []string{"3号会议室下午空着", "没有，都满了", "用我订的那间"}},
		},
	}},
}

// runners is a running club (跑步群): group runs and breakfast after them.
var runners = theme{
	id: "lc-zh-runners", split: "test", langs: []*lang{&chinese}, zone: "+08:00", start: "2026-03-16",
	weeks: 11, days: 31, members: 6, messages: 700,
	series: []series{{
		key: "route", slot: morning,
		values: []string{"奥森", "滨江绿道", "西湖一圈", "世纪公园", "湘湖", "东湖绿道", "玄武湖", "环岛路", "朝阳公园", "大学城环线", "湿地公园", "江边步道"},
		text: map[string]seriesText{"zh": {
			say: []string{
				"今天{v}跑了十公里，配速五分半，爽",
				"早上{v}约跑打卡！感谢{x}带配速",
				"{v}今天人好多，跑得有点憋屈",
				"{v}这条线真舒服，风景绝了",
			},
			reacts:  []string{"打卡！", "配速可以啊", "下次叫我", "腿废了", "这条线好跑", "[强]"},
			ask:     []string{"{when}约跑去的哪里？", "{when}大家在哪跑的？"},
			askBy:   []string{"{when}{name}跑的是哪条线？"},
			askDate: []string{"我们哪天去{v}跑的？"},
			before:  "{a}之前那次", after: "{a}之后那次",
		}},
	}, {
		key: "breakfast", slot: morning,
		values: []string{"老王豆浆", "巷口馄饨", "阿婆生煎", "永和大王", "杨记包子铺", "李记肠粉", "沙县小吃", "兰州拉面", "桂林米粉", "老街豆花"},
		text: map[string]seriesText{"zh": {
			say: []string{
				"跑完去{v}吃早饭，谁来",
				"今天跑完去{v}吧，{x}请客",
				"{v}走起，饿死了",
			},
			reacts:  []string{"来了来了", "饿死了", "给我带一份", "我先去占座"},
			ask:     []string{"{when}跑完去哪吃的早饭？", "{when}早饭在哪家吃的？"},
			askBy:   []string{"{when}{name}叫大家去哪吃早饭？"},
			askDate: []string{"哪天跑完去的{v}？"},
			before:  "{a}之前那次", after: "{a}之后那次",
		}},
	}},
	updates: []update{{
		key:    "meetpoint",
		values: []string{"南门停车场", "地铁站B口", "公园东门", "体育场北门", "桥下广场"},
		text: map[string]updateText{"zh": {
			say:    []string{"周末约跑在{v}集合，六点半"},
			change: []string{"集合地点改了，以后在{v}", "下周起改到{v}集合，那边好停车"},
			ask:    []string{"现在约跑在哪集合？"},
		}},
	}, {
		key: "interval", common: true,
		values: []string{"周二", "周三", "周四"},
		text: map[string]updateText{"zh": {
			say:    []string{"间歇跑固定每{v}晚上，操场见"},
			change: []string{"间歇训练改到{v}了，操场那天有比赛", "从这周开始间歇跑挪到{v}"},
			ask:    []string{"间歇训练现在是星期几？"},
		}},
	}},
	talk: map[string]talk{"zh": {
		topics: []topic{{
			{"今天自己跑了个轻松跑", "下班去操场跑了几圈", "早上在小区里跑了一会"},
			{"心率一直压不下来", "配速比上周快了十几秒", "跑到一半开始下小雨", "耳机没电了，硬是听了一路喘气声"},
			{"跑完整个人都舒服了", "明天休息一天", "拉伸完就去吃饭", "坚持就是胜利"},
		}},
		chatter: []string{
			"今天跑了个长距离，二十公里，腿已经不是我的了",
			"新买的跑鞋有点磨脚",
			"膝盖有点疼，休息两天",
			"手表又没信号，配速乱跳",
			"今天风太大，逆风跑到怀疑人生",
			"报名抽签又没中[裂开]",
			"跑完拉伸一定要做，不然第二天下不了楼",
			"月跑量终于过两百了",
			"早上五点半起床的我，简直是个狠人",
			"天太热了，以后只能早上跑",
			"买了个新的跑步腰包，装手机刚好",
			"昨天偷懒没跑，今天罪恶感满满",
			"小腿抽筋了，在路边蹲了五分钟",
			"今天终于跑进了五分配速",
		},
		exchanges: []exchange{
			{ask: []string{"明早谁跑", "明天早上有人跑吗"}, replies: []string{"我", "算我一个", "明天要加班，不跑了", "几点？"}},
			{ask: []string{"{x}明天几点出门", "{x}明天几点到"}, replies: []string{"六点", "六点一刻到", "可能晚十分钟"}},
			{ask: []string{"有人抽中签了吗", "今年谁中签了"}, replies: []string{"没中", "中了！", "陪跑三年了"}},
			{ask: []string{"下雨还跑吗", "明天说有雨，跑不跑"}, replies: []string{"小雨照跑", "改跑步机吧", "看早上情况"}},
			{ask: []string{"有人用过这款碳板鞋吗", "碳板鞋值得买吗"}, replies: []string{"比赛穿可以，平时别穿", "挺弹的", "太贵了"}},
		},
	}},
}

// classmates is a group of university classmates (大学同学群) ten years
// after graduation: reunion dinners and who is passing through which city.
// It runs from November into January, so some questions reach into last
// year.
var classmates = theme{
	id: "lc-zh-classmates", split: "train", langs: []*lang{&chinese}, zone: "+08:00", start: "2025-11-03",
	weeks: 10, days: 28, members: 7, messages: 700,
	series: []series{{
		key: "reunion", slot: evening,
		values: []string{"同福酒楼", "老地方烧烤", "海底捞万达店", "大董烤鸭", "望湘园", "江边城外", "小龙坎", "点都德", "新白鹿", "蜀大侠"},
		text: map[string]seriesText{"zh": {
			say: []string{
				"今晚在{v}聚的，好多年没见的都来了",
				"今晚{v}吃得太开心了，好多年没这么聚了",
				"感谢{x}组局！{v}下次还来",
			},
			reacts:  []string{"下次叫上我", "羡慕你们", "照片发一下", "哈哈哈大家都没变", "在外地的表示哭了"},
			ask:     []string{"{when}同学聚餐在哪吃的？", "{when}大家聚餐去的哪家？"},
			askBy:   []string{"{when}{name}说的聚餐是哪家店？"},
			askDate: []string{"哪天在{v}聚的？"},
			before:  "{a}之前那次", after: "{a}之后那次",
		}},
	}, {
		key: "trip", slot: lunch,
		values: []string{"深圳", "郑州", "南宁", "太原", "贵阳", "沈阳", "福州", "济南", "石家庄", "呼和浩特"},
		text: map[string]seriesText{"zh": {
			say: []string{
				"这周在{v}出差，有同学在吗，约个饭",
				"到{v}了，{x}请我吃了顿好的",
				"{v}出差三天，明天回",
			},
			reacts:  []string{"我在！", "可惜我不在那边", "一路平安", "好好吃一顿"},
			ask:     []string{"{when}群里有人出差去了哪个城市？", "{when}出差去的是哪个城市？"},
			askBy:   []string{"{when}{name}去哪出差了？"},
			askDate: []string{"哪天有同学说在{v}出差？"},
			before:  "{a}之前那次", after: "{a}之后那次",
		}},
	}},
	updates: []update{{
		key:    "venue",
		values: []string{"母校礼堂", "湖滨酒店", "学校对面的饭店", "校友会所", "老校区食堂"},
		text: map[string]updateText{"zh": {
			say:    []string{"十周年同学会暂定在{v}，大家看看行不行"},
			change: []string{"同学会地点改了，改到{v}", "定了定了，同学会最后定在{v}"},
			ask:    []string{"十周年同学会现在定在哪？"},
		}},
	}, {
		key:    "fee",
		values: []string{"每人300", "每人350", "每人280", "每人400"},
		text: map[string]updateText{"zh": {
			say:    []string{"同学会费用AA，{v}，群收款发了"},
			change: []string{"费用重新算了一下，{v}，多退少补", "场地便宜了，改成{v}"},
			ask:    []string{"同学会费用现在是多少？"},
		}},
	}},
	talk: map[string]talk{"zh": {
		topics: []topic{{
			{"刚翻到一张大学时候的合影", "今天路过母校门口", "突然想起大学宿舍的日子"},
			{"那时候大家都瘦得跟竹竿一样", "食堂还是老样子，门口的小卖部没了", "当年熄灯后偷偷煮泡面的味道还记得", "想起考前通宵复习的那几个晚上"},
			{"时间过得太快了", "好想回到那时候", "下次聚会一定要多拍点照片", "青春啊[捂脸]"},
		}},
		chatter: []string{
			"翻到了大学时候的照片，那时候好瘦",
			"还记得宿舍楼下那家麻辣烫吗，听说关门了",
			"毕业十年了，时间过得太快",
			"今天在地铁上碰到隔壁班的，差点没认出来",
			"当年的班主任退休了，挺感慨的",
			"昨天梦到考高数，醒来一身冷汗",
			"刷到学校的宣传片，食堂翻新了",
			"当年宿舍夜聊的那些梦想，现在一个都没实现哈哈",
			"我们那届的毕业照谁还有高清的",
			"突然想起大一军训晒成煤球的样子",
			"母校又上热搜了，这次是因为食堂",
			"孩子问我大学好不好玩，我说好玩，就是要考试",
			"每次路过学校都想进去看看",
			"好怀念学校后门的烤冷面",
		},
		exchanges: []exchange{
			{ask: []string{"元旦大家回来吗", "元旦谁在本地"}, replies: []string{"回！", "在外地回不去[大哭]", "看情况", "我在"}},
			{ask: []string{"{x}你现在还在老单位吗", "{x}还在原来那家吗"}, replies: []string{"还在，熬着", "早跳了", "在的，混日子"}},
			{ask: []string{"谁有班主任的电话", "班主任联系方式谁有"}, replies: []string{"我私发你", "我有微信", "问问班长"}},
			{ask: []string{"当年那张集体照谁有", "谁还存着毕业照"}, replies: []string{"我找找", "在我老电脑里", "发群里了"}},
			{ask: []string{"群里人怎么这么少说话", "都潜水呢？"}, replies: []string{"在呢在呢", "忙着带娃", "冒个泡", "一直在看"}},
		},
	}},
}
