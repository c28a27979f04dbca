package api_test

import (
	"net/http"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestKeyDescribesTheCaller checks that GET /auth/key tells each key its
// own name, scope and groups, and refuses an unknown key.
func TestKeyDescribesTheCaller(t *testing.T) {
	f := newFixture(t, fixtureOptions{})
	for _, tc := range []struct {
		secret string
		want   map[string]any
	}{
		{secretRoot, map[string]any{"success": true, "name": "root", "scope": "admin", "groups": nil}},
		{secretBot1, map[string]any{"success": true, "name": "bot1", "scope": "write", "groups": []any{"g1", "g3"}}},
		{secretView1, map[string]any{"success": true, "name": "view1", "scope": "read", "groups": []any{"g1"}}},
	} {
		r := f.get(t, "/auth/key", tc.secret)
		want(t, r, http.StatusOK, "")
		if diff := cmp.Diff(tc.want, r.obj(t)); diff != "" {
			t.Errorf("GET /auth/key as %s (-want +got):\n%s", tc.want["name"], diff)
		}
	}
	want(t, f.get(t, "/auth/key", "not-a-key"), http.StatusUnauthorized, "unauthorized")
	want(t, f.get(t, "/auth/key", ""), http.StatusUnauthorized, "unauthorized")
}
