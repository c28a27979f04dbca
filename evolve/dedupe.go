package evolve

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/groupmem/groupmem"
)

// resolve settles the memories named by several steps: the first update
// wins; without one, a keep protects the memory from deletion; otherwise
// the first delete wins. The losers are marked dropped.
func resolve(ops []op, drops *[]groupmem.Drop) {
	type claim struct {
		update, delete int // index of the winning step, -1 for none
		keep           bool
	}
	claims := map[*entry]*claim{}
	for i := range ops {
		if ops[i].target == nil {
			continue
		}
		c := claims[ops[i].target]
		if c == nil {
			c = &claim{update: -1, delete: -1}
			claims[ops[i].target] = c
		}
		switch ops[i].kind {
		case groupmem.ActionKeep:
			c.keep = true
		case groupmem.ActionUpdate:
			if c.update < 0 {
				c.update = i
			}
		case groupmem.ActionDelete:
			if c.delete < 0 {
				c.delete = i
			}
		}
	}
	for i := range ops {
		o := &ops[i]
		if o.target == nil || o.kind == groupmem.ActionKeep {
			continue
		}
		c := claims[o.target]
		switch {
		case o.kind == groupmem.ActionUpdate && i != c.update,
			o.kind == groupmem.ActionDelete && (c.update >= 0 || c.keep):
			o.drop(drops, DropConflict)
		case o.kind == groupmem.ActionDelete && i != c.delete:
			o.drop(drops, DropDuplicate)
		}
	}
}

func (o *op) drop(drops *[]groupmem.Drop, reason string) {
	o.dropped = true
	text := string(o.kind)
	if o.statement != "" {
		text += " " + o.statement
	}
	*drops = append(*drops, groupmem.Drop{Line: o.line, Reason: reason, Text: Excerpt(text)})
}

// dedupe applies the near-duplicate rule to the creates of a pass, after
// resolve: a create close to a live memory or an earlier create is dropped,
// or turned into an update of a shown memory the pass leaves unchanged.
// Statements about two different members (their SubjectTag) are never
// duplicates, however alike their words: "Ann's phone is a Pixel 8" and
// "Bob's phone is a Pixel 7" are two memories. A statement about no member
// in particular (a model's create carries no tags) is compared with all.
func (s *state) dedupe(p *pass, ops *[]op, drops *[]groupmem.Drop) {
	idx := (*gramIndex)(nil)
	var owners []*entry   // owners[pos] is the memory at index position pos; nil for a create of this pass
	var subjects []string // subjects[pos] is the member the statement at pos is about, or ""
	changed := map[*entry]bool{}
	for _, o := range *ops {
		if !o.dropped && o.target != nil && o.kind != groupmem.ActionKeep {
			changed[o.target] = true
		}
	}
	shown := make(map[*entry]bool, len(p.shown))
	for _, e := range p.shown {
		shown[e] = true
	}
	for i := range *ops {
		o := &(*ops)[i]
		if o.kind != groupmem.ActionCreate {
			continue
		}
		if idx == nil {
			idx, owners = s.liveIndex(*ops)
			for _, e := range owners {
				subjects = append(subjects, subjectOf(e.currentTags()))
			}
		}
		subject := subjectOf(o.tags)
		pos, score := idx.best(o.grams, func(pos int) bool { return subject == "" || subjects[pos] == "" || subjects[pos] == subject })
		if pos < 0 || score < s.cfg.NearDuplicate {
			owners = append(owners, nil)
			subjects = append(subjects, subject)
			idx.add(o.grams)
			continue
		}
		e := owners[pos]
		if e == nil || !shown[e] || changed[e] || score == 1 {
			o.drop(drops, DropDuplicate)
			continue
		}
		o.kind, o.target, o.merged = groupmem.ActionUpdate, e, true
		changed[e] = true
		owners = append(owners, e)
		subjects = append(subjects, cmp.Or(subject, subjects[pos])) // the merged version takes the create's tags
		idx.add(o.grams)
	}
}

// liveIndex indexes every live memory as the pass's updates and deletes
// leave it.
func (s *state) liveIndex(ops []op) (*gramIndex, []*entry) {
	after := map[*entry]*op{}
	for i := range ops {
		if o := &ops[i]; !o.dropped && o.target != nil && o.kind != groupmem.ActionKeep {
			after[o.target] = o
		}
	}
	idx := newGramIndex()
	owners := make([]*entry, 0, len(s.entries))
	for _, e := range s.entries {
		g := e.grams
		if o := after[e]; o != nil {
			if o.kind == groupmem.ActionDelete {
				continue
			}
			g = o.grams
		}
		if e.deleted {
			continue
		}
		owners = append(owners, e)
		idx.add(g)
	}
	return idx, owners
}

// guard returns the review error when the pass, or the run with it, would
// delete too much.
func (s *state) guard(p *pass, ops []op) error {
	dels, initialDels := 0, 0
	for _, o := range ops {
		if !o.dropped && o.kind == groupmem.ActionDelete {
			dels++
			if o.target.orig.ID != "" {
				initialDels++
			}
		}
	}
	for _, e := range s.entries[:s.initial] {
		if e.deleted {
			initialDels++
		}
	}
	tooMany := func(n, of int) bool {
		return n >= s.cfg.MinDeleteGuard && float64(n) > s.cfg.MaxDeleteShare*float64(of)
	}
	var msg string
	switch {
	case tooMany(dels, len(p.Memories)):
		msg = fmt.Sprintf("pass %d would delete %d of the %d memories it showed", p.N, dels, len(p.Memories))
	case tooMany(initialDels, s.initial):
		msg = fmt.Sprintf("the run would delete %d of the group's %d memories", initialDels, s.initial)
	default:
		return nil
	}
	return groupmem.WrapError(groupmem.EREVIEW, msg+"; a person must review it", groupmem.ErrReview)
}

// SubjectTag is the prefix of the tag that names the member a memory is
// about ("member:u7"), set by an evolver that keeps what members say about
// themselves.
const SubjectTag = groupmem.SubjectTag

// subjectOf is the member a memory with tags is about, or "".
func subjectOf(tags []string) string {
	for _, t := range tags {
		if strings.HasPrefix(t, SubjectTag) {
			return t
		}
	}
	return ""
}

// currentTags are the tags the memory has as the run has left it.
func (e *entry) currentTags() []string {
	if e.tags != nil {
		return e.tags
	}
	return e.orig.Tags
}
