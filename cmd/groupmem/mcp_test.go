package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/groupmem/groupmem/mcp/mcptest"
	"github.com/groupmem/groupmem/store/sqlite"
)

// buildGroupmem builds this command into a temporary directory.
func buildGroupmem(t testing.TB) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "groupmem")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}

// An agent that starts `groupmem mcp` as its tool server drives every
// tool over the process's standard input and output, with each key.
func TestMCPOverStdioOfTheBinary(t *testing.T) {
	bin := buildGroupmem(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "gm.db")
	l, err := sqlite.Open(context.Background(), sqlite.Config{Path: db})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []string{mcptest.GroupA, mcptest.GroupB} {
		if _, err := l.InsertMessages(context.Background(), mcptest.Messages(g)); err != nil {
			t.Fatal(err)
		}
	}
	l.Close()
	mcptest.Run(t, func(t testing.TB, secret string) *sdk.ClientSession {
		t.Helper()
		cmd := exec.Command(bin, "mcp")
		cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir, "GROUPMEM_SQLITE_PATH=" + db,
			"GROUPMEM_API_KEYS=" + mcptest.APIKeys(), "GROUPMEM_MCP_KEY=" + secret, "GROUPMEM_LANG=en"}
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		c := sdk.NewClient(&sdk.Implementation{Name: "test-agent", Version: "1"}, nil)
		s, err := c.Connect(context.Background(), &sdk.CommandTransport{Command: cmd}, nil)
		if err != nil {
			t.Fatalf("start groupmem mcp: %v\n%s", err, stderr.String())
		}
		t.Cleanup(func() {
			s.Close()
			if strings.Contains(stderr.String(), "level=ERROR") {
				t.Errorf("groupmem mcp logged an error:\n%s", stderr.String())
			}
		})
		return s
	})
}

// `groupmem mcp` refuses, in one line, a key it could not act with.
func TestMCPCommandRefusesBadKeys(t *testing.T) {
	db := filepath.Join(t.TempDir(), "gm.db")
	for _, c := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"GROUPMEM_API_KEYS": mcptest.APIKeys()}, "GROUPMEM_MCP_KEY is not set"},
		{map[string]string{"GROUPMEM_MCP_KEY": "x"}, "GROUPMEM_API_KEYS is empty"},
		{map[string]string{"GROUPMEM_API_KEYS": mcptest.APIKeys(), "GROUPMEM_MCP_KEY": "wrong"}, "GROUPMEM_MCP_KEY: the API key is not valid"},
	} {
		c.env["GROUPMEM_SQLITE_PATH"] = db
		_, _, err := runCmd(t, c.env, "mcp")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.env, err, c.want)
		}
	}
}

// An agent drives every tool over streamable HTTP at /mcp of `groupmem
// serve`, with each key; a tool's error is the API's own words.
func TestMCPOverHTTPOfServe(t *testing.T) {
	base, stop := serveOn(t, map[string]string{
		"GROUPMEM_SQLITE_PATH": filepath.Join(t.TempDir(), "gm.db"),
		"GROUPMEM_API_KEYS":    mcptest.APIKeys(),
		"GROUPMEM_LANG":        "en",
		"GROUPMEM_SCHEDULER":   "false",
	})
	defer stop()
	for _, g := range []string{mcptest.GroupA, mcptest.GroupB} {
		ingest(t, base, mcptest.AdminAll, g)
	}
	connect := mcptest.OverHTTP(base + "/mcp")
	mcptest.Run(t, connect)

	// The same request over HTTP and as a tool answers the same words.
	req, _ := http.NewRequest(http.MethodGet, base+"/memory/context/"+mcptest.GroupB+"?max_tokens=100", nil)
	req.Header.Set("Authorization", "Bearer "+mcptest.ReadA)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var apiErr struct {
		Error struct{ Code, Message string } `json:"error"`
	}
	json.NewDecoder(resp.Body).Decode(&apiErr)
	resp.Body.Close()
	res := mcptest.Call(t, connect(t, mcptest.ReadA), "get_context", map[string]any{"group_id": mcptest.GroupB, "max_tokens": 100})
	got := res.Content[0].(*sdk.TextContent).Text
	if want := apiErr.Error.Message + " (" + apiErr.Error.Code + ")"; !res.IsError || got != want {
		t.Errorf("get_context on another group's id: %q, want the API's %q", got, want)
	}
}

// ingest posts the scenario's chat of group g to the API.
func ingest(t testing.TB, base, secret, g string) {
	t.Helper()
	type msg struct {
		ID         string `json:"id"`
		SenderID   string `json:"sender_id"`
		SenderName string `json:"sender_name"`
		Content    string `json:"content"`
		SentAt     string `json:"sent_at"`
	}
	var body struct {
		Messages []msg `json:"messages"`
	}
	for _, m := range mcptest.Messages(g) {
		body.Messages = append(body.Messages, msg{m.ID, m.SenderID, m.SenderName, m.Content, m.SentAt.Format("2006-01-02T15:04:05Z07:00")})
	}
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest(http.MethodPost, base+"/memory/messages/"+g, bytes.NewReader(b))
	req.Header.Set("Authorization", "Bearer "+secret)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode >= 300 {
		t.Fatalf("ingest %s: %d", g, resp.StatusCode)
	}
}

// BenchmarkContextOverMCP: one agent asks for a context, alternately as
// GET /memory/context and as the get_context tool over streamable HTTP at
// /mcp (the Go SDK's client, a session kept open), against `groupmem
// serve` on the embedded default. It reports the p50 and p99 of each and
// the p50 the protocol adds.
func BenchmarkContextOverMCP(b *testing.B) {
	base := benchEmbedded(b)
	s := mcptest.OverHTTP(base+"/mcp")(b, "s3cret")
	questions := []string{"front-end developers", "anime on Friday nights", "coffee brewing", "no politics", "新番动漫"}
	client := &http.Client{}
	var direct, tool []time.Duration
	b.ResetTimer()
	for i := range b.N {
		q := questions[i%len(questions)]
		start := time.Now()
		req, _ := http.NewRequest(http.MethodGet, base+"/memory/context/bench?max_tokens=400&q="+url.QueryEscape(q), nil)
		req.Header = benchHeader.Clone()
		resp, err := client.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			b.Fatalf("GET /memory/context: %d", resp.StatusCode)
		}
		direct = append(direct, time.Since(start))

		start = time.Now()
		res, err := s.CallTool(context.Background(), &sdk.CallToolParams{Name: "get_context",
			Arguments: map[string]any{"group_id": "bench", "q": q, "max_tokens": 400}})
		if err != nil || res.IsError {
			b.Fatalf("get_context: %v %+v", err, res)
		}
		tool = append(tool, time.Since(start))
	}
	b.StopTimer()
	p := func(ds []time.Duration, q float64) float64 {
		ds = slices.Clone(ds)
		slices.Sort(ds)
		return float64(ds[int(q*float64(len(ds)-1))].Microseconds()) / 1000
	}
	b.ReportMetric(p(direct, 0.5), "http-p50-ms")
	b.ReportMetric(p(direct, 0.99), "http-p99-ms")
	b.ReportMetric(p(tool, 0.5), "mcp-p50-ms")
	b.ReportMetric(p(tool, 0.99), "mcp-p99-ms")
	b.ReportMetric(p(tool, 0.5)-p(direct, 0.5), "added-p50-ms")
}
