package recall

import "time"

// Chinese is the (Mandarin, simplified) Chinese of questions in chat.
var Chinese Language = chinese{}

type chinese struct{}

// Words returns Chinese's words for time.
func (chinese) Words() Words {
	return Words{
		Numbers: chineseNumbers(),
		Units: map[string]Unit{
			"天": Day, "周": Week, "星期": Week, "个星期": Week, "礼拜": Week, "个礼拜": Week,
			"月": Month, "个月": Month, "年": Year,
		},
		Spans: map[string]Span{"半个月": {15, Day}, "半年": {6, Month}},
		Periods: map[string]Period{
			"今天": {0, Day, 0}, "今日": {0, Day, 0}, "今早": {0, Day, 0}, "今晚": {0, Day, 0}, "今儿": {0, Day, 0},
			"刚才": {0, Day, 0}, "刚刚": {0, Day, 0},
			"昨天": {-1, Day, 0}, "昨日": {-1, Day, 0}, "昨晚": {-1, Day, 0}, "昨儿": {-1, Day, 0},
			"前天": {-2, Day, 0}, "前晚": {-2, Day, 0}, "大前天": {-3, Day, 0},
			"明天": {1, Day, 0}, "明日": {1, Day, 0}, "后天": {2, Day, 0}, "大后天": {3, Day, 0},
			"今年": {0, Year, 0}, "去年": {-1, Year, 0}, "前年": {-2, Year, 0}, "大前年": {-3, Year, 0},
			"明年": {1, Year, 0}, "后年": {2, Year, 0},
			"月初": {0, Month, Early}, "月中": {0, Month, Mid}, "月底": {0, Month, Late}, "月末": {0, Month, Late},
			"年初": {0, Year, Early}, "年中": {0, Year, Mid}, "年底": {0, Year, Late}, "年末": {0, Year, Late},
		},
		Shifts: map[string]int{
			"上": -1, "上个": -1, "上一": -1, "上一个": -1, "上上": -2, "上上个": -2,
			"这": 0, "这个": 0, "这一": 0, "本": 0,
			"下": 1, "下个": 1, "下一": 1, "下一个": 1, "下下": 2, "下下个": 2,
		},
		Recent:     map[string]int{"最近": 14, "近来": 14, "近期": 14, "前几天": 7, "前两天": 3, "过去": 0, "近": 0},
		MonthMarks: []string{"月", "月份"},
		DayMarks:   []string{"号", "日"},
		YearMarks:  []string{"年"},
		Weekdays:   chineseWeekdays(),
		Weekends:   []string{"周末"},
		Parts: map[string]PartWord{
			"初": {Early, true}, "上旬": {Early, true}, "中": {Mid, true}, "中旬": {Mid, true},
			"底": {Late, true}, "末": {Late, true}, "下旬": {Late, true},
			"年初": {Early, true}, "年中": {Mid, true}, "年底": {Late, true}, "年末": {Late, true},
		},
		Fillers: []string{"的"},
		Ago:     []string{"前", "以前", "之前"},
		Later:   []string{"后", "以后", "之后", "过后"},
		Bounds: map[string]Bound{
			"前": {Follows: true}, "之前": {Follows: true}, "以前": {Follows: true},
			"为止": {Inclusive: true, Follows: true}, "截至": {Inclusive: true}, "截止到": {Inclusive: true},
			"后": {After: true, Follows: true}, "之后": {After: true, Follows: true}, "以后": {After: true, Follows: true},
			"以来": {After: true, Inclusive: true, Follows: true}, "起": {After: true, Inclusive: true, Follows: true},
			"开始": {After: true, Inclusive: true, Follows: true}, "至今": {After: true, Inclusive: true, Follows: true},
			"到现在": {After: true, Inclusive: true, Follows: true},
			"从":   {After: true, Inclusive: true}, "自": {After: true, Inclusive: true}, "自从": {After: true, Inclusive: true},
		},
		Joins:     map[string]bool{"到": true, "至": true, "和": false, "与": false, "跟": false, "及": false},
		RangeEnds: []string{"之间", "期间"},
		Every:     []string{"每", "每个", "每一", "每一个"},
		Future:    []string{"要", "将", "将要", "会", "打算", "准备", "计划", "预计", "即将", "下次", "下回"},
		Current:   []string{"现在", "目前", "如今", "眼下", "当前", "最新", "还在", "仍然", "依然", "最后"},
		LookAlikes: []string{
			"周到", "周边", "周围", "周年", "周期", "周全", "周转", "周会", "天天",
			"几号", "几月", "几日", "几点", "号楼", "号线", "号码", "号房", "号车", "号位",
			"重要", "需要", "主要", "要求", "只要", "要是", "要么", "摘要", "必要", "要点", "纪要", "不要",
			"会议", "开会", "聚会", "会上", "约会", "机会", "社会", "学会", "会员", "晚会", "大会", "年会",
			"例会", "体会", "误会", "一会", "理会",
		},
	}
}

// chineseNumbers returns the number words from 一 to 九十九, 两 and 几 (a
// few, read as three).
func chineseNumbers() map[string]int {
	digits := []string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}
	m := map[string]int{"两": 2, "几": 3, "零": 0, "〇": 0}
	for n := 1; n < 100; n++ {
		tens, ones := n/10, n%10
		switch tens {
		case 0:
			m[digits[ones]] = n
		case 1:
			m["十"+digits[ones]] = n
		default:
			m[digits[tens]+"十"+digits[ones]] = n
		}
	}
	return m
}

// chineseWeekdays returns the weekdays as 周X, 星期X and 礼拜X, Sunday
// also as X = 天.
func chineseWeekdays() map[string]time.Weekday {
	days := []string{"日", "一", "二", "三", "四", "五", "六"}
	m := map[string]time.Weekday{}
	for _, prefix := range []string{"周", "星期", "礼拜"} {
		for d, name := range days {
			m[prefix+name] = time.Weekday(d)
		}
		m[prefix+"天"] = time.Sunday
	}
	return m
}
