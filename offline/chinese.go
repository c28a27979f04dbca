package offline

import (
	"regexp"
	"strings"
)

// Chinese is the Chinese language value (see Language).
var Chinese = Language{
	Name:         "zh",
	Owns:         func(c string) bool { return strings.ContainsFunc(c, isCJK) },
	ClauseMarks:  "。！？；，!?;",
	SecondPerson: regexp.MustCompile(`你|您`),
	Question:     regexp.MustCompile(`[？?]|[吗呢嘛吧][\s。！!~～…]*$|有没有|是不是|要不要|谁有|有人[^，。]*[吗么]|咋样|怎么样`),
	Greeting:     regexp.MustCompile(`^\s*(早上好|早安|早啊|大家好|哈喽|嗨|晚上好|中午好|下午好|恭喜|欢迎|谢谢|感谢)`),
	SignOff:      regexp.MustCompile(`晚安|拜拜|回头聊|先撤|先下了|^88$`),
	Reaction: regexp.MustCompile(`^\s*(哈哈+|呵呵|好的|收到|太好了|太棒了|厉害|牛|赞|羡慕|真棒|好棒|可以可以|不错|对对|是的|嗯嗯?|哇+|666+|恭喜恭喜|辛苦了|加油|确实|笑死|绝了|好家伙|刚看到消息|抱抱|心疼|同感|一样|太惨了|好惨|绝绝子|冲)` +
		`[啊呀了哈！!。~～…，,\s]*$`),
	Photo:       regexp.MustCompile(`看这张|看这个|发张图|发个图|上图|如图|见图|截图|\[图片\]|\[视频\]`),
	FirstPerson: regexp.MustCompile(`我|俺`),
	Singular:    regexp.MustCompile(`[我俺]([^们]|$)`),
	Attribution: "：",
	Recurs:      regexp.MustCompile(`每(周|天|晚|月|个|星期|礼拜|次)|老规矩|照常|照旧|惯例|固定|以后都|从今往后`),
}
