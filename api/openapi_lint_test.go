package api_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// lintOpenAPI holds the document to the rules of the usual OpenAPI
// linters' recommended sets (redocly.yaml runs one in CI where npx is at
// hand): servers, a licence, described tags; every operation with a unique
// operationId, a summary, declared tags, a success and a 4xx answer, and
// exactly the path parameters of its template.
func lintOpenAPI(t *testing.T, s *openAPI) {
	t.Helper()
	if servers, _ := s.doc["servers"].([]any); len(servers) == 0 {
		t.Errorf("the document names no servers")
	}
	info, _ := s.doc["info"].(map[string]any)
	if lic, _ := info["license"].(map[string]any); lic["name"] == nil || (lic["identifier"] == nil && lic["url"] == nil) {
		t.Errorf("info.license needs a name and an identifier or url; got %v", info["license"])
	}
	tags := map[string]bool{}
	for _, tag := range s.doc["tags"].([]any) {
		tg := tag.(map[string]any)
		tags[tg["name"].(string)] = true
		if d, _ := tg["description"].(string); d == "" {
			t.Errorf("tag %v has no description", tg["name"])
		}
	}
	ids := map[string]string{}
	for _, o := range s.ops {
		at := o.method + " " + o.template
		id, ok := o.op["operationId"].(string)
		if !ok {
			t.Errorf("%s has no operationId", at)
		} else if prev, dup := ids[id]; dup {
			t.Errorf("%s and %s share operationId %s", prev, at, id)
		}
		ids[id] = at
		if sum, _ := o.op["summary"].(string); sum == "" {
			t.Errorf("%s has no summary", at)
		}
		opTags, _ := o.op["tags"].([]any)
		for _, tg := range opTags {
			if !tags[tg.(string)] {
				t.Errorf("%s uses tag %v, which the document does not declare", at, tg)
			}
		}
		if len(opTags) == 0 {
			t.Errorf("%s has no tag", at)
		}
		responses, _ := o.op["responses"].(map[string]any)
		has2xx, has4xx := false, false
		for code := range responses {
			has2xx = has2xx || strings.HasPrefix(code, "2")
			has4xx = has4xx || strings.HasPrefix(code, "4")
		}
		if !has2xx {
			t.Errorf("%s documents no success answer", at)
		}
		if !has4xx {
			t.Errorf("%s documents no 4xx answer", at)
		}
		var inPath []string
		params, _ := o.op["parameters"].([]any)
		for _, p := range params {
			pm := p.(map[string]any)
			if pm["in"] == "path" {
				if pm["required"] != true {
					t.Errorf("%s: path parameter %v is not required", at, pm["name"])
				}
				inPath = append(inPath, pm["name"].(string))
			}
		}
		var want []string
		for _, seg := range o.segs {
			if strings.HasPrefix(seg, "{") {
				want = append(want, strings.Trim(seg, "{}"))
			}
		}
		if !slices.Equal(inPath, want) {
			t.Errorf("%s declares path parameters %v, its template has %v", at, inPath, want)
		}
	}
}

func checkKeywords(t *testing.T, v any, at string) {
	t.Helper()
	sc, ok := v.(map[string]any)
	if !ok {
		t.Errorf("%s: schema is not an object", at)
		return
	}
	for kw, arg := range sc {
		if !schemaKeywords[kw] && !annotations[kw] {
			t.Errorf("%s: keyword %q is not supported by the validator", at, kw)
		}
		switch kw {
		case "properties":
			for name, p := range arg.(map[string]any) {
				checkKeywords(t, p, at+"/properties/"+name)
			}
		case "items":
			checkKeywords(t, arg, at+"/items")
		case "oneOf":
			for i, branch := range arg.([]any) {
				checkKeywords(t, branch, fmt.Sprintf("%s/oneOf/%d", at, i))
			}
		case "additionalProperties":
			if _, isBool := arg.(bool); !isBool {
				checkKeywords(t, arg, at+"/additionalProperties")
			}
		}
	}
}
