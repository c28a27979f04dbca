package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/ledger"
)

// ImportGroup implements groupmem.Transfer in one transaction. It first
// takes the group's state row (creating it), within the lock timeout as a
// whole, so no message, run or commit of the group can slip in, and checks
// the group is empty. Each batch of messages, versions or changes is
// checked by one statement that looks up each row's keys and references
// by index (the first row whose seq, message id, version id, lineage and
// version, or active lineage is taken, or that names a run or version not
// of the import, names its line; repeats within the batch are found
// before it), and then copied in with COPY, the versions' outbox entries
// too: no statement scans the group's rows, so a batch costs the same
// however many came before it. Runs, which are few, are inserted with ON
// CONFLICT DO NOTHING, the first skipped naming its line: all of them in
// one statement, in the order they began (importRuns). The next batch
// is read while one is written (ledger.ReadAhead). Messages keep their
// seqs: the state row reserves every seq for the transaction
// (migrations/0003_seq_by_database.sql) until the state is written.
func (l *Ledger) ImportGroup(ctx context.Context, groupID string, next func() (groupmem.GroupRows, error)) (groupmem.GroupCounts, error) {
	var counts groupmem.GroupCounts
	if err := groupmem.CheckGroupID(groupID); err != nil {
		return counts, err
	}
	err := l.inTx(ctx, func(tx pgx.Tx) error {
		counts = groupmem.GroupCounts{}
		if err := l.claimEmpty(ctx, tx, groupID); err != nil {
			return err
		}
		now := l.now().UTC()
		order := ledger.ImportOrder{}
		next, stop := ledger.ReadAhead(next)
		defer stop()
		var runs groupmem.GroupRows // every run of the file, written at once
		for {
			b, err := next()
			if err != nil && !errors.Is(err, io.EOF) {
				return err
			}
			if err == nil {
				if err := order.Check(b); err != nil {
					return err
				}
				counts.Add(b)
			}
			if len(b.Runs) > 0 {
				runs.Runs, runs.Lines = append(runs.Runs, b.Runs...), append(runs.Lines, b.Lines...)
				continue
			}
			if len(runs.Runs) > 0 {
				if err := importRuns(ctx, tx, groupID, runs); err != nil {
					return err
				}
				runs = groupmem.GroupRows{}
			}
			if err != nil { // io.EOF
				break
			}
			if err := importBatch(ctx, tx, groupID, b, counts.Messages > 0, now); err != nil {
				return err
			}
		}
		return order.Done()
	})
	if err != nil {
		return groupmem.GroupCounts{}, err
	}
	return counts, nil
}

// sendChecked sends b, whose first statement returns the ordinal of the
// first row it refuses (none when all pass) and whose second inserts the
// rows and returns the key of each row it wrote, and returns the index of
// the first refused row (-1 for none) and the keys written.
func sendChecked(ctx context.Context, tx pgx.Tx, b *pgx.Batch) (refused int, written map[string]bool, err error) {
	br := tx.SendBatch(ctx, b)
	defer br.Close()
	refused = -1
	var ord *int64
	if err := br.QueryRow().Scan(&ord); err != nil {
		return 0, nil, fmt.Errorf("check references: %w", err)
	}
	if ord != nil {
		return int(*ord) - 1, nil, nil
	}
	rows, err := br.Query()
	if err != nil {
		return 0, nil, err
	}
	keys, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return 0, nil, err
	}
	written = make(map[string]bool, len(keys))
	for _, k := range keys {
		written[k] = true
	}
	return refused, written, br.Close()
}

// importRuns inserts every run of an import in one statement, in the
// order they began (then by id), whatever their order in the file: each
// used run adds its usage to its day's row of usage_all_days, which the
// imports of the groups of one shard share (migration 0020), so the
// imports take those rows in one order, the days', and two of them never
// deadlock; it is also the order in which a run adds to the fewest
// running totals of its group's later days.
func importRuns(ctx context.Context, tx pgx.Tx, group string, b groupmem.GroupRows) error {
	n := len(b.Runs)
	ids, triggers, actors, statuses, models, prompts, errs := make([]string, n), make([]string, n), make([]string, n),
		make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	fences, watermarks, newWatermarks := make([]int64, n), make([]int64, n), make([]int64, n)
	msgs := make([]int32, n)
	stats, tokens, reports := make([]string, n), make([]string, n), make([]string, n)
	started, finished := make([]time.Time, n), make([]*time.Time, n)
	for i, r := range b.Runs {
		ids[i], triggers[i], actors[i], statuses[i], models[i], prompts[i], errs[i] = r.ID, r.Trigger, r.Actor,
			string(r.Status), r.Model, r.PromptVersion, r.Error
		fences[i], watermarks[i], newWatermarks[i], msgs[i] = r.Fence, r.Watermark, r.NewWatermark, int32(r.Messages)
		stats[i], tokens[i], reports[i] = mustJSON(r.Stats), mustJSON(r.Tokens), mustJSON(r.Report)
		started[i] = r.StartedAt
		if !r.FinishedAt.IsZero() {
			f := r.FinishedAt
			finished[i] = &f
		}
	}
	bt := &pgx.Batch{}
	bt.Queue(`SELECT NULL::bigint`)
	bt.Queue(`INSERT INTO evolution_runs (id, group_id, trigger, actor, status, model, prompt_version, fence, watermark,
			new_watermark, messages, stats, tokens, report, error, started_at, finished_at)
		SELECT id, $1, tr, ac, st, mo, pv, fe, wm, nwm, ms, sa::jsonb, tk::jsonb, rp::jsonb, er, sta, fin
		FROM unnest($2::text[]::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bigint[],
			$9::bigint[], $10::bigint[], $11::int[], $12::text[], $13::text[], $14::text[], $15::text[],
			$16::timestamptz[], $17::timestamptz[]) WITH ORDINALITY
			AS t(id, tr, ac, st, mo, pv, fe, wm, nwm, ms, sa, tk, rp, er, sta, fin, ord)
		ORDER BY sta, id
		ON CONFLICT DO NOTHING RETURNING id::text`,
		group, ids, triggers, actors, statuses, models, prompts, fences, watermarks, newWatermarks, msgs,
		stats, tokens, reports, errs, started, finished)
	_, written, err := sendChecked(ctx, tx, bt)
	if err != nil {
		return fmt.Errorf("import runs: %w", err)
	}
	return ledger.FirstSkipped(b.Lines, ids, written, "run %s is in the ledger already (of another group)")
}

func importMessages(ctx context.Context, tx pgx.Tx, group string, b groupmem.GroupRows, now time.Time) error {
	n := len(b.Messages)
	seqs, ids := make([]int64, n), make([]string, n)
	for i, m := range b.Messages {
		seqs[i], ids[i] = m.Seq, m.ID
	}
	var bad *int64
	err := tx.QueryRow(ctx, `SELECT min(ord) FROM unnest($2::bigint[], $3::text[]) WITH ORDINALITY AS t(seq, id, ord)
		WHERE (SELECT true FROM messages m WHERE m.group_id = $1 AND m.seq = t.seq)
			OR (SELECT true FROM messages m WHERE m.group_id = $1 AND m.message_id = t.id)`, group, seqs, ids).Scan(&bad)
	if err != nil {
		return fmt.Errorf("import messages: check ids: %w", err)
	}
	first := firstRepeat(n, func(i int) [2]string { return [2]string{fmt.Sprint(seqs[i]), ""} },
		func(i int) [2]string { return [2]string{"", ids[i]} })
	if i := earliest(first, bad); i >= 0 {
		return ledger.Refused(b.Lines[i], "message seq %d repeats a seq or message id of the file", seqs[i])
	}
	_, err = tx.CopyFrom(ctx, pgx.Identifier{"messages"},
		[]string{"group_id", "seq", "message_id", "sender_id", "sender_name", "content", "sent_at", "inserted_at", "redacted_at"},
		pgx.CopyFromSlice(n, func(i int) ([]any, error) {
			m := b.Messages[i]
			return []any{group, m.Seq, m.ID, m.SenderID, m.SenderName, m.Content, m.SentAt, now, nullTime(m.RedactedAt)}, nil
		}))
	if err != nil {
		return fmt.Errorf("import messages: %w", err)
	}
	return nil
}

// claimEmpty locks the group's state row (creating it), fails with
// ECONFLICT unless the group holds nothing, and reserves the whole range
// of seqs for the rows an import brings.
func (l *Ledger) claimEmpty(ctx context.Context, tx pgx.Tx, groupID string) error {
	if _, err := tx.Exec(ctx, `INSERT INTO group_state (group_id) VALUES ($1) ON CONFLICT DO NOTHING`, groupID); err != nil {
		return fmt.Errorf("take the group: %w", err)
	}
	if _, _, err := l.lockGroupState(ctx, tx, groupID); err != nil {
		return err
	}
	var used bool
	if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM messages WHERE group_id = $1)
		OR EXISTS (SELECT 1 FROM memory_versions WHERE group_id = $1)
		OR EXISTS (SELECT 1 FROM evolution_runs WHERE group_id = $1)
		OR EXISTS (SELECT 1 FROM memory_change_log WHERE group_id = $1)`, groupID).Scan(&used); err != nil {
		return fmt.Errorf("check the group is empty: %w", err)
	}
	if used {
		return ledger.GroupNotEmpty(groupID)
	}
	if _, err := tx.Exec(ctx, `UPDATE group_state SET seq_reserved_from = 1, seq_reserved_to = $2 WHERE group_id = $1`,
		groupID, int64(math.MaxInt64)); err != nil {
		return fmt.Errorf("reserve seqs: %w", err)
	}
	return nil
}

// importBatch writes one batch, which holds one kind of record other
// than runs (hadMessages: whether earlier batches brought messages).
func importBatch(ctx context.Context, tx pgx.Tx, groupID string, b groupmem.GroupRows, hadMessages bool, now time.Time) error {
	switch {
	case len(b.Messages) > 0:
		return importMessages(ctx, tx, groupID, b, now)
	case len(b.Memories) > 0:
		return importMemories(ctx, tx, groupID, b, now)
	case len(b.Changes) > 0:
		return importChanges(ctx, tx, groupID, b)
	case b.State != nil:
		return importState(ctx, tx, groupID, *b.State, hadMessages, now)
	}
	return nil
}

// importMemories checks a batch of versions in one statement (the first
// that names a run that is not of the import, or whose id, lineage and
// version, or active lineage another version holds, names its line), then
// copies them in, and their outbox entries.
func importMemories(ctx context.Context, tx pgx.Tx, group string, b groupmem.GroupRows, now time.Time) error {
	n := len(b.Memories)
	k, err := versionKeys(b)
	if err != nil {
		return err
	}
	ids, lineages, runs, parents, versions, statuses := k.ids, k.lineages, k.runs, k.parents, k.versions, k.statuses
	var bad *int64
	var foreignRun bool
	err = tx.QueryRow(ctx, `SELECT ord, run IS NOT NULL AND (SELECT r.group_id FROM evolution_runs r WHERE r.id = t.run) IS DISTINCT FROM $1
		FROM unnest($2::uuid[], $3::uuid[], $4::int[], $5::text[], $6::uuid[]) WITH ORDINALITY AS t(id, lineage, version, status, run, ord)
		WHERE (run IS NOT NULL AND (SELECT r.group_id FROM evolution_runs r WHERE r.id = t.run) IS DISTINCT FROM $1)
			OR (SELECT true FROM memory_versions v WHERE v.memory_id = t.id)
			OR (SELECT true FROM memory_versions v WHERE v.lineage_id = t.lineage AND v.version = t.version)
			OR (status = 'active' AND (SELECT true FROM memory_versions v WHERE v.lineage_id = t.lineage AND v.status = 'active'))
		ORDER BY ord LIMIT 1`, group, ids, lineages, versions, statuses, runs).Scan(&bad, &foreignRun)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("import memory versions: check ids: %w", err)
	}
	first := firstRepeat(n, func(i int) [2]string { return [2]string{b.Memories[i].ID, ""} },
		func(i int) [2]string { return [2]string{b.Memories[i].LineageID, fmt.Sprint(versions[i])} },
		func(i int) [2]string {
			if statuses[i] != string(groupmem.StatusActive) {
				return [2]string{}
			}
			return [2]string{b.Memories[i].LineageID, "active"}
		})
	i := earliest(first, bad)
	switch {
	case i < 0:
	case bad != nil && i == int(*bad)-1 && foreignRun:
		return ledger.Refused(b.Lines[i], "version %s names run %s, which is not a run of the file", b.Memories[i].ID, b.Memories[i].RunID)
	default:
		return ledger.Refused(b.Lines[i], "memory version %s is in the ledger already (in this file, or of another group)", b.Memories[i].ID)
	}
	_, err = tx.CopyFrom(ctx, pgx.Identifier{"memory_versions"},
		[]string{"memory_id", "lineage_id", "group_id", "statement", "version", "parent_id", "status", "tags", "strength",
			"change_summary", "evidence", "embedding", "run_id", "created_at", "updated_at", "subjects"},
		pgx.CopyFromSlice(n, func(i int) ([]any, error) {
			m := b.Memories[i]
			return []any{ids[i], lineages[i], group, m.Statement, versions[i], parents[i], statuses[i], list(m.Tags), m.Strength,
				m.ChangeSummary, list(m.Evidence), m.Embedding, runs[i], m.CreatedAt, m.UpdatedAt, list(m.Subjects)}, nil
		}))
	if err != nil {
		return fmt.Errorf("import memory versions: %w", err)
	}
	_, err = tx.CopyFrom(ctx, pgx.Identifier{"outbox"}, []string{"group_id", "memory_id", "created_at"},
		pgx.CopyFromSlice(n, func(i int) ([]any, error) { return []any{group, ids[i], now}, nil }))
	if err != nil {
		return fmt.Errorf("queue the imported versions: %w", err)
	}
	return nil
}

// keys are the columns of a batch of versions that the checks and the
// copy share, parsed once.
type keys struct {
	ids, lineages, runs, parents []pgtype.UUID
	versions                     []int32
	statuses                     []string
}

// versionKeys parses the ids of a batch of versions; a malformed one is
// refused naming its line.
func versionKeys(b groupmem.GroupRows) (keys, error) {
	n := len(b.Memories)
	k := keys{ids: make([]pgtype.UUID, n), lineages: make([]pgtype.UUID, n), runs: make([]pgtype.UUID, n),
		parents: make([]pgtype.UUID, n), versions: make([]int32, n), statuses: make([]string, n)}
	for i, m := range b.Memories {
		var err error
		if k.ids[i], err = parseID(m.ID); err == nil {
			if k.lineages[i], err = parseID(m.LineageID); err == nil {
				if k.runs[i], err = parseNullID(m.RunID); err == nil {
					k.parents[i], err = parseNullID(m.ParentID)
				}
			}
		}
		if err != nil {
			return k, ledger.Refused(b.Lines[i], "version %s: %v", groupmem.Truncate(m.ID, 40), err)
		}
		k.versions[i], k.statuses[i] = int32(m.Version), string(m.Status)
	}
	return k, nil
}

// importChanges checks that every change names versions and a run of the
// import (the first that does not names its line), then copies the batch
// in, in order, so the change log's ids keep the file's order.
func importChanges(ctx context.Context, tx pgx.Tx, group string, b groupmem.GroupRows) error {
	n := len(b.Changes)
	mems, newMems, runs := make([]pgtype.UUID, n), make([]pgtype.UUID, n), make([]pgtype.UUID, n)
	for i, c := range b.Changes {
		var err error
		if mems[i], err = parseID(c.MemoryID); err == nil {
			if newMems[i], err = parseNullID(c.NewMemoryID); err == nil {
				runs[i], err = parseNullID(c.RunID)
			}
		}
		if err != nil {
			return ledger.Refused(b.Lines[i], "the change of %s: %v", groupmem.Truncate(c.MemoryID, 40), err)
		}
	}
	// Each reference is looked up by its own key: a scalar subquery is
	// run per row on the primary key, whatever the planner knows of the
	// tables' sizes (a fresh import has no statistics yet).
	var bad *int64
	err := tx.QueryRow(ctx, `SELECT min(ord) FROM unnest($2::uuid[], $3::uuid[], $4::uuid[]) WITH ORDINALITY AS t(m, nm, run, ord)
		WHERE (SELECT v.group_id FROM memory_versions v WHERE v.memory_id = t.m) IS DISTINCT FROM $1
			OR (nm IS NOT NULL AND (SELECT v.group_id FROM memory_versions v WHERE v.memory_id = t.nm) IS DISTINCT FROM $1)
			OR (run IS NOT NULL AND (SELECT r.group_id FROM evolution_runs r WHERE r.id = t.run) IS DISTINCT FROM $1)`,
		group, mems, newMems, runs).Scan(&bad)
	if err != nil {
		return fmt.Errorf("import the change log: check references: %w", err)
	}
	if bad != nil {
		return ledger.Refused(b.Lines[*bad-1], "the change of %s names a version or run that is not of the file", b.Changes[*bad-1].MemoryID)
	}
	_, err = tx.CopyFrom(ctx, pgx.Identifier{"memory_change_log"},
		[]string{"group_id", "action", "memory_id", "new_memory_id", "old_statement", "new_statement", "change_summary",
			"version", "run_id", "actor", "created_at"},
		pgx.CopyFromSlice(n, func(i int) ([]any, error) {
			c := b.Changes[i]
			return []any{group, string(c.Action), mems[i], newMems[i], c.OldStatement, c.NewStatement, c.Reason,
				int32(c.Version), runs[i], c.Actor, c.CreatedAt}, nil
		}))
	if err != nil {
		return fmt.Errorf("import the change log: %w", err)
	}
	return nil
}

// importState writes the group's state, ends the seq reservation, and
// has the message index catch up when messages came.
func importState(ctx context.Context, tx pgx.Tx, group string, s groupmem.GroupState, messages bool, now time.Time) error {
	_, err := tx.Exec(ctx, `UPDATE group_state SET watermark = $2, fence = $3, next_seq = $4,
			seq_reserved_from = 0, seq_reserved_to = 0, updated_at = $5 WHERE group_id = $1`,
		group, s.Watermark, s.Fence, s.NextSeq, now)
	if err != nil {
		return fmt.Errorf("write the group's state: %w", err)
	}
	if messages {
		_, err = tx.Exec(ctx, `INSERT INTO outbox (group_id, memory_id, kind, created_at) VALUES ($1, $2, 'messages', $3)
			ON CONFLICT (group_id) WHERE kind = 'messages' AND done_at IS NULL AND claimed_until IS NULL DO NOTHING`,
			group, groupmem.NilID, now)
	}
	return err
}

// firstRepeat returns the index of the first of n rows that repeats, by
// one of keys, an earlier row of the batch (-1 for none); a key of zero
// value is no key.
func firstRepeat(n int, keys ...func(i int) [2]string) int {
	type keyOf struct {
		key int
		v   [2]string
	}
	seen := make(map[keyOf]bool, n*len(keys))
	for i := range n {
		for k, key := range keys {
			v := key(i)
			if v == ([2]string{}) {
				continue
			}
			at := keyOf{k, v}
			if seen[at] {
				return i
			}
			seen[at] = true
		}
	}
	return -1
}

// earliest returns the earlier of index i (-1 for none) and the
// 1-based ordinal ord (nil for none), as an index; -1 for neither.
func earliest(i int, ord *int64) int {
	if ord != nil && (i < 0 || int(*ord)-1 < i) {
		return int(*ord) - 1
	}
	return i
}

// parseID reads a row's id.
func parseID(s string) (pgtype.UUID, error) {
	var u pgtype.UUID
	if err := u.Scan(s); err != nil {
		return u, fmt.Errorf("%q is not an id", groupmem.Truncate(s, 40))
	}
	return u, nil
}

// parseNullID reads an id that may be absent ("").
func parseNullID(s string) (pgtype.UUID, error) {
	if s == "" {
		return pgtype.UUID{}, nil
	}
	return parseID(s)
}

// list gives an array column its value: never NULL.
func list(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// nullTime is t, or NULL when it is zero.
func nullTime(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

// mustJSON encodes a run's stats, tokens or report, which always encode.
func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
