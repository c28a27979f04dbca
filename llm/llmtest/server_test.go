package llmtest_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/groupmem/groupmem/llm/llmtest"
)

// post sends body to the server's path and returns the status, the
// Retry-After header and the decoded JSON answer.
func post(t *testing.T, ctx context.Context, url, body string) (int, string, map[string]any, error) {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewBufferString(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer k1")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, "", nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("answer is not JSON: %v: %s", err, data)
	}
	return resp.StatusCode, resp.Header.Get("Retry-After"), v, nil
}

const chatBody = `{"model":"m1","messages":[{"role":"user","content":"hi"}],"temperature":0,"max_tokens":7}`

// content returns choices[0].message.content of a chat answer.
func content(t *testing.T, v map[string]any) string {
	t.Helper()
	choices, _ := v["choices"].([]any)
	if len(choices) != 1 {
		t.Fatalf("answer has %d choices: %v", len(choices), v)
	}
	msg := choices[0].(map[string]any)["message"].(map[string]any)
	return msg["content"].(string)
}

func TestChatQueueThenHandlerThenDefault(t *testing.T) {
	calls := 0
	s := llmtest.New(t, llmtest.WithHandler(func(r llmtest.Request) llmtest.Reply {
		calls++
		if calls > 1 {
			return llmtest.Reply{Status: http.StatusServiceUnavailable, Text: "handler busy", RetryAfter: "2"}
		}
		return llmtest.Reply{Text: "from handler to " + r.Messages[0].Content}
	}))
	s.Enqueue(llmtest.Reply{Text: "first", PromptTokens: 3, CompletionTokens: 1}, llmtest.Reply{Text: "second"})
	url := s.URL() + "/chat/completions"
	ctx := context.Background()

	for _, want := range []string{"first", "second", "from handler to hi"} {
		status, _, v, err := post(t, ctx, url, chatBody)
		if err != nil || status != 200 {
			t.Fatalf("status %d, err %v", status, err)
		}
		if got := content(t, v); got != want {
			t.Errorf("content = %q, want %q", got, want)
		}
	}
	status, retry, v, err := post(t, ctx, url, chatBody)
	if err != nil || status != http.StatusServiceUnavailable || retry != "2" {
		t.Fatalf("status %d, Retry-After %q, err %v; want 503 and 2", status, retry, err)
	}
	if msg := v["error"].(map[string]any)["message"]; msg != "handler busy" {
		t.Errorf("error message = %v", msg)
	}

	reqs := s.Requests()
	if len(reqs) != 4 {
		t.Fatalf("recorded %d requests, want 4", len(reqs))
	}
	want := llmtest.Request{
		Path:        llmtest.ChatPath,
		Auth:        "Bearer k1",
		Model:       "m1",
		Messages:    []llmtest.Message{{Role: "user", Content: "hi"}},
		Temperature: new(0.0),
		MaxTokens:   7,
		Body:        []byte(chatBody),
	}
	if diff := cmp.Diff(want, reqs[0]); diff != "" {
		t.Errorf("request (-want +got):\n%s", diff)
	}
}

func TestChatUsageAndFinishReason(t *testing.T) {
	s := llmtest.New(t)
	s.Enqueue(llmtest.Reply{Text: "cut", FinishReason: "length", PromptTokens: 11, CompletionTokens: 5, Model: "m-real"})
	_, _, v, err := post(t, context.Background(), s.URL()+"/chat/completions", chatBody)
	if err != nil {
		t.Fatal(err)
	}
	choice := v["choices"].([]any)[0].(map[string]any)
	got := map[string]any{"finish": choice["finish_reason"], "usage": v["usage"], "model": v["model"]}
	want := map[string]any{
		"finish": "length",
		"usage":  map[string]any{"prompt_tokens": 11.0, "completion_tokens": 5.0, "total_tokens": 16.0},
		"model":  "m-real",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("answer (-want +got):\n%s", diff)
	}
}

func TestUnscriptedChatGets500(t *testing.T) {
	s := llmtest.New(t)
	status, _, _, err := post(t, context.Background(), s.URL()+"/chat/completions", chatBody)
	if err != nil || status != http.StatusInternalServerError {
		t.Fatalf("status %d, err %v; want 500", status, err)
	}
	if reqs := s.Requests(); len(reqs) != 1 || !reqs[0].Unscripted {
		t.Errorf("requests = %+v, want one unscripted", reqs)
	}
}

func TestDefaultReply(t *testing.T) {
	s := llmtest.New(t, llmtest.WithDefault(llmtest.Reply{Text: "always"}))
	for range 2 {
		_, _, v, err := post(t, context.Background(), s.URL()+"/chat/completions", chatBody)
		if err != nil {
			t.Fatal(err)
		}
		if got := content(t, v); got != "always" {
			t.Errorf("content = %q", got)
		}
	}
	for _, r := range s.Requests() {
		if r.Unscripted {
			t.Errorf("a request answered by WithDefault is marked unscripted")
		}
	}
}

func TestRawBodyAndBadRequests(t *testing.T) {
	s := llmtest.New(t)
	s.Enqueue(llmtest.Reply{Body: `{"choices":[]}`, Status: 200})
	ctx := context.Background()
	_, _, v, err := post(t, ctx, s.URL()+"/chat/completions", chatBody)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(map[string]any{"choices": []any{}}, v); diff != "" {
		t.Errorf("raw body (-want +got):\n%s", diff)
	}
	if status, _, _, _ := post(t, ctx, s.URL()+"/chat/completions", `{"model":`); status != http.StatusBadRequest {
		t.Errorf("broken JSON: status %d, want 400", status)
	}
	if status, _, _, _ := post(t, ctx, s.URL()+"/completions", chatBody); status != http.StatusNotFound {
		t.Errorf("unknown path: status %d, want 404", status)
	}
	if c, e := s.Pending(); c != 0 || e != 0 {
		t.Errorf("Pending = %d, %d; want 0, 0", c, e)
	}
}

func TestLatencyEndsWhenClientGivesUp(t *testing.T) {
	s := llmtest.New(t)
	s.Enqueue(llmtest.Reply{Text: "late", Latency: time.Hour})
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, _, _, err := post(t, ctx, s.URL()+"/chat/completions", chatBody)
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("err = %v, want deadline exceeded", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("request with an hour of latency did not end when the client gave up")
	}
	// The server's Close in Cleanup would hang if the handler still waited.
}

func TestEmbeddings(t *testing.T) {
	embed := func(in []string) [][]float32 {
		out := make([][]float32, len(in))
		for i, s := range in {
			out[i] = []float32{float32(len(s)), 1}
		}
		return out
	}
	s := llmtest.New(t, llmtest.WithEmbed(embed), llmtest.WithReversedEmbeddings())
	s.EnqueueEmbeddings(llmtest.Reply{Status: http.StatusTooManyRequests, RetryAfter: "1"})
	url := s.URL() + "/embeddings"
	ctx := context.Background()
	body := `{"model":"e1","input":["a","bbb"],"dimensions":2}`

	if status, retry, _, _ := post(t, ctx, url, body); status != http.StatusTooManyRequests || retry != "1" {
		t.Fatalf("queued reply: status %d, Retry-After %q; want 429, 1", status, retry)
	}
	status, _, v, err := post(t, ctx, url, body)
	if err != nil || status != 200 {
		t.Fatalf("status %d, err %v", status, err)
	}
	want := []any{
		map[string]any{"object": "embedding", "index": 1.0, "embedding": []any{3.0, 1.0}},
		map[string]any{"object": "embedding", "index": 0.0, "embedding": []any{1.0, 1.0}},
	}
	if diff := cmp.Diff(want, v["data"]); diff != "" {
		t.Errorf("data (-want +got):\n%s", diff)
	}
	if status, _, _, _ := post(t, ctx, url, `{"model":"e1","input":"one"}`); status != 200 {
		t.Errorf("single string input: status %d", status)
	}
	reqs := s.Requests()
	got := []llmtest.Request{{Input: reqs[1].Input, Dimensions: reqs[1].Dimensions}, {Input: reqs[2].Input}}
	if diff := cmp.Diff([]llmtest.Request{{Input: []string{"a", "bbb"}, Dimensions: 2}, {Input: []string{"one"}}}, got); diff != "" {
		t.Errorf("recorded inputs (-want +got):\n%s", diff)
	}
}

func TestEmbeddingsWithoutEmbedGet500(t *testing.T) {
	s := llmtest.New(t)
	status, _, _, err := post(t, context.Background(), s.URL()+"/embeddings", `{"model":"e","input":["a"]}`)
	if err != nil || status != http.StatusInternalServerError {
		t.Fatalf("status %d, err %v; want 500", status, err)
	}
	if reqs := s.Requests(); len(reqs) != 1 || !reqs[0].Unscripted {
		t.Errorf("requests = %+v, want one unscripted", reqs)
	}
}
