// Package mcptest is the scenario every MCP transport of groupmem is
// tested with: the same agent, driving every tool with the official Go
// SDK's client, with keys of every scope and of one group only.
package mcptest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/api"
)

// The scenario's groups.
const (
	GroupA = "team-a"
	GroupB = "team-b"
)

// Secrets of the scenario's keys: an admin of every group, and an admin,
// a writer and a reader of group A only.
var (
	AdminAll = "mcp-admin-all-7f3c9e1d2b"
	AdminA   = "mcp-admin-a-4e8d2c6a1f"
	WriteA   = "mcp-write-a-9b1f5e3c7d"
	ReadA    = "mcp-read-a-2c7e9a4b6f"
)

// APIKeys is the GROUPMEM_API_KEYS value of the scenario's keys.
func APIKeys() string {
	return strings.Join([]string{
		"admin-all:admin:*:" + api.HashKey(AdminAll),
		"admin-a:admin:" + GroupA + ":" + api.HashKey(AdminA),
		"write-a:write:" + GroupA + ":" + api.HashKey(WriteA),
		"read-a:read:" + GroupA + ":" + api.HashKey(ReadA),
	}, ";")
}

// Keys are the scenario's keys, parsed.
func Keys() []api.Key {
	keys, err := api.ParseKeys(APIKeys())
	if err != nil {
		panic(err)
	}
	return keys
}

// Messages is the chat of group g, to be stored before Run: a month of a
// few members saying lasting things about themselves among small talk.
func Messages(g string) []groupmem.Message {
	lines := []struct{ who, text string }{
		{"alice", "I have a cat named Miso, she is three now"},
		{"bob", "nice! I work as a nurse at the city hospital"},
		{"carol", "I moved to Denver last month"},
		{"alice", "Miso knocked my plant over again lol"},
		{"bob", "good morning all"},
		{"carol", "I'm allergic to peanuts, so no satay for me on Friday"},
		{"alice", "I play the cello in a community orchestra"},
		{"bob", "I started learning Spanish this spring"},
	}
	if g == GroupB {
		lines = []struct{ who, text string }{
			{"dave", "I keep bees on my roof, two hives"},
			{"erin", "I teach maths at a secondary school"},
			{"dave", "the bees made 12 kg of honey this summer"},
		}
	}
	start := time.Date(2026, 10, 5, 18, 0, 0, 0, time.UTC)
	out := make([]groupmem.Message, 0, 4*len(lines))
	for week := range 4 {
		for i, l := range lines {
			out = append(out, groupmem.Message{
				GroupID: g, ID: fmt.Sprintf("%s-w%d-%d", g, week, i), SenderID: l.who, SenderName: strings.ToUpper(l.who[:1]) + l.who[1:],
				Content: l.text, SentAt: start.Add(time.Duration(week)*7*24*time.Hour + time.Duration(i)*time.Hour),
			})
		}
	}
	return out
}

// Connect opens a client session presenting secret as its key.
type Connect func(t testing.TB, secret string) *sdk.ClientSession

// The tools each scope is offered.
var (
	readTools  = []string{"get_context", "list_groups", "list_memories", "memory_history", "search_memories", "search_messages"}
	writeTools = append(slices.Clone(readTools), "apply_plan", "evolve_group")
	adminTools = append(slices.Clone(writeTools), "edit_memory", "forget_memory", "remember", "restore_memory")
)

// Run drives every tool and the resource over connect's transport: what
// each scope is offered, an admin's whole flow, a key of one group against
// the other's data, and what the protocol rejects. The groups' messages
// must be stored before.
func Run(t *testing.T, connect Connect) {
	admin := connect(t, AdminAll)
	other := Call(t, admin, "remember", map[string]any{"group_id": GroupB, "statement": "Dave keeps two beehives on his roof.", "tags": []string{"member:dave"}})
	otherID := memoryID(t, other)
	before := Call(t, admin, "list_memories", map[string]any{"group_id": GroupB, "status": "all", "limit": 100})

	t.Run("ToolsByScope", func(t *testing.T) {
		for _, c := range []struct {
			secret string
			want   []string
		}{{AdminAll, adminTools}, {AdminA, adminTools}, {WriteA, writeTools}, {ReadA, readTools}} {
			if got := toolNames(t, connect(t, c.secret)); !slices.Equal(got, sorted(c.want)) {
				t.Errorf("key %s… is offered %v, want %v", c.secret[:10], got, sorted(c.want))
			}
		}
	})
	t.Run("EveryTool", func(t *testing.T) { everyTool(t, admin) })
	t.Run("KeyMatrix", func(t *testing.T) {
		for _, secret := range []string{AdminA, WriteA, ReadA} {
			keyMatrix(t, connect(t, secret), secret, otherID)
		}
		after := Call(t, admin, "list_memories", map[string]any{"group_id": GroupB, "status": "all", "limit": 100})
		if !jsonEqual(before.StructuredContent, after.StructuredContent) {
			t.Errorf("keys of group A changed group B's memories:\nbefore %s\nafter  %s", text(before), text(after))
		}
	})
	t.Run("ProtocolErrors", func(t *testing.T) { protocolErrors(t, admin) })
}

func everyTool(t *testing.T, s *sdk.ClientSession) {
	groups := Call(t, s, "list_groups", nil)
	for _, g := range []string{GroupA, GroupB} {
		if !strings.Contains(text(groups), `"group_id":"`+g+`"`) {
			t.Errorf("list_groups of an admin of every group lacks %s: %s", g, text(groups))
		}
	}
	if n := total(t, Call(t, s, "list_memories", map[string]any{"group_id": GroupA})); n != 0 {
		t.Fatalf("group A has %d memories before its first evolution", n)
	}
	dry := Call(t, s, "evolve_group", map[string]any{"group_id": GroupA})
	if st := field(t, dry, "status"); st != string(groupmem.RunDryRun) {
		t.Fatalf("evolve_group without apply: status %q, want dry_run: %s", st, text(dry))
	}
	if n := total(t, Call(t, s, "list_memories", map[string]any{"group_id": GroupA})); n != 0 {
		t.Fatalf("a dry run applied %d memories", n)
	}
	applied := Call(t, s, "apply_plan", map[string]any{"plan_id": field(t, dry, "plan_id")})
	if st := field(t, applied, "status"); st != string(groupmem.RunSucceeded) || field(t, applied, "plan_id") != field(t, dry, "plan_id") {
		t.Fatalf("apply_plan of the dry run's plan: status %q, want succeeded: %s", st, text(applied))
	}
	if again, err := call(s, "apply_plan", map[string]any{"plan_id": field(t, dry, "plan_id")}); err != nil || !again.IsError ||
		!strings.Contains(text(again), "applied already") {
		t.Errorf("a second apply_plan of one plan answered %v, %v; want an error saying it was applied", again, err)
	}
	list := Call(t, s, "list_memories", map[string]any{"group_id": GroupA, "limit": 100})
	var page struct {
		Total    int `json:"total"`
		Memories []struct {
			ID        string   `json:"memory_id"`
			Statement string   `json:"statement"`
			Evidence  []string `json:"evidence"`
		} `json:"memories"`
	}
	decode(t, list, &page)
	if page.Total == 0 {
		t.Fatalf("evolve_group applied nothing: %s", text(applied))
	}

	ctx := Call(t, s, "get_context", map[string]any{"group_id": GroupA, "q": "what is the name of Alice's cat?", "max_tokens": 300})
	if !strings.Contains(text(ctx), "Miso") {
		t.Errorf("get_context for Alice's cat does not name Miso:\n%s", text(ctx))
	}
	if strings.HasPrefix(text(ctx), "{") {
		t.Errorf("get_context's text is JSON, not the block: %s", text(ctx))
	}
	msgs := Call(t, s, "search_messages", map[string]any{"group_id": GroupA, "q": "Denver", "limit": 3})
	if !strings.Contains(text(msgs), "I moved to Denver last month") {
		t.Errorf("search_messages for Denver: %s", text(msgs))
	}
	evolved := page.Memories[slices.IndexFunc(page.Memories, func(m struct {
		ID        string   `json:"memory_id"`
		Statement string   `json:"statement"`
		Evidence  []string `json:"evidence"`
	}) bool {
		return len(m.Evidence) > 0
	})]
	hist := Call(t, s, "memory_history", map[string]any{"memory_id": evolved.ID})
	var lineage struct {
		History []struct {
			Evidence []struct {
				Content string `json:"content"`
			} `json:"evidence_messages"`
		} `json:"history"`
	}
	decode(t, hist, &lineage)
	if len(lineage.History) == 0 || len(lineage.History[0].Evidence) == 0 || lineage.History[0].Evidence[0].Content == "" {
		t.Errorf("memory_history of %q carries no evidence messages: %s", evolved.Statement, text(hist))
	}

	made := Call(t, s, "remember", map[string]any{"group_id": GroupA, "statement": "The team's standup is on Tuesdays at 10:00.", "tags": []string{"habit"}, "reason": "said in the planning call"})
	v1 := memoryID(t, made)
	found := Call(t, s, "search_memories", map[string]any{"group_id": GroupA, "q": "when is the standup", "limit": 3})
	if !strings.Contains(text(found), "standup is on Tuesdays") {
		t.Errorf("search_memories does not find the memory just remembered: %s", text(found))
	}
	edited := Call(t, s, "edit_memory", map[string]any{"memory_id": v1, "statement": "The team's standup moved to Wednesdays at 10:00.", "reason": "moved"})
	v2 := memoryID(t, edited)
	var versions struct {
		History []struct {
			ID     string  `json:"memory_id"`
			Parent *string `json:"parent_id"`
			Status string  `json:"status"`
		} `json:"history"`
	}
	decode(t, Call(t, s, "memory_history", map[string]any{"memory_id": v2}), &versions)
	if len(versions.History) != 2 || versions.History[1].Parent == nil || *versions.History[1].Parent != v1 || versions.History[0].Status != "superseded" {
		t.Errorf("after an edit the history is not v1 (superseded) → v2 with v1 as parent: %+v", versions.History)
	}
	if st := field(t, Call(t, s, "forget_memory", map[string]any{"memory_id": v2, "reason": "no standups any more"}), "memory.status"); st != "deprecated" {
		t.Errorf("forget_memory left status %q", st)
	}
	if strings.Contains(text(Call(t, s, "list_memories", map[string]any{"group_id": GroupA, "limit": 100})), "Wednesdays") {
		t.Errorf("a forgotten memory is still listed as active")
	}
	if st := field(t, Call(t, s, "restore_memory", map[string]any{"memory_id": v2}), "memory.status"); st != "active" {
		t.Errorf("restore_memory left status %q", st)
	}
	res := ReadResource(t, s, "groupmem://groups/"+GroupA+"/memories")
	if !strings.Contains(res, "- The team's standup moved to Wednesdays at 10:00.\n") {
		t.Errorf("the memories resource lacks the restored memory:\n%s", res)
	}
}

// keyMatrix checks that a key of group A reads and changes nothing of
// group B, and is offered nothing its scope does not allow.
func keyMatrix(t *testing.T, s *sdk.ClientSession, secret, otherID string) {
	who := secret[:10] + "…"
	for _, c := range []struct {
		tool string
		args map[string]any
	}{
		{"list_memories", map[string]any{"group_id": GroupB}},
		{"get_context", map[string]any{"group_id": GroupB, "q": "bees"}},
		{"search_memories", map[string]any{"group_id": GroupB, "q": "bees"}},
		{"search_messages", map[string]any{"group_id": GroupB, "q": "bees"}},
		{"memory_history", map[string]any{"memory_id": otherID}},
		{"evolve_group", map[string]any{"group_id": GroupB, "apply": true}},
		{"apply_plan", map[string]any{"plan_id": groupmem.NewID()}},
		{"remember", map[string]any{"group_id": GroupB, "statement": "Dave sells honey."}},
		{"edit_memory", map[string]any{"memory_id": otherID, "statement": "Dave sells honey."}},
		{"forget_memory", map[string]any{"memory_id": otherID}},
		{"restore_memory", map[string]any{"memory_id": otherID}},
	} {
		res, err := call(s, c.tool, c.args)
		if err != nil {
			if !isUnknownTool(err) {
				t.Errorf("%s %s on group B: %v", who, c.tool, err)
			}
			continue // not offered to this scope
		}
		if !res.IsError || !strings.Contains(text(res), "not found") || strings.Contains(text(res), "bees") {
			t.Errorf("%s %s on group B answered %s", who, c.tool, text(res))
		}
	}
	if groups := text(Call(t, s, "list_groups", nil)); strings.Contains(groups, GroupB) {
		t.Errorf("%s lists group B: %s", who, groups)
	}
	if _, err := s.ReadResource(context.Background(), &sdk.ReadResourceParams{URI: "groupmem://groups/" + GroupB + "/memories"}); err == nil {
		t.Errorf("%s read group B's memories resource", who)
	}
	if secret == ReadA {
		for _, tool := range []string{"remember", "evolve_group", "forget_memory"} {
			if _, err := call(s, tool, map[string]any{"group_id": GroupA, "statement": "x", "memory_id": "x"}); !isUnknownTool(err) {
				t.Errorf("a read key called %s: %v", tool, err)
			}
		}
	}
}

func protocolErrors(t *testing.T, s *sdk.ClientSession) {
	for _, c := range []struct {
		name, tool string
		args       any
		want       string
	}{
		{"unknown tool", "drop_group", map[string]any{"group_id": GroupA}, "unknown tool"},
		{"wrong type", "get_context", map[string]any{"group_id": GroupA, "max_tokens": "many"}, "max_tokens"},
		{"missing argument", "search_memories", map[string]any{"group_id": GroupA}, "q"},
		{"unknown argument", "list_memories", map[string]any{"group_id": GroupA, "sort": "asc"}, "sort"},
		{"not an object", "list_groups", []int{1, 2}, "object"},
		{"oversized", "get_context", map[string]any{"group_id": GroupA, "q": strings.Repeat("x", 70<<10)}, "64 KiB"},
	} {
		_, err := call(s, c.tool, c.args)
		var rpc *jsonrpc.Error
		if !errors.As(err, &rpc) || rpc.Code != jsonrpc.CodeInvalidParams || !strings.Contains(rpc.Message, c.want) {
			t.Errorf("%s: got %v, want a protocol error (invalid params) naming %q", c.name, err, c.want)
		}
	}
	// The API's own validation answers in its words, as a tool error.
	res := Call(t, s, "get_context", map[string]any{"group_id": GroupA, "max_tokens": 0})
	if !res.IsError || text(res) != "max_tokens must be an integer from 1 to 32000 (invalid)" {
		t.Errorf("max_tokens 0: %s", text(res))
	}
	res = Call(t, s, "search_memories", map[string]any{"group_id": GroupA, "q": "x", "mode": "fuzzy"})
	if !res.IsError || strings.Contains(text(res), "groupmem.") || !strings.Contains(text(res), "mode") {
		t.Errorf("mode fuzzy: %s", text(res))
	}
}

// Call calls a tool and fails the test on a protocol error; a tool error
// is returned as a result.
func Call(t testing.TB, s *sdk.ClientSession, tool string, args any) *sdk.CallToolResult {
	t.Helper()
	res, err := call(s, tool, args)
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	return res
}

func call(s *sdk.ClientSession, tool string, args any) (*sdk.CallToolResult, error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	return s.CallTool(ctx, &sdk.CallToolParams{Name: tool, Arguments: args})
}

// ReadResource reads a text resource.
func ReadResource(t testing.TB, s *sdk.ClientSession, uri string) string {
	t.Helper()
	res, err := s.ReadResource(context.Background(), &sdk.ReadResourceParams{URI: uri})
	if err != nil {
		t.Fatalf("read %s: %v", uri, err)
	}
	var b strings.Builder
	for _, c := range res.Contents {
		b.WriteString(c.Text)
	}
	return b.String()
}

func isUnknownTool(err error) bool {
	var rpc *jsonrpc.Error
	return errors.As(err, &rpc) && strings.Contains(rpc.Message, "unknown tool")
}

func toolNames(t *testing.T, s *sdk.ClientSession) []string {
	t.Helper()
	res, err := s.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range res.Tools {
		names = append(names, tl.Name)
		if len(tl.Description) < 80 {
			t.Errorf("tool %s has too short a description for an agent to act on: %q", tl.Name, tl.Description)
		}
	}
	return sorted(names)
}

func sorted(ss []string) []string {
	out := slices.Clone(ss)
	slices.Sort(out)
	return out
}

// text is a result's text content.
func text(res *sdk.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

// decode decodes a result's structured content into v.
func decode(t testing.TB, res *sdk.CallToolResult, v any) {
	t.Helper()
	if res.IsError {
		t.Fatalf("tool error: %s", text(res))
	}
	b, err := json.Marshal(res.StructuredContent)
	if err == nil {
		err = json.Unmarshal(b, v)
	}
	if err != nil {
		t.Fatalf("structured content: %v", err)
	}
}

// field is a string field of the structured content, by dotted path.
func field(t testing.TB, res *sdk.CallToolResult, path string) string {
	t.Helper()
	var v any
	decode(t, res, &v)
	for name := range strings.SplitSeq(path, ".") {
		m, _ := v.(map[string]any)
		v = m[name]
	}
	s, _ := v.(string)
	return s
}

func total(t testing.TB, res *sdk.CallToolResult) int {
	t.Helper()
	var page struct {
		Total int `json:"total"`
	}
	decode(t, res, &page)
	return page.Total
}

func memoryID(t testing.TB, res *sdk.CallToolResult) string {
	t.Helper()
	id := field(t, res, "memory.memory_id")
	if id == "" {
		t.Fatalf("no memory in %s", text(res))
	}
	return id
}

func jsonEqual(a, b any) bool {
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && string(x) == string(y)
}

// OverHTTP connects to the streamable HTTP endpoint at url, presenting the
// key as a bearer token with every request.
func OverHTTP(url string) Connect {
	return func(t testing.TB, secret string) *sdk.ClientSession {
		t.Helper()
		c := sdk.NewClient(&sdk.Implementation{Name: "test-agent", Version: "1"}, nil)
		s, err := c.Connect(context.Background(), &sdk.StreamableClientTransport{Endpoint: url,
			HTTPClient: &http.Client{Transport: bearer(secret)}, DisableStandaloneSSE: true}, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
}

// bearer presents a key with every request.
type bearer string

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+string(b))
	return http.DefaultTransport.RoundTrip(r)
}
