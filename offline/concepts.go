package offline

import (
	"hash/fnv"
	"math"
	"slices"
	"unicode"

	"github.com/groupmem/groupmem/vector"
)

// Lexicon gives the words of a text and their vectors, in one space for
// every language: a Chinese word lies next to its English gloss. The
// static embedder (embed/static) is one.
type Lexicon interface {
	// Terms returns the words text is made of, in order.
	Terms(text string) []string
	// WordVector returns a word's unit vector, nil when it has none.
	WordVector(word string) []float32
	// Frequency returns how often a word occurs in ordinary text, as a
	// probability (0: unknown).
	Frequency(word string) float64
}

// conceptPrefix marks a concept among an item's words.
const conceptPrefix = "≈"

// concepts returns, per text, the concepts it names: each Chinese word of
// the window is tied to the English word of the window whose vector is
// closest, when their cosine reaches min and the English word is a topic
// word (no more frequent than maxFreq; "badminton", not "week"), and the
// concept is named after that English word. A text names a concept when
// it holds either word. Words of one script are already compared by their
// characters; concepts tie the two scripts.
func concepts(lex Lexicon, texts []string, min, maxFreq float64) [][]string {
	terms := make([][]string, len(texts))
	vecs := map[string][]float32{}
	var han, latin []string
	for i, t := range texts {
		terms[i] = lex.Terms(t)
		for _, w := range terms[i] {
			if _, seen := vecs[w]; seen {
				continue
			}
			v := lex.WordVector(w)
			vecs[w] = v
			if v == nil {
				continue
			}
			switch {
			case isHanWord(w):
				han = append(han, w)
			case lex.Frequency(w) <= maxFreq:
				latin = append(latin, w)
			}
		}
	}
	concept := map[string]string{} // word → concept name
	for _, h := range han {
		best, bestCos := "", min
		for _, l := range latin {
			if c := vector.Dot(vecs[h], vecs[l]); c >= bestCos {
				best, bestCos = l, c
			}
		}
		if best != "" {
			concept[h], concept[best] = best, best
		}
	}
	out := make([][]string, len(texts))
	for i, ts := range terms {
		seen := map[string]bool{}
		for _, w := range ts {
			if c, ok := concept[w]; ok && !seen[c] {
				seen[c] = true
				out[i] = append(out[i], conceptPrefix+c)
			}
		}
	}
	return out
}

// isHanWord reports whether w is written in Chinese characters.
func isHanWord(w string) bool {
	for _, r := range w {
		return unicode.Is(unicode.Han, r)
	}
	return false
}

// conceptWeight is how many of a vector's strongest features a concept
// weighs: it stands for a word, which in Chinese the vector holds as two
// or more character pairs.
const conceptWeight = 2

// withConcepts adds each concept of names to v as a feature of its own
// (an index past dim), weighing conceptWeight times v's strongest
// feature, and returns v at unit length again.
func withConcepts(v sparse, names []string, dim int) sparse {
	if len(names) == 0 || v.zero() {
		return v
	}
	var top float32
	for _, x := range v.val {
		top = max(top, float32(math.Abs(float64(x))))
	}
	out := sparse{idx: append([]int32(nil), v.idx...), val: append([]float32(nil), v.val...)}
	for _, n := range names {
		h := fnv.New32a()
		h.Write([]byte(n))
		out.idx = append(out.idx, int32(dim)+int32(h.Sum32()%(1<<20)))
		out.val = append(out.val, conceptWeight*top)
	}
	sortSparse(&out)
	var norm float64
	for _, x := range out.val {
		norm += float64(x) * float64(x)
	}
	norm = math.Sqrt(norm)
	for k := range out.val {
		out.val[k] = float32(float64(out.val[k]) / norm)
	}
	return out
}

// sortSparse orders v's entries by index, adding up repeated ones.
func sortSparse(v *sparse) {
	m := make(map[int32]float32, len(v.idx))
	for k, i := range v.idx {
		m[i] += v.val[k]
	}
	v.idx, v.val = v.idx[:0], v.val[:0]
	for i := range m {
		v.idx = append(v.idx, i)
	}
	slices.Sort(v.idx)
	for _, i := range v.idx {
		v.val = append(v.val, m[i])
	}
}
