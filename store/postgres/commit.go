package postgres

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/ledger"
)

// CommitPlan implements groupmem.Ledger. The transaction first locks the
// group's state row and compares the fence, so a plan from a superseded
// run writes nothing (ESTALE); every transition is conditional on its From
// status (ECONFLICT otherwise). Timestamps of everything written are the
// one "now" of the transaction; plan is updated in place with them.
//
// The transaction takes two round trips (inBatchTx): BEGIN with every
// statement, the lock of the group's state row first; then COMMIT. The
// transitions and the inserts return the versions they leave
// (plan.Committed), so nothing is read back. The results
// are read in the batch's order and the transaction commits only when
// every one of them is as required (the fence is the run's, every
// transition moved its memory, the kept plan it commits, if any, was
// waiting, the run was still running); otherwise it
// rolls back, and whatever the statements after a failed check did goes
// with it.
func (l *Ledger) CommitPlan(ctx context.Context, plan *groupmem.Plan) error {
	if err := ledger.CleanPlan(plan); err != nil {
		return err
	}
	now := l.now().UTC()
	ledger.Stamp(plan, now)
	ids := plan.Touched()
	run := plan.Run
	run.Status = groupmem.RunSucceeded
	b, err := l.commitBatch(plan, &run, ids, now)
	if err != nil {
		return err
	}
	events := ledger.PlanEvents(plan.Changes, run)
	queueEvents(b, run.GroupID, events, now)
	var c committed
	read := func(br pgx.BatchResults) error {
		if err := l.readCommit(br, plan, &run, &c); err != nil {
			return err
		}
		return readEvents(br, events)
	}
	if err := l.inBatchTx(ctx, b, read); err != nil {
		return err
	}
	// Ids come from one sequence in insertion order, which is the order
	// of ids.
	slices.Sort(c.outbox)
	plan.Outbox, plan.Committed, plan.Run = c.outbox, inOrder(ids, c.moved, c.added), run
	return nil
}

// commitBatch queues the statements of CommitPlan in the order
// readCommit reads their results: the lock of the group's state row, the
// run's end (only while its record says running: a run whose beginning
// was lost, or that ended, goes no further), the transitions, the new
// versions, the change log, the outbox entries of ids, the watermark and
// the kept plan it applies (if any).
func (l *Ledger) commitBatch(plan *groupmem.Plan, run *groupmem.Run, ids []string, now time.Time) (*pgx.Batch, error) {
	b := &pgx.Batch{}
	l.groupLock.queue(b, `SELECT fence FROM group_state WHERE group_id = $1 FOR UPDATE`, plan.Run.GroupID)
	if err := queueFinishRun(b, run, now); err != nil {
		return nil, err
	}
	queueTransitions(b, plan, now)
	queueVersions(b, plan, now)
	queueChanges(b, plan.Changes)
	b.Queue(`INSERT INTO outbox (group_id, memory_id, created_at)
		SELECT $1, m, $3 FROM unnest($2::text[]::uuid[]) WITH ORDINALITY AS t(m, ord) ORDER BY ord
		RETURNING id`, plan.Run.GroupID, ids, now)
	b.Queue(`UPDATE group_state SET watermark = greatest(watermark, $2), updated_at = $3 WHERE group_id = $1`,
		plan.Run.GroupID, plan.Run.NewWatermark, now)
	queueApplied(b, plan, now)
	return b, nil
}

// committed is what a commit's statements returned: the outbox entries'
// ids and the versions the transitions and the inserts left.
type committed struct {
	outbox       []int64
	moved, added []groupmem.Memory
}

// readCommit reads the results of commitBatch into c, failing at the first
// that is not as required: the fence, a run not running, a transition that
// found its memory moved, a kept plan not waiting.
func (l *Ledger) readCommit(br pgx.BatchResults, plan *groupmem.Plan, run *groupmem.Run, c *committed) error {
	var fence int64
	found := false
	err := l.groupLock.read(br, func(rows pgx.Rows) error {
		found = true
		return rows.Scan(&fence)
	})
	if err != nil {
		return err
	}
	if err := checkFence(plan.Run, fence, found); err != nil {
		return err
	}
	if err := readFinishRun(br, run); err != nil {
		return err
	}
	if len(plan.Transitions) > 0 {
		if c.moved, err = queryMemories(br, "apply transitions"); err != nil {
			return err
		}
		if n := len(plan.Transitions); len(c.moved) != n {
			return ledger.StaleTransitions(n-len(c.moved), n)
		}
	}
	if len(plan.New) > 0 {
		if c.added, err = queryMemories(br, "insert versions"); err != nil {
			return err
		}
	}
	if len(plan.Changes) > 0 {
		if _, err := br.Exec(); err != nil {
			return fmt.Errorf("write change log: %w", err)
		}
	}
	rows, err := br.Query()
	if err == nil {
		c.outbox, err = pgx.CollectRows(rows, pgx.RowTo[int64])
	}
	if err != nil {
		return fmt.Errorf("write outbox: %w", err)
	}
	if _, err := br.Exec(); err != nil {
		return fmt.Errorf("raise watermark: %w", err)
	}
	return readApplied(br, plan)
}

// queryMemories reads the versions the next statement of br returned.
func queryMemories(br pgx.BatchResults, what string) ([]groupmem.Memory, error) {
	rows, err := br.Query()
	var mems []groupmem.Memory
	if err == nil {
		mems, err = pgx.CollectRows(rows, scanMemory)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return mems, nil
}

// inOrder returns the versions of moved and added in the order of ids.
func inOrder(ids []string, moved, added []groupmem.Memory) []groupmem.Memory {
	byID := make(map[string]groupmem.Memory, len(moved)+len(added))
	for _, m := range slices.Concat(moved, added) {
		byID[m.ID] = m
	}
	out := make([]groupmem.Memory, 0, len(ids))
	for _, id := range ids {
		if m, ok := byID[id]; ok {
			out = append(out, m)
		}
	}
	return out
}

// queueTransitions queues the statement that changes the status (and
// strength) of existing versions, each only while it is still in its From
// status, and returns the versions it changed: their number tells whether
// every one of them moved.
func queueTransitions(b *pgx.Batch, plan *groupmem.Plan, now time.Time) {
	n := len(plan.Transitions)
	if n == 0 {
		return
	}
	ids, from, to := make([]string, n), make([]string, n), make([]string, n)
	strength := make([]*float64, n)
	for i, t := range plan.Transitions {
		ids[i], from[i], to[i], strength[i] = t.MemoryID, string(t.From), string(t.To), t.Strength
	}
	b.Queue(`
		UPDATE memory_versions m SET status = t.to_status, strength = coalesce(t.strength, m.strength), updated_at = $6
		FROM unnest($1::text[]::uuid[], $2::text[], $3::text[], $4::float8[]) AS t(id, from_status, to_status, strength)
		WHERE m.memory_id = t.id AND m.group_id = $5 AND m.status = t.from_status
		RETURNING `+qualifiedColumns("m"),
		ids, from, to, strength, plan.Run.GroupID, now)
}

// queueVersions queues one statement that inserts the new versions of
// plan, stamped by ledger.Stamp, and returns them as stored: every one of them belongs to the run's
// group and was written by the run at now. Their tags, evidence and
// embeddings, one array per version, travel as one flat array each with
// the bounds of every version's part (see ragged).
func queueVersions(b *pgx.Batch, plan *groupmem.Plan, now time.Time) {
	n := len(plan.New)
	if n == 0 {
		return
	}
	ids, lineages, statements, statuses, summaries := make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	versions := make([]int32, n)
	parents := make([]*string, n)
	strengths := make([]float64, n)
	var tags, evidence, subjects ragged[string]
	var embeddings ragged[float32]
	hasEmbedding := make([]bool, n)
	for i, m := range plan.New {
		ids[i], lineages[i], statements[i], statuses[i], summaries[i] = m.ID, m.LineageID, m.Statement, string(m.Status), m.ChangeSummary
		versions[i], parents[i], strengths[i] = int32(m.Version), nullable(m.ParentID), m.Strength
		tags.add(m.Tags)
		evidence.add(m.Evidence)
		subjects.add(m.Subjects)
		embeddings.add(m.Embedding)
		hasEmbedding[i] = m.Embedding != nil
	}
	b.Queue(`
		INSERT INTO memory_versions (memory_id, lineage_id, group_id, statement, version, parent_id, status,
			tags, strength, change_summary, evidence, embedding, run_id, created_at, updated_at, subjects)
		SELECT id, lineage, $1::text, statement, version, parent, status,
			($10::text[])[tags_from + 1 : tags_to], strength, summary, ($13::text[])[ev_from + 1 : ev_to],
			CASE WHEN has_emb THEN ($16::real[])[emb_from + 1 : emb_to] END, $2::uuid, $3::timestamptz, $3::timestamptz,
			($22::text[])[sub_from + 1 : sub_to]
		FROM unnest($4::text[]::uuid[], $5::text[]::uuid[], $6::text[], $7::int[], $8::text[]::uuid[], $9::text[],
			$11::int[], $12::int[], $14::int[], $15::int[], $17::int[], $18::int[], $19::bool[], $20::float8[], $21::text[],
			$23::int[], $24::int[])
			WITH ORDINALITY AS t(id, lineage, statement, version, parent, status,
				tags_from, tags_to, ev_from, ev_to, emb_from, emb_to, has_emb, strength, summary, sub_from, sub_to, ord)
		ORDER BY ord
		RETURNING `+memoryColumns,
		plan.Run.GroupID, plan.Run.ID, now,
		ids, lineages, statements, versions, parents, statuses,
		tags.flat, tags.from, tags.to,
		evidence.flat, evidence.from, evidence.to,
		embeddings.flat, embeddings.from, embeddings.to, hasEmbedding,
		strengths, summaries,
		subjects.flat, subjects.from, subjects.to)
}

// ragged carries one array per row in a single statement parameter: the
// rows' arrays one after the other in flat, and row i's part at
// flat[from[i]:to[i]] (in SQL, flat[from + 1 : to], which is '{}' for an
// empty part). Its slices are never nil, so none is sent as NULL.
type ragged[T any] struct {
	flat     []T
	from, to []int32
}

// add appends the array of the next row.
func (r *ragged[T]) add(part []T) {
	if r.flat == nil {
		r.flat = []T{}
	}
	r.from = append(r.from, int32(len(r.flat)))
	r.flat = append(r.flat, part...)
	r.to = append(r.to, int32(len(r.flat)))
}

// queueChanges queues one multi-row insert of change-log rows.
func queueChanges(b *pgx.Batch, changes []groupmem.Change) {
	n := len(changes)
	if n == 0 {
		return
	}
	action, mem, newMem := make([]string, n), make([]string, n), make([]*string, n)
	oldSt, newSt, reason, actor := make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	version := make([]int32, n)
	for i, c := range changes {
		action[i], mem[i], newMem[i] = string(c.Action), c.MemoryID, nullable(c.NewMemoryID)
		oldSt[i], newSt[i], reason[i], actor[i], version[i] = c.OldStatement, c.NewStatement, c.Reason, c.Actor, int32(c.Version)
	}
	c := changes[0]
	b.Queue(`INSERT INTO memory_change_log (group_id, action, memory_id, new_memory_id, old_statement,
			new_statement, change_summary, version, actor, run_id, created_at)
		SELECT $1, a, m, nm, os, ns, r, v, ac, $10, $11
		FROM unnest($2::text[], $3::text[]::uuid[], $4::text[]::uuid[], $5::text[], $6::text[], $7::text[], $8::int[], $9::text[])
			WITH ORDINALITY AS t(a, m, nm, os, ns, r, v, ac, ord)
		ORDER BY ord`,
		c.GroupID, action, mem, newMem, oldSt, newSt, reason, version, actor, c.RunID, c.CreatedAt)
}

// checkFence fails with ESTALE unless the group's state row was found
// (ENOTFOUND otherwise) and holds the run's fence.
func checkFence(run groupmem.Run, fence int64, found bool) error {
	if !found {
		return groupmem.Errorf(groupmem.ENOTFOUND, "group %s has no runs", run.GroupID)
	}
	if fence != run.Fence {
		return groupmem.Errorf(groupmem.ESTALE, "run %s holds fence %d but group %s is at %d; another run took over",
			run.ID, run.Fence, run.GroupID, fence)
	}
	return nil
}

func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
