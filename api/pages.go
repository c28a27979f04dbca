package api

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/groupmem/groupmem"
)

// A cursor is where a newest-first page ended: the time and id of its last
// row. It travels as an opaque token (base64url of a small JSON object),
// so clients pass back next_cursor as they got it.
type cursor struct {
	At time.Time `json:"t"`
	ID string    `json:"id"`
}

func (c cursor) String() string {
	b, _ := json.Marshal(c)
	return base64.RawURLEncoding.EncodeToString(b)
}

// cursor returns the cursor parameter name, or the zero cursor when it is
// absent. A token that is not one of ours is EINVALID.
func (p *params) cursor(name string) cursor {
	s, ok := p.q[name]
	if !ok {
		return cursor{}
	}
	var c cursor
	b, err := base64.RawURLEncoding.DecodeString(s[0])
	if err == nil {
		err = json.Unmarshal(b, &c)
	}
	if err != nil || c.At.IsZero() || c.ID == "" || len(c.ID) > groupmem.MaxNameBytes {
		p.fail("%s must be the next_cursor of an earlier page, passed back unchanged", name)
		return cursor{}
	}
	return c
}

// list returns the comma-separated values of parameter name, each one of
// allowed, or nil when it is absent.
func (p *params) list(name string, allowed []string) []string {
	s, ok := p.q[name]
	if !ok {
		return nil
	}
	var out []string
	for _, v := range strings.Split(s[0], ",") {
		v = strings.TrimSpace(v)
		if !slices.Contains(allowed, v) {
			p.fail("%s must be a comma-separated list of %s; got %s", name, strings.Join(allowed, ", "), describe(v))
			return nil
		}
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

// changeActions are the actions the change log records, as the API names
// them.
var changeActions = []string{
	string(groupmem.ActionCreate), string(groupmem.ActionUpdate), string(groupmem.ActionDelete),
	string(groupmem.ActionRestore), string(groupmem.ActionStrength),
}

// changes answers GET /memory/changes/{group_id}: the change log of the
// last days days, newest first, one page at a time. action keeps only the
// listed actions, exclude_action leaves the listed ones out (for example
// strength-only changes).
func (h *Handler) changes(w http.ResponseWriter, r *http.Request, c *call) error {
	g, err := groupParam(r)
	if err != nil {
		return err
	}
	p := params{q: c.query}
	days := p.int("days", 7, 1, maxDays)
	limit := p.int("limit", 100, 1, maxLimit)
	only := p.list("action", changeActions)
	leave := p.list("exclude_action", changeActions)
	at := p.cursor("cursor")
	var beforeID int64
	if !at.At.IsZero() {
		beforeID = p.cursorInt(at, "changes")
	}
	if p.err != nil {
		return p.err
	}
	if err := checkGroup(c.key, g, "group "+describe(g)); err != nil {
		return err
	}
	var actions []groupmem.ActionKind
	if only != nil || leave != nil {
		actions = []groupmem.ActionKind{}
		for _, a := range cmpOr(only, changeActions) {
			if !slices.Contains(leave, a) {
				actions = append(actions, groupmem.ActionKind(a))
			}
		}
	}
	now := h.now().UTC()
	since := now.AddDate(0, 0, -days)
	rows, err := h.d.Ledger.Changes(r.Context(), groupmem.ChangeQuery{GroupID: g, Since: since, Actions: actions,
		BeforeTime: at.At, BeforeID: beforeID, Limit: limit + 1})
	if err != nil {
		return err
	}
	truncated := len(rows) > limit
	rows = rows[:min(len(rows), limit)]
	out := make([]changeJSON, len(rows))
	for i, ch := range rows {
		out[i] = changeOut(ch)
	}
	var next *string
	if truncated {
		last := rows[len(rows)-1]
		next = nullable(cursor{At: last.CreatedAt, ID: strconv.FormatInt(last.ID, 10)}.String())
	}
	writeJSON(w, http.StatusOK, struct {
		Success    bool         `json:"success"`
		GroupID    string       `json:"group_id"`
		Period     string       `json:"period"`
		Since      time.Time    `json:"since"`
		Truncated  bool         `json:"truncated"`
		NextCursor *string      `json:"next_cursor"`
		Changes    []changeJSON `json:"changes"`
	}{true, g, since.Format(time.DateOnly) + " to " + now.Format(time.DateOnly), since, truncated, next, out})
	return nil
}

// runs answers GET /memory/runs/{group_id}: the group's evolution runs,
// newest first, one page at a time, optionally only those in one status.
// Manual changes are not runs: the change log has them.
func (h *Handler) runs(w http.ResponseWriter, r *http.Request, c *call) error {
	g, err := groupParam(r)
	if err != nil {
		return err
	}
	p := params{q: c.query}
	limit := p.int("limit", 20, 1, maxLimit)
	var status groupmem.RunStatus
	if s := p.list("status", runStatuses()); len(s) > 1 {
		p.fail("status takes one of %s", strings.Join(runStatuses(), ", "))
	} else if len(s) == 1 {
		status = groupmem.RunStatus(s[0])
	}
	at := p.cursor("cursor")
	if !at.At.IsZero() && groupmem.CheckID(at.ID) != nil {
		p.fail("cursor must be the next_cursor of an earlier page of runs, passed back unchanged")
	}
	if p.err != nil {
		return p.err
	}
	if err := checkGroup(c.key, g, "group "+describe(g)); err != nil {
		return err
	}
	runs, err := h.d.Ledger.Runs(r.Context(), groupmem.RunQuery{GroupID: g, Status: status,
		BeforeTime: at.At, BeforeID: at.ID, Limit: limit + 1})
	if err != nil {
		return err
	}
	var next *string
	if len(runs) > limit {
		runs = runs[:limit]
		last := runs[len(runs)-1]
		next = nullable(cursor{At: last.StartedAt, ID: last.ID}.String())
	}
	out := make([]runJSON, len(runs))
	for i, run := range runs {
		out[i] = runOut(run)
	}
	writeJSON(w, http.StatusOK, struct {
		Success    bool      `json:"success"`
		GroupID    string    `json:"group_id"`
		NextCursor *string   `json:"next_cursor"`
		Runs       []runJSON `json:"runs"`
	}{true, g, next, out})
	return nil
}

// groupJSON is one group of GET /memory/groups.
type groupJSON struct {
	GroupID  string `json:"group_id"`
	Memories struct {
		Active     int `json:"active"`
		Deprecated int `json:"deprecated"`
		Superseded int `json:"superseded"`
	} `json:"memories"`
	Messages        int      `json:"messages"`
	PendingMessages int      `json:"pending_messages"`
	LastRun         *runJSON `json:"last_run"`
}

// groups answers GET /memory/groups: the groups the key may see, in group
// id order, with their memory counts, messages and latest evolution run.
func (h *Handler) groups(w http.ResponseWriter, r *http.Request, c *call) error {
	p := params{q: c.query}
	limit := p.int("limit", 100, 1, maxLimit)
	after := p.cursor("cursor")
	if p.err != nil {
		return p.err
	}
	page, err := h.d.Ledger.Groups(r.Context(), groupmem.GroupQuery{IDs: c.key.Groups, After: after.ID, Limit: limit + 1})
	if err != nil {
		return err
	}
	var next *string
	if len(page) > limit {
		page = page[:limit]
		next = nullable(cursor{At: time.Unix(0, 0).UTC(), ID: page[len(page)-1].GroupID}.String())
	}
	out := make([]groupJSON, len(page))
	for i, g := range page {
		out[i].GroupID, out[i].Messages, out[i].PendingMessages = g.GroupID, g.Messages, g.Pending
		out[i].Memories.Active, out[i].Memories.Deprecated, out[i].Memories.Superseded = g.Active, g.Deprecated, g.Superseded
		if g.LastRun != nil {
			run := runOut(*g.LastRun)
			out[i].LastRun = &run
		}
	}
	writeJSON(w, http.StatusOK, struct {
		Success    bool        `json:"success"`
		NextCursor *string     `json:"next_cursor"`
		Groups     []groupJSON `json:"groups"`
	}{true, next, out})
	return nil
}

func runStatuses() []string {
	out := make([]string, len(groupmem.RunStatuses))
	for i, s := range groupmem.RunStatuses {
		out[i] = string(s)
	}
	return out
}

// cursorInt reads the positive integer id a cursor of what holds.
func (p *params) cursorInt(at cursor, what string) int64 {
	n, err := strconv.ParseInt(at.ID, 10, 64)
	if err != nil || n <= 0 {
		p.fail("cursor must be the next_cursor of an earlier page of %s, passed back unchanged", what)
	}
	return n
}

func cmpOr(a, b []string) []string {
	if a != nil {
		return a
	}
	return b
}
