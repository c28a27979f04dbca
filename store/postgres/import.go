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

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/ledger"
)

// ImportGroup implements groupmem.Transfer in one transaction. It first
// takes the group's state row (creating it), within the lock timeout as a
// whole, so no message, run or commit of the group can slip in, and checks
// the group is empty. Each batch is one round trip: a statement that finds
// the first row naming a run or version that is not of the import, then
// the insert, which skips a row whose id is taken (ON CONFLICT DO NOTHING)
// and returns the ids it wrote, so the first row it skipped names its
// line. Messages keep their seqs: the state row reserves every seq for the
// transaction (migrations/0003_seq_by_database.sql) until the state is
// written.
func (l *Ledger) ImportGroup(ctx context.Context, groupID string, next func() (groupmem.GroupRows, error)) (groupmem.GroupCounts, error) {
	var counts groupmem.GroupCounts
	if err := groupmem.CheckGroupID(groupID); err != nil {
		return counts, err
	}
	err := l.inTx(ctx, func(tx pgx.Tx) error {
		counts = groupmem.GroupCounts{}
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
		now := l.now().UTC()
		order := ledger.ImportOrder{}
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
			switch {
			case len(b.Runs) > 0:
				err = importRuns(ctx, tx, groupID, b)
			case len(b.Messages) > 0:
				err = importMessages(ctx, tx, groupID, b, now)
			case len(b.Memories) > 0:
				err = importMemories(ctx, tx, groupID, b, now)
			case len(b.Changes) > 0:
				err = importChanges(ctx, tx, groupID, b)
			case b.State != nil:
				err = importState(ctx, tx, groupID, *b.State, counts.Messages > 0, now)
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
		ORDER BY ord
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
	seqs := make([]int64, n)
	keys, ids, senders, names, contents := make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	sent, redacted := make([]time.Time, n), make([]*time.Time, n)
	for i, m := range b.Messages {
		seqs[i], ids[i], senders[i], names[i], contents[i], sent[i] = m.Seq, m.ID, m.SenderID, m.SenderName, m.Content, m.SentAt
		keys[i] = fmt.Sprint(m.Seq)
		if !m.RedactedAt.IsZero() {
			r := m.RedactedAt
			redacted[i] = &r
		}
	}
	bt := &pgx.Batch{}
	bt.Queue(`SELECT NULL::bigint`)
	bt.Queue(`INSERT INTO messages (group_id, seq, message_id, sender_id, sender_name, content, sent_at, inserted_at, redacted_at)
		SELECT $1, seq, id, sender, name, content, sent, $8, red
		FROM unnest($2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[], $9::timestamptz[])
			WITH ORDINALITY AS t(seq, id, sender, name, content, sent, red, ord)
		ORDER BY ord
		ON CONFLICT DO NOTHING RETURNING seq::text`,
		group, seqs, ids, senders, names, contents, sent, now, redacted)
	_, written, err := sendChecked(ctx, tx, bt)
	if err != nil {
		return fmt.Errorf("import messages: %w", err)
	}
	return ledger.FirstSkipped(b.Lines, keys, written, "message seq %s repeats a message id of the file")
}

func importMemories(ctx context.Context, tx pgx.Tx, group string, b groupmem.GroupRows, now time.Time) error {
	n := len(b.Memories)
	ids, lineages, statements, statuses, summaries := make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	versions := make([]int32, n)
	parents, runs := make([]*string, n), make([]*string, n)
	strengths := make([]float64, n)
	created, updated := make([]time.Time, n), make([]time.Time, n)
	var tags, evidence, subjects ragged[string]
	var embeddings ragged[float32]
	hasEmbedding := make([]bool, n)
	for i, m := range b.Memories {
		ids[i], lineages[i], statements[i], statuses[i], summaries[i] = m.ID, m.LineageID, m.Statement, string(m.Status), m.ChangeSummary
		versions[i], parents[i], runs[i], strengths[i] = int32(m.Version), nullable(m.ParentID), nullable(m.RunID), m.Strength
		created[i], updated[i] = m.CreatedAt, m.UpdatedAt
		tags.add(m.Tags)
		evidence.add(m.Evidence)
		subjects.add(m.Subjects)
		embeddings.add(m.Embedding)
		hasEmbedding[i] = m.Embedding != nil
	}
	bt := &pgx.Batch{}
	bt.Queue(`SELECT min(ord) FROM unnest($2::text[]::uuid[]) WITH ORDINALITY AS t(run, ord)
		WHERE run IS NOT NULL AND NOT EXISTS (SELECT 1 FROM evolution_runs r WHERE r.id = t.run AND r.group_id = $1)`,
		group, runs)
	bt.Queue(`
		WITH written AS (
			INSERT INTO memory_versions (memory_id, lineage_id, group_id, statement, version, parent_id, status,
				tags, strength, change_summary, evidence, embedding, run_id, created_at, updated_at, subjects)
			SELECT id, lineage, $1::text, statement, version, parent, status,
				($9::text[])[tags_from + 1 : tags_to], strength, summary, ($12::text[])[ev_from + 1 : ev_to],
				CASE WHEN has_emb THEN ($15::real[])[emb_from + 1 : emb_to] END, run, created, updated,
				($21::text[])[sub_from + 1 : sub_to]
			FROM unnest($2::text[]::uuid[], $3::text[]::uuid[], $4::text[], $5::int[], $6::text[]::uuid[], $7::text[],
				$8::text[]::uuid[], $10::int[], $11::int[], $13::int[], $14::int[], $16::int[], $17::int[], $18::bool[],
				$19::float8[], $20::text[], $22::int[], $23::int[], $24::timestamptz[], $25::timestamptz[])
				WITH ORDINALITY AS t(id, lineage, statement, version, parent, status, run,
					tags_from, tags_to, ev_from, ev_to, emb_from, emb_to, has_emb, strength, summary, sub_from, sub_to,
					created, updated, ord)
			ORDER BY ord
			ON CONFLICT DO NOTHING RETURNING memory_id
		), queued AS (
			INSERT INTO outbox (group_id, memory_id, created_at) SELECT $1, memory_id, $26 FROM written
		)
		SELECT memory_id::text FROM written`,
		group, ids, lineages, statements, versions, parents, statuses, runs,
		tags.flat, tags.from, tags.to,
		evidence.flat, evidence.from, evidence.to,
		embeddings.flat, embeddings.from, embeddings.to, hasEmbedding,
		strengths, summaries,
		subjects.flat, subjects.from, subjects.to, created, updated, now)
	refused, written, err := sendChecked(ctx, tx, bt)
	if err != nil {
		return fmt.Errorf("import memory versions: %w", err)
	}
	if refused >= 0 {
		return ledger.Refused(b.Lines[refused], "version %s names run %s, which is not a run of the file",
			ids[refused], *runs[refused])
	}
	return ledger.FirstSkipped(b.Lines, ids, written, "memory version %s is in the ledger already (in this file, or of another group)")
}

func importChanges(ctx context.Context, tx pgx.Tx, group string, b groupmem.GroupRows) error {
	n := len(b.Changes)
	actions, mems, olds, news, reasons, actors := make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	newMems, runs := make([]*string, n), make([]*string, n)
	versions := make([]int32, n)
	created := make([]time.Time, n)
	for i, c := range b.Changes {
		actions[i], mems[i], olds[i], news[i], reasons[i], actors[i] = string(c.Action), c.MemoryID, c.OldStatement, c.NewStatement, c.Reason, c.Actor
		newMems[i], runs[i], versions[i], created[i] = nullable(c.NewMemoryID), nullable(c.RunID), int32(c.Version), c.CreatedAt
	}
	bt := &pgx.Batch{}
	bt.Queue(`SELECT min(ord) FROM unnest($2::text[]::uuid[], $3::text[]::uuid[], $4::text[]::uuid[]) WITH ORDINALITY AS t(m, nm, run, ord)
		WHERE NOT EXISTS (SELECT 1 FROM memory_versions v WHERE v.memory_id = t.m AND v.group_id = $1)
			OR (nm IS NOT NULL AND NOT EXISTS (SELECT 1 FROM memory_versions v WHERE v.memory_id = t.nm AND v.group_id = $1))
			OR (run IS NOT NULL AND NOT EXISTS (SELECT 1 FROM evolution_runs r WHERE r.id = t.run AND r.group_id = $1))`,
		group, mems, newMems, runs)
	bt.Queue(`INSERT INTO memory_change_log (group_id, action, memory_id, new_memory_id, old_statement,
			new_statement, change_summary, version, run_id, actor, created_at)
		SELECT $1, a, m, nm, os, ns, r, v, run, ac, at
		FROM unnest($2::text[], $3::text[]::uuid[], $4::text[]::uuid[], $5::text[], $6::text[], $7::text[], $8::int[],
			$9::text[]::uuid[], $10::text[], $11::timestamptz[])
			WITH ORDINALITY AS t(a, m, nm, os, ns, r, v, run, ac, at, ord)
		ORDER BY ord
		RETURNING ''::text`,
		group, actions, mems, newMems, olds, news, reasons, versions, runs, actors, created)
	refused, _, err := sendChecked(ctx, tx, bt)
	if err != nil {
		return fmt.Errorf("import the change log: %w", err)
	}
	if refused >= 0 {
		return ledger.Refused(b.Lines[refused], "the change of %s names a version or run that is not of the file", mems[refused])
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

// mustJSON encodes a run's stats, tokens or report, which always encode.
func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
