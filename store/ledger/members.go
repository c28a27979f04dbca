package ledger

import (
	"strings"

	"github.com/groupmem/groupmem"
)

// CheckMember checks the ids of a member look-up before any query:
// EINVALID for a bad group id or a sender id no stored message can have.
func CheckMember(groupID, senderID string) error {
	if err := groupmem.CheckGroupID(groupID); err != nil {
		return err
	}
	if senderID == "" || len(senderID) > groupmem.MaxNameBytes || strings.ContainsRune(senderID, 0) {
		return groupmem.Errorf(groupmem.EINVALID, "sender id must be 1 to %d bytes", groupmem.MaxNameBytes)
	}
	return nil
}

// MemberNotFound is the error of a sender who never wrote in the group.
func MemberNotFound(groupID, senderID string) error {
	return groupmem.Errorf(groupmem.ENOTFOUND, "member %q of group %q not found",
		groupmem.Truncate(senderID, 80), groupmem.Truncate(groupID, 80))
}
