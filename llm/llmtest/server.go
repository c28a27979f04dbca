// Package llmtest runs a scripted OpenAI-compatible HTTP server on loopback
// for tests. Chat completions are answered from a queue of scripted replies,
// then by an optional handler, then by a default reply; embeddings are
// computed by a function the test supplies. Every request is recorded.
//
// The package imports nothing of groupmem, so that any package, including
// llm, can use it in its tests. To serve embeddings from embed.Hashing, pass its
// Vector method through WithEmbed.
package llmtest

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"
)

// The paths the server answers, below the address Server.URL returns.
const (
	ChatPath       = "/v1/chat/completions"
	EmbeddingsPath = "/v1/embeddings"
)

// Message is one chat message of a recorded request.
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// Request is one request the server received, decoded as far as it could be.
type Request struct {
	Path        string    // ChatPath, EmbeddingsPath, or whatever else was asked for
	Auth        string    // the Authorization header as received
	Model       string    // the request's model
	Messages    []Message // chat: the messages
	Temperature *float64  // chat: nil when the request had none
	MaxTokens   int       // chat: max_tokens (or max_completion_tokens); 0 when absent
	Input       []string  // embeddings: the texts
	Dimensions  int       // embeddings: the dimensions parameter; 0 when absent
	Body        []byte    // the raw body
	Unscripted  bool      // answered by the built-in default because nothing was set up for it
}

// Reply scripts one answer.
type Reply struct {
	// Text is the assistant's content. For a Status of 400 or more it is
	// sent as the error message, in OpenAI's error shape.
	Text string
	// FinishReason is the choice's finish_reason; "" sends "stop".
	FinishReason string
	// Status is the HTTP status; 0 means 200.
	Status int
	// RetryAfter, when set, is sent as the Retry-After header as is: a
	// number of seconds or an HTTP date.
	RetryAfter string
	// Latency delays the answer. The wait ends early, with no answer, when
	// the client gives up on the request or the server closes.
	Latency time.Duration
	// PromptTokens and CompletionTokens are reported as usage.
	PromptTokens, CompletionTokens int
	// Model is reported as the answering model; "" echoes the request's.
	Model string
	// Body, when set, is sent verbatim instead of a generated body, with
	// Status.
	Body string
}

// Option configures a Server.
type Option func(*Server)

// WithHandler answers chat requests when the reply queue is empty. h may
// be called from several goroutines at once.
func WithHandler(h func(Request) Reply) Option {
	return func(s *Server) { s.handler = h }
}

// WithDefault sets the reply used for chat requests when the queue is empty
// and there is no handler. Without it such a request gets a 500 and is
// recorded as Unscripted.
func WithDefault(r Reply) Option {
	return func(s *Server) { s.fallback = &r }
}

// WithEmbed computes embeddings: one vector per input, in order; f may be
// called from several goroutines at once. Without
// it an embeddings request that finds no queued reply gets a 500 and is
// recorded as Unscripted.
func WithEmbed(f func([]string) [][]float32) Option {
	return func(s *Server) { s.embed = f }
}

// WithReversedEmbeddings lists embedding results in reverse order, each
// with its correct index, as the API allows; clients must order by index.
func WithReversedEmbeddings() Option {
	return func(s *Server) { s.reversed = true }
}

// Server is a scripted OpenAI-compatible server on 127.0.0.1. It is safe
// for concurrent use.
type Server struct {
	srv      *httptest.Server
	done     chan struct{} // closed when the test ends; cuts Latency short
	handler  func(Request) Reply
	fallback *Reply
	embed    func([]string) [][]float32
	reversed bool
	rate     *rateWindow // nil: no rate limit

	mu        sync.Mutex
	chat      []Reply
	embedding []Reply
	requests  []Request
}

// New starts a server that is closed when t's test ends.
func New(t testing.TB, opts ...Option) *Server {
	t.Helper()
	s := &Server{done: make(chan struct{})}
	for _, o := range opts {
		o(s)
	}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(func() {
		close(s.done)
		s.srv.Close()
	})
	return s
}

// URL returns the base URL clients are configured with, e.g.
// "http://127.0.0.1:40123/v1"; chat is at URL()+"/chat/completions" and
// embeddings at URL()+"/embeddings".
func (s *Server) URL() string { return s.srv.URL + "/v1" }

// Enqueue adds replies to the chat queue; each chat request takes the next.
func (s *Server) Enqueue(replies ...Reply) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.chat = append(s.chat, replies...)
}

// EnqueueEmbeddings adds replies to the embeddings queue; each embeddings
// request takes the next. A queued reply with a status of 400 or more, or
// a Body, is sent as it is; any other one only adds its Latency and
// RetryAfter to an answer computed with the WithEmbed function.
func (s *Server) EnqueueEmbeddings(replies ...Reply) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.embedding = append(s.embedding, replies...)
}

// Pending returns how many chat and embeddings replies are still queued.
func (s *Server) Pending() (chat, embeddings int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.chat), len(s.embedding)
}

// Requests returns a copy of every request received so far, in arrival
// order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.requests)
}

// record appends req and returns its position.
func (s *Server) record(req Request) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = append(s.requests, req)
	return len(s.requests) - 1
}

// markUnscripted flags the request recorded at i.
func (s *Server) markUnscripted(i int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests[i].Unscripted = true
}

// next pops the head of q, if any.
func (s *Server) next(q *[]Reply) (Reply, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(*q) == 0 {
		return Reply{}, false
	}
	r := (*q)[0]
	*q = (*q)[1:]
	return r, true
}

// wire is the union of the chat and embeddings request bodies.
type wire struct {
	Model               string          `json:"model"`
	Messages            []Message       `json:"messages"`
	Temperature         *float64        `json:"temperature"`
	MaxTokens           int             `json:"max_tokens"`
	MaxCompletionTokens int             `json:"max_completion_tokens"`
	Input               json.RawMessage `json:"input"`
	Dimensions          int             `json:"dimensions"`
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	body, err := readBody(r)
	req := Request{Path: r.URL.Path, Auth: r.Header.Get("Authorization"), Body: body}
	var in wire
	if err == nil {
		err = json.Unmarshal(body, &in)
	}
	if err == nil && r.URL.Path == EmbeddingsPath {
		req.Input, err = decodeInput(in.Input)
	}
	req.Model, req.Messages, req.Temperature, req.Dimensions = in.Model, in.Messages, in.Temperature, in.Dimensions
	req.MaxTokens = max(in.MaxTokens, in.MaxCompletionTokens)
	i := s.record(req)

	switch {
	case r.Method != http.MethodPost:
		writeError(w, http.StatusMethodNotAllowed, "llmtest: only POST is served")
	case r.URL.Path != ChatPath && r.URL.Path != EmbeddingsPath:
		writeError(w, http.StatusNotFound, "llmtest: no route "+r.URL.Path)
	case err != nil:
		writeError(w, http.StatusBadRequest, "llmtest: bad request body: "+err.Error())
	case r.URL.Path == ChatPath:
		s.answerChat(w, r, req, i)
	default:
		s.answerEmbeddings(w, r, req, i)
	}
}

// maxRequestBytes bounds a request body; tests send far less.
const maxRequestBytes = 64 << 20

func readBody(r *http.Request) ([]byte, error) {
	return io.ReadAll(http.MaxBytesReader(nil, r.Body, maxRequestBytes))
}

// decodeInput accepts the two text forms of the embeddings input: one
// string or a list of strings.
func decodeInput(raw json.RawMessage) ([]string, error) {
	var list []string
	if err := json.Unmarshal(raw, &list); err == nil {
		return list, nil
	}
	var one string
	if err := json.Unmarshal(raw, &one); err != nil {
		return nil, fmt.Errorf("input is neither a string nor a list of strings")
	}
	return []string{one}, nil
}

func (s *Server) answerChat(w http.ResponseWriter, r *http.Request, req Request, i int) {
	var counted int
	if s.rate != nil {
		var admitted bool
		if admitted, counted = s.rate.admit(w, req); !admitted {
			writeError(w, http.StatusTooManyRequests, "llmtest: rate limit reached")
			return
		}
	}
	reply, ok := s.next(&s.chat)
	switch {
	case ok:
	case s.handler != nil:
		reply = s.handler(req)
	case s.fallback != nil:
		reply = *s.fallback
	default:
		s.markUnscripted(i)
		reply = Reply{Status: http.StatusInternalServerError, Text: "llmtest: no reply queued"}
	}
	if !s.delay(r, reply.Latency) {
		return
	}
	if reply.Body != "" || reply.Status >= 400 {
		writeRaw(w, reply)
		return
	}
	reply.PromptTokens = cmp.Or(reply.PromptTokens, counted)
	writeJSON(w, reply, map[string]any{
		"id":      fmt.Sprintf("chatcmpl-llmtest-%d", i),
		"object":  "chat.completion",
		"created": time.Now().Unix(),
		"model":   cmp.Or(reply.Model, req.Model),
		"choices": []any{map[string]any{
			"index":         0,
			"message":       map[string]any{"role": "assistant", "content": reply.Text},
			"finish_reason": cmp.Or(reply.FinishReason, "stop"),
		}},
		"usage": map[string]int{
			"prompt_tokens":     reply.PromptTokens,
			"completion_tokens": reply.CompletionTokens,
			"total_tokens":      reply.PromptTokens + reply.CompletionTokens,
		},
	})
}

func (s *Server) answerEmbeddings(w http.ResponseWriter, r *http.Request, req Request, i int) {
	reply, _ := s.next(&s.embedding)
	if reply.Body == "" && reply.Status < 400 && s.embed == nil {
		s.markUnscripted(i)
		reply = Reply{Status: http.StatusInternalServerError, Text: "llmtest: no Embed function configured"}
	}
	if !s.delay(r, reply.Latency) {
		return
	}
	if reply.Body != "" || reply.Status >= 400 {
		writeRaw(w, reply)
		return
	}
	vecs := s.embed(req.Input)
	data := make([]any, len(vecs))
	for j, v := range vecs {
		k := j
		if s.reversed {
			k = len(vecs) - 1 - j
		}
		data[k] = map[string]any{"object": "embedding", "index": j, "embedding": v}
	}
	writeJSON(w, reply, map[string]any{
		"object": "list",
		"data":   data,
		"model":  cmp.Or(reply.Model, req.Model),
		"usage":  map[string]int{"prompt_tokens": reply.PromptTokens, "total_tokens": reply.PromptTokens},
	})
}

// delay waits d and reports whether to answer: false when the client gave
// up or the server is closing.
func (s *Server) delay(r *http.Request, d time.Duration) bool {
	if d <= 0 {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-r.Context().Done():
	case <-s.done:
	}
	return false
}

func writeHeader(w http.ResponseWriter, reply Reply) {
	if reply.RetryAfter != "" {
		w.Header().Set("Retry-After", reply.RetryAfter)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(cmp.Or(reply.Status, http.StatusOK))
}

func writeJSON(w http.ResponseWriter, reply Reply, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "llmtest: encode reply: "+err.Error())
		return
	}
	writeHeader(w, reply)
	_, _ = w.Write(body)
}

// writeRaw sends reply.Body, or for an error status without one, the
// error in OpenAI's shape with reply.Text as the message.
func writeRaw(w http.ResponseWriter, reply Reply) {
	if reply.Body == "" {
		msg := cmp.Or(reply.Text, fmt.Sprintf("llmtest: status %d", reply.Status))
		reply.Body = errorBody(msg)
	}
	writeHeader(w, reply)
	_, _ = w.Write([]byte(reply.Body))
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeRaw(w, Reply{Status: status, Text: msg})
}

func errorBody(msg string) string {
	b, _ := json.Marshal(map[string]any{"error": map[string]any{
		"message": msg, "type": "llmtest_error", "param": nil, "code": nil,
	}})
	return string(b)
}
