package mcp

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/api"
)

// Limits of the transports.
const (
	// MaxRequestBytes bounds the body of one request over HTTP (413 above
	// it) and one message over stdio (the session ends above it).
	MaxRequestBytes = 1 << 20
)

// Options tune a Server. The zero value of every field means its default.
type Options struct {
	// Version is the server's version told to clients (default "dev").
	Version string
	// CallTimeout bounds an HTTP request to /mcp (default: the API's
	// synchronous evolve bound and 10 s): a tool that applies an
	// evolution may run that long.
	CallTimeout time.Duration
	Logger      *slog.Logger
}

// Server is the MCP server of one API handler. It is safe for
// concurrent use.
type Server struct {
	api   *api.Handler
	opts  Options
	tools []tool
	// http are the servers of HTTP callers, one per scope, each offering
	// the tools that scope may call; a call presents the caller's own key.
	http   map[api.Scope]*sdk.Server
	sdkLog *slog.Logger // the protocol library's own log: its warnings and errors only
}

// private marks every cacheable answer (tool lists, resources) as the
// caller's own: what a key may see depends on the key.
func private(_ context.Context, _ sdk.Request, c *sdk.Cacheable) { c.CacheScope = "private" }

// atLeast passes on the records of h at level min and above.
type atLeast struct {
	slog.Handler
	min slog.Level
}

func (h atLeast) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= h.min && h.Handler.Enabled(ctx, l)
}

func (h atLeast) WithAttrs(as []slog.Attr) slog.Handler {
	return atLeast{h.Handler.WithAttrs(as), h.min}
}

func (h atLeast) WithGroup(name string) slog.Handler {
	return atLeast{h.Handler.WithGroup(name), h.min}
}

// instructions tell an agent what the server is for.
const instructions = "groupmem keeps the long-term memory of chat groups: what members said about themselves, " +
	"the group's habits, rules and settings, each memory versioned with the messages it rests on. " +
	"Before answering in a group, call get_context with the question as q and use the block it returns. " +
	"search_memories and search_messages find specific things; memory_history explains a memory. " +
	"Keys may be limited to some groups and to reading; the tools offered are those this key may call."

// New returns the MCP server of h. Every tool calls one of h's
// endpoints; New fails if h has none of that pattern.
func New(h *api.Handler, o Options) (*Server, error) {
	if o.Version == "" {
		o.Version = "dev"
	}
	if o.CallTimeout == 0 {
		o.CallTimeout = api.DefaultEvolveTimeout + 10*time.Second
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	s := &Server{api: h, opts: o, tools: tools(), http: map[api.Scope]*sdk.Server{},
		sdkLog: slog.New(atLeast{o.Logger.Handler(), slog.LevelWarn})}
	for i, t := range s.tools {
		scope, ok := h.ScopeOf(t.route)
		if !ok {
			return nil, groupmem.Errorf(groupmem.EINTERNAL, "mcp: tool %s calls %s, which the API does not serve", t.def.Name, t.route)
		}
		s.tools[i].scope = scope
	}
	fromRequest := func(extra *sdk.RequestExtra) http.Header {
		if extra == nil {
			return http.Header{}
		}
		return credentials(extra.Header)
	}
	for _, scope := range []api.Scope{api.ScopeRead, api.ScopeWrite, api.ScopeAdmin} {
		s.http[scope] = s.server(scope, fromRequest)
	}
	return s, nil
}

// server is an MCP server offering the tools a key of scope may call,
// whose calls present the credentials cred finds.
func (s *Server) server(scope api.Scope, cred func(*sdk.RequestExtra) http.Header) *sdk.Server {
	srv := sdk.NewServer(&sdk.Implementation{Name: "groupmem", Title: "groupmem", Version: s.opts.Version},
		&sdk.ServerOptions{Instructions: instructions, Logger: s.sdkLog, SetCacheable: private})
	key := api.Key{Scope: scope}
	for _, t := range s.tools {
		if key.Allows(t.scope) {
			def := t.def
			srv.AddTool(&def, t.handler(s.api, cred))
		}
	}
	srv.AddResourceTemplate(&memoriesTemplate, memoriesResource(s.api, cred))
	return srv
}

// scopeKey carries an HTTP caller's scope from authentication to the
// choice of server.
type scopeKey struct{}

// Handler serves MCP over streamable HTTP, stateless, answering in JSON.
// Every request is authenticated as the API authenticates its own (the
// same keys, headers and 401 answer) before the protocol reads it; the
// tools listed and callable are those of the key's scope, and each call
// presents the key again to the endpoint it calls.
func (s *Server) Handler() http.Handler {
	mcpHandler := sdk.NewStreamableHTTPHandler(func(r *http.Request) *sdk.Server {
		scope, _ := r.Context().Value(scopeKey{}).(api.Scope)
		return s.http[scope]
	}, &sdk.StreamableHTTPOptions{Stateless: true, JSONResponse: true, MaxRequestBodyBytes: MaxRequestBytes})
	guarded := http.NewCrossOriginProtection().Handler(mcpHandler)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key, err := s.api.Authenticate(r)
		if err != nil {
			s.api.WriteError(w, r, err)
			return
		}
		// A tool may apply an evolution, which runs longer than the
		// server's write timeout.
		_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(s.opts.CallTimeout))
		ctx, cancel := context.WithTimeout(context.WithValue(r.Context(), scopeKey{}, key.Scope), s.opts.CallTimeout)
		defer cancel()
		guarded.ServeHTTP(w, r.WithContext(ctx))
	})
}

// Stdio serves one MCP session over in and out (a client that started
// this process: its standard input and output) until the client closes
// in or ctx ends. Every call presents secret as its API key; with the API
// open, secret is "" and the caller is its anonymous admin. A secret the
// API does not accept is refused before the session starts.
func (s *Server) Stdio(ctx context.Context, in io.Reader, out io.Writer, secret string) error {
	cred := bearer(secret)
	probe, _ := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+internalHost+"/auth/key", nil)
	probe.Header = cred.Clone()
	key, err := s.api.Authenticate(probe)
	if err != nil {
		return err
	}
	srv := s.server(key.Scope, func(*sdk.RequestExtra) http.Header { return cred })
	t := &sdk.IOTransport{Reader: io.NopCloser(in), Writer: nopWriteCloser{out}, MaxLineLength: MaxRequestBytes}
	err = srv.Run(ctx, t)
	if errors.Is(err, io.EOF) || errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }
