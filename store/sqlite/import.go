package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/ledger"
)

// ImportGroup implements groupmem.Transfer in one write transaction,
// which holds the file's write lock from its start, so nothing of the
// group can slip in between the check that it is empty and the commit.
// Rows are written one statement each, in order: a row whose id is taken,
// or that names a run or version that is not of the import, writes
// nothing and names its line. Messages keep their seqs: the state row
// reserves every seq for the transaction (schema/0003_seq_by_database.sql)
// until the state is written. Times are stored as given: to the
// microsecond, from a file.
func (l *Ledger) ImportGroup(ctx context.Context, groupID string, next func() (groupmem.GroupRows, error)) (groupmem.GroupCounts, error) {
	var counts groupmem.GroupCounts
	if err := groupmem.CheckGroupID(groupID); err != nil {
		return counts, err
	}
	err := l.inTx(ctx, func(tx *sql.Tx) error {
		counts = groupmem.GroupCounts{}
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
		if _, err := tx.ExecContext(ctx, `PRAGMA cache_size = -65536`); err != nil {
			return err
		}
		defer tx.ExecContext(context.WithoutCancel(ctx), `PRAGMA cache_size = -2000`)
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
			if err != nil {
				return err
			}
			if err := order.Check(b); err != nil {
				return err
			}
			for i := 0; err == nil && i < len(b.Runs); i++ {
				err = im.run(ctx, b.Runs[i], b.Lines[i])
			}
			for i := 0; err == nil && i < len(b.Messages); i++ {
				err = im.message(ctx, b.Messages[i], b.Lines[i], now)
			}
			for i := 0; err == nil && i < len(b.Memories); i++ {
				err = im.memory(ctx, b.Memories[i], b.Lines[i])
			}
			if err == nil && len(b.Memories) > 0 {
				err = im.queue(ctx, b.Memories, now)
			}
			for i := 0; err == nil && i < len(b.Changes); i++ {
				err = im.change(ctx, b.Changes[i], b.Lines[i])
			}
			if err == nil && b.State != nil {
				err = im.state(ctx, *b.State, counts.Messages > 0, now)
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

// importer holds the statements of one import, in its transaction.
type importer struct {
	tx                             *sql.Tx
	group                          string
	runs, msgs, mems, changes, out *sql.Stmt
}

func prepareImport(ctx context.Context, tx *sql.Tx, group string) (*importer, error) {
	im := &importer{tx: tx, group: group}
	for _, p := range []struct {
		stmt **sql.Stmt
		sql  string
	}{
		{&im.runs, `INSERT INTO evolution_runs (id, group_id, trigger, actor, status, model, prompt_version, fence, watermark,
				new_watermark, messages, stats, tokens, report, error, started_at, finished_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`},
		{&im.msgs, `INSERT INTO messages (group_id, seq, message_id, sender_id, sender_name, content, sent_at, inserted_at, redacted_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`},
		// A version whose run is not of the import writes nothing.
		{&im.mems, `INSERT INTO memory_versions (` + memoryColumns + `)
			SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16
			WHERE ?13 IS NULL OR EXISTS (SELECT 1 FROM evolution_runs WHERE id = ?13 AND group_id = ?3)
			ON CONFLICT DO NOTHING`},
		// A change whose versions or run are not of the import writes
		// nothing.
		{&im.changes, `INSERT INTO memory_change_log (group_id, action, memory_id, new_memory_id, old_statement,
				new_statement, change_summary, version, run_id, actor, created_at)
			SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11
			WHERE EXISTS (SELECT 1 FROM memory_versions WHERE memory_id = ?3 AND group_id = ?1)
				AND (?4 IS NULL OR EXISTS (SELECT 1 FROM memory_versions WHERE memory_id = ?4 AND group_id = ?1))
				AND (?9 IS NULL OR EXISTS (SELECT 1 FROM evolution_runs WHERE id = ?9 AND group_id = ?1))`},
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

func (im *importer) close() {
	for _, s := range []*sql.Stmt{im.runs, im.msgs, im.mems, im.changes, im.out} {
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

func (im *importer) message(ctx context.Context, m groupmem.StoredMessage, line int, now int64) error {
	var redacted any
	if !m.RedactedAt.IsZero() {
		redacted = nanos(m.RedactedAt)
	}
	if !storable(m.SentAt) {
		return ledger.Refused(line, "sent_at is outside the years 1678 to 2261")
	}
	res, err := im.msgs.ExecContext(ctx, im.group, m.Seq, m.ID, m.SenderID, m.SenderName, m.Content, nanos(m.SentAt), now, redacted)
	return wrote(res, err, line, "message id %q repeats one of the file", groupmem.Truncate(m.ID, 40))
}

func (im *importer) memory(ctx context.Context, m groupmem.Memory, line int) error {
	res, err := im.mems.ExecContext(ctx, m.ID, m.LineageID, im.group, m.Statement, m.Version, nullString(m.ParentID),
		string(m.Status), encodeList(m.Tags), m.Strength, m.ChangeSummary, encodeList(m.Evidence),
		encodeVector(m.Embedding), nullString(m.RunID), nanos(m.CreatedAt), nanos(m.UpdatedAt), encodeList(m.Subjects))
	if err := wrote(res, err, line, ""); err != nil {
		if m.RunID != "" {
			var ours bool
			if qerr := im.tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM evolution_runs WHERE id = ? AND group_id = ?)`,
				m.RunID, im.group).Scan(&ours); qerr == nil && !ours {
				return ledger.Refused(line, "version %s names run %s, which is not a run of the file", m.ID, m.RunID)
			}
		}
		return ledger.Refused(line, "memory version %s is in the ledger already (in this file, or of another group)", m.ID)
	}
	return nil
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

func (im *importer) change(ctx context.Context, c groupmem.Change, line int) error {
	res, err := im.changes.ExecContext(ctx, im.group, string(c.Action), c.MemoryID, nullString(c.NewMemoryID),
		c.OldStatement, c.NewStatement, c.Reason, c.Version, nullString(c.RunID), c.Actor, nanos(c.CreatedAt))
	return wrote(res, err, line, "the change of %s names a version or run that is not of the file", c.MemoryID)
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
