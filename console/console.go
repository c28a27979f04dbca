// Package console serves the memory console: a browser page, embedded in
// the binary, on which a moderator sees a group's memory, its lineage and
// runs, and (with an admin key) steers it through the HTTP API.
//
// The console is static: plain ES modules, a style sheet and one HTML
// page. It talks only to the API of the server that serves it, sending the
// key the user entered as a Bearer token; the key lives in the tab's
// sessionStorage and is never sent anywhere else.
package console

import (
	"embed"
	"io/fs"
	"net/http"
	"strings"
)

//go:embed static
var static embed.FS

// Prefix is the path under which Handler serves the console.
const Prefix = "/console/"

// securityHeaders are sent with every answer of the console: scripts and
// styles only from this origin (no inline script), requests only to this
// origin, never inside a frame, no MIME sniffing, no referrer.
var securityHeaders = map[string]string{
	"Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
		"connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
	"X-Frame-Options":        "DENY",
	"X-Content-Type-Options": "nosniff",
	"Referrer-Policy":        "no-referrer",
	"Cache-Control":          "no-cache",
}

// Handler serves the console's files under Prefix; /console (without the
// slash) redirects to it. Every answer carries securityHeaders. Only GET
// and HEAD are served; other methods get 405.
func Handler() http.Handler {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	files := http.StripPrefix(Prefix, http.FileServerFS(sub))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for k, v := range securityHeaders {
			w.Header().Set(k, v)
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		if !strings.HasPrefix(r.URL.Path, Prefix) {
			http.Redirect(w, r, Prefix, http.StatusMovedPermanently)
			return
		}
		files.ServeHTTP(w, r)
	})
}

// Mount returns a handler that serves the console at /console and
// everything else with next.
func Mount(next http.Handler) http.Handler {
	mux := http.NewServeMux()
	c := Handler()
	mux.Handle("/console", c)
	mux.Handle(Prefix, c)
	mux.Handle("/", next)
	return mux
}
