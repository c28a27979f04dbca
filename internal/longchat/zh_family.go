package longchat

// family is an extended family's group chat (相亲相爱一家人): the family
// dinners, the local goods a relative buys for everyone (团购接龙, given
// out as notices), the weekly video call with grandma that moves, the
// hospital she goes to for check-ups and what each household pays towards
// her carer. Its members state their facts in words of their own
// (familyFacts), mostly without the words that usually tell of them
// ("夜班护士这活儿真不是人干的").
var family = theme{
	id: "lc-zh-family", split: "train", langs: []*lang{&chinese}, zone: "+08:00", start: "2026-01-05",
	weeks: 11, days: 31, members: 7, messages: 700,
	skip:    []string{"pet", "allergy", "hometown", "job", "city", "phone", "car", "drama", "kid", "exam", "zodiac", "hobby", "vacation", "dislike"},
	ownTalk: true,
	people: map[string][]person{"zh": {
		{"dagu", "大姑", true}, {"erjiu", "二舅", false}, {"biaojie", "表姐", true}, {"xiaoshu", "小叔", false},
		{"sanyi", "三姨", true}, {"tangge", "堂哥", false}, {"biaomei", "表妹", true}, {"jiuma", "舅妈", true},
		{"gufu", "姑父", false}, {"xiaojiu", "小舅", false},
	}},
	facts: map[string][]fact{"zh": familyFacts},
	series: []series{{
		key: "dinner", slot: evening,
		values: []string{"绿茶餐厅", "新白鹿", "小南国", "西贝莜面村", "老娘舅", "避风塘", "胖哥俩", "外婆家", "湘鄂情", "南京大牌档", "弄堂里", "金牌烤鸭店"},
		text: map[string]seriesText{"zh": {
			say: []string{
				"今天全家在{v}吃的饭，外婆胃口特别好，多吃了半碗",
				"{v}聚完了，{x}抢着买单，下次轮到我们",
				"晚上一大家子去了{v}，包厢坐了两桌，热闹",
			},
			reacts:  []string{"[强]", "下次带上我", "外婆开心就好", "照片发一下", "可惜我在加班"},
			ask:     []string{"{when}家里人聚餐去的哪家？", "{when}一家人在哪吃的饭？"},
			askBy:   []string{"{when}{name}说的聚餐是在哪家？"},
			askDate: []string{"哪天全家去的{v}？"},
			before:  "去{a}之前那次", after: "去{a}之后那次",
		}},
	}, {
		key: "groupbuy", slot: lunch,
		values: []string{"宁夏枸杞", "东北松子", "新会陈皮", "云南普洱", "金华火腿", "四川腊肉", "陕西猕猴桃", "安吉白茶", "潮汕牛肉丸", "武夷山大红袍", "黄岩蜜橘", "西湖龙井"},
		text: map[string]seriesText{"zh": {
			say: []string{
				"{v}团购接龙开始了，要的在下面接，周五截止",
				"{v}已经发货了，这周末能到，到了我挨家送",
				"上次拼的{v}到了，在我家放着，有空来拿，{x}那份我先垫了",
			},
			reacts:  []string{"接龙+1", "给我留两份", "辛苦了", "上次的很好吃", "钱转你了"},
			ask:     []string{"{when}家里团购的是什么？", "{when}群里拼单买的啥？"},
			askBy:   []string{"{when}{name}张罗的团购是什么东西？"},
			askDate: []string{"哪天团购的{v}？"},
			before:  "{a}之前那次", after: "{a}之后那次",
		}},
	}},
	updates: []update{{
		key: "call", common: true,
		values: []string{"周五", "周六", "周日", "周三"},
		text: map[string]updateText{"zh": {
			say:    []string{"跟外婆视频定在每{v}晚上八点，谁有空谁上"},
			change: []string{"外婆说{v}晚上精神好，以后视频改到{v}", "视频时间改一下，从下周开始每{v}打"},
			ask:    []string{"现在每周哪天跟外婆视频？"},
		}},
	}, {
		key:    "hospital",
		values: []string{"市中心医院", "中医院老院区", "省人民医院", "第二人民医院", "仁和医院"},
		text: map[string]updateText{"zh": {
			say:    []string{"外婆复查在{v}，每个月第二个周二，谁有空谁陪"},
			change: []string{"外婆的复查转到{v}了，那边专家号好挂一点", "医生建议以后去{v}复查，离家近"},
			ask:    []string{"外婆现在在哪家医院复查？"},
		}},
	}, {
		key:    "carer",
		values: []string{"每家每月600", "每家每月800", "每家每月500", "每家每月1000"},
		text: map[string]updateText{"zh": {
			say:    []string{"外婆保姆的工资大家分摊，{v}，月初转给大姑"},
			change: []string{"保姆涨工资了，商量好改成{v}", "外婆那边开销大了，从下个月起{v}"},
			ask:    []string{"外婆保姆的费用现在每家出多少？"},
		}},
	}},
	talk: map[string]talk{"zh": {
		greet: []string{"早上好", "大家早", "早安[太阳]", "早"},
		night: []string{"晚安", "早点睡", "睡了睡了", "晚安各位"},
		react: []string{"[强]", "[呲牙]", "哈哈哈", "[捂脸]", "👍", "好的", "[玫瑰]"},
		reply: []string{"是的是的", "注意身体啊", "哈哈{name}说得对", "确实", "太真实了", "别太累了", "有道理", "多穿点"},
		join:  "，",
		topics: []topic{{
			{"今天降温了", "外面又刮大风", "早上起来下雪了"},
			{"出门冻得直哆嗦", "窗户都结了一层霜", "路上滑，好几个人摔了"},
			{"大家多穿点", "老人少出门", "注意安全"},
		}, {
			{"今天去菜场买菜", "下午去超市转了一圈", "早上在楼下早市逛了逛"},
			{"猪肉又涨价了", "青菜便宜，买了一大袋", "排了半小时的队"},
			{"过日子真不容易", "晚上包饺子", "下次早点去"},
		}},
		chatter: []string{
			"转发：专家提醒，冬天早上不要空腹锻炼",
			"这个养生视频说得挺对，大家看看",
			"今天小区又停电了，一直到下午才来",
			"楼下的桂花树被砍了，可惜了",
			"天气预报说这周都有雨，晒不了被子",
			"刚包完一百个饺子，手都酸了",
			"今天的菜价真是离谱，一斤菠菜八块",
			"广场上又来了一个卖保健品的，大家别上当",
			"电视遥控器又找不到了",
			"今年的春晚节目单出来了",
			"手机又提示内存不足，不会弄",
			"今天去银行排了一上午的队",
			"楼上装修的电钻声吵了一整天",
			"腌的咸菜可以吃了，谁要来拿",
		},
		exchanges: []exchange{
			{ask: []string{"谁会弄这个健康码，帮我看看", "手机上这个怎么截图来着"}, replies: []string{"长按那个按钮", "我晚上过来帮你弄", "发个截图看看"}, close: []string{"好了好了，谢谢"}},
			{ask: []string{"今年过年在谁家过？", "过年大家怎么安排"}, replies: []string{"还没想好", "看外婆的意思", "我们初二回"}},
			{ask: []string{"{x}你上次说的那个中药方子发我一下", "{x}那个医生的电话你还有吗"}, replies: []string{"好，晚上找找", "发你私信了", "回头问问"}},
			{ask: []string{"有没有人要土鸡蛋，乡下亲戚送了两箱", "家里橘子太多了，谁要来拿"}, replies: []string{"我要一点", "给我留十个", "吃不完了不要了"}},
			{ask: []string{"外婆今天电话怎么没人接", "谁联系上外婆了"}, replies: []string{"她去跳舞了", "刚打通，没事", "我去看看"}},
		},
	}},
}

// familyFacts are what the relatives state about themselves, in words of
// their own: their work and city, their animals, what they cannot eat,
// their children, their pastimes and their trips.
var familyFacts = []fact{{
	key:    "work",
	values: []string{"护士长", "公务员", "出租车司机", "会计", "程序员", "小学校长", "外卖骑手", "牙医", "电工", "民宿老板", "保安队长", "销售经理"},
	stmt: stmt{
		say: []string{
			"{v}这活儿真不是人干的，昨天又忙到半夜",
			"当{v}十几年了，头一回遇到这么好说话的领导",
			"{v}年底最忙，过年可能回不去了，先跟大家说一声",
		},
		prompt: []string{"{name}你现在还在原来那个单位吗？干啥来着", "{name}你们单位过年放几天？你是做啥的来着"},
		reply:  []string{"还是{v}，老样子", "{v}啊，放不了几天"},
		mood:   "meh",
	},
	change: stmt{
		say: []string{
			"跟大家说一声，原来的工作辞了，以后在家附近当{v}",
			"新单位报到了，{v}，工资比以前高一点",
			"考上了！下个月起就是{v}了，谢谢大家关心",
		},
		mood: "news",
	},
	ask:  []string{"{who}是做什么工作的？"},
	now:  []string{"{name}现在做什么工作？"},
	who:  []string{"谁是{v}？"},
	desc: []string{"做{v}的那位亲戚"},
}, {
	key:    "city",
	values: []string{"杭州", "成都", "深圳", "苏州", "武汉", "青岛", "厦门", "昆明", "无锡", "西安", "长沙", "合肥"},
	stmt: stmt{
		say: []string{
			"{v}这几天热得要命，空调一直开着",
			"{v}房价又跌了，我们那小区跌了两成",
			"在{v}待了八年了，还是吃不惯这边的菜",
		},
		prompt: []string{"{name}你们现在还在那边吗？哪个城市来着"},
		reply:  []string{"在{v}，一直没挪窝"},
		mood:   "meh",
	},
	change: stmt{
		say: []string{
			"我们家搬到{v}了，新地址回头发群里",
			"工作调动，下个月去{v}，房子都租好了",
			"孩子在{v}上学，我们干脆也搬过来了",
		},
		mood: "news",
	},
	ask:  []string{"{who}住在哪个城市？"},
	now:  []string{"{name}现在住在哪个城市？"},
	who:  []string{"谁住在{v}？"},
	desc: []string{"住在{v}的那位亲戚"},
}, {
	key:    "animal",
	values: []string{"泰迪", "橘猫", "金毛", "鹦鹉", "巴西龟", "八哥", "柯基", "仓鼠", "锦鲤", "萨摩耶"},
	stmt: stmt{
		say: []string{
			"{v}昨晚把拖鞋咬烂了，气死我了",
			"带{v}去打针，花了八百块",
			"{v}每天早上五点就闹，比闹钟还准",
		},
		prompt: []string{"{name}你视频里那个是你家养的吗？什么品种"},
		reply:  []string{"对，{v}，养了三年了"},
		mood:   "good", reacts: []string{"好可爱", "过年带回来看看", "胖了胖了"},
	},
	ask:  []string{"{who}家养的是什么？"},
	who:  []string{"谁家养了{v}？"},
	desc: []string{"养{v}的那位亲戚"},
}, {
	key:    "allergy",
	values: []string{"青霉素", "芒果", "花生", "头孢", "虾蟹", "牛奶", "菠萝", "酒精"},
	stmt: stmt{
		say: []string{
			"吃了点{v}浑身起红疙瘩，又去挂急诊了",
			"医生交代了，{v}一口都不能碰",
			"年夜饭别给我夹{v}啊，上次的教训还记得",
		},
		prompt: []string{"{name}年夜饭你有啥不能吃的？我来订菜"},
		reply:  []string{"{v}，碰了就起疹子", "就{v}不行，其他都可以"},
		mood:   "note",
	},
	ask:  []string{"{who}不能吃什么？"},
	who:  []string{"谁不能碰{v}？"},
	desc: []string{"不能碰{v}的那位亲戚"},
}, {
	key:    "child",
	values: []string{"豆豆", "乐乐", "糖糖", "果果", "朵朵", "航航", "毛毛", "嘟嘟", "小满", "球球"},
	stmt: stmt{
		say: []string{
			"{v}期中考试数学考了一百分，奖励了个乐高",
			"{v}发烧三十九度，在儿童医院排队呢",
			"{v}今天会叫奶奶了，我妈激动得哭了",
		},
		prompt: []string{"{name}你家小的叫什么来着？过年红包要写名字"},
		reply:  []string{"{v}，下个月满周岁"},
		mood:   "meh", reacts: []string{"真棒", "越长越可爱", "像他爸"},
	},
	ask:  []string{"{who}家孩子叫什么？"},
	who:  []string{"谁家孩子叫{v}？"},
	desc: []string{"{v}的家长"},
}, {
	key:    "pastime",
	values: []string{"广场舞", "钓鱼", "书法", "象棋", "合唱团", "太极拳", "京剧", "乒乓球", "养兰花", "葫芦丝"},
	stmt: stmt{
		say: []string{
			"今天{v}比赛拿了个二等奖，奖品是一桶油",
			"老年大学报了{v}班，每周去两次",
			"一早出去{v}，中午才回来，饭都没做",
		},
		prompt: []string{"{name}退休了每天在家干啥呀"},
		reply:  []string{"{v}，一天不落", "主要是{v}"},
		mood:   "meh",
	},
	ask:  []string{"{who}平时喜欢干什么？"},
	who:  []string{"谁喜欢{v}？"},
	desc: []string{"喜欢{v}的那位亲戚"},
}, {
	key:    "trip",
	values: []string{"三亚", "桂林", "张家界", "大理", "哈尔滨", "丽江", "九寨沟", "北海", "西双版纳", "敦煌"},
	stmt: stmt{
		say: []string{
			"五一跟老同学报了个团去{v}，六天五晚",
			"机票买好了，下个月带爸妈去{v}",
			"过完年想去{v}住一阵，那边暖和",
		},
		prompt: []string{"{name}今年有啥出去玩的打算没"},
		reply:  []string{"去{v}，票都订了"},
		mood:   "envy",
	},
	ask:  []string{"{who}要去哪里玩？"},
	who:  []string{"谁要去{v}？"},
	desc: []string{"要去{v}的那位亲戚"},
}}
