package ledger

import (
	"slices"
	"strings"

	"github.com/groupmem/groupmem"
)

// MessageGroup is one group's share of a batch of messages.
type MessageGroup struct {
	GroupID  string
	Messages []groupmem.Message
}

// CleanBatch prepares a batch for Ledger.InsertMessages: groupmem.ETOOLARGE over
// groupmem.MaxBatchMessages; every message cleaned by groupmem.CleanMessage and, when check
// is given, checked by it (groupmem.EINVALID naming the message, and nothing is
// kept); repeats of one (group, id) within the batch dropped; the rest
// grouped by group, groups in name order (the order ledgers lock them in),
// batch order within a group.
func CleanBatch(msgs []groupmem.Message, check func(groupmem.Message) error) ([]MessageGroup, error) {
	if len(msgs) > groupmem.MaxBatchMessages {
		return nil, groupmem.Errorf(groupmem.ETOOLARGE, "at most %d messages per batch", groupmem.MaxBatchMessages)
	}
	byGroup := make(map[string][]groupmem.Message)
	seen := make(map[[2]string]bool, len(msgs))
	for i, m := range msgs {
		m, err := groupmem.CleanMessage(m)
		if err == nil && check != nil {
			err = check(m)
		}
		if err != nil {
			return nil, groupmem.Errorf(groupmem.EINVALID, "message %d: %s", i, groupmem.ErrorMessage(err))
		}
		k := [2]string{m.GroupID, m.ID}
		if seen[k] {
			continue
		}
		seen[k] = true
		byGroup[m.GroupID] = append(byGroup[m.GroupID], m)
	}
	groups := make([]MessageGroup, 0, len(byGroup))
	for g, ms := range byGroup {
		groups = append(groups, MessageGroup{GroupID: g, Messages: ms})
	}
	slices.SortFunc(groups, func(a, b MessageGroup) int { return strings.Compare(a.GroupID, b.GroupID) })
	return groups, nil
}
