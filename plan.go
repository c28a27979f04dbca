package groupmem

// CleanPlan checks that a plan is well formed and cleans its text, before a
// ledger starts a transaction: EINVALID for a bad run or memory id, a
// memory of another group, a version that fails CleanMemory, a lowered
// watermark, a transition with an invalid status or strength, or one
// memory transitioned twice. Every ledger calls it, so they accept and
// store exactly the same plans.
func CleanPlan(plan *Plan) error {
	r := &plan.Run
	if err := CheckID(r.ID); err != nil {
		return err
	}
	if err := CheckGroupID(r.GroupID); err != nil {
		return err
	}
	if r.NewWatermark < r.Watermark {
		return Errorf(EINVALID, "plan would lower the watermark from %d to %d", r.Watermark, r.NewWatermark)
	}
	for i := range plan.New {
		m, err := CleanMemory(plan.New[i])
		if err != nil {
			return err
		}
		if m.GroupID != r.GroupID {
			return Errorf(EINVALID, "memory %s belongs to group %q, not %q", m.ID, m.GroupID, r.GroupID)
		}
		plan.New[i] = m
	}
	moved := make(map[string]bool, len(plan.Transitions))
	for _, t := range plan.Transitions {
		if err := CheckID(t.MemoryID); err != nil {
			return err
		}
		if moved[t.MemoryID] {
			return Errorf(EINVALID, "plan changes memory %s twice", t.MemoryID)
		}
		moved[t.MemoryID] = true
		if !t.From.Valid() || !t.To.Valid() {
			return Errorf(EINVALID, "transition of %s has an invalid status", t.MemoryID)
		}
		if t.Strength != nil {
			if err := CheckStrength(*t.Strength); err != nil {
				return err
			}
		}
	}
	for i := range plan.Changes {
		c := &plan.Changes[i]
		if err := CheckID(c.MemoryID); err != nil {
			return err
		}
		if c.NewMemoryID != "" {
			if err := CheckID(c.NewMemoryID); err != nil {
				return err
			}
		}
		c.OldStatement = CleanText(c.OldStatement)
		c.NewStatement = CleanText(c.NewStatement)
		c.Reason = TruncateRunes(CleanText(c.Reason), MaxReasonRunes)
		c.Actor = CleanActor(c.Actor)
	}
	return nil
}

// Touched lists every version a plan writes, each once, in plan order:
// the versions whose index points must be brought up to date.
func (p *Plan) Touched() []string {
	ids := make([]string, 0, len(p.New)+len(p.Transitions))
	seen := make(map[string]bool, cap(ids))
	add := func(id string) {
		if !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	for _, t := range p.Transitions {
		add(t.MemoryID)
	}
	for _, m := range p.New {
		add(m.ID)
	}
	return ids
}

// CleanReport returns r with its text made safe to store (Postgres rejects
// NUL even escaped in jsonb) and excerpts cut short.
func CleanReport(r Report) Report {
	r.Finish = CleanActor(r.Finish)
	drops := make([]Drop, len(r.Dropped))
	for i, d := range r.Dropped {
		drops[i] = Drop{Line: d.Line, Reason: CleanError(d.Reason), Text: Truncate(CleanText(d.Text), 200)}
	}
	r.Dropped = drops
	return r
}
