package offline

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Chinese is the Chinese language value (see Language).
var Chinese = Language{
	Name:         "zh",
	Owns:         func(c string) bool { return strings.ContainsFunc(c, han) },
	ClauseMarks:  "。！？；，!?;",
	SecondPerson: regexp.MustCompile(`你|您`),
	Question: regexp.MustCompile(`[？?]|[吗呢嘛][\s。！!~～…]*$|[了的]没[\s。~～…]*$|什么时候|^\s*谁|有没有|是不是|要不要|谁有|有人[^，。]*[吗么]|咋样|怎么样|` +
		// a question without its mark, ended by what it asks ("你现在住哪",
		// "你老家哪里的", "干啥来着", "有啥打算没")
		`(?:啥|什么|哪|哪儿|哪里|哪里的|哪的|几个|多少|来着|打算没)[呀啊呐]?[\s~～…，,]*$|(?:什么|啥)[^，。！？]*[呀啊呢][\s，,]*$|` +
		// the reader asked what or where of theirs, the word that asks
		// inside the clause ("你住哪一带", "你有什么安排"; not "你说什么都对")
		`[你您][^，。！？,.!?]{0,6}(?:哪一|哪个|哪边|(?:什么|啥)(?:[^都也]|$))`),
	Greeting: regexp.MustCompile(`^\s*(早上好|早安|早啊|大家好|哈喽|嗨|晚上好|中午好|下午好|恭喜|欢迎|谢谢|感谢)`),
	SignOff:  regexp.MustCompile(`晚安|拜拜|回头聊|先撤|先下了|^88$`),
	Reaction: regexp.MustCompile(`^\s*(哈哈+|呵呵|好的|收到|太好了|太棒了|厉害|牛|赞|羡慕|真棒|好棒|可以可以|不错|对对|是的|嗯嗯?|哇+|666+|恭喜恭喜|辛苦了|加油|确实|笑死|绝了|好家伙|刚看到消息|抱抱|心疼|同感|一样|太惨了|好惨|绝绝子|冲)` +
		`[啊呀了哈！!。~～…，,\s]*$`),
	Photo: regexp.MustCompile(`看这张|看这个|发张图|发个图|上图|如图|见图|截图|\[图片\]|\[视频\]`),
	// A line that names its thing without saying whose it is: the device
	// that takes the member's photos is theirs ("iPhone13拍夜景还行"), the
	// city whose weather they live with their place ("武汉今天又下雨"), the
	// child who asks them why their household's ("朵朵今天问我为什么…").
	Rewrites: []Rewrite{
		{regexp.MustCompile(`^(` + zhProduct + `)(拍(?:夜景|照片?|视频|人像|月亮))`), "我的$1$2"},
		{regexp.MustCompile(`^(` + zhPlace + `)((?:今天|这两天|这几天|最近|一直)[^，。！？\s]{0,2}` + zhWeather + `)`), "我在$1，$2"},
		{regexp.MustCompile(`^(\p{Han}{2})((?:今天|昨天|刚才|早上|晚上)?问我(?:为什么|为啥|怎么))`), "我家$1$2"},
		{regexp.MustCompile(`^(《[^》]+》|[^，。！？\s]{2,8})(太好看了|真好看|太好听了|太上头了)吧?`), "我觉得$1$2"},
	},
	FirstPerson: regexp.MustCompile(`我|俺`),
	Leads: []string{"通知一下", "通知", "公告", "提醒", "提醒一下", "提醒下", "温馨提示", "友情提示", "重要", "注意", "大家注意", "重要通知",
		"老规矩", "照旧", "还是老规矩", "对了", "话说", "另外", "顺便说一下", "顺便", "说一下", "补充一下", "各位", "大家"},
	Openers:     []string{"跟大家报告一下", "报告一下", "跟大家说一声", "跟你们说一声", "跟大家说一下", "跟你们说一下", "说一声", "话说", "对了", "跟你们说个事", "跟大家说个事", "跟你们说", "提前说一下", "顺便说一下", "补充一下", "另外", "说个事"},
	Aside:       regexp.MustCompile(`(?:所以|那就|那)?(?:咱们|我们)(?:下次|改天|回头)[^，。！？]*$`),
	Reader:      regexp.MustCompile(`你|记得|别忘|^请|请(大家|各位)|务必|新来的|给点建议|求推荐|求助|有(?:去过|用过|吃过|住过|知道)的`),
	Singular:    regexp.MustCompile(`[我俺]([^们]|$)`),
	Attribution: "：",
	Pronoun:     "TA",
	Household:   zhHousehold,
	Home:        "家",
	Notice:      regexp.MustCompile(`已截单|截单了|已经?发货|发货了|接龙|开团|到货了|自提|截止`),
	Result:      regexp.MustCompile(`输给|赢了|险胜|战胜|打平|\d{1,2}比\d{1,2}|[一二三四五六七八九十两]比[一二三四五六七八九十两零]|打满[一二三四五]局|(?:和|跟)[^，。！？]{2,24}打了一场`),
	Team:        "队里",
	Teamed:      strings.NewReplacer("我们队", "队里", "咱们队", "队里", "我们", "队里", "咱们", "队里").Replace,
	Mishap:      regexp.MustCompile(`又|再次|再一次|还是老样子|突然|居然|临时|坏了|罢工|出毛病|响个不停|打不着火|堵了|堵车|堵死|晚点|延误|误点`),
	NameEnds:    "路街道巷区村镇乡湾岛山岭峰湖桥站港庄堡坊城寺塔园苑店馆",
	Others:      regexp.MustCompile(`(?:邻居|隔壁|同事|老板|领导|房东|室友)家?的`),
	Notable: regexp.MustCompile(`骨折|扭伤|崴了脚|缝了[一二三四五六七八九十几两\d]+针|住院了|做了手术|进了急诊|被偷|被抢|被盗|被扒|车祸|追尾|被剐|被拖走|家里漏水|淹了|` +
		`订婚|求婚|领证了|怀孕了|生了个|出生了|去世|升职了|被裁|被辞退`),
	Recent: regexp.MustCompile(`今天|昨天|前天|昨晚|今早|上周|上个?月|上礼拜|这周|前几天|刚刚|刚才|周[一二三四五六日末]|星期[一二三四五六日天]`),
	Title:  regexp.MustCompile(`《([^》\n]{1,24})》`),
	Plan: regexp.MustCompile(`(?:下个?月|下周|下礼拜|下下周|月底|月初|年底|国庆|五一|元旦|春节|寒假|暑假|` +
		`[一二三四五六七八九十\d]{1,3}月(?:[上中下]旬|底|初|\d{1,2}[日号]))[^，。！？\s]{0,6}?(?:去|飞|到)([^，。！？\s]{2,6}?)(?:[，。！？\s]|玩|拍|看|住|$)|` +
		`(?:请好假了|假批了|票买好了)[，！!\s]*([^，。！？\s]{2,6}?)走起|` +
		// a trip booked, planned or on the way ("订了去三亚的票", "张家界的行程
		// 排好了", "在做冰岛的攻略", "回国顺路去班夫", "过些日子去乌镇", "机票刷
		// 下去了，济州岛五天")
		`订了?去([^，。！？\s的]{2,6}?)的(?:票|机票|车票|酒店|民宿)|([^，。！？\s的]{2,6}?)的(?:行程|攻略)(?:排好了|做好了|定了|定好了|订好了)|` +
		`在做([^，。！？\s的]{2,6}?)的攻略|顺路去([^，。！？\s]{2,6}?)(?:[，。！？\s]|玩|看|$)|` +
		`过(?:些|几|一阵)(?:日子|天|子)去([^，。！？\s]{2,6}?)(?:[，。！？\s]|玩|看|住|$)|机票[^，。！？\s]{0,4}[，,：:]\s*([^，。！？\s]{2,5}?)[一二三四五六七八九十\d]+天`),
	Irony:  regexp.MustCompile(`^\s*(才怪|开玩笑的|骗你的|假的|并不|有时候吧)[。！!~～\s]*$`),
	Chores: regexp.MustCompile(`大扫除|打扫|洗衣服|做家务|家务|报税|交水电费|写报告|写周报|收拾屋子|收拾房间|倒垃圾|拖地`),
	Recurs: regexp.MustCompile(`每个?(周|天|晚|月|星期|礼拜)|老规矩|照常|照旧|惯例|固定|以后都|从今往后|老时间`),
	FillerPhrases: []string{
		"早上好", "上午好", "中午好", "下午好", "晚上好", "大家好", "早安", "晚安", "你好", "您好", "在吗", "在不在", "拜拜", "回来了", "来了", "收到",
		"了解", "明白", "好的", "好滴", "好哒", "没问题", "谢谢", "多谢", "感谢", "谢啦", "确实", "是的", "是啊", "对的", "同意", "厉害", "真棒",
		"牛逼", "牛", "赞", "可以", "行", "大家", "各位", "早", "好", "嗯", "哦", "噢", "喔", "啊", "呀", "吧", "了", "啦", "哈", "呵",
		"嘿", "嘻", "对", "是", "哇", "草", "笑死", "绝了", "哎", "唉", "呜", "嗨", "周末愉快", "周末快乐", "节日快乐", "国庆快乐", "新年快乐",
		"中秋快乐", "春节快乐", "生日快乐", "快乐",
	},
	StopPhrases: []string{
		"我们", "你们", "他们", "她们", "大家", "今天", "明天", "昨天", "现在", "一下", "一个", "这个", "那个", "什么", "怎么", "就是", "还是", "没有",
		"真的", "感觉", "觉得", "然后", "因为", "所以", "但是", "不是", "已经", "应该", "有没有", "是不是", "要不要", "的", "了", "吗", "吧", "啊",
		"呢", "呀", "哦", "嗯", "哈", "嘛", "啦", "我", "你", "他", "她", "它", "是", "也", "都", "就", "很", "太", "这", "那", "谁",
	},
	ChangeCues: []string{
		"改到", "改成", "改为", "改在", "换到", "换成", "挪到", "调到", "搬到", "迁到", "迁移到", "转到", "以后都", "从今往后", "从下周", "从这周",
		"从本周", "不再", "取消了",
	},
	FrequencyCues: []string{
		"每周", "每天", "每晚", "每个周", "每星期", "每礼拜", "每月", "每次", "老规矩", "照常", "照旧", "惯例", "传统",
	},
	Joins:     []string{"但是", "不过", "可是"},
	TimeWords: []string{"今天", "明天", "昨天", "晚上", "早上", "上午", "下午", "中午", "周末", "每天", "天天", "时候", "时间"},
	Occasion: []string{
		"今晚", "今天", "明天", "昨天", "今早", "明早",
	},
	MediaWords: []string{"图片", "照片", "视频", "语音", "文件", "表情", "链接", "位置"},
	When:       zhMoments,
	// what the group has settled on, where or for how much, and from when
	// a change holds ("场地在", "会费", "从这周开始", "下月生效")
	Setting: regexp.MustCompile(`改到[^现]|改成|改为|改在|挪到|换到|搬去|改去|以后都|从下周|现在在|暂定在?|费用|每人\d+|(?:我们组|我们群|群里)(?:现在|目前|都|就|统一)?在|我们(?:先|现在|目前|统一|以后)在|语音用|改用|` +
		`(?:地点|场地|自提点|集合点|集合地点|会议室|地址)(?:在|是|改|换)|会费|收费|停车费|都放|改规矩|调成|调整为|生效|以后(?:去|在|固定)|` +
		`(?:停车|收费|费用?)[^，。！？]{0,6}(?:是|为|调成|改成)|` +
		// where a standing appointment is kept, a shared fund ("复查在X",
		// "组会在X开", "咖啡基金是S$5 a month")
		`(?:复查|复诊|组会|例会|体检)(?:在|改到|转到|换到)|会在[^，。！？]{2,16}开|基金(?:是|改成|为|从)|(?:座位|工位)(?:在|改到|挪到|搬到)|` +
		// what the group pays, where it gathers, from now on ("群费以后一年
		// 一百二", "外拍统一在断桥东头集合", "X以后就是集合点", "押金调整成8000元")
		`以后每|统一在|调整成|(?:群费|团费|押金|班费|份子钱)[^，。！？]{0,4}(?:是|为|改|调|以后|涨|降)|集合点`),
	Facts:        zhFacts,
	Asked:        zhAsked,
	Answered:     "%s被问到%s：%s",
	AsksUnmarked: true,
	NoAnswer:     zhNoAnswer,
	Answer:       zhAnswer,
	NamesItself: []string{"过敏", "吃素", "搬家", "自驾", "带全家", "全家去", "一家人去", "带娃去", "酒店", "住两晚", "住三晚", "医院", "疹子", "急诊",
		"打疫苗", "打针", "体检", "看牙", "看医生", "问我为什么", "问我为啥",
		"猫", "狗", "兔", "龟", "鹦鹉", "仓鼠", "八哥", "锦鲤", "泰迪", "金毛", "柯基",
		"换牙", "长牙", "发烧", "满月", "满周岁", "会走路", "会说话", "开家长会"},
	Someone:      "一位群友",
	Voice:        zhVoice,
	Habitual:     zhHabitual,
	Weekly:       zhWeekly,
	Date:         zhDate,
	DatedPart:    "%s，",
	PartLead:     regexp.MustCompile(`^\d{1,2}月\d{1,2}日，`),
	Dated:        regexp.MustCompile(`\d{1,2}月\d{1,2}日`),
	PartSep:      "；",
	GroupSubject: "群成员",
	HabitOpenings: []string{"每", "周一", "周二", "周三", "周四", "周五", "周六", "周日", "周天", "星期", "工作日",
		"周末", "早上", "上午", "中午", "下午", "晚上", "一起", "平时", "经常", "常常", "通常", "照常", "继续"},
	Support: func(st string, members, days int, since time.Time) string {
		return fmt.Sprintf("%s（%d位成员，%d天，%d月%d日起）", strings.TrimRight(st, "。"), members, days, since.Month(), since.Day())
	},
}

// han reports whether r is a Han character: a clause with one is Chinese.
func han(r rune) bool { return unicode.Is(unicode.Han, r) }

// zhWhen is what may stand between 我 and the verb of a Chinese fact:
// up to two time words ("我六月要搬到", "我这周升职", "我周六第一次去")
// and a place ("我周五在重庆见了").
const zhWhen = `(?:(?:今年|明年|去年|现在|最近|目前|这周|下周|上周|这个月|下个月|上个月|周[一二三四五六日末]|星期[一二三四五六日天]|` +
	`每周[一二三四五六日末]?|每个?星期[一二三四五六日天]?|每天|每个?月|平时|昨天|今天|明天|[一二三四五六七八九十0-9]{1,3}月份?|终于|刚刚?|已经|第一次|也|还)\s*){0,3}` +
	// a place, but not a clause of its own ("我在群里看到有人说要搬到…")
	`(?:在[^，。！？,.!?看听说帮替给想觉要]{1,8})?`

// zh is a Chinese fact pattern: 我, then zhWhen, then verbs.
func zh(verbs string) *regexp.Regexp { return regexp.MustCompile(`我` + zhWhen + `(?:` + verbs + `)`) }

// zhFacts are the Chinese patterns of what members say about themselves.
var zhFacts = map[string]*regexp.Regexp{
	"job": regexp.MustCompile(`我在.{1,12}(工作|上班|实习)|我是(一名|一个)?.{0,6}(?:` + zhOccupation + `)|我的工作|` +
		`我` + zhWhen + `(换了工作|入职|升职|换成.{1,4}班|转岗)|干[^，。！？]{2,6}这行|` +
		`入职|岗位是|换工作|当上|` +
		// a job said as what one does or has done for years ("我做外卖站长
		// 的", "本人药剂师一枚", "干健身教练快十年了", "新工作定了，做银行柜员")
		`我` + zhWhen + `(?:是)?(?:做|当)[^，。！？\s]{2,8}(?:的|工作)|(?:^|[，。！？\s])做[^，。！？\s]{2,6}的(?:[，。！？\s]|$)|本人[^，。！？\s]{2,8}一枚|新工作|跳槽|(?:offer|Offer|OFFER)接了|辞职了|` +
		`(?:当|做|干)[^，。！？\s]{2,8}(?:第[一二三四五六七八九十\d]+年|[一二三四五六七八九十几\d]+年了)|` +
		// the years one has done it said first, the job worn out by, the
		// trade one is in ("当了六年民宿老板", "被推拿师这份活累趴",
		// "快递网点老板这行旺季到了")
		`(?:当|做|干)了[一二三四五六七八九十几两\d]+年的?[^，。！？\s]{2,8}|被[^，。！？\s]{2,8}这份(?:活|工作)|[^，。！？\s]{0,6}(?:` + zhOccupation + `)这行|` +
		// a job named in a frame of work ("护士长这活儿真不是人干的", "会计年底最
		// 忙", "下个月起就是出租车司机了", "新单位报到了，程序员")
		`(?:^|[，。！？\s])` + zhOpener + `[^，。！？\s]{0,3}(?:` + zhOccupation + `)[^，。！？\s]{0,2}(?:这活儿?|这行|这工作|这份工作|年底|年初|旺季|的命)|` +
		`(?:就是|报到了[，,\s]*|(?:以后|现在|下个月|下周)[^，。！？\s]{0,6}(?:当|做)|作为[^，。！？\s]{0,8}的?)[^，。！？\s]{0,6}(?:` + zhOccupation + `)|工作辞了|辞了工作|调岗|转岗|` +
		// a job one is now, does, moves to or lives the days of, said from
		// the clause's start ("转行成功，现在是空乘了", "做地铁司机的就这样",
		// "以前在大厂做前端开发", "下个迭代开始我转去做招聘专员", "记者的日常",
		// "新工搞掂，巴士司机")
		`(?:^|[，。！？\s])我?现在(?:已经)?是(?:一名|一个)?[^，。！？\s]{0,4}(?:` + zhOccupation + `)|` +
		`(?:^|[，。！？\s])(?:我|本人)?(?:是)?做[^，。！？\s]{0,4}(?:` + zhOccupation + `)(?:的|嘅)|` +
		`(?:^|[，。！？\s])我?(?:以前|之前|现在)?在[^，。！？\s]{1,8}做[^，。！？\s]{0,4}(?:` + zhOccupation + `)|` +
		`我?转(?:去|行|岗)?做[^，。！？\s]{0,4}(?:` + zhOccupation + `)|` +
		`(?:^|[，。！？\s])[^，。！？\s]{0,2}(?:` + zhOccupation + `)的日常|新工(?:作)?[^，。！？\s]{0,4}[，：:]\s*[^，。！？\s]{0,4}(?:` + zhOccupation + `)|` +
		// a job one did once, has just found or lives the ways of ("当年干
		// 小区物业保洁", "干售票员那会儿", "亲戚给介绍了个活，列车员", "又找了个事，当网
		// 约车司机", "当民宿老板就是这个样子")
		`(?:当年|以前|年轻时候?)(?:干|当|做)[^，。！？\s]{0,8}(?:` + zhOccupation + `|员|工|师)|(?:干|当|做)[^，。！？\s]{0,8}(?:` + zhOccupation + `|员|工|师)那(?:会儿|阵子|些年)|` +
		`(?:找了|介绍了|找到了?)(?:个|份)(?:活|事|工作)[，,：:\s]*(?:当|做|干)?[^，。！？\s]{0,8}(?:` + zhOccupation + `|员|工|师)|` +
		`(?:当|做|干)[^，。！？\s]{0,8}(?:` + zhOccupation + `|员|工|师)就是(?:这个样子|这样)|(?:^|[，。！？\s])做[^，。！？\s]{1,6}(?:员|师)的|` +
		// the years one has done it, or what it is like to do ("我当公交司机那
		// 么多年", "当了这么多年咖啡店老板", "做空服员真的很难准时下班")
		`(?:当|做|干)[^，。！？\s]{2,8}(?:那么|这么)多年|(?:当|做|干)了(?:这么|那么)多年的?[^，。！？\s]{2,8}|` +
		`(?:做|当)[^，。！？\s]{0,6}(?:` + zhOccupation + `|员|师)(?:真的?|实在|太|好)?很?(?:难|累|辛苦|不容易)|` +
		// one's job said as what one is, in passing ("我一个ICU护士，体检报告…")
		`我一个[^，。！？\s]{0,6}(?:` + zhOccupation + `)`),
	"home": regexp.MustCompile(`我` + zhWhen + `(?:住在|家在|搬到|搬家到|要搬到|要搬去)|` +
		// the city whose weather one lives with, named first ("武汉今天又下雨")
		`(?:^|[。！？\s])` + zhOpener + zhPlace + `(?:今天|这两天|这几天|最近|一直)[^，。！？\s]{0,2}` + zhWeather + `|在[^，。！？]{1,6}住|` +
		`我` + zhWhen + `住(?:在)?|成为[^，。！？]{2,4}人|新(?:房子|家)在|` +
		// a home said as a move done or a flat rented ("搬完家了，现在住长宁",
		// "新租的房子在浦东")
		`搬完家|搬好家|新租的|租的房子在|现在住[^，。！？\s]{2,8}|这边[^，。！？]{0,10}[，\s]住着(?:挺|很|还|真|特别)|` +
		// a home said by the commute from it, the rent, a move or a life
		// there ("从金文泰坐地铁过来要一个小时", "租到碧山的房了", "我们家搬到
		// 杭州了", "在成都待了八年了", "武汉房价又跌了", "工作调动，下个月去西安")
		`从[^，。！？\s]{2,6}(?:坐|搭|乘)(?:地铁|公交|车|高铁|轻轨|巴士)|从[^，。！？\s]{2,6}(?:骑车?|开车?|走路?)过来|` +
		// a home by its new address, by who one has become there, by what
		// is downstairs ("新地址三墩镇", "以后就是勾庄的人了", "楼下就是X的菜市场")
		`(?:在[^，。！？\s]{2,6})?租(?:了|到)(?:个|套)?房|房子租(?:好|到)了|新家钥匙|新住处在|房子在[^，。！？\s]{2,6}|新地址|以后就是[^，。！？\s]{2,8}的人了|楼下就是|租到[^，。！？\s]{2,6}的房|家搬到|搬到[^，。！？\s]{2,6}了|搬过来了|` +
		`在[^，。！？\s]{2,6}待了[一二三四五六七八九十几两\d]+年|(?:^|[，。！？\s])` + zhOpener + zhPlace + `(?:那边|这边)?的?(?:今天|昨天|这几天)?又?(?:房价|房租|停电|停水|这几天热|这几天冷|热得|冷得)|调动|调到[^，。！？\s]{2,6}|` +
		`(?:^|[，。！？\s])` + zhPlace + `到公司(?:通勤|要|坐|开车)|通勤[一两二三四五六七八九十半\d个]+小时|` +
		// a home one has settled into, will live in, or whose water, power
		// and roads fail, or the commute from it ("北温安顿下来了", "以后住列治文",
		// "古北这边小区又停水了", "从华侨城过来地铁挤成罐头")
		`搬家(?:搞定|完成)|安顿下来了|以后住[^，。！？\s]{2,8}|` +
		`(?:^|[，。！？\s])` + zhOpener + `(?:我们)?` + zhPlace + `(?:那边|这边|那片)?的?(?:小区)?(?:今天|昨天|这几天)?又?(?:停电|停水)|` +
		`(?:^|[，。！？\s])` + zhOpener + zhPlace + `这边又在修路|` +
		`从` + zhPlace + `过(?:来|去)[^，。！？]{0,8}(?:地铁|公交|小时|分钟|打车|堵)|我们` + zhPlace + `(?:那个)?小区`),
	"family": regexp.MustCompile(`我(老婆|老公|媳妇|对象|儿子|女儿|家孩子)(是|在|今年|刚)|` +
		// a grandchild or child staying the week ("小满这礼拜住我这")
		`(?:^|[，。！？\s])` + zhOpener + `\p{Han}{2}(?:这周|这礼拜|这星期)(?:住|在)我(?:这|家)|` +
		// a child or pet named by what one does with them or what they ask
		// ("带乐乐打疫苗", "朵朵今天问我为什么…")
		`(?:^|[，。！？\s])带\p{Han}{2}(?:去)?(?:打疫苗|打针|体检|看牙|看医生|看病|上早教|上兴趣班|剪头发|遛弯)|(?:^|[，。！？\s])\p{Han}{2}(?:今天|昨天|刚才|早上|晚上)?问我(?:为什么|为啥)|我(家猫|家狗|家的猫|家的狗)|(领养|养)了(一只|只|个)|` +
		`我们家那个|我家(?:宝贝|孩子|闺女|儿子|老大|老二|新来的)|新来了一只|养了|` +
		// an animal of the household named by its kind ("我家雪纳瑞",
		// "家里添了只比熊"), a child by what children do ("第一天上小学")
		`(?:我家|家里)的?(?:` + zhAnimal + `)|添了(?:一)?只|` +
		// one's own dog walked ("早上遛狗冻死了"), not a neighbour's
		`(?:^|[，。！？\s])(?:早上|晚上|中午|每天|天天|下班后?|出门前|刚|正在|在)?(?:去)?遛狗|(?:第一天)?上(?:小学|幼儿园|初中|一年级)|学会(?:了)?(?:骑车|骑自行车|走路|说话|游泳)|` +
		`我家[^，。！？\s]{1,3}(?:今天|昨天)?(?:在)?(?:幼儿园|学校|上学|放学|开学|考试|期末|汇报演出)|` +
		// the household's animal as it does something or is taken care of
		// ("八哥昨晚把拖鞋咬烂了", "带泰迪去打针", "垂耳兔又把数据线咬断了")
		`(?:^|[，。！？\s])` + zhOpener + `[^，。！？\s]{0,2}(?:` + zhAnimal + `)(?:昨晚|今天|昨天|每天|天天|又|把|在家|寄养)|带(?:` + zhAnimal + `)去|(?:` + zhAnimal + `)(?:打针|打疫苗|绝育|生病|看病)|` +
		// a child named by what children do ("豆豆今天会叫奶奶了", "球球期中
		// 考试数学考了一百分", "X发烧三十九度，在儿童医院排队")
		`(?:^|[，。！？\s])` + zhOpener + `\p{Han}{2}(?:今天|昨天|刚刚|终于|半夜|昨晚|早上|晚上)?(?:会叫|会走路|会说话|长牙|满月|满周岁|期中考试?|期末考试?|(?:第一次)?(?:自己|学会)系鞋带|考了[一二三四五六七八九十百\d]+分|发烧|上幼儿园|上小学|开家长会|幼儿园|非要我|换牙|说长大|拿了满分)|儿童医院|` +
		// a child named by a first, a test or the school's evening ("小核桃今
		// 天第一次叫爸爸了", "嘟嘟数学测验拿了满分", "悦悦学校今天开家长会")
		`(?:^|[，。！？\s])` + zhOpener + `\p{Han}{2,3}(?:今天|昨天|终于)?第一次(?:叫(?:爸爸|妈妈|爷爷|奶奶|姥姥|姥爷|外婆|外公|哥哥|姐姐)|自己(?:系鞋带|穿衣服|吃饭|走路|刷牙))|` +
		`(?:^|[，。！？\s])` + zhOpener + `\p{Han}{2}(?:数学|语文|英语)(?:测验|考试|单元测)|` +
		`(?:^|[，。！？\s])` + zhOpener + `\p{Han}{2}学校(?:今天|明天)?开家长会`),
	"origin": regexp.MustCompile(`我老家|老家[是在]|我是[^，。！？]{1,4}人|我是从[^，。！？\s]{2,6}(?:出来|来)的|过年(?:要)?回[^老家外这那我你他她咱公单学\s，。！？a-zA-Z0-9]\p{Han}{1,2}(?:[，。！？\s]|$)`),
	"owns": regexp.MustCompile(`我(那辆|这辆|这台|这部|开的|开[A-Za-z奥宝奔大丰本比特理蔚小极问五])|提车了|` +
		// a thing of one's own by its measure word ("我那台普拉多", "我脚上这双X",
		// "提了台思域", "换了顶X的")
		`我(?:家|脚上|手上)?(?:那|这)(?:台|辆|部|双|顶|套|把|件|块)|提了(?:一)?(?:台|辆)|换了(?:一)?(?:双|顶|套)|` +
		`(?:^|[，。！？\s])` + zhOpener + zhProduct + `拍(?:夜景|照片?|视频|人像|月亮)|` +
		`换了(?:辆|台|部)|换车了|我[^，。！？\s]{2,10}停在(?:楼下|门口|外面)|我那个[^，。！？\s]{2,8}(?:后备箱|油耗|续航|充电)|提了[！!]|入了|我这[^，。！？]{2,12}用了|新买了|新入了|换成[^，。！？\s]{2,10}了(?:[，。！？\s]|$)`),
	"school": regexp.MustCompile(`我` + zhWhen + `(在备考|备考|考上了|毕业于)|在备考|` +
		`报名了|报了名|` +
		// a test studied for by its course or its questions ("报了雅思的网课",
		// "下班还得刷一建的题")
		`报了[^，。！？\s]{2,8}的?(?:网课|课程|培训班?)|刷[^，。！？\s]{2,6}的题`),
	"health": regexp.MustCompile(`对.{1,8}过敏|吃[^，。！？\s]{1,6}(?:进过?医院|住过?院|起疹子|上吐下泻)|我` + zhWhen + `(不能吃|吃素|不吃|碰不了|碰不得|不能碰|沾不得|吃不了|喝不了)|` +
		`[^，。！？\s]{1,6}过敏|` +
		// what one cannot take, said as a rule or as what it did to one
		// ("芒果我一口都不能碰", "桃子碰都不能碰", "猕猴桃沾一点就起疹子",
		// "吃了点花生浑身起红疙瘩")
		`(?:一口|碰|沾)都不能碰|沾一点就|起(?:红)?(?:疹子|疙瘩)|` +
		// a food the lexicon knows (kinds/zh.txt), kept from one's plate or
		// named with what it does to one ("别给我点带海鲜的", "我桃子不能碰",
		// "我羊肉是一口都不敢碰", "从小就不吃香菜", "备注不要羊肉", "一吃菠萝就完蛋",
		// "吃了虾蟹，脸肿了三天", "净系花生唔得", "帮我讲声走芒果")
		`(?:别|不要|不用)给我(?:点|加|放|上)?带?[^，。！？\s]{0,3}(?:` + zhFood + `)|我[^，。！？\s]{0,3}(?:` + zhFood + `)[^，。！？\s]{0,6}(?:不能碰|不敢碰|碰不得|不能吃|吃不了|唔食得)|` +
		`(?:不吃|忌口|戒了|备注不要|不要放|走)(?:` + zhFood + `)|(?:一吃|一碰|沾了|碰了)(?:` + zhFood + `)就|` +
		`吃了[^，。！？\s]{0,4}(?:` + zhFood + `)[，,]?[^。！？]{0,6}(?:肿|过敏|痒|进医院|送医院|不舒服)|(?:` + zhFood + `)唔得|` +
		// a food kept off one's plate for life, by a doctor or since it
		// did one harm ("这辈子不碰腰片", "榴莲医生不让碰",
		// "吃苦瓜吃伤了，看见就反胃")
		`(?:` + zhFood + `)我?[^，。！？\s]{0,3}都不(?:吃|碰)|这辈子不(?:碰|吃)|医生不让(?:碰|吃)|看见就反胃|吃伤了|` +
		// the one thing one will not eat, said beside all one will
		// ("我什么都能吃，就是猪蹄不行", "别放醉蟹，别的我都吃", "鸭舌这东西我真的
		// 不行", "皮蛋我是一口不碰的")
		`什么都能吃|别的我?都(?:能)?吃|这东西我(?:真的|实在)?不行|一口不碰`),
	"likes": regexp.MustCompile(`我` + zhWhen + `(?:(很|特别|最|超|更|比较)?(喜欢|爱吃|爱看|爱喝|讨厌|不喜欢)|最爱)|` +
		// a show or song recommended to the group ("繁花太好看了吧，你们都去看")
		`(?:太好看了|真好看|太好听了|太上头了)吧?[，,！!\s]*(?:你们|大家)都?(?:快|赶紧)?(?:去)?(?:看|追|听)|报了个|迷上了|入坑|一口气刷了|作为一个|` +
		`迷上|在追|追完|花了一整天在|最难吃|最好吃|座的|` +
		// a pastime one spends one's time on or is learning ("周末全耗在烘焙上",
		// "最近在学乒乓球")
		`(?:耗在|泡在)[^，。！？\s]{2,8}上|(?:最近|现在|一直)在(?:学|练)|` +
		// a pastime one loves, keeps at for years or was kept from, a show
		// watched again ("我这人就爱写毛笔字", "养多肉耍了两年", "本来要去耍飞镖",
		// "大江大河我看第二遍了")
		`我这人就爱|(?:耍|玩|练|学)了[一二两三四五六七八九十几\d]+年|本来要去(?:耍|打|玩|练)|看第[二三四两]遍|` +
		// a pastime said by its class, its contest or the mornings it takes
		// ("老年大学报了书法班", "今天钓鱼比赛拿了个二等奖", "一早出去钓鱼")
		`报了[^，。！？\s]{2,6}班|下班(?:就)?去[^，。！？\s]{2,6}|周末(?:又|都)?去(?:玩|打|练)`),
	"routine": regexp.MustCompile(`我` + zhWhen + `(每周[一二三四五六日末]?|每个?星期[一二三四五六日天]?|每天|每个?月|平时)[^，。！？,.!?]{0,10}(去|做|上|练|跑|学|打|参加)`),
	"plans": regexp.MustCompile(`我` + zhWhen + `(?:打算|准备|计划|要去|想去|要回|搬家)|机票都订了|攻略做了|准备去|` +
		`机票(?:已经|都)?(?:订|买)|` +
		// a trip said by how one goes or where one stays ("下个月自驾去千岛湖",
		// "五一带全家去黄山", "去乌镇住两晚")
		`(?:自驾|带全家|全家|一家人|带娃)去[^，。！？\s]{2,6}|去[^，。！？\s]{2,6}住[一两二三四五几]晚|酒店(?:已经|都)?订好|` +
		// a trip said by who goes along or how long one stays ("报了个团去桂
		// 林", "带爸妈去三亚", "想去大理住一阵")
		`报了?个?团去|带(?:爸妈|父母|老人|孩子|全家|老婆|老公)去[^，。！？\s]{2,6}|想去[^，。！？\s]{2,6}(?:住一阵|住一段|待一阵|玩几天|看看)|票都订了|` +
		// leave taken for a trip, a ticket caught ("年假批了！下个月去清迈",
		// "请了一周假去新疆", "国庆西藏的机票抢到了")
		`年假|请了[^，。！？\s]{1,4}假去|机票抢到了|` +
		// where one stays, a ticket bought ("X的民宿订好了", "北海道，票订了")
		`民宿(?:已经|都)?订好|(?:^|[，。！？\s])票(?:已经)?订(?:了|好了)`),
	"did": regexp.MustCompile(zh(`去了|跑了|买了|看了|考过了|通过了|领养了|学会了|完成了|爬了|见了|开始(?:学|练|用|做|跑|上|玩|养|写)|去[^，。！？,.!?]{1,4}了`).String() + `|` +
		// a prize won at a pastime, a morning spent at it, a chapter of
		// one's thesis done ("今天钓鱼比赛拿了个二等奖", "一早出去钓鱼",
		// "脑机接口那一章终于写完了")
		`比赛拿了|拿了个?[一二三]等奖|得了[一二三]等奖|一早(?:就)?出去|(?:^|[，。！？\s])[^，。！？\s]{2,8}那一?章`),
	"event": regexp.MustCompile(`团建[^，。！？]{2,8}|[^，。！？]{2,8}(吃得太|太好吃了|吃完了|玩得太)|` +
		// where the group went or came back from, checked in at or ate
		// ("刚从青田七六出来", "青城后山打卡！", "晚上在明婷饭店，", "马旺子吃完，腿是软的",
		// "下山直接杀去李记豆花饭")
		`刚从[^，。！？\s]{2,10}(?:回来|出来)|[^，。！？\s]{2,10}打卡[！!]|(?:晚上|中午|今晚|今天中午)在[^，。！？\s]{2,8}[，,]|` +
		`(?:^|[，。！？\s])[^，。！？\s]{2,8}吃完[，,]|杀去[^，。！？\s]{2,10}|在[^，。！？\s]{2,8}落脚|` +
		`(?:^|[，。！？\s])到[^，。！？\s]{2,4}了|请(?:我|大家)吃|在[^，。！？\s]{2,8}聚|这家(?:可以|不错|好吃)|打过了?[A-Za-z]|[A-Za-z]\S*过了|玩到|打到凌晨|带飞|通关|` +
		// what the group did or got, said when it is over ("包饺子活动结束了",
		// "X办得不错", "X已截单", "团购的X拿到了", "今晚小区的X人好多")
		`[^，。！？\s]{2,10}(?:活动|会|赛|演出|展|课|讲座|聚会|聚餐|派对|市集|市场|晚会|团建)(?:结束了|圆满结束|办得(?:不错|很好|挺好|真好))|[^，。！？\s]{2,12}(?:已截单|截单了)|(?:团购|团|拼)的[^，。！？\s]{2,10}(?:到了|拿到了|到货)|的[^，。！？\s]{2,10}人(?:好|超|特别)多|` +
		// a match and its opponent, a place the group sat in ("输给X了",
		// "和X的友谊赛", "去X喝了两杯", "X的精酿不错")
		`(?:^|[，。！？\s])[^，。！？\s要周月天]{2,6}出差[一两二三四五六七几\d]+天|在[^，。！？\s]{2,6}出差|终于吃上|` +
		`输给了?[^，。！？]{2,24}|(?:和|跟|对)[^，。！？]{2,24}的(?:比赛|友谊赛|决赛|半决赛|对决)|` +
		// a game and its score, a meal the family or the group had out, goods
		// bought together on their way ("打X，2比1赢了", "和X打满三局",
		// "今天全家在小南国吃的饭", "晚上一大家子去了X", "X聚完了", "X已经发货了"),
		// an outing by where it went or came back from ("周末外拍去了湘湖",
		// "杨公堤外拍回来了"), not an errand or a count ("去了趟税务局", "去了三次")
		`\d{1,2}比\d{1,2}|(?:早餐|早饭|午饭|午餐|晚饭|晚餐|夜宵|宵夜|早茶)(?:是)?在[^，。！？\s]{2,10}|去了[^趟个些点下一二两三四五六七八九十几好\d，。！？\s][^，。！？\s]{1,7}(?:[，。！？\s]|$)|(?:^|[，。！？\s])[^，。！？\s]{2,8}回来了|完去[^，。！？\s]{2,10}(?:吃|喝|撸串)|(?:和|跟)[^，。！？]{2,24}打(?:了|满)|在[^，。！？\s]{2,10}吃的(?:饭|午饭|晚饭|火锅|早茶)|去[^，。！？]{2,30}吃的(?:饭|午饭|晚饭)|` +
		`(?:一大家子|全家|一家人|组里|大家)(?:去了|在)[^，。！？\s]{2,10}|聚完了|已经?发货|团购接龙|中午去了[^，。！？\s]{2,14}|下午茶点了|请大家喝|团建(?:玩|去)|玩得(?:超|很|特别)开心|的照片(?:已经)?(?:传|发)到|(?:去|在)[^，。！？]{2,24}(?:喝了|坐到|唱了|玩了一)|[^，。！？]{2,24}的(?:精酿|酒|咖啡|菜|环境)(?:不错|很好|好喝|好吃|一般)`),
}

// zhOpener is a word that turns a line to a new topic, which may stand
// right before what a pattern reads at the start of a sentence ("话说成都今天又下雨").
const zhOpener = `(?:话说|对了|另外|顺便说一下)?`

// zhProduct is the name of a device as people write it: a brand in
// Chinese or Latin letters and a model with a digit or a Latin letter
// ("iPhone13", "华为Mate60", "OPPO Find X7", "一加12").
const zhProduct = `(?:\p{Han}{0,3}[A-Za-z][A-Za-z0-9]*(?: [A-Za-z0-9]+){0,2}|\p{Han}{1,3}[0-9][A-Za-z0-9]*(?: [A-Za-z0-9]+)?)`

// zhPlace is a place named at the start of a sentence: two or three
// characters, not a word that points at where the speaker is (这边, 外面,
// 家里) or a time (今天).
const zhPlace = `[^外这那楼今昨明家我屋天你他她咱公单学办宿门窗周星每\s，。！？a-zA-Z0-9]\p{Han}{1,2}`

// zhWeather is weather one lives with where one is.
const zhWeather = `(?:下雨|下雪|暴雨|大雨|台风|降温|升温|回南天|雾霾|沙尘暴|大雾|好热|好冷|热死|冷死|闷热|湿冷)`

// zhFood is a food the lexicon knows (kinds/zh.txt), for the patterns of
// what one cannot eat.
var zhFood = kindPattern("zh", "food", "")

// zhOccupation is a job, for the job patterns: what one is, does or
// becomes. It is a word zhJobWords holds, which ends the names of jobs, or
// any other job the lexicon knows (kinds/zh.txt).
var zhOccupation = zhJobWords + `|` + kindPattern("zh", "job", zhJobWords)

// zhJobWords are the words that end the names of jobs the job patterns
// list themselves.
const zhJobWords = `程序员|老师|医生|护士|工程师|设计师|学生|律师|厨师|会计|产品经理|运维|前端|后端|HR|人事|销售|司机|店员|店长|站长|` +
	`教练|中介|经纪人|师傅|翻译|传译|摄影师|咖啡师|审计|策划|编辑|记者|药剂师|柜员|公务员|警察|主播|客服|保安|快递员|外卖员|` +
	`研究员|分析师|顾问|经理|主管|助理|文员|出纳|收银员|导游|空乘|飞行员|消防员|律师助理|治疗师|营养师|美容师|理发师|裁缝|木匠|电工|` +
	`校长|骑手|牙医|老板|队长|护士长|公务员|保洁|厨子|水电工|焊工|园丁|博后|博士后|讲师|教授|村医|开发|测试|运营|设计|财务|法务|行政|采购`

// zhAnimal is the kinds of animal a household keeps, as people name their
// own: by breed or kind, for the family pattern.
const zhAnimal = `[^，。！？\s]{0,2}(?:猫|狗|犬)|泰迪|比熊|雪纳瑞|博美|柯基|柴犬|金毛|哈士奇|二哈|边牧|萨摩耶|拉布拉多|布偶|英短|美短|加菲|暹罗|` +
	`仓鼠|龙猫|荷兰猪|兔子|垂耳兔|鹦鹉|乌龟|巴西龟|八哥|锦鲤|金鱼|小乌龟|玄凤|兔`

// zhFirstPerson are Chinese first-person words, longest first, and what
// they become: %s is the sender's name.
var zhFirstPerson = [][2]string{
	{"咱们群", "群里"}, {"我们群", "群里"}, {"咱们组", "组里"}, {"我们组", "组里"}, {"咱们", "大家"}, {"我们", "大家"}, {"俺们", "大家"}, {"咱", "大家"},
}

// zhSelf rewrites the singular 我 (or 俺) of st: the first becomes name,
// unless the statement names them before it; each later one 自己 where it owns (我的
// → 自己的) and TA elsewhere, so that the member is named once.
func zhSelf(st, name string) string {
	var b strings.Builder
	for i := 0; i < len(st); {
		r, size := utf8.DecodeRuneInString(st[i:])
		if r != '我' && r != '俺' {
			b.WriteRune(r)
			i += size
			continue
		}
		i += size
		switch {
		case !strings.Contains(b.String(), name): // not named before it
			b.WriteString(name)
		case strings.HasPrefix(st[i:], "的"):
			b.WriteString("自己")
		default:
			b.WriteString("TA")
		}
	}
	return b.String()
}

// zhWeekday is a weekday named without a date: 周六, 星期六, 这周六,
// 下星期六; 每周六 and the like state a pattern and are left as they are.
var zhWeekday = regexp.MustCompile(`(每个?)?([这本下上]个?)?(周|星期|礼拜)([一二三四五六日天])`)

// zhWeekdayNames maps the day of a Chinese weekday name to time.Weekday.
type zhWeekdayNames map[string]time.Weekday

var zhWeekdays = zhWeekdayNames{"一": time.Monday, "二": time.Tuesday, "三": time.Wednesday, "四": time.Thursday,
	"五": time.Friday, "六": time.Saturday, "日": time.Sunday, "天": time.Sunday}

// rewrite dates the weekdays of st that name their week (这周六, 下星期一,
// 上个礼拜天), counted from day, and a bare one in a clause that tells what
// happened (我周六去攀岩了: the latest Saturday); another bare weekday
// (改到周四) may be a pattern and stays, as do 每周六 and words that only
// look like one (这周天气, 上周一共, 一周一次).
func (n zhWeekdayNames) rewrite(st string, day time.Time) string {
	var b strings.Builder
	last := 0
	for _, m := range zhWeekday.FindAllStringSubmatchIndex(st, -1) {
		group := func(i int) string {
			if m[2*i] < 0 {
				return ""
			}
			return st[m[2*i]:m[2*i+1]]
		}
		every, week, unit, d := group(1), group(2), group(3), group(4)
		next, _ := utf8.DecodeRuneInString(st[m[1]:])
		if every != "" || unit == "周" && d == "天" || strings.ContainsRune("共次些起气", next) {
			continue
		}
		rel := "past" // a bare weekday in a clause that tells what happened (我周六去攀岩了)
		if week != "" {
			rel = map[string]string{"这": "this", "本": "this", "下": "next", "上": "last"}[week[:len("这")]]
		} else if !zhPast(clauseAt(st, m[0]), st[m[0]:m[1]]) {
			continue // 改到周四: perhaps every Thursday
		}
		b.WriteString(st[last:m[0]])
		b.WriteString(zhDate(weekdayNear(day, n[d], rel)) + "（周" + d + "）")
		last = m[1]
	}
	b.WriteString(st[last:])
	return b.String()
}

// zhPast reports whether the Chinese clause holding weekday tells what
// happened on it: the text after the weekday has 了 or 过 (not 过来,
// 过去 or 不过), and the clause is not a reminder (忘了), a plan (要, 会)
// or a change of day (改到周四了, 定在周六了, 周六见了).
func zhPast(clause, weekday string) bool {
	i := strings.Index(clause, weekday)
	if i < 0 {
		return false
	}
	before, after := clause[:i], clause[i+len(weekday):]
	for _, w := range []string{"忘了", "要", "会", "改到", "改成", "定在", "约在", "挪到"} {
		if strings.Contains(clause, w) {
			return false
		}
	}
	if strings.HasPrefix(after, "了") || strings.HasPrefix(after, "见") || strings.HasSuffix(before, "到") {
		return false
	}
	rest := after
	for _, w := range []string{"过来", "过去", "过生日", "不过"} {
		rest = strings.ReplaceAll(rest, w, "")
	}
	return strings.Contains(rest, "了") || strings.Contains(rest, "过")
}

// zhRelativeDay are Chinese relative days, longest first: the days from
// the message's own date and the part of the day they name.
var zhRelativeDay = []struct {
	word string
	days int
	part string
}{
	{"今晚", 0, "晚上"}, {"明晚", 1, "晚上"}, {"昨晚", -1, "晚上"}, {"今早", 0, "早上"}, {"明早", 1, "早上"},
	{"今天", 0, ""}, {"明天", 1, ""}, {"昨天", -1, ""}, {"后天", 2, ""}, {"前天", -2, ""},
}

// zhOwnPlural is what the plural first person becomes in a member's
// statement about themselves: %s is the sender's name.
// A place the member belongs to outside the group ("我们公司", "我们老家")
// is theirs, not their household's.
var zhOwnPlural = append(zhOwnPlaces(), [][2]string{{"咱们群", "群里"}, {"我们群", "群里"}, {"咱们组", "组里"}, {"我们组", "组里"}, {"我们家", "%s家"}, {"咱们家", "%s家"}, {"咱们", "%s一家"}, {"我们", "%s一家"}, {"俺们", "%s一家"}}...)

// zhOwnPlaces is "我们公司" → "%s公司" for each place one belongs to.
func zhOwnPlaces() [][2]string {
	var out [][2]string
	for _, place := range []string{"公司", "单位", "学校", "老家", "小区", "部门", "医院", "科室", "团队", "班上", "年级", "专业", "厂里", "村里"} {
		out = append(out, [2]string{"我们" + place, "%s" + place}, [2]string{"咱们" + place, "%s" + place})
	}
	return out
}

// zhVoice rewrites a Chinese statement name said on day in the third
// person: relative days, months, years and weekdays become dates, and
// first-person words the name (their 我们 is their household but for
// WeGroup).
func zhVoice(st, name string, day time.Time, we We) string {
	for _, r := range zhRelativeDay {
		d := day.AddDate(0, 0, r.days)
		st = strings.ReplaceAll(st, r.word, zhDate(d)+r.part)
	}
	for word, months := range map[string]int{"这个月": 0, "下个月": 1, "上个月": -1} {
		m := time.Date(day.Year(), day.Month()+time.Month(months), 1, 0, 0, 0, 0, day.Location())
		st = strings.ReplaceAll(st, word, m.Format("2006")+"年"+m.Format("1")+"月")
	}
	for word, years := range map[string]int{"今年": 0, "明年": 1, "去年": -1} {
		st = strings.ReplaceAll(st, word, day.AddDate(years, 0, 0).Format("2006")+"年")
	}
	st = zhWeekdays.rewrite(st, day)
	for word, weeks := range map[string]int{"这周": 0, "本周": 0, "下周": 1, "上周": -1} {
		st = strings.ReplaceAll(st, word, zhDate(monday(day).AddDate(0, 0, 7*weeks))+"那周")
	}
	if we != WeGroup {
		for _, p := range zhOwnPlural {
			st = strings.ReplaceAll(st, p[0], strings.ReplaceAll(p[1], "%s", name))
		}
	}
	for _, p := range zhFirstPerson {
		st = strings.ReplaceAll(st, p[0], strings.ReplaceAll(p[1], "%s", name))
	}
	return zhOnce(zhSelf(st, name), name)
}

// zhOnce words the member's household, once the statement has named it
// ("name家"), without naming the member again: a later "name一家" becomes
// 一家人 and a later "name家" 自家 ("带阿梅家的猫去公园，它比阿梅一家还能跑" →
// "…它比一家人还能跑"). A household named after the member alone
// ("小林妈…来看小林一家") is left as it is.
//
// Once the statement has named the member in any other way ("小美被问到…：
// 小满，小美家那个小魔王"), a later "name家" is 自家 too.
func zhOnce(st, name string) string {
	first := strings.Index(st, name)
	if first < 0 {
		return st
	}
	if !strings.HasPrefix(st[first+len(name):], "家") {
		head, tail := st[:first+len(name)], st[first+len(name):]
		return head + strings.ReplaceAll(tail, name+"家", "自家")
	}
	head, tail := st[:first+len(name)+len("家")], st[first+len(name)+len("家"):]
	return head + strings.NewReplacer(name+"一家", "一家人", name+"家", "自家").Replace(tail)
}

// zhDate writes a date the Chinese way, without the year: 10月25日.
func zhDate(d time.Time) string {
	return d.Format("1") + "月" + d.Format("2") + "日"
}

// zhHabitual rewrites the Chinese days a habit's line counts from its own
// date ("今晚", "明天") as the weekly pattern they stand for ("每周六").
func zhHabitual(st string, day time.Time) string {
	wd, next := day.Weekday(), (day.Weekday()+1)%7
	zh := func(d time.Weekday) string {
		return "每周" + [...]string{"日", "一", "二", "三", "四", "五", "六"}[d]
	}
	return strings.NewReplacer("今晚", zh(wd)+"晚上", "今早", zh(wd)+"早上", "今天", zh(wd), "明晚", zh(next)+"晚上", "明早", zh(next)+"早上", "明天", zh(next)).Replace(st)
}

// zhWeekly is Chinese's Language.Weekly: "周四", "这周四", "下礼拜四" →
// "每周四"; "每周四" stays, and a line that names no weekday opens with
// the pattern ("每周二桌游照旧七点半").
func zhWeekly(st string, wd time.Weekday) string {
	day := [...]string{"日", "一", "二", "三", "四", "五", "六"}[wd]
	found := false
	st = zhWeeklyDay.ReplaceAllStringFunc(st, func(w string) string {
		m := zhWeeklyDay.FindStringSubmatch(w)
		if r, _ := utf8.DecodeRuneInString(m[2]); cjkDays[r] != strings.ToLower(wd.String()[:3]) {
			return w
		}
		found = true
		if m[1] == "每" {
			return w
		}
		return "每周" + day
	})
	if !found {
		return "每周" + day + st
	}
	return st
}

var zhWeeklyDay = regexp.MustCompile(`(每|这|下|本)?(?:周|星期|礼拜)([一二三四五六日天1-7])`)

// zhAskWhat finds the word a question about its reader asks with (啥,
// 什么, 哪, 谁, 几, 多少, 多大); zhAskMoment a question about the moment.
var (
	zhAskWhat   = regexp.MustCompile(`啥|什么|干嘛|哪|谁|几|多少|多大|多久|多远`)
	zhAskYes    = regexp.MustCompile(`你(?:家|的)|是你|有[^，。！？\s]{0,6}(?:计划|打算|安排|忌口|不能吃|宠物|孩子|对象|名字)`)
	zhAskMoment = regexp.MustCompile(`今天|今晚|明天|昨天|刚才|现在在|还来|到了|怎么样|咋样|好点|能[^，。！？]*一下|帮我|借我|发我|给我`)
)

// zhAsked is Chinese's Language.Asked: the question without its reader
// (你家 → 自己家, 你 dropped) and without its closing particles.
func zhAsked(clause string) (string, bool) {
	c := strings.TrimSpace(clause)
	// A yes-or-no question about what is the reader's own ("你桌面那张照片
	// 是你家的吗") asks of them too: the answer says what it is.
	yes := zhAskYes.MatchString(c) && strings.HasSuffix(strings.TrimRight(c, "？?！!。，,~～… "), "吗")
	if !zhAskWhat.MatchString(c) && !yes || zhAskMoment.MatchString(c) {
		return "", false // 到家了没, 今天来吗: the moment, not the member
	}
	c = strings.NewReplacer("你家", "自己家", "你们", "", "您", "", "你", "").Replace(c)
	for {
		t := strings.TrimRightFunc(c, func(r rune) bool { return unicode.IsSpace(r) || strings.ContainsRune("？?！!。，,~～…", r) })
		for _, p := range []string{"来着", "吗", "呢", "没", "啊", "呀"} {
			t = strings.TrimSuffix(t, p)
		}
		if t == c {
			break
		}
		c = t
	}
	c = strings.TrimLeftFunc(c, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsPunct(r) })
	return c, c != ""
}

var cjkDays = map[rune]string{'一': "mon", '二': "tue", '三': "wed", '四': "thu", '五': "fri", '六': "sat", '日': "sun", '天': "sun",
	'1': "mon", '2': "tue", '3': "wed", '4': "thu", '5': "fri", '6': "sat", '7': "sun"}

// cjkWeekday reads 周X, 星期X or 礼拜X at the start of rs, but not the
// 周天 of 这周天天 (every day this week).
func cjkWeekday(rs []rune) (string, int) {
	for _, p := range []string{"周", "星期", "礼拜"} {
		pr := []rune(p)
		if len(rs) > len(pr) && string(rs[:len(pr)]) == p {
			if d, ok := cjkDays[rs[len(pr)]]; ok && !(rs[len(pr)] == '天' && len(rs) > len(pr)+1 && rs[len(pr)+1] == '天') {
				return d, len(pr) + 1
			}
		}
	}
	return "", 0
}

var cjkDigits = map[rune]int{'零': 0, '一': 1, '二': 2, '两': 2, '三': 3, '四': 4, '五': 5, '六': 6, '七': 7, '八': 8, '九': 9, '十': 10}

// cjkHour reads an hour written as "8点", "八点", "十一点半" or "20:30" at
// the start of rs and returns it on a 12-hour dial ("8", "11:30").
func cjkHour(rs []rune) (string, int) {
	n, val, ascii := 0, 0, false
	for n < len(rs) && n < 3 {
		r := rs[n]
		if r >= '0' && r <= '9' {
			val, ascii = val*10+int(r-'0'), true
		} else if d, ok := cjkDigits[r]; ok && !ascii {
			switch {
			case d == 10 && val == 0:
				val = 10
			case d == 10:
				val *= 10
			case val >= 10:
				val += d
			default:
				val = val*10 + d
			}
		} else {
			break
		}
		n++
	}
	if n == 0 || n >= len(rs) || val > 24 || !ascii && n == 1 && rs[0] == '一' {
		return "", 0 // "一点" is as often "a little" as "one o'clock"
	}
	switch rs[n] {
	case '点':
		if n+1 < len(rs) && rs[n+1] == '半' {
			return dial(val, 30), n + 2
		}
		return dial(val, 0), n + 1
	case ':', '：':
		if ascii && n+2 < len(rs) && unicode.IsDigit(rs[n+1]) && unicode.IsDigit(rs[n+2]) {
			return dial(val, int(rs[n+1]-'0')*10+int(rs[n+2]-'0')), n + 3
		}
	}
	return "", 0
}

// zhMoments is Chinese's Language.When: 周五, 星期六, 礼拜天, and hours
// ("8点", "八点", "十一点半", "20:30").
func zhMoments(text string) []Moment {
	var out []Moment
	rs := []rune(text)
	for i := 0; i < len(rs); i++ {
		if d, n := cjkWeekday(rs[i:]); n > 0 {
			out = append(out, Moment{Kind: kindWeekday, Value: d})
			i += n - 1
			continue
		}
		if h, n := cjkHour(rs[i:]); n > 0 {
			out = append(out, Moment{Kind: kindTime, Value: h})
			i += n - 1
		}
	}
	return out
}

// zhAskFold finds the question word an answer takes the place of;
// zhAskPlan the rest of a question after "有啥" that asks for a plan.
var (
	zhAskFold = regexp.MustCompile(`什么时候|什么|啥|哪边|哪里|哪儿|哪|谁|几|多少`)
	zhAskPlan = regexp.MustCompile(`^[^，。]{0,6}(?:打算|计划|安排)$`)
)

// zhAnswerFirst ends the first clause of an answer.
const zhAnswerFirst = "，,。！!；;~～ "

// zhNoAnswer is a reply that says its member does not know or forgot
// ("忘了", "不记得了"): it names nothing.
var zhNoAnswer = regexp.MustCompile(`^(?:我)?(?:忘了|忘记了|不知道|不记得了?|记不清了?|不清楚|不太清楚|没注意)`)

// zhAnswer is Chinese's Language.Answer: the question with the answer's
// first clause in the place of its question word, after the member's name
// ("自己家孩子叫什么" + "嘟嘟，上二年级了" → "小芳家孩子叫嘟嘟，上二年级了";
// "住哪边" + "住宝安" → "小七住宝安"; "2026年有啥出去玩的打算" + "去大理" →
// "表妹2026年去大理"; "现在做啥工作" + "康复治疗师" → "静静现在是康复治疗师"). A question with no question word or more than one,
// and an answer that opens with a sentence of its own (a pronoun, a
// question, more than twelve characters) or a bare yes, keep the question
// beside the answer.
func zhAnswer(name, asked, answer string) (string, bool) {
	at := zhAskFold.FindAllStringIndex(asked, -1)
	if len(at) != 1 {
		return "", false
	}
	first, rest := answer, ""
	if i := strings.IndexAny(answer, zhAnswerFirst); i >= 0 {
		first, rest = answer[:i], strings.TrimLeft(answer[i:], zhAnswerFirst)
	}
	n := utf8.RuneCountInString(first)
	if n == 0 || n > 12 || strings.ContainsAny(first, "我你他她它俺咱吗呢?？") ||
		slices.Contains([]string{"对", "是", "嗯", "对啊", "是的", "没错", "有", "有的", "没有", "哈哈", "还行"}, first) ||
		zhNoAnswer.MatchString(answer) {
		return "", false
	}
	stem, after := asked[:at[0][0]], asked[at[0][1]:]
	switch {
	case strings.HasSuffix(stem, "有") && zhAskPlan.MatchString(after):
		// "有啥…打算" asks for a plan: the plan is the answer ("去大理").
		stem, after = strings.TrimSuffix(stem, "有"), ""
	case (strings.HasSuffix(stem, "做") || strings.HasSuffix(stem, "干")) && slices.Contains([]string{"工作", "的", "工作的"}, after):
		// "做啥工作" asks what the member is: "康复治疗师" → 是康复治疗师.
		stem, after = stem[:len(stem)-len("做")]+"是", ""
	case strings.HasSuffix(stem, "做") || strings.HasSuffix(stem, "干"):
		// "干啥" asks what they do: the answer says it ("养兰花").
		stem = stem[:len(stem)-len("做")]
	}
	// What the answer repeats of the question is said once: "住哪边" +
	// "住宝安", "几岁了" + "四岁".
	for k := 2; k >= 1; k-- {
		if rs := []rune(stem); len(rs) >= k && strings.HasPrefix(first, string(rs[len(rs)-k:])) {
			stem = string(rs[:len(rs)-k])
			break
		}
	}
	for k := 2; k >= 1; k-- {
		if rs := []rune(after); len(rs) >= k && strings.HasSuffix(first, string(rs[:k])) {
			after = string(rs[k:])
			break
		}
	}
	stem = strings.TrimPrefix(stem, "自己") // 自己家孩子 → 小芳家孩子
	st := adjoin(name, stem+first+after)
	if rest != "" {
		st += "，" + rest
	}
	return st, true
}

// zhNotPetNames are doubled characters that open a line as words, not as
// a child's or an animal's pet name: adverbs ("天天", "刚刚"), laughs and
// the kin words, which read as the poster's by standing after their name
// ("青青妈妈住院了").
var zhNotPetNames = map[string]bool{
	"天天": true, "常常": true, "刚刚": true, "慢慢": true, "好好": true, "渐渐": true, "偏偏": true, "往往": true,
	"早早": true, "明明": true, "悄悄": true, "默默": true, "稍稍": true, "处处": true, "人人": true, "家家": true,
	"个个": true, "样样": true, "年年": true, "月月": true, "次次": true, "仅仅": true, "白白": true, "哈哈": true,
	"嘿嘿": true, "呵呵": true, "嘻嘻": true, "呜呜": true, "谢谢": true, "拜拜": true, "看看": true, "试试": true,
	"想想": true, "走走": true, "等等": true, "问问": true, "聊聊": true, "逛逛": true, "歇歇": true, "尝尝": true,
	"妈妈": true, "爸爸": true, "爷爷": true, "奶奶": true, "姥姥": true, "姥爷": true, "姐姐": true, "哥哥": true,
	"弟弟": true, "妹妹": true, "婆婆": true, "公公": true, "叔叔": true, "舅舅": true, "姑姑": true, "婶婶": true,
	"伯伯": true, "太太": true, "宝宝": true, "娃娃": true, "星星": true, "乖乖": true,
}

// zhHousehold is Chinese's Language.Household: a line that opens with a
// doubled character that is no word ("糖糖", "嘟嘟", "豆豆") opens with the
// pet name of a child or an animal.
func zhHousehold(st string) bool {
	rs := []rune(st)
	if len(rs) < 4 || rs[0] != rs[1] || !han(rs[0]) || rs[2] == rs[0] {
		return false
	}
	return !zhNotPetNames[string(rs[:2])]
}
