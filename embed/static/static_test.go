package static

import (
	"crypto/sha256"
	"encoding/hex"
	"math"
	"slices"
	"strings"
	"testing"
	"unicode"
)

func load(t testing.TB) *Embedder {
	t.Helper()
	e, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func cos(e *Embedder, a, b string) float64 {
	va, vb := e.Vector(a), e.Vector(b)
	var s float64
	for i := range va {
		s += float64(va[i]) * float64(vb[i])
	}
	return s
}

func TestTableIsTheRecordedOne(t *testing.T) {
	sum := sha256.Sum256(table)
	if got := hex.EncodeToString(sum[:]); got != TableSHA256 {
		t.Errorf("table SHA-256 = %s, recorded %s: a new table needs a new Name and TableSHA256", got, TableSHA256)
	}
	if e := load(t); e.Dimension() != 100 || e.Words() < 100_000 {
		t.Errorf("table: %d dimensions, %d words", e.Dimension(), e.Words())
	}
}

// Meaning, not characters: related texts score well above unrelated ones,
// across the two languages too.
func TestRelatedTextsScoreHigher(t *testing.T) {
	e := load(t)
	// The three sentences of the recipe keep their order with a margin:
	// the question and its answer, well above either against an
	// unrelated line.
	const q, related, unrelated = "群组的技术背景是什么？", "群组成员主要是前端开发", "今天天气很好"
	r, qu, ru := cos(e, q, related), cos(e, q, unrelated), cos(e, related, unrelated)
	if r < qu+0.1 || r < ru+0.1 {
		t.Errorf("cos(q, related) = %.3f, cos(q, unrelated) = %.3f, cos(related, unrelated) = %.3f: want the first ahead by 0.1", r, qu, ru)
	}
	// Paraphrases with no character in common beat an unrelated line:
	// for most pairs (a static table has no word order and misses some
	// senses; the share is the measure).
	pairs := [][3]string{
		{"群友有什么运动爱好？", "大家喜欢在周末约着打篮球", "我血压有点高"},
		{"这个群平时聊哪些动漫？", "每周五晚上一起讨论新番", "我血压有点高"},
		{"例会定在哪天", "每周四晚上九点碰头", "老张买了一辆新车"},
		{"谁会写前端代码", "小王做网页开发好多年了", "今天天气很好"},
		{"下班后去哪儿放松", "晚上常约着喝酒唱歌", "明天要交季度报告"},
		{"谁养宠物", "我家里两只猫", "开会改到三点"},
		{"他住哪座城市", "老李在上海工作生活", "这道菜太咸了"},
		{"最近读什么书", "小说看完了正看第二本", "电脑又坏了"},
	}
	beat := 0
	for _, p := range pairs {
		if shared := sharedRunes(p[0], p[1]); shared != "" {
			t.Fatalf("%q and %q share %q: not a paraphrase without a common character", p[0], p[1], shared)
		}
		pp, u := cos(e, p[0], p[1]), cos(e, p[0], p[2])
		if pp > u {
			beat++
		}
		t.Logf("%q ~ %q: %.3f; unrelated %q: %.3f", p[0], p[1], pp, p[2], u)
	}
	if beat < len(pairs)*3/4 {
		t.Errorf("paraphrases beat the unrelated line for %d of %d pairs, want at least three quarters", beat, len(pairs))
	}
	// A Chinese question beats an unrelated line against its English answer.
	if x, u := cos(e, "这个群讨论宗教吗？", "The group avoids talking about religion"), cos(e, "今天中午吃什么", "The group avoids talking about religion"); x <= u {
		t.Errorf("cross-lingual %.3f <= unrelated %.3f", x, u)
	}
}

// sharedRunes returns the letters and Han characters a and b share.
func sharedRunes(a, b string) string {
	var out []rune
	for _, r := range a {
		if (unicode.IsLetter(r) || unicode.Is(unicode.Han, r)) && strings.ContainsRune(b, r) && !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	return string(out)
}

func TestNoWordsNoVector(t *testing.T) {
	e := load(t)
	for _, s := range []string{"", "!!! ？？ …", "12345", "😂😂"} {
		for _, x := range e.Vector(s) {
			if x != 0 {
				t.Fatalf("Vector(%q) is not zero", s)
			}
		}
	}
	v := e.Vector("weekly meeting")
	var n float64
	for _, x := range v {
		n += float64(x) * float64(x)
	}
	if math.Abs(n-1) > 1e-4 {
		t.Errorf("|Vector| = %v, want 1", math.Sqrt(n))
	}
}

// The twelve queries of the embedder's design notes: the wanted memory
// must come first for most of them.
func TestTwelveQueries(t *testing.T) {
	e := load(t)
	memories := []string{"群组成员主要是前端开发", "每周五晚上一起讨论新番动画", "群里禁止讨论政治", "大家喜欢在周末约着打篮球",
		"群主是一名资深的产品经理", "Most members live in Shanghai", "大家都是写网页的程序员", "成员经常分享美食和餐厅推荐",
		"今天天气很好", "The group avoids talking about religion"}
	checks := []struct{ q, want, alsoRight string }{
		{"群组的技术背景是什么？", "群组成员主要是前端开发", ""},
		{"这个群平时聊什么动漫？", "每周五晚上一起讨论新番动画", ""},
		{"有哪些话题是不能说的？", "群里禁止讨论政治", ""},
		{"群友有什么运动爱好？", "大家喜欢在周末约着打篮球", ""},
		{"谁负责管理这个群？", "群主是一名资深的产品经理", ""},
		{"Where do the members live?", "Most members live in Shanghai", ""},
		{"What programming skills do members have?", "群组成员主要是前端开发", "大家都是写网页的程序员"},
		{"有什么好吃的推荐吗？", "成员经常分享美食和餐厅推荐", ""},
		{"How is the weather today?", "今天天气很好", ""},
		{"members who build websites", "大家都是写网页的程序员", ""},
		{"这个群讨论宗教吗？", "The group avoids talking about religion", ""},
		{"群成员住在哪个城市？", "Most members live in Shanghai", ""},
	}
	right := 0
	for _, c := range checks {
		best, bestScore := "", math.Inf(-1)
		for _, m := range memories {
			if s := cos(e, c.q, m); s > bestScore {
				best, bestScore = m, s
			}
		}
		if best == c.want || best == c.alsoRight {
			right++
		} else {
			t.Logf("%s: first %q (%.2f), want %q (%.2f)", c.q, best, bestScore, c.want, cos(e, c.q, c.want))
		}
	}
	t.Logf("%d of 12 right first", right)
	if right < 9 {
		t.Errorf("%d of 12 right first, want at least 9", right)
	}
}

func BenchmarkVector(b *testing.B) {
	e := load(b)
	for _, s := range []struct{ name, text string }{
		{"short", "周会改到星期五晚上八点"},
		{"long", "I switched jobs, I'm a backend engineer at a bank now, and the weekly meeting moved to Thursday afternoon at three"},
		{"long-zh", "我换工作了，现在在一家银行做后端开发，每周的例会也改到了星期四下午三点，大家记得提前把周报发到群里"},
	} {
		b.Run(s.name, func(b *testing.B) {
			for b.Loop() {
				e.Vector(s.text)
			}
		})
	}
}

func BenchmarkLoad(b *testing.B) {
	for b.Loop() {
		if _, err := parse(table); err != nil {
			b.Fatal(err)
		}
	}
}

// Terms gives the table's words of a text in order, Chinese segmented;
// WordVector puts a Chinese word next to its English gloss.
func TestTermsAndWordVectors(t *testing.T) {
	e, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	got := e.Terms("周五打羽毛球, then Badminton!")
	if len(got) < 3 || !slices.Contains(got, "羽毛球") || got[len(got)-1] != "badminton" {
		t.Fatalf("Terms = %q, want 羽毛球 among them and badminton last", got)
	}
	if e.WordVector("no-such-word") != nil {
		t.Error("WordVector of a word the table lacks is not nil")
	}
	word := func(a, b string) float64 {
		va, vb := e.WordVector(a), e.WordVector(b)
		var s float64
		for i := range va {
			s += float64(va[i]) * float64(vb[i])
		}
		return s
	}
	if tr, other := word("羽毛球", "badminton"), word("羽毛球", "brunch"); tr < 0.8 || other > tr-0.3 {
		t.Errorf("cos(羽毛球, badminton) = %.2f, cos(羽毛球, brunch) = %.2f: want the translation above 0.8 and far above", tr, other)
	}
}
