package offline

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/groupmem/groupmem"
)

// What a group has settled on and may change later — where carpools leave
// from, which floor the team sits on, what the project is called now, what
// a reunion costs a head — is kept as a setting memory, said once: a line
// that states or changes it (Language.Setting), about the group rather
// than its sender alone. A later line about the same setting (its vector
// close to the memory's) extends the memory with its date, as a member's
// single-valued fact is extended. A setting carries TagSetting; like a
// member's fact, it does not fade for want of repetition.
const TagSetting = "setting"

// settingSimilarity is how close a line's vector must be to a setting
// memory's to be about the same setting.
const settingSimilarity = 0.4

// isSetting reports whether a memory holds a setting of the group.
func isSetting(m *groupmem.Memory) bool { return slices.Contains(m.Tags, TagSetting) }

// settings decides what the run's new lines say the group has settled on
// or changed: a new setting memory for each, or the next version of the
// setting memory the line is about. A line another decision of the run
// (taken) already words or cites — a habit that changed, a member's fact —
// is left to it.
// seeds are the vectors of mems, in order.
func (f *Fuser) settings(items []*item, mems []groupmem.Memory, seeds []sparse, taken decisions) decisions {
	ls := f.cfg.Languages
	said := map[string]bool{}
	for _, m := range mems {
		said[m.Statement] = true
	}
	cited := map[string]bool{} // lines another decision of the run words
	for _, d := range taken {
		said[d.statement] = true
		if d.kind != groupmem.ActionKeep {
			for _, id := range d.evidence {
				cited[id] = true
			}
		}
	}
	type setting struct {
		vec sparse
		d   *decision        // this run's decision about it, if any
		mem *groupmem.Memory // its memory, if any
	}
	var known []*setting
	for i := range mems {
		if isSetting(&mems[i]) && mems[i].Status == groupmem.StatusActive && i < len(seeds) {
			known = append(known, &setting{vec: seeds[i], mem: &mems[i]})
		}
	}
	var ds decisions
	for _, it := range items {
		if !it.fresh || cited[it.msg.ID] {
			continue // a habit's change, or a member's fact, says it already
		}
		sentence, ok := settingOf(ls, it.msg.Content)
		if !ok {
			continue
		}
		m := it.msg
		m.Content = sentence
		st := f.statement(m)
		if st == "" || said[st] || len([]rune(st)) > f.cfg.MaxStatementRunes {
			continue
		}
		said[st] = true
		var best *setting
		bestSim := settingSimilarity
		for _, s := range known {
			if sim := it.vec.dotSparse(s.vec); sim >= bestSim {
				best, bestSim = s, sim
			}
		}
		day := it.msg.SentAt.In(f.cfg.Evolve.Location)
		d := &decision{kind: groupmem.ActionCreate, statement: st, evidence: []string{it.msg.ID},
			strength: 0.6, tags: []string{TagSetting},
			reason: fmt.Sprintf("%s said how the group has it on %s", sender(it.msg), day.Format(time.DateOnly))}
		if best != nil {
			cur := best.d
			if cur == nil && !saysNew(ls, st, best.mem.Statement) || cur != nil && !saysNew(ls, st, cur.statement) {
				continue // said already: a setting repeated is no change
			}
		}
		switch {
		case best != nil && best.d != nil:
			// A second line of the run about the same setting extends the
			// first one's decision.
			sofar := groupmem.Memory{Statement: best.d.statement, Evidence: best.d.evidence}
			if best.mem != nil {
				sofar.ID = best.mem.ID
			}
			f.extendSetting(d, &sofar, it.msg)
			best.d.statement, best.d.evidence, best.d.reason = d.statement, d.evidence, d.reason
			continue
		case best != nil:
			f.extendSetting(d, best.mem, it.msg)
			best.d = d
		default:
			known = append(known, &setting{vec: it.vec, d: d})
		}
		ds = append(ds, d)
	}
	return ds
}

// settingOf returns the sentence of text that states or changes a setting
// of the group in some language of ls, unless it asks, or speaks of its
// sender alone ("I moved to Denver" is the member's own fact).
func settingOf(ls []Language, text string) (string, bool) {
	for _, s := range sentencesOf(text) {
		// Every language that owns the sentence reads it: "Moving voice to
		// QQ频道" is an English sentence that Chinese owns too.
		found, alone := false, false
		for i := range ls {
			l := &ls[i]
			if !l.Owns(s) {
				continue
			}
			found = found || l.Setting != nil && l.Setting.MatchString(s)
			alone = alone || l.Singular != nil && l.Singular.MatchString(s)
		}
		if !found || alone || asks(ls, s) || contentUnits(ls, s) < novelMinUnits {
			continue // no setting, one's own, a question, or a reply of a few words ("有，收费的")
		}
		return s, true
	}
	return "", false
}

// sentencesOf splits text into its sentences (sentenceEnd).
func sentencesOf(text string) []string {
	var out []string
	for text != "" {
		end := sentenceEnd(text)
		if s := strings.TrimSpace(text[:end]); s != "" {
			out = append(out, s)
		}
		text = text[end:]
	}
	return out
}

// extendSetting turns d, a new line about a setting, into the next
// version of its memory old, as extend does for a member's fact: the
// earlier statement is kept, the new line follows with its date, and the
// evidence is both.
func (f *Fuser) extendSetting(d *decision, old *groupmem.Memory, m groupmem.Message) {
	f.extend(d, old, m, "said how the group has it now")
	if old.ID == "" {
		d.kind, d.mem = groupmem.ActionCreate, nil // extends this run's own new setting
	}
}
