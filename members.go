package groupmem

import "time"

// Member is one sender of a group, as the group's stored messages tell:
// the ledger counts them as they are stored, however they are stored.
type Member struct {
	GroupID     string
	SenderID    string    // the chat app's id of the sender: one member whatever their name
	DisplayName string    // the name of their latest message
	Names       []string  // the other names they wrote under, sorted
	Messages    int64     // messages stored
	FirstAt     time.Time // their first message's sent time
	LastAt      time.Time // their latest message's sent time
	Memories    int       // active memories whose subjects hold them
}

// SubjectTag prefixes the tag of a memory about one member: "member:" and
// their sender id. Such a tag makes the member one of the memory's
// subjects (CleanMemory).
const SubjectTag = "member:"

// MemberQuery selects a page of a group's members, by sender id.
type MemberQuery struct {
	GroupID string
	After   string // the sender id the previous page ended with; "" for the first page
	Limit   int    // page size; callers validate it
}
