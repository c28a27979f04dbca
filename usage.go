package groupmem

import "time"

// Prices are what the models' tokens cost, per million tokens, in one
// currency of the operator's choosing. The zero Prices cost nothing.
type Prices struct {
	ChatInput  float64 // per million prompt tokens of the chat model
	ChatOutput float64 // per million completion tokens of the chat model
	EmbedInput float64 // per million tokens sent to the embeddings model (it has no output tokens)
}

// MaxPrice is the highest price per million tokens Check accepts.
const MaxPrice = 1e6

// Check returns EINVALID naming the first price that is not a number from
// 0 to MaxPrice.
func (p Prices) Check() error {
	for _, v := range []struct {
		name  string
		price float64
	}{{"chat input", p.ChatInput}, {"chat output", p.ChatOutput}, {"embeddings input", p.EmbedInput}} {
		if !(v.price >= 0 && v.price <= MaxPrice) {
			return Errorf(EINVALID, "the %s price must be a number from 0 to %.0f per million tokens, got %v", v.name, float64(MaxPrice), v.price)
		}
	}
	return nil
}

// Cost returns what the tokens of t cost at p, to the nearest nano-unit
// (half of one rounded away from zero), at most MaxCost: each run's cost
// is rounded once, here, and from then on costs only add, exactly.
// Negative counts cost nothing.
func (p Prices) Cost(t Tokens) Cost {
	return CostOf((float64(max(t.Prompt, 0))*p.ChatInput + float64(max(t.Completion, 0))*p.ChatOutput +
		float64(max(t.Embedding, 0))*p.EmbedInput) / 1e6)
}

// Priced returns t with its Cost at p.
func (p Prices) Priced(t Tokens) Tokens {
	t.Cost = p.Cost(t)
	return t
}

// UsageBy says how a usage answer is split: one row per day or one row
// per group.
type UsageBy string

// The splits of a usage answer.
const (
	UsageByDay   UsageBy = "day"
	UsageByGroup UsageBy = "group"
)

// Limits of a UsageQuery.
const (
	MaxUsageDays   = 400  // the longest window, in days
	MaxUsageGroups = 1000 // the most rows of an answer by group
)

// UsageQuery selects the usage of the runs begun within a window of whole
// UTC days, Since and Until included.
type UsageQuery struct {
	GroupID string   // only this group's runs; "" for every group's
	Groups  []string // when not nil, only the runs of these groups (a key's groups)
	// Since and Until are midnights UTC, the first and the last day of the
	// window; Until is not before Since and the window holds at most
	// MaxUsageDays days.
	Since, Until time.Time
	By           UsageBy
	// Limit bounds the rows of an answer by group (1..MaxUsageGroups);
	// an answer by day has a row per day at most, and ignores it.
	Limit int
}

// Usage is what the runs of one day or of one group used, summed: the
// runs that called a model or cost something (Runs), their model calls,
// tokens and cost. It also serves as the total of an answer.
type Usage struct {
	Day     time.Time // the UTC day, in an answer by day
	GroupID string    // the group, in an answer by group ("" for the purged groups)
	// Purged marks the row of an answer by group that sums the usage of
	// every group purged since (PurgedLabel): a purge keeps what its
	// group used, under no group id, so that no day's usage and no total
	// changes.
	Purged           bool
	Runs             int64
	Calls            int64
	PromptTokens     int64
	CompletionTokens int64
	EmbeddingTokens  int64
	Cost             Cost
}

// PurgedLabel is how the usage of purged groups is shown where a group
// id would be.
const PurgedLabel = "(purged)"

// UsageReport is the answer to a UsageQuery: its rows (by day, oldest
// first, only days with usage; by group, by cost, the highest first, then
// by tokens, the most first, then by group id bytewise, at most Limit) and
// the total of the whole window, groups past Limit included.
type UsageReport struct {
	Rows  []Usage
	Total Usage
}

// Add adds u's counts to the receiver's, exactly (Cost is an integer).
func (t *Usage) Add(u Usage) {
	t.Runs += u.Runs
	t.Calls += u.Calls
	t.PromptTokens += u.PromptTokens
	t.CompletionTokens += u.CompletionTokens
	t.EmbeddingTokens += u.EmbeddingTokens
	t.Cost += u.Cost
}

// UsageDay returns the UTC day t falls on, as its midnight.
func UsageDay(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// Check returns EINVALID naming what is wrong with q: a bad group id, a
// bound that is not a UTC midnight, Since after Until, a window longer
// than MaxUsageDays, an unknown By, or a Limit out of range for By group.
func (q UsageQuery) Check() error {
	if q.GroupID != "" {
		if err := CheckGroupID(q.GroupID); err != nil {
			return err
		}
	}
	switch {
	case q.Since.IsZero() || q.Until.IsZero():
		return Errorf(EINVALID, "a usage window needs its first and its last day")
	case !q.Since.Equal(UsageDay(q.Since)) || !q.Until.Equal(UsageDay(q.Until)):
		return Errorf(EINVALID, "a usage window's bounds must be whole UTC days")
	case q.Since.After(q.Until):
		return Errorf(EINVALID, "the usage window's first day (%s) is after its last (%s)",
			q.Since.Format(time.DateOnly), q.Until.Format(time.DateOnly))
	case UsageDays(q.Since, q.Until) > MaxUsageDays:
		return Errorf(EINVALID, "a usage window holds at most %d days; %s to %s holds %d",
			MaxUsageDays, q.Since.Format(time.DateOnly), q.Until.Format(time.DateOnly), UsageDays(q.Since, q.Until))
	}
	switch q.By {
	case UsageByDay:
	case UsageByGroup:
		if q.Limit < 1 || q.Limit > MaxUsageGroups {
			return Errorf(EINVALID, "a usage answer by group holds 1 to %d groups, not %d", MaxUsageGroups, q.Limit)
		}
	default:
		return Errorf(EINVALID, "usage is split by day or by group, not %q", q.By)
	}
	return nil
}

// UsageDays is the number of days from since to until, both included.
func UsageDays(since, until time.Time) int {
	return int(UsageDay(until).Sub(UsageDay(since)).Hours()/24) + 1
}
