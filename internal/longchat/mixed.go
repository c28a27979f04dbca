package longchat

// gamers is a group of gamer friends who write in Chinese and English,
// switching from one message to the next and within one: game nights and
// bosses beaten.
var gamers = theme{
	id: "lc-mix-gamers", split: "train", langs: []*lang{&chinese, &english}, zone: "+08:00", start: "2026-06-08",
	weeks: 10, days: 30, members: 6, messages: 660,
	series: []series{{
		key: "gamenight", slot: evening,
		values: []string{"Apex", "Valorant", "Overcooked 2", "Lethal Company", "Helldivers 2", "Phasmophobia", "Palworld", "It Takes Two", "Deep Rock Galactic", "Monster Hunter", "Don't Starve Together", "Sea of Thieves"},
		text: map[string]seriesText{
			"en": {
				say:     []string{"Played {v} till 2am, my voice is gone from screaming", "GG everyone, {v} was pure chaos tonight 😂", "Thanks for carrying me in {v} tonight {x}"},
				reacts:  []string{"gg", "good games all", "that last round tho", "carried hard", "lol"},
				ask:     []string{"What did we play on game night {when}?", "Which game did the group play {when}?"},
				askBy:   []string{"Which game did {name} call for {when}?"},
				askDate: []string{"When did we play {v}?"},
				before:  "just before the {a} night", after: "right after the {a} night",
			},
			"zh": {
				say:     []string{"今晚{v}玩到一点，笑死", "{v}打到凌晨两点，笑死我了", "今晚{v}全靠{x}带飞"},
				reacts:  []string{"gg", "笑死", "明天继续", "太好玩了", "下次带我一个"},
				ask:     []string{"{when}开黑玩的什么游戏？", "{when}大家一起打的哪个游戏？"},
				askBy:   []string{"{when}{name}喊大家玩的是哪个游戏？"},
				askDate: []string{"哪天一起玩的{v}？"},
				before:  "玩{a}之前那次", after: "玩{a}之后那次",
			},
		},
	}, {
		key: "boss", slot: evening,
		values: []string{"Malenia", "Nameless King", "Radahn", "Sister Friede", "Gael", "Moon Presence", "Orphan of Kos", "Isshin", "Ludwig", "Twin Princes"},
		text: map[string]seriesText{
			"en": {
				say:     []string{"FINALLY beat {v}, took me 40 tries", "{v} down!! hands still shaking", "{x} watched me beat {v} on stream lol"},
				reacts:  []string{"LETS GO", "huge", "congrats, that fight is brutal", "clip it!!", "about time 😂"},
				ask:     []string{"Which boss did someone beat {when}?", "What boss went down {when}?"},
				askBy:   []string{"Which boss did {name} beat {when}?"},
				askDate: []string{"When did someone beat {v}?"},
				before:  "just before {a}", after: "right after {a}",
			},
			"zh": {
				say:     []string{"终于打过{v}了！！死了四十次", "{v}过了！手还在抖", "刚才{x}看我直播打过了{v}"},
				reacts:  []string{"牛！", "恭喜毕业", "录屏了吗", "我还卡在这", "[强]"},
				ask:     []string{"{when}群里有人打过了哪个boss？", "{when}谁打过的boss是哪个？"},
				askBy:   []string{"{when}{name}打过的是哪个boss？"},
				askDate: []string{"哪天有人打过了{v}？"},
				before:  "{a}之前那次", after: "{a}之后那次",
			},
		},
	}},
	updates: []update{{
		key:    "server",
		values: []string{"Tokyo", "Hong Kong", "Singapore", "Seoul"},
		text: map[string]updateText{
			"en": {
				say:    []string{"We're on the {v} server for now, ping is fine"},
				change: []string{"Switching to the {v} server, the old one lags like crazy", "Moving us to {v} servers from tonight"},
				ask:    []string{"Which server region does the group play on now?"},
			},
			"zh": {
				say:    []string{"我们先在{v}服，延迟还行"},
				change: []string{"以后改去{v}服了，原来那个太卡", "从今晚开始转{v}服"},
				ask:    []string{"现在大家在哪个区的服务器玩？"},
			},
		},
	}, {
		key:    "voice",
		values: []string{"Discord", "KOOK", "TeamSpeak", "QQ频道", "Steam语音"},
		text: map[string]updateText{
			"en": {
				say:    []string{"Voice is on {v} tonight, link in the pinned message"},
				change: []string{"Moving voice to {v}, the other one keeps dropping", "We're using {v} for voice from now on"},
				ask:    []string{"Which app does the group use for voice now?"},
			},
			"zh": {
				say:    []string{"语音用{v}，链接在群公告"},
				change: []string{"语音改用{v}了，之前那个老掉线", "以后开黑语音都在{v}"},
				ask:    []string{"现在开黑语音用的什么软件？"},
			},
		},
	}},
	talk: map[string]talk{
		"en": {
			topics: []topic{{
				{"Grinded for {mins} tonight.", "Tried ranked again after a long break.", "Played a few rounds before bed."},
				{"My teammates were either geniuses or asleep, no in-between.", "Lag spiked every time I had a clutch moment.", "Got matched against the same squad {n} times in a row."},
				{"Going to bed before I throw my controller.", "Still fun though.", "Tomorrow I'm playing support only.", "Ok one more match. Maybe two."},
			}},
			chatter: []string{
				"Patch notes just dropped, they nerfed my main again.",
				"My controller drift is getting worse, I keep walking into walls.",
				"Stayed up till 3 grinding, regret nothing.",
				"The new season pass is so overpriced.",
				"Lag was unreal last night, was it just me?",
				"I need a new headset, the mic on this one makes me sound like a robot.",
				"Summer sale got me again, bought six games I'll never play.",
				"Ranked is full of smurfs this week.",
				"Downloading a 60 gig update on hotel wifi, pray for me.",
				"My cat walked across the keyboard mid-fight and I died.",
			},
			exchanges: []exchange{
				{ask: []string{"anyone on tonight?", "who's online tonight?"}, replies: []string{"after 10", "me", "can't, work tomorrow", "maybe a couple rounds"}},
				{ask: []string{"{x} you still playing?", "{x} you on?"}, replies: []string{"yep, joining", "one sec, queue", "nah logged off"}},
				{ask: []string{"what time tonight?", "start time?"}, replies: []string{"9", "9:30 ok?", "whenever, I'm free"}},
			},
		},
		"zh": {
			topics: []topic{{
				{"今晚又上分了", "打了几把排位", "睡前随便玩了两局"},
				{"队友一个比一个佛系", "关键时刻网卡了", "连着{n}把碰到同一队人"},
				{"心态崩了，睡觉", "不过还挺开心的", "明天继续冲", "再来一把就睡"},
			}},
			chatter: []string{
				"更新了四十个G，还没下完",
				"今天手感好差，一直被秒",
				"新皮肤好贵，忍住了没买",
				"队友开局就挂机，心态崩了",
				"熬夜打游戏的后果就是上班一直打哈欠",
				"排位连跪五把，今天不打了",
				"我的键盘空格键不太灵了",
				"新出的那个活动奖励好丰厚",
				"手柄没电了，充着呢",
				"抽卡又歪了[裂开]",
			},
			exchanges: []exchange{
				{ask: []string{"今晚几点上", "今晚上不上"}, replies: []string{"九点", "十点后", "今晚不行，加班", "随时"}},
				{ask: []string{"{x}上号", "{x}在吗，来一把"}, replies: []string{"来了来了", "等我洗个澡", "马上"}},
				{ask: []string{"谁有加速器推荐", "用什么加速器好"}, replies: []string{"我用的那个还行", "免费的就够了", "私发你"}},
			},
		},
		"mix": {
			chatter: []string{
				"今晚有人 queue 吗",
				"刚才那把 clutch 太帅了",
				"这个 patch 是真的离谱",
				"我先去 farm 一下材料",
				"ping 一百多，玩不了了",
				"谁 carry 一下我的 rank",
				"这个 boss 的 hitbox 有问题吧",
				"明天要 early shift，今晚不熬了",
				"new season 什么时候开",
				"我 headset 坏了，只能打字",
				"笑死 my teammate 一直在送",
				"这游戏 sale 的时候买了，还没开",
				"今天的 daily 还没做，先去做了",
				"这个 skin 也太好看了吧，想氪",
				"刚刚 disconnect 了，掉分了[裂开]",
				"有人知道这个 quest 怎么过吗，卡了一晚上",
				"I swear 这个 matchmaking 有问题",
				"明天 patch 之后再说吧",
				"这把 MVP 必须是我",
				"weekend 要不要通宵一把",
			},
			exchanges: []exchange{
				{ask: []string{"今晚 raid 谁来？", "raid tonight 谁有空"}, replies: []string{"我来", "me", "I'm in", "十点后可以"}},
				{ask: []string{"{x} 你 rank 到多少了", "{x} what rank are you now"}, replies: []string{"钻石了", "still gold lol", "别问，掉段了"}},
				{ask: []string{"有人要 duo 吗", "duo 来不来"}, replies: []string{"来", "me", "等我十分钟", "今天不行"}},
			},
		},
	},
}
