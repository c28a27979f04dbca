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
	for _, g := range longchat.Generate(1).Groups {
		if g.Split != "train" {
			continue
		}
		values := map[string]string{}
		for _, f := range g.Facts {
			values[f.ID] = f.Value
		}
		stop := offline.ObserveReader(func(l offline.ReadLine) {
			if l.Statement == "" {
				return
			}
			v, planted := values[l.MsgID]
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
	out := map[string]any{}
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
		// Held out chat by chat.
		held := make([]float64, len(rs))
		for c := range chats {
			var train []readerRow
			for _, r := range rs {
				if r.chat != c {
					train = append(train, r)
				}
			}
			w := fitLogistic(train)
			for i, r := range rs {
				if r.chat == c {
					held[i] = predict(w, r.x)
				}
			}
		}
		threshold := 1.0
		for _, th := range []float64{0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.93, 0.95, 0.97} {
			tp, fp := 0, 0
			for i, r := range rs {
				if held[i] >= th {
					if r.label {
						tp++
					} else {
						fp++
					}
				}
			}
			prec := float64(tp) / math.Max(1, float64(tp+fp))
			fmt.Printf("  threshold %.2f: taken %4d, precision %5.1f%%, recall %5.1f%%\n", th, tp+fp, 100*prec, 100*float64(tp)/math.Max(1, float64(pos)))
			if prec >= readerMinPrecision && th < threshold {
				threshold = th
			}
		}
		w := fitLogistic(rs)
		weights := map[string]float64{}
		for i, name := range offline.ReaderFeatures {
			weights[name] = math.Round(w[i]*1000) / 1000
			fmt.Printf("  %-10s %7.3f\n", name, w[i])
		}
		fmt.Printf("  threshold %.2f\n", threshold)
		if show := os.Getenv("GROUPMEM_READER_SHOW"); show != "" {
			from := threshold
			if v, err := strconv.ParseFloat(show, 64); err == nil {
				from = v
			}
			for i, r := range rs {
				if held[i] >= from {
					fmt.Printf("  took %-5v %.2f %s\n", r.label, held[i], r.text)
				}
			}
		}
		if threshold < 1 {
			out[lang] = map[string]any{"weights": weights, "threshold": threshold}
		} else {
			fmt.Printf("  no threshold reaches %.0f%% precision held out: %s gets no reader\n", 100*readerMinPrecision, lang)
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

// readerMinPrecision is the share of the sentences the reader takes that
// must state a planted value, held out: the rest become memories of small
// talk. At 0.75 the Chinese reader took 108 held-out sentences of which 33
// were small talk; at 0.9 it takes 69 with 3, and keeps 66 of the 75
// values.
const readerMinPrecision = 0.9

// fitLogistic fits a logistic regression to rs by gradient descent, with
// a little L2 regularisation, positives and negatives weighed alike.
func fitLogistic(rs []readerRow) []float64 {
	n := len(offline.ReaderFeatures)
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
			reg := 1e-3 * w[i]
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
