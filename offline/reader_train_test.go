package offline_test

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/groupmem/groupmem/internal/longchat"
	"github.com/groupmem/groupmem/offline"
)

// readerRow is one sentence the reader weighed on a train chat, with
// whether it states a planted fact's value (label) in its statement.
type readerRow struct {
	chat  string
	lang  string
	x     []float64
	label bool
	text  string
}

// TestTrainReader fits the reader's weights (offline/reader.go) on the
// train split of the long-chat evaluation set, and only on it: it replays
// every train chat, collects each sentence the reader weighs with the
// statement it would make, labels it by whether that statement states the
// value planted in its message, and fits a logistic regression per
// language. It prints, chat by chat left out, the held-out precision and
// recall at each threshold, and picks the lowest threshold whose held-out
// precision reaches readerMinPrecision; a language where none does gets no
// reader. GROUPMEM_READER_SHOW=p prints the sentences held out at p or above
// (at the threshold for any other value). GROUPMEM_READER_WRITE=1 writes the weights fitted on every train
// chat to reader.json. It takes a minute:
// GROUPMEM_READER_TRAIN=1.
func TestTrainReader(t *testing.T) {
	if os.Getenv("GROUPMEM_READER_TRAIN") == "" {
		t.Skip("set GROUPMEM_READER_TRAIN=1 to fit the reader")
	}
	var rows []readerRow
	var mu sync.Mutex
	fates := map[string]int{} // what became of the sentences that state a planted value
	for _, g := range append(longchat.Generate(1).Groups, longchat.Pairs(1)...) {
		if g.Split != "train" {
			continue
		}
		values := map[string]string{}
		for _, f := range g.Facts {
			values[f.ID] = f.Value
		}
		stop := offline.ObserveReader(func(l offline.ReadLine) {
			v, planted := values[l.MsgID]
			if planted && v != "" && strings.Contains(strings.ToLower(l.Sentence), strings.ToLower(v)) {
				why := l.Dropped
				switch {
				case why != "":
				case l.Statement == "":
					why = "not clean"
				default:
					why = "weighed"
				}
				mu.Lock()
				fates[l.Lang+" "+why]++
				mu.Unlock()
			}
			if l.Statement == "" {
				return
			}
			label := v != "" && strings.Contains(strings.ToLower(l.Statement), strings.ToLower(v))
			if planted && !label {
				return // a planted line, but another sentence of it, or a value it does not keep
			}
			mu.Lock()
			rows = append(rows, readerRow{chat: g.ID, lang: l.Lang, x: slices.Clone(l.X), label: label, text: l.Statement})
			mu.Unlock()
		})
		replayLong(t, g)
		stop()
	}
	fmt.Println("planted sentences the reader saw, by what became of them:", fates)
	out := map[string]readerOut{}
	for _, lang := range []string{"en", "zh"} {
		var rs []readerRow
		chats := map[string]bool{}
		for _, r := range rows {
			if r.lang == lang {
				rs = append(rs, r)
				chats[r.chat] = true
			}
		}
		pos := 0
		for _, r := range rs {
			if r.label {
				pos++
			}
		}
		fmt.Printf("\n== %s: %d sentences weighed, %d state a planted value, %d chats\n", lang, len(rs), pos, len(chats))
		floor := readerMinPrecision[lang]
		// The reader with its cues alone, and with the sentence's meaning
		// too: the one that keeps more held out at the floor is written.
		var best *heldOut
		for _, meaning := range []bool{false, true} {
			for _, l2 := range readerL2 {
				h := holdOut(rs, meaning, floor, l2)
				fmt.Printf("  meaning %v, l2 %g: threshold %.2f, held-out recall %.1f%%\n", meaning, l2, h.threshold, 100*h.recall)
				if best == nil || h.recall > best.recall {
					best = &h
				}
			}
		}
		part := rs
		if !best.meaning {
			part = cues(rs)
		}
		w := fitLogistic(part, best.l2)
		weights := map[string]float64{}
		for i, name := range offline.ReaderFeatures {
			weights[name] = math.Round(w[i]*1000) / 1000
			fmt.Printf("  %-10s %7.3f\n", name, w[i])
		}
		var meaning []float64
		for _, v := range w[len(offline.ReaderFeatures):] {
			meaning = append(meaning, math.Round(v*1000)/1000)
		}
		fmt.Printf("  meaning %v, l2 %g, threshold %.2f\n", best.meaning, best.l2, best.threshold)
		if show := os.Getenv("GROUPMEM_READER_SHOW"); show != "" {
			from := best.threshold
			if v, err := strconv.ParseFloat(show, 64); err == nil {
				from = v
			}
			for i, r := range rs {
				if best.p[i] >= from {
					fmt.Printf("  took %-5v %.2f %s\n", r.label, best.p[i], r.text)
				}
			}
		}
		if best.threshold < 1 {
			out[lang] = readerOut{Weights: weights, Meaning: meaning, Threshold: best.threshold}
		} else {
			fmt.Printf("  no threshold reaches %.0f%% precision held out: %s gets no reader\n", 100*floor, lang)
		}
	}
	if os.Getenv("GROUPMEM_READER_WRITE") != "" {
		data, err := json.MarshalIndent(out, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile("reader.json", append(data, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// readerMinPrecision is, by language, the share of the sentences the
// reader takes that must state a planted value, held out: the rest become
// memories of small talk.
//   - Chinese group chats are mostly small talk (replies, greetings,
//     mishaps of the day), and a reader that errs fills the memory with
//     it: at 0.75 the Chinese reader took 108 held-out sentences of which
//     33 were small talk; at 0.9 it takes 69 with 3.
//   - English chats, of friends above all, tell their lives in anecdotes
//     (a pet on the pillow, a job told by its worst part) that no pattern
//     reads; no English reader reaches 0.9 held out, and one that errs
//     keeps an anecdote of its sender's (a neighbour's rooster, a jigsaw
//     on the table) rather than a reply or a greeting. At 0.65 it keeps
//     about two facts for each such anecdote.
var readerMinPrecision = map[string]float64{"zh": 0.9, "en": 0.65}

// readerOut is one language's entry of reader.json.
type readerOut struct {
	Weights   map[string]float64 `json:"weights"`
	Meaning   []float64          `json:"meaning,omitempty"`
	Threshold float64            `json:"threshold"`
}

// heldOut is a reader's figures held out chat by chat: each sentence's
// probability from the weights fitted on the other chats, the lowest
// threshold at which precision reaches the floor (1 when none does) and
// the recall there.
type heldOut struct {
	meaning   bool
	l2        float64
	p         []float64
	threshold float64
	recall    float64
}

// holdOut fits the reader on all chats of rs but one, for each, and
// weighs that one's sentences; with meaning the sentence's meaning is
// weighed too; l2 is the fit's regularisation. The chats are fitted two
// at a time.
func holdOut(rs []readerRow, meaning bool, floor, l2 float64) heldOut {
	if !meaning {
		rs = cues(rs)
	}
	h := heldOut{meaning: meaning, l2: l2, p: make([]float64, len(rs)), threshold: 1}
	chats := map[string]bool{}
	pos := 0
	for _, r := range rs {
		chats[r.chat] = true
		if r.label {
			pos++
		}
	}
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for c := range chats {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			var train []readerRow
			for _, r := range rs {
				if r.chat != c {
					train = append(train, r)
				}
			}
			w := fitLogistic(train, l2)
			for i, r := range rs {
				if r.chat == c {
					h.p[i] = predict(w, r.x)
				}
			}
		})
	}
	wg.Wait()
	for _, th := range []float64{0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.93, 0.95, 0.97} {
		tp, fp := 0, 0
		for i, r := range rs {
			if h.p[i] >= th {
				if r.label {
					tp++
				} else {
					fp++
				}
			}
		}
		prec := float64(tp) / math.Max(1, float64(tp+fp))
		recall := float64(tp) / math.Max(1, float64(pos))
		fmt.Printf("  threshold %.2f: taken %4d, precision %5.1f%%, recall %5.1f%%\n", th, tp+fp, 100*prec, 100*recall)
		if prec >= floor && th < h.threshold {
			h.threshold, h.recall = th, recall
		}
	}
	return h
}

// cues is rs with each sentence's cues alone, without its meaning.
func cues(rs []readerRow) []readerRow {
	out := make([]readerRow, len(rs))
	for i, r := range rs {
		out[i] = r
		out[i].x = r.x[:len(offline.ReaderFeatures)]
	}
	return out
}

// readerL2 are the strengths of regularisation the training tries: the
// one that keeps the most held out at the floor is written.
var readerL2 = []float64{1e-4, 1e-3}

// fitLogistic fits a logistic regression to rs by gradient descent, with
// L2 regularisation of strength l2 (the bias is free), positives and
// negatives weighed alike.
func fitLogistic(rs []readerRow, l2 float64) []float64 {
	n := len(rs[0].x)
	w := make([]float64, n)
	pos := 0
	for _, r := range rs {
		if r.label {
			pos++
		}
	}
	if pos == 0 || pos == len(rs) {
		return w
	}
	wPos, wNeg := 0.5/float64(pos), 0.5/float64(len(rs)-pos)
	grad := make([]float64, n)
	for range 3000 {
		clear(grad)
		for _, r := range rs {
			p := predict(w, r.x)
			y, k := 0.0, wNeg
			if r.label {
				y, k = 1, wPos
			}
			for i, v := range r.x {
				grad[i] += k * (p - y) * v
			}
		}
		for i := range w {
			reg := l2 * w[i]
			if i == 0 {
				reg = 0
			}
			w[i] -= 2 * (grad[i] + reg)
		}
	}
	return w
}

func predict(w, x []float64) float64 {
	z := 0.0
	for i, v := range x {
		z += w[i] * v
	}
	return 1 / (1 + math.Exp(-z))
}
