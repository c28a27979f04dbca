package llm_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/embed"
	"github.com/groupmem/groupmem/llm"
	"github.com/groupmem/groupmem/llm/llmtest"
)

// newLocal returns a Hashing embedder of dimension dim.
func newLocal(t testing.TB, dim int) *embed.Hashing {
	t.Helper()
	l, err := embed.NewHashing(dim)
	if err != nil {
		t.Fatalf("NewHashing(%d): %v", dim, err)
	}
	return l
}

// localEmbed serves embeddings computed by l.
func localEmbed(l *embed.Hashing) llmtest.Option {
	return llmtest.WithEmbed(func(in []string) [][]float32 {
		out := make([][]float32, len(in))
		for i, s := range in {
			out[i] = l.Vector(s)
		}
		return out
	})
}

// newEmbeddings returns a client of s with waits recorded, not slept.
func newEmbeddings(t *testing.T, s *llmtest.Server, edit func(*llm.EmbeddingsConfig)) (*llm.Embeddings, *sleeps) {
	t.Helper()
	rec := &sleeps{}
	c := llm.EmbeddingsConfig{
		BaseURL:   s.URL(),
		APIKey:    "sk-emb",
		Model:     "e1",
		Dimension: 16,
		Sleep:     rec.sleep,
		Rand:      func() float64 { return 1 },
	}
	if edit != nil {
		edit(&c)
	}
	e, err := llm.NewEmbeddings(c)
	if err != nil {
		t.Fatalf("NewEmbeddings: %v", err)
	}
	return e, rec
}

func TestEmbedBatchesAndKeepsOrder(t *testing.T) {
	local := newLocal(t, 16)
	s := llmtest.New(t, localEmbed(local), llmtest.WithReversedEmbeddings())
	e, _ := newEmbeddings(t, s, func(c *llm.EmbeddingsConfig) { c.BatchSize = 3 })

	texts := make([]string, 8)
	for i := range texts {
		texts[i] = fmt.Sprintf("message %d about topic %c", i, 'a'+i)
	}
	got, err := e.Embed(context.Background(), texts)
	if err != nil {
		t.Fatalf("Embed: %v", err)
	}
	want, err := local.Embed(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("vectors out of order (-want +got):\n%s", diff)
	}
	var batches [][]string
	for _, r := range s.Requests() {
		if r.Model != "e1" || r.Auth != "Bearer sk-emb" || r.Path != llmtest.EmbeddingsPath || r.Dimensions != 0 {
			t.Errorf("request model %q auth %q path %q dimensions %d", r.Model, r.Auth, r.Path, r.Dimensions)
		}
		batches = append(batches, r.Input)
	}
	if diff := cmp.Diff([][]string{texts[0:3], texts[3:6], texts[6:8]}, batches); diff != "" {
		t.Errorf("batches (-want +got):\n%s", diff)
	}
	if e.Dimension() != 16 {
		t.Errorf("Dimension = %d, want 16", e.Dimension())
	}
}

func TestEmbedSendsDimensionWhenAsked(t *testing.T) {
	s := llmtest.New(t, localEmbed(newLocal(t, 16)))
	e, _ := newEmbeddings(t, s, func(c *llm.EmbeddingsConfig) { c.SendDimension = true })
	if _, err := e.Embed(context.Background(), []string{"hi"}); err != nil {
		t.Fatal(err)
	}
	if d := s.Requests()[0].Dimensions; d != 16 {
		t.Errorf("request dimensions = %d, want 16", d)
	}
}

func TestEmbedRejectsVectorsOfAnotherLength(t *testing.T) {
	s := llmtest.New(t, localEmbed(newLocal(t, 8)))
	e, _ := newEmbeddings(t, s, nil)
	_, err := e.Embed(context.Background(), []string{"one", "two"})
	wantCode(t, err, groupmem.EUNAVAILABLE)
	if msg := groupmem.ErrorMessage(err); !strings.Contains(msg, "8 values") || !strings.Contains(msg, "Dimension is 16") {
		t.Errorf("message %q does not give both lengths", msg)
	}
}

func TestEmbedRejectsIncompleteAnswers(t *testing.T) {
	vec := "[" + strings.TrimSuffix(strings.Repeat("0.25,", 16), ",") + "]"
	item := func(i int) string { return fmt.Sprintf(`{"index":%d,"embedding":%s}`, i, vec) }
	tests := []struct {
		name, body, want string
	}{
		{"missing a vector", `{"data":[` + item(0) + `]}`, "1 vectors for 2 texts"},
		{"repeated index", `{"data":[` + item(1) + `,` + item(1) + `]}`, "repeats index 1"},
		{"index out of range", `{"data":[` + item(0) + `,` + item(2) + `]}`, "index 2"},
		{"malformed JSON", `{"data":[`, "not the expected JSON"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := llmtest.New(t)
			s.EnqueueEmbeddings(llmtest.Reply{Body: tt.body})
			e, _ := newEmbeddings(t, s, nil)
			_, err := e.Embed(context.Background(), []string{"one", "two"})
			wantCode(t, err, groupmem.EUNAVAILABLE)
			if msg := groupmem.ErrorMessage(err); !strings.Contains(msg, tt.want) {
				t.Errorf("message %q does not contain %q", msg, tt.want)
			}
		})
	}
}

func TestEmbedRetries(t *testing.T) {
	local := newLocal(t, 16)
	s := llmtest.New(t, localEmbed(local))
	s.EnqueueEmbeddings(
		llmtest.Reply{Status: http.StatusTooManyRequests, RetryAfter: "2"},
		llmtest.Reply{Status: http.StatusBadGateway},
		llmtest.Reply{Latency: time.Hour},
	)
	e, rec := newEmbeddings(t, s, func(c *llm.EmbeddingsConfig) { c.Timeout = 100 * time.Millisecond })
	got, err := e.Embed(context.Background(), []string{"群组成员主要是前端开发者"})
	if err != nil {
		t.Fatalf("Embed: %v", err)
	}
	if diff := cmp.Diff([][]float32{local.Vector("群组成员主要是前端开发者")}, got); diff != "" {
		t.Errorf("vectors (-want +got):\n%s", diff)
	}
	want := []time.Duration{2 * time.Second, 1 * time.Second, 2 * time.Second}
	if diff := cmp.Diff(want, rec.all()); diff != "" {
		t.Errorf("waits (-want +got):\n%s", diff)
	}
}

func TestEmbedDoesNotRetryRejections(t *testing.T) {
	s := llmtest.New(t, localEmbed(newLocal(t, 16)))
	s.EnqueueEmbeddings(llmtest.Reply{Status: http.StatusUnauthorized, Text: "invalid api key"})
	e, _ := newEmbeddings(t, s, nil)
	_, err := e.Embed(context.Background(), []string{"x"})
	wantCode(t, err, groupmem.EUNAVAILABLE) // the service's credentials, not the caller's
	if n := len(s.Requests()); n != 1 {
		t.Errorf("server saw %d requests, want 1", n)
	}
	// Too large a text is the caller's: a search query is.
	s.EnqueueEmbeddings(llmtest.Reply{Status: http.StatusRequestEntityTooLarge, Text: "input too long"})
	_, err = e.Embed(context.Background(), []string{"x"})
	wantCode(t, err, groupmem.ETOOLARGE)
}

func TestEmbedInputs(t *testing.T) {
	s := llmtest.New(t, localEmbed(newLocal(t, 16)))
	e, _ := newEmbeddings(t, s, nil)
	got, err := e.Embed(context.Background(), nil)
	if err != nil || len(got) != 0 {
		t.Errorf("Embed(nil) = %v, %v; want no vectors", got, err)
	}
	_, err = e.Embed(context.Background(), []string{"a", ""})
	wantCode(t, err, groupmem.EINVALID)
	if n := len(s.Requests()); n != 0 {
		t.Errorf("server saw %d requests, want none", n)
	}
}

func TestNewEmbeddingsChecksConfig(t *testing.T) {
	ok := llm.EmbeddingsConfig{BaseURL: "http://127.0.0.1:1/v1", Model: "e", Dimension: 8}
	tests := []struct {
		name    string
		edit    func(*llm.EmbeddingsConfig)
		setting string
	}{
		{"no dimension", func(c *llm.EmbeddingsConfig) { c.Dimension = 0 }, "Dimension"},
		{"huge dimension", func(c *llm.EmbeddingsConfig) { c.Dimension = 1 << 20 }, "Dimension"},
		{"no model", func(c *llm.EmbeddingsConfig) { c.Model = "" }, "Model"},
		{"negative batch", func(c *llm.EmbeddingsConfig) { c.BatchSize = -1 }, "BatchSize"},
		{"huge batch", func(c *llm.EmbeddingsConfig) { c.BatchSize = llm.MaxBatchSize + 1 }, "BatchSize"},
		{"no base URL", func(c *llm.EmbeddingsConfig) { c.BaseURL = "" }, "BaseURL"},
		{"negative timeout", func(c *llm.EmbeddingsConfig) { c.Timeout = -1 }, "Timeout"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := ok
			tt.edit(&c)
			_, err := llm.NewEmbeddings(c)
			wantCode(t, err, groupmem.EINVALID)
			if msg := groupmem.ErrorMessage(err); !strings.Contains(msg, tt.setting) || !strings.Contains(msg, "embeddings config") {
				t.Errorf("message %q does not name embeddings config %s", msg, tt.setting)
			}
		})
	}
}
