package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	sqlite "modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/ledger"
)

// ImportGroup implements groupmem.Transfer in one write transaction,
// which holds the file's write lock from its start, so nothing of the
// group can slip in between the check that it is empty and the commit.
// Rows are written a chunk of rows a statement, in order: a row whose id
// is taken, or that names a run or version that is not of the import,
// writes nothing and names its line. Runs are written in the order of
// the file: the write lock is the file's, so two imports never hold parts
// of the usage tables each waiting on the other, whatever their runs'
// order. The next batch is read while one is
// written (ledger.ReadAhead), and the write connection keeps a larger
// page cache for the import (importCacheKiB). Messages keep their seqs:
// the state row reserves every seq for the transaction
// (schema/0003_seq_by_database.sql) until the state is written. Times are stored as given: to the
// microsecond, from a file.
func (l *Ledger) ImportGroup(ctx context.Context, groupID string, next func() (groupmem.GroupRows, error)) (groupmem.GroupCounts, error) {
	var counts groupmem.GroupCounts
	if err := groupmem.CheckGroupID(groupID); err != nil {
		return counts, err
	}
	restore, err := l.widenCache(ctx)
	if err != nil {
		return counts, err
	}
	defer restore()
	err = l.inTx(ctx, func(tx *sql.Tx) error {
		counts = groupmem.GroupCounts{}
		if err := claimEmpty(ctx, tx, groupID); err != nil {
			return err
		}
		im, err := prepareImport(ctx, tx, groupID)
		if err != nil {
			return err
		}
		defer im.close()
		now := nanos(l.now())
		order := ledger.ImportOrder{}
		next, stop := ledger.ReadAhead(next)
		defer stop()
		for {
			b, err := next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err == nil {
				err = order.Check(b)
			}
			if err == nil {
				err = im.batch(ctx, b, counts.Messages > 0, now)
			}
			if err != nil {
				return err
			}
			counts.Add(b)
		}
		return order.Done()
	})
	if err != nil {
		return groupmem.GroupCounts{}, err
	}
	return counts, nil
}

// claimEmpty fails with ECONFLICT unless the group holds nothing, and
// reserves the whole range of seqs for the rows an import brings.
func claimEmpty(ctx context.Context, tx *sql.Tx, groupID string) error {
	var used bool
	if err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM messages WHERE group_id = ?1)
		OR EXISTS (SELECT 1 FROM memory_versions WHERE group_id = ?1)
		OR EXISTS (SELECT 1 FROM evolution_runs WHERE group_id = ?1)
		OR EXISTS (SELECT 1 FROM memory_change_log WHERE group_id = ?1)`, groupID).Scan(&used); err != nil {
		return fmt.Errorf("check the group is empty: %w", err)
	}
	if used {
		return ledger.GroupNotEmpty(groupID)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO group_state (group_id, seq_reserved_from, seq_reserved_to) VALUES (?1, 1, ?2)
		ON CONFLICT (group_id) DO UPDATE SET seq_reserved_from = 1, seq_reserved_to = ?2`, groupID, int64(math.MaxInt64)); err != nil {
		return fmt.Errorf("reserve seqs: %w", err)
	}
	return nil
}

// batch writes one batch of rows, in the order of the file: runs,
// messages, versions with their outbox entries, changes, the state
// (hadMessages: whether earlier batches brought messages).
func (im *importer) batch(ctx context.Context, b groupmem.GroupRows, hadMessages bool, now int64) error {
	var err error
	for i := 0; err == nil && i < len(b.Runs); i++ {
		err = im.run(ctx, b.Runs[i], b.Lines[i])
	}
	if err == nil && len(b.Messages) > 0 {
		err = im.messages(ctx, b.Messages, b.Lines, now)
	}
	if err == nil && len(b.Memories) > 0 {
		err = im.memories(ctx, b.Memories, b.Lines)
	}
	if err == nil && len(b.Memories) > 0 {
		err = im.queue(ctx, b.Memories, now)
	}
	if err == nil && len(b.Changes) > 0 {
		err = im.changes(ctx, b.Changes, b.Lines)
	}
	if err == nil && b.State != nil {
		err = im.state(ctx, *b.State, hadMessages, now)
	}
	return err
}

// importCacheKiB is the page cache of the write connection during an
// import. The default (2 MiB) holds too little of the indexes an import
// writes at random places (ids), so pages went to the WAL file and were
// read back, row after row; the cache is bounded, whatever the group's
// size.
const importCacheKiB = 64 << 10

// widenCache gives the write connection the page cache of an import and
// returns the function that puts back the one it had.
func (l *Ledger) widenCache(ctx context.Context) (restore func(), err error) {
	var was int64
	if err := l.write.QueryRowContext(ctx, `PRAGMA cache_size`).Scan(&was); err != nil {
		return nil, interpretError(fmt.Errorf("read the page cache size: %w", err))
	}
	if _, err := l.write.ExecContext(ctx, fmt.Sprintf(`PRAGMA cache_size = %d`, -importCacheKiB)); err != nil {
		return nil, interpretError(fmt.Errorf("widen the page cache: %w", err))
	}
	return func() {
		l.write.ExecContext(context.WithoutCancel(ctx), fmt.Sprintf(`PRAGMA cache_size = %d`, was)) //nolint:errcheck // a smaller cache is only slower
	}, nil
}

// chunk is how many rows one multi-row statement of an import writes: a
// statement (and the statement journal it keeps) per chunk, not per row.
const chunk = 50

// importer holds the statements of one import, in its transaction.
type importer struct {
	tx            *sql.Tx
	group         string
	runs, out     *sql.Stmt
	msg, mem, chg multiInsert // messages, memory versions, changes
}

// multiInsert is an INSERT of head, then a tuple of placeholders per
// row, then tail; full is it prepared for chunk rows.
type multiInsert struct {
	head, tuple, tail string
	full              *sql.Stmt
}

func (m *multiInsert) sql(n int) string {
	var b strings.Builder
	b.WriteString(m.head)
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(m.tuple)
	}
	b.WriteString(m.tail)
	return b.String()
}

// query runs the statement for the rows whose values are args (a tuple's
// worth per row), n of them.
func (m *multiInsert) query(ctx context.Context, tx *sql.Tx, n int, args []any) (*sql.Rows, error) {
	if n == chunk {
		return m.full.QueryContext(ctx, args...)
	}
	return tx.QueryContext(ctx, m.sql(n), args...)
}

// exec is query for a statement that returns nothing: the rows it wrote.
func (m *multiInsert) exec(ctx context.Context, tx *sql.Tx, n int, args []any) (int64, error) {
	var res sql.Result
	var err error
	if n == chunk {
		res, err = m.full.ExecContext(ctx, args...)
	} else {
		res, err = tx.ExecContext(ctx, m.sql(n), args...)
	}
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func tuple(n int) string { return "(" + strings.TrimSuffix(strings.Repeat("?, ", n), ", ") + ")" }

func prepareImport(ctx context.Context, tx *sql.Tx, group string) (*importer, error) {
	im := &importer{tx: tx, group: group}
	im.msg = multiInsert{
		head:  `INSERT INTO messages (group_id, seq, message_id, sender_id, sender_name, content, sent_at, inserted_at, redacted_at) VALUES `,
		tuple: tuple(9), tail: ` ON CONFLICT DO NOTHING RETURNING seq`,
	}
	// A version whose run is not of the import writes nothing.
	im.mem = multiInsert{
		head:  `INSERT INTO memory_versions (` + memoryColumns + `) SELECT * FROM (VALUES `,
		tuple: tuple(16),
		tail: `) AS v WHERE v.column13 IS NULL OR EXISTS (SELECT 1 FROM evolution_runs r WHERE r.id = v.column13 AND r.group_id = v.column3)
			ON CONFLICT DO NOTHING RETURNING memory_id`,
	}
	// A change whose versions or run are not of the import writes
	// nothing.
	im.chg = multiInsert{
		head: `INSERT INTO memory_change_log (group_id, action, memory_id, new_memory_id, old_statement,
				new_statement, change_summary, version, run_id, actor, created_at) SELECT * FROM (VALUES `,
		tuple: tuple(11),
		tail:  `) AS v WHERE ` + changeOK,
	}
	for _, p := range []struct {
		stmt **sql.Stmt
		sql  string
	}{
		{&im.runs, `INSERT INTO evolution_runs (id, group_id, trigger, actor, status, model, prompt_version, fence, watermark,
				new_watermark, messages, stats, tokens, report, error, started_at, finished_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`},
		{&im.msg.full, im.msg.sql(chunk)},
		{&im.mem.full, im.mem.sql(chunk)},
		{&im.chg.full, im.chg.sql(chunk)},
		{&im.out, `INSERT INTO outbox (group_id, memory_id, created_at) SELECT ?1, value, ?3 FROM json_each(?2) WHERE true`},
	} {
		s, err := tx.PrepareContext(ctx, p.sql)
		if err != nil {
			im.close()
			return nil, fmt.Errorf("prepare import: %w", err)
		}
		*p.stmt = s
	}
	return im, nil
}

// changeOK holds for a change (v: group_id, action, memory_id,
// new_memory_id, ..., run_id as column9) whose versions and run are of
// the group.
const changeOK = `EXISTS (SELECT 1 FROM memory_versions WHERE memory_id = v.column3 AND group_id = v.column1)
	AND (v.column4 IS NULL OR EXISTS (SELECT 1 FROM memory_versions WHERE memory_id = v.column4 AND group_id = v.column1))
	AND (v.column9 IS NULL OR EXISTS (SELECT 1 FROM evolution_runs WHERE id = v.column9 AND group_id = v.column1))`

func (im *importer) close() {
	for _, s := range []*sql.Stmt{im.runs, im.msg.full, im.mem.full, im.chg.full, im.out} {
		if s != nil {
			s.Close()
		}
	}
}

// wrote fails naming line unless res wrote one row.
func wrote(res sql.Result, err error, line int, format string, args ...any) error {
	if err != nil {
		return fmt.Errorf("line %d: %w", line, err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return ledger.Refused(line, format, args...)
	}
	return nil
}

// chunks calls write with each chunk of n rows in turn: its first row and
// its end. A chunk whose statement breaks a constraint (a version whose
// parent a refused row was, say) wrote nothing, SQLite undoing that
// statement alone and keeping the transaction; it is written again a row
// at a time, so that the first row refused or failing names its line.
func chunks(n int, write func(from, to int) error) error {
	for from := 0; from < n; from += chunk {
		to := min(from+chunk, n)
		err := write(from, to)
		var se *sqlite.Error
		if to-from > 1 && errors.As(err, &se) && se.Code()&0xff == sqlite3.SQLITE_CONSTRAINT {
			for i := from; i < to; i++ {
				if err := write(i, i+1); err != nil {
					return err
				}
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// returned collects the keys a statement's RETURNING gave.
func returned(rows *sql.Rows, err error) (map[string]bool, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	keys := map[string]bool{}
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			return nil, err
		}
		keys[k] = true
	}
	return keys, rows.Err()
}

func (im *importer) run(ctx context.Context, r groupmem.Run, line int) error {
	stats, _ := json.Marshal(r.Stats)
	tokens, _ := json.Marshal(r.Tokens)
	report, _ := json.Marshal(r.Report)
	var finished any
	if !r.FinishedAt.IsZero() {
		finished = nanos(r.FinishedAt)
	}
	res, err := im.runs.ExecContext(ctx, r.ID, im.group, r.Trigger, r.Actor, string(r.Status), r.Model, r.PromptVersion,
		r.Fence, r.Watermark, r.NewWatermark, r.Messages, string(stats), string(tokens), string(report), r.Error,
		nanos(r.StartedAt), finished)
	return wrote(res, err, line, "run %s is in the ledger already (of another group)", r.ID)
}

// messages writes a batch of messages, a chunk a statement; a message
// whose seq or id an earlier one holds writes nothing and names its line.
func (im *importer) messages(ctx context.Context, msgs []groupmem.StoredMessage, lines []int, now int64) error {
	return chunks(len(msgs), func(from, to int) error {
		args := make([]any, 0, 9*(to-from))
		keys := make([]string, 0, to-from)
		for i := from; i < to; i++ {
			m := msgs[i]
			if !storable(m.SentAt) {
				return ledger.Refused(lines[i], "sent_at is outside the years 1678 to 2261")
			}
			var redacted any
			if !m.RedactedAt.IsZero() {
				redacted = nanos(m.RedactedAt)
			}
			args = append(args, im.group, m.Seq, m.ID, m.SenderID, m.SenderName, m.Content, nanos(m.SentAt), now, redacted)
			keys = append(keys, strconv.FormatInt(m.Seq, 10))
		}
		written, err := returned(im.msg.query(ctx, im.tx, to-from, args))
		if err != nil {
			return fmt.Errorf("import messages at line %d: %w", lines[from], err)
		}
		return ledger.FirstSkipped(lines[from:to], keys, written, "message seq %s repeats a seq or message id of the file")
	})
}

// memories writes a batch of versions, a chunk a statement; a version
// whose id (or lineage and version) another holds, or whose run is not of
// the import, writes nothing and names its line.
func (im *importer) memories(ctx context.Context, mems []groupmem.Memory, lines []int) error {
	return chunks(len(mems), func(from, to int) error {
		args := make([]any, 0, 16*(to-from))
		keys := make([]string, 0, to-from)
		for _, m := range mems[from:to] {
			args = append(args, m.ID, m.LineageID, im.group, m.Statement, m.Version, nullString(m.ParentID),
				string(m.Status), encodeList(m.Tags), m.Strength, m.ChangeSummary, encodeList(m.Evidence),
				encodeVector(m.Embedding), nullString(m.RunID), nanos(m.CreatedAt), nanos(m.UpdatedAt), encodeList(m.Subjects))
			keys = append(keys, m.ID)
		}
		written, err := returned(im.mem.query(ctx, im.tx, to-from, args))
		if err != nil {
			return fmt.Errorf("import memory versions at line %d: %w", lines[from], err)
		}
		err = ledger.FirstSkipped(lines[from:to], keys, written, "memory version %s is in the ledger already (in this file, or of another group)")
		if err == nil {
			return nil
		}
		for i, m := range mems[from:to] {
			if written[m.ID] {
				delete(written, m.ID)
				continue
			}
			var ours bool
			if m.RunID != "" && im.tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM evolution_runs WHERE id = ? AND group_id = ?)`,
				m.RunID, im.group).Scan(&ours) == nil && !ours {
				return ledger.Refused(lines[from+i], "version %s names run %s, which is not a run of the file", m.ID, m.RunID)
			}
			break
		}
		return err
	})
}

// queue adds an outbox entry for each version of mems.
func (im *importer) queue(ctx context.Context, mems []groupmem.Memory, now int64) error {
	ids := make([]string, len(mems))
	for i, m := range mems {
		ids[i] = m.ID
	}
	list, _ := json.Marshal(ids) // a []string always marshals
	if _, err := im.out.ExecContext(ctx, im.group, string(list), now); err != nil {
		return fmt.Errorf("queue the imported versions: %w", err)
	}
	return nil
}

// changes writes a batch of change-log rows, a chunk a statement, in
// order; a change naming a version or run that is not of the import
// writes nothing and names its line.
func (im *importer) changes(ctx context.Context, changes []groupmem.Change, lines []int) error {
	return chunks(len(changes), func(from, to int) error {
		args := make([]any, 0, 11*(to-from))
		for _, c := range changes[from:to] {
			args = append(args, im.group, string(c.Action), c.MemoryID, nullString(c.NewMemoryID),
				c.OldStatement, c.NewStatement, c.Reason, c.Version, nullString(c.RunID), c.Actor, nanos(c.CreatedAt))
		}
		n, err := im.chg.exec(ctx, im.tx, to-from, args)
		if err != nil {
			return fmt.Errorf("import the change log at line %d: %w", lines[from], err)
		}
		if n == int64(to-from) {
			return nil
		}
		for i := from; i < to; i++ {
			var ok bool
			if err := im.tx.QueryRowContext(ctx, `SELECT `+changeOK+` FROM (VALUES `+tuple(11)+`) AS v`,
				args[11*(i-from):11*(i-from+1)]...).Scan(&ok); err != nil {
				return fmt.Errorf("import the change log at line %d: %w", lines[i], err)
			}
			if !ok {
				return ledger.Refused(lines[i], "the change of %s names a version or run that is not of the file", changes[i].MemoryID)
			}
		}
		return fmt.Errorf("import the change log at line %d: %d of %d rows written", lines[from], n, to-from)
	})
}

// state writes the group's state, ends the seq reservation, and has the
// message index catch up when messages came.
func (im *importer) state(ctx context.Context, s groupmem.GroupState, messages bool, now int64) error {
	_, err := im.tx.ExecContext(ctx, `UPDATE group_state SET watermark = ?2, fence = ?3, next_seq = ?4,
			seq_reserved_from = 0, seq_reserved_to = 0, updated_at = ?5 WHERE group_id = ?1`,
		im.group, s.Watermark, s.Fence, s.NextSeq, now)
	if err != nil {
		return fmt.Errorf("write the group's state: %w", err)
	}
	if messages {
		_, err = im.tx.ExecContext(ctx, `INSERT INTO outbox (group_id, memory_id, kind, created_at) VALUES (?1, ?2, 'messages', ?3)
			ON CONFLICT (group_id) WHERE kind = 'messages' AND done_at IS NULL AND claimed_until IS NULL DO NOTHING`,
			im.group, groupmem.NilID, now)
	}
	return err
}
