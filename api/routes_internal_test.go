package api

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
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
// Every error code the root package declares (each E... string constant
// of error.go, read from the source, so a new one cannot be forgotten) has
// its one HTTP status, a 4xx or 5xx, and the API's own codes too; the
// OpenAPI document lists every code.
func TestStatusTable(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "../error.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	codes := []string{codeMethod, codeMediaType}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, spec := range g.Specs {
			v := spec.(*ast.ValueSpec)
			for i, name := range v.Names {
				lit, ok := v.Values[i].(*ast.BasicLit)
				if strings.HasPrefix(name.Name, "E") && ok && lit.Kind == token.STRING {
					code, _ := strconv.Unquote(lit.Value)
					codes = append(codes, code)
				}
			}
		}
	}
	if len(codes) < 12 {
		t.Fatalf("read %d codes from error.go: %v", len(codes), codes)
	}
	doc := string(OpenAPI())
	for _, code := range codes {
		status, ok := statusOf[code]
		if !ok || status < 400 || status > 599 {
			t.Errorf("code %q -> %d (found %v); want a 4xx or 5xx status", code, status, ok)
		}
		if !strings.Contains(doc, `"`+code+`"`) {
			t.Errorf("openapi.json does not list the error code %q", code)
		}
	}
	if len(statusOf) != len(codes) {
		t.Errorf("statusOf maps %d codes; error.go and the API declare %d", len(statusOf), len(codes))
	}
}
