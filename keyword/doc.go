// Package keyword is the sparse (keyword) side of hybrid search: one
// tokenizer for every backend, a BM25 scorer over a set of documents, and
// Combine, the one fusion of a keyword and a semantic ranking that every
// backend uses.
//
// The tokenizer handles Chinese and English alike: a run of Han characters
// gives its character bigrams (a lone character gives itself), a run of
// letters or digits gives the lower-cased word, with English stop words
// and contraction endings left out. Full-width forms fold to their ASCII
// equivalents first. It needs no dictionary and is the same in the
// in-process index, in SQLite and in what a sparse vector in Qdrant holds.
package keyword
