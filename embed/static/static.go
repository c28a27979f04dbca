// Package static is the embedded default's embedder: a table of Chinese
// and English words with 100-dimensional vectors in one shared space, read
// from the binary itself. English words carry GloVe vectors; Chinese words
// carry the vectors of their English glosses in CC-CEDICT (and the
// project's own supplement), so "周会是星期几" and "the weekly meeting is on
// Friday" land near each other. It needs no service, no download and no
// cgo, and embeds a sentence in microseconds.
//
// A text's vector is the SIF-weighted mean of its words' vectors,
// L2-normalised: Han runs are segmented by dynamic programming over the
// table's Chinese words (most probable segmentation), letter runs are
// looked up as lower-cased English words. A text with no known word gets
// the zero vector, which matches nothing.
//
// The table is built by internal/tools/embtable; its Chinese half is an
// adaptation of CC-CEDICT, licensed CC BY-SA 4.0 (see NOTICE).
package static

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"sync"
	"unicode"

	"golang.org/x/text/width"

	"github.com/groupmem/groupmem"
)

//go:embed table.bin
var table []byte

// Name identifies the embedder and its table: an index built with another
// name holds vectors of another space.
const Name = "static-glove-cedict-1"

// TableSHA256 is the SHA-256 of the embedded table, checked by a test.
const TableSHA256 = "9ead2dabecbc0bd671467446e0c097e8256d45637694b1642b9f77a19c6dac65"

// sifA is the smoothing of SIF weights: a word of probability p weighs
// sifA / (sifA + p), so frequent words count less.
const sifA = 1e-3

// unknownHan is the log probability given to a Han character the table
// lacks, so that segmentation prefers known words; it adds no vector.
const unknownHan = -25

// maxHanWord is the longest Chinese word of the table, in runes.
const maxHanWord = 8

// Embedder embeds texts with the embedded table. It is safe for concurrent
// use.
type Embedder struct {
	dim   int
	index map[string]int32
	names []string  // per word
	sif   []float32 // per word
	logps []float32
	scale []float32
	rows  []int8 // dim per word
}

var (
	loadOnce sync.Once
	loaded   *Embedder
	loadErr  error
)

// Load parses the embedded table once and returns the embedder.
func Load() (*Embedder, error) {
	loadOnce.Do(func() { loaded, loadErr = parse(table) })
	return loaded, loadErr
}

func parse(b []byte) (*Embedder, error) {
	r := bytes.NewReader(b)
	magic := make([]byte, 4)
	if _, err := r.Read(magic); err != nil || string(magic) != "GMST" {
		return nil, errors.New("static: the embedded table is not a word table")
	}
	dim, err1 := binary.ReadUvarint(r)
	n, err2 := binary.ReadUvarint(r)
	if err := errors.Join(err1, err2); err != nil || dim == 0 || dim > 4096 || n > 1<<24 {
		return nil, fmt.Errorf("static: bad table header: %v", err)
	}
	e := &Embedder{dim: int(dim), index: make(map[string]int32, n), names: make([]string, n), sif: make([]float32, n), logps: make([]float32, n), scale: make([]float32, n),
		rows: make([]int8, int(n)*int(dim))}
	var f [8]byte
	for i := range int(n) {
		l, err := binary.ReadUvarint(r)
		if err != nil || l > 256 {
			return nil, fmt.Errorf("static: bad entry %d", i)
		}
		word := make([]byte, l)
		if _, err := r.Read(word); err != nil {
			return nil, fmt.Errorf("static: entry %d: %w", i, err)
		}
		if _, err := r.Read(f[:]); err != nil {
			return nil, fmt.Errorf("static: entry %d: %w", i, err)
		}
		logp := math.Float32frombits(binary.LittleEndian.Uint32(f[:4]))
		e.scale[i] = math.Float32frombits(binary.LittleEndian.Uint32(f[4:]))
		e.sif[i], e.logps[i] = float32(sifA/(sifA+math.Exp(float64(logp)))), logp
		e.index[string(word)], e.names[i] = int32(i), string(word)
		row := e.rows[i*int(dim) : (i+1)*int(dim)]
		for j := range row {
			c, err := r.ReadByte()
			if err != nil {
				return nil, fmt.Errorf("static: entry %d: %w", i, err)
			}
			row[j] = int8(c)
		}
	}
	return e, nil
}

// Dimension is the size of the vectors.
func (e *Embedder) Dimension() int { return e.dim }

// Words is the number of words in the table.
func (e *Embedder) Words() int { return len(e.sif) }

// Embed implements groupmem.Embedder.
func (e *Embedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		if i%64 == 0 && ctx.Err() != nil {
			return nil, groupmem.WrapError(groupmem.EUNAVAILABLE, "embedding cancelled", ctx.Err())
		}
		out[i] = e.Vector(t)
	}
	return out, nil
}

// Vector returns the unit vector of text, or the zero vector when text
// has no word the table knows.
func (e *Embedder) Vector(text string) []float32 {
	acc := make([]float32, e.dim)
	any := false
	e.words(text, func(i int32) {
		e.add(acc, i)
		any = true
	})
	if !any {
		return acc
	}
	unitize(acc)
	return acc
}

// Terms returns the table's words that text is made of, in order: Han
// runs segmented as Vector segments them, Latin words lower-cased. Words
// the table lacks are left out.
func (e *Embedder) Terms(text string) []string {
	var out []string
	e.words(text, func(i int32) { out = append(out, e.names[i]) })
	return out
}

// WordVector returns the unit vector of one word of the table (as Terms
// gives them), or nil when the table lacks it. A Chinese word and its
// English gloss lie close together.
func (e *Embedder) WordVector(w string) []float32 {
	i, ok := e.index[w]
	if !ok {
		return nil
	}
	v := make([]float32, e.dim)
	for j, q := range e.rows[int(i)*e.dim : (int(i)+1)*e.dim] {
		v[j] = float32(q)
	}
	if !unitize(v) {
		return nil
	}
	return v
}

// Frequency returns how often a word of the table (as Terms gives them)
// occurs in ordinary text, as a probability; 0 when the table lacks it.
// Rare words carry a topic, frequent ones little.
func (e *Embedder) Frequency(w string) float64 {
	i, ok := e.index[w]
	if !ok {
		return 0
	}
	return math.Exp(float64(e.logps[i]))
}

// unitize scales v to length 1 and reports whether it could.
func unitize(v []float32) bool {
	var n float64
	for _, x := range v {
		n += float64(x) * float64(x)
	}
	if n == 0 {
		return false
	}
	s := float32(1 / math.Sqrt(n))
	for j := range v {
		v[j] *= s
	}
	return true
}

// words calls fn with each table word of text, in order.
func (e *Embedder) words(text string, fn func(i int32)) {
	var han []rune
	var word []rune
	flushWord := func() {
		if len(word) > 0 {
			if i, ok := e.index[string(word)]; ok {
				fn(i)
			}
			word = word[:0]
		}
	}
	flushHan := func() {
		if len(han) > 0 {
			seg := e.segment(han)
			for k := len(seg) - 1; k >= 0; k-- { // segment returns them last first
				fn(seg[k])
			}
			han = han[:0]
		}
	}
	for _, r := range width.Fold.String(text) {
		switch {
		case unicode.Is(unicode.Han, r):
			flushWord()
			han = append(han, r)
		case r < 0x80 && unicode.IsLetter(r):
			flushHan()
			word = append(word, unicode.ToLower(r))
		default:
			flushHan()
			flushWord()
		}
	}
	flushHan()
	flushWord()
}

// add adds word i's SIF-weighted vector to acc.
func (e *Embedder) add(acc []float32, i int32) {
	w := e.sif[i] * e.scale[i]
	row := e.rows[int(i)*e.dim : (int(i)+1)*e.dim]
	for j, q := range row {
		acc[j] += w * float32(q)
	}
}

// segment splits a Han run into the table's words with the largest sum of
// log probabilities, by dynamic programming, and returns the words it
// knows. An unknown character stands alone and is left out.
func (e *Embedder) segment(run []rune) []int32 {
	n := len(run)
	best := make([]float64, n+1)
	from := make([]int, n+1)
	word := make([]int32, n+1)
	for i := 1; i <= n; i++ {
		best[i], from[i], word[i] = math.Inf(-1), i-1, -1
		for j := max(0, i-maxHanWord); j < i; j++ {
			score := math.Inf(-1)
			id := int32(-1)
			if k, ok := e.index[string(run[j:i])]; ok {
				score, id = float64(e.logps[k]), k
			} else if i-j == 1 {
				score = unknownHan
			}
			if s := best[j] + score; s > best[i] {
				best[i], from[i], word[i] = s, j, id
			}
		}
	}
	var out []int32
	for i := n; i > 0; i = from[i] {
		if word[i] >= 0 {
			out = append(out, word[i])
		}
	}
	return out
}
