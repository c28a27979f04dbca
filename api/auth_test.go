package api_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/api"
	"github.com/groupmem/groupmem/embed"
	"github.com/groupmem/groupmem/msgsearch"
	"github.com/groupmem/groupmem/store/inmem"
)

func TestParseKeys(t *testing.T) {
	h := api.HashKey("s3cret")
	if sum := sha256.Sum256([]byte("s3cret")); h != hex.EncodeToString(sum[:]) {
		t.Fatalf("HashKey = %q, want the hex SHA-256", h)
	}
	good := []struct {
		spec string
		want []string // "name scope groups"
	}{
		{"", nil},
		{" ; ,\n", nil},
		{"ops:admin:*:" + h, []string{"ops admin *"}},
		{" bot-1 : write : g1|g2|g1 : " + strings.ToUpper(h) + " ;", []string{"bot-1 write g1,g2"}},
		{"a:read:*:" + h + ",b:write:群聊:" + api.HashKey("x") + "\nc.d_e:admin:g 1:" + api.HashKey("y"),
			[]string{"a read *", "b write 群聊", "c.d_e admin g 1"}},
	}
	for _, tt := range good {
		keys, err := api.ParseKeys(tt.spec)
		if err != nil {
			t.Errorf("ParseKeys(%q): %v", tt.spec, err)
			continue
		}
		var got []string
		for _, k := range keys {
			groups := "*"
			if k.Groups != nil {
				groups = strings.Join(k.Groups, ",")
			}
			got = append(got, fmt.Sprintf("%s %s %s", k.Name, k.Scope, groups))
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("ParseKeys(%q) (-want +got):\n%s", tt.spec, diff)
		}
	}
	bad := []string{
		"ops:admin:*",                            // three fields
		"ops:admin:*:" + h + ":x",                // five fields
		"ops:root:*:" + h,                        // unknown scope
		":admin:*:" + h,                          // no name
		"o/ps:admin:*:" + h,                      // bad name
		strings.Repeat("n", 65) + ":read:*:" + h, // long name
		"ops:admin:*:" + h[:63],                  // short hash
		"ops:admin:*:" + h[:63] + "z",            // not hex
		"ops:admin::" + h,                        // empty groups
		"ops:admin:g1||g2:" + h,                  // empty group
		"a:read:*:" + h + ";a:write:*:" + api.HashKey("other"), // duplicate name
		"a:read:*:" + h + ";b:write:*:" + h,                    // duplicate hash
		"ops:admin:*:s3cret",                                   // a plaintext secret
	}
	for _, spec := range bad {
		_, err := api.ParseKeys(spec)
		if groupmem.ErrorCode(err) != groupmem.EINVALID {
			t.Errorf("ParseKeys(%q) = %v, want EINVALID", spec, err)
		}
		if err != nil && strings.Contains(err.Error(), h) {
			t.Errorf("the error quotes the hash: %v", err)
		}
	}
}

func TestNewNeedsKeysOrOpen(t *testing.T) {
	emb, _ := embed.NewHashing(8)
	x, _ := inmem.NewIndex(8)
	deps := api.Deps{Ledger: nil, Index: x, Embedder: emb}
	if _, err := api.New(deps, api.Config{Open: true}); groupmem.ErrorCode(err) != groupmem.EINVALID {
		t.Errorf("New without a ledger and service = %v, want EINVALID", err)
	}
	f := newFixture(t, fixtureOptions{})
	deps = api.Deps{Ledger: f.ledger, Index: f.index, Embedder: emb, Service: f.svc, Messages: msgsearch.New(f.ledger, emb, msgsearch.Config{})}
	if _, err := api.New(deps, api.Config{}); groupmem.ErrorCode(err) != groupmem.EINVALID || !strings.Contains(err.Error(), "Config.Open") {
		t.Errorf("New without keys = %v, want EINVALID naming Config.Open", err)
	}
	deps.Keys = testKeys(t)
	if _, err := api.New(deps, api.Config{Open: true}); groupmem.ErrorCode(err) != groupmem.EINVALID {
		t.Errorf("New with keys and Open = %v, want EINVALID", err)
	}
	if _, err := api.New(deps, api.Config{DefaultThreshold: 1.5}); groupmem.ErrorCode(err) != groupmem.EINVALID {
		t.Errorf("New with threshold 1.5 = %v, want EINVALID", err)
	}
}

func TestOpenMode(t *testing.T) {
	f := newFixture(t, fixtureOptions{open: true})
	mems := f.seed(t, "g1", "likes tea")
	want(t, f.get(t, "/memory/list/g1", ""), 200, "")
	want(t, f.do(t, req{method: http.MethodDelete, path: "/memory/" + mems["likes tea"].ID}), 200, "")
	changes, err := f.ledger.Changes(context.Background(), groupmem.ChangeQuery{GroupID: "g1", Since: mems["likes tea"].CreatedAt, Limit: 1})
	if err != nil || changes[0].Actor != "anonymous" {
		t.Errorf("open-mode change = %+v, %v", changes, err)
	}
}

func TestKeyHeaders(t *testing.T) {
	onBoth(t, fixtureOptions{}, func(t *testing.T, f *fixture) {
		tests := []struct {
			name   string
			header map[string]string
			status int
		}{
			{"bearer", map[string]string{"Authorization": "Bearer " + secretView1}, 200},
			{"bearer lower case", map[string]string{"Authorization": "bearer " + secretView1}, 200},
			{"x-api-key", map[string]string{"X-API-Key": secretView1}, 200},
			{"none", nil, 401},
			{"unknown key", map[string]string{"X-API-Key": "guess"}, 401},
			{"hash as key", map[string]string{"X-API-Key": api.HashKey(secretView1)}, 401},
			{"basic", map[string]string{"Authorization": "Basic " + secretView1}, 401},
			{"bearer empty", map[string]string{"Authorization": "Bearer "}, 401},
			{"empty x-api-key", map[string]string{"X-API-Key": ""}, 401},
			{"both", map[string]string{"Authorization": "Bearer " + secretView1, "X-API-Key": secretView1}, 401},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				r := f.do(t, req{method: http.MethodGet, path: "/memory/list/g1", header: tt.header})
				want(t, r, tt.status, "")
				if tt.status == 401 && r.header.Get("WWW-Authenticate") == "" {
					t.Error("401 without WWW-Authenticate")
				}
			})
		}
	})
}

// TestAuthMatrix calls every keyed endpoint with every kind of key, on the
// key's own group and on another group (by group id, or by the id of a
// memory or run of that group).
func TestAuthMatrix(t *testing.T) {
	onBoth(t, fixtureOptions{}, func(t *testing.T, f *fixture) {
		own := f.seed(t, "g1", "likes tea")["likes tea"]
		other := f.seed(t, "g2", "likes tea")["likes tea"]
		ids := map[string]map[string]string{
			"g1": {"group": "g1", "memory": own.ID, "run": own.RunID, "lineage": own.LineageID, "message": own.Evidence[0]},
			"g2": {"group": "g2", "memory": other.ID, "run": other.RunID, "lineage": other.LineageID, "message": other.Evidence[0]},
		}
		type endpoint struct {
			name, method, path, body string
			scope                    api.Scope
		}
		endpoints := []endpoint{
			{"list", "GET", "/memory/list/{group}", "", api.ScopeRead},
			{"search", "GET", "/memory/search/{group}?q=tea", "", api.ScopeRead},
			{"context", "GET", "/memory/context/{group}", "", api.ScopeRead},
			{"changes", "GET", "/memory/changes/{group}", "", api.ScopeRead},
			{"runs", "GET", "/memory/runs/{group}", "", api.ScopeRead},
			{"history", "GET", "/memory/history/{memory}", "", api.ScopeRead},
			{"run", "GET", "/memory/run/{run}", "", api.ScopeRead},
			{"evolve", "POST", "/memory/evolve/{group}?dry_run=true", "", api.ScopeWrite},
			{"ingest", "POST", "/memory/messages/{group}", `{"messages":[{"id":"auth","sent_at":"2026-01-15T12:30:00Z"}]}`, api.ScopeWrite},
			{"delete", "DELETE", "/memory/{memory}", "", api.ScopeAdmin},
			{"restore", "PUT", "/memory/{memory}/restore", "", api.ScopeAdmin},
			{"strength", "PUT", "/memory/{memory}/strength", `{"strength":0.5}`, api.ScopeAdmin},
			{"memory", "GET", "/memory/{memory}", "", api.ScopeRead},
			{"current", "GET", "/memory/lineage/{lineage}", "", api.ScopeRead},
			{"messages", "GET", "/memory/messages/{group}?q=tea", "", api.ScopeRead},
			{"create", "POST", "/memory/create/{group}", `{"statement":"written by hand"}`, api.ScopeAdmin},
			{"strength by lineage", "PUT", "/memory/lineage/{lineage}/strength", `{"strength":0.4}`, api.ScopeAdmin},
			// Forgetting comes last: it takes away what the others read.
			{"redact", "DELETE", "/memory/messages/{group}/{message}", "", api.ScopeAdmin},
			{"purge", "DELETE", "/memory/groups/{group}", "", api.ScopeAdmin},
		}
		type key struct {
			name, secret string
			scope        api.Scope
			allGroups    bool
		}
		keys := []key{
			{"root", secretRoot, api.ScopeAdmin, true},
			{"mod1", secretMod1, api.ScopeAdmin, false},
			{"bot1", secretBot1, api.ScopeWrite, false},
			{"view1", secretView1, api.ScopeRead, false},
			{"none", "", "", false},
			{"wrong", "not-a-key", "", false},
		}
		rank := map[api.Scope]int{api.ScopeRead: 1, api.ScopeWrite: 2, api.ScopeAdmin: 3}
		for _, e := range endpoints {
			for _, k := range keys {
				for _, g := range []string{"g1", "g2"} {
					var status int
					switch {
					case k.scope == "":
						status = 401
					case rank[k.scope] < rank[e.scope]:
						status = 403
					case g == "g2" && !k.allGroups:
						status = 404
					case e.name == "create":
						status = 201
					default:
						status = 200
					}
					t.Run(fmt.Sprintf("%s/%s/%s", e.name, k.name, g), func(t *testing.T) {
						path := e.path
						for what, id := range ids[g] {
							path = strings.ReplaceAll(path, "{"+what+"}", id)
						}
						r := f.do(t, req{method: e.method, path: path, key: k.secret, body: e.body})
						want(t, r, status, "")
						if status == 404 && !strings.Contains(e.path, "{group}") {
							// Exactly what an unknown id gets: nothing leaks.
							id := ids[g]["memory"]
							if e.name == "run" {
								id = ids[g]["run"]
							}
							unknown := "6f1c1a34-5a6f-4a39-9b1e-0a5f1c2d3e4f"
							r2 := f.do(t, req{method: e.method, path: strings.ReplaceAll(path, id, unknown), key: k.secret, body: e.body})
							want(t, r2, 404, "not_found")
							if strings.ReplaceAll(string(r.body), id, unknown) != string(r2.body) {
								t.Errorf("another group's id answers differently from an unknown one:\n%s\n%s", r.body, r2.body)
							}
						}
						if e.name == "delete" && status == 200 {
							if _, err := f.svc.Restore(context.Background(), ids[g]["memory"], "test"); err != nil {
								t.Fatal(err)
							}
						}
					})
				}
			}
		}
	})
}
