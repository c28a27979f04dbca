package groupmem

// Drop records one entry of a model's answer that was not applied, or one
// input message cut to fit a prompt (Line 0, reason "message_cut").
type Drop struct {
	Line   int    `json:"line"`
	Reason string `json:"reason"`
	Text   string `json:"text,omitempty"` // a short excerpt
}

// MaxDropExamples bounds the drops a Report lists with their line and
// excerpt; the counts in Report.Drops are exact whatever their number.
const MaxDropExamples = 200

// Attempt is one request to the model: which pass it served, what came
// back, how long the client waited before sending it and how long it took.
type Attempt struct {
	Pass       int    `json:"pass"`              // the pass it served, 1 first
	Status     string `json:"status"`            // "200", "429", "503", "timeout", "network", ...
	WaitMS     int64  `json:"wait_ms"`           // backoff before this attempt
	DurationMS int64  `json:"duration_ms"`       // from sending to the whole answer read
	Tokens     Tokens `json:"tokens"`            // usage the endpoint reported, on success
	Finish     string `json:"finish,omitempty"`  // the finish reason of a successful answer
	Outcome    string `json:"outcome,omitempty"` // what the run did with the answer: applied, reasked, split, or a failure reason
}

// Reply is a chat model's answer to one prompt, with every request it took.
type Reply struct {
	Text     string    // the answer; may be cut off when Finish is "length"
	Finish   string    // the finish reason: "stop", "length", "content_filter", ...
	Tokens   Tokens    // usage of the answered request
	Attempts []Attempt // every request made for it, in order; Pass is left to the caller
}

// Report is what a run understood of the model's answers. Every entry of
// every answer read lands in exactly one bucket, so
//
//	Applied + Kept + sum(Drops) + sum(Ignored) == Entries
//
// An entry is one JSON object of the answer (wherever it starts and however
// many lines it spans), or one non-blank line that holds no part of an
// object, or the text left over beside an object on its line. For an answer
// in JSON Lines, Entries equals Lines.
type Report struct {
	Passes   int            `json:"passes"`
	Answers  int            `json:"answers"`           // model answers read, re-asks included
	Lines    int            `json:"lines"`             // non-blank lines of those answers
	Entries  int            `json:"entries"`           // see above
	Parsed   int            `json:"parsed"`            // actions understood
	Repaired int            `json:"repaired"`          // of those, how many needed repair
	Applied  int            `json:"applied"`           // update, create and delete actions that took effect
	Kept     int            `json:"kept"`              // keep actions, and updates that changed nothing
	Drops    map[string]int `json:"drops,omitempty"`   // entries not applied, by reason
	Ignored  map[string]int `json:"ignored,omitempty"` // reasoning and structure: text that was never meant as an action (prose is a drop)
	Dropped  []Drop         `json:"dropped,omitempty"` // the first MaxDropExamples drops, with line and excerpt
	Finish   string         `json:"finish,omitempty"`  // the last finish reason the model gave
	Attempts []Attempt      `json:"attempts,omitempty"`
	// Reason says why a run did not apply: one of the Fail* constants.
	Reason string `json:"reason,omitempty"`
	// Answer is the start of the last answer that could not be used, for
	// a run that failed on it.
	Answer string `json:"answer,omitempty"`
	// Skipped counts the messages past the group's watermark that a
	// look-back bound (days) left out: the committed watermark passes
	// them, and only a reprocessing run reads them again.
	Skipped int `json:"skipped_messages,omitempty"`
	// Pending counts the messages still past the watermark after the run:
	// more than one run takes; the next run fuses them.
	Pending int `json:"pending_messages,omitempty"`
	// PlanID names the kept plan (see KeptPlan) this run committed: the id
	// of the dry run or held run that made it. Empty for a run that
	// committed its own plan.
	PlanID string `json:"plan_id,omitempty"`
}

// Why a run did not apply its plan: the closed list recorded in
// Report.Reason and at the start of Run.Error.
const (
	FailAnswerUnusable = "answer_unusable"   // the model's answers, re-asks included, held no valid action
	FailContentFilter  = "content_filter"    // the provider withheld the answer
	FailAnswerCut      = "answer_cut"        // the answer was cut by the token limit even for the smallest pass
	FailModel          = "model_unavailable" // the model could not be reached or refused the request
	FailEmbed          = "embed_failed"      // the new statements could not be embedded
	FailLoad           = "load_failed"       // the group's memories or messages could not be read
	FailCommit         = "commit_failed"     // the ledger refused or could not take the plan
	FailLeaseLost      = "lease_lost"        // the group's lock was lost; another run may own the group
	FailAbandoned      = "abandoned"         // the run's process stopped before the run ended
	FailCancelled      = "cancelled"         // the caller or a shutdown stopped the run
	FailReview         = "review"            // the deletion guard held the plan for a person (status review)
	FailInternal       = "internal"          // anything else; the error says what
)

// FailReasons lists every value Report.Reason can take.
var FailReasons = []string{FailAnswerUnusable, FailContentFilter, FailAnswerCut, FailModel, FailEmbed,
	FailLoad, FailCommit, FailLeaseLost, FailAbandoned, FailCancelled, FailReview, FailInternal}

// Count adds n entries to bucket reason of m, allocating m when needed.
func Count(m *map[string]int, reason string, n int) {
	if n == 0 {
		return
	}
	if *m == nil {
		*m = map[string]int{}
	}
	(*m)[reason] += n
}

// Total sums the counts of m.
func Total(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// AddDrop counts d in Drops and keeps it as an example while there is room.
// A message cut (Line 0, reason "message_cut") is kept as an example only:
// it is not an entry of an answer.
func (r *Report) AddDrop(d Drop, entry bool) {
	if entry {
		Count(&r.Drops, d.Reason, 1)
	}
	if len(r.Dropped) < MaxDropExamples {
		r.Dropped = append(r.Dropped, d)
	}
}
