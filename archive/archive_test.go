package archive_test

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/archive"
)

var t0 = time.Date(2026, 11, 1, 9, 0, 0, 123456789, time.UTC)

// sample returns the rows of a small group: a run, two messages (one
// redacted), a lineage of two versions and one of one, two changes.
func sample() []groupmem.GroupRows {
	run := groupmem.Run{ID: "00000000-0000-4000-8000-000000000001", GroupID: "g", Trigger: "cron", Status: groupmem.RunSucceeded,
		Fence: 1, NewWatermark: 2, Messages: 2, StartedAt: t0, FinishedAt: t0.Add(time.Second),
		Report: groupmem.Report{Drops: map[string]int{"prose": 1}, Dropped: []groupmem.Drop{{Line: 3, Reason: "prose", Text: "hi"}}}}
	v1 := groupmem.Memory{ID: "00000000-0000-4000-8000-0000000000a1", LineageID: "00000000-0000-4000-8000-0000000000a1", GroupID: "g",
		Statement: "meets on Fridays", Version: 1, Status: groupmem.StatusSuperseded, Tags: []string{"habit"}, Strength: 0.5,
		Evidence: []string{"m1"}, RunID: run.ID, CreatedAt: t0, UpdatedAt: t0, Embedding: []float32{1, 0.5, -2, 0}}
	v2 := v1
	v2.ID, v2.ParentID, v2.Version, v2.Status, v2.Statement, v2.Subjects = "00000000-0000-4000-8000-0000000000a2", v1.ID, 2,
		groupmem.StatusActive, "meets on Friday nights", []string{"u1"}
	w1 := groupmem.Memory{ID: "00000000-0000-4000-8000-0000000000b1", LineageID: "00000000-0000-4000-8000-0000000000b1", GroupID: "g",
		Statement: "most are front-end developers", Version: 1, Status: groupmem.StatusDeprecated, Strength: 1, CreatedAt: t0, UpdatedAt: t0}
	return []groupmem.GroupRows{
		{Runs: []groupmem.Run{run}},
		{Messages: []groupmem.StoredMessage{
			{Message: groupmem.Message{GroupID: "g", ID: "m1", Seq: 1, SenderID: "u1", SenderName: "Ann", Content: "Friday!", SentAt: t0}},
			{Message: groupmem.Message{GroupID: "g", ID: "m2", Seq: 2, SenderID: "u2", SentAt: t0}, RedactedAt: t0},
		}},
		{Memories: []groupmem.Memory{v1, v2, w1}},
		{Changes: []groupmem.Change{
			{Action: groupmem.ActionCreate, MemoryID: v1.ID, NewMemoryID: v1.ID, NewStatement: v1.Statement, Version: 1, RunID: run.ID, CreatedAt: t0},
			{Action: groupmem.ActionUpdate, MemoryID: v1.ID, NewMemoryID: v2.ID, OldStatement: v1.Statement, NewStatement: v2.Statement, Version: 2, RunID: run.ID, CreatedAt: t0},
		}},
		{State: &groupmem.GroupState{Watermark: 2, Fence: 1, NextSeq: 3}},
	}
}

// write returns the file of rows.
func write(t testing.TB, rows []groupmem.GroupRows) string {
	t.Helper()
	var b bytes.Buffer
	w, err := archive.NewWriter(&b, archive.Header{Groupmem: "test", Embedder: "e", GroupID: "g", ExportedAt: archive.At(t0), Messages: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	return b.String()
}

// readAll reads every batch of file into group g.
func readAll(file, g string) ([]groupmem.GroupRows, error) {
	r, err := archive.NewReader(strings.NewReader(file), g, t0)
	if err != nil {
		return nil, err
	}
	var out []groupmem.GroupRows
	for {
		b, err := r.Next()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, b)
	}
}

func TestRoundTrip(t *testing.T) {
	file := write(t, sample())
	got, err := readAll(file, "h")
	if err != nil {
		t.Fatal(err)
	}
	var rows []groupmem.GroupRows
	for _, b := range got {
		b.Lines = nil
		rows = append(rows, b)
	}
	// Read back in group h, times to the microsecond, the redacted
	// message without text.
	want := sample()
	us := func(tm time.Time) time.Time { return tm.Truncate(time.Microsecond) }
	want[0].Runs[0].GroupID, want[0].Runs[0].StartedAt, want[0].Runs[0].FinishedAt = "h", us(t0), us(t0.Add(time.Second))
	for i := range want[1].Messages {
		m := &want[1].Messages[i]
		m.GroupID, m.SentAt = "h", us(m.SentAt)
		if !m.RedactedAt.IsZero() {
			m.RedactedAt = us(m.RedactedAt)
		}
	}
	for i := range want[2].Memories {
		m := &want[2].Memories[i]
		m.GroupID, m.CreatedAt, m.UpdatedAt = "h", us(t0), us(t0)
	}
	for i := range want[3].Changes {
		want[3].Changes[i].GroupID, want[3].Changes[i].CreatedAt = "h", us(t0)
	}
	if diff := cmp.Diff(want, rows); diff != "" {
		t.Fatalf("read back (-want +got):\n%s", diff)
	}
	if again := write(t, got); strings.Replace(again, `"group_id":"g"`, "", 1) != strings.Replace(file, `"group_id":"g"`, "", 1) {
		t.Fatalf("writing what was read gives another file:\n%s\n%s", file, again)
	}
}

func TestRefusals(t *testing.T) {
	good := write(t, sample())
	lines := strings.SplitAfter(good, "\n")
	line := func(i int) string { return lines[i-1] } // 1-based
	set := func(i int, s string) string {
		c := append([]string(nil), lines...)
		c[i-1] = s
		return strings.Join(c, "")
	}
	swap := func(i, j int) string {
		c := append([]string(nil), lines...)
		c[i-1], c[j-1] = c[j-1], c[i-1]
		return strings.Join(c, "")
	}
	tests := []struct {
		name, file, want string
		code             string
	}{
		{"empty file", "", "empty", groupmem.EINVALID},
		{"no header", strings.Join(lines[1:], ""), "line 1: the first line must be the header", groupmem.EINVALID},
		{"another format", strings.Replace(good, `"format":1`, `"format":7`, 1), "line 1: the file is of format version 7", groupmem.EINVALID},
		{"cut mid-line", good[:len(good)-20], "cut short", groupmem.EINVALID},
		{"cut at a line", strings.Join(lines[:5], ""), "ends after line 5 without its state line", groupmem.EINVALID},
		{"wrong type", set(5, strings.Replace(line(5), `"version":1`, `"version":"1"`, 1)), "line 5: field version must be an integer, not a JSON string", groupmem.EINVALID},
		{"unknown field", set(3, strings.Replace(line(3), `"seq":1`, `"seq":1,"x":2`, 1)), `line 3: unknown field "x"`, groupmem.EINVALID},
		{"not json", set(4, "{\"type\":\"message\",\n"), "line 4: not valid JSON", groupmem.EINVALID},
		{"blank line", set(4, "\n"), "line 4:", groupmem.EINVALID},
		{"two values", set(2, strings.TrimSuffix(line(2), "\n")+" {}\n"), "line 2: the line holds more than one JSON value", groupmem.EINVALID},
		{"out of order", swap(2, 3), "line 3: a run record after the message records", groupmem.EINVALID},
		{"duplicate seq", set(4, strings.Replace(line(4), `"seq":2`, `"seq":1`, 1)), "line 4: seq 1 comes after seq 1", groupmem.EINVALID},
		{"broken parent", set(6, strings.Replace(line(6), `"parent_id":"00000000-0000-4000-8000-0000000000a1"`, `"parent_id":"00000000-0000-4000-8000-0000000000ff"`, 1)), "line 6: broken parent link", groupmem.EINVALID},
		{"cycle", set(5, strings.Replace(line(5), `"version":1,`, `"parent_id":"00000000-0000-4000-8000-0000000000a2","version":3,`, 1)), "line 5: version 3 of lineage", groupmem.EINVALID},
		{"parent after child", swap(5, 6), "line 5: version 2 of lineage", groupmem.EINVALID},
		{"second active", set(5, strings.Replace(line(5), `"superseded"`, `"active"`, 1)), "line 6: lineage 00000000-0000-4000-8000-0000000000a1 has a second active version", groupmem.EINVALID},
		{"upper-case id", set(2, strings.Replace(line(2), "000000000001", "0000000000AB", 1)), "line 2: id", groupmem.EINVALID},
		{"NUL in text", set(3, strings.Replace(line(3), "Friday!", `Fri\u0000day`, 1)), "line 3: content holds a control character", groupmem.EINVALID},
		{"redacted with text", set(4, strings.Replace(line(4), `"content":""`, `"content":"x"`, 1)), "line 4: message \"m2\" is redacted but carries text", groupmem.EINVALID},
		{"count mismatch", set(10, strings.Replace(line(10), `"changes":2`, `"changes":3`, 1)), "line 10: the state counts", groupmem.EINVALID},
		{"messages not in the header", strings.Replace(good, `"messages":true`, `"messages":false`, 1), `line 3: a message record in a file whose header says it holds no messages`, groupmem.EINVALID},
		{"after the state", good + line(2), "line 11: the state line must be the last one", groupmem.EINVALID},
		{"huge line", set(3, `{"type":"message","content":"`+strings.Repeat("x", archive.MaxLineBytes)+`"}`+"\n"), "line 3 is longer than", groupmem.ETOOLARGE},
		{"huge statement", set(7, strings.Replace(line(7), "most are front-end developers", strings.Repeat("长", 2000), 1)), "line 7: version", groupmem.EINVALID},
		{"plan id not a UUID", set(2, strings.Replace(line(2), `"report":{`, `"report":{"plan_id":"a\u0000b",`, 1)), `line 2: report plan_id "a\x00b" is not a canonical lowercase UUID`, groupmem.EINVALID},
		{"tokens past the bound", set(2, strings.Replace(line(2), `"tokens":{"prompt":0`, `"tokens":{"prompt":10000000001`, 1)), "line 2: tokens.prompt 10000000001 is not a count from 0 to 10000000000", groupmem.EINVALID},
		{"negative tokens", set(2, strings.Replace(line(2), `"completion":0`, `"completion":-5`, 1)), "line 2: tokens.completion -5 is not a count", groupmem.EINVALID},
		{"negative embedding tokens", set(2, strings.Replace(line(2), `"completion":0`, `"completion":0,"embedding":-1`, 1)), "line 2: tokens.embedding -1 is not a count", groupmem.EINVALID},
		{"negative cost", set(2, strings.Replace(line(2), `"completion":0`, `"completion":0,"cost":-3.5`, 1)), "line 2: tokens.cost -3.5 is not an amount from 0 to 1000000", groupmem.EINVALID},
		{"cost past the bound", set(2, strings.Replace(line(2), `"completion":0`, `"completion":0,"cost":1000000.000000001`, 1)), "line 2: tokens.cost 1000000.000000001 is not an amount from 0 to 1000000", groupmem.EINVALID},
		{"calls past the bound", set(2, strings.Replace(line(2), `"completion":0`, `"completion":0,"calls":1000001`, 1)), "line 2: tokens.calls 1000001 is not a count from 0 to 1000000", groupmem.EINVALID},
		{"negative calls", set(2, strings.Replace(line(2), `"completion":0`, `"completion":0,"calls":-1`, 1)), "line 2: tokens.calls -1 is not a count", groupmem.EINVALID},
		{"messages past 32 bits", set(2, strings.Replace(line(2), `"messages":2`, `"messages":4294967297`, 1)), "line 2: messages 4294967297 is not a count from 0 to 2147483647", groupmem.EINVALID},
		{"negative stats", set(2, strings.Replace(line(2), `"deleted":0`, `"deleted":-1`, 1)), "line 2: stats.deleted -1 is not a count", groupmem.EINVALID},
		{"stats past 32 bits", set(2, strings.Replace(line(2), `"kept":0`, `"kept":2147483648`, 1)), "line 2: stats.kept 2147483648 is not a count", groupmem.EINVALID},
		{"run in year 1", set(2, strings.Replace(line(2), `"started_at":"2026-11-01`, `"started_at":"0001-01-02`, 1)), "line 2: started_at 0001-01-02T09:00:00Z is not between 2000-01-01 and ", groupmem.EINVALID},
		{"run ended in 2300", set(2, strings.Replace(line(2), `"finished_at":"2026-11-01`, `"finished_at":"2300-11-01`, 1)), "line 2: finished_at 2300-11-01T09:00:01Z is not between", groupmem.EINVALID},
		{"run a day and a second ahead", set(2, strings.Replace(line(2), `"started_at":"2026-11-01T09:00:00`, `"started_at":"2026-11-02T09:00:01`, 1)), "line 2: started_at 2026-11-02T09:00:01Z is not between", groupmem.EINVALID},
		{"redacted in 1999", set(4, strings.Replace(line(4), `"redacted_at":"2026`, `"redacted_at":"1999`, 1)), "line 4: redacted_at 1999-11-01T09:00:00Z is not between", groupmem.EINVALID},
		{"version created in 2300", set(5, strings.Replace(line(5), `"created_at":"2026`, `"created_at":"2300`, 1)), "line 5: created_at 2300-11-01T09:00:00Z is not between", groupmem.EINVALID},
		{"version updated in 1970", set(5, strings.Replace(line(5), `"updated_at":"2026`, `"updated_at":"1970`, 1)), "line 5: updated_at 1970-11-01T09:00:00Z is not between", groupmem.EINVALID},
		{"change in 9999", set(8, strings.Replace(line(8), `"created_at":"2026`, `"created_at":"9999`, 1)), "line 8: created_at 9999-11-01T09:00:00Z is not between", groupmem.EINVALID},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.file == good {
				t.Fatal("the case changes nothing")
			}
			_, err := readAll(tt.file, "g")
			if groupmem.ErrorCode(err) != tt.code || !strings.Contains(groupmem.ErrorMessage(err), tt.want) {
				t.Fatalf("error = %v; want %s naming %q", err, tt.code, tt.want)
			}
		})
	}
}

// TestWriteCleansMessageText holds that a message is written as ingest
// keeps it (groupmem.CleanMessageText), whatever the ledger holds of a
// message that came another way: control characters removed and the text
// cut to groupmem.MaxMessageBytes, however long, so that every file an
// export writes reads back.
func TestWriteCleansMessageText(t *testing.T) {
	for _, content := range []string{"look: \x1b[1mbold\x1b[0m", strings.Repeat("长", 20000), strings.Repeat("huge paste ", 200000)} {
		rows := sample()
		m := &rows[1].Messages[0]
		m.Content, m.SenderName, m.SenderID = content, "Ann\x07", "u1\x00"
		got, err := readAll(write(t, rows), "g")
		if err != nil {
			t.Fatalf("a file written with a message of %d bytes does not read: %v", len(content), err)
		}
		want := groupmem.CleanMessageText(m.Message)
		if g := got[1].Messages[0]; g.Content != want.Content || g.SenderName != "Ann" || g.SenderID != "u1" ||
			len(g.Content) > groupmem.MaxMessageBytes || strings.Contains(g.Content, "\x1b") {
			t.Fatalf("message read back as %q by %q (%q), %d bytes", groupmem.Truncate(g.Content, 40), g.SenderName, g.SenderID, len(g.Content))
		}
	}
}

// TestSentAtAsIngestTakes holds that a message's sent_at, its chat app's
// word, reads whenever it is: only a ledger that cannot keep it refuses.
func TestSentAtAsIngestTakes(t *testing.T) {
	for _, at := range []time.Time{time.Unix(0, 0), time.Date(2300, 1, 1, 0, 0, 0, 0, time.UTC)} {
		rows := sample()
		rows[1].Messages[0].SentAt = at
		got, err := readAll(write(t, rows), "g")
		if err != nil || !got[1].Messages[0].SentAt.Equal(at) {
			t.Fatalf("a message sent at %v: %v", at, err)
		}
	}
}
