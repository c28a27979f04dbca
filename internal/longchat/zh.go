package longchat

import (
	"fmt"
	"math"
	"time"
)

// chinese is the Chinese language: names, facts and dates. Its
// paraphrases, spans, milestones and talk are in zh_talk.go.
var chinese = lang{
	code: "zh", his: "他", her: "她", stop: "。",
	joins: []string{"{chat} 对了，{fact}", "{chat} 话说{fact}", "{chat} 跟你们说个事，{fact}", "{fact} {chat}"},
	people: []person{
		{"xw", "小王", false}, {"lj", "老李", false}, {"aj", "阿杰", false}, {"ll", "莉莉", true},
		{"dd", "大东", false}, {"xm", "小美", true}, {"lz", "老张", false}, {"ff", "芳芳", true},
		{"aq", "阿强", false}, {"xwen", "晓雯", true}, {"ph", "胖虎", false}, {"tt", "婷婷", true},
		{"lc", "老陈", false}, {"jj", "静静", true},
	},
	moods: map[string][]string{
		"good": {"恭喜恭喜！", "牛啊{name}", "太棒了吧", "🎉🎉🎉", "厉害了", "羡慕", "恭喜{name}！", "冲冲冲", "[强][强]"},
		"bad":  {"啊这", "心疼{name}", "保重啊", "[抱抱]", "太惨了", "早日康复", "抱抱{name}"},
		"meh":  {"哈哈哈", "真的假的", "还有这事", "学到了", "可以可以", "👍", "原来如此", "[呲牙]", "第一次听说"},
		"news": {"哇", "恭喜！", "大新闻", "可以啊{name}", "终于！", "[强]", "什么时候请客"},
		"envy": {"羡慕！", "带我一个", "记得发照片", "好好玩！", "哇好棒"},
		"note": {"收到", "好的", "收到收到", "👌", "了解", "OK", "记住了", "这个得注意"},
	},
	cal:         zhCalendar,
	paraphrases: zhParaphrases,
	spans:       zhSpans,
	milestones:  zhMilestones,
	talk:        zhTalk,
	facts: []fact{{
		key:    "pet",
		values: []string{"柯基", "布偶猫", "橘猫", "金毛", "柴犬", "仓鼠", "边牧", "英短", "萨摩耶", "鹦鹉", "垂耳兔", "巴西龟"},
		stmt: stmt{
			say: []string{
				"周末从救助站领养了一只{v}，名字想了一晚上还没定",
				"家里新来了一只{v}，这两天被它折腾得够呛[捂脸]",
				"跟你们说我终于养了{v}！！每天回家都有人迎接了",
				"我家新来的{v}今天把拖鞋啃了一个洞，我真的会谢",
			},
			prompt: []string{"{name}你最后养了个啥？", "{name}新宠物到家了没"},
			reply:  []string{"{v}！超粘人", "到了到了，{v}，照片晚点发"},
			mood:   "good", reacts: []string{"求照片！", "快发图", "叫啥名字", "云吸一下"},
		},
		ask:  []string{"{who}养的是什么宠物？"},
		who:  []string{"谁养了{v}？", "群里谁家有{v}？"},
		desc: []string{"养{v}的那位", "家里有{v}的那个人"},
	}, {
		key:    "allergy",
		values: []string{"花生", "芒果", "菠萝", "猕猴桃", "芝麻", "桃子", "腰果", "蚕豆", "牛油果", "核桃"},
		stmt: stmt{
			say: []string{
				"提前说一下，我对{v}过敏，点菜的时候帮我避开一下",
				"小时候吃{v}进过医院，现在看到都怕",
				"我{v}过敏的，上次不小心吃了一口脸肿了两天",
			},
			prompt: []string{"{name}你有啥忌口吗？我来订菜", "{name}有什么不能吃的没"},
			reply:  []string{"我对{v}过敏，别的都行", "就{v}不行，过敏"},
			mood:   "note",
		},
		ask:  []string{"{who}对什么过敏？"},
		who:  []string{"谁对{v}过敏？"},
		desc: []string{"对{v}过敏的那位"},
	}, {
		key:    "hometown",
		values: []string{"哈尔滨", "潮汕", "绵阳", "洛阳", "赣州", "大理", "烟台", "柳州", "延边", "宜宾", "景德镇", "丹东"},
		stmt: stmt{
			say: []string{
				"我老家{v}的，这点冷算啥",
				"我是{v}人，过年回去每天吃到撑",
				"我是{v}人，那边冬天比这冷多了",
			},
			prompt: []string{"{name}你老家哪的来着？"},
			reply:  []string{"{v}的！欢迎来玩", "{v}，有空带你们回去吃好的"},
			mood:   "meh",
		},
		ask:  []string{"{who}老家是哪里的？"},
		who:  []string{"谁老家是{v}的？"},
		desc: []string{"老家在{v}的那位"},
	}, {
		key:    "job",
		values: []string{"儿科护士", "急诊科护士", "税务会计", "出纳", "土木工程师", "结构工程师", "高中化学老师", "小学美术老师", "牙医", "律师助理", "面点师", "康复治疗师", "室内设计师"},
		stmt: stmt{
			say: []string{
				"我是{v}，周末才有空",
				"干{v}这行就是这样，加班是常态",
				"作为一个{v}，我觉得你们都该早点睡[旺柴]",
			},
			prompt: []string{"{name}你现在做啥工作来着？"},
			reply:  []string{"{v}，干了五六年了"},
			mood:   "meh",
		},
		change: stmt{
			say: []string{
				"跟大家报告一下，我换工作了，现在是{v}",
				"下周一入职新单位，岗位是{v}，有点紧张",
				"转行成功！正式当上{v}了🎉",
			},
			mood: "news",
		},
		ask:  []string{"{who}是做什么工作的？"},
		now:  []string{"{name}现在是做什么工作的？", "{name}现在干哪一行？"},
		who:  []string{"谁是{v}？"},
		desc: []string{"当{v}的那位"},
	}, {
		key:    "city",
		values: []string{"杭州", "成都", "苏州", "厦门", "武汉", "西安", "长沙", "青岛", "南京", "重庆", "昆明", "合肥"},
		stmt: stmt{
			say: []string{
				"我现在住{v}，回来一趟不容易",
				"{v}今天又下雨，我晾的衣服一周没干了",
				"在{v}住久了，觉得哪都没这边舒服",
			},
			mood: "meh",
		},
		change: stmt{
			say: []string{
				"搬家搞定了！正式成为{v}人[旺柴]",
				"新房子在{v}，这周搬过去，累死",
				"跟大家说一声，我已经搬到{v}了，以后来玩找我",
			},
			mood: "news",
		},
		ask:  []string{"{who}住在哪个城市？"},
		now:  []string{"{name}现在住在哪个城市？", "{name}现在人在哪个城市？"},
		who:  []string{"谁住在{v}？"},
		desc: []string{"住在{v}的那位"},
	}, {
		key:    "phone",
		values: []string{"华为Mate60", "小米14", "iPhone15", "OPPO Find X7", "vivo X100", "荣耀Magic6", "一加12", "iPhone13", "红米K70"},
		stmt: stmt{
			say: []string{
				"我这{v}用了两年了，电池撑不过下午",
				"{v}拍夜景还行吧，你们看这张[图片]",
			},
			mood: "meh",
		},
		change: stmt{
			say: []string{
				"手机终于换了，入了{v}，数据迁移了一晚上",
				"旧手机掉马桶里了😭 新买了{v}",
			},
			mood: "news",
		},
		ask:  []string{"{who}用的什么手机？"},
		now:  []string{"{name}现在用的什么手机？"},
		who:  []string{"谁用的是{v}？"},
		desc: []string{"用{v}的那位"},
	}, {
		key:    "car",
		values: []string{"比亚迪汉", "特斯拉Model Y", "理想L7", "大众朗逸", "本田雅阁", "丰田凯美瑞", "五菱宏光", "小鹏P7", "问界M7", "奥迪A4"},
		stmt: stmt{
			say: []string{
				"我开{v}，坐五个人没问题",
				"我那辆{v}又亮故障灯了，明天去4S店",
			},
			mood: "meh",
		},
		change: stmt{
			say: []string{
				"提车了！{v}，以后出去玩我来开",
				"老车卖了，换了辆{v}，开着真舒服",
			},
			mood: "news",
		},
		ask:  []string{"{who}开的什么车？"},
		now:  []string{"{name}现在开什么车？"},
		who:  []string{"谁开{v}？"},
		desc: []string{"开{v}的那位"},
	}, {
		key:    "drama",
		values: []string{"繁花", "漫长的季节", "狂飙", "庆余年", "甄嬛传", "去有风的地方", "三体", "我的阿勒泰", "墨雨云间", "唐朝诡事录"},
		stmt: stmt{
			say: []string{
				"最近在追{v}，每天熬到两点[捂脸]",
				"{v}太好看了吧，你们都去看",
				"一口气刷了六集{v}，眼睛要瞎了",
			},
			mood: "meh", reacts: []string{"我也在看！", "别剧透！！", "加入片单了"},
		},
		ask:  []string{"{who}最近在追什么剧？"},
		who:  []string{"谁在追{v}？"},
		desc: []string{"在追{v}的那位"},
	}, {
		key:    "kid",
		values: []string{"豆豆", "乐乐", "果果", "糖糖", "朵朵", "小满", "米粒", "团团", "嘟嘟", "石头"},
		stmt: stmt{
			say: []string{
				"我家{v}今天幼儿园汇报演出，站C位哈哈哈",
				"{v}今天问我为什么月亮跟着车走，我答不上来",
				"带{v}打疫苗，哭得整层楼都听见了",
			},
			prompt: []string{"{name}你家宝贝小名叫啥来着"},
			reply:  []string{"{v}，我们家那个小魔王"},
			mood:   "meh", reacts: []string{"哈哈哈太可爱了", "小朋友的脑回路", "童言无忌"},
		},
		ask:  []string{"{who}家孩子小名叫什么？"},
		who:  []string{"谁家孩子小名叫{v}？"},
		desc: []string{"{v}的家长"},
	}, {
		key:    "exam",
		values: []string{"注册会计师", "雅思", "教师资格证", "PMP", "法考", "一级建造师", "托福", "心理咨询师", "导游证"},
		stmt: stmt{
			say: []string{
				"在备考{v}，这周末又要去图书馆蹲一天",
				"{v}报名了，交了钱就不能放弃了[裂开]",
			},
			mood: "meh", reacts: []string{"加油！", "稳过", "考神附体"},
		},
		ask:  []string{"{who}在准备什么考试？"},
		who:  []string{"谁在考{v}？"},
		desc: []string{"在考{v}的那位"},
	}, {
		key:    "zodiac",
		values: []string{"天蝎", "双鱼", "摩羯", "处女", "狮子", "白羊", "水瓶", "巨蟹"},
		stmt: stmt{
			say: []string{
				"我{v}座的，你们懂的",
				"作为一个{v}座，我今天的运势说宜摸鱼",
			},
			mood: "meh",
		},
		ask:  []string{"{who}是什么星座？"},
		who:  []string{"谁是{v}座？"},
		desc: []string{"{v}座的那位"},
	}, {
		key:    "hobby",
		values: []string{"陶艺", "攀岩", "飞盘", "滑板", "钩针", "钓鱼", "书法", "桨板", "射箭", "花艺", "拳击", "骑马"},
		stmt: stmt{
			say: []string{
				"报了个{v}班，第一节课就被虐了",
				"最近迷上{v}了，一有空就想去",
				"周末又花了一整天在{v}上，上瘾了",
			},
			mood: "meh",
		},
		ask:  []string{"{who}最近迷上了什么？"},
		who:  []string{"谁最近迷上了{v}？"},
		desc: []string{"迷上{v}的那位"},
	}, {
		key:    "vacation",
		values: []string{"新疆", "云南", "北海道", "清迈", "西藏", "张家界", "冰岛", "川西", "稻城亚丁", "巴厘岛", "敦煌"},
		stmt: stmt{
			say: []string{
				"下个假期去{v}，机票已经买好了",
				"攒了半年假，准备去{v}玩十天",
				"{v}的攻略做了一半，有去过的吗",
			},
			prompt: []string{"{name}假期有啥安排没？"},
			reply:  []string{"去{v}！机票都订了"},
			mood:   "envy",
		},
		ask:  []string{"{who}假期准备去哪玩？"},
		who:  []string{"谁假期要去{v}？"},
		desc: []string{"假期要去{v}的那位"},
	}, {
		key:    "dislike",
		values: []string{"香菜", "内脏", "羊肉", "苦瓜", "茄子", "肥肉", "胡萝卜", "韭菜", "芹菜"},
		stmt: stmt{
			say: []string{
				"我不吃{v}的，谁点菜记得备注",
				"{v}真的是世界上最难吃的东西，谁也别劝我",
			},
			prompt: []string{"{name}你有啥不吃的？"},
			reply:  []string{"{v}，其他都行"},
			mood:   "note",
		},
		ask:  []string{"{who}不吃什么？"},
		who:  []string{"谁不吃{v}？"},
		desc: []string{"不吃{v}的那位"},
	}},
}

// zhCalendar says dates as a Chinese chat does: "3月14号", "3月初".
var zhCalendar = calendar{
	date: func(d, asked time.Time) string {
		return zhLastYear(d, asked) + fmt.Sprintf("%d月%d号", d.Month(), d.Day())
	},
	part: func(d, asked time.Time) string {
		part := [...]string{"初", "中旬", "底"}[min((d.Day()-1)/10, 2)]
		return zhLastYear(d, asked) + fmt.Sprintf("%d月%s", d.Month(), part)
	},
	rel: map[string]string{
		"yesterday": "昨天", "daybefore": "前天", "lastweek": "上周",
		"weekbeforelast": "上上周", "twoweeksago": "两周前", "lastmonth": "上个月",
	},
	weekday: func(w time.Weekday) string {
		return "上周" + [...]string{"日", "一", "二", "三", "四", "五", "六"}[w]
	},
	answer: func(d, asked time.Time) string {
		return zhLastYear(d, asked) + fmt.Sprintf("%d月%d日", d.Month(), d.Day())
	},
	span: func(from, to time.Time) string {
		days := int(math.Round(to.Sub(from).Hours() / 24))
		return fmt.Sprintf("大约%d周（%d月%d日到%d月%d日）", int(math.Round(float64(days)/7)), from.Month(), from.Day(), to.Month(), to.Day())
	},
}

func zhLastYear(d, asked time.Time) string {
	if d.Year() < asked.Year() {
		return "去年"
	}
	return ""
}
