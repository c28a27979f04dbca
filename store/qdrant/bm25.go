package qdrant

import (
	"hash/fnv"
	"math"
	"slices"

	"github.com/groupmem/groupmem/keyword"
)

// The keyword side of a search ranks as keyword.Index does in process, so
// that a group gets one ranking whichever index holds it: BM25 over the
// group's own documents, with IDF ln(1 + (N − df + 0.5) / (df + 0.5)) for N
// documents of the group, df of which hold the term, and the group's real
// average document length. Qdrant cannot compute that score itself: its IDF
// modifier counts every point of the collection (every group's), and a
// weight written into a point cannot follow its group's average length as
// the group grows. So Qdrant finds the documents and groupmem scores them
// (bm25Rank), from each document's term frequencies and length and the
// group's N and total length.

// BM25's parameters, as keyword.Index's, and the document length the term
// weights stored in the points assume (they rank only what Qdrant returns
// first when more documents share a query term than are scored).
const (
	bm25K1     = 1.2
	bm25B      = 0.75
	bm25AvgLen = 12
)

// term is a keyword term's index in the sparse vector space. Two terms
// whose hashes collide count as one.
func term(t string) uint32 {
	h := fnv.New32a()
	h.Write([]byte(t))
	return h.Sum32()
}

// sparseDoc is a text's sparse vector, each term with its saturated
// frequency at length bm25AvgLen, and the text's number of terms.
func sparseDoc(text string) (idx []uint32, val []float32, length int) {
	toks := keyword.Tokens(text)
	tf := map[uint32]float64{}
	for _, t := range toks {
		tf[term(t)]++
	}
	norm := bm25Norm(len(toks))
	idx = make([]uint32, 0, len(tf))
	for i := range tf {
		idx = append(idx, i)
	}
	slices.Sort(idx)
	val = make([]float32, len(idx))
	for k, i := range idx {
		val[k] = float32(tf[i] * (bm25K1 + 1) / (tf[i] + norm))
	}
	return idx, val, len(toks)
}

// bm25Norm is the denominator's constant of a stored weight for a
// document of length terms.
func bm25Norm(length int) float64 {
	return bm25K1 * (1 - bm25B + bm25B*float64(length)/bm25AvgLen)
}

// termFreq recovers the frequency of a term from its weight v in the sparse
// vector of a document of length terms (sparseDoc); 0 when v is not a
// weight sparseDoc writes.
func termFreq(v float32, length int) int32 {
	if !(v > 0 && v < bm25K1+1) {
		return 0
	}
	w := float64(v)
	return int32(math.Round(w * bm25Norm(length) / (bm25K1 + 1 - w)))
}

// sparseQuery is a query's sparse vector: each distinct term once.
func sparseQuery(text string) ([]uint32, []float32) {
	seen := map[uint32]bool{}
	var idx []uint32
	for _, t := range keyword.Tokens(text) {
		if i := term(t); !seen[i] {
			seen[i] = true
			idx = append(idx, i)
		}
	}
	slices.Sort(idx)
	val := make([]float32, len(idx))
	for k := range val {
		val[k] = 1
	}
	return idx, val
}

// bm25Doc is a document found for a query: its id, its number of terms,
// and its sparse vector as sparseDoc wrote it.
type bm25Doc struct {
	id     string
	length int
	idx    []uint32
	val    []float32
}

// freq is the frequency of the term of index h in d.
func (d bm25Doc) freq(h uint32) int32 {
	for k, i := range d.idx {
		if i == h && k < len(d.val) {
			return termFreq(d.val[k], d.length)
		}
	}
	return 0
}

// bm25Rank scores docs for query as keyword.Index.Search scores the
// documents of an index that holds n documents of total terms in all, docs
// among them every one that shares a term with query: the same
// arithmetic, term by term in the query's order, so the same scores to the
// last bit. It returns up to limit of them that keep accepts (nil: all),
// best first, ties by id.
func bm25Rank(query string, docs []bm25Doc, n int, total int64, limit int, keep func(i int) bool) []keyword.Scored {
	if n <= 0 || limit <= 0 {
		return nil
	}
	N := float64(n)
	avg := float64(total) / N
	scores := make([]float64, len(docs))
	tfs := make([]int32, len(docs))
	seen := map[string]bool{}
	for _, t := range keyword.Tokens(query) {
		if seen[t] {
			continue // a repeated query term counts once
		}
		seen[t] = true
		h, df := term(t), 0
		for i, d := range docs {
			if tfs[i] = d.freq(h); tfs[i] > 0 {
				df++
			}
		}
		if df == 0 {
			continue
		}
		idf := math.Log(1 + (N-float64(df)+0.5)/(float64(df)+0.5))
		for i, d := range docs {
			if tfs[i] > 0 {
				f := float64(tfs[i])
				scores[i] += idf * f * (bm25K1 + 1) / (f + bm25K1*(1-bm25B+bm25B*float64(d.length)/avg))
			}
		}
	}
	top := keyword.NewTop(limit)
	for i, d := range docs {
		if scores[i] > 0 && top.Admits(scores[i]) && (keep == nil || keep(i)) {
			top.Push(d.id, scores[i])
		}
	}
	return top.Sorted()
}
