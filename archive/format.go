// Package archive owns the file a group's memory leaves and comes back in:
// JSON Lines, one record a line, written by Writer as a ledger exports the
// group and read back by Reader, which checks every line before a ledger
// imports it. It imports only the domain.
//
// A file is, in this order:
//
//	{"type":"header","format":1,"groupmem":"…","embedder":"…","group_id":"…","exported_at":"…","messages":false,"runs":false}
//	{"type":"run",…}      the runs the versions and change log name (every run of the group with runs: true), by id
//	{"type":"message",…}  with messages: true, every message of the group, by seq, its text as ingest keeps it; a redacted one without its text
//	{"type":"memory",…}   every memory version, by lineage id and then version, so a parent comes before its child
//	{"type":"change",…}   the change log, in the order it was written
//	{"type":"state",…}    the group's watermark, fence and next seq, and how many records of each kind came before
//
// Every line ends with a newline and is at most MaxLineBytes long. Times
// are UTC with six decimals (microseconds: what both ledgers keep alike);
// those of runs, versions, changes and redactions lie between Earliest and
// a day past the reading ledger's clock (see Reader). A run's numbers lie
// within the bounds below.
// Ids are canonical lowercase UUIDs. A version carries its stored
// embedding, little-endian float32 in base64, when the ledger holds one;
// the header names the embedder that made it. Change-log rows carry no id:
// an import numbers them anew, in the file's order.
//
// The state line comes last, so a file cut short anywhere is refused: an
// export that failed halfway never imports.
package archive

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"math"
	"time"

	"github.com/groupmem/groupmem"
)

// FormatVersion is the version of the format Writer writes; Reader reads
// only this one.
const FormatVersion = 1

// MaxLineBytes bounds one line of a file, its newline included. The
// longest line an export writes is a run whose report lists its 200
// dropped excerpts and its model requests, far below it; a message is at
// most groupmem.MaxMessageBytes of text.
const MaxLineBytes = 1 << 20

// Earliest is the earliest time a run, a version, a change or a message's
// redaction may carry. The ledger stamps them with its clock, so no true
// one is older; and a run's usage counts by the day it began, so a run
// dated centuries back would fill in every day since. The latest such time
// a Reader takes is a day past its clock. A message's sent_at is its chat
// app's word, which ingest takes as it comes: it is bounded only by what
// the ledger can keep (a SQLite ledger, the years 1678 to 2261).
var Earliest = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// Slack is how far past the reading ledger's clock a time may be: a file
// written by a ledger whose clock runs ahead still imports.
const Slack = 24 * time.Hour

// Bounds on the numbers of a run record, none of which may be negative.
// Each is far above what a run counts, and they keep every sum of usage a
// ledger keeps (per group, per day, in 64-bit integers) from overflowing,
// however many runs a file holds.
const (
	// MaxRunTokens bounds each of a run's prompt, completion and
	// embedding tokens: ten billion.
	MaxRunTokens = 10_000_000_000
	// MaxRunCalls bounds a run's model calls: a million.
	MaxRunCalls = 1_000_000
	// MaxRunCount bounds a run's messages and each count of its stats,
	// which a ledger keeps in 32-bit integers.
	MaxRunCount = math.MaxInt32
	// MaxFileTokens bounds the tokens of each kind of a file's runs
	// together: a million billion.
	MaxFileTokens = 1_000_000_000_000_000
	// MaxRunCost bounds a run's cost: a million units of the price
	// currency.
	MaxRunCost groupmem.Cost = 1_000_000 * groupmem.CostUnit
	// MaxFileCost bounds the cost of a file's runs together: a hundred
	// million units, a thousandth of what a ledger's sums of cost (in
	// nano-units, groupmem.Cost) can hold.
	MaxFileCost groupmem.Cost = 100_000_000 * groupmem.CostUnit
)

// The types of record, in the order a file holds them.
const (
	TypeHeader  = "header"
	TypeRun     = "run"
	TypeMessage = "message"
	TypeMemory  = "memory"
	TypeChange  = "change"
	TypeState   = "state"
)

// Header is the first line of a file.
type Header struct {
	Type       string `json:"type"`
	Format     int    `json:"format"`   // FormatVersion
	Groupmem   string `json:"groupmem"` // the version of the groupmem that wrote it
	Embedder   string `json:"embedder"` // the embedder whose vectors the versions carry ("" for none recorded)
	GroupID    string `json:"group_id"` // the group exported
	ExportedAt Time   `json:"exported_at"`
	Messages   bool   `json:"messages"` // the file holds the group's messages
	Runs       bool   `json:"runs"`     // the file holds every run, not only those named
}

type runRecord struct {
	Type          string             `json:"type"`
	ID            string             `json:"id"`
	Trigger       string             `json:"trigger"`
	Actor         string             `json:"actor"`
	Status        groupmem.RunStatus `json:"status"`
	Model         string             `json:"model"`
	PromptVersion string             `json:"prompt_version"`
	Fence         int64              `json:"fence"`
	Watermark     int64              `json:"watermark"`
	NewWatermark  int64              `json:"new_watermark"`
	Messages      int                `json:"messages"`
	Stats         groupmem.Stats     `json:"stats"`
	Tokens        groupmem.Tokens    `json:"tokens"`
	Report        groupmem.Report    `json:"report"`
	Error         string             `json:"error"`
	StartedAt     Time               `json:"started_at"`
	FinishedAt    *Time              `json:"finished_at,omitempty"`
}

type messageRecord struct {
	Type       string `json:"type"`
	Seq        int64  `json:"seq"`
	ID         string `json:"id"`
	SenderID   string `json:"sender_id"`
	SenderName string `json:"sender_name"`
	Content    string `json:"content"`
	SentAt     Time   `json:"sent_at"`
	RedactedAt *Time  `json:"redacted_at,omitempty"`
}

type memoryRecord struct {
	Type          string          `json:"type"`
	ID            string          `json:"id"`
	LineageID     string          `json:"lineage_id"`
	ParentID      string          `json:"parent_id,omitempty"`
	Version       int             `json:"version"`
	Statement     string          `json:"statement"`
	Status        groupmem.Status `json:"status"`
	Tags          []string        `json:"tags"`
	Strength      float64         `json:"strength"`
	ChangeSummary string          `json:"change_summary"`
	Evidence      []string        `json:"evidence"`
	Subjects      []string        `json:"subjects"`
	RunID         string          `json:"run_id,omitempty"`
	CreatedAt     Time            `json:"created_at"`
	UpdatedAt     Time            `json:"updated_at"`
	Embedding     Vector          `json:"embedding,omitempty"`
}

type changeRecord struct {
	Type         string              `json:"type"`
	Action       groupmem.ActionKind `json:"action"`
	MemoryID     string              `json:"memory_id"`
	NewMemoryID  string              `json:"new_memory_id,omitempty"`
	OldStatement string              `json:"old_statement"`
	NewStatement string              `json:"new_statement"`
	Reason       string              `json:"change_summary"`
	Version      int                 `json:"version"`
	RunID        string              `json:"run_id,omitempty"`
	Actor        string              `json:"actor"`
	CreatedAt    Time                `json:"created_at"`
}

type stateRecord struct {
	Type      string               `json:"type"`
	Watermark int64                `json:"watermark"`
	Fence     int64                `json:"fence"`
	NextSeq   int64                `json:"next_seq"`
	Counts    groupmem.GroupCounts `json:"counts"`
}

// Time is a time in a file: UTC, to the microsecond, written with six
// decimals. Reading takes any RFC 3339 time and cuts it to the
// microsecond.
type Time struct{ time.Time }

// timeLayout writes every time with the same number of characters.
const timeLayout = "2006-01-02T15:04:05.000000Z"

// At returns t as a Time: UTC, cut to the microsecond.
func At(t time.Time) Time { return Time{t.UTC().Truncate(time.Microsecond)} }

// MarshalJSON implements json.Marshaler.
func (t Time) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, len(timeLayout)+2)
	b = append(b, '"')
	b = t.UTC().Truncate(time.Microsecond).AppendFormat(b, timeLayout)
	return append(b, '"'), nil
}

// UnmarshalJSON implements json.Unmarshaler.
func (t *Time) UnmarshalJSON(b []byte) error {
	s, err := jsonString(b)
	if err != nil {
		return err
	}
	v, err := time.Parse(time.RFC3339Nano, string(s))
	if err != nil {
		return err
	}
	*t = At(v)
	return nil
}

// Vector is an embedding in a file: its float32 values, little-endian, in
// standard base64.
type Vector []float32

// MarshalJSON implements json.Marshaler.
func (v Vector) MarshalJSON() ([]byte, error) {
	raw := make([]byte, 4*len(v))
	for i, f := range v {
		binary.LittleEndian.PutUint32(raw[4*i:], math.Float32bits(f))
	}
	out := make([]byte, base64.StdEncoding.EncodedLen(len(raw))+2)
	out[0], out[len(out)-1] = '"', '"'
	base64.StdEncoding.Encode(out[1:], raw)
	return out, nil
}

// UnmarshalJSON implements json.Unmarshaler.
func (v *Vector) UnmarshalJSON(b []byte) error {
	s, err := jsonString(b)
	if err != nil {
		return err
	}
	raw := make([]byte, base64.StdEncoding.DecodedLen(len(s)))
	n, err := base64.StdEncoding.Decode(raw, s)
	if err != nil {
		return err
	}
	raw = raw[:n]
	if len(raw)%4 != 0 {
		return groupmem.Errorf(groupmem.EINVALID, "an embedding of %d bytes is not a whole number of float32s", len(raw))
	}
	out := make(Vector, len(raw)/4)
	for i := range out {
		f := math.Float32frombits(binary.LittleEndian.Uint32(raw[4*i:]))
		if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
			return groupmem.Errorf(groupmem.EINVALID, "an embedding holds a value that is not a finite number")
		}
		out[i] = f
	}
	*v = out
	return nil
}

// jsonString returns the text of b, a JSON value the decoder has checked
// already: the bytes between its quotes when it is a string without
// escapes (a time, an embedding), otherwise what json.Unmarshal gives.
func jsonString(b []byte) ([]byte, error) {
	if len(b) >= 2 && b[0] == '"' && b[len(b)-1] == '"' && bytes.IndexByte(b[1:len(b)-1], '\\') < 0 {
		return b[1 : len(b)-1], nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, err
	}
	return []byte(s), nil
}
