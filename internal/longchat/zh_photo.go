package longchat

// photo is the chat of an amateur photography club in Hangzhou (西湖扫街
// 摄影群): its weekend shoots and the late-night snacks after them, where
// shoots gather, which evening the critique night is and what the yearly
// dues are. Its members state their homes, cameras, animals, work,
// children, what they cannot eat and their trips in words of their own
// (photoFacts), mostly without the words that usually tell of them, between
// small talk about the weather, the light and the crowds at the lake.
var photo = theme{
	id: "lc-zh-photo", split: "train", langs: []*lang{&chinese}, zone: "+08:00", start: "2026-07-06",
	weeks: 10, days: 30, members: 6, messages: 660,
	skip:    []string{"pet", "allergy", "hometown", "job", "city", "phone", "car", "drama", "kid", "exam", "zodiac", "hobby", "vacation", "dislike"},
	ownTalk: true,
	people: map[string][]person{"zh": {
		{"laoxu", "老许", false}, {"yanzi", "燕子", true}, {"ajie", "阿杰", false}, {"xiaolin", "小林", true},
		{"dapeng", "大鹏", false}, {"qingqing", "青青", true}, {"shifu", "石头", false}, {"nuannuan", "暖暖", true},
	}},
	facts: map[string][]fact{"zh": photoFacts},
	series: []series{{
		key: "shoot", slot: morning,
		values: []string{"九溪烟树", "西溪湿地", "满觉陇", "龙井村茶园", "拱宸桥", "小河直街", "杨公堤", "云栖竹径", "南宋御街", "湘湖", "白塔公园", "宝石山"},
		text: map[string]seriesText{"zh": {
			say: []string{
				"今早{v}扫街，{x}蹲了一个小时等光",
				"{v}外拍回来了，存储卡拍满两张",
				"周末外拍去了{v}，人比景多",
			},
			reacts:  []string{"出片了吗", "求原图", "下次叫我", "[强]", "起得真早"},
			ask:     []string{"{when}外拍去的哪里？", "{when}摄影群扫街是在哪？"},
			askBy:   []string{"{when}{name}说的外拍是去哪？"},
			askDate: []string{"哪天去{v}外拍的？"},
			before:  "去{a}之前那次外拍", after: "去{a}之后那次外拍",
		}},
	}, {
		key: "snack", slot: evening,
		values: []string{"胜利河美食街", "高银街", "宝善桥夜市", "吴山夜市", "大兜路", "湖墅南路烧烤", "四季青夜宵摊", "武林夜市"},
		text: map[string]seriesText{"zh": {
			say: []string{
				"拍完去{v}撸串，{x}一个人干了二十串",
				"夜宵在{v}，排队排到十点",
				"{v}吃完回家，胖了两斤",
			},
			reacts:  []string{"饿了", "深夜放毒", "下次带我", "拍照就是为了吃"},
			ask:     []string{"{when}拍完去哪吃的夜宵？", "{when}夜宵是在哪吃的？"},
			askBy:   []string{"{when}{name}说的夜宵是在哪？"},
			askDate: []string{"哪天去{v}吃的夜宵？"},
			before:  "去{a}之前那次夜宵", after: "去{a}之后那次夜宵",
		}},
	}},
	updates: []update{{
		key:    "gather",
		values: []string{"断桥东头", "北山街星巴克门口", "龙翔桥地铁站C口", "六公园音乐喷泉"},
		text: map[string]updateText{"zh": {
			say:    []string{"外拍统一在{v}集合，早上六点不等人"},
			change: []string{"以后外拍改在{v}集合，那边好停车", "集合点换了，改到{v}"},
			ask:    []string{"摄影群外拍现在在哪集合？"},
		}},
	}, {
		key: "critique", common: true,
		values: []string{"周二", "周三", "周四"},
		text: map[string]updateText{"zh": {
			say:    []string{"每周{v}晚上八点线上点评作业，每人交三张"},
			change: []string{"点评会从下周起改到{v}晚上", "以后作业点评固定{v}，老许那天有空"},
			ask:    []string{"摄影群的点评会现在是每周哪天？"},
		}},
	}, {
		key:    "dues",
		values: []string{"一年一百二", "一年两百", "半年八十", "一年一百五"},
		text: map[string]updateText{"zh": {
			say:    []string{"群费{v}，用来租影棚，转给燕子"},
			change: []string{"影棚涨价了，群费改成{v}", "投票结果出来了，群费以后{v}"},
			ask:    []string{"摄影群的群费现在是多少？"},
		}},
	}},
	talk: map[string]talk{"zh": {
		greet: []string{"早", "早安", "早上好", "早早早"},
		night: []string{"睡了睡了", "修图修到现在，晚安", "明天见", "撤了"},
		react: []string{"哈哈哈", "[捂脸]", "[强]", "笑死", "+1", "[赞]"},
		reply: []string{"同", "太真实了", "心疼{name}", "摄影穷三代", "习惯就好", "我也是", "抱抱"},
		join:  "，",
		topics: []topic{{
			{"今天的云一点层次都没有", "天又灰蒙蒙的", "下午突然下雷阵雨"},
			{"白跑一趟", "镜头起雾了", "拍了一百张一张能用的都没有"},
			{"下次看好天气再去", "摄影就是看天吃饭", "算了回家修图"},
		}, {
			{"断桥上全是人", "景区又限流了", "游客比荷花还多"},
			{"三脚架都支不开", "挤了半天没找到机位", "被人挡了十几次"},
			{"还是工作日去好", "下次五点就到", "习惯了"},
		}},
		chatter: []string{
			"今天的晚霞绝了，可惜在开车",
			"存储卡又满了，删照片删到心痛",
			"修图修到凌晨两点，眼睛要瞎了",
			"杭州这天气，一天换三个季节",
			"相机包越来越重，肩膀受不了",
			"朋友圈发了九宫格，只有我妈点赞",
			"三脚架的脚管卡住了，拧不开",
			"最近西湖边全是拍婚纱照的",
			"镜头又想升级了，钱包不同意",
			"下雨天适合在家整理硬盘",
			"今天的月亮好圆，没带长焦",
			"蚊子太多了，腿上全是包",
			"梅雨季什么都发霉，防潮箱要开起来",
			"看了个大佬的作品集，感觉自己白拍了",
		},
		exchanges: []exchange{
			{ask: []string{"谁有快装板借一下", "有没有人多带了电池"}, replies: []string{"我有，周末带给你", "群里问问别人", "没多的"}, close: []string{"谢啦"}},
			{ask: []string{"{x}周末外拍去吗", "{x}点评会来吗"}, replies: []string{"去，不下雨就去", "有事，下次", "看情况"}},
			{ask: []string{"拍完一起吃饭吗", "有人拼车去吗"}, replies: []string{"+1", "算我一个", "下次吧"}},
			{ask: []string{"今天这张怎么调色", "这张构图是不是歪了"}, replies: []string{"拉一下曲线", "裁一下就好", "挺好的"}},
		},
	}},
}

// photoFacts are what the club's members state about themselves, in words
// of their own: where they live, what they shoot with, their animals, their
// work, their children, what they cannot eat and their trips.
var photoFacts = []fact{{
	key:    "home",
	values: []string{"三墩镇", "九堡", "闻堰街道", "转塘", "勾庄", "丁桥", "古荡湾", "申花路", "翠苑一区", "良渚古城"},
	stmt: stmt{
		say: []string{
			"{v}到西湖开车要五十分钟，每次外拍都起得最早",
			"{v}这边今晚又停水了，澡都洗不了",
			"楼下就是{v}的菜市场，早上吵得睡不着",
		},
		prompt: []string{"{name}你住哪一片来着？外拍顺路的话捎你"},
		reply:  []string{"{v}那边，有点远", "在{v}"},
		mood:   "meh",
	},
	change: stmt{
		say: []string{
			"周末终于搬完了，新地址{v}，离湖边近多了",
			"钥匙拿到了，以后就是{v}的人了",
		},
		mood: "news",
	},
	ask:  []string{"{who}住在哪一片？"},
	now:  []string{"{name}现在住在哪？"},
	who:  []string{"谁住在{v}？"},
	desc: []string{"住在{v}的那位群友"},
}, {
	key:    "camera",
	values: []string{"富士XT5", "索尼A7C二代", "尼康Zf", "佳能R6二代", "理光GR3", "徕卡Q3", "哈苏907X", "松下S5"},
	stmt: stmt{
		say: []string{
			"{v}的直出色彩真的绝了，基本不用修",
			"新入了一台{v}，这个月吃土",
			"{v}今天电池撑了一整天，比想象的耐用",
		},
		prompt: []string{"{name}你现在用的啥机子？想参考一下"},
		reply:  []string{"{v}，用了一年了"},
		mood:   "good", reacts: []string{"羡慕", "有钱", "借我玩玩"},
	},
	change: stmt{
		say: []string{
			"出掉了旧机器，换成{v}了",
			"一狠心换了{v}，回不去了",
		},
		mood: "news",
	},
	ask:  []string{"{who}用的是什么相机？"},
	now:  []string{"{name}现在用什么相机？"},
	who:  []string{"谁用{v}？"},
	desc: []string{"用{v}的那位群友"},
}, {
	key:    "animal",
	values: []string{"英短蓝猫", "金毛", "萨摩耶", "暹罗猫", "雪纳瑞", "狸花猫", "阿拉斯加", "垂耳兔"},
	stmt: stmt{
		say: []string{
			"{v}把窗帘抓烂了，回家看到差点晕过去",
			"{v}今天第一次肯出镜，拍了两百张",
			"带{v}去打疫苗，一路叫个不停",
		},
		prompt: []string{"{name}你头像上那只是你家的吗"},
		reply:  []string{"对，{v}，两岁了"},
		mood:   "good", reacts: []string{"好可爱", "求视频", "下次带来外拍"},
	},
	ask:  []string{"{who}养的是什么？"},
	who:  []string{"谁养了{v}？"},
	desc: []string{"养{v}的那位群友"},
}, {
	key:    "work",
	values: []string{"牙医", "小学语文老师", "民宿老板", "律师助理", "推拿师", "快递网点老板", "健身教练", "急诊科护士"},
	stmt: stmt{
		say: []string{
			"当了六年{v}，周末能出来拍照就是最大的奢侈",
			"{v}这行旺季到了，这两周外拍都去不了",
			"今天又是被{v}这份活累趴的一天",
		},
		prompt: []string{"{name}你平时上班做啥的？"},
		reply:  []string{"{v}，挺累的", "干{v}的"},
		mood:   "meh",
	},
	ask:  []string{"{who}是做什么工作的？"},
	who:  []string{"谁是{v}？"},
	desc: []string{"做{v}的那位群友"},
}, {
	key:    "child",
	values: []string{"糖糖", "豆包", "小满", "米粒", "橙子", "阿宝", "朵朵", "球球"},
	stmt: stmt{
		say: []string{
			"{v}今天第一次自己系鞋带，激动得拍了视频",
			"{v}非要拿相机，镜头盖被她扔了",
			"{v}期中考了全班第三，奖励一台拍立得",
		},
		prompt: []string{"{name}你家娃叫啥来着"},
		reply:  []string{"{v}，六岁了"},
		mood:   "good", reacts: []string{"好可爱", "小摄影师", "厉害"},
	},
	ask:  []string{"{who}家孩子叫什么？"},
	who:  []string{"谁家孩子叫{v}？"},
	desc: []string{"{v}的家长"},
}, {
	key:    "allergy",
	values: []string{"芒果", "花生", "虾蟹", "牛奶", "菠萝", "桃子"},
	stmt: stmt{
		say: []string{
			"{v}碰都不能碰，上次嘴肿成香肠",
			"夜宵别给我点带{v}的，吃了要进医院",
		},
		prompt: []string{"{name}夜宵有啥不能吃的？我来点"},
		reply:  []string{"{v}不行，别的随意"},
		mood:   "note",
	},
	ask:  []string{"{who}不能吃什么？"},
	who:  []string{"谁不能吃{v}？"},
	desc: []string{"不能吃{v}的那位群友"},
}, {
	key:    "trip",
	values: []string{"稻城亚丁", "喀纳斯", "霞浦滩涂", "坝上草原", "元阳梯田", "塔川", "东极岛", "四姑娘山"},
	stmt: stmt{
		say: []string{
			"十月中旬请好假了，{v}走起",
			"{v}的民宿订好了，国庆出发拍星空",
			"下个月去{v}，滤镜已经买好了",
		},
		prompt: []string{"{name}国庆打算去哪拍"},
		reply:  []string{"{v}，攻略做好了"},
		mood:   "envy",
	},
	ask:  []string{"{who}要去哪里拍？"},
	who:  []string{"谁要去{v}？"},
	desc: []string{"要去{v}的那位群友"},
}}
