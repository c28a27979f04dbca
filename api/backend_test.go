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

// An embeddings service that finds a run's statements too large fails the
// run, which is nothing the caller of evolve did: 500 with the run's id,
// not 413, and the messages wait. The same refusal of a search's own text
// is the caller's: 413.
func TestTooLargeIsTheCallersOnlyForTheirOwnInput(t *testing.T) {
	emb := llmtest.New(t)
	f := newFixture(t, fixtureOptions{embedded: true, embeddings: emb.URL()})
	f.ingest(t, "g1", "create: likes tea")
	emb.EnqueueEmbeddings(llmtest.Reply{Status: http.StatusRequestEntityTooLarge, Text: "too many tokens"})
	r := f.do(t, req{method: http.MethodPost, path: "/memory/evolve/g1", key: secretRoot})
	want(t, r, http.StatusInternalServerError, "internal")
	if !strings.Contains(string(r.body), "run ") {
		t.Errorf("a failed run must name itself: %s", r.body)
	}
	if mems := f.active(t, "g1"); len(mems) != 0 {
		t.Errorf("the failed run applied %d memories", len(mems))
	}
	for _, path := range []string{"/memory/search/g1?mode=semantic&q=tea", "/memory/context/g1?q=tea", "/memory/messages/g1?q=tea"} {
		emb.EnqueueEmbeddings(llmtest.Reply{Status: http.StatusRequestEntityTooLarge, Text: "too many tokens"})
		want(t, f.do(t, req{method: http.MethodGet, path: path, key: secretRoot}), http.StatusRequestEntityTooLarge, "too_large")
	}
}
