package mcp_test

import (
	"context"
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
