package groupmem

// ActionKind is what one evolution step does to a memory.
type ActionKind string

// The four actions a model may answer with, and the two that only people
// (through the API) perform.
const (
	ActionKeep     ActionKind = "keep"
	ActionUpdate   ActionKind = "update"
	ActionCreate   ActionKind = "create"
	ActionDelete   ActionKind = "delete"
	ActionRestore  ActionKind = "restore"
	ActionStrength ActionKind = "strength"
)

// Action is one understood step of an evolution: the model's answer after
// parsing, before validation. Alias names a memory shown to the model in
// this pass; it is empty for create.
type Action struct {
	Kind      ActionKind
	Alias     string   // the per-pass alias of the memory acted on
	Statement string   // new statement for update and create
	Reason    string   // change_reason
	Evidence  []string // message refs the model cited, as shown in the prompt
	// Subjects are the members the memory is about, as the prompt shows
	// senders (a name, or an id); validation keeps those who sent a
	// message of the pass and maps them to their sender ids.
	Subjects []string
	Line     int  // 1-based line of the answer it came from
	Repaired bool // the line needed repair before it parsed

	// What an evolver that decides without a model (package offline) says
	// of the version it writes; parsing a model's answer never sets them.
	// Strength is the strength of the version written by an update or a
	// create, or, with keep, the memory's new strength (a strength change
	// of its own); Tags are a created memory's; Cites are the ids of the
	// messages the action rests on, beyond the refs of Evidence.
	Strength *float64
	Tags     []string
	Cites    []string
}
