package api

import (
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/groupmem/groupmem"
)

// corsMaxAge is how long a browser may cache a preflight answer, in
// seconds.
const corsMaxAge = "600"

// ParseOrigins parses a comma-separated list of browser origins allowed to
// call the API (scheme://host[:port], no path), or "*" for any origin.
// Keys travel in headers, never in cookies, so no origin gets credentials.
// EINVALID names the first entry that is not an origin.
func ParseOrigins(s string) ([]string, error) {
	var out []string
	for _, o := range strings.Split(s, ",") {
		o = strings.TrimSpace(o)
		if o == "" {
			continue
		}
		if o != "*" {
			u, err := url.Parse(o)
			if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" ||
				(u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
				return nil, groupmem.Errorf(groupmem.EINVALID, "CORS origin %q is not an origin like https://console.example.com", groupmem.Truncate(o, 100))
			}
			o = u.Scheme + "://" + strings.ToLower(u.Host)
		}
		if !slices.Contains(out, o) {
			out = append(out, o)
		}
	}
	return out, nil
}

// cors adds the CORS answer headers for a request from an allowed origin
// and answers its preflight. It reports whether the request is answered.
// Requests from other origins get no CORS headers (the browser refuses
// them); requests without an Origin are served as ever.
func (h *Handler) cors(w http.ResponseWriter, r *http.Request) bool {
	if len(h.cfg.CORSOrigins) == 0 {
		return false
	}
	w.Header().Add("Vary", "Origin")
	origin := r.Header.Get("Origin")
	if origin == "" || !(slices.Contains(h.cfg.CORSOrigins, "*") || slices.Contains(h.cfg.CORSOrigins, strings.ToLower(origin))) {
		return false
	}
	hd := w.Header()
	hd.Set("Access-Control-Allow-Origin", origin)
	hd.Set("Access-Control-Expose-Headers", "Retry-After, Allow")
	if r.Method != http.MethodOptions || r.Header.Get("Access-Control-Request-Method") == "" {
		return false
	}
	allow := h.allowed(r, "")
	if len(allow) == 0 {
		return false // no endpoint here: the 404 says so
	}
	hd.Set("Access-Control-Allow-Methods", strings.Join(allow, ", "))
	hd.Set("Access-Control-Allow-Headers", "Authorization, Content-Type, X-API-Key")
	hd.Set("Access-Control-Max-Age", corsMaxAge)
	w.WriteHeader(http.StatusNoContent)
	return true
}
