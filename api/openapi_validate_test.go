package api_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/groupmem/groupmem"
)

// validate checks v against schema.
func (s *openAPI) validate(schema any, v any, at string) error {
	sc, ok := schema.(map[string]any)
	if !ok {
		return fmt.Errorf("%s: schema is not an object", at)
	}
	if ref, ok := sc["$ref"].(string); ok {
		target := s.ref(ref)
		if target == nil {
			return fmt.Errorf("%s: unresolvable $ref %q", at, ref)
		}
		return s.validate(target, v, at)
	}
	for _, kw := range slices.Sorted(mapsKeys(sc)) {
		if err := s.keyword(sc, kw, v, at); err != nil {
			return err
		}
	}
	return nil
}

func mapsKeys(m map[string]any) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// keyword checks one keyword of sc against v.
func (s *openAPI) keyword(sc map[string]any, kw string, v any, at string) error {
	arg := sc[kw]
	switch kw {
	case "oneOf":
		matched := 0
		for _, branch := range arg.([]any) {
			if s.validate(branch, v, at) == nil {
				matched++
			}
		}
		if matched != 1 {
			return fmt.Errorf("%s: matches %d of the oneOf schemas, want exactly one", at, matched)
		}
	case "type":
		types := []any{arg}
		if list, ok := arg.([]any); ok {
			types = list
		}
		got := jsonType(v)
		for _, t := range types {
			if t == got || t == "number" && got == "integer" {
				return nil
			}
		}
		return fmt.Errorf("%s: %s, want type %v", at, got, arg)
	case "enum":
		for _, e := range arg.([]any) {
			if reflect.DeepEqual(e, v) {
				return nil
			}
		}
		return fmt.Errorf("%s: %v is not one of %v", at, v, arg)
	case "required":
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		for _, name := range arg.([]any) {
			if _, ok := m[name.(string)]; !ok {
				return fmt.Errorf("%s: required property %q is missing", at, name)
			}
		}
	case "properties":
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		for name, psc := range arg.(map[string]any) {
			if pv, ok := m[name]; ok {
				if err := s.validate(psc, pv, at+"."+name); err != nil {
					return err
				}
			}
		}
	case "additionalProperties":
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		props, _ := sc["properties"].(map[string]any)
		for name, pv := range m {
			if _, ok := props[name]; ok {
				continue
			}
			switch a := arg.(type) {
			case bool:
				if !a {
					return fmt.Errorf("%s: property %q is not documented", at, name)
				}
			default:
				if err := s.validate(a, pv, at+"."+name); err != nil {
					return err
				}
			}
		}
	case "items":
		list, ok := v.([]any)
		if !ok {
			return nil
		}
		for i, item := range list {
			if err := s.validate(arg, item, fmt.Sprintf("%s[%d]", at, i)); err != nil {
				return err
			}
		}
	case "minItems", "maxItems":
		list, ok := v.([]any)
		if !ok {
			return nil
		}
		n, _ := arg.(json.Number).Int64()
		if kw == "minItems" && int64(len(list)) < n || kw == "maxItems" && int64(len(list)) > n {
			return fmt.Errorf("%s: %d items breaks %s %d", at, len(list), kw, n)
		}
	case "minLength", "maxLength":
		str, ok := v.(string)
		if !ok {
			return nil
		}
		n, _ := arg.(json.Number).Int64()
		l := int64(utf8.RuneCountInString(str))
		if kw == "minLength" && l < n || kw == "maxLength" && l > n {
			return fmt.Errorf("%s: length %d breaks %s %d", at, l, kw, n)
		}
	case "minimum", "maximum":
		num, ok := v.(json.Number)
		if !ok {
			return nil
		}
		x, _ := num.Float64()
		lim, _ := arg.(json.Number).Float64()
		if kw == "minimum" && x < lim || kw == "maximum" && x > lim {
			return fmt.Errorf("%s: %v breaks %s %v", at, x, kw, lim)
		}
	case "pattern":
		str, ok := v.(string)
		if !ok {
			return nil
		}
		if !regexp.MustCompile(arg.(string)).MatchString(str) {
			return fmt.Errorf("%s: %q does not match %s", at, str, arg)
		}
	case "format":
		str, ok := v.(string)
		if !ok {
			return nil
		}
		switch arg {
		case "uuid":
			if !groupmem.ValidID(str) {
				return fmt.Errorf("%s: %q is not a uuid", at, str)
			}
		case "date-time":
			if _, err := time.Parse(time.RFC3339Nano, str); err != nil {
				return fmt.Errorf("%s: %q is not a date-time", at, str)
			}
		default:
			return fmt.Errorf("%s: unsupported format %q", at, arg)
		}
	default:
		if !annotations[kw] {
			return fmt.Errorf("%s: unsupported schema keyword %q", at, kw)
		}
	}
	return nil
}

// jsonType names the JSON type of a decoded value; integral numbers are
// "integer".
func jsonType(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	case json.Number:
		if _, err := x.Int64(); err == nil {
			return "integer"
		}
		return "number"
	}
	return fmt.Sprintf("%T", v)
}

// TestValidator shows that the validator rejects what it must.
func TestValidator(t *testing.T) {
	s := loadOpenAPI(t)
	parse := func(js string) any {
		var v any
		if err := decodeJSON([]byte(js), &v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	memory := `{"memory_id":"6f1c1a34-5a6f-4a39-9b1e-0a5f1c2d3e4f","lineage_id":"6f1c1a34-5a6f-4a39-9b1e-0a5f1c2d3e4f",
		"group_id":"g","statement":"s","version":1,"parent_id":null,"status":"active","tags":[],"strength":0.5,
		"change_summary":"","evidence":["m1"],"subjects":[],"run_id":null,"created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00.5Z"}`
	if err := s.validate(s.ref("#/components/schemas/Memory"), parse(memory), "m"); err != nil {
		t.Fatalf("a valid memory is rejected: %v", err)
	}
	bad := []struct{ name, from, to string }{
		{"missing required", `"evidence":["m1"],`, ``},
		{"extra property", `"tags":[]`, `"tags":[],"x":1`},
		{"wrong type", `"version":1`, `"version":"1"`},
		{"not an integer", `"version":1`, `"version":1.5`},
		{"below minimum", `"version":1`, `"version":0`},
		{"above maximum", `"strength":0.5`, `"strength":1.5`},
		{"enum", `"status":"active"`, `"status":"gone"`},
		{"uuid format", `"parent_id":null`, `"parent_id":"6F1C1A34-5A6F-4A39-9B1E-0A5F1C2D3E4F"`},
		{"date-time format", `"created_at":"2026-01-01T00:00:00Z"`, `"created_at":"2026-01-01"`},
		{"items", `"evidence":["m1"]`, `"evidence":[1]`},
		{"null where not allowed", `"statement":"s"`, `"statement":null`},
	}
	for _, tt := range bad {
		js := strings.Replace(memory, tt.from, tt.to, 1)
		if js == memory {
			t.Fatalf("%s: the replacement did not apply", tt.name)
		}
		if err := s.validate(s.ref("#/components/schemas/Memory"), parse(js), "m"); err == nil {
			t.Errorf("%s: accepted", tt.name)
		}
	}
	if err := s.validate(map[string]any{"oneOf": []any{}}, parse(`1`), "x"); err == nil {
		t.Error("an unsupported keyword is accepted")
	}
}
