package console_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/groupmem/groupmem/console"
)

// TestServesEmbeddedFilesWithSecureHeaders checks that the console's page
// and modules are served from the binary with a CSP that forbids inline
// script and framing, and that other paths reach the API handler.
func TestServesEmbeddedFilesWithSecureHeaders(t *testing.T) {
	api := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "api "+r.URL.Path) })
	srv := httptest.NewServer(console.Mount(api))
	t.Cleanup(srv.Close)
	client := srv.Client()
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }

	for _, tc := range []struct {
		method, path string
		status       int
		ctype, body  string
	}{
		{"GET", "/console/", 200, "text/html", `<script type="module" src="app.js">`},
		{"GET", "/console/app.js", 200, "text/javascript", "import"},
		{"GET", "/console/style.css", 200, "text/css", ":root"},
		{"GET", "/console", 301, "", ""},
		{"POST", "/console/", 405, "", ""},
		{"GET", "/console/missing.js", 404, "", ""},
	} {
		req, _ := http.NewRequest(tc.method, srv.URL+tc.path, nil)
		res, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != tc.status {
			t.Errorf("%s %s = %d, want %d", tc.method, tc.path, res.StatusCode, tc.status)
		}
		if !strings.HasPrefix(res.Header.Get("Content-Type"), tc.ctype) {
			t.Errorf("%s %s: Content-Type %q, want %s", tc.method, tc.path, res.Header.Get("Content-Type"), tc.ctype)
		}
		if !strings.Contains(string(b), tc.body) {
			t.Errorf("%s %s: body lacks %q", tc.method, tc.path, tc.body)
		}
		csp := res.Header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe-inline") || !strings.Contains(csp, "frame-ancestors 'none'") {
			t.Errorf("%s %s: CSP %q", tc.method, tc.path, csp)
		}
		if res.Header.Get("X-Frame-Options") != "DENY" || res.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s %s: frame or sniffing headers missing: %v", tc.method, tc.path, res.Header)
		}
	}
	// A file the browser holds is revalidated, and unchanged it is 304.
	res, err := client.Get(srv.URL + "/console/app.js")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	tag := res.Header.Get("ETag")
	req, _ := http.NewRequest("GET", srv.URL+"/console/app.js", nil)
	req.Header.Set("If-None-Match", tag)
	if res, err = client.Do(req); err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if tag == "" || res.StatusCode != http.StatusNotModified {
		t.Errorf("app.js with If-None-Match %s = %d, want 304", tag, res.StatusCode)
	}

	res, err = client.Get(srv.URL + "/memory/groups")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if string(b) != "api /memory/groups" || res.Header.Get("Content-Security-Policy") != "" {
		t.Errorf("GET /memory/groups reached %q with CSP %q; want the API without console headers", b, res.Header.Get("Content-Security-Policy"))
	}
}

// TestPageHasNoInlineScript checks the page itself: every script is a
// module file, so the CSP needs no 'unsafe-inline'.
func TestPageHasNoInlineScript(t *testing.T) {
	rec := httptest.NewRecorder()
	console.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/console/", nil))
	page := rec.Body.String()
	for i := 0; ; {
		j := strings.Index(page[i:], "<script")
		if j < 0 {
			break
		}
		end := strings.Index(page[i+j:], ">")
		tag := page[i+j : i+j+end]
		if !strings.Contains(tag, "src=") || strings.Contains(page[i+j+end:], "<script>") {
			t.Errorf("inline script in the page: %s", tag)
		}
		i += j + end
	}
	if strings.Contains(page, " style=") || strings.Contains(page, " onclick=") {
		t.Error("the page has inline style or handlers, which the CSP blocks")
	}
}
