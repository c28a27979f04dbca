// Package llm holds groupmem's model clients: Chat for any OpenAI-compatible
// chat-completions endpoint, Embeddings for any OpenAI-compatible embeddings
// endpoint, and Local, a deterministic embedder that needs no service.
//
// The remote clients are written on net/http rather than a vendor SDK. The
// surface groupmem uses is two POST requests, so a client library would add
// much code for little; owning the request gives full control over
// per-attempt timeouts, which failures are retried and how long to wait
// (including Retry-After), response size limits and token usage; and no SDK
// pins the service to one vendor's idea of the API, so any compatible server
// (OpenAI, Azure-style gateways, vLLM, Ollama, llama.cpp, LiteLLM) works.
//
// Every error these clients return is a *groupmem.Error:
//   - EINVALID for a bad config or argument, and for a request the endpoint
//     rejected with a 4xx status (except 401, 403, 413 and 429);
//   - EUNAUTH for a 401 and EFORBIDDEN for a 403 from the endpoint;
//   - ETOOLARGE for a 413 from the endpoint;
//   - EUNAVAILABLE when the endpoint could not be reached or kept failing
//     (429, 5xx, network errors, timeouts) after every retry, when the
//     caller's context ended (errors.Is(err, context.Canceled) or
//     context.DeadlineExceeded then holds), and when the endpoint answered
//     something unusable: malformed JSON, no choices, a body over the size
//     limit, vectors of the wrong length.
//
// The message of a rejected request quotes the endpoint's own error
// message, cut short.
package llm
