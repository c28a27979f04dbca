package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/groupmem/groupmem/api"
)

// FuzzHandler sends random methods, paths, queries, bodies, content types
// and keys to the API over real backends: no answer is a 5xx, every 4xx is
// the JSON error shape with a code that belongs to its status, and every
// 2xx of a memory endpoint is a JSON object with success true.
func FuzzHandler(f *testing.F) {
	fx := newFixture(f, fixtureOptions{})
	mem := fx.seed(f, "g1", "likes tea", "likes coffee")["likes tea"]
	seeds := []struct {
		method, path, query, body, ctype string
		key                              uint8
	}{
		{"GET", "/memory/list/g1", "status=all&limit=3&offset=1", "", "", 0},
		{"GET", "/memory/search/g1", "q=tea&threshold=0.2&limit=5", "", "", 1},
		{"GET", "/memory/context/g1", "q=tea&max_tokens=20", "", "", 1},
		{"GET", "/memory/history/" + mem.ID, "", "", "", 0},
		{"GET", "/memory/changes/g1", "days=7&limit=5", "", "", 0},
		{"GET", "/memory/runs/g1", "limit=3", "", "", 2},
		{"GET", "/memory/run/" + mem.RunID, "", "", "", 0},
		{"POST", "/memory/evolve/g1", "dry_run=true&days=2", "", "", 0},
		{"POST", "/memory/messages/g1", "", `{"messages":[{"id":"f1","content":"create: x","sent_at":"2026-01-15T12:30:00Z"}]}`, "application/json", 2},
		{"PUT", "/memory/" + mem.ID + "/strength", "", `{"strength":0.25}`, "application/json", 0},
		{"PUT", "/memory/" + mem.ID + "/restore", "", `{}`, "application/json", 0},
		{"DELETE", "/memory/" + mem.ID, "", `{"reason":"fuzz"}`, "application/json; charset=utf-8", 0},
		{"GET", "/memory/list/%ff%00", "limit=%", "", "", 0},
		{"PUT", "/memory/" + mem.ID + "/strength", "", `{"strength":1e309}`, "application/json", 0},
		{"POST", "/memory/messages/g1", "", `{"messages":[{"id":"","sent_at":"0000-01-01T00:00:00Z"}]}`, "application/json", 0},
		{"GET", "//memory/../list/g1", "", "", "", 0},
		{"BREW", "/healthz", "", "coffee", "text/plain", 3},
		{"GET", "/metrics", "", "", "", 3},
		{"GET", "/readyz", "verbose=1", "", "", 3},
	}
	for _, s := range seeds {
		f.Add(s.method, s.path, s.query, []byte(s.body), s.ctype, s.key)
	}
	secrets := []string{secretRoot, secretView1, secretBot1, ""}
	f.Fuzz(func(t *testing.T, method, path, query string, body []byte, ctype string, key uint8) {
		if !validToken(method) {
			method = http.MethodGet
		}
		if !strings.HasPrefix(path, "/") {
			path = "/" + path
		}
		u := &url.URL{Path: path, RawQuery: query}
		r := &http.Request{
			Method: method, URL: u, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
			Header: http.Header{}, Host: "groupmem.test", RequestURI: u.RequestURI(),
			Body: io.NopCloser(bytes.NewReader(body)), ContentLength: int64(len(body)),
		}
		if ctype != "" && utf8.ValidString(ctype) && !strings.ContainsAny(ctype, "\r\n") {
			r.Header.Set("Content-Type", ctype)
		}
		if s := secrets[int(key)%len(secrets)]; s != "" {
			r.Header.Set("Authorization", "Bearer "+s)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		rec := httptest.NewRecorder()
		fx.handler.ServeHTTP(rec, r.WithContext(ctx))
		checkAnswer(t, method, u.RequestURI(), rec)
	})
}

// checkAnswer applies FuzzHandler's properties to one answer.
func checkAnswer(t *testing.T, method, uri string, rec *httptest.ResponseRecorder) {
	t.Helper()
	status, body := rec.Code, rec.Body.Bytes()
	switch {
	case status >= 500:
		t.Fatalf("%s %s = %d\n%s", method, uri, status, body)
	case status >= 400:
		var e struct {
			Success *bool `json:"success"`
			Error   struct {
				Code    string `json:"code"`
				Message string `json:"message"`
			} `json:"error"`
		}
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&e); err != nil || e.Success == nil || *e.Success || e.Error.Message == "" ||
			!statusIs(e.Error.Code, status) {
			t.Fatalf("%s %s = %d with a body that is not the error shape (%v)\n%s", method, uri, status, err, body)
		}
	case status >= 300:
		if rec.Header().Get("Location") == "" {
			t.Fatalf("%s %s = %d without Location", method, uri, status)
		}
	case strings.HasPrefix(uri, "/memory/"):
		var ok struct {
			Success bool `json:"success"`
		}
		if err := json.Unmarshal(body, &ok); err != nil || !ok.Success {
			t.Fatalf("%s %s = %d with %v\n%s", method, uri, status, err, body)
		}
	}
}

// validToken reports whether s is a usable HTTP method token.
func validToken(s string) bool {
	if s == "" || len(s) > 16 {
		return false
	}
	for _, c := range []byte(s) {
		if c < '!' || c > '~' || strings.IndexByte(`()<>@,;:\"/[]?={}`, c) >= 0 {
			return false
		}
	}
	return true
}

// statusIs reports whether code is answered with status.
func statusIs(code string, status int) bool {
	s, ok := api.StatusOf(code)
	return ok && s == status
}
