// Package groupmem holds the domain of the group-memory service: memories and
// their versions, chat messages, evolution runs, plans, the one error
// vocabulary, and the ports that the adapters and evolvers implement:
// Ledger and Queue (the database of record), Index (search), Locker (one
// writer per group), Embedder, RateBudget, and Fuser (what one pass of an
// evolution decides). It imports nothing outside the
// standard library.
package groupmem

import (
	"time"
)

// Status is the lifecycle state of one memory version.
type Status string

// The statuses a memory version can have. A lineage has at most one active
// version at a time.
const (
	StatusActive     Status = "active"     // in use
	StatusSuperseded Status = "superseded" // an older version, replaced by an update
	StatusDeprecated Status = "deprecated" // deleted; restorable
)

// Valid reports whether s is one of the three statuses.
func (s Status) Valid() bool {
	return s == StatusActive || s == StatusSuperseded || s == StatusDeprecated
}

// ParseStatus parses a status filter: "active", "superseded", "deprecated",
// or "all" (and "") which return the zero Status meaning "any status".
func ParseStatus(s string) (Status, error) {
	switch s {
	case "", "all":
		return "", nil
	}
	if st := Status(s); st.Valid() {
		return st, nil
	}
	if s == "deleted" {
		return "", Errorf(EINVALID, "status must be one of active, superseded, deprecated, all; a deleted memory is deprecated")
	}
	return "", Errorf(EINVALID, "status must be one of active, superseded, deprecated, all; got %q", Truncate(s, 40))
}

// Memory is one version of one memory: a short statement about a group.
// Versions are never rewritten: an update inserts a new version whose
// ParentID names the version it replaces, and the old one becomes
// superseded. All versions of one memory share a LineageID.
type Memory struct {
	ID            string    // this version's id (memory_id), a UUID
	LineageID     string    // shared by every version of the memory; the id of version 1
	GroupID       string    // the group the memory describes
	Statement     string    // the memory itself
	Version       int       // 1 for the first version, parent's + 1 after
	ParentID      string    // the version this one replaced; "" for version 1
	Status        Status    // lifecycle state
	Tags          []string  // optional classification
	Strength      float64   // confidence in [0, 1]
	ChangeSummary string    // why this version exists
	Evidence      []string  // the chat app's own ids of the messages it rests on
	Subjects      []string  // the sender ids of the members it is about; none for the group as a whole
	Embedding     []float32 // the statement's vector; stored so the index can be rebuilt without re-embedding
	RunID         string    // the run that wrote this version
	CreatedAt     time.Time // when this version was written
	UpdatedAt     time.Time // last status or strength change
}

// Message is one chat line. Messages are raw input and never change after
// they are stored.
type Message struct {
	GroupID    string    // the group it was sent in
	ID         string    // the chat app's own message id; unique within the group
	Seq        int64     // position in the group's stream, assigned by the ledger; 0 before insert
	SenderID   string    // the chat app's id of the sender
	SenderName string    // display name at send time
	Content    string    // the text
	SentAt     time.Time // when the chat app says it was sent
}

// MemoryQuery selects a page of a group's memories.
type MemoryQuery struct {
	GroupID string
	Status  Status // "" for any status
	Limit   int    // page size; callers validate it
	Offset  int    // rows to skip
}

// MemoryPage is one page of memories and the total that matched.
type MemoryPage struct {
	Total    int
	Memories []Memory
}

// SearchQuery asks for the memories of one group nearest to a vector.
type SearchQuery struct {
	GroupID   string
	Vector    []float32
	Status    Status  // "" for any status; callers usually ask for active
	Limit     int     // at most this many hits
	Threshold float64 // only hits scoring strictly above it
}

// Hit is one search result: a memory and its cosine similarity to the query.
type Hit struct {
	Memory Memory
	Score  float64
}

// HybridQuery asks for a group's active memories by keywords (Text, by
// package keyword's terms) and by meaning (Vector), the two sides' scores
// fused by keyword.Combine.
type HybridQuery struct {
	GroupID string
	Text    string    // the keyword side; "" leaves it out
	Vector  []float32 // the semantic side; nil leaves it out
	Limit   int       // at most this many hits
	// Threshold, when set, keeps only memories whose similarity to Vector
	// is strictly above it, whatever their keywords; unset, every memory
	// at all similar (a positive similarity) is a semantic candidate.
	Threshold *float64
}

// HybridHit is a memory found by HybridQuery: the fused score and its
// parts, the cosine similarity and the keyword (BM25) score, each nil
// when the memory was not among that side's candidates. With one side
// only, Score is that side's score.
type HybridHit struct {
	Memory   Memory
	Score    float64
	Semantic *float64
	Keyword  *float64
}

// HybridCandidates is how many candidates each side of a hybrid search
// gives the fusion, per hit asked (at least 50 in all).
const HybridCandidates = 5
