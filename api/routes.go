package api

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/groupmem/groupmem"
)

// route is one endpoint: its ServeMux pattern, the scope a key needs
// (scopeNone: no key), the query parameters it accepts, and its handler.
type route struct {
	pattern string
	scope   Scope
	params  []string
	long    bool // runs longer than Config.RequestTimeout (synchronous evolve)
	serve   func(w http.ResponseWriter, r *http.Request, c *call) error
}

// routes lists every endpoint of the API.
func (h *Handler) routes() []route {
	rs := []route{
		{pattern: "GET /healthz", serve: h.healthz},
		{pattern: "GET /readyz", serve: h.readyz},
		{pattern: "GET /openapi.json", serve: h.openapi},
		{pattern: "GET /auth/key", scope: ScopeRead, serve: h.key},

		{pattern: "POST /memory/evolve/{group_id}", scope: ScopeWrite, params: []string{"days", "dry_run", "async", "reprocess"}, long: true, serve: h.evolve},
		{pattern: "GET /memory/list/{group_id}", scope: ScopeRead, params: []string{"status", "limit", "offset"}, serve: h.list},
		{pattern: "GET /memory/search/{group_id}", scope: ScopeRead, params: []string{"q", "limit", "threshold", "mode"}, serve: h.search},
		{pattern: "GET /memory/history/{memory_id}", scope: ScopeRead, serve: h.history},
		{pattern: "GET /memory/changes/{group_id}", scope: ScopeRead, params: []string{"days", "limit", "action", "exclude_action", "cursor"}, serve: h.changes},
		{pattern: "GET /memory/context/{group_id}", scope: ScopeRead, params: []string{"q", "max_tokens", "limit", "threshold", "about"}, serve: h.promptContext},
		{pattern: "GET /memory/plans/{group_id}", scope: ScopeRead, params: []string{"limit", "status", "cursor"}, serve: h.plans},
		{pattern: "POST /memory/plans/{plan_id}/apply", scope: ScopeWrite, long: true, serve: h.applyPlan(false)},
		{pattern: "POST /memory/plans/{plan_id}/approve", scope: ScopeAdmin, long: true, serve: h.applyPlan(true)},
		{pattern: "POST /memory/plans/{plan_id}/reject", scope: ScopeAdmin, serve: h.rejectPlan},
		{pattern: "GET /memory/runs/{group_id}", scope: ScopeRead, params: []string{"limit", "status", "cursor"}, serve: h.runs},
		{pattern: "GET /memory/groups", scope: ScopeRead, params: []string{"limit", "cursor"}, serve: h.groups},
		{pattern: "GET /memory/members/{group_id}", scope: ScopeRead, params: []string{"limit", "cursor"}, serve: h.members},
		{pattern: "GET /memory/members/{group_id}/{sender_id}", scope: ScopeRead, serve: h.member},
		{pattern: "DELETE /memory/groups/{group_id}", scope: ScopeAdmin, serve: h.purge},
		{pattern: "GET /memory/usage", scope: ScopeAdmin, params: []string{"group_id", "since", "until", "by", "limit"}, serve: h.usage},
		{pattern: "GET /memory/removals/{group_id}", scope: ScopeAdmin, params: []string{"limit"}, serve: h.removals},
		{pattern: "GET /memory/export/{group_id}", scope: ScopeAdmin, params: []string{"messages", "runs"}, long: true, serve: h.export},
		{pattern: "POST /memory/import/{group_id}", scope: ScopeAdmin, long: true, serve: h.importGroup},
		{pattern: "GET /memory/run/{run_id}", scope: ScopeRead, serve: h.run},
		{pattern: "POST /memory/messages/{group_id}", scope: ScopeWrite, serve: h.ingest},
		{pattern: "DELETE /memory/messages/{group_id}/{message_id}", scope: ScopeAdmin, serve: h.redact},
		{pattern: "GET /memory/messages/{group_id}", scope: ScopeRead, params: []string{"q", "limit", "mode", "since", "until", "sender", "cursor"}, serve: h.messages},
		{pattern: "GET /memory/{memory_id}", scope: ScopeRead, serve: h.memory(h.ownMemory)},
		{pattern: "GET /memory/lineage/{lineage_id}", scope: ScopeRead, serve: h.memory(h.currentOf)},
		{pattern: "POST /memory/create/{group_id}", scope: ScopeAdmin, serve: h.create},
		{pattern: "PUT /memory/{memory_id}", scope: ScopeAdmin, serve: h.edit},
		{pattern: "DELETE /memory/{memory_id}", scope: ScopeAdmin, serve: h.delete(h.ownMemory)},
		{pattern: "DELETE /memory/lineage/{lineage_id}", scope: ScopeAdmin, serve: h.delete(h.currentOf)},
		{pattern: "PUT /memory/lineage/{lineage_id}/restore", scope: ScopeAdmin, serve: h.restore(h.currentOf)},
		{pattern: "PUT /memory/lineage/{lineage_id}/strength", scope: ScopeAdmin, serve: h.strength(h.currentOf)},
		{pattern: "PUT /memory/{memory_id}/restore", scope: ScopeAdmin, serve: h.restore(h.ownMemory)},
		{pattern: "PUT /memory/{memory_id}/strength", scope: ScopeAdmin, serve: h.strength(h.ownMemory)},

		{pattern: "POST /memory/webhooks", scope: ScopeAdmin, serve: h.createWebhook},
		{pattern: "GET /memory/webhooks", scope: ScopeAdmin, serve: h.webhooks},
		{pattern: "GET /memory/webhooks/{webhook_id}", scope: ScopeAdmin, serve: h.webhookByID},
		{pattern: "DELETE /memory/webhooks/{webhook_id}", scope: ScopeAdmin, serve: h.deleteWebhook},
		{pattern: "POST /memory/webhooks/{webhook_id}/rotate", scope: ScopeAdmin, serve: h.rotateWebhook},
		{pattern: "POST /memory/webhooks/{webhook_id}/resume", scope: ScopeAdmin, serve: h.resumeWebhook},
		{pattern: "POST /memory/webhooks/{webhook_id}/replay", scope: ScopeAdmin, serve: h.replayWebhook},
		{pattern: "GET /memory/webhooks/{webhook_id}/deliveries", scope: ScopeAdmin, params: []string{"limit", "cursor"}, serve: h.webhookDeliveries},
	}
	if h.d.Metrics != nil {
		rs = append(rs, route{pattern: "GET /metrics", serve: h.metrics})
	}
	return rs
}

// call is what a handler knows about the request beyond *http.Request: the
// key that made it and its validated query.
type call struct {
	key   *Key
	query url.Values
}

// wrap turns a route into an http.Handler: authenticate, check the scope,
// check the query's parameter names, bound the time, serve, and answer an
// error in the one JSON shape.
func (h *Handler) wrap(rt route) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c := &call{}
		err := h.prepare(r, rt, c)
		if err == nil {
			ctx, cancel := r.Context(), context.CancelFunc(func() {})
			if !rt.long {
				ctx, cancel = context.WithTimeout(ctx, h.cfg.RequestTimeout)
			}
			err = rt.serve(w, r.WithContext(ctx), c)
			cancel()
		}
		if err != nil {
			h.writeError(w, r, err)
		}
	})
}

// prepare authenticates the request and parses its query.
func (h *Handler) prepare(r *http.Request, rt route, c *call) error {
	if rt.scope != scopeNone {
		key, err := h.authenticate(r)
		if err != nil {
			return err
		}
		if !key.Allows(rt.scope) {
			return groupmem.Errorf(groupmem.EFORBIDDEN, "key %q has scope %s; this endpoint needs %s", key.Name, key.Scope, rt.scope)
		}
		c.key = key
	}
	q, err := parseQuery(r.URL.RawQuery, rt.params)
	if err != nil {
		return err
	}
	c.query = q
	return nil
}

// unmatched answers a request no route matched: 405 with an Allow header
// when the path exists for other methods, 404 otherwise.
func (h *Handler) unmatched(w http.ResponseWriter, r *http.Request) {
	allow := h.allowed(r, r.Method)
	if len(allow) == 0 {
		h.writeError(w, r, groupmem.Errorf(groupmem.ENOTFOUND, "no endpoint at %s", groupmem.Truncate(r.URL.Path, 200)))
		return
	}
	slices.Sort(allow)
	w.Header().Set("Allow", strings.Join(allow, ", "))
	h.writeError(w, r, groupmem.Errorf(codeMethod, "method %s is not allowed here; allowed: %s",
		groupmem.Truncate(r.Method, 20), strings.Join(allow, ", ")))
}

// allowed lists, sorted, the methods other than except that have an
// endpoint at r's path.
func (h *Handler) allowed(r *http.Request, except string) []string {
	var allow []string
	for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodDelete} {
		if m == except {
			continue
		}
		probe := &http.Request{Method: m, URL: r.URL, Host: r.Host, Header: http.Header{}}
		if _, p := h.mux.Handler(probe); p != "" && p != "/" {
			allow = append(allow, m)
			if m == http.MethodGet {
				allow = append(allow, http.MethodHead)
			}
		}
	}
	slices.Sort(allow)
	return allow
}

// ScopeOf returns the scope a key needs for the endpoint with the given
// ServeMux pattern (as in "GET /memory/context/{group_id}"), and false when
// the API has no such endpoint. Another door onto the same endpoints (the
// MCP tools) offers a caller only what its key's scope allows.
func (h *Handler) ScopeOf(pattern string) (Scope, bool) {
	for _, rt := range h.routes() {
		if rt.pattern == pattern {
			return rt.scope, true
		}
	}
	return scopeNone, false
}

// Authenticate returns the key that made r, exactly as every endpoint
// authenticates its caller (EUNAUTH for none, a malformed one or an
// unknown one; the anonymous admin when the API is open).
func (h *Handler) Authenticate(r *http.Request) (*Key, error) { return h.authenticate(r) }

// WriteError answers err in the API's one error shape, with its status.
func (h *Handler) WriteError(w http.ResponseWriter, r *http.Request, err error) {
	h.writeError(w, r, err)
}
