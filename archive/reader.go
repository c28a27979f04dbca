package archive

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"time"

	"github.com/groupmem/groupmem"
)

// DefaultBatch is how many rows Reader.Next returns at most.
const DefaultBatch = 1000

// Reader reads a file line by line, checks each line and gives its rows
// in batches of one kind, for a ledger's import
// (groupmem.Transfer.ImportGroup) to write into its group. It holds one
// batch and what it needs to check the next line: the last run id and
// seq, the version before, and the counts; never the whole file. Every
// error names its line: EINVALID for a line that breaks the format (not
// JSON, another type of value than a field's, an unknown field, a record
// out of order, a bad id, a version whose parent is not the version before
// it in the file, a count that does not match, a number or time out of its
// bounds, ...), ETOOLARGE for a line
// over MaxLineBytes.
type Reader struct {
	in     *bufio.Reader
	group  string
	header Header
	batch  int
	line   int
	buf    []byte
	held   *record // a record of another kind than the batch Next was building
	state  checker
	done   bool // the state line was read
}

// NewReader reads and checks the header of the file r and returns a
// Reader of the rest, whose rows belong to group groupID (the file's own
// group is the header's GroupID). now is the reading ledger's clock: the
// times of runs, versions, changes and redactions may be at most Slack
// past it. EINVALID for an empty file, a first line that is not a header,
// or another format version.
func NewReader(r io.Reader, groupID string, now time.Time) (*Reader, error) {
	if err := groupmem.CheckGroupID(groupID); err != nil {
		return nil, err
	}
	rd := &Reader{in: bufio.NewReaderSize(r, 64<<10), group: groupID, batch: DefaultBatch}
	rd.state.latest = now.Add(Slack)
	line, err := rd.readLine()
	if err == io.EOF {
		return nil, groupmem.Errorf(groupmem.EINVALID, "the file is empty: line 1 must be its header")
	}
	if err != nil {
		return nil, err
	}
	if t := typeOf(line); t != TypeHeader {
		return nil, rd.fail("the first line must be the header, not %s", describeType(t))
	}
	if err := strict(line, &rd.header); err != nil {
		return nil, rd.fail("%s", err)
	}
	if rd.header.Format != FormatVersion {
		return nil, rd.fail("the file is of format version %d; this groupmem reads version %d", rd.header.Format, FormatVersion)
	}
	if err := groupmem.CheckGroupID(rd.header.GroupID); err != nil {
		return nil, rd.fail("group_id: %s", groupmem.ErrorMessage(err))
	}
	return rd, nil
}

// Header returns the file's header.
func (r *Reader) Header() Header { return r.header }

// Next returns the next batch of rows, all of one kind and in the file's
// order, with the line of each; the state alone, last; then io.EOF. A
// file that ends before its state line is EINVALID (it was cut short).
func (r *Reader) Next() (groupmem.GroupRows, error) {
	var out groupmem.GroupRows
	if r.done {
		return out, io.EOF
	}
	kind := ""
	for {
		rec := r.held
		r.held = nil
		if rec == nil {
			var err error
			if rec, err = r.read(); err != nil {
				return groupmem.GroupRows{}, err
			}
		}
		if kind != "" && rec.kind != kind {
			r.held = rec
			return out, nil
		}
		kind = rec.kind
		rec.add(&out)
		out.Lines = append(out.Lines, rec.line)
		if rec.kind == TypeState {
			r.done = true
			return out, r.end()
		}
		if len(out.Lines) == r.batch {
			return out, nil
		}
	}
}

// end checks that nothing follows the state line.
func (r *Reader) end() error {
	if _, err := r.in.Peek(1); err == io.EOF {
		return nil
	}
	r.line++
	return r.fail("the state line must be the last one")
}

// read reads, decodes and checks the next line.
func (r *Reader) read() (*record, error) {
	line, err := r.readLine()
	if err == io.EOF {
		return nil, groupmem.Errorf(groupmem.EINVALID,
			"the file ends after line %d without its state line: it was cut short", r.line)
	}
	if err != nil {
		return nil, err
	}
	rec, err := r.decode(line)
	if err != nil {
		return nil, r.fail("%s", err)
	}
	rec.line = r.line
	return rec, nil
}

// readLine returns the next line without its newline. A line over
// MaxLineBytes is ETOOLARGE, read no further; a last line without its
// newline is EINVALID (the file was cut short).
func (r *Reader) readLine() ([]byte, error) {
	r.buf = r.buf[:0]
	for {
		part, err := r.in.ReadSlice('\n')
		if len(r.buf)+len(part) > MaxLineBytes {
			r.line++
			return nil, groupmem.Errorf(groupmem.ETOOLARGE, "line %d is longer than %d bytes", r.line, MaxLineBytes)
		}
		switch {
		case err == nil:
			r.line++
			if len(r.buf) == 0 {
				return part[:len(part)-1], nil // no copy: valid until the next read
			}
			r.buf = append(r.buf, part[:len(part)-1]...)
			return r.buf, nil
		case errors.Is(err, bufio.ErrBufferFull):
			r.buf = append(r.buf, part...)
		case err == io.EOF:
			if len(r.buf)+len(part) == 0 {
				return nil, io.EOF
			}
			r.line++
			return nil, groupmem.Errorf(groupmem.EINVALID, "line %d has no newline at its end: the file was cut short", r.line)
		default:
			return nil, fmt.Errorf("read line %d: %w", r.line+1, err)
		}
	}
}

// fail returns EINVALID naming the current line.
func (r *Reader) fail(format string, args ...any) error {
	return groupmem.Errorf(groupmem.EINVALID, "line %d: %s", r.line, fmt.Sprintf(format, args...))
}

// typeOf returns the value of the line's "type" field, "" when it has
// none or is not a JSON object; the line is decoded whole later.
func typeOf(line []byte) string {
	const prefix = `{"type":"`
	if bytes.HasPrefix(line, []byte(prefix)) {
		rest := line[len(prefix):]
		if i := bytes.IndexByte(rest, '"'); i >= 0 && bytes.IndexByte(rest[:i], '\\') < 0 {
			return string(rest[:i])
		}
	}
	var probe struct {
		Type string `json:"type"`
	}
	if json.Unmarshal(line, &probe) != nil {
		return ""
	}
	return probe.Type
}

func describeType(t string) string {
	if t == "" {
		return "a line without a type"
	}
	return fmt.Sprintf("a record of type %q", groupmem.Truncate(t, 40))
}

// strict decodes line, one JSON object of exactly the fields of v, into
// v.
func strict(line []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("the line holds more than one JSON value")
	}
	return nil
}

// jsonError says what was wrong with a line in the file's own terms.
func jsonError(err error) error {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		if te.Field == "" {
			return fmt.Errorf("a record must be a JSON object, not a JSON %s", te.Value)
		}
		return fmt.Errorf("field %s must be %s, not a JSON %s", te.Field, kindName(te.Type), te.Value)
	case errors.As(err, &se):
		return fmt.Errorf("not valid JSON (at byte %d): %s", se.Offset, se.Error())
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return errors.New("not valid JSON: the line ends inside a value")
	}
	var ge *groupmem.Error
	if errors.As(err, &ge) {
		return errors.New(ge.Message)
	}
	if msg, ok := strings.CutPrefix(err.Error(), "json: "); ok {
		return errors.New(groupmem.Truncate(msg, 200)) // an unknown field, by name
	}
	return fmt.Errorf("not valid: %s", groupmem.Truncate(err.Error(), 200))
}

func kindName(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int32, reflect.Int64:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice:
		return "a list"
	case reflect.Map:
		return "an object"
	case reflect.Struct:
		if t.Name() == "Time" {
			return "a time string"
		}
		return "an object"
	}
	return "of another type"
}
