package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/groupmem/groupmem/api"
)

// openAPI checks real answers against api/openapi.json with a validator
// for the JSON Schema subset the document uses. A keyword it does not know
// fails the check, so that the document can never rely on something the
// validator silently ignores.
type openAPI struct {
	doc map[string]any
	ops []operation

	mu   sync.Mutex
	seen map[string]bool // "METHOD /template STATUS" of every checked answer
}

type operation struct {
	method   string
	template string
	segs     []string
	op       map[string]any
}

func loadOpenAPI(t testing.TB) *openAPI {
	t.Helper()
	var doc map[string]any
	if err := decodeJSON(api.OpenAPI(), &doc); err != nil {
		t.Fatalf("openapi.json is not JSON: %v", err)
	}
	s := &openAPI{doc: doc, seen: make(map[string]bool)}
	paths, _ := doc["paths"].(map[string]any)
	for tmpl, item := range paths {
		for method, op := range item.(map[string]any) {
			s.ops = append(s.ops, operation{method: strings.ToUpper(method), template: tmpl,
				segs: strings.Split(tmpl, "/"), op: op.(map[string]any)})
		}
	}
	return s
}

func decodeJSON(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return fmt.Errorf("trailing data")
	}
	return nil
}

// find returns the operation for a method and a raw path: the matching
// template with the most literal segments.
func (s *openAPI) find(method, path string) (operation, bool) {
	segs := strings.Split(path, "/")
	var best operation
	bestLit := -1
	for _, o := range s.ops {
		if o.method != method || len(o.segs) != len(segs) {
			continue
		}
		lit, ok := 0, true
		for i, sg := range o.segs {
			switch {
			case strings.HasPrefix(sg, "{"):
				ok = ok && segs[i] != ""
			case sg == segs[i]:
				lit++
			default:
				ok = false
			}
		}
		if ok && lit > bestLit {
			best, bestLit = o, lit
		}
	}
	return best, bestLit >= 0
}

// check validates one answer: its status must be documented for its
// operation (an unknown route must be 404 or 405), its body must match the
// documented schema, and an error's code must belong to its status.
func (s *openAPI) check(r resp) error {
	path, _, _ := strings.Cut(r.path, "?")
	o, ok := s.find(r.method, path)
	where := fmt.Sprintf("%s %s -> %d", r.method, r.path, r.status)
	if !ok {
		if r.status != 404 && r.status != 405 {
			return fmt.Errorf("%s: no operation is documented, so only 404 or 405 may answer", where)
		}
		return s.checkBody(where, r, s.ref("#/components/schemas/Error"))
	}
	s.mu.Lock()
	s.seen[fmt.Sprintf("%s %s %d", o.method, o.template, r.status)] = true
	s.mu.Unlock()
	responses, _ := o.op["responses"].(map[string]any)
	res, ok := responses[strconv.Itoa(r.status)].(map[string]any)
	if !ok {
		return fmt.Errorf("%s: status not documented for %s %s", where, o.method, o.template)
	}
	if ref, ok := res["$ref"].(string); ok {
		res = s.ref(ref)
	}
	content, _ := res["content"].(map[string]any)
	if media, ok := content["application/json"].(map[string]any); ok {
		return s.checkBody(where, r, media["schema"])
	}
	if _, ok := content["text/plain"]; ok {
		if ct := r.header.Get("Content-Type"); !strings.HasPrefix(ct, "text/plain") {
			return fmt.Errorf("%s: Content-Type %q, documented text/plain", where, ct)
		}
		return nil
	}
	if _, ok := content["application/x-ndjson"]; ok {
		if ct := r.header.Get("Content-Type"); !strings.HasPrefix(ct, "application/x-ndjson") {
			return fmt.Errorf("%s: Content-Type %q, documented application/x-ndjson", where, ct)
		}
		return nil
	}
	return fmt.Errorf("%s: the documented answer has no content", where)
}

func (s *openAPI) checkBody(where string, r resp, schema any) error {
	if ct := r.header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		return fmt.Errorf("%s: Content-Type %q, want application/json", where, ct)
	}
	var v any
	if err := decodeJSON(r.body, &v); err != nil {
		return fmt.Errorf("%s: body is not JSON: %v\n%s", where, err, r.body)
	}
	if err := s.validate(schema, v, "body"); err != nil {
		return fmt.Errorf("%s: %v\n%s", where, err, r.body)
	}
	if r.status >= 400 {
		code := v.(map[string]any)["error"].(map[string]any)["code"].(string)
		if status, _ := api.StatusOf(code); status != r.status {
			return fmt.Errorf("%s: error code %q does not belong to status %d", where, code, r.status)
		}
	}
	return nil
}

// ref resolves a local JSON pointer such as "#/components/schemas/Memory".
func (s *openAPI) ref(ptr string) map[string]any {
	var cur any = s.doc
	for _, p := range strings.Split(strings.TrimPrefix(ptr, "#/"), "/") {
		m, _ := cur.(map[string]any)
		cur = m[p]
	}
	m, _ := cur.(map[string]any)
	return m
}

// annotations are keywords that do not validate.
var annotations = map[string]bool{"description": true, "default": true, "title": true, "examples": true}

var schemaKeywords = map[string]bool{"type": true, "enum": true, "required": true, "properties": true,
	"additionalProperties": true, "items": true, "minItems": true, "maxItems": true, "minLength": true,
	"maxLength": true, "minimum": true, "maximum": true, "pattern": true, "format": true, "$ref": true, "oneOf": true}

// coverage returns the documented "METHOD /template STATUS" keys and
// whether each was seen.
func (s *openAPI) coverage() map[string]bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[string]bool)
	for _, o := range s.ops {
		for code := range o.op["responses"].(map[string]any) {
			k := fmt.Sprintf("%s %s %s", o.method, o.template, code)
			out[k] = s.seen[k]
		}
	}
	return out
}
