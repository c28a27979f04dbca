package embed_test

import (
	"context"
	"errors"
	"hash/fnv"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/embed"
)

func cosine(a, b []float32) float64 {
	var dot, na, nb float64
	for i := range a {
		dot += float64(a[i]) * float64(b[i])
		na += float64(a[i]) * float64(a[i])
		nb += float64(b[i]) * float64(b[i])
	}
	return dot / math.Sqrt(na*nb)
}

func TestLocalRanksRelatedTextsHigher(t *testing.T) {
	tests := []struct {
		query, related, unrelated string
	}{
		{"群组的技术背景 前端", "群组成员主要是前端开发者", "每周五晚上讨论新番动漫"},
		{"周五 动漫", "每周五晚上讨论新番动漫", "群组成员主要是前端开发者"},
		{"不要讨论政治", "本群禁止讨论政治话题", "大家喜欢用 React 和 Vue 写前端"},
		{"React 前端", "大家喜欢用 React 和 Vue 写前端", "本群禁止讨论政治话题"},
		{"ゲームの話", "週末はみんなでゲームの話をする", "前端开发者很多"},
		{"front-end developers in the group", "Most members of the group are front-end developers", "They discuss new anime every Friday night"},
		{"anime night", "They discuss new anime every Friday night", "Most members are front-end developers"},
		{"No politics", "no politics here, please", "We meet on Fridays"},
	}
	for _, dim := range []int{256, 1024} {
		l := newHashing(t, dim)
		for _, tt := range tests {
			q := l.Vector(tt.query)
			rel, unrel := cosine(q, l.Vector(tt.related)), cosine(q, l.Vector(tt.unrelated))
			if rel < 0.2 || rel < unrel+0.15 {
				t.Errorf("dim %d, %q: related %.3f, unrelated %.3f; want related >= 0.2 and ahead by 0.15",
					dim, tt.query, rel, unrel)
			}
		}
	}
}

func TestLocalIgnoresCasePunctuationAndWidth(t *testing.T) {
	l := newHashing(t, 64)
	tests := [][2]string{
		{"React, Vue & TypeScript!", "react vue typescript"},
		{"ＲＥＡＣＴ　前端", "react 前端"},
		{"前端，开发者。", "前端 开发者"},
		{"Café crème", "CAFÉ CRÈME"},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(l.Vector(tt[0]), l.Vector(tt[1])); diff != "" {
			t.Errorf("%q and %q differ:\n%s", tt[0], tt[1], diff)
		}
	}
	if cmp.Equal(l.Vector("前端开发"), l.Vector("开发前端")) {
		t.Errorf("character order is ignored: 前端开发 and 开发前端 give one vector")
	}
	if cmp.Equal(l.Vector("dog bites man"), l.Vector("man bites dog")) {
		t.Errorf("word order is ignored: pairs of words are not features")
	}
}

func TestLocalVectorsAreUnitOrZero(t *testing.T) {
	l := newHashing(t, 128)
	for _, text := range []string{"a", "hello world", "群组成员主要是前端开发者", strings.Repeat("spam ", 5000), "x" + strings.Repeat("前", 3000)} {
		v := l.Vector(text)
		if len(v) != 128 {
			t.Fatalf("%d values, want 128", len(v))
		}
		var sum float64
		for _, x := range v {
			sum += float64(x) * float64(x)
		}
		if math.Abs(math.Sqrt(sum)-1) > 1e-5 {
			t.Errorf("%q: norm %v, want 1", groupmem.Truncate(text, 20), math.Sqrt(sum))
		}
	}
	for _, text := range []string{"", "   ", "?!…，。——", "\x00\n\t"} {
		if v := l.Vector(text); !cmp.Equal(v, make([]float32, 128)) {
			t.Errorf("%q: want the zero vector, got %v", text, v)
		}
	}
}

func TestLocalIsDeterministic(t *testing.T) {
	texts := []string{"群组成员主要是前端开发者", "They discuss new anime every Friday night", "混合 mixed テキスト 한국어"}
	a, b := newHashing(t, 256), newHashing(t, 256)
	va, err := a.Embed(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	vb, err := b.Embed(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(va, vb); diff != "" {
		t.Errorf("two embedders disagree (-a +b):\n%s", diff)
	}
	if !cmp.Equal(va[0], a.Vector(texts[0])) {
		t.Errorf("a second call gives another vector")
	}
	// The exact bits are pinned: vectors stored in a ledger are compared
	// with vectors computed by later builds on other machines. If this
	// fails, the hashing changed and every stored Local vector is stale.
	h := fnv.New64a()
	for _, v := range va {
		for _, x := range v {
			bits := math.Float32bits(x)
			h.Write([]byte{byte(bits), byte(bits >> 8), byte(bits >> 16), byte(bits >> 24)})
		}
	}
	const pinned uint64 = 0xe7bddcf41f705c9d
	if got := h.Sum64(); got != pinned {
		t.Errorf("vector checksum = %#x, want %#x", got, pinned)
	}
}

func TestLocalEmbed(t *testing.T) {
	l := newHashing(t, 32)
	if l.Dimension() != 32 {
		t.Errorf("Dimension = %d, want 32", l.Dimension())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := l.Embed(ctx, []string{"x"})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Embed with a cancelled context = %v, want context.Canceled", err)
	}
	for _, dim := range []int{0, -1, embed.MaxDimension + 1} {
		if _, err := embed.NewHashing(dim); groupmem.ErrorCode(err) != groupmem.EINVALID {
			t.Errorf("NewLocal(%d) = %v, want EINVALID", dim, err)
		}
	}
}

// message200 is a 200-character chat message mixing Chinese and English.
var message200 = func() string {
	s := strings.Repeat("今晚八点继续讨论 React 19 的新特性，有兴趣的前端同学记得来群里报名！", 8)
	return string([]rune(s)[:200])
}()

func BenchmarkLocalVector200(b *testing.B) {
	l := newHashing(b, 1024)
	b.SetBytes(int64(len(message200)))
	for b.Loop() {
		l.Vector(message200)
	}
}

// newHashing returns a Hashing embedder of dimension dim.
func newHashing(t testing.TB, dim int) *embed.Hashing {
	t.Helper()
	l, err := embed.NewHashing(dim)
	if err != nil {
		t.Fatalf("NewHashing(%d): %v", dim, err)
	}
	return l
}

// TestSparseIsVector holds Sparse to the non-zero entries of Vector, bit
// for bit, with one scratch buffer reused across texts of both scripts.
func TestSparseIsVector(t *testing.T) {
	texts := []string{"", "!!", message200, "Badminton on Friday 8pm", "周五打羽毛球", "a a a a", "ok ok", "ＡＢＣ　def", "x"}
	for _, dim := range []int{1, 3, 32, 4096} {
		l := newHashing(t, dim)
		scratch := make([]float64, dim)
		for _, text := range texts {
			idx, val := l.Sparse(text, scratch)
			var wantIdx []int32
			var wantVal []float32
			for i, x := range l.Vector(text) {
				if x != 0 {
					wantIdx, wantVal = append(wantIdx, int32(i)), append(wantVal, x)
				}
			}
			if !cmp.Equal(idx, wantIdx) || !cmp.Equal(val, wantVal) {
				t.Errorf("dim %d, Sparse(%q) = %v %v, want %v %v", dim, text, idx, val, wantIdx, wantVal)
			}
			if slices.ContainsFunc(scratch, func(x float64) bool { return x != 0 }) {
				t.Fatalf("dim %d, Sparse(%q) left the scratch buffer dirty", dim, text)
			}
		}
	}
}
