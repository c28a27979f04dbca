package llm

import (
	"cmp"
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/groupmem/groupmem"
)

// DefaultChatTimeout bounds one chat attempt when ChatConfig.Timeout is
// zero.
const DefaultChatTimeout = 120 * time.Second

// messageOverhead is the tokens a chat message costs beyond its content.
const messageOverhead = 4

// maxChatBody bounds the body of a chat answer that is read.
const maxChatBody = 8 << 20

// Chat roles.
const (
	RoleSystem    = "system"
	RoleUser      = "user"
	RoleAssistant = "assistant"
)

// ChatConfig configures a Chat. The zero value of every field means its
// default; BaseURL and Model are required.
type ChatConfig struct {
	// BaseURL is the API root that /chat/completions is appended to, e.g.
	// https://api.openai.com/v1 or http://127.0.0.1:11434/v1.
	BaseURL string
	// APIKey is sent as a bearer token; empty sends no Authorization.
	APIKey string
	// Model is the model name sent with every request.
	Model string
	// Temperature is sent when not nil, so that 0 can be asked for; nil
	// leaves it to the endpoint. It must lie within [0, 2].
	Temperature *float64
	// MaxTokens caps the answer's length; 0 leaves it to the endpoint.
	MaxTokens int
	// Timeout bounds one attempt, from sending the request to reading the
	// whole answer. Default DefaultChatTimeout.
	Timeout time.Duration
	// MaxRetries is how many times a failed attempt is repeated (429, 5xx,
	// network errors, timeouts). Default DefaultMaxRetries; negative means
	// no retries.
	MaxRetries int
	// BaseBackoff is the first retry's backoff ceiling; each later retry
	// doubles it, up to MaxBackoff. The wait is drawn uniformly below the
	// ceiling (full jitter). Default DefaultBaseBackoff.
	BaseBackoff time.Duration
	// MaxBackoff caps every wait, including one a Retry-After header asks
	// for. Default DefaultMaxBackoff.
	MaxBackoff time.Duration
	// HTTPClient sends the requests; nil uses a client with the default
	// transport. Its own Timeout, if any, applies on top of Timeout.
	HTTPClient *http.Client
	// Sleep waits between attempts; it must return early with ctx.Err()
	// when ctx ends. Nil uses a timer. Tests set it to skip the waits.
	Sleep func(ctx context.Context, d time.Duration) error
	// Rand returns a number in [0, 1) for the jitter. Nil uses
	// math/rand/v2.
	Rand func() float64
	// Limiter, when set, admits every attempt against a rate budget and
	// adapts how many run at once; nil sends at once.
	Limiter *Limiter
	// EstimateTokens estimates the prompt tokens of a message's content
	// for the Limiter; nil counts a token per four bytes. The Limiter
	// corrects it by the counts the endpoint reports.
	EstimateTokens func(string) int
}

// ChatMessage is one message of a conversation.
type ChatMessage struct {
	Role    string `json:"role"` // RoleSystem, RoleUser or RoleAssistant
	Content string `json:"content"`
}

// Usage counts the tokens of one completion, as the endpoint reports them.
type Usage struct {
	PromptTokens     int
	CompletionTokens int
}

// Completion is a chat model's answer.
type Completion struct {
	Text         string // the answer; may be cut off when FinishReason is "length"
	FinishReason string // as reported: "stop", "length", "content_filter", ...
	Usage        Usage
	Model        string             // the model that answered, as reported (the configured one if none was)
	Attempts     []groupmem.Attempt // every request made, the last one answered; each with its status and wait
}

// Chat is a client for an OpenAI-compatible chat-completions endpoint. It
// is safe for concurrent use.
//
// It is written on net/http rather than a client library: the surface is
// one POST, owning it gives full control over retries, timeouts, response
// limits and usage accounting, and no SDK pins it to one vendor.
type Chat struct {
	ep          *endpoint
	estimate    func(string) int
	model       string
	temperature *float64
	maxTokens   int
}

// NewChat checks c and returns a client. It makes no request. EINVALID
// names the setting at fault.
func NewChat(c ChatConfig) (*Chat, error) {
	const setting = "chat config"
	switch {
	case c.Model == "":
		return nil, groupmem.Errorf(groupmem.EINVALID, "%s: Model is required", setting)
	case c.Temperature != nil && !(*c.Temperature >= 0 && *c.Temperature <= 2):
		return nil, groupmem.Errorf(groupmem.EINVALID, "%s: Temperature must lie within [0, 2]", setting)
	case c.MaxTokens < 0:
		return nil, groupmem.Errorf(groupmem.EINVALID, "%s: MaxTokens must not be negative", setting)
	}
	ep, err := newEndpoint(endpointConfig{
		setting:        setting,
		name:           "chat model",
		path:           "/chat/completions",
		maxBody:        maxChatBody,
		defaultTimeout: DefaultChatTimeout,
		baseURL:        c.BaseURL,
		apiKey:         c.APIKey,
		timeout:        c.Timeout,
		maxRetries:     c.MaxRetries,
		baseBackoff:    c.BaseBackoff,
		maxBackoff:     c.MaxBackoff,
		httpClient:     c.HTTPClient,
		sleep:          c.Sleep,
		rand:           c.Rand,
	})
	if err != nil {
		return nil, err
	}
	ep.limiter = c.Limiter
	estimate := c.EstimateTokens
	if estimate == nil {
		estimate = func(s string) int { return (len(s) + 3) / 4 }
	}
	var temp *float64
	if c.Temperature != nil {
		temp = new(*c.Temperature)
	}
	return &Chat{ep: ep, estimate: estimate, model: c.Model, temperature: temp, maxTokens: c.MaxTokens}, nil
}

// Model returns the configured model name.
func (c *Chat) Model() string { return c.model }

type chatRequest struct {
	Model       string        `json:"model"`
	Messages    []ChatMessage `json:"messages"`
	Temperature *float64      `json:"temperature,omitempty"`
	MaxTokens   int           `json:"max_tokens,omitempty"`
}

type chatResponse struct {
	Model   string `json:"model"`
	Choices []struct {
		Message struct {
			Content string `json:"content"`
		} `json:"message"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
	Usage struct {
		PromptTokens     int `json:"prompt_tokens"`
		CompletionTokens int `json:"completion_tokens"`
	} `json:"usage"`
	Error json.RawMessage `json:"error"`
}

// Complete sends the conversation and returns the first choice. It retries
// 429, 5xx, network errors and timed-out attempts with backoff, and stops
// waiting as soon as ctx ends. On error the Completion holds only the
// Attempts made. Errors: EINVALID for no messages; otherwise as
// the package documentation lists.
func (c *Chat) Complete(ctx context.Context, msgs []ChatMessage) (Completion, error) {
	if len(msgs) == 0 {
		return Completion{}, groupmem.Errorf(groupmem.EINVALID, "chat: no messages to send")
	}
	req := chatRequest{Model: c.model, Messages: msgs, Temperature: c.temperature, MaxTokens: c.maxTokens}
	est := 0
	for _, m := range msgs {
		est += c.estimate(m.Content) + messageOverhead
	}
	ctx, span := startCall(ctx, opChat, c.model)
	comp, err := c.complete(ctx, req, est)
	endChat(ctx, span, msgs, comp, err)
	return comp, err
}

// complete sends req, whose prompt is estimated at est tokens, and reads
// the first choice of the answer.
func (c *Chat) complete(ctx context.Context, req chatRequest, est int) (Completion, error) {
	var resp chatResponse
	attempts, err := c.ep.post(ctx, req, &resp, est)
	if err == nil && c.ep.limiter != nil {
		c.ep.limiter.calibrate(est, resp.Usage.PromptTokens)
	}
	if n := len(attempts); n > 0 && err == nil {
		attempts[n-1].Tokens = groupmem.Tokens{Prompt: resp.Usage.PromptTokens, Completion: resp.Usage.CompletionTokens}
		if len(resp.Choices) > 0 {
			attempts[n-1].Finish = resp.Choices[0].FinishReason
		}
	}
	if err != nil {
		return Completion{Attempts: attempts}, err
	}
	if len(resp.Choices) == 0 {
		msg := "answer has no choices"
		if m := errorText(resp.Error); m != "" {
			msg += ": " + m
		}
		return Completion{Attempts: attempts}, c.ep.unusable(msg, nil)
	}
	ch := resp.Choices[0]
	return Completion{
		Text:         ch.Message.Content,
		FinishReason: ch.FinishReason,
		Usage:        Usage{PromptTokens: resp.Usage.PromptTokens, CompletionTokens: resp.Usage.CompletionTokens},
		Model:        cmp.Or(resp.Model, c.model),
		Attempts:     attempts,
	}, nil
}

// Ask sends one system and one user message and returns the answer with
// every attempt it took; on error the reply holds the attempts made.
// Errors are those of Complete.
func (c *Chat) Ask(ctx context.Context, system, user string) (groupmem.Reply, error) {
	comp, err := c.Complete(ctx, []ChatMessage{{Role: RoleSystem, Content: system}, {Role: RoleUser, Content: user}})
	reply := groupmem.Reply{Attempts: comp.Attempts}
	if err != nil {
		return reply, err
	}
	reply.Text, reply.Finish = comp.Text, comp.FinishReason
	reply.Tokens = groupmem.Tokens{Prompt: comp.Usage.PromptTokens, Completion: comp.Usage.CompletionTokens}
	return reply, nil
}
