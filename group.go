package groupmem

// GroupQuery selects a page of the groups a ledger knows, in group id
// order.
type GroupQuery struct {
	IDs   []string // only these groups; nil for every group
	After string   // start after this group id; "" from the first
	Limit int      // page size; callers validate it
}

// GroupSummary is what a ledger knows of one group: its memories by
// status, its messages, and its latest evolution run.
type GroupSummary struct {
	GroupID    string
	Active     int   // active memories
	Deprecated int   // deleted memories, restorable
	Superseded int   // older versions
	Messages   int   // messages stored
	Pending    int   // messages after the watermark, not fused yet
	Watermark  int64 // seq of the last message fused
	LastRun    *Run  // the latest evolution run; nil when there was none
}
