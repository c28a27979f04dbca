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
	"crypto/sha256"
	"embed"
	"encoding/hex"
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
// slash) redirects to it. Every answer carries securityHeaders; every file
// an ETag of its content, so a browser revalidates it (no-cache) and gets
// 304 while it is unchanged. Only GET and HEAD are served; other methods
// get 405.
func Handler() http.Handler {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	etags := contentTags(sub)
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
		name := strings.TrimPrefix(r.URL.Path, Prefix)
		if name == "" {
			name = "index.html"
		}
		if tag, ok := etags[name]; ok {
			w.Header().Set("ETag", tag)
		}
		files.ServeHTTP(w, r)
	})
}

// contentTags returns a strong ETag for every file of fsys, by name.
func contentTags(fsys fs.FS) map[string]string {
	tags := make(map[string]string)
	_ = fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		tags[name] = `"` + hex.EncodeToString(sum[:12]) + `"`
		return nil
	})
	return tags
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
