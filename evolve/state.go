package evolve

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/prompts"
)

// errNoAction is the cause of the error applyAnswer returns for an answer
// in which no action survives validation; nothing of it was applied.
var errNoAction = errors.New("the answer holds no valid action")

// Sizes, in estimated tokens, used to reserve room in a prompt.
const (
	frameSlack = 48 // counts, dates and headings that change with the content
	slotTokens = 40 // a memory a later pass may create: a line with a short statement
	minMsgRoom = 256
)

// state is one evolution run in memory: every active memory of the group
// as the passes so far have left it. It is not safe for concurrent use.
type state struct {
	cfg     Config
	groupID string
	now     time.Time

	entries []*entry // the initial memories in the order given, then creates in order
	initial int      // how many of entries were given to newState

	passes   int   // passes applied
	messages int   // messages shown in applied passes
	review   error // set once a pass tripped the deletion guard
	report   groupmem.Report

	memRoom int // tokens a pass may spend on memory lines
	msgRoom int // tokens a pass may spend on message lines
}

// entry is one memory during a run.
type entry struct {
	orig      groupmem.Memory // the committed version; zero ID for a memory created in this run
	statement string          // as the run has left it
	grams     []uint64        // of statement
	reasons   []string        // change reasons of the updates, in order
	delReason string
	evidence  []string // message ids, newest pass first
	deleted   bool
	touched   int // the last pass that created or changed it
	// Set by actions of an evolver that decides them (Action.Strength,
	// Action.Tags): the strength and tags of the version written, and a
	// new strength of a memory kept as it is, with its reason.
	strength         *float64
	tags             []string
	subjects         []string // the members the version written is about, when an action said
	restrength       *float64
	restrengthReason string
	// shownAt, shownAs and shownTokens remember what the entry's prompt
	// line took when last measured: shown under alias M(shownAt+1) with
	// statement shownAs (see state.memoryTokens).
	shownAt     int
	shownAs     string
	shownTokens int
}

// setStrength takes the strength and tags an update or create asks for.
// A create that became an update of a near-duplicate keeps the stronger
// of the two strengths.
func (e *entry) setStrength(o *op) {
	if o.strength != nil {
		s := *o.strength
		if o.merged {
			s = max(s, e.orig.Strength)
		}
		e.strength = &s
	}
	if o.tags != nil {
		e.tags = o.tags
	}
	if o.subjects != nil {
		e.subjects = o.subjects
	}
}

// version is the version number the memory has, or will have once the
// run commits.
func (e *entry) version() int {
	switch {
	case e.orig.ID == "":
		return 1
	case e.statement != e.orig.Statement:
		return e.orig.Version + 1
	}
	return e.orig.Version
}

// newState starts a run for groupID over memories, which must be every
// active version of the group. now is the run's time: the date the prompt
// calls today and the time of every version and change the plan writes.
// It returns EINVALID for a bad configuration (naming the setting), a bad
// group id, a zero now, a memory of another group or not active, two
// versions with one id or one lineage, or a MaxPromptTokens too small to
// hold a prompt.
func newState(groupID string, memories []groupmem.Memory, cfg Config, now time.Time) (*state, error) {
	cfg, err := cfg.WithDefaults()
	if err != nil {
		return nil, err
	}
	if err := groupmem.CheckGroupID(groupID); err != nil {
		return nil, err
	}
	if now.IsZero() {
		return nil, groupmem.Errorf(groupmem.EINVALID, "evolution time is zero")
	}
	s := &state{cfg: cfg, groupID: groupID, now: now, initial: len(memories)}
	seen := make(map[string]bool, 2*len(memories))
	for _, m := range memories {
		if _, err := groupmem.CleanMemory(m); err != nil {
			return nil, fmt.Errorf("check memory %s: %w", groupmem.Truncate(m.ID, 40), err)
		}
		switch {
		case m.GroupID != groupID:
			return nil, groupmem.Errorf(groupmem.EINVALID, "memory %s belongs to group %q, not %q", m.ID, m.GroupID, groupID)
		case m.Status != groupmem.StatusActive:
			return nil, groupmem.Errorf(groupmem.EINVALID, "memory %s is %s, not active", m.ID, m.Status)
		case seen[m.ID] || seen["lineage:"+m.LineageID]:
			return nil, groupmem.Errorf(groupmem.EINVALID, "memory %s repeats a version or a lineage", m.ID)
		}
		seen[m.ID], seen["lineage:"+m.LineageID] = true, true
		s.entries = append(s.entries, &entry{orig: m, statement: m.Statement, grams: grams(m.Statement)})
	}
	if err := s.budget(); err != nil {
		return nil, err
	}
	return s, nil
}

// budget splits MaxPromptTokens between the fixed text, the memories and
// the messages. Memories get what the highest-ranked ones take now plus
// room for memories later passes may create, at most half of what the
// fixed text leaves; messages get the rest.
//
// A whole run (Config.Whole) is measured by nothing: every memory and
// every message fit.
func (s *state) budget() error {
	if s.cfg.Whole {
		s.memRoom, s.msgRoom = math.MaxInt32, math.MaxInt32
		return nil
	}
	sys, usr, err := prompts.Render(prompts.Input{Lang: s.cfg.Lang, GroupID: s.groupID, Now: s.localNow()})
	if err != nil {
		return err
	}
	room := s.cfg.MaxPromptTokens - prompts.EstimateTokens(sys) - prompts.EstimateTokens(usr) - frameSlack
	if room < 2*minMsgRoom {
		return groupmem.Errorf(groupmem.EINVALID, "evolve MaxPromptTokens %d is too small: the instructions alone take about %d", s.cfg.MaxPromptTokens, s.cfg.MaxPromptTokens-room)
	}
	shown := s.choose(room / 2)
	used := 0
	for i, e := range shown {
		used += s.memoryTokens(i, e)
	}
	s.memRoom = min(room/2, used+(s.cfg.MaxMemories-len(shown))*slotTokens)
	s.msgRoom = room - s.memRoom
	return nil
}

func (s *state) localNow() time.Time { return s.now.In(s.cfg.Location) }

// rank orders the live memories for showing: those created or changed by
// this run first (latest pass first), then by strength, then the most
// recently updated, then the order given.
func (s *state) rank() []*entry {
	live := make([]*entry, 0, len(s.entries))
	for _, e := range s.entries {
		if !e.deleted {
			live = append(live, e)
		}
	}
	slices.SortStableFunc(live, func(a, b *entry) int {
		return cmp.Or(
			cmp.Compare(b.touched, a.touched),
			cmp.Compare(s.strength(b), s.strength(a)),
			b.orig.UpdatedAt.Compare(a.orig.UpdatedAt),
		)
	})
	return live
}

// live counts the memories the run has not deleted so far.
func (s *state) live() int {
	n := 0
	for _, e := range s.entries {
		if !e.deleted {
			n++
		}
	}
	return n
}

func (s *state) strength(e *entry) float64 {
	if e.orig.ID == "" {
		return s.cfg.DefaultStrength
	}
	return e.orig.Strength
}

// choose returns the memories a pass shows: in rank order, at most
// MaxMemories, skipping any whose line does not fit in room tokens.
func (s *state) choose(room int) []*entry {
	if s.cfg.Whole {
		return s.rank()
	}
	var shown []*entry
	for _, e := range s.rank() {
		if len(shown) == s.cfg.MaxMemories {
			break
		}
		if t := s.memoryTokens(len(shown), e); t <= room {
			shown = append(shown, e)
			room -= t
		}
	}
	return shown
}

// asShown is the entry as a pass shows it under alias M(i+1).
func (e *entry) asShown(i int) groupmem.Shown {
	return groupmem.Shown{Alias: "M" + strconv.Itoa(i+1), Memory: e.orig, Statement: e.statement}
}

// memoryTokens is what entry e's prompt line takes shown under alias
// M(i+1). The line depends on nothing else that can change during a run
// (its version and date come from the committed version and the run's
// time), so the figure is measured again only when i or the statement
// changed.
func (s *state) memoryTokens(i int, e *entry) int {
	if e.shownTokens == 0 || e.shownAt != i || e.shownAs != e.statement {
		e.shownAt, e.shownAs = i, e.statement
		e.shownTokens = prompts.EstimateTokens(prompts.MemoryLine(prompts.ShownMemory(e.asShown(i), s.now), s.cfg.Location)) + 1
	}
	return e.shownTokens
}

// runReport returns what the run has understood of the model's answers so far,
// including a pass refused for review.
func (s *state) runReport() groupmem.Report {
	r := s.report
	r.Dropped = slices.Clone(r.Dropped)
	return r
}
