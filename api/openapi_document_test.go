package api_test

import (
	"fmt"
	"testing"
)

// TestOpenAPIDocument checks the document itself: version, every $ref
// resolves, and every schema uses only keywords the validator knows.
func TestOpenAPIDocument(t *testing.T) {
	s := loadOpenAPI(t)
	if v := s.doc["openapi"]; v != "3.1.0" {
		t.Errorf("openapi = %v, want 3.1.0", v)
	}
	var walk func(v any, at string)
	walk = func(v any, at string) {
		switch x := v.(type) {
		case map[string]any:
			if ref, ok := x["$ref"].(string); ok && s.ref(ref) == nil {
				t.Errorf("%s: $ref %s does not resolve", at, ref)
			}
			for k, c := range x {
				walk(c, at+"/"+k)
			}
		case []any:
			for i, c := range x {
				walk(c, fmt.Sprintf("%s/%d", at, i))
			}
		}
	}
	walk(s.doc, "#")
	for name, sc := range s.ref("#/components/schemas") {
		checkKeywords(t, sc, "#/components/schemas/"+name)
	}
	lintOpenAPI(t, s)
}
