package api

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/groupmem/groupmem/metrics"
)

// TestRoutesDocumented checks that routes.go and openapi.json name the same
// endpoints, and that every documented query parameter is one the route
// accepts and the other way round.
func TestRoutesDocumented(t *testing.T) {
	var doc struct {
		Paths map[string]map[string]struct {
			Parameters []struct {
				Name string `json:"name"`
				In   string `json:"in"`
			} `json:"parameters"`
		} `json:"paths"`
	}
	if err := json.Unmarshal(openAPIDoc, &doc); err != nil {
		t.Fatal(err)
	}
	documented := make(map[string][]string)
	for path, item := range doc.Paths {
		for method, op := range item {
			var params []string
			for _, p := range op.Parameters {
				if p.In == "query" {
					params = append(params, p.Name)
				}
			}
			slices.Sort(params)
			documented[strings.ToUpper(method)+" "+path] = params
		}
	}
	h := &Handler{d: Deps{Metrics: metrics.New(nil)}}
	routed := make(map[string][]string)
	for _, rt := range h.routes() {
		params := slices.Clone(rt.params)
		slices.Sort(params)
		routed[rt.pattern] = params
	}
	if diff := cmp.Diff(documented, routed); diff != "" {
		t.Errorf("openapi.json (-) and routes.go (+) differ:\n%s", diff)
	}
}

// TestStatusTable checks that every code has one 4xx or 5xx status.
func TestStatusTable(t *testing.T) {
	for code, status := range statusOf {
		if status < 400 || status > 599 {
			t.Errorf("%s -> %d", code, status)
		}
	}
}
