package llm_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/llm"
	"github.com/groupmem/groupmem/llm/llmtest"
)

// sleeps records the waits between attempts instead of waiting.
type sleeps struct {
	mu sync.Mutex
	d  []time.Duration
}

func (s *sleeps) sleep(ctx context.Context, d time.Duration) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.d = append(s.d, d)
	return ctx.Err()
}

func (s *sleeps) all() []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]time.Duration(nil), s.d...)
}

// newChat returns a client of s whose waits are recorded, not slept, and
// whose jitter always draws the ceiling; edit adjusts the config.
func newChat(t *testing.T, s *llmtest.Server, edit func(*llm.ChatConfig)) (*llm.Chat, *sleeps) {
	t.Helper()
	rec := &sleeps{}
	c := llm.ChatConfig{
		BaseURL:     s.URL(),
		APIKey:      "sk-test",
		Model:       "m1",
		BaseBackoff: 100 * time.Millisecond,
		MaxBackoff:  time.Second,
		Sleep:       rec.sleep,
		Rand:        func() float64 { return 1 },
	}
	if edit != nil {
		edit(&c)
	}
	chat, err := llm.NewChat(c)
	if err != nil {
		t.Fatalf("NewChat: %v", err)
	}
	return chat, rec
}

var hello = []llm.ChatMessage{
	{Role: llm.RoleSystem, Content: "You keep a group's memory."},
	{Role: llm.RoleUser, Content: "群里最近在聊什么？"},
}

// wantCode fails unless err carries code.
func wantCode(t *testing.T, err error, code string) {
	t.Helper()
	if got := groupmem.ErrorCode(err); got != code {
		t.Fatalf("error code = %q (%v), want %q", got, err, code)
	}
}

func TestCompleteReturnsAnswerAndSendsRequest(t *testing.T) {
	s := llmtest.New(t)
	s.Enqueue(llmtest.Reply{Text: "前端开发", FinishReason: "length", PromptTokens: 42, CompletionTokens: 7, Model: "m1-2025"})
	chat, rec := newChat(t, s, func(c *llm.ChatConfig) {
		c.Temperature = new(0.0)
		c.MaxTokens = 512
	})

	got, err := chat.Complete(context.Background(), hello)
	if err != nil {
		t.Fatalf("Complete: %v", err)
	}
	want := llm.Completion{
		Text:         "前端开发",
		FinishReason: "length",
		Usage:        llm.Usage{PromptTokens: 42, CompletionTokens: 7},
		Model:        "m1-2025",
		Attempts:     []groupmem.Attempt{{Status: "200", Tokens: groupmem.Tokens{Prompt: 42, Completion: 7}, Finish: "length"}},
	}
	if diff := cmp.Diff(want, got, cmpopts.IgnoreFields(groupmem.Attempt{}, "DurationMS")); diff != "" {
		t.Errorf("completion (-want +got):\n%s", diff)
	}
	reqs := s.Requests()
	if len(reqs) != 1 {
		t.Fatalf("server saw %d requests, want 1", len(reqs))
	}
	r := reqs[0]
	r.Body = nil
	wantReq := llmtest.Request{
		Path:  llmtest.ChatPath,
		Auth:  "Bearer sk-test",
		Model: "m1",
		Messages: []llmtest.Message{
			{Role: "system", Content: "You keep a group's memory."},
			{Role: "user", Content: "群里最近在聊什么？"},
		},
		Temperature: new(0.0),
		MaxTokens:   512,
	}
	if diff := cmp.Diff(wantReq, r); diff != "" {
		t.Errorf("request (-want +got):\n%s", diff)
	}
	if len(rec.all()) != 0 {
		t.Errorf("waited %v before a first attempt that succeeded", rec.all())
	}
}

func TestCompleteLeavesUnsetOptionsOut(t *testing.T) {
	s := llmtest.New(t)
	s.Enqueue(llmtest.Reply{Text: "ok"})
	chat, _ := newChat(t, s, func(c *llm.ChatConfig) { c.APIKey = "" })
	got, err := chat.Complete(context.Background(), hello)
	if err != nil {
		t.Fatal(err)
	}
	if got.Model != "m1" || got.FinishReason != "stop" {
		t.Errorf("model %q finish %q; want the configured model and stop", got.Model, got.FinishReason)
	}
	r := s.Requests()[0]
	body := string(r.Body)
	if r.Auth != "" || r.Temperature != nil || strings.Contains(body, "max_tokens") {
		t.Errorf("unset options were sent: auth %q, body %s", r.Auth, body)
	}
}

func TestCompleteRetries(t *testing.T) {
	tests := []struct {
		name    string
		replies []llmtest.Reply
		edit    func(*llm.ChatConfig)
		waits   []time.Duration
	}{{
		name:    "429 with Retry-After seconds",
		replies: []llmtest.Reply{{Status: 429, RetryAfter: "0.3", Text: "slow down"}},
		waits:   []time.Duration{300 * time.Millisecond},
	}, {
		name:    "Retry-After is capped by MaxBackoff",
		replies: []llmtest.Reply{{Status: 429, RetryAfter: "120"}},
		waits:   []time.Duration{time.Second},
	}, {
		name:    "Retry-After as an HTTP date",
		replies: []llmtest.Reply{{Status: 503, RetryAfter: time.Now().Add(time.Hour).UTC().Format(http.TimeFormat)}},
		waits:   []time.Duration{time.Second},
	}, {
		name:    "5xx back off exponentially up to MaxBackoff",
		replies: []llmtest.Reply{{Status: 500}, {Status: 502}, {Status: 503}, {Status: 504}},
		waits:   []time.Duration{100 * time.Millisecond, 200 * time.Millisecond, 400 * time.Millisecond, 800 * time.Millisecond},
	}, {
		name:    "full jitter draws below the ceiling",
		replies: []llmtest.Reply{{Status: 500}, {Status: 500}},
		edit:    func(c *llm.ChatConfig) { c.Rand = func() float64 { return 0.25 } },
		waits:   []time.Duration{25 * time.Millisecond, 50 * time.Millisecond},
	}, {
		name:    "unparsable Retry-After falls back to backoff",
		replies: []llmtest.Reply{{Status: 429, RetryAfter: "soon"}},
		waits:   []time.Duration{100 * time.Millisecond},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := llmtest.New(t)
			s.Enqueue(tt.replies...)
			s.Enqueue(llmtest.Reply{Text: "finally", PromptTokens: 9, CompletionTokens: 2})
			chat, rec := newChat(t, s, tt.edit)
			got, err := chat.Complete(context.Background(), hello)
			if err != nil {
				t.Fatalf("Complete: %v", err)
			}
			want := llm.Completion{Text: "finally", FinishReason: "stop", Model: "m1",
				Usage: llm.Usage{PromptTokens: 9, CompletionTokens: 2}}
			if diff := cmp.Diff(want, got, cmpopts.IgnoreFields(llm.Completion{}, "Attempts")); diff != "" {
				t.Errorf("completion (-want +got):\n%s", diff)
			}
			if n := len(got.Attempts); n != len(tt.replies)+1 || got.Attempts[n-1].Status != "200" {
				t.Errorf("attempts %+v: want %d, the last one answered", got.Attempts, len(tt.replies)+1)
			}
			for i, w := range tt.waits {
				if got.Attempts[i+1].WaitMS != w.Milliseconds() {
					t.Errorf("attempt %d waited %d ms, want the %v the policy slept", i+2, got.Attempts[i+1].WaitMS, w)
				}
			}
			if diff := cmp.Diff(tt.waits, rec.all()); diff != "" {
				t.Errorf("waits (-want +got):\n%s", diff)
			}
			if n := len(s.Requests()); n != len(tt.replies)+1 {
				t.Errorf("server saw %d requests, want %d", n, len(tt.replies)+1)
			}
		})
	}
}

func TestCompleteDoesNotRetryRejections(t *testing.T) {
	tests := []struct {
		status int
		code   string
	}{
		// The endpoint refusing the service's credentials or a request of
		// its making is the deployment's problem, never the API caller's.
		{400, groupmem.EUNAVAILABLE},
		{401, groupmem.EUNAVAILABLE},
		{403, groupmem.EUNAVAILABLE},
		{404, groupmem.EUNAVAILABLE},
		{413, groupmem.EUNAVAILABLE},
		{422, groupmem.EUNAVAILABLE},
	}
	for _, tt := range tests {
		t.Run(http.StatusText(tt.status), func(t *testing.T) {
			s := llmtest.New(t)
			s.Enqueue(llmtest.Reply{Status: tt.status, Text: "Incorrect API key provided: sk-te****"})
			s.Enqueue(llmtest.Reply{Text: "must not be fetched"})
			chat, rec := newChat(t, s, nil)
			_, err := chat.Complete(context.Background(), hello)
			wantCode(t, err, tt.code)
			// The caller-safe message names the status but never repeats the
			// provider's words, which can quote the operator's key; the
			// error's full text, for logs, does.
			msg := groupmem.ErrorMessage(err)
			if strings.Contains(msg, "sk-te") || !strings.Contains(msg, fmt.Sprint(tt.status)) {
				t.Errorf("message %q must name the status and not quote the provider", msg)
			}
			if !strings.Contains(err.Error(), "Incorrect API key provided") {
				t.Errorf("error %q does not keep the provider's message for the logs", err)
			}
			if n := len(s.Requests()); n != 1 || len(rec.all()) != 0 {
				t.Errorf("%d requests and waits %v; want 1 request, no waits", n, rec.all())
			}
		})
	}
}

func TestCompleteCutsLongProviderMessages(t *testing.T) {
	s := llmtest.New(t)
	s.Enqueue(llmtest.Reply{Status: 400, Text: strings.Repeat("很长的错误 ", 2000)})
	chat, _ := newChat(t, s, nil)
	_, err := chat.Complete(context.Background(), hello)
	wantCode(t, err, groupmem.EUNAVAILABLE)
	if full := err.Error(); len(full) > 500 || !strings.HasSuffix(full, "...") {
		t.Errorf("error is %d bytes (%q...), want the provider's words cut short, ending in ...", len(full), groupmem.Truncate(full, 60))
	}
}

func TestCompleteNeedsMessages(t *testing.T) {
	s := llmtest.New(t)
	chat, _ := newChat(t, s, nil)
	_, err := chat.Complete(context.Background(), nil)
	wantCode(t, err, groupmem.EINVALID)
	if n := len(s.Requests()); n != 0 {
		t.Errorf("server saw %d requests, want none", n)
	}
}

func TestCompleteConcurrently(t *testing.T) {
	s := llmtest.New(t, llmtest.WithHandler(func(r llmtest.Request) llmtest.Reply {
		return llmtest.Reply{Text: "re: " + r.Messages[0].Content}
	}))
	chat, _ := newChat(t, s, nil)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			q := strings.Repeat("q", i+1)
			got, err := chat.Complete(context.Background(), []llm.ChatMessage{{Role: llm.RoleUser, Content: q}})
			if err != nil || got.Text != "re: "+q {
				t.Errorf("got %q, %v; want %q", got.Text, err, "re: "+q)
			}
		})
	}
	wg.Wait()
}

func TestNewChatChecksConfig(t *testing.T) {
	ok := llm.ChatConfig{BaseURL: "https://api.example.com/v1", Model: "m"}
	tests := []struct {
		name    string
		edit    func(*llm.ChatConfig)
		setting string
	}{
		{"no base URL", func(c *llm.ChatConfig) { c.BaseURL = "" }, "BaseURL"},
		{"relative base URL", func(c *llm.ChatConfig) { c.BaseURL = "api.example.com/v1" }, "BaseURL"},
		{"ftp base URL", func(c *llm.ChatConfig) { c.BaseURL = "ftp://example.com" }, "BaseURL"},
		{"base URL with query", func(c *llm.ChatConfig) { c.BaseURL = "https://example.com/v1?x=1" }, "BaseURL"},
		{"no model", func(c *llm.ChatConfig) { c.Model = "" }, "Model"},
		{"temperature too high", func(c *llm.ChatConfig) { c.Temperature = new(2.5) }, "Temperature"},
		{"negative temperature", func(c *llm.ChatConfig) { c.Temperature = new(-0.1) }, "Temperature"},
		{"negative max tokens", func(c *llm.ChatConfig) { c.MaxTokens = -1 }, "MaxTokens"},
		{"negative timeout", func(c *llm.ChatConfig) { c.Timeout = -time.Second }, "Timeout"},
		{"negative base backoff", func(c *llm.ChatConfig) { c.BaseBackoff = -1 }, "BaseBackoff"},
		{"negative max backoff", func(c *llm.ChatConfig) { c.MaxBackoff = -1 }, "MaxBackoff"},
		{"base above max", func(c *llm.ChatConfig) { c.BaseBackoff = time.Minute }, "BaseBackoff"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := ok
			tt.edit(&c)
			_, err := llm.NewChat(c)
			wantCode(t, err, groupmem.EINVALID)
			if msg := groupmem.ErrorMessage(err); !strings.Contains(msg, tt.setting) {
				t.Errorf("message %q does not name %s", msg, tt.setting)
			}
		})
	}
	chat, err := llm.NewChat(ok)
	if err != nil || chat.Model() != "m" {
		t.Errorf("NewChat(valid) = %v, %v", chat, err)
	}
}
