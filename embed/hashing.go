// Package embed holds the embedders that need no service: Static, the
// bilingual word table of the embedded default (package static), and
// Hashing, hashed characters and words for shared text. Both are
// deterministic: the same text gives the same vector on every machine.
// Neither imports a model client, so the evolver that needs no model
// (package offline) can use them.
package embed

import (
	"context"
	"math"
	"slices"
	"unicode"

	"github.com/groupmem/groupmem"
)

// Hashing is a deterministic embedder that needs no service: it hashes the
// features of a text into a vector (feature hashing). It knows no
// synonyms, so it finds texts that share words, not texts that share only
// meaning; it is meant for offline use, the embedded default and tests.
//
// Features: for Latin and other space-separated scripts, lower-cased words
// (runs of letters, digits and marks) and pairs of adjacent words; for runs
// of CJK characters (Han, Hiragana, Katakana, Hangul), single characters,
// pairs and triples. Full-width ASCII counts as ASCII; punctuation, symbols
// and spaces separate features and are otherwise ignored. Each feature is
// hashed (FNV-1a, then mixed) to a bucket and a sign, and the vector is
// scaled to unit length.
//
// The same text gives the same vector on every machine and in every
// process. The hashing must not change: vectors stored in a ledger are
// compared with vectors computed later.
//
// A text without features (empty, or only punctuation and spaces) gives the
// all-zero vector. Its cosine similarity with anything is undefined; search
// treats it as matching nothing.
type Hashing struct {
	dim int
}

var _ groupmem.Embedder = (*Hashing)(nil)

// Feature weights. Pairs say more than single words or characters; CJK
// single characters say the least, and triples add little beyond pairs.
const (
	weightWord    = 1.0
	weightWordBi  = 1.0
	weightChar    = 0.5
	weightCharBi  = 1.0
	weightCharTri = 0.5
)

// Feature kinds, hashed in first so that a word and a character n-gram of
// the same text land in different buckets.
const (
	kindWord = iota + 1
	kindWordBi
	kindChar
	kindCharBi
	kindCharTri
)

// DefaultHashingDim is the dimension the hashing embedder is used at when a
// configuration names none: vectors small enough to store, large enough
// that unrelated words rarely collide.
const DefaultHashingDim = 256

// MaxDimension bounds the dimension of an embedder; larger vectors are
// surely a mistake.
const MaxDimension = 65536

// NewHashing returns a Hashing embedder of dimension dim. EINVALID unless
// dim lies within [1, MaxDimension].
func NewHashing(dim int) (*Hashing, error) {
	if dim < 1 || dim > MaxDimension {
		return nil, groupmem.Errorf(groupmem.EINVALID, "local embedder: dimension must lie within [1, %d]; got %d", MaxDimension, dim)
	}
	return &Hashing{dim: dim}, nil
}

// Dimension returns the length of every vector.
func (l *Hashing) Dimension() int { return l.dim }

// Embed returns Vector of each text, in order. It fails only when ctx has
// ended (EUNAVAILABLE wrapping ctx.Err()).
func (l *Hashing) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		if i%256 == 0 && ctx.Err() != nil {
			return nil, groupmem.WrapError(groupmem.EUNAVAILABLE, "local embedder: cancelled", ctx.Err())
		}
		out[i] = l.Vector(t)
	}
	return out, nil
}

// Vector returns the unit vector of text, or the zero vector when text has
// no features.
func (l *Hashing) Vector(text string) []float32 {
	acc := make([]float64, l.dim)
	f := featurizer{acc: acc}
	f.read(text)
	return normalize(acc)
}

// Sparse returns the non-zero entries of Vector(text), in ascending order
// of index: the same values, bit for bit, without building the dense
// vector. scratch is a buffer of Dimension() zeros that Sparse uses and
// leaves all zero again; nil allocates one. It is what a caller embedding
// many short texts at a large dimension uses.
func (l *Hashing) Sparse(text string, scratch []float64) (idx []int32, val []float32) {
	if len(scratch) != l.dim {
		scratch = make([]float64, l.dim)
	}
	f := featurizer{acc: scratch, touched: []int32{}}
	f.read(text)
	slices.Sort(f.touched)
	var sum float64
	for k, i := range f.touched {
		if k > 0 && f.touched[k-1] == i {
			continue
		}
		x := scratch[i]
		sum += float64(x * x)
	}
	if sum == 0 {
		clear(scratch)
		return nil, nil
	}
	norm := math.Sqrt(sum)
	for k, i := range f.touched {
		if k > 0 && f.touched[k-1] == i {
			continue
		}
		if v := float32(scratch[i] / norm); v != 0 {
			idx = append(idx, i)
			val = append(val, v)
		}
		scratch[i] = 0
	}
	return idx, val
}

// read adds the features of text.
func (f *featurizer) read(text string) {
	for _, r := range text {
		r = fold(r)
		switch {
		case isCJK(r):
			f.endWord()
			f.cjk = append(f.cjk, r)
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r):
			f.endCJK()
			f.word = append(f.word, unicode.ToLower(r))
		default:
			f.endWord()
			f.endCJK()
		}
	}
	f.endWord()
	f.endCJK()
}

// featurizer collects the features of one text into acc.
type featurizer struct {
	acc     []float64
	touched []int32 // the buckets added to, when not nil
	word    []rune  // the word being read
	prev    []rune  // the word before it, for pairs; nil after a CJK run
	cjk     []rune  // the CJK run being read
}

func (f *featurizer) endWord() {
	if len(f.word) == 0 {
		return
	}
	f.add(weightWord, kindWord, f.word)
	if f.prev != nil {
		f.add(weightWordBi, kindWordBi, f.prev, []rune{' '}, f.word)
	}
	f.prev = append(f.prev[:0], f.word...)
	f.word = f.word[:0]
}

func (f *featurizer) endCJK() {
	if len(f.cjk) == 0 {
		return
	}
	r := f.cjk
	for i := range r {
		f.add(weightChar, kindChar, r[i:i+1])
		if i+2 <= len(r) {
			f.add(weightCharBi, kindCharBi, r[i:i+2])
		}
		if i+3 <= len(r) {
			f.add(weightCharTri, kindCharTri, r[i:i+3])
		}
	}
	f.cjk = f.cjk[:0]
	f.prev = nil
}

// add hashes a feature of the given kind made of parts into a bucket of
// acc and adds w there with the hash's sign.
func (f *featurizer) add(w float64, kind uint64, parts ...[]rune) {
	const offset, prime = 14695981039346656037, 1099511628211
	h := uint64(offset)
	h = (h ^ kind) * prime
	for _, p := range parts {
		for _, r := range p {
			h = (h ^ uint64(r)) * prime
		}
	}
	// Mix (the splitmix64 finaliser) so that the low bits used for the
	// bucket depend on every rune.
	h ^= h >> 30
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 27
	h *= 0x94d049bb133111eb
	h ^= h >> 31
	if h>>63 == 1 {
		w = -w
	}
	b := (h & (1<<62 - 1)) % uint64(len(f.acc))
	f.acc[b] += w
	if f.touched != nil {
		f.touched = append(f.touched, int32(b))
	}
}

// normalize scales acc to unit length as float32; the zero vector stays
// zero. Explicit conversions keep the compiler from fusing operations, so
// the result is the same on every architecture.
func normalize(acc []float64) []float32 {
	var sum float64
	for _, x := range acc {
		sum += float64(x * x)
	}
	out := make([]float32, len(acc))
	if sum == 0 {
		return out
	}
	norm := math.Sqrt(sum)
	for i, x := range acc {
		out[i] = float32(x / norm)
	}
	return out
}

// fold maps full-width ASCII (U+FF01 to U+FF5E) and the ideographic space
// to their ASCII forms.
func fold(r rune) rune {
	switch {
	case r >= 0xFF01 && r <= 0xFF5E:
		return r - 0xFEE0
	case r == 0x3000:
		return ' '
	}
	return r
}

// isCJK reports whether r is read as a character of a CJK run.
func isCJK(r rune) bool {
	if r < 0x1100 {
		return false
	}
	return unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) ||
		unicode.Is(unicode.Katakana, r) || unicode.Is(unicode.Hangul, r) ||
		r == 0x30FC // the katakana prolonged sound mark, script Common
}
