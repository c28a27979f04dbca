package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// caller makes API requests in process on behalf of one MCP caller: with
// its credentials, to the handler that serves the API over HTTP.
type caller struct {
	api  http.Handler
	cred http.Header // Authorization or X-API-Key as the caller presented it; empty when the API is open
}

// answer is an endpoint's answer: its status and JSON body.
type answer struct {
	status int
	body   []byte
}

func (a answer) ok() bool { return a.status < 300 }

// apiError is the API's error body.
type apiError struct {
	Error struct {
		Code    string `json:"code"`
		Message string `json:"message"`
		RunID   string `json:"run_id,omitempty"`
	} `json:"error"`
}

// internalHost is the host of in-process requests; it never reaches a network.
const internalHost = "groupmem.internal"

// do serves one request to the API in process and returns its answer.
// body, when not nil, is sent as JSON.
func (c *caller) do(ctx context.Context, method, path string, q url.Values, body any) (answer, error) {
	var rd io.Reader = http.NoBody // a server's request always has a body
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return answer{}, err
		}
		rd = bytes.NewReader(b)
	}
	// path is escaped (its ids by seg): it is sent as it is, so that an id
	// holding "/", "%", a space or CJK stays the one segment it names.
	unescaped, err := url.PathUnescape(path)
	if err != nil {
		return answer{}, err
	}
	u := url.URL{Scheme: "http", Host: internalHost, Path: unescaped, RawPath: path, RawQuery: q.Encode()}
	r, err := http.NewRequestWithContext(ctx, method, u.String(), rd)
	if err != nil {
		return answer{}, err
	}
	for k, vs := range c.cred {
		r.Header[k] = vs
	}
	if body != nil {
		r.Header.Set("Content-Type", "application/json")
	}
	r.RemoteAddr = "mcp"
	var w recorder
	c.api.ServeHTTP(&w, r)
	return answer{status: w.status(), body: w.buf.Bytes()}, nil
}

// seg escapes one path segment (a group or memory id).
func seg(s string) string { return url.PathEscape(s) }

// recorder is the http.ResponseWriter of an in-process request.
type recorder struct {
	header http.Header
	code   int
	buf    bytes.Buffer
}

func (w *recorder) Header() http.Header {
	if w.header == nil {
		w.header = http.Header{}
	}
	return w.header
}

func (w *recorder) WriteHeader(code int) {
	if w.code == 0 {
		w.code = code
	}
}

func (w *recorder) Write(b []byte) (int, error) {
	if w.code == 0 {
		w.code = http.StatusOK
	}
	return w.buf.Write(b)
}

func (w *recorder) status() int {
	if w.code == 0 {
		return http.StatusOK
	}
	return w.code
}

// failure is the tool result of an endpoint's error answer: isError set,
// the API's message as text, its error object as structured content.
func failure(a answer) *sdk.CallToolResult {
	var e apiError
	if json.Unmarshal(a.body, &e) != nil || e.Error.Message == "" {
		e.Error.Code, e.Error.Message = "internal", "the API answered "+strconv.Itoa(a.status)+" without an error message"
	}
	text := e.Error.Message
	if e.Error.Code != "" {
		text += " (" + e.Error.Code + ")"
	}
	return &sdk.CallToolResult{
		IsError:           true,
		Content:           []sdk.Content{&sdk.TextContent{Text: text}},
		StructuredContent: e,
	}
}

// success is the tool result of an endpoint's answer: its JSON as
// structured content, and text (the JSON itself unless given).
func success(a answer, text string) *sdk.CallToolResult {
	body := json.RawMessage(bytes.TrimSpace(a.body))
	if text == "" {
		text = string(body)
	}
	return &sdk.CallToolResult{
		Content:           []sdk.Content{&sdk.TextContent{Text: text}},
		StructuredContent: body,
	}
}

// result is the tool result of an answer, success or failure.
func result(a answer) *sdk.CallToolResult {
	if !a.ok() {
		return failure(a)
	}
	return success(a, "")
}

// values builds a query from name/value pairs, leaving out the empty.
type values url.Values

func (v values) str(name, s string) {
	if s != "" {
		url.Values(v).Set(name, s)
	}
}

func (v values) int(name string, n *int) {
	if n != nil {
		url.Values(v).Set(name, strconv.Itoa(*n))
	}
}

func (v values) float(name string, f *float64) {
	if f != nil {
		url.Values(v).Set(name, strconv.FormatFloat(*f, 'g', -1, 64))
	}
}

func (v values) flag(name string, b bool) {
	if b {
		url.Values(v).Set(name, "true")
	}
}

// credentials keeps the headers that carry an API key.
func credentials(h http.Header) http.Header {
	out := http.Header{}
	for _, k := range []string{"Authorization", "X-Api-Key"} {
		if vs := h.Values(k); len(vs) > 0 {
			out[k] = append([]string(nil), vs...)
		}
	}
	return out
}

// bearer is the header that presents secret as a key ("" for none).
func bearer(secret string) http.Header {
	if strings.TrimSpace(secret) == "" {
		return http.Header{}
	}
	return http.Header{"Authorization": {"Bearer " + secret}}
}
