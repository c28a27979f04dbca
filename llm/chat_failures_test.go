package llm_test

import (
	"context"
	"errors"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/llm"
	"github.com/groupmem/groupmem/llm/llmtest"
)

func TestCompleteGivesUpAfterMaxRetries(t *testing.T) {
	s := llmtest.New(t, llmtest.WithDefault(llmtest.Reply{Status: 503, Text: "engine overloaded"}))
	chat, rec := newChat(t, s, func(c *llm.ChatConfig) { c.MaxRetries = 2 })
	_, err := chat.Complete(context.Background(), hello)
	wantCode(t, err, groupmem.EUNAVAILABLE)
	msg := groupmem.ErrorMessage(err)
	if !strings.Contains(msg, "3 attempts") || !strings.Contains(msg, "503") || !strings.Contains(err.Error(), "engine overloaded") {
		t.Errorf("error %q (message %q) does not say how often it tried and what the endpoint said last", err, msg)
	}
	if n := len(s.Requests()); n != 3 {
		t.Errorf("server saw %d requests, want 3", n)
	}
	if n := len(rec.all()); n != 2 {
		t.Errorf("waited %d times, want 2", n)
	}
}

func TestCompleteDefaultAndNoRetries(t *testing.T) {
	tests := []struct {
		maxRetries int
		requests   int
	}{{0, 1 + llm.DefaultMaxRetries}, {-1, 1}, {1, 2}}
	for _, tt := range tests {
		s := llmtest.New(t, llmtest.WithDefault(llmtest.Reply{Status: 500}))
		chat, _ := newChat(t, s, func(c *llm.ChatConfig) { c.MaxRetries = tt.maxRetries })
		_, err := chat.Complete(context.Background(), hello)
		wantCode(t, err, groupmem.EUNAVAILABLE)
		if n := len(s.Requests()); n != tt.requests {
			t.Errorf("MaxRetries %d: server saw %d requests, want %d", tt.maxRetries, n, tt.requests)
		}
	}
}

func TestCompleteRetriesAttemptThatTimesOut(t *testing.T) {
	s := llmtest.New(t)
	s.Enqueue(llmtest.Reply{Text: "too late", Latency: time.Hour}, llmtest.Reply{Text: "in time"})
	chat, rec := newChat(t, s, func(c *llm.ChatConfig) { c.Timeout = 100 * time.Millisecond })
	got, err := chat.Complete(context.Background(), hello)
	if err != nil {
		t.Fatalf("Complete: %v", err)
	}
	if got.Text != "in time" || len(got.Attempts) != 2 || len(rec.all()) != 1 {
		t.Errorf("got %q after %d attempts and waits %v; want the second answer after 2 attempts, 1 wait", got.Text, len(got.Attempts), rec.all())
	}
	if a := got.Attempts; a[0].Status != "timeout" || a[1].Status != "200" || a[1].WaitMS != rec.all()[0].Milliseconds() {
		t.Errorf("attempts %+v: want a timeout, then 200 after the recorded wait %v", a, rec.all())
	}
}

func TestCompleteTimeoutsExhausted(t *testing.T) {
	s := llmtest.New(t, llmtest.WithDefault(llmtest.Reply{Text: "never", Latency: time.Hour}))
	chat, _ := newChat(t, s, func(c *llm.ChatConfig) {
		c.Timeout = 50 * time.Millisecond
		c.MaxRetries = 1
	})
	_, err := chat.Complete(context.Background(), hello)
	wantCode(t, err, groupmem.EUNAVAILABLE)
	if msg := groupmem.ErrorMessage(err); !strings.Contains(msg, "Timeout") || !strings.Contains(msg, "2 attempts") {
		t.Errorf("message %q does not name the Timeout and the attempts", msg)
	}
}

func TestCompleteRetriesNetworkErrors(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now: every connection is refused
	rec := &sleeps{}
	chat, err := llm.NewChat(llm.ChatConfig{BaseURL: "http://" + addr + "/v1", Model: "m", MaxRetries: 2, Sleep: rec.sleep})
	if err != nil {
		t.Fatal(err)
	}
	_, err = chat.Complete(context.Background(), hello)
	wantCode(t, err, groupmem.EUNAVAILABLE)
	if n := len(rec.all()); n != 2 {
		t.Errorf("waited %d times, want 2 (a refused connection is retried)", n)
	}
}

// waitForRequests blocks until s has seen n requests.
func waitForRequests(t *testing.T, s *llmtest.Server, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for len(s.Requests()) < n {
		if time.Now().After(deadline) {
			t.Fatalf("server saw %d requests, want %d", len(s.Requests()), n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestCompleteStopsWhenContextEnds(t *testing.T) {
	tests := []struct {
		name  string
		reply llmtest.Reply
	}{
		{"during the backoff", llmtest.Reply{Status: 429, RetryAfter: "3600"}},
		{"during an attempt", llmtest.Reply{Text: "late", Latency: time.Hour}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := llmtest.New(t, llmtest.WithDefault(tt.reply))
			chat, err := llm.NewChat(llm.ChatConfig{BaseURL: s.URL(), Model: "m", MaxBackoff: time.Hour})
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			done := make(chan error, 1)
			go func() {
				_, err := chat.Complete(ctx, hello)
				done <- err
			}()
			waitForRequests(t, s, 1)
			cancel()
			select {
			case err := <-done:
				wantCode(t, err, groupmem.EUNAVAILABLE)
				if !errors.Is(err, context.Canceled) {
					t.Errorf("err = %v, want one that is context.Canceled", err)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("Complete did not return after its context was cancelled")
			}
			if n := len(s.Requests()); n != 1 {
				t.Errorf("server saw %d requests, want 1", n)
			}
		})
	}
}

func TestCompleteUnusableAnswers(t *testing.T) {
	tests := []struct {
		name string
		body string
		want string // in the message
	}{
		{"malformed JSON", `{"choices":[{"message":{"content":"hi"}`, "not the expected JSON"},
		{"HTML from a proxy", `<html><body>Bad Gateway</body></html>`, "not the expected JSON"},
		{"no choices", `{"choices":[],"usage":{"prompt_tokens":3}}`, "no choices"},
		{"an error with status 200", `{"error":{"message":"upstream provider failed"}}`, "upstream provider failed"},
		{"too large", `{"x":"` + strings.Repeat("a", 9<<20) + `"}`, "larger than"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := llmtest.New(t)
			s.Enqueue(llmtest.Reply{Body: tt.body}, llmtest.Reply{Text: "must not be fetched"})
			chat, _ := newChat(t, s, nil)
			_, err := chat.Complete(context.Background(), hello)
			wantCode(t, err, groupmem.EUNAVAILABLE)
			if msg := groupmem.ErrorMessage(err); !strings.Contains(msg, tt.want) {
				t.Errorf("message %q does not contain %q", msg, tt.want)
			}
			if n := len(s.Requests()); n != 1 {
				t.Errorf("server saw %d requests, want 1", n)
			}
		})
	}
}
