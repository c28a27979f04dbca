package api

import (
	"net/http"
	"time"

	"github.com/groupmem/groupmem"
)

// defaultUsageDays is the window of a usage request that names neither
// bound: the last 30 days, today included.
const defaultUsageDays = 30

// usageJSON is the usage of one day or one group, or the total of an
// answer (neither day nor group_id). The row of the purged groups' usage
// is marked purged, with groupmem.PurgedLabel for its group_id.
type usageJSON struct {
	Day              string        `json:"day,omitempty"`
	GroupID          string        `json:"group_id,omitempty"`
	Purged           bool          `json:"purged,omitempty"`
	Runs             int64         `json:"runs"`
	Calls            int64         `json:"calls"`
	PromptTokens     int64         `json:"prompt_tokens"`
	CompletionTokens int64         `json:"completion_tokens"`
	EmbeddingTokens  int64         `json:"embedding_tokens"`
	Cost             groupmem.Cost `json:"cost"` // a decimal number of units, exact to the nano-unit
}

func usageOut(u groupmem.Usage) usageJSON {
	out := usageJSON{GroupID: u.GroupID, Runs: u.Runs, Calls: u.Calls, PromptTokens: u.PromptTokens,
		CompletionTokens: u.CompletionTokens, EmbeddingTokens: u.EmbeddingTokens, Cost: u.Cost}
	if !u.Day.IsZero() {
		out.Day = u.Day.Format(time.DateOnly)
	}
	if u.Purged {
		out.GroupID, out.Purged = groupmem.PurgedLabel, true
	}
	return out
}

// usage answers GET /memory/usage: the tokens, calls and cost of the runs
// of group_id (or of every group the key sees) begun within a window of
// whole UTC days, by day (oldest first, days with usage only) or by group
// (the costliest first, at most limit), with the window's total.
func (h *Handler) usage(w http.ResponseWriter, r *http.Request, c *call) error {
	q, err := h.usageQuery(c)
	if err != nil {
		return err
	}
	rep, err := h.d.Ledger.Usage(r.Context(), q)
	if err != nil {
		return err
	}
	rows := make([]usageJSON, len(rep.Rows))
	for i, u := range rep.Rows {
		rows[i] = usageOut(u)
	}
	writeJSON(w, http.StatusOK, struct {
		Success bool        `json:"success"`
		GroupID *string     `json:"group_id"`
		Since   string      `json:"since"`
		Until   string      `json:"until"`
		By      string      `json:"by"`
		Total   usageJSON   `json:"total"`
		Usage   []usageJSON `json:"usage"`
	}{true, nullable(q.GroupID), q.Since.Format(time.DateOnly), q.Until.Format(time.DateOnly), string(q.By),
		usageOut(rep.Total), rows})
	return nil
}

// usageQuery reads a usage request's parameters. A missing until is
// today (UTC); a missing since is the 30th day up to until. The ledger
// checks the rest (groupmem.UsageQuery.Check): since after until, a
// window longer than groupmem.MaxUsageDays.
func (h *Handler) usageQuery(c *call) (groupmem.UsageQuery, error) {
	p := params{q: c.query}
	q := groupmem.UsageQuery{GroupID: c.query.Get("group_id"), Groups: c.key.Groups,
		By: groupmem.UsageBy(c.query.Get("by")), Limit: p.int("limit", 100, 1, groupmem.MaxUsageGroups)}
	if _, ok := c.query["by"]; !ok {
		q.By = groupmem.UsageByDay
	}
	if q.By != groupmem.UsageByDay && q.By != groupmem.UsageByGroup {
		p.fail("by must be day or group")
	}
	q.Until = p.day("until", groupmem.UsageDay(h.now()))
	q.Since = p.day("since", q.Until.AddDate(0, 0, 1-defaultUsageDays))
	if p.err != nil {
		return q, p.err
	}
	if _, ok := c.query["group_id"]; ok {
		if err := groupmem.CheckGroupID(q.GroupID); err != nil {
			return q, err
		}
		if err := checkGroup(c.key, q.GroupID, "group "+describe(q.GroupID)); err != nil {
			return q, err
		}
	}
	return q, nil
}

// day returns the date parameter name (YYYY-MM-DD, a UTC day) as its
// midnight UTC, or def when it is absent.
func (p *params) day(name string, def time.Time) time.Time {
	s, ok := p.q[name]
	if !ok {
		return def
	}
	d, err := time.Parse(time.DateOnly, s[0])
	if err != nil {
		p.fail("%s must be a date such as 2026-11-01 (a UTC day)", name)
		return def
	}
	return d
}
