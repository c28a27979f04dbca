package recall

import (
	"cmp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// mention is where a question names a member: units [start, end).
type mention struct {
	member     int // index in the members
	start, end int
	runes      int  // length of the name as written
	yields     bool // a common word or a number: time words read it first
}

// names finds the members q names and marks their units with the
// mention and, unless the name yields to time words, as blocked. Where
// mentions overlap, the longer wins; two members of the same name are both
// named.
func (p *reading) names(members []Member) []mention {
	for _, u := range p.us {
		p.seen.add(foldHash(u.low))
	}
	var ms []mention
	for k := range members {
		m := &members[k]
		ms = p.mentions(ms, k, m.ID)
		for _, name := range m.Names {
			ms = p.mentions(ms, k, name)
		}
	}
	slices.SortFunc(ms, func(a, b mention) int { return cmp.Or(b.runes-a.runes, a.start-b.start) })
	kept := ms[:0]
	for _, c := range ms {
		if p.clashes(kept, c) {
			continue
		}
		kept = append(kept, c)
		for u := c.start; u < c.end; u++ {
			if p.us[u].mention == 0 {
				p.us[u].mention = len(kept)
			}
			p.us[u].blocked = p.us[u].blocked || !c.yields
		}
	}
	return kept
}

// clashes reports whether c overlaps a mention kept other than at the
// same units.
func (p *reading) clashes(kept []mention, c mention) bool {
	for u := c.start; u < c.end; u++ {
		if n := p.us[u].mention; n != 0 && (kept[n-1].start != c.start || kept[n-1].end != c.end) {
			return true
		}
	}
	return false
}

// mentions appends the places q writes name of member k. A name of fewer
// than two characters is never read; a common word only where written
// capitalized and not inside a look-alike ("Will you").
func (p *reading) mentions(out []mention, k int, name string) []mention {
	fs, fe, _ := nextUnit(name, 0)
	if fs < 0 || !p.seen.has(foldHash(name[fs:fe])) {
		return out
	}
	name = lower(strings.TrimSpace(name))
	fs, fe, _ = nextUnit(name, 0)
	first := name[fs:fe]
	common := p.lx.common[name]
	yields := common || allDigits(name)
	for i := range p.us {
		if p.us[i].low != first || common && !p.us[i].upper {
			continue
		}
		end, runes, ok := p.nameAt(name, fe, i+1)
		runes += utf8.RuneCountInString(first)
		if !ok || runes < 2 || yields && p.inLookAlike(i, end) {
			continue
		}
		out = append(out, mention{member: k, start: i, end: end, runes: runes, yields: yields})
	}
	return out
}

// nameAt matches the units of name, in lower case, from byte at on with
// the question's from unit i on: the unit after the match and the
// characters matched.
func (p *reading) nameAt(name string, at, i int) (end, runes int, ok bool) {
	for {
		s, e, _ := nextUnit(name, at)
		if s < 0 {
			return i, runes, true
		}
		if i >= len(p.us) || p.us[i].low != name[s:e] {
			return 0, 0, false
		}
		runes += utf8.RuneCountInString(name[s:e])
		at, i = e, i+1
	}
}

// inLookAlike reports whether units [start, end) overlap a look-alike.
func (p *reading) inLookAlike(start, end int) bool {
	for k := max(start-4, 0); k < end; k++ {
		for _, m := range p.ms[p.starts[k]:p.starts[k+1]] {
			if m.m.role == roleLookAlike && m.end > start {
				return true
			}
		}
	}
	return false
}

// senders returns the ids of the members named, in order of first
// mention, leaving out mentions that yield to a time expression there.
func (p *reading) senders(kept []mention, members []Member) []string {
	slices.SortStableFunc(kept, func(a, b mention) int { return a.start - b.start })
	var ids []string
	for _, c := range kept {
		if c.yields && slices.ContainsFunc(p.us[c.start:c.end], func(u unit) bool { return u.timed }) {
			continue
		}
		if id := members[c.member].ID; !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	return ids
}

// allDigits reports whether s is all ASCII digits.
func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// unitSet is a Bloom filter of the units of a question, in lower case:
// most names are in no question, and this tells so cheaply.
type unitSet [4]uint64

// add adds a unit by its foldHash.
func (s *unitSet) add(h uint64) {
	s[h>>6&3] |= 1 << (h & 63)
	s[h>>14&3] |= 1 << (h >> 8 & 63)
}

// has reports whether a unit of hash h may be in the set.
func (s *unitSet) has(h uint64) bool {
	return s[h>>6&3]&(1<<(h&63)) != 0 && s[h>>14&3]&(1<<(h>>8&63)) != 0
}

// foldHash returns the FNV-1a hash of s in lower case (as lower makes it).
func foldHash(s string) uint64 {
	h := uint64(14695981039346656037)
	var buf [utf8.UTFMax]byte
	for _, r := range s {
		switch {
		case 'A' <= r && r <= 'Z':
			r += 'a' - 'A'
		case r >= utf8.RuneSelf && !caseless(r):
			r = unicode.ToLower(r)
		}
		for _, c := range buf[:utf8.EncodeRune(buf[:], r)] {
			h = (h ^ uint64(c)) * 1099511628211
		}
	}
	return h
}
