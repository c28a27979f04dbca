package api_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/groupmem/groupmem/llm/llmtest"
)

// An embeddings service that refuses the service's credentials is the
// deployment's problem: the caller of search gets 503 unavailable (never
// 401, which would blame their key, nor 500), and nothing of the
// provider's words.
func TestRefusedEmbeddingsAnswerUnavailable(t *testing.T) {
	emb := llmtest.New(t)
	f := newFixture(t, fixtureOptions{embedded: true, embeddings: emb.URL()})
	for _, status := range []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusBadRequest} {
		emb.EnqueueEmbeddings(llmtest.Reply{Status: status, Text: "Incorrect API key provided: sk-te****"})
		r := f.do(t, req{method: http.MethodGet, path: "/memory/search/g1?mode=semantic&q=coffee", key: secretRoot})
		want(t, r, http.StatusServiceUnavailable, "unavailable")
		if strings.Contains(string(r.body), "sk-te") {
			t.Errorf("status %d: the answer quotes the provider: %s", status, r.body)
		}
	}
}
