package llm

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/embed"
	"github.com/groupmem/groupmem/telemetry"
)

// Embeddings defaults and limits.
const (
	DefaultEmbeddingsTimeout = 60 * time.Second
	DefaultBatchSize         = 64
	MaxBatchSize             = 2048               // the most inputs OpenAI accepts in one request
	MaxDimension             = embed.MaxDimension // larger vectors are surely a mistake
)

// EmbeddingsConfig configures an Embeddings client. The zero value of
// every field means its default; BaseURL, Model and Dimension are required.
type EmbeddingsConfig struct {
	// BaseURL is the API root that /embeddings is appended to, e.g.
	// https://api.openai.com/v1.
	BaseURL string
	// APIKey is sent as a bearer token; empty sends no Authorization.
	APIKey string
	// Model is the embedding model's name.
	Model string
	// Dimension is the length of the model's vectors; every vector
	// received is checked against it. Required.
	Dimension int
	// SendDimension asks the model for Dimension values with the
	// "dimensions" request parameter, which models such as OpenAI's
	// text-embedding-3 honour and others may reject.
	SendDimension bool
	// BatchSize is the most texts sent in one request. Default
	// DefaultBatchSize; at most MaxBatchSize.
	BatchSize int
	// Timeout bounds one attempt. Default DefaultEmbeddingsTimeout.
	Timeout time.Duration
	// MaxRetries, BaseBackoff, MaxBackoff, HTTPClient, Sleep and Rand work
	// as in ChatConfig.
	MaxRetries  int
	BaseBackoff time.Duration
	MaxBackoff  time.Duration
	HTTPClient  *http.Client
	Sleep       func(ctx context.Context, d time.Duration) error
	Rand        func() float64
}

// Embeddings is a groupmem.Embedder backed by an OpenAI-compatible
// /embeddings endpoint. It is safe for concurrent use.
type Embeddings struct {
	ep        *endpoint
	model     string
	dim       int
	sendDim   bool
	batchSize int
}

var _ groupmem.CountingEmbedder = (*Embeddings)(nil)

// NewEmbeddings checks c and returns a client. It makes no request.
// EINVALID names the setting at fault.
func NewEmbeddings(c EmbeddingsConfig) (*Embeddings, error) {
	const setting = "embeddings config"
	bad := func(format string, args ...any) error {
		return groupmem.Errorf(groupmem.EINVALID, setting+": "+format, args...)
	}
	batch := cmp.Or(c.BatchSize, DefaultBatchSize)
	switch {
	case c.Model == "":
		return nil, bad("Model is required")
	case c.Dimension < 1 || c.Dimension > MaxDimension:
		return nil, bad("Dimension is required and must lie within [1, %d]", MaxDimension)
	case batch < 1 || batch > MaxBatchSize:
		return nil, bad("BatchSize must lie within [1, %d]", MaxBatchSize)
	}
	ep, err := newEndpoint(endpointConfig{
		setting: setting,
		name:    "embedding model",
		path:    "/embeddings",
		// Search queries are the caller's text.
		callersInput: true,
		// A float in JSON takes about 20 bytes; leave room for the rest.
		maxBody:        int64(batch)*int64(c.Dimension)*32 + 1<<20,
		defaultTimeout: DefaultEmbeddingsTimeout,
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
	return &Embeddings{ep: ep, model: c.Model, dim: c.Dimension, sendDim: c.SendDimension, batchSize: batch}, nil
}

// Dimension returns the configured vector length.
func (e *Embeddings) Dimension() int { return e.dim }

// Model returns the configured model name.
func (e *Embeddings) Model() string { return e.model }

type embeddingsRequest struct {
	Model      string   `json:"model"`
	Input      []string `json:"input"`
	Dimensions int      `json:"dimensions,omitempty"`
}

type embeddingsResponse struct {
	Data []struct {
		Index     int       `json:"index"`
		Embedding []float32 `json:"embedding"`
	} `json:"data"`
	Usage struct {
		PromptTokens int `json:"prompt_tokens"`
	} `json:"usage"`
}

// Embed returns one vector of length Dimension per text, in the order of
// texts, sending at most BatchSize texts per request; each request is
// retried like Chat.Complete. No texts means no request and no vectors.
// Errors: EINVALID for an empty text (endpoints reject them); EUNAVAILABLE
// when a batch's answer lacks a text, repeats one, or has a vector of
// another length; otherwise as the package documentation lists.
func (e *Embeddings) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	vecs, _, err := e.EmbedCounting(ctx, texts)
	return vecs, err
}

// EmbedCounting is Embed, and the tokens the service reported for texts
// (usage.prompt_tokens of each request, summed; 0 when it reports none).
func (e *Embeddings) EmbedCounting(ctx context.Context, texts []string) ([][]float32, int, error) {
	for i, t := range texts {
		if t == "" {
			return nil, 0, groupmem.Errorf(groupmem.EINVALID, "embed: text %d is empty", i)
		}
	}
	out, tokens := make([][]float32, 0, len(texts)), 0
	for start := 0; start < len(texts); start += e.batchSize {
		batch := texts[start:min(start+e.batchSize, len(texts))]
		vecs, n, err := e.embedBatch(ctx, batch)
		if err != nil {
			return nil, 0, err
		}
		out, tokens = append(out, vecs...), tokens+max(n, 0)
	}
	return out, tokens, nil
}

// embedBatch embeds one request's worth of texts and puts the vectors in
// the order of the texts by each result's index; it returns also the
// tokens the answer reports.
func (e *Embeddings) embedBatch(ctx context.Context, batch []string) ([][]float32, int, error) {
	req := embeddingsRequest{Model: e.model, Input: batch}
	if e.sendDim {
		req.Dimensions = e.dim
	}
	var resp embeddingsResponse
	ctx, span := startCall(ctx, opEmbeddings, e.model, telemetry.Texts.Int(len(batch)))
	_, err := e.ep.post(ctx, req, &resp, 0)
	if endCall(span, err); err != nil {
		return nil, 0, err
	}
	if len(resp.Data) != len(batch) {
		return nil, 0, e.ep.unusable(fmt.Sprintf("answer has %d vectors for %d texts", len(resp.Data), len(batch)), nil)
	}
	vecs := make([][]float32, len(batch))
	for _, d := range resp.Data {
		switch {
		case d.Index < 0 || d.Index >= len(batch):
			return nil, 0, e.ep.unusable(fmt.Sprintf("answer has index %d for %d texts", d.Index, len(batch)), nil)
		case vecs[d.Index] != nil:
			return nil, 0, e.ep.unusable(fmt.Sprintf("answer repeats index %d", d.Index), nil)
		case len(d.Embedding) != e.dim:
			return nil, 0, e.ep.unusable(fmt.Sprintf("vector %d has %d values; Dimension is %d", d.Index, len(d.Embedding), e.dim), nil)
		}
		vecs[d.Index] = d.Embedding
	}
	return vecs, resp.Usage.PromptTokens, nil
}
