package longchat

import (
	"bytes"
	"fmt"
	"slices"
)

// write returns the chat as a transcript and gives every message its id.
func (b *builder) write() []byte {
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "# %s: a chat of the long-chat retrieval evaluation set (%s split).\n", b.th.id, b.th.split)
	fmt.Fprintf(&buf, "group %s\nzone %s\n", b.th.id, b.th.zone)
	for _, m := range b.members {
		fmt.Fprintf(&buf, "member %s %s\n", m.id, m.name)
	}
	n := 0
	for _, d := range b.days {
		fmt.Fprintf(&buf, "\nday %s\n", d.date.Format("2006-01-02"))
		for _, t := range b.timeline(d) {
			n++
			t.e.id = fmt.Sprintf("msg-%04d", n)
			fmt.Fprintf(&buf, "%02d:%02d %s %s\n", t.at/60, t.at%60, t.e.from.id, t.e.text)
			if t.e.kind != "" {
				b.facts = append(b.facts, Fact{ID: t.e.id, Kind: t.e.kind, Value: t.e.val})
			}
		}
	}
	return buf.Bytes()
}

// timed is a message and its time, in minutes after midnight.
type timed struct {
	at int
	e  *msg
}

// Where each part of the day starts (at the earliest, plus up to the
// jitter) and ends, in minutes after midnight.
var (
	slotStart  = [...]int{morning: 7*60 + 5, lunch: 11*60 + 50, evening: 18*60 + 10, bedtime: 22*60 + 30}
	slotJitter = [...]int{morning: 80, lunch: 40, evening: 140, bedtime: 70}
	slotEnd    = [...]int{morning: 9*60 + 50, lunch: 14*60 + 10, evening: 23*60 + 40, bedtime: 23*60 + 59}
)

// timeline orders a day's scenes by the part of the day they belong to
// and gives their messages times: a minute or so apart within a scene,
// longer between scenes, squeezed when a part of the day is busy, never
// going backwards.
func (b *builder) timeline(d *day) []timed {
	scenes := shuffled(b.r, d.scenes)
	slices.SortStableFunc(scenes, func(x, y *scene) int { return x.slot - y.slot })
	var out []timed
	cursor := 0
	for slot := morning; slot <= bedtime; slot++ {
		var gaps []int
		var lines []*msg
		for _, s := range scenes {
			if s.slot != slot {
				continue
			}
			for k, e := range s.lines {
				gap := b.r.IntN(4)
				if k == 0 && len(lines) > 0 {
					gap = 3 + b.r.IntN(40)
				}
				gaps, lines = append(gaps, gap), append(lines, e)
			}
		}
		if len(lines) == 0 {
			continue
		}
		at := max(cursor+1, slotStart[slot]+b.r.IntN(slotJitter[slot]))
		total := 0
		for _, g := range gaps {
			total += g
		}
		room := max(slotEnd[slot]-at, 0)
		for k, e := range lines {
			g := gaps[k]
			if total > room {
				g = g * room / total
			}
			at = min(at+g, 23*60+59)
			out = append(out, timed{at, e})
		}
		cursor = at
	}
	return out
}

// questions returns the group's questions with the ids of their messages.
func (b *builder) questions() []Question {
	var out []Question
	for _, p := range b.qs {
		q := Question{Group: b.th.id, Kind: p.kind, Text: p.text, Answer: p.answer, values: p.values, when: p.when}
		for _, e := range p.evidence {
			q.Evidence = append(q.Evidence, e.id)
		}
		for _, e := range append(p.distractors, b.like[p.like]...) {
			if !slices.Contains(p.evidence, e) && !slices.Contains(q.Distractors, e.id) {
				q.Distractors = append(q.Distractors, e.id)
			}
		}
		slices.Sort(q.Distractors)
		out = append(out, q)
	}
	return out
}
