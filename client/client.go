// Package client is a Go client of groupmem's HTTP API for the calls a bot
// makes: store a group's messages, find what the group knows (memories and
// messages, by keywords and meaning), compose a context block for a
// prompt, read a memory with the messages it rests on, and write a memory
// by hand. Its types are the API's answers, field for field (a test checks
// them against the server); fields a newer server adds are ignored.
//
// Every method returns *Error for an answer that is not a success: the
// HTTP status, the API's error code and message, and for 429 and 503 when
// to try again.
package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Client calls one groupmem server. It is safe for concurrent use.
type Client struct {
	base   *url.URL
	key    string
	http   *http.Client
	strict bool
}

// Option sets up a Client.
type Option func(*Client)

// WithHTTPClient makes the client send its requests with hc (default
// http.DefaultClient).
func WithHTTPClient(hc *http.Client) Option { return func(c *Client) { c.http = hc } }

// WithStrictDecoding makes every answer fail to decode when it holds a
// field the client's types lack: for tests that the types cover the API.
func WithStrictDecoding() Option { return func(c *Client) { c.strict = true } }

// New returns a client of the server at baseURL ("http://host:8080")
// that authenticates with the API key key ("" for a server without keys).
// An address that is not an absolute http or https URL is an error.
func New(baseURL, key string, opts ...Option) (*Client, error) {
	u, err := url.Parse(strings.TrimRight(baseURL, "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("groupmem client: base URL %q must be an absolute http or https URL", baseURL)
	}
	c := &Client{base: u, key: key, http: http.DefaultClient}
	for _, o := range opts {
		o(c)
	}
	return c, nil
}

// Error is an answer that is not a success.
type Error struct {
	Status     int           // the HTTP status
	Code       string        // the API's error code: invalid, not_found, conflict, busy, unavailable, ...
	Message    string        // what went wrong, for a person
	RetryAfter time.Duration // when given (429, 503, a group being evolved): when to try again
}

func (e *Error) Error() string {
	return fmt.Sprintf("groupmem: %d %s: %s", e.Status, e.Code, e.Message)
}

// IsCode reports whether err is an *Error with the API error code code.
func IsCode(err error, code string) bool {
	var e *Error
	return errors.As(err, &e) && e.Code == code
}

// do sends a request with a JSON body (when in is not nil) and decodes a
// success answer into out.
func (c *Client) do(ctx context.Context, method, path string, query url.Values, in, out any) error {
	u, err := c.url(path)
	if err != nil {
		return err
	}
	u.RawQuery = query.Encode()
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return fmt.Errorf("groupmem client: encode the request: %w", err)
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, u.String(), body)
	if err != nil {
		return fmt.Errorf("groupmem client: %w", err)
	}
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")
	if c.key != "" {
		req.Header.Set("Authorization", "Bearer "+c.key)
	}
	res, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("groupmem client: %s %s: %w", method, path, err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, 64<<20))
	if err != nil {
		return fmt.Errorf("groupmem client: read the answer to %s %s: %w", method, path, err)
	}
	if res.StatusCode/100 != 2 {
		return answerError(res, raw)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if c.strict {
		dec.DisallowUnknownFields()
	}
	if err := dec.Decode(out); err != nil {
		return fmt.Errorf("groupmem client: decode the answer to %s %s: %w", method, path, err)
	}
	return nil
}

// answerError makes an *Error of a failed answer.
func answerError(res *http.Response, raw []byte) error {
	var body struct {
		Error struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	e := &Error{Status: res.StatusCode}
	if json.Unmarshal(raw, &body) == nil && body.Error.Code != "" {
		e.Code, e.Message = body.Error.Code, body.Error.Message
	} else {
		e.Code, e.Message = "http_"+strconv.Itoa(res.StatusCode), strings.TrimSpace(string(raw[:min(len(raw), 200)]))
	}
	if s, err := strconv.Atoi(res.Header.Get("Retry-After")); err == nil && s >= 0 {
		e.RetryAfter = time.Duration(s) * time.Second
	}
	return e
}

// url is the base URL with path, already escaped (its segments made by
// group or url.PathEscape), after the base's own path. The path is kept
// as escaped, so that a segment holding "/", "%", "#", a space or CJK
// reaches the server as the one segment it names.
func (c *Client) url(path string) (url.URL, error) {
	u := *c.base
	u.RawPath = c.base.EscapedPath() + path
	p, err := url.PathUnescape(u.RawPath)
	if err != nil {
		return url.URL{}, fmt.Errorf("groupmem client: path %q: %w", u.RawPath, err)
	}
	u.Path = p
	return u, nil
}

// group returns the path segment of a group id.
func group(id string) string { return url.PathEscape(id) }
