package llm

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/groupmem/groupmem"
)

// maxMessageBytes bounds the endpoint's own error message quoted in ours.
const maxMessageBytes = 300

// endpointConfig is what ChatConfig and EmbeddingsConfig share: where the
// endpoint is, how to authenticate, and how to time out and retry.
type endpointConfig struct {
	setting string // names the config in errors, e.g. "chat config"
	name    string // names the endpoint in messages, e.g. "chat model"
	path    string // appended to baseURL, e.g. "/chat/completions"
	// callersInput says the request carries the caller's own text (as an
	// embedding of a search query does), so that a 413 is the caller's
	// ETOOLARGE; otherwise the request is the service's and a 413 is
	// EUNAVAILABLE like any other refusal.
	callersInput   bool
	maxBody        int64 // the largest response body read
	defaultTimeout time.Duration

	baseURL, apiKey         string
	timeout                 time.Duration
	maxRetries              int
	baseBackoff, maxBackoff time.Duration
	httpClient              *http.Client
	sleep                   func(context.Context, time.Duration) error
	rand                    func() float64
}

// endpoint posts JSON to one URL of an OpenAI-compatible service, with a
// timeout per attempt and retries.
type endpoint struct {
	url     string
	apiKey  string
	client  *http.Client
	timeout time.Duration
	maxBody int64
	retry   retryPolicy
	limiter *Limiter // nil: calls are not limited
	// callersInput: see endpointConfig.
	callersInput bool
}

// newEndpoint checks c, applies its defaults, and returns the endpoint.
// EINVALID names the setting at fault.
func newEndpoint(c endpointConfig) (*endpoint, error) {
	bad := func(format string, args ...any) error {
		return groupmem.Errorf(groupmem.EINVALID, c.setting+": "+format, args...)
	}
	u, err := url.Parse(c.baseURL)
	switch {
	case c.baseURL == "":
		return nil, bad("BaseURL is required, e.g. https://api.openai.com/v1")
	case err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "":
		return nil, bad("BaseURL %q is not an absolute http or https URL", groupmem.Truncate(c.baseURL, 100))
	case u.RawQuery != "" || u.Fragment != "":
		return nil, bad("BaseURL must not have a query or fragment")
	case c.timeout < 0:
		return nil, bad("Timeout must not be negative")
	case c.baseBackoff < 0:
		return nil, bad("BaseBackoff must not be negative")
	case c.maxBackoff < 0:
		return nil, bad("MaxBackoff must not be negative")
	}
	p := retryPolicy{
		name:       c.name,
		maxRetries: max(cmp.Or(c.maxRetries, DefaultMaxRetries), 0),
		base:       cmp.Or(c.baseBackoff, DefaultBaseBackoff),
		max:        cmp.Or(c.maxBackoff, DefaultMaxBackoff),
		sleep:      c.sleep,
		rand:       c.rand,
	}
	if p.sleep == nil {
		p.sleep = sleep
	}
	if p.rand == nil {
		p.rand = rand.Float64
	}
	if p.base > p.max {
		return nil, bad("BaseBackoff (%v) must not exceed MaxBackoff (%v)", p.base, p.max)
	}
	return &endpoint{
		url:     strings.TrimRight(c.baseURL, "/") + c.path,
		apiKey:  c.apiKey,
		client:  cmp.Or(c.httpClient, &http.Client{}),
		timeout: cmp.Or(c.timeout, c.defaultTimeout),
		maxBody: c.maxBody,
		retry:   p,

		callersInput: c.callersInput,
	}, nil
}

// post sends in as JSON and decodes the answer into out, retrying as the
// policy allows. With a limiter, every attempt first waits for its
// admission of estimate prompt tokens, and its answer teaches the limiter.
// It returns every attempt made, in order.
func (e *endpoint) post(ctx context.Context, in, out any, estimate int) ([]groupmem.Attempt, error) {
	body, err := json.Marshal(in)
	if err != nil {
		return nil, groupmem.WrapError(groupmem.EINVALID, e.retry.name+": request cannot be encoded", err)
	}
	var trace []groupmem.Attempt
	_, err = e.retry.run(ctx, func(ctx context.Context, waited time.Duration) error {
		var t ticket
		var queued time.Duration
		if e.limiter != nil {
			var err error
			t, queued, err = e.limiter.admit(ctx, estimate)
			if err != nil {
				return err
			}
			waited += queued
		}
		start := time.Now()
		status, h, err := e.attempt(ctx, body, out)
		trace = append(trace, groupmem.Attempt{Status: status, WaitMS: waited.Milliseconds(), DurationMS: time.Since(start).Milliseconds()})
		attemptEvents(ctx, trace, queued.Milliseconds())
		if e.limiter != nil {
			code, _ := strconv.Atoi(status)
			if lerr := e.limiter.done(ctx, t, code, h); lerr != nil && err == nil {
				err = groupmem.WrapError(groupmem.EUNAVAILABLE, e.retry.name+": pausing the rate budget", lerr)
			}
		}
		return err
	})
	return trace, err
}

// attempt makes one request and returns what came back: the HTTP status,
// or "timeout" or "network" when no answer did, and the answer's headers. Failures another attempt
// may cure are *retryableError; the rest are final.
func (e *endpoint) attempt(ctx context.Context, body []byte, out any) (string, http.Header, error) {
	actx, cancel := context.WithTimeout(ctx, e.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(actx, http.MethodPost, e.url, bytes.NewReader(body))
	if err != nil {
		return "error", nil, groupmem.WrapError(groupmem.EINVALID, e.retry.name+": request cannot be built", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	if e.apiKey != "" {
		req.Header.Set("Authorization", "Bearer "+e.apiKey)
	}
	resp, err := e.client.Do(req)
	if err != nil {
		return transportStatus(actx), nil, e.transportError(actx, err)
	}
	defer resp.Body.Close()
	status := strconv.Itoa(resp.StatusCode)
	data, err := io.ReadAll(io.LimitReader(resp.Body, e.maxBody+1))
	switch {
	case err != nil:
		return transportStatus(actx), resp.Header, e.transportError(actx, err)
	case int64(len(data)) > e.maxBody:
		return status, resp.Header, e.unusable(fmt.Sprintf("answer is larger than %d bytes", e.maxBody), nil)
	case resp.StatusCode < 200 || resp.StatusCode > 299:
		return status, resp.Header, e.statusError(resp, data)
	}
	if err := json.Unmarshal(data, out); err != nil {
		return status, resp.Header, e.unusable("answer is not the expected JSON", fmt.Errorf("%w; body starts %q", err, groupmem.Truncate(string(data), 120)))
	}
	return status, resp.Header, nil
}

// transportStatus names an attempt that got no answer.
func transportStatus(actx context.Context) string {
	if errors.Is(actx.Err(), context.DeadlineExceeded) {
		return "timeout"
	}
	return "network"
}

// transportError classifies a failure to send or to read: a per-attempt
// timeout and a network error are both worth another attempt; the policy
// notices when the caller's own context ended.
func (e *endpoint) transportError(actx context.Context, err error) error {
	msg := "request failed"
	if errors.Is(actx.Err(), context.DeadlineExceeded) {
		msg = fmt.Sprintf("no answer within the Timeout of %v", e.timeout)
	}
	return &retryableError{msg: msg, err: err, retryAfter: -1}
}

// statusError turns a non-2xx answer into an error: 429 and 5xx are worth
// another attempt, honouring Retry-After; every other status is final.
func (e *endpoint) statusError(resp *http.Response, body []byte) error {
	// The provider's own words stay in the cause, for logs: they can quote
	// the operator's credentials and are not the caller's business.
	msg := fmt.Sprintf("status %d", resp.StatusCode)
	var detail error
	if m := providerMessage(body); m != "" {
		detail = errors.New("provider said: " + m)
	}
	switch s := resp.StatusCode; {
	case s == http.StatusTooManyRequests || s >= 500:
		return &retryableError{msg: msg, err: detail, retryAfter: retryAfter(resp.Header, time.Now())}
	case s == http.StatusRequestEntityTooLarge && e.callersInput:
		return groupmem.WrapError(groupmem.ETOOLARGE, fmt.Sprintf("%s rejected the text as too large: %s", e.retry.name, msg), detail)
	case s == http.StatusUnauthorized || s == http.StatusForbidden:
		return groupmem.WrapError(groupmem.EUNAVAILABLE, fmt.Sprintf("%s refused the service's credentials: %s", e.retry.name, msg), detail)
	case s >= 400:
		return groupmem.WrapError(groupmem.EUNAVAILABLE, fmt.Sprintf("%s rejected the request: %s", e.retry.name, msg), detail)
	}
	return e.unusable("unexpected "+msg, detail)
}

// unusable is the final error for an answer that cannot be used.
func (e *endpoint) unusable(msg string, err error) error {
	return groupmem.WrapError(groupmem.EUNAVAILABLE, e.retry.name+": "+msg, err)
}

// providerMessage extracts the endpoint's own error message from an error
// body: {"error":{"message":...}}, {"error":"..."}, {"message":...}, or
// else the body's text; on one line and cut short.
func providerMessage(body []byte) string {
	var v struct {
		Error   json.RawMessage `json:"error"`
		Message string          `json:"message"`
	}
	if json.Unmarshal(body, &v) == nil {
		if m := cmp.Or(errorText(v.Error), oneLine(v.Message)); m != "" {
			return m
		}
	}
	return oneLine(string(body))
}

// errorText returns the message of an OpenAI error value, an object with a
// message or a plain string, on one line and cut short; "" when there is
// none.
func errorText(raw json.RawMessage) string {
	var obj struct {
		Message string `json:"message"`
	}
	if json.Unmarshal(raw, &obj) == nil && obj.Message != "" {
		return oneLine(obj.Message)
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return oneLine(s)
	}
	return ""
}

// oneLine cleans s, collapses its white space and cuts it to
// maxMessageBytes.
func oneLine(s string) string {
	s = strings.Join(strings.Fields(groupmem.CleanText(s)), " ")
	if len(s) > maxMessageBytes {
		s = groupmem.Truncate(s, maxMessageBytes-3) + "..."
	}
	return s
}
