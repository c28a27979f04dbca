package api

import (
	"cmp"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/worker"
)

// memoryJSON is the API's memory object: one version of one memory.
type memoryJSON struct {
	MemoryID      string    `json:"memory_id"`
	LineageID     string    `json:"lineage_id"`
	GroupID       string    `json:"group_id"`
	Statement     string    `json:"statement"`
	Version       int       `json:"version"`
	ParentID      *string   `json:"parent_id"`
	Status        string    `json:"status"`
	Tags          []string  `json:"tags"`
	Strength      float64   `json:"strength"`
	ChangeSummary string    `json:"change_summary"`
	Evidence      []string  `json:"evidence"`
	Subjects      []string  `json:"subjects"`
	RunID         *string   `json:"run_id"`
	CreatedAt     time.Time `json:"created_at"`
	UpdatedAt     time.Time `json:"updated_at"`
}

func memoryOut(m groupmem.Memory) memoryJSON {
	return memoryJSON{
		MemoryID: m.ID, LineageID: m.LineageID, GroupID: m.GroupID, Statement: m.Statement, Version: m.Version,
		ParentID: nullable(m.ParentID), Status: string(m.Status), Tags: list(m.Tags), Strength: m.Strength,
		ChangeSummary: m.ChangeSummary, Evidence: list(m.Evidence), Subjects: list(m.Subjects), RunID: nullable(m.RunID),
		CreatedAt: m.CreatedAt.UTC(), UpdatedAt: m.UpdatedAt.UTC(),
	}
}

func memoriesOut(ms []groupmem.Memory) []memoryJSON {
	out := make([]memoryJSON, len(ms))
	for i, m := range ms {
		out[i] = memoryOut(m)
	}
	return out
}

// nullable returns nil for "" so that JSON says null.
func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// list returns an empty slice for nil so that JSON says [].
func list(ss []string) []string {
	if ss == nil {
		return []string{}
	}
	return ss
}

// nullTime returns nil for the zero time so that JSON says null.
func nullTime(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	t = t.UTC()
	return &t
}

// changeJSON is one change-log row.
type changeJSON struct {
	Timestamp    time.Time `json:"timestamp"`
	Action       string    `json:"action"`
	MemoryID     string    `json:"memory_id"`
	NewMemoryID  *string   `json:"new_memory_id"`
	OldStatement string    `json:"old_statement"`
	NewStatement string    `json:"new_statement"`
	ChangeReason string    `json:"change_reason"`
	Version      int       `json:"version"`
	Actor        string    `json:"actor"`
	Manual       bool      `json:"manual"`
	RunID        *string   `json:"run_id"`
}

func changeOut(c groupmem.Change) changeJSON {
	return changeJSON{
		Timestamp: c.CreatedAt.UTC(), Action: string(c.Action), MemoryID: c.MemoryID, NewMemoryID: nullable(c.NewMemoryID),
		OldStatement: c.OldStatement, NewStatement: c.NewStatement, ChangeReason: c.Reason, Version: c.Version,
		Actor: c.Actor, Manual: c.Manual, RunID: nullable(c.RunID),
	}
}

// evolveChangeJSON is one change of an evolve answer, in the original
// spec's shape: an update has old_id, new_id, old_statement, new_statement;
// a create has new_id and statement; a delete has old_id and
// old_statement. Evidence lists the messages a created or updated version
// rests on.
type evolveChangeJSON struct {
	Action       string   `json:"action"`
	OldID        string   `json:"old_id,omitempty"`
	NewID        string   `json:"new_id,omitempty"`
	Statement    string   `json:"statement,omitempty"`
	OldStatement string   `json:"old_statement,omitempty"`
	NewStatement string   `json:"new_statement,omitempty"`
	ChangeReason string   `json:"change_reason"`
	Version      int      `json:"version,omitempty"`
	Evidence     []string `json:"evidence,omitempty"`
}

func evolveChangesOut(res worker.Result) []evolveChangeJSON {
	evidence := make(map[string][]string, len(res.New))
	for _, m := range res.New {
		evidence[m.ID] = m.Evidence
	}
	out := make([]evolveChangeJSON, 0, len(res.Changes))
	for _, c := range res.Changes {
		e := evolveChangeJSON{Action: string(c.Action), ChangeReason: c.Reason, Version: c.Version}
		switch c.Action {
		case groupmem.ActionCreate:
			e.NewID = cmp.Or(c.NewMemoryID, c.MemoryID)
			e.Statement = c.NewStatement
		case groupmem.ActionDelete:
			e.OldID, e.OldStatement = c.MemoryID, c.OldStatement
		default:
			e.OldID, e.NewID = c.MemoryID, c.NewMemoryID
			e.OldStatement, e.NewStatement = c.OldStatement, c.NewStatement
		}
		e.Evidence = evidence[e.NewID]
		out = append(out, e)
	}
	return out
}

// runJSON is one evolution run record.
type runJSON struct {
	RunID         string          `json:"run_id"`
	GroupID       string          `json:"group_id"`
	Status        string          `json:"status"`
	Trigger       string          `json:"trigger"`
	Actor         string          `json:"actor"`
	Model         string          `json:"model"`
	PromptVersion string          `json:"prompt_version"`
	Messages      int             `json:"messages"`
	Watermark     int64           `json:"watermark"`
	NewWatermark  int64           `json:"new_watermark"`
	Stats         groupmem.Stats  `json:"stats"`
	Tokens        groupmem.Tokens `json:"tokens"`
	Report        reportJSON      `json:"report"`
	Error         *string         `json:"error"`
	StartedAt     time.Time       `json:"started_at"`
	FinishedAt    *time.Time      `json:"finished_at"`
}

// reportJSON is what a run understood of the model's answers.
type reportJSON struct {
	Passes   int                `json:"passes"`
	Answers  int                `json:"answers"`
	Lines    int                `json:"lines"`
	Entries  int                `json:"entries"`
	Parsed   int                `json:"parsed"`
	Repaired int                `json:"repaired"`
	Applied  int                `json:"applied"`
	Kept     int                `json:"kept"`
	Drops    map[string]int     `json:"drops"`
	Ignored  map[string]int     `json:"ignored"`
	Dropped  []groupmem.Drop    `json:"dropped"`
	Finish   string             `json:"finish"`
	Attempts []groupmem.Attempt `json:"attempts"`
	Reason   string             `json:"reason"`
	Answer   string             `json:"answer,omitempty"`
	PlanID   string             `json:"plan_id,omitempty"`
}

func reportOut(r groupmem.Report) reportJSON {
	return reportJSON{Passes: r.Passes, Answers: r.Answers, Lines: r.Lines, Entries: r.Entries, Parsed: r.Parsed,
		Repaired: r.Repaired, Applied: r.Applied, Kept: r.Kept, Drops: nonNilMap(r.Drops), Ignored: nonNilMap(r.Ignored),
		Dropped: nonNil(r.Dropped), Finish: r.Finish, Attempts: nonNil(r.Attempts), Reason: r.Reason, Answer: r.Answer,
		PlanID: r.PlanID}
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func nonNilMap(m map[string]int) map[string]int {
	if m == nil {
		return map[string]int{}
	}
	return m
}

func runOut(r groupmem.Run) runJSON {
	return runJSON{
		RunID: r.ID, GroupID: r.GroupID, Status: string(r.Status), Trigger: r.Trigger, Actor: r.Actor,
		Model: r.Model, PromptVersion: r.PromptVersion, Messages: r.Messages,
		Watermark: r.Watermark, NewWatermark: r.NewWatermark, Stats: r.Stats, Tokens: r.Tokens,
		Report: reportOut(r.Report),
		Error:  nullable(r.Error), StartedAt: r.StartedAt.UTC(), FinishedAt: nullTime(r.FinishedAt),
	}
}
