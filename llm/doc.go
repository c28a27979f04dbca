// Package llm holds groupmem's model clients: Chat for any OpenAI-compatible
// chat-completions endpoint, and Embeddings for any OpenAI-compatible
// embeddings endpoint. The embedders that need no service are in package
// embed.
//
// The remote clients are written on net/http rather than a vendor SDK. The
// surface groupmem uses is two POST requests, so a client library would add
// much code for little; owning the request gives full control over
// per-attempt timeouts, which failures are retried and how long to wait
// (including Retry-After), response size limits and token usage; and no SDK
// pins the service to one vendor's idea of the API, so any compatible server
// (OpenAI, Azure-style gateways, vLLM, Ollama, llama.cpp, LiteLLM) works.
//
// Every error these clients return is a *groupmem.Error, with the code the
// service's callers act on (the endpoint's own status and words stay in
// the cause, for logs):
//   - EINVALID for a bad config or argument of ours;
//   - ETOOLARGE when the embeddings endpoint answers 413: the text, a
//     caller's, is too large;
//   - EUNAVAILABLE for everything else the endpoint refuses or fails: a
//     401 or 403 (it refused the service's credentials), any other 4xx (it
//     rejected a request of the service's making, so its configuration is
//     at fault), 429, 5xx, network errors and timeouts after every retry,
//     the caller's context ending (errors.Is(err, context.Canceled) or
//     context.DeadlineExceeded then holds), and answers that cannot be
//     used: malformed JSON, no choices, a body over the size limit, vectors
//     of the wrong length. None of it is the API caller's fault, so none
//     of it answers 4xx.
//
// The message of a rejected request quotes the endpoint's own error
// message, cut short.
//
// Its tests talk to scripted OpenAI-compatible servers on loopback
// (llmtest); no test reaches a real model.
package llm
