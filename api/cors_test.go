package api_test

import (
	"net/http"
	"testing"

	"github.com/groupmem/groupmem/api"
)

// A console on a configured origin may call the API from a browser: its
// preflight is answered with the methods of the path and the headers keys
// travel in, and answers carry its origin. Other origins get no CORS
// headers, so the browser keeps their pages out.
func TestCORS(t *testing.T) {
	const console = "https://console.example.com"
	f := newFixture(t, fixtureOptions{cors: []string{console}})
	tea := f.seed(t, "g1", "likes tea")["likes tea"]

	preflight := func(origin, method, path string) *http.Response {
		t.Helper()
		r, err := http.NewRequest(http.MethodOptions, f.srv.URL+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		r.Header.Set("Origin", origin)
		r.Header.Set("Access-Control-Request-Method", method)
		r.Header.Set("Access-Control-Request-Headers", "authorization, content-type")
		res, err := f.client.Do(r)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res
	}
	res := preflight(console, "DELETE", "/memory/"+tea.ID)
	if res.StatusCode != http.StatusNoContent || res.Header.Get("Access-Control-Allow-Origin") != console ||
		res.Header.Get("Access-Control-Allow-Methods") != "DELETE, GET, HEAD, PUT" ||
		res.Header.Get("Access-Control-Allow-Headers") != "Authorization, Content-Type, X-API-Key" {
		t.Errorf("preflight = %d %v", res.StatusCode, res.Header)
	}
	if res := preflight("https://evil.example", "DELETE", "/memory/"+tea.ID); res.Header.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("an origin not configured was allowed: %v", res.Header)
	}

	got := f.do(t, req{method: http.MethodGet, path: "/memory/list/g1", key: secretView1, header: map[string]string{"Origin": console}})
	want(t, got, http.StatusOK, "")
	if got.header.Get("Access-Control-Allow-Origin") != console || got.header.Get("Vary") != "Origin" {
		t.Errorf("answer headers = %v", got.header)
	}
	got = f.do(t, req{method: http.MethodGet, path: "/memory/list/g1", key: secretView1, header: map[string]string{"Origin": "https://evil.example"}})
	if got.status != http.StatusOK || got.header.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("answer to another origin = %d %v", got.status, got.header)
	}
	// An error answer reaches the console too, so it can show it.
	got = f.do(t, req{method: http.MethodGet, path: "/memory/list/g1", header: map[string]string{"Origin": console}})
	if got.status != http.StatusUnauthorized || got.header.Get("Access-Control-Allow-Origin") != console {
		t.Errorf("401 to the console = %d %v", got.status, got.header)
	}
}

func TestParseOrigins(t *testing.T) {
	got, err := api.ParseOrigins(" https://A.example.com, http://localhost:5173/ ,https://a.example.com,")
	if err != nil || len(got) != 2 || got[0] != "https://a.example.com" || got[1] != "http://localhost:5173" {
		t.Errorf("ParseOrigins = %v, %v", got, err)
	}
	if got, err := api.ParseOrigins("*"); err != nil || len(got) != 1 || got[0] != "*" {
		t.Errorf("ParseOrigins(*) = %v, %v", got, err)
	}
	for _, bad := range []string{"console.example.com", "https://a.example.com/path", "ftp://a.example.com", "https://u:p@a.example.com"} {
		if _, err := api.ParseOrigins(bad); err == nil {
			t.Errorf("ParseOrigins(%q) accepted", bad)
		}
	}
}
