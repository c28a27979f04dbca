package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/groupmem/groupmem/api"
)

// maxArguments bounds a tool call's arguments, as the API bounds every
// request body but a message batch.
const maxArguments = 64 << 10

// tool is one MCP tool: the endpoint it calls, its schema from its
// argument type, and the call.
type tool struct {
	def      sdk.Tool
	route    string // the ServeMux pattern of the endpoint it calls; the tool needs that endpoint's scope
	scope    api.Scope
	resolved *jsonschema.Resolved
	call     func(ctx context.Context, c *caller, args json.RawMessage) (*sdk.CallToolResult, error)
}

// newTool declares a tool whose arguments are In: its input schema is
// In's, arguments are checked against it before the call, and call gets
// them decoded.
func newTool[In any](def sdk.Tool, route string, call func(ctx context.Context, c *caller, in In) (*sdk.CallToolResult, error)) tool {
	schema, err := jsonschema.For[In](nil)
	if err != nil {
		panic(fmt.Sprintf("mcp: tool %s: %v", def.Name, err)) // the argument types are this package's
	}
	resolved, err := schema.Resolve(nil)
	if err != nil {
		panic(fmt.Sprintf("mcp: tool %s: %v", def.Name, err))
	}
	def.InputSchema = schema
	return tool{def: def, route: route, resolved: resolved,
		call: func(ctx context.Context, c *caller, args json.RawMessage) (*sdk.CallToolResult, error) {
			var in In
			if err := json.Unmarshal(args, &in); err != nil {
				return nil, invalidParams("arguments of %s: %v", def.Name, err)
			}
			return call(ctx, c, in)
		}}
}

// handler is the tool's handler on a server whose callers present cred.
func (t tool) handler(a http.Handler, cred func(*sdk.RequestExtra) http.Header) sdk.ToolHandler {
	return func(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		args, err := t.check(req.Params.Arguments)
		if err != nil {
			return nil, err
		}
		return t.call(ctx, &caller{api: a, cred: cred(req.Extra)}, args)
	}
}

// check returns the arguments as JSON once they fit the schema, or a
// protocol error (invalid params) saying why not.
func (t tool) check(raw json.RawMessage) (json.RawMessage, error) {
	if len(raw) > maxArguments {
		return nil, invalidParams("the arguments of %s are over %d KiB", t.def.Name, maxArguments>>10)
	}
	v := map[string]any{}
	if len(raw) > 0 && string(raw) != "null" {
		if err := json.Unmarshal(raw, &v); err != nil {
			return nil, invalidParams("the arguments of %s must be a JSON object", t.def.Name)
		}
	}
	if err := t.resolved.Validate(v); err != nil {
		return nil, invalidParams("invalid arguments for %s: %v", t.def.Name, err)
	}
	b, _ := json.Marshal(v) // decoded from JSON: it encodes
	return b, nil
}

func invalidParams(format string, a ...any) error {
	return &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: fmt.Sprintf(format, a...)}
}

// Arguments of the tools, named as the parameters of their endpoints.
type (
	groupsArgs struct {
		Limit  *int   `json:"limit,omitempty" jsonschema:"groups per page, 1 to 100 (default 100)"`
		Cursor string `json:"cursor,omitempty" jsonschema:"next_cursor of the previous page, passed back unchanged"`
	}
	contextArgs struct {
		GroupID   string   `json:"group_id" jsonschema:"the group's id, as the chat app names it"`
		Q         string   `json:"q,omitempty" jsonschema:"what the agent is about to answer (the user's question or topic), up to 1000 characters; without it the strongest memories and the newest messages come"`
		MaxTokens *int     `json:"max_tokens,omitempty" jsonschema:"token budget of the block, 1 to 32000 (default 500)"`
		Limit     *int     `json:"limit,omitempty" jsonschema:"at most this many memories, 1 to 100 (default 10)"`
		Threshold *float64 `json:"threshold,omitempty" jsonschema:"minimum cosine similarity of a memory to q, 0 to 1 (default: the server's)"`
		About     string   `json:"about,omitempty" jsonschema:"the sender id of the member you are talking to: what the group knows about them comes first"`
	}
	searchArgs struct {
		GroupID   string   `json:"group_id" jsonschema:"the group's id"`
		Q         string   `json:"q" jsonschema:"what to look for, up to 1000 characters"`
		Limit     *int     `json:"limit,omitempty" jsonschema:"at most this many memories, 1 to 100 (default 5)"`
		Threshold *float64 `json:"threshold,omitempty" jsonschema:"minimum cosine similarity, 0 to 1 (hybrid and semantic modes only)"`
		Mode      string   `json:"mode,omitempty" jsonschema:"hybrid (default), semantic or keyword"`
	}
	messagesArgs struct {
		GroupID string `json:"group_id" jsonschema:"the group's id"`
		Q       string `json:"q,omitempty" jsonschema:"what to look for; without it, messages come newest first, one page at a time"`
		Limit   *int   `json:"limit,omitempty" jsonschema:"at most this many messages, 1 to 100 (default 20)"`
		Mode    string `json:"mode,omitempty" jsonschema:"with q: hybrid (default), semantic or keyword"`
		Since   string `json:"since,omitempty" jsonschema:"only messages sent at or after this time (RFC 3339, e.g. 2026-05-01T00:00:00Z)"`
		Until   string `json:"until,omitempty" jsonschema:"only messages sent before this time (RFC 3339)"`
		Sender  string `json:"sender,omitempty" jsonschema:"only this sender's messages (sender id)"`
		Cursor  string `json:"cursor,omitempty" jsonschema:"without q: next_cursor of the previous page, passed back unchanged"`
	}
	listArgs struct {
		GroupID string `json:"group_id" jsonschema:"the group's id"`
		Status  string `json:"status,omitempty" jsonschema:"active (default), superseded, deprecated or all"`
		Limit   *int   `json:"limit,omitempty" jsonschema:"memories per page, 1 to 100 (default 20)"`
		Offset  *int   `json:"offset,omitempty" jsonschema:"memories to skip (default 0)"`
	}
	memoryArgs struct {
		MemoryID string `json:"memory_id" jsonschema:"the id of a memory version (memory_id in other answers)"`
	}
	rememberArgs struct {
		GroupID   string   `json:"group_id" jsonschema:"the group's id"`
		Statement string   `json:"statement" jsonschema:"the memory, one self-contained sentence about the group or a member"`
		Tags      []string `json:"tags,omitempty" jsonschema:"short labels, e.g. habit, rule"`
		Subjects  []string `json:"subjects,omitempty" jsonschema:"the sender ids of the members it is about (they must have written in the group); omit for the group as a whole"`
		Strength  *float64 `json:"strength,omitempty" jsonschema:"how sure and lasting, 0 to 1 (default 1: asserted by hand)"`
		Reason    string   `json:"reason,omitempty" jsonschema:"why, for the change log"`
	}
	editArgs struct {
		MemoryID  string   `json:"memory_id" jsonschema:"the id of the memory's active version"`
		Statement string   `json:"statement" jsonschema:"the new wording of the memory"`
		Tags      []string `json:"tags,omitempty" jsonschema:"replace the tags (kept when absent)"`
		Subjects  []string `json:"subjects,omitempty" jsonschema:"replace the members it is about, by sender id (kept when absent)"`
		Strength  *float64 `json:"strength,omitempty" jsonschema:"replace the strength, 0 to 1 (kept when absent)"`
		Reason    string   `json:"reason,omitempty" jsonschema:"why, for the change log"`
	}
	forgetArgs struct {
		MemoryID string `json:"memory_id" jsonschema:"the id of the memory's active version"`
		Reason   string `json:"reason,omitempty" jsonschema:"why, for the change log"`
	}
	evolveArgs struct {
		GroupID   string `json:"group_id" jsonschema:"the group's id"`
		Apply     bool   `json:"apply,omitempty" jsonschema:"commit the changes; false (default) is a dry run that only plans them"`
		Days      *int   `json:"days,omitempty" jsonschema:"look-back in days, 1 to 365, for a group's first run and for reprocess"`
		Reprocess bool   `json:"reprocess,omitempty" jsonschema:"fuse the last days of messages again (needs days and an admin key)"`
	}
	planArgs struct {
		PlanID string `json:"plan_id" jsonschema:"the plan_id of a dry run's answer"`
	}
)

// manualBody is the body of a memory written or edited by hand.
type manualBody struct {
	Statement string    `json:"statement"`
	Tags      *[]string `json:"tags,omitempty"`
	Subjects  *[]string `json:"subjects,omitempty"`
	Strength  *float64  `json:"strength,omitempty"`
	Reason    string    `json:"reason,omitempty"`
}

// given is a list argument for a body field: nil when it was not given.
func given(list []string) *[]string {
	if list == nil {
		return nil
	}
	return &list
}

// readOnly, writes and destructive are the tools' annotations.
var (
	readOnly    = &sdk.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: new(false)}
	writes      = &sdk.ToolAnnotations{DestructiveHint: new(false), OpenWorldHint: new(false)}
	destructive = &sdk.ToolAnnotations{DestructiveHint: new(true), OpenWorldHint: new(false)}
)

// tools are every tool, in the order tools/list gives them.
func tools() []tool {
	return []tool{
		newTool(sdk.Tool{Name: "list_groups", Title: "List groups", Annotations: readOnly,
			Description: "Lists the chat groups this key may see, with their message and memory counts and last run, " +
				"ordered by id, one page at a time (next_cursor when more remain). Use it to find a group_id."},
			"GET /memory/groups", func(ctx context.Context, c *caller, in groupsArgs) (*sdk.CallToolResult, error) {
				q := values{}
				q.int("limit", in.Limit)
				q.str("cursor", in.Cursor)
				return call(c.do(ctx, http.MethodGet, "/memory/groups", url.Values(q), nil))
			}),
		newTool(sdk.Tool{Name: "get_context", Title: "Get a group's context", Annotations: readOnly,
			Description: "Returns a block of text ready to paste into a prompt: the group's long-term memories " +
				"(\"- statement\" lines) and the chat messages that matter (\"[time] sender: text\" lines, oldest first, UTC), " +
				"within a token budget (max_tokens, default 500). Call it before answering in a group, with q set to what " +
				"you are about to answer: memories, matching messages and their neighbours compete for the budget, and " +
				"time words and member names in q point at the messages they name. The text is the block; the structured " +
				"result also lists the memory and message ids used and how many were left out for lack of room."},
			"GET /memory/context/{group_id}", func(ctx context.Context, c *caller, in contextArgs) (*sdk.CallToolResult, error) {
				q := values{}
				q.str("q", in.Q)
				q.int("max_tokens", in.MaxTokens)
				q.int("limit", in.Limit)
				q.float("threshold", in.Threshold)
				q.str("about", in.About)
				a, err := c.do(ctx, http.MethodGet, "/memory/context/"+seg(in.GroupID), url.Values(q), nil)
				if err != nil || !a.ok() {
					return call(a, err)
				}
				var got struct {
					Context string `json:"context"`
				}
				if err := json.Unmarshal(a.body, &got); err != nil {
					return nil, err
				}
				text := got.Context
				if text == "" {
					text = "(the group has no memories or messages yet)"
				}
				return success(a, text), nil
			}),
		newTool(sdk.Tool{Name: "search_memories", Title: "Search memories", Annotations: readOnly,
			Description: "Finds the group's active memories that best match q, best first, with their scores " +
				"(hybrid of meaning and keywords by default). Use it to check what the group already knows about a topic " +
				"before remembering something, or to find a memory_id to edit or forget."},
			"GET /memory/search/{group_id}", func(ctx context.Context, c *caller, in searchArgs) (*sdk.CallToolResult, error) {
				q := values{}
				q.str("q", in.Q)
				q.int("limit", in.Limit)
				q.float("threshold", in.Threshold)
				q.str("mode", in.Mode)
				return call(c.do(ctx, http.MethodGet, "/memory/search/"+seg(in.GroupID), url.Values(q), nil))
			}),
		newTool(sdk.Tool{Name: "search_messages", Title: "Search messages", Annotations: readOnly,
			Description: "Finds the group's stored chat messages: with q, those that best match it; without q, the newest " +
				"first, a page at a time. since, until and sender narrow both. Use it for what was said, when the " +
				"memories do not hold it. Redacted messages are never returned."},
			"GET /memory/messages/{group_id}", func(ctx context.Context, c *caller, in messagesArgs) (*sdk.CallToolResult, error) {
				q := values{}
				q.str("q", in.Q)
				q.int("limit", in.Limit)
				q.str("mode", in.Mode)
				q.str("since", in.Since)
				q.str("until", in.Until)
				q.str("sender", in.Sender)
				q.str("cursor", in.Cursor)
				return call(c.do(ctx, http.MethodGet, "/memory/messages/"+seg(in.GroupID), url.Values(q), nil))
			}),
		newTool(sdk.Tool{Name: "list_memories", Title: "List memories", Annotations: readOnly,
			Description: "Lists a page of the group's memories, newest first (active ones by default; superseded, " +
				"deprecated or all on request), with total, each with its id, version, parent, tags, strength and evidence ids."},
			"GET /memory/list/{group_id}", func(ctx context.Context, c *caller, in listArgs) (*sdk.CallToolResult, error) {
				q := values{}
				q.str("status", in.Status)
				q.int("limit", in.Limit)
				q.int("offset", in.Offset)
				return call(c.do(ctx, http.MethodGet, "/memory/list/"+seg(in.GroupID), url.Values(q), nil))
			}),
		newTool(sdk.Tool{Name: "memory_history", Title: "A memory's history", Annotations: readOnly,
			Description: "Returns every version of the memory that memory_id belongs to, oldest first, each with its parent, " +
				"change summary and the chat messages it rests on (who said what, when). Use it to explain how a memory " +
				"came to be or why it changed."},
			"GET /memory/history/{memory_id}", history),
		newTool(sdk.Tool{Name: "remember", Title: "Remember", Annotations: writes,
			Description: "Writes a new memory of the group by hand (version 1 of a new lineage), recorded in the change log " +
				"with this key's name. Search first: an existing memory on the topic should be edited instead."},
			"POST /memory/create/{group_id}", func(ctx context.Context, c *caller, in rememberArgs) (*sdk.CallToolResult, error) {
				body := manualBody{Statement: in.Statement, Tags: given(in.Tags), Subjects: given(in.Subjects), Strength: in.Strength, Reason: in.Reason}
				return call(c.do(ctx, http.MethodPost, "/memory/create/"+seg(in.GroupID), nil, body))
			}),
		newTool(sdk.Tool{Name: "edit_memory", Title: "Edit a memory", Annotations: writes,
			Description: "Writes a new version of a memory: the version given must be the active one (a conflict names the " +
				"current one); it becomes superseded and stays in the history. Tags and strength carry over unless given."},
			"PUT /memory/{memory_id}", func(ctx context.Context, c *caller, in editArgs) (*sdk.CallToolResult, error) {
				body := manualBody{Statement: in.Statement, Tags: given(in.Tags), Subjects: given(in.Subjects), Strength: in.Strength, Reason: in.Reason}
				return call(c.do(ctx, http.MethodPut, "/memory/"+seg(in.MemoryID), nil, body))
			}),
		newTool(sdk.Tool{Name: "forget_memory", Title: "Forget a memory", Annotations: destructive,
			Description: "Deletes a memory: its active version becomes deprecated and leaves search and context. " +
				"Its history is kept and restore_memory brings it back."},
			"DELETE /memory/{memory_id}", func(ctx context.Context, c *caller, in forgetArgs) (*sdk.CallToolResult, error) {
				var body any
				if in.Reason != "" {
					body = map[string]string{"reason": in.Reason}
				}
				return call(c.do(ctx, http.MethodDelete, "/memory/"+seg(in.MemoryID), nil, body))
			}),
		newTool(sdk.Tool{Name: "restore_memory", Title: "Restore a memory", Annotations: writes,
			Description: "Restores a memory version: a deleted one becomes active again as it was; a superseded one is " +
				"written again as a new version on top of its lineage. Answers the version active afterwards."},
			"PUT /memory/{memory_id}/restore", func(ctx context.Context, c *caller, in memoryArgs) (*sdk.CallToolResult, error) {
				return call(c.do(ctx, http.MethodPut, "/memory/"+seg(in.MemoryID)+"/restore", nil, nil))
			}),
		newTool(sdk.Tool{Name: "evolve_group", Title: "Evolve a group's memory", Annotations: destructive,
			Description: "Fuses the group's new messages into its memories now, as the nightly run does, and answers each " +
				"change (create, update, delete) with its evidence. A dry run unless apply is true: then nothing is " +
				"committed and the answer's plan_id lets apply_plan commit exactly that plan. A group being evolved " +
				"answers busy; try again later. " +
				"An apply may take minutes when a model is configured."},
			"POST /memory/evolve/{group_id}", func(ctx context.Context, c *caller, in evolveArgs) (*sdk.CallToolResult, error) {
				q := values{}
				q.flag("dry_run", !in.Apply)
				q.int("days", in.Days)
				q.flag("reprocess", in.Reprocess)
				return call(c.do(ctx, http.MethodPost, "/memory/evolve/"+seg(in.GroupID), url.Values(q), nil))
			}),
		newTool(sdk.Tool{Name: "apply_plan", Title: "Apply a previewed plan", Annotations: destructive,
			Description: "Commits exactly the plan a dry run of evolve_group answered (its plan_id): the same changes, " +
				"once, if the group did not change since (new messages or another run); otherwise it says to preview " +
				"again. Plans expire after 24 hours."},
			"POST /memory/plans/{plan_id}/apply", func(ctx context.Context, c *caller, in planArgs) (*sdk.CallToolResult, error) {
				return call(c.do(ctx, http.MethodPost, "/memory/plans/"+seg(in.PlanID)+"/apply", nil, nil))
			}),
	}
}

// call is result with the error of the request passed through.
func call(a answer, err error) (*sdk.CallToolResult, error) {
	if err != nil {
		return nil, err
	}
	return result(a), nil
}

// maxHistoryEvidence bounds the versions whose evidence a history fetches.
const maxHistoryEvidence = 50

// history answers memory_history: the lineage from GET /memory/history,
// each version with the messages of its evidence from GET
// /memory/{memory_id}.
func history(ctx context.Context, c *caller, in memoryArgs) (*sdk.CallToolResult, error) {
	a, err := c.do(ctx, http.MethodGet, "/memory/history/"+seg(in.MemoryID), nil, nil)
	if err != nil || !a.ok() {
		return call(a, err)
	}
	var h map[string]any
	if err := json.Unmarshal(a.body, &h); err != nil {
		return nil, err
	}
	versions, _ := h["history"].([]any)
	for i := len(versions) - 1; i >= 0 && i >= len(versions)-maxHistoryEvidence; i-- {
		v, _ := versions[i].(map[string]any)
		id, _ := v["memory_id"].(string)
		if ev, _ := v["evidence"].([]any); len(ev) == 0 || id == "" {
			continue
		}
		got, err := c.do(ctx, http.MethodGet, "/memory/"+seg(id), nil, nil)
		if err != nil {
			return nil, err
		}
		if !got.ok() {
			return failure(got), nil
		}
		var m struct {
			Evidence json.RawMessage `json:"evidence_messages"`
		}
		if err := json.Unmarshal(got.body, &m); err != nil {
			return nil, err
		}
		v["evidence_messages"] = m.Evidence
	}
	b, err := json.Marshal(h)
	if err != nil {
		return nil, err
	}
	return success(answer{status: a.status, body: b}, ""), nil
}
