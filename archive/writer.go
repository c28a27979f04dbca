package archive

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/groupmem/groupmem"
)

// Writer writes a file: the header when it is made, then every batch a
// ledger's export gives it (groupmem.Transfer.ExportGroup), the state
// last. It buffers at most one line beyond its output's buffer.
type Writer struct {
	header Header
	out    *bufio.Writer
	line   bytes.Buffer
	enc    *json.Encoder
	counts groupmem.GroupCounts
	done   bool
}

// NewWriter writes h, completed with the type and FormatVersion, to w and
// returns a Writer of the rest. Nothing reaches w before Flush or the
// state line.
func NewWriter(w io.Writer, h Header) (*Writer, error) {
	wr := &Writer{out: bufio.NewWriterSize(w, 64<<10)}
	wr.enc = json.NewEncoder(&wr.line)
	wr.enc.SetEscapeHTML(false)
	h.Type, h.Format = TypeHeader, FormatVersion
	wr.header = h
	if err := wr.put(h); err != nil {
		return nil, err
	}
	return wr, nil
}

// Write writes the rows of b as lines. The state is written last, with
// the number of records of each kind before it, and flushes the output;
// nothing may follow it, and messages come only into a file whose header
// says it holds them (EINTERNAL otherwise).
func (w *Writer) Write(b groupmem.GroupRows) error {
	if w.done {
		return groupmem.Errorf(groupmem.EINTERNAL, "archive: rows after the state line")
	}
	if len(b.Messages) > 0 && !w.header.Messages {
		return groupmem.Errorf(groupmem.EINTERNAL, "archive: messages in a file whose header says it holds none")
	}
	for _, r := range b.Runs {
		if err := w.put(runLine(r)); err != nil {
			return err
		}
	}
	for _, m := range b.Messages {
		if err := w.put(messageLine(m)); err != nil {
			return err
		}
	}
	for _, m := range b.Memories {
		if err := w.put(memoryLine(m)); err != nil {
			return err
		}
	}
	for _, c := range b.Changes {
		if err := w.put(changeLine(c)); err != nil {
			return err
		}
	}
	w.counts.Add(b)
	if b.State == nil {
		return nil
	}
	w.done = true
	s := b.State
	if err := w.put(stateRecord{Type: TypeState, Watermark: s.Watermark, Fence: s.Fence, NextSeq: s.NextSeq, Counts: w.counts}); err != nil {
		return err
	}
	return w.Flush()
}

// Counts returns how many records of each kind were written.
func (w *Writer) Counts() groupmem.GroupCounts { return w.counts }

// Flush writes what is buffered to the output.
func (w *Writer) Flush() error { return w.out.Flush() }

// put writes v as one line; a line longer than MaxLineBytes is an
// EINTERNAL error (no reader would take it).
func (w *Writer) put(v any) error {
	w.line.Reset()
	if err := w.enc.Encode(v); err != nil {
		return groupmem.WrapError(groupmem.EINTERNAL, "archive: encode a record", err)
	}
	if w.line.Len() > MaxLineBytes {
		return groupmem.Errorf(groupmem.EINTERNAL, "archive: a %s record of %d bytes is longer than a line may be (%d)",
			recordType(v), w.line.Len(), MaxLineBytes)
	}
	if _, err := w.out.Write(w.line.Bytes()); err != nil {
		return fmt.Errorf("write the archive: %w", err)
	}
	return nil
}

func recordType(v any) string {
	switch v.(type) {
	case runRecord:
		return TypeRun
	case messageRecord:
		return TypeMessage
	case memoryRecord:
		return TypeMemory
	case changeRecord:
		return TypeChange
	}
	return "header or state"
}

func runLine(r groupmem.Run) runRecord {
	rec := runRecord{Type: TypeRun, ID: r.ID, Trigger: r.Trigger, Actor: r.Actor, Status: r.Status, Model: r.Model,
		PromptVersion: r.PromptVersion, Fence: r.Fence, Watermark: r.Watermark, NewWatermark: r.NewWatermark,
		Messages: r.Messages, Stats: r.Stats, Tokens: r.Tokens, Report: r.Report, Error: r.Error, StartedAt: At(r.StartedAt)}
	if !r.FinishedAt.IsZero() {
		f := At(r.FinishedAt)
		rec.FinishedAt = &f
	}
	return rec
}

// messageLine writes m's text as ingest keeps it (groupmem.CleanMessageText):
// a message a chat app wrote into the ledger itself may hold control
// characters or more than groupmem.MaxMessageBytes, which no import takes.
func messageLine(m groupmem.StoredMessage) messageRecord {
	m.Message = groupmem.CleanMessageText(m.Message)
	rec := messageRecord{Type: TypeMessage, Seq: m.Seq, ID: m.ID, SenderID: m.SenderID, SenderName: m.SenderName,
		Content: m.Content, SentAt: At(m.SentAt)}
	if !m.RedactedAt.IsZero() {
		r := At(m.RedactedAt)
		rec.RedactedAt, rec.Content = &r, ""
	}
	return rec
}

func memoryLine(m groupmem.Memory) memoryRecord {
	return memoryRecord{Type: TypeMemory, ID: m.ID, LineageID: m.LineageID, ParentID: m.ParentID, Version: m.Version,
		Statement: m.Statement, Status: m.Status, Tags: list(m.Tags), Strength: m.Strength, ChangeSummary: m.ChangeSummary,
		Evidence: list(m.Evidence), Subjects: list(m.Subjects), RunID: m.RunID, CreatedAt: At(m.CreatedAt),
		UpdatedAt: At(m.UpdatedAt), Embedding: Vector(m.Embedding)}
}

func changeLine(c groupmem.Change) changeRecord {
	return changeRecord{Type: TypeChange, Action: c.Action, MemoryID: c.MemoryID, NewMemoryID: c.NewMemoryID,
		OldStatement: c.OldStatement, NewStatement: c.NewStatement, Reason: c.Reason, Version: c.Version,
		RunID: c.RunID, Actor: c.Actor, CreatedAt: At(c.CreatedAt)}
}

// list writes an empty list as [], never null.
func list(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
