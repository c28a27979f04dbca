package storetest

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/archive"
)

// TransferFile returns the archive of a group of about rows rows, as
// export writes it: per lineage two versions (a 100-dimensional vector
// each), two change-log rows and two messages, and a run per 50
// lineages. Every call makes new ids.
func TransferFile(tb testing.TB, rows int) []byte {
	tb.Helper()
	lineages := max(rows/6, 1)
	var out bytes.Buffer
	w, err := archive.NewWriter(&out, archive.Header{Groupmem: "bench", Embedder: "bench-100", GroupID: "big", ExportedAt: archive.At(t0), Messages: true})
	if err != nil {
		tb.Fatal(err)
	}
	var runs []groupmem.Run
	for i := 0; i < lineages; i += 50 {
		runs = append(runs, groupmem.Run{ID: groupmem.NewID(), GroupID: "big", Trigger: groupmem.TriggerCron, Status: groupmem.RunSucceeded,
			Fence: int64(len(runs) + 1), StartedAt: t0, FinishedAt: t0.Add(time.Second), Stats: groupmem.Stats{Created: 50}})
	}
	sortRuns(runs)
	put := func(b groupmem.GroupRows) {
		if err := w.Write(b); err != nil {
			tb.Fatal(err)
		}
	}
	put(groupmem.GroupRows{Runs: runs})
	msgs := make([]groupmem.StoredMessage, 0, 1000)
	for i := range 2 * lineages {
		msgs = append(msgs, groupmem.StoredMessage{Message: groupmem.Message{GroupID: "big", ID: fmt.Sprintf("m%07d", i), Seq: int64(i + 1),
			SenderID: fmt.Sprintf("u%03d", i%300), SenderName: "Member", Content: "we meet every Friday night to watch anime", SentAt: t0.Add(time.Duration(i) * time.Second)}})
		if len(msgs) == cap(msgs) {
			put(groupmem.GroupRows{Messages: msgs})
			msgs = msgs[:0]
		}
	}
	put(groupmem.GroupRows{Messages: msgs})
	vec := make([]float32, 100)
	for i := range vec {
		vec[i] = float32(i) / 100
	}
	ids := make([]string, lineages)
	for i := range ids {
		ids[i] = groupmem.NewID()
	}
	slices.Sort(ids) // lineages in id order, as a file holds them
	mems := make([]groupmem.Memory, 0, 1000)
	var changes []groupmem.Change
	for i, id := range ids {
		run := runs[i/50].ID
		v1 := groupmem.Memory{ID: id, LineageID: id, GroupID: "big", Statement: fmt.Sprintf("members meet every Friday night, habit %d", i),
			Version: 1, Status: groupmem.StatusSuperseded, Tags: []string{"habit"}, Strength: 0.5, Evidence: []string{fmt.Sprintf("m%07d", 2*i)},
			RunID: run, CreatedAt: t0, UpdatedAt: t0, Embedding: vec}
		v2 := v1
		v2.ID, v2.ParentID, v2.Version, v2.Status, v2.Statement = groupmem.NewID(), id, 2, groupmem.StatusActive, v1.Statement+" (confirmed)"
		mems = append(mems, v1, v2)
		changes = append(changes,
			groupmem.Change{Action: groupmem.ActionCreate, MemoryID: id, NewMemoryID: id, NewStatement: v1.Statement, Version: 1, RunID: run, CreatedAt: t0},
			groupmem.Change{Action: groupmem.ActionUpdate, MemoryID: id, NewMemoryID: v2.ID, OldStatement: v1.Statement, NewStatement: v2.Statement, Version: 2, RunID: run, CreatedAt: t0})
		if len(mems) == cap(mems) {
			put(groupmem.GroupRows{Memories: mems})
			mems = mems[:0]
		}
	}
	put(groupmem.GroupRows{Memories: mems})
	put(groupmem.GroupRows{Changes: changes})
	put(groupmem.GroupRows{State: &groupmem.GroupState{Watermark: int64(2 * lineages), Fence: int64(len(runs)), NextSeq: int64(2*lineages + 1)}})
	return out.Bytes()
}

// sortRuns puts runs in id order, as a file holds them.
func sortRuns(runs []groupmem.Run) {
	slices.SortFunc(runs, func(a, b groupmem.Run) int { return strings.Compare(a.ID, b.ID) })
}

// BenchTransfer measures importing (reading and checking the file, then
// the ledger's import, in one transaction) and exporting (the ledger's
// snapshot, a page at a time, then writing the file) a group of about
// rows rows (see TransferFile); each import goes into a new ledger.
// Metrics: rows/s, the bytes allocated per row, and the peak of the heap
// in use during the operation, sampled every 5 ms (what shows that memory
// stays flat whatever the group's size).
func BenchTransfer(b *testing.B, open func(tb testing.TB) TransferLedger, rows int) {
	ctx := context.Background()
	b.Run(fmt.Sprintf("import/rows=%d", rows), func(b *testing.B) {
		var peak heapPeak
		n := 0
		for range b.N {
			b.StopTimer()
			// The file is read from disk, as the command reads it, so
			// the heap holds only what the import does.
			path := filepath.Join(b.TempDir(), "big.jsonl")
			if err := os.WriteFile(path, TransferFile(b, rows), 0o600); err != nil {
				b.Fatal(err)
			}
			file, err := os.Open(path)
			if err != nil {
				b.Fatal(err)
			}
			l := open(b)
			runtime.GC()
			peak.start()
			b.StartTimer()
			r, err := archive.NewReader(file, "big", time.Now())
			if err != nil {
				b.Fatal(err)
			}
			counts, err := l.ImportGroup(ctx, "big", r.Next)
			if err != nil {
				b.Fatal(err)
			}
			b.StopTimer()
			peak.stop()
			file.Close()
			n = counts.Runs + counts.Messages + counts.Memories + counts.Changes
		}
		report(b, n, &peak)
	})
	b.Run(fmt.Sprintf("export/rows=%d", rows), func(b *testing.B) {
		l := open(b)
		r, err := archive.NewReader(bytes.NewReader(TransferFile(b, rows)), "big", time.Now())
		if err != nil {
			b.Fatal(err)
		}
		if _, err := l.ImportGroup(ctx, "big", r.Next); err != nil {
			b.Fatal(err)
		}
		var peak heapPeak
		n := 0
		runtime.GC()
		b.ResetTimer()
		for range b.N {
			peak.start()
			w, err := archive.NewWriter(io.Discard, archive.Header{GroupID: "big", Messages: true})
			if err != nil {
				b.Fatal(err)
			}
			if err := l.ExportGroup(ctx, groupmem.ExportQuery{GroupID: "big", Messages: true}, w.Write); err != nil {
				b.Fatal(err)
			}
			c := w.Counts()
			n = c.Runs + c.Messages + c.Memories + c.Changes
			peak.stop()
		}
		report(b, n, &peak)
	})
}

func report(b *testing.B, rows int, peak *heapPeak) {
	b.ReportMetric(float64(rows)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
	b.ReportMetric(float64(peak.max)/(1<<20), "peak-heap-MiB")
	b.ReportMetric(0, "ns/op")
}

// heapPeak samples the heap in use while an operation runs.
type heapPeak struct {
	max  uint64
	done chan struct{}
	wg   sync.WaitGroup
}

func (p *heapPeak) start() {
	p.done = make(chan struct{})
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		var m runtime.MemStats
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		for {
			runtime.ReadMemStats(&m)
			p.max = max(p.max, m.HeapInuse)
			select {
			case <-p.done:
				return
			case <-t.C:
			}
		}
	}()
}

func (p *heapPeak) stop() {
	close(p.done)
	p.wg.Wait()
}
