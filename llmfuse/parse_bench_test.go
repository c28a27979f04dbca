package llmfuse

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// bigAnswer is about 1 MB of 2,000 lines: valid actions with long
// statements, prose, and broken lines.
func bigAnswer() string {
	var b strings.Builder
	filler := strings.Repeat("成员们常在周末讨论新番和科幻片，", 14)
	for i := range 2000 {
		switch i % 10 {
		case 7:
			fmt.Fprintf(&b, "说明第%d行：%s\n", i, filler)
		case 9:
			fmt.Fprintf(&b, `{"action":"create","statement":"%s第%d条`+"\n", filler, i)
		default:
			fmt.Fprintf(&b, `{"action":"create","statement":"%s第%d条","change_reason":"多人提到","evidence":["m%d"]}`+"\n", filler, i, i%200+1)
		}
	}
	return b.String()
}

// pathological answers that once took seconds.
func unterminatedLine() string {
	return `{"action":"create","statement":"` + strings.Repeat(`a", "b`, 16<<10/6) + "\n"
}

func repairHeavyObject() string {
	return `{action: create, statement: '` + strings.Repeat(`x, 'y': [z, `, 8<<10/12-8) + `'}`
}

// singleQuotes8KB is a closed object of single quotes that jsonrepair
// alone takes about 24 s to read.
func singleQuotes8KB() string { return `{'a':` + strings.Repeat(`'x `, 2700) + `}` }

func manyCloseTags() string { return strings.Repeat("</think>", 144<<10/8) }

func benchParse(b *testing.B, answer string) {
	b.SetBytes(int64(len(answer)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(context.Background(), answer, "stop", Config{MaxAnswerBytes: 4 << 20}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParse1MB parses a 1 MB answer of 2,000 lines.
func BenchmarkParse1MB(b *testing.B) { benchParse(b, bigAnswer()) }

// BenchmarkParseUnterminated16KB parses one 16 KB line with an
// unterminated quote (target: 50 ms).
func BenchmarkParseUnterminated16KB(b *testing.B) { benchParse(b, unterminatedLine()) }

// BenchmarkParseRepair8KB parses one closed 8 KB object that only a
// repair can read, the largest one a repair is given.
func BenchmarkParseRepair8KB(b *testing.B) { benchParse(b, repairHeavyObject()) }

// BenchmarkParseSingleQuotes8KB parses singleQuotes8KB.
func BenchmarkParseSingleQuotes8KB(b *testing.B) { benchParse(b, singleQuotes8KB()) }

// BenchmarkParseCloseTags144KB parses 144 KB of </think>.
func BenchmarkParseCloseTags144KB(b *testing.B) { benchParse(b, manyCloseTags()) }

// BenchmarkParseCancel measures the time from cancelling the context to
// Parse returning, on an 8 MB answer of actions and on 8 MB of unclosed
// reasoning tags, which a pass of its own reads first (target: 10 ms).
func BenchmarkParseCancel(b *testing.B) {
	b.Run("actions", func(b *testing.B) { benchCancel(b, strings.Repeat(bigAnswer(), 8)) })
	b.Run("tags", func(b *testing.B) { benchCancel(b, strings.Repeat("<think", 8<<20/6)) })
}

func benchCancel(b *testing.B, answer string) {
	var worst time.Duration
	for b.Loop() {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan time.Time)
		go func() {
			_, err := Parse(ctx, answer, "stop", Config{MaxAnswerBytes: 16 << 20})
			if err == nil {
				b.Error("Parse finished before the cancel")
			}
			done <- time.Now()
		}()
		time.Sleep(2 * time.Millisecond)
		at := time.Now()
		cancel()
		worst = max(worst, (<-done).Sub(at))
	}
	b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms-to-return")
}
