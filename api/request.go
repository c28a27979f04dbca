package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/groupmem/groupmem"
)

// Bounds of query parameters.
const (
	maxLimit     = 100
	maxOffset    = 1_000_000
	maxDays      = 365
	maxQueryLen  = 1000 // characters of q
	maxMaxTokens = 32_000
)

// parseQuery parses a raw query and checks it: malformed escapes, a name
// the endpoint does not accept, and a parameter given twice are EINVALID.
func parseQuery(raw string, accepted []string) (url.Values, error) {
	q, err := url.ParseQuery(raw)
	if err != nil {
		return nil, groupmem.Errorf(groupmem.EINVALID, "the query string is malformed")
	}
	for name, vs := range q {
		if !contains(accepted, name) {
			if len(accepted) == 0 {
				return nil, groupmem.Errorf(groupmem.EINVALID, "unknown query parameter %q: this endpoint takes none", groupmem.Truncate(name, 40))
			}
			return nil, groupmem.Errorf(groupmem.EINVALID, "unknown query parameter %q: this endpoint takes %s",
				groupmem.Truncate(name, 40), strings.Join(accepted, ", "))
		}
		if len(vs) > 1 {
			return nil, groupmem.Errorf(groupmem.EINVALID, "query parameter %q is given more than once", name)
		}
	}
	return q, nil
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// params reads validated query parameters; the first problem is kept in
// err and later reads return their defaults.
type params struct {
	q   url.Values
	err error
}

func (p *params) fail(format string, args ...any) {
	if p.err == nil {
		p.err = groupmem.Errorf(groupmem.EINVALID, format, args...)
	}
}

// int returns the integer parameter name within [lo, hi], or def when it
// is absent.
func (p *params) int(name string, def, lo, hi int) int {
	s, ok := p.q[name]
	if !ok {
		return def
	}
	n, err := strconv.Atoi(s[0])
	if err != nil || n < lo || n > hi {
		p.fail("%s must be an integer from %d to %d", name, lo, hi)
		return def
	}
	return n
}

// float returns the number parameter name within [lo, hi], or def when it
// is absent.
func (p *params) float(name string, def, lo, hi float64) float64 {
	s, ok := p.q[name]
	if !ok {
		return def
	}
	f, err := strconv.ParseFloat(s[0], 64)
	if err != nil || !(f >= lo && f <= hi) {
		p.fail("%s must be a number from %g to %g", name, lo, hi)
		return def
	}
	return f
}

// bool returns the boolean parameter name ("true" or "false" only), or
// false when it is absent.
func (p *params) bool(name string) bool {
	s, ok := p.q[name]
	if !ok {
		return false
	}
	switch s[0] {
	case "true":
		return true
	case "false":
		return false
	}
	p.fail("%s must be true or false", name)
	return false
}

// text returns the text parameter name, trimmed: 1 to max characters of
// valid UTF-8 without control characters other than tab and newline.
// Absent or blank: "" and, when required, an error.
func (p *params) text(name string, required bool, max int) string {
	s := strings.TrimSpace(p.q.Get(name))
	if s == "" {
		if required {
			p.fail("%s is required", name)
		} else if _, ok := p.q[name]; ok {
			p.fail("%s must not be blank", name)
		}
		return ""
	}
	if !utf8.ValidString(s) {
		p.fail("%s is not valid UTF-8", name)
		return ""
	}
	if n := utf8.RuneCountInString(s); n > max {
		p.fail("%s has %d characters; at most %d are allowed", name, n, max)
		return ""
	}
	for _, r := range s {
		if unicode.IsControl(r) && r != '\t' && r != '\n' {
			p.fail("%s contains a control character", name)
			return ""
		}
	}
	return s
}

// groupParam returns the group_id path value, checked.
func groupParam(r *http.Request) (string, error) {
	g := r.PathValue("group_id")
	if err := groupmem.CheckGroupID(g); err != nil {
		return "", err
	}
	return g, nil
}

// idParam returns the path value name as a canonical UUID (upper-case
// letters are accepted and lowered). EINVALID otherwise.
func idParam(r *http.Request, name string) (string, error) {
	id := strings.ToLower(r.PathValue(name))
	if !groupmem.ValidID(id) {
		return "", groupmem.Errorf(groupmem.EINVALID, "%s must be a UUID", name)
	}
	return id, nil
}

// readBody reads a JSON body of at most limit bytes into v, which must be
// a pointer to a struct. An absent (empty) body leaves v as it is and
// returns false. A body that is too large is ETOOLARGE; a Content-Type
// other than application/json is codeMediaType; malformed JSON, unknown
// fields (names are case-sensitive), a field given twice, a value of the
// wrong type and anything after the value are EINVALID.
func readBody(w http.ResponseWriter, r *http.Request, limit int64, v any) (bool, error) {
	if r.ContentLength > limit {
		return false, groupmem.Errorf(groupmem.ETOOLARGE, "the body is larger than %d bytes", limit)
	}
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	if err != nil {
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			return false, groupmem.Errorf(groupmem.ETOOLARGE, "the body is larger than %d bytes", limit)
		}
		return false, groupmem.WrapError(groupmem.EINVALID, "the body could not be read", err)
	}
	if len(b) == 0 {
		return false, nil
	}
	if err := checkJSONType(r.Header.Values("Content-Type")); err != nil {
		return false, err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return false, jsonError(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return false, groupmem.Errorf(groupmem.EINVALID, "the body has data after its JSON value")
	}
	if err := exactKeys(b, reflect.TypeOf(v)); err != nil {
		return false, err
	}
	return true, nil
}

// checkJSONType accepts exactly one Content-Type of application/json, with
// at most a charset parameter of utf-8.
func checkJSONType(values []string) error {
	bad := groupmem.Errorf(codeMediaType, "the body must be sent with Content-Type: application/json")
	if len(values) != 1 {
		return bad
	}
	mt, ps, err := mime.ParseMediaType(values[0])
	if err != nil || mt != "application/json" {
		return bad
	}
	for k, v := range ps {
		if k != "charset" || !strings.EqualFold(v, "utf-8") {
			return bad
		}
	}
	return nil
}

// jsonError describes a decoding error without Go type names.
func jsonError(err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return groupmem.Errorf(groupmem.EINVALID, "the body is not valid JSON (at byte %d)", syn.Offset)
	case errors.As(err, &typ):
		if typ.Field == "" {
			return groupmem.Errorf(groupmem.EINVALID, "the body must be a JSON object")
		}
		return groupmem.Errorf(groupmem.EINVALID, "%s must be %s", groupmem.Truncate(typ.Field, 100), jsonKind(typ.Type.Kind().String()))
	case errors.Is(err, io.ErrUnexpectedEOF):
		return groupmem.Errorf(groupmem.EINVALID, "the body ends in the middle of a JSON value")
	}
	msg := err.Error()
	if rest, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		return groupmem.Errorf(groupmem.EINVALID, "unknown field %s", groupmem.Truncate(rest, 80))
	}
	return groupmem.WrapError(groupmem.EINVALID, "the body is not a valid request", err)
}

func jsonKind(kind string) string {
	switch {
	case kind == "string":
		return "a string"
	case kind == "bool":
		return "true or false"
	case strings.HasPrefix(kind, "int"), strings.HasPrefix(kind, "uint"):
		return "an integer"
	case strings.HasPrefix(kind, "float"):
		return "a number"
	case kind == "slice" || kind == "array":
		return "an array"
	}
	return "an object"
}

// checkReason validates an optional free-text reason from a body.
func checkReason(s string) (string, error) {
	s = strings.TrimSpace(groupmem.CleanText(s))
	if n := utf8.RuneCountInString(s); n > groupmem.MaxReasonRunes {
		return "", groupmem.Errorf(groupmem.EINVALID, "reason has %d characters; at most %d are allowed", n, groupmem.MaxReasonRunes)
	}
	return s, nil
}

// describe names a value for a message, cut short.
func describe(s string) string { return fmt.Sprintf("%q", groupmem.Truncate(s, 60)) }
