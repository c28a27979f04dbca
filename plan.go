package groupmem

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
