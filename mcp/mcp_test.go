package mcp_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/groupmem/groupmem/api"
	"github.com/groupmem/groupmem/mcp"
	"github.com/groupmem/groupmem/mcp/mcptest"
	"github.com/groupmem/groupmem/stack"
)

// embedded opens the embedded default with the scenario's chats and keys
// and returns the MCP server of its API.
func embedded(t *testing.T) (*mcp.Server, *api.Handler) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	b, err := stack.Open(ctx, stack.Config{SQLitePath: filepath.Join(t.TempDir(), "gm.db"), MessageIndex: true})
	if err != nil {
		t.Fatal(err)
	}
	svc := b.Service
	relayDone := make(chan struct{})
	go func() { svc.Relay().Run(ctx); close(relayDone) }()
	t.Cleanup(func() { cancel(); <-relayDone; b.Close() })
	for _, g := range []string{mcptest.GroupA, mcptest.GroupB} {
		if _, err := b.Ledger.InsertMessages(ctx, mcptest.Messages(g)); err != nil {
			t.Fatal(err)
		}
	}
	h, err := api.New(api.Deps{Ledger: b.Ledger, Index: b.Index, Embedder: b.Embedder, Service: svc, Keys: mcptest.Keys(),
		Messages: b.Messages, List: b.Index.List, Logger: slog.New(slog.NewTextHandler(os.Stderr, nil))}, api.Config{DefaultThreshold: stack.StaticThreshold})
	if err != nil {
		t.Fatal(err)
	}
	s, err := mcp.New(h, mcp.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s, h
}

func connectStdio(srv *mcp.Server) mcptest.Connect {
	return func(t testing.TB, secret string) *sdk.ClientSession {
		t.Helper()
		clientIn, serverOut := io.Pipe()
		serverIn, clientOut := io.Pipe()
		done := make(chan error, 1)
		go func() { done <- srv.Stdio(context.Background(), serverIn, serverOut, secret); serverOut.Close() }()
		c := sdk.NewClient(&sdk.Implementation{Name: "test-agent", Version: "1"}, nil)
		s, err := c.Connect(context.Background(), &sdk.IOTransport{Reader: clientIn, Writer: clientOut}, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			s.Close()
			if err := <-done; err != nil {
				t.Errorf("the stdio session ended with %v", err)
			}
		})
		return s
	}
}

func TestOverHTTP(t *testing.T) {
	s, _ := embedded(t)
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	mcptest.Run(t, mcptest.OverHTTP(ts.URL))
}

func TestOverStdio(t *testing.T) {
	s, _ := embedded(t)
	mcptest.Run(t, connectStdio(s))
}

// Over HTTP, a request is authenticated as the API's are before the
// protocol reads it, and a body over the limit is refused.
func TestHTTPRefusals(t *testing.T) {
	s, _ := embedded(t)
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	initialize := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
	for _, c := range []struct {
		name, auth, body string
		status           int
		want             string
	}{
		{"no key", "", initialize, 401, "an API key is required"},
		{"unknown key", "Bearer nope", initialize, 401, "the API key is not valid"},
		{"oversized body", "Bearer " + mcptest.ReadA, `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"` + strings.Repeat("x", mcp.MaxRequestBytes) + `"}}`, 413, ""},
	} {
		req, _ := http.NewRequest(http.MethodPost, ts.URL, strings.NewReader(c.body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if c.auth != "" {
			req.Header.Set("Authorization", c.auth)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != c.status || !strings.Contains(string(body), c.want) {
			t.Errorf("%s: %d %s, want %d with %q", c.name, resp.StatusCode, body, c.status, c.want)
		}
		if c.status == 401 && resp.Header.Get("WWW-Authenticate") == "" {
			t.Errorf("%s: 401 without WWW-Authenticate", c.name)
		}
	}
}

// A key the API does not accept is refused before a stdio session starts.
func TestStdioRefusesUnknownKey(t *testing.T) {
	s, _ := embedded(t)
	err := s.Stdio(context.Background(), strings.NewReader(""), io.Discard, "not-a-key")
	if err == nil || !strings.Contains(err.Error(), "not valid") {
		t.Fatalf("Stdio with an unknown key: %v", err)
	}
}

// A group id that a path segment must escape (a space, CJK, "/", "%",
// "#", "?") is the group the tools act on, as over HTTP: what remember
// writes there, list_memories, search_memories and get_context of that
// group read back, and no other group holds it.
func TestToolsOnGroupIDsThatNeedEscaping(t *testing.T) {
	s, h := embedded(t)
	session := connectStdio(s)(t, mcptest.AdminAll)
	for _, g := range []string{"读书 会", "a/b", "100%", "#general", "why?"} {
		statement := "The club of " + g + " meets on Sundays"
		res := mcptest.Call(t, session, "remember", map[string]any{"group_id": g, "statement": statement})
		if res.IsError || !strings.Contains(resultText(res), `"group_id":`+quote(g)) {
			t.Fatalf("remember in group %q: %s", g, resultText(res))
		}
		for tool, args := range map[string]map[string]any{
			"list_memories":   {"group_id": g},
			"search_memories": {"group_id": g, "q": "club Sundays"},
			"get_context":     {"group_id": g, "q": "club Sundays"},
		} {
			if res := mcptest.Call(t, session, tool, args); res.IsError || !strings.Contains(resultText(res), "meets on Sundays") {
				t.Fatalf("%s of group %q does not hold what remember wrote there: %s", tool, g, resultText(res))
			}
		}
	}
	// Over plain HTTP, the API lists exactly those groups, under their names.
	r := httptest.NewRequest(http.MethodGet, "/memory/groups", nil)
	r.Header.Set("Authorization", "Bearer "+mcptest.AdminAll)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	for _, g := range []string{"读书 会", "a/b", "100%", "#general", "why?"} {
		if !strings.Contains(w.Body.String(), `"group_id":`+quote(g)) {
			t.Errorf("GET /memory/groups does not list %q: %s", g, w.Body.String())
		}
	}
	if strings.Contains(w.Body.String(), "%25") || strings.Contains(w.Body.String(), "%E8") {
		t.Errorf("a group was stored under an escaped name: %s", w.Body.String())
	}
}

// resultText is the text a tool answered.
func resultText(res *sdk.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

// quote is s as a JSON string.
func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
