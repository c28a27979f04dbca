package offline

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/groupmem/groupmem"
)

func TestNoise(t *testing.T) {
	ignore := map[string]bool{"u_relay": true}
	msg := func(sender, text string) groupmem.Message {
		return groupmem.Message{GroupID: "g", ID: "1", SenderID: sender, SenderName: sender, Content: text, SentAt: time.Unix(0, 0)}
	}
	tests := []struct {
		sender, text string
		want         string
	}{
		// Greetings, acknowledgements, laughter: filler, whatever their form.
		{"a", "早", noiseFiller},
		{"a", "早上好各位！", noiseFiller},
		{"a", "大家早安～", noiseFiller},
		{"a", "Good morning everyone!", noiseFiller},
		{"a", "gm", noiseFiller},
		{"a", "哈哈哈哈哈哈", noiseFiller},
		{"a", "hahaha lol", noiseFiller},
		{"a", "233333", noiseFiller},
		{"a", "+1", noiseFiller},
		{"a", "ok", noiseFiller},
		{"a", "好的收到", noiseFiller},
		{"a", "thanks!", noiseFiller},
		{"a", "666", noiseFiller},
		{"a", "晚安", noiseFiller},
		// Stickers, emoji, images, mentions, links: nothing left.
		{"a", "[动画表情]", noiseEmpty},
		{"a", "[sticker]", noiseEmpty},
		{"a", "👍👍", noiseEmpty},
		{"a", "🎉", noiseEmpty},
		{"a", ":thumbsup:", noiseEmpty},
		{"a", "@小王", noiseEmpty},
		{"a", "https://example.com/x", noiseEmpty},
		// Bot commands and bots.
		{"a", "/roll 1d100", noiseBot},
		{"a", "!help", noiseBot},
		{"a", ".r 1d20", noiseBot},
		{"DiceBot", "Ken 掷出了 57", noiseBot},
		{"群机器人", "今日天气：晴", noiseBot},
		{"u_relay", "forwarded: meeting at 9", noiseBot},
		// Too short once the filler is gone.
		{"a", "困了", noiseShort},
		{"a", "随便", noiseShort},
		{"a", "哈哈哈 好饿", noiseShort},
		{"a", "brb food", noiseShort},
		// Messages that say something.
		{"a", "早餐打卡：豆浆油条 [图片]", ""},
		{"a", "哈哈哈，今晚新番走起", ""},
		{"a", "board game night at Marco's", ""},
		{"a", "Code review at 4pm", ""},
		{"a", "@小王 周会改到周四了", ""},
		{"a", "1/2 of the pizza is left", ""},
	}
	for _, tt := range tests {
		if got := noise(DefaultLanguages(), msg(tt.sender, tt.text), ignore, DefaultMinUnits); got != tt.want {
			t.Errorf("noise(DefaultLanguages(), %q from %q) = %q, want %q", tt.text, tt.sender, got, tt.want)
		}
	}
}

func TestStatementOf(t *testing.T) {
	tests := []struct{ in, want string }{
		{"早餐打卡：豆浆油条 [图片]", "早餐打卡：豆浆油条"},
		{"哈哈哈，今晚新番走起！！！", "今晚新番走起！"},
		{"收到，周会改到周四晚上九点", "周会改到周四晚上九点"},
		{"@阿杰 咱们群每天早上的早餐打卡已经成传统了哈哈", "咱们群每天早上的早餐打卡已经成传统了"},
		{"Reminder: code review at 4pm 👍 lol", "code review at 4pm"},
		{"通知：周会改到周四晚上九点", "周会改到周四晚上九点"},
		{"老规矩，每周五晚上十点一起看新番", "每周五晚上十点一起看新番"},
		{"FYI, PSA: the repo moved to GitHub", "the repo moved to GitHub"},
		{"Reminder!", "Reminder!"},
		{"  ok, board game night is Thursday~~", "board game night is Thursday"},
		{"repo: https://github.com/x/y 以后都在这", "repo: https://github.com/x/y 以后都在这"},
		{"《葬送的芙莉莲》更新了", "《葬送的芙莉莲》更新了"},
		{"哈哈哈", ""},
		// what the line asks of its readers goes; what it says of the group stays
		{"Code review every Tuesday at 4pm, push your PRs before lunch", "Code review every Tuesday at 4pm"},
		{"每周三晚上九点语音周会，新来的同学记得上线", "每周三晚上九点语音周会"},
		{"Guitar practice tonight, bring your capo", "Guitar practice tonight"},
		{"Can you bring snacks?", "Can you bring snacks?"},
		{"我下周搬家，有人有纸箱吗", "我下周搬家"},
		{"I moved to Berlin, it's near your old place", "I moved to Berlin"},
		{"新来的同学，记得每周五晚上上线打团", "新来的同学，记得每周五晚上上线打团"},
		{"Team, please push your PRs by Friday", "Team, please push your PRs by Friday"},
		{"我在腾讯工作，刚申请了转岗", "我在腾讯工作，刚申请了转岗"},
		// clauses addressed to the reader go one by one, the rest once
		{"Thanks for chaperoning at the aquarium, Emma, you're a saint", "Thanks for chaperoning at the aquarium, Emma"},
		{"Speaking as a nurse: please drink more water, all of you", "Speaking as a nurse"},
		// an emoji between two words ends a clause there
		{"We adopted a greyhound 🐾 the whole house is obsessed", "We adopted a greyhound, the whole house is obsessed"},
	}
	for _, tt := range tests {
		if got := statementOf(DefaultLanguages(), tt.in); got != tt.want {
			t.Errorf("statementOf(DefaultLanguages(), %q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestFeaturesDropFunctionWords(t *testing.T) {
	tests := []struct{ in, want string }{
		{"今天的早餐是豆浆", "  早餐 豆浆 | "},
		{"The code review is at 4pm", "code review 4pm | "},
		{"哈哈哈，我们周五看新番吧 [图片]", " 周五看新番  | "},
	}
	for _, tt := range tests {
		if got := features(DefaultLanguages(), tt.in); got != tt.want {
			t.Errorf("features(DefaultLanguages(), %q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestFactsOf(t *testing.T) {
	tests := []struct {
		in   string
		want values
	}{
		{"每周三晚上九点语音周会", values{kindWeekday: {"wed"}, kindTime: {"9"}}},
		{"周会从这周起改到星期四 21:00", values{kindWeekday: {"thu"}, kindTime: {"9"}}},
		{"仓库搬到 GitHub 了，PR 都提那边", values{kindName: {"github", "pr"}}},
		{"Book club moved to Discord, Sunday 8pm", values{kindName: {"discord"}, kindWeekday: {"sun"}, kindTime: {"8"}}},
		{"Board game night every Thursday at 7:30 pm", values{kindWeekday: {"thu"}, kindTime: {"7:30"}}},
		{"有一点累，十点半睡", values{kindTime: {"10:30"}}},
		{"See you on Fridays", values{kindWeekday: {"fri"}}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, factsOf(DefaultLanguages(), tt.in)); diff != "" {
			t.Errorf("factsOf(DefaultLanguages(), %q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestQualityPrefersHabitStatements(t *testing.T) {
	better := []struct{ good, poor string }{
		{"咱们群每天早上的早餐打卡已经成传统了", "早餐打卡：煎饺"},
		{"Reminder: code review every Tuesday at 4pm", "Code review started"},
		{"老规矩，每周五晚上十点一起看新番", "今晚新番照常吗？"},
		{"周会改到周四晚上九点", "周会改到周四晚上九点？"},
	}
	for _, b := range better {
		if g, p := quality(DefaultLanguages(), b.good), quality(DefaultLanguages(), b.poor); g <= p {
			t.Errorf("quality(DefaultLanguages(), %q) = %.2f, not above quality(DefaultLanguages(), %q) = %.2f", b.good, g, b.poor, p)
		}
	}
}

// The pieces of an English contraction are not words of their own: "that"
// of "that's" and "can" of "can't" never become what messages share.
func TestContractions(t *testing.T) {
	for text, absent := range map[string][]string{
		"That's what we can't skip on Friday": {"that", "can", "s", "t"},
		"Marco’s place isn't far":             {"isn", "s", "t"},
		"they'll bring Priya's board games":   {"they", "ll", "s"},
	} {
		got := tokens(features(DefaultLanguages(), text))
		for _, w := range absent {
			if slices.Contains(got, w) {
				t.Errorf("tokens of %q = %q; %q is a piece of a contraction", text, got, w)
			}
		}
	}
	if got := tokens(features(DefaultLanguages(), "Marco's place")); !slices.Contains(got, "marco") || !slices.Contains(got, "place") {
		t.Errorf("tokens of \"Marco's place\" = %q; want marco and place", got)
	}
}

// A media caption describes what the sender shared: its description
// counts for clustering, but it is never quoted as something they said.
func TestMediaCaptions(t *testing.T) {
	text := "Look at this [shares a photo: sunset over the harbour] so good"
	feat := tokens(features(DefaultLanguages(), text))
	for _, w := range []string{"sunset", "harbour", "look"} {
		if !slices.Contains(feat, w) {
			t.Errorf("features of %q = %q; want %q", text, feat, w)
		}
	}
	for _, w := range []string{"shares", "photo"} {
		if slices.Contains(feat, w) {
			t.Errorf("features of %q = %q; %q is the app's note, not content", text, feat, w)
		}
	}
	if st := statementOf(DefaultLanguages(), text); strings.Contains(st, "photo") || strings.Contains(st, "sunset") || !strings.Contains(st, "Look at this") {
		t.Errorf("statementOf(DefaultLanguages(), %q) = %q; want the words said, without the caption", text, st)
	}
	if st := statementOf(DefaultLanguages(), "[图片: 海边日落]"); st != "" {
		t.Errorf("statementOf of a photo alone = %q; want nothing said", st)
	}
	if spoken, shared := captions(DefaultLanguages(), "周五打球 [位置：体育馆]"); spoken != "周五打球" || len(shared) != 1 || shared[0] != "体育馆" {
		t.Errorf("captions = %q, %q", spoken, shared)
	}
	if spoken, shared := captions(DefaultLanguages(), "[重要] 周会改到周四"); spoken != "[重要] 周会改到周四" || shared != nil {
		t.Errorf("a note that names no media: %q, %q; want the text as it is", spoken, shared)
	}
}

// A name joins a line that opens in letters with a space, and a line of
// Chinese characters without one.
func TestAdjoin(t *testing.T) {
	for _, c := range [][3]string{
		{"Ines", "jersey 尺码L", "Ines jersey 尺码L"},
		{"阿梅", "Harbor Lights的精酿不错", "阿梅Harbor Lights的精酿不错"},
		{"Ines", "尺码L", "Ines尺码L"},
		{"Shona ", "ordered", "Shona ordered"},
	} {
		if got := adjoin(c[0], c[1]); got != c[2] {
			t.Errorf("adjoin(%q, %q) = %q, want %q", c[0], c[1], got, c[2])
		}
	}
}
