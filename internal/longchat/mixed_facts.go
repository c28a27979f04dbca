package longchat

// abroadFacts are what students abroad state about themselves beside the
// languages' facts: where they live, their part-time job, what they study.
var abroadFacts = map[string][]fact{
	"en": {{
		key:    "flat",
		values: []string{"Hunter House", "Castle Court", "Riverside Halls", "Marlowe Road", "Ashfield Gardens", "Kingsway Studios", "Elm Grove", "St Mark's Terrace"},
		stmt: stmt{
			say:  []string{"I'm at {v} this year, the kitchen is tiny but the rent is ok", "{v} has the worst wifi in the city, I'm writing this from the library"},
			mood: "meh",
		},
		change: stmt{
			say:  []string{"Moved out this weekend, I'm at {v} now", "New place at {v}! Finally a room with a window that opens"},
			mood: "news",
		},
		ask:  []string{"Where does {who} live?"},
		now:  []string{"Where does {name} live now?"},
		who:  []string{"Who lives at {v}?"},
		desc: []string{"the member who lives at {v}"},
	}, {
		key:    "parttime",
		values: []string{"barista at Costa", "library assistant", "maths tutor", "waiter at a dim sum place", "shop assistant at Uniqlo", "campus tour guide", "bookshop assistant"},
		stmt: stmt{
			say:  []string{"I work part-time as {an} {v}, weekends mostly", "Long shift today, being {an} {v} is more tiring than it sounds"},
			mood: "meh",
		},
		change: stmt{
			say:  []string{"Quit the old part-time job, I'm {an} {v} now", "Got a new part-time gig as {an} {v}, starting Monday"},
			mood: "news",
		},
		ask:  []string{"What part-time job does {who} have?"},
		now:  []string{"What is {name}'s part-time job now?"},
		who:  []string{"Who works part-time as {an} {v}?"},
		desc: []string{"the member who works as {an} {v}"},
	}, {
		key:    "major",
		values: []string{"Economics", "Computer Science", "Architecture", "Law", "Mechanical Engineering", "Psychology", "Media Studies", "Chemistry"},
		stmt: stmt{
			say:    []string{"Being {an} {v} student means I basically live in the library", "Third {v} deadline this month, I'm running on coffee"},
			prompt: []string{"{name} what are you studying again?"},
			reply:  []string{"{v}! final year, pray for me"},
			mood:   "meh",
		},
		ask:  []string{"What does {who} study?"},
		who:  []string{"Who studies {v}?"},
		desc: []string{"the {v} student"},
	}},
	"zh": {{
		key:    "flat",
		values: []string{"Victoria Hall", "Unite公寓", "城堡街的合租房", "学校旁边的一室户", "Park Lane公寓", "河边那栋学生公寓", "火车站附近的studio"},
		stmt: stmt{
			say:  []string{"我住{v}，离学校走路十分钟", "{v}的暖气又坏了，冻死"},
			mood: "meh",
		},
		change: stmt{
			say:  []string{"搬家了，现在住{v}", "终于搬出宿舍了，新家在{v}"},
			mood: "news",
		},
		ask:  []string{"{who}住在哪？"},
		now:  []string{"{name}现在住哪？"},
		who:  []string{"谁住{v}？"},
		desc: []string{"住{v}的那位"},
	}, {
		key:    "parttime",
		values: []string{"奶茶店店员", "中文家教", "图书馆助理", "中餐馆服务员", "代购", "学校招生大使", "超市收银"},
		stmt: stmt{
			say:  []string{"我在做{v}的兼职，周末去", "今天{v}的班上了八小时，腿断了"},
			mood: "meh",
		},
		change: stmt{
			say:  []string{"兼职换了，现在做{v}", "新找了个兼职，{v}，下周开始"},
			mood: "news",
		},
		ask:  []string{"{who}在做什么兼职？"},
		now:  []string{"{name}现在做什么兼职？"},
		who:  []string{"谁在做{v}的兼职？"},
		desc: []string{"做{v}兼职的那位"},
	}, {
		key:    "major",
		values: []string{"金融", "计算机", "建筑", "传媒", "心理学", "教育学", "统计", "市场营销"},
		stmt: stmt{
			say:    []string{"我是学{v}的，作业多到爆", "学{v}的我今天又通宵赶due了"},
			prompt: []string{"{name}你是学啥的来着"},
			reply:  []string{"{v}，最后一年了"},
			mood:   "meh",
		},
		ask:  []string{"{who}是学什么专业的？"},
		who:  []string{"谁是学{v}的？"},
		desc: []string{"学{v}的那位"},
	}},
}
