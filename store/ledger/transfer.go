package ledger

import (
	"errors"
	"fmt"
	"sync"

	"github.com/groupmem/groupmem"
)

// GroupNotEmpty is the error of an import into a group that holds rows
// already: ECONFLICT, nothing written.
func GroupNotEmpty(group string) error {
	return groupmem.Errorf(groupmem.ECONFLICT,
		"group %s is not empty: an import restores a group's memory into an empty group only (purge it first, or import under another group id)", group)
}

// Refused is the error of an import row a ledger refuses, naming its line.
func Refused(line int, format string, args ...any) error {
	return groupmem.Errorf(groupmem.EINVALID, "line %d: %s", line, fmt.Sprintf(format, args...))
}

// FirstSkipped returns, for a batch of rows with keys whose insert wrote
// those in written, the error naming the line of the first row it did not
// write (format takes its key), or nil when it wrote every row. A key
// that repeats within the batch counts as written once.
func FirstSkipped(lines []int, keys []string, written map[string]bool, format string) error {
	if len(written) == len(keys) {
		return nil
	}
	for i, k := range keys {
		if !written[k] {
			return Refused(lines[i], format, k)
		}
		delete(written, k)
	}
	return nil
}

// ImportOrder checks the batches an import is given: each of one kind,
// the kinds in the order of an export (runs, messages, versions, changes,
// the state), the state once and last, and each with one line per row.
type ImportOrder struct {
	last  int
	state bool
}

// Check checks the next batch: EINVALID when it is out of order.
func (o *ImportOrder) Check(b groupmem.GroupRows) error {
	kinds, kind, rows := 0, 0, 0
	for i, n := range []int{len(b.Runs), len(b.Messages), len(b.Memories), len(b.Changes)} {
		if n > 0 {
			kinds, kind, rows = kinds+1, i+1, n
		}
	}
	if b.State != nil {
		kinds, kind, rows = kinds+1, 5, 1
	}
	switch {
	case kinds != 1:
		return groupmem.Errorf(groupmem.EINVALID, "an import batch holds rows of %d kinds; one is expected", kinds)
	case o.state:
		return groupmem.Errorf(groupmem.EINVALID, "rows after the group's state")
	case kind < o.last:
		return groupmem.Errorf(groupmem.EINVALID, "rows out of order: runs, messages, versions, changes, then the state")
	case len(b.Lines) != rows:
		return groupmem.Errorf(groupmem.EINTERNAL, "an import batch of %d rows has %d lines", rows, len(b.Lines))
	}
	o.last, o.state = kind, kind == 5
	return nil
}

// Done checks that the import ended with the group's state: EINVALID
// otherwise.
func (o *ImportOrder) Done() error {
	if !o.state {
		return groupmem.Errorf(groupmem.EINVALID, "the import ended without the group's state")
	}
	return nil
}

// ReadAhead returns a function giving the batches of next in order, which
// reads each following batch (on another goroutine, one call of next at a
// time) while the caller writes the one before, so that reading and
// checking a file overlaps the ledger's work; at most two batches are held
// besides the one being written. The first error of next (io.EOF
// included) is given after the batches before it and then again on every
// call. stop ends the reading and waits until next has returned: after
// stop, next is not called again.
func ReadAhead(next func() (groupmem.GroupRows, error)) (read func() (groupmem.GroupRows, error), stop func()) {
	type result struct {
		rows groupmem.GroupRows
		err  error
	}
	out := make(chan result, 1)
	quit := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer close(out)
		for {
			b, err := next()
			select {
			case out <- result{b, err}:
			case <-quit:
				return
			}
			if err != nil {
				return
			}
		}
	}()
	var last error
	read = func() (groupmem.GroupRows, error) {
		if last != nil {
			return groupmem.GroupRows{}, last
		}
		r, ok := <-out
		if !ok {
			return groupmem.GroupRows{}, errors.New("read ahead: read after stop")
		}
		last = r.err
		return r.rows, r.err
	}
	var once sync.Once
	stop = func() {
		once.Do(func() { close(quit) })
		<-done
	}
	return read, stop
}
