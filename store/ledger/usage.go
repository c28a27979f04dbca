package ledger

import (
	"fmt"
	"time"

	"github.com/groupmem/groupmem"
)

// PurgedGroup is the group id under which both ledgers keep the usage of
// purged groups: no group's id is empty.
const PurgedGroup = ""

// UsageRow fills the key of a usage row, as both ledgers' usage queries
// give it: a UTC day as YYYY-MM-DD for an answer by day, a group id for
// an answer by group (PurgedGroup for the purged groups' usage).
func UsageRow(u *groupmem.Usage, key string, by groupmem.UsageBy) error {
	if by != groupmem.UsageByDay {
		u.GroupID, u.Purged = key, key == PurgedGroup
		return nil
	}
	day, err := time.Parse(time.DateOnly, key)
	if err != nil {
		return fmt.Errorf("read usage: day %q: %w", key, err)
	}
	u.Day = day
	return nil
}

// UsageColumns are the counts of a usage row, as both ledgers name them
// (cost in nano-units, groupmem.Cost); each has a running total named
// with the prefix cum_.
var UsageColumns = []string{"runs", "calls", "prompt_tokens", "completion_tokens", "embedding_tokens", "cost"}

// UsageTargets are the scan targets of a usage row after its key: the
// row's sums into u, then the same sums over the whole answer into total.
func UsageTargets(u, total *groupmem.Usage) []any {
	return []any{&u.Runs, &u.Calls, &u.PromptTokens, &u.CompletionTokens, &u.EmbeddingTokens, &u.Cost,
		&total.Runs, &total.Calls, &total.PromptTokens, &total.CompletionTokens, &total.EmbeddingTokens, &total.Cost}
}
