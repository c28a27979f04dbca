package archive

import (
	"fmt"
	"slices"
	"time"

	"github.com/groupmem/groupmem"
)

// record is one checked line: its kind, its line and its row.
type record struct {
	kind    string
	line    int
	run     groupmem.Run
	message groupmem.StoredMessage
	memory  groupmem.Memory
	change  groupmem.Change
	state   groupmem.GroupState
}

// add appends the record's row to b.
func (rec *record) add(b *groupmem.GroupRows) {
	switch rec.kind {
	case TypeRun:
		b.Runs = append(b.Runs, rec.run)
	case TypeMessage:
		b.Messages = append(b.Messages, rec.message)
	case TypeMemory:
		b.Memories = append(b.Memories, rec.memory)
	case TypeChange:
		b.Changes = append(b.Changes, rec.change)
	case TypeState:
		s := rec.state
		b.State = &s
	}
}

// sections orders the kinds of record.
var sections = []string{TypeHeader, TypeRun, TypeMessage, TypeMemory, TypeChange, TypeState}

// checker is what Reader remembers to check a line against those before
// it: constant in the file's size.
type checker struct {
	section     int
	lastRun     string
	lastSeq     int64
	lineage     string // of the version before
	lineageID   string // the version before
	version     int
	lineageLive bool // the lineage has an active version already
	counts      groupmem.GroupCounts
	latest      time.Time     // the latest time a run, version, change or redaction may carry
	tokens      [3]int64      // the prompt, completion and embedding tokens of the runs so far
	cost        groupmem.Cost // the cost of the runs so far
}

// decode decodes and checks one line into a record of r's group.
func (r *Reader) decode(line []byte) (*record, error) {
	t := typeOf(line)
	section := slices.Index(sections, t)
	if section <= 0 {
		if t == TypeHeader {
			return nil, fmt.Errorf("a second header")
		}
		return nil, fmt.Errorf("%s: a record's type is one of run, message, memory, change, state", describeType(t))
	}
	c := &r.state
	if section < c.section {
		return nil, fmt.Errorf("a %s record after the %s records: a file holds runs, messages, memories, changes and the state, in that order",
			t, sections[c.section])
	}
	c.section = section
	if t == TypeMessage && !r.header.Messages {
		return nil, fmt.Errorf(`a message record in a file whose header says it holds no messages ("messages":false)`)
	}
	rec := &record{kind: t}
	var err error
	switch t {
	case TypeRun:
		var v runRecord
		if err = strict(line, &v); err == nil {
			rec.run, err = c.run(v, r.group)
		}
	case TypeMessage:
		var v messageRecord
		if err = strict(line, &v); err == nil {
			rec.message, err = c.message(v, r.group)
		}
	case TypeMemory:
		var v memoryRecord
		if err = strict(line, &v); err == nil {
			rec.memory, err = c.memory(v, r.group)
		}
	case TypeChange:
		var v changeRecord
		if err = strict(line, &v); err == nil {
			rec.change, err = c.change(v, r.group)
		}
	case TypeState:
		var v stateRecord
		if err = strict(line, &v); err == nil {
			rec.state, err = c.stateLine(v)
		}
	}
	return rec, err
}

func (c *checker) run(v runRecord, group string) (groupmem.Run, error) {
	if err := checkID("id", v.ID, false); err != nil {
		return groupmem.Run{}, err
	}
	if v.ID <= c.lastRun {
		return groupmem.Run{}, fmt.Errorf("run %s comes after run %s: runs come once each, in id order", v.ID, c.lastRun)
	}
	c.lastRun = v.ID
	if !slices.Contains(groupmem.RunStatuses, v.Status) {
		return groupmem.Run{}, fmt.Errorf("status %q is not a run status", groupmem.Truncate(string(v.Status), 40))
	}
	if v.StartedAt.IsZero() {
		return groupmem.Run{}, fmt.Errorf("started_at is missing")
	}
	if err := c.when("started_at", v.StartedAt); err != nil {
		return groupmem.Run{}, err
	}
	if v.FinishedAt != nil {
		if err := c.when("finished_at", *v.FinishedAt); err != nil {
			return groupmem.Run{}, err
		}
	}
	if v.Fence < 0 || v.Watermark < 0 || v.NewWatermark < v.Watermark || v.Messages < 0 {
		return groupmem.Run{}, fmt.Errorf("fence, watermark and messages must not be negative, nor new_watermark below watermark")
	}
	if err := c.numbers(v); err != nil {
		return groupmem.Run{}, err
	}
	for _, f := range []struct {
		name, s string
		max     int
	}{{"trigger", v.Trigger, 255}, {"actor", v.Actor, 255}, {"model", v.Model, 255}, {"prompt_version", v.PromptVersion, 255}, {"error", v.Error, 4 << 10}} {
		if err := checkText(f.name, f.s, f.max); err != nil {
			return groupmem.Run{}, err
		}
	}
	if err := checkReport(v.Report); err != nil {
		return groupmem.Run{}, err
	}
	c.counts.Runs++
	run := groupmem.Run{ID: v.ID, GroupID: group, Trigger: v.Trigger, Actor: v.Actor, Status: v.Status, Model: v.Model,
		PromptVersion: v.PromptVersion, Fence: v.Fence, Watermark: v.Watermark, NewWatermark: v.NewWatermark,
		Messages: v.Messages, Stats: v.Stats, Tokens: v.Tokens, Report: v.Report, Error: v.Error, StartedAt: v.StartedAt.Time}
	if v.FinishedAt != nil {
		run.FinishedAt = v.FinishedAt.Time
	}
	return run, nil
}

// numbers checks a run's counts and cost against the bounds of the
// format (MaxRunCount, MaxRunTokens, MaxRunCalls, MaxFileTokens,
// MaxRunCost, MaxFileCost): none negative, none past its bound.
func (c *checker) numbers(v runRecord) error {
	for _, n := range []struct {
		name string
		v    int
	}{{"messages", v.Messages}, {"stats.kept", v.Stats.Kept}, {"stats.updated", v.Stats.Updated},
		{"stats.created", v.Stats.Created}, {"stats.deleted", v.Stats.Deleted}} {
		if n.v < 0 || n.v > MaxRunCount {
			return fmt.Errorf("%s %d is not a count from 0 to %d", n.name, n.v, MaxRunCount)
		}
	}
	if v.Tokens.Cost < 0 || v.Tokens.Cost > MaxRunCost {
		return fmt.Errorf("tokens.cost %v is not an amount from 0 to %v", v.Tokens.Cost, MaxRunCost)
	}
	if c.cost += v.Tokens.Cost; c.cost > MaxFileCost {
		return fmt.Errorf("tokens.cost: the runs of the file cost more than %v together", MaxFileCost)
	}
	if v.Tokens.Calls < 0 || v.Tokens.Calls > MaxRunCalls {
		return fmt.Errorf("tokens.calls %d is not a count from 0 to %d", v.Tokens.Calls, MaxRunCalls)
	}
	for i, n := range []struct {
		name string
		v    int
	}{{"tokens.prompt", v.Tokens.Prompt}, {"tokens.completion", v.Tokens.Completion}, {"tokens.embedding", v.Tokens.Embedding}} {
		if n.v < 0 || n.v > MaxRunTokens {
			return fmt.Errorf("%s %d is not a count from 0 to %d", n.name, n.v, MaxRunTokens)
		}
		if c.tokens[i] += int64(n.v); c.tokens[i] > MaxFileTokens {
			return fmt.Errorf("%s: the runs of the file count more than %d tokens of a kind together", n.name, int64(MaxFileTokens))
		}
	}
	return nil
}

// when checks a time of the ledger's own: from Earliest to the reader's
// latest.
func (c *checker) when(field string, t Time) error {
	if t.Before(Earliest) || t.After(c.latest) {
		return fmt.Errorf("%s %s is not between %s and %s, a day past now", field, t.Format(time.RFC3339),
			Earliest.Format(time.DateOnly), c.latest.UTC().Format(time.RFC3339))
	}
	return nil
}

// checkReport checks a run's report, which a ledger stores as JSON: no NUL
// or other control character in its text, and its plan id empty or a
// UUID.
func checkReport(r groupmem.Report) error {
	if err := checkID("report plan_id", r.PlanID, true); err != nil {
		return err
	}
	texts := []string{r.Finish, r.Reason, r.Answer}
	for _, d := range r.Dropped {
		texts = append(texts, d.Reason, d.Text)
	}
	for _, a := range r.Attempts {
		texts = append(texts, a.Status, a.Finish, a.Outcome)
	}
	for k := range r.Drops {
		texts = append(texts, k)
	}
	for k := range r.Ignored {
		texts = append(texts, k)
	}
	for _, s := range texts {
		if err := checkText("report", s, MaxLineBytes); err != nil {
			return err
		}
	}
	return nil
}

func (c *checker) message(v messageRecord, group string) (groupmem.StoredMessage, error) {
	if v.Seq <= c.lastSeq {
		return groupmem.StoredMessage{}, fmt.Errorf("seq %d comes after seq %d: messages come once each, in seq order from 1", v.Seq, c.lastSeq)
	}
	c.lastSeq = v.Seq
	if err := groupmem.CheckMessageID(v.ID); err != nil {
		return groupmem.StoredMessage{}, fmt.Errorf("id: %s", groupmem.ErrorMessage(err))
	}
	for _, f := range []struct {
		name, s string
		max     int
	}{{"sender_id", v.SenderID, groupmem.MaxNameBytes}, {"sender_name", v.SenderName, groupmem.MaxNameBytes}, {"content", v.Content, groupmem.MaxMessageBytes}} {
		if err := checkText(f.name, f.s, f.max); err != nil {
			return groupmem.StoredMessage{}, err
		}
	}
	if v.SentAt.IsZero() {
		return groupmem.StoredMessage{}, fmt.Errorf("sent_at is missing")
	}
	m := groupmem.StoredMessage{Message: groupmem.Message{GroupID: group, ID: v.ID, Seq: v.Seq, SenderID: v.SenderID,
		SenderName: v.SenderName, Content: v.Content, SentAt: v.SentAt.Time}}
	if v.RedactedAt != nil {
		if v.Content != "" {
			return groupmem.StoredMessage{}, fmt.Errorf("message %q is redacted but carries text", groupmem.Truncate(v.ID, 40))
		}
		if err := c.when("redacted_at", *v.RedactedAt); err != nil {
			return groupmem.StoredMessage{}, err
		}
		m.RedactedAt = v.RedactedAt.Time
	}
	c.counts.Messages++
	return m, nil
}

func (c *checker) memory(v memoryRecord, group string) (groupmem.Memory, error) {
	m := groupmem.Memory{ID: v.ID, LineageID: v.LineageID, GroupID: group, Statement: v.Statement, Version: v.Version,
		ParentID: v.ParentID, Status: v.Status, Tags: v.Tags, Strength: v.Strength, ChangeSummary: v.ChangeSummary,
		Evidence: v.Evidence, Subjects: v.Subjects, Embedding: []float32(v.Embedding), RunID: v.RunID,
		CreatedAt: v.CreatedAt.Time, UpdatedAt: v.UpdatedAt.Time}
	if err := checkID("id", v.ID, false); err != nil {
		return m, err
	}
	if err := checkID("lineage_id", v.LineageID, false); err != nil {
		return m, err
	}
	if err := checkID("parent_id", v.ParentID, true); err != nil {
		return m, err
	}
	if err := checkID("run_id", v.RunID, true); err != nil {
		return m, err
	}
	if err := c.chain(v); err != nil {
		return m, err
	}
	clean, err := groupmem.CleanMemory(m)
	if err != nil {
		return m, fmt.Errorf("version %s: %s", v.ID, groupmem.ErrorMessage(err))
	}
	if v.CreatedAt.IsZero() || v.UpdatedAt.IsZero() {
		return m, fmt.Errorf("created_at and updated_at are required")
	}
	if err := c.when("created_at", v.CreatedAt); err != nil {
		return m, err
	}
	if err := c.when("updated_at", v.UpdatedAt); err != nil {
		return m, err
	}
	if len(clean.Subjects) == 0 {
		clean.Subjects = nil
	}
	c.counts.Memories++
	return clean, nil
}

// chain checks that version v continues the lineage of the version before
// it in the file, its parent, or starts a new lineage after it: parents
// come first, each lineage is one chain from version 1 with at most one
// active version, and no cycle or fork can pass.
func (c *checker) chain(v memoryRecord) error {
	switch {
	case v.Version == 1:
		if v.ParentID != "" {
			return fmt.Errorf("version 1 of a lineage has no parent, and %s names %s", v.ID, v.ParentID)
		}
		if v.LineageID <= c.lineage {
			return fmt.Errorf("lineage %s comes after lineage %s: lineages come once each, in id order", v.LineageID, c.lineage)
		}
		c.lineageLive = false
	case v.Version < 1:
		return fmt.Errorf("version %d: versions count from 1", v.Version)
	case v.LineageID != c.lineage || v.Version != c.version+1:
		return fmt.Errorf("version %d of lineage %s does not follow version %d of it: a parent comes right before its child", v.Version, v.LineageID, v.Version-1)
	case v.ParentID != c.lineageID:
		return fmt.Errorf("broken parent link: the parent of %s is %s, but the version before it is %s", v.ID, groupmem.Truncate(v.ParentID, 40), c.lineageID)
	}
	if v.Status == groupmem.StatusActive {
		if c.lineageLive {
			return fmt.Errorf("lineage %s has a second active version, %s", v.LineageID, v.ID)
		}
		c.lineageLive = true
	}
	c.lineage, c.lineageID, c.version = v.LineageID, v.ID, v.Version
	return nil
}

// actions are those a change-log row may record.
var actions = []groupmem.ActionKind{groupmem.ActionKeep, groupmem.ActionUpdate, groupmem.ActionCreate,
	groupmem.ActionDelete, groupmem.ActionRestore, groupmem.ActionStrength}

func (c *checker) change(v changeRecord, group string) (groupmem.Change, error) {
	if !slices.Contains(actions, v.Action) {
		return groupmem.Change{}, fmt.Errorf("action %q is not one a change records", groupmem.Truncate(string(v.Action), 40))
	}
	if err := checkID("memory_id", v.MemoryID, false); err != nil {
		return groupmem.Change{}, err
	}
	if err := checkID("new_memory_id", v.NewMemoryID, true); err != nil {
		return groupmem.Change{}, err
	}
	if err := checkID("run_id", v.RunID, true); err != nil {
		return groupmem.Change{}, err
	}
	if v.Version < 0 {
		return groupmem.Change{}, fmt.Errorf("version %d is negative", v.Version)
	}
	if v.CreatedAt.IsZero() {
		return groupmem.Change{}, fmt.Errorf("created_at is missing")
	}
	if err := c.when("created_at", v.CreatedAt); err != nil {
		return groupmem.Change{}, err
	}
	for _, f := range []struct{ name, s string }{{"old_statement", v.OldStatement}, {"new_statement", v.NewStatement},
		{"change_summary", v.Reason}, {"actor", v.Actor}} {
		if err := checkText(f.name, f.s, MaxLineBytes); err != nil {
			return groupmem.Change{}, err
		}
	}
	c.counts.Changes++
	return groupmem.Change{GroupID: group, Action: v.Action, MemoryID: v.MemoryID, NewMemoryID: v.NewMemoryID,
		OldStatement: v.OldStatement, NewStatement: v.NewStatement, Reason: v.Reason, Version: v.Version,
		RunID: v.RunID, Actor: v.Actor, CreatedAt: v.CreatedAt.Time}, nil
}

func (c *checker) stateLine(v stateRecord) (groupmem.GroupState, error) {
	if v.Counts != c.counts {
		return groupmem.GroupState{}, fmt.Errorf("the state counts %+v records but the file holds %+v", v.Counts, c.counts)
	}
	if v.Watermark < 0 || v.Fence < 0 || v.NextSeq < 1 || v.Watermark >= v.NextSeq {
		return groupmem.GroupState{}, fmt.Errorf("watermark and fence must not be negative, and next_seq must be past the watermark")
	}
	if v.NextSeq <= c.lastSeq {
		return groupmem.GroupState{}, fmt.Errorf("next_seq %d is not past the last message's seq %d", v.NextSeq, c.lastSeq)
	}
	return groupmem.GroupState{Watermark: v.Watermark, Fence: v.Fence, NextSeq: v.NextSeq}, nil
}

// checkID checks a UUID field; optional ones may be empty.
func checkID(field, id string, optional bool) error {
	if id == "" && optional {
		return nil
	}
	if !groupmem.ValidID(id) {
		return fmt.Errorf("%s %q is not a canonical lowercase UUID", field, groupmem.Truncate(id, 40))
	}
	return nil
}

// checkText refuses text a ledger would not store as it is: longer than
// max bytes, or holding a NUL or another control character.
func checkText(field, s string, max int) error {
	if len(s) > max {
		return fmt.Errorf("%s is longer than %d bytes", field, max)
	}
	if groupmem.CleanText(s) != s {
		return fmt.Errorf("%s holds a control character", field)
	}
	return nil
}
