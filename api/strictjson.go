package api

import (
	"bytes"
	"cmp"
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/groupmem/groupmem"
)

// exactKeys checks the object keys of a JSON document that already decoded
// into a value of type t: every key must be spelled exactly as a field's
// JSON name (encoding/json also accepts "Strength" or "STATEMENT" for
// "strength" and "statement"), and no object may give a key twice (the
// decoder keeps the last silently). It returns EINVALID naming the key. b
// must be valid JSON: exactKeys does not check it again.
func exactKeys(b []byte, t reflect.Type) error {
	s := keyScanner{b: b, fields: map[reflect.Type]map[string]reflect.Type{}}
	return s.value(t)
}

// keyScanner walks valid JSON without allocating for values, keeping the
// path to the value it reads for error messages.
type keyScanner struct {
	b      []byte
	i      int
	path   []step // keys and indexes down to the current value
	fields map[reflect.Type]map[string]reflect.Type
}

// step is one key or array index of a path.
type step struct {
	key   []byte // nil for an index
	index int
}

func (s *keyScanner) value(t reflect.Type) error {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	s.space()
	if s.i >= len(s.b) {
		return nil
	}
	switch s.b[s.i] {
	case '{':
		return s.object(t)
	case '[':
		s.i++
		var et reflect.Type
		if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
			et = t.Elem()
		}
		for n := 0; ; n++ {
			s.space()
			if s.i >= len(s.b) || s.b[s.i] == ']' {
				s.i++
				return nil
			}
			s.path = append(s.path, step{index: n})
			if err := s.value(et); err != nil {
				return err
			}
			s.path = s.path[:len(s.path)-1]
			s.space()
			if s.i < len(s.b) && s.b[s.i] == ',' {
				s.i++
			}
		}
	case '"':
		s.skipString()
	default:
		for s.i < len(s.b) && !strings.ContainsRune(",]} \t\n\r", rune(s.b[s.i])) {
			s.i++
		}
	}
	return nil
}

// object reads an object whose fields t describes (any keys when t is
// not a struct).
func (s *keyScanner) object(t reflect.Type) error {
	s.i++
	names := s.names(t)
	var seenBuf [8][]byte
	seen := seenBuf[:0]
	for {
		s.space()
		if s.i >= len(s.b) || s.b[s.i] == '}' {
			s.i++
			return nil
		}
		key := s.key()
		var ft reflect.Type
		switch {
		case names != nil:
			f, ok := names[string(key)]
			if !ok {
				return s.unknown(string(key), names)
			}
			ft = f
		case t != nil && t.Kind() == reflect.Map:
			ft = t.Elem()
		}
		if slices.ContainsFunc(seen, func(k []byte) bool { return bytes.Equal(k, key) }) {
			return groupmem.Errorf(groupmem.EINVALID, "field %q is given twice", groupmem.Truncate(s.at(string(key)), 100))
		}
		seen = append(seen, key)
		s.space()
		s.i++ // ':'
		s.path = append(s.path, step{key: key})
		if err := s.value(ft); err != nil {
			return err
		}
		s.path = s.path[:len(s.path)-1]
		s.space()
		if s.i < len(s.b) && s.b[s.i] == ',' {
			s.i++
		}
	}
}

// key reads a string and returns its text.
func (s *keyScanner) key() []byte {
	start := s.i
	escaped := s.skipString()
	raw := s.b[start:s.i]
	if !escaped && len(raw) >= 2 {
		return raw[1 : len(raw)-1]
	}
	var k string
	_ = json.Unmarshal(raw, &k)
	return []byte(k)
}

// skipString moves past a string and reports whether it held an escape.
func (s *keyScanner) skipString() bool {
	escaped := false
	for s.i++; s.i < len(s.b); s.i++ {
		switch s.b[s.i] {
		case '\\':
			escaped = true
			s.i++
		case '"':
			s.i++
			return escaped
		}
	}
	return escaped
}

func (s *keyScanner) space() {
	for s.i < len(s.b) && (s.b[s.i] == ' ' || s.b[s.i] == '\t' || s.b[s.i] == '\n' || s.b[s.i] == '\r') {
		s.i++
	}
}

// at names key at the current path, as in "messages[0].id".
func (s *keyScanner) at(key string) string {
	var sb strings.Builder
	for _, p := range s.path {
		if p.key == nil {
			sb.WriteString("[" + strconv.Itoa(p.index) + "]")
			continue
		}
		if sb.Len() > 0 {
			sb.WriteByte('.')
		}
		sb.Write(p.key)
	}
	if sb.Len() > 0 {
		sb.WriteByte('.')
	}
	sb.WriteString(key)
	return sb.String()
}

// names maps the JSON names of struct type t to their types, or nil when
// t is not a struct.
func (s *keyScanner) names(t reflect.Type) map[string]reflect.Type {
	if t == nil || t.Kind() != reflect.Struct {
		return nil
	}
	if m, ok := s.fields[t]; ok {
		return m
	}
	m := map[string]reflect.Type{}
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case !f.IsExported() || name == "-":
		case f.Anonymous && name == "":
			for k, v := range s.names(f.Type) {
				m[k] = v
			}
		default:
			m[cmp.Or(name, f.Name)] = f.Type
		}
	}
	s.fields[t] = m
	return m
}

// unknown names a key no field has, and the field it differs from only in
// case, if any.
func (s *keyScanner) unknown(key string, names map[string]reflect.Type) error {
	for name := range names {
		if strings.EqualFold(name, key) {
			return groupmem.Errorf(groupmem.EINVALID, "unknown field %q: names are case-sensitive; did you mean %q?",
				groupmem.Truncate(s.at(key), 100), name)
		}
	}
	return groupmem.Errorf(groupmem.EINVALID, "unknown field %q", groupmem.Truncate(s.at(key), 100))
}
