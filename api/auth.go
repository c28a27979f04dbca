package api

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"net/http"
	"slices"
	"strings"

	"github.com/groupmem/groupmem"
)

// Scope is what a key may do. Each scope includes the ones below it.
type Scope string

// The scopes, from most to least powerful.
const (
	// ScopeAdmin may do everything a write key may, and change memories
	// by hand (delete, restore, strength) and reprocess messages.
	ScopeAdmin Scope = "admin"
	// ScopeWrite may do everything a read key may, and ingest messages and
	// trigger evolutions (including dry runs).
	ScopeWrite Scope = "write"
	// ScopeRead may only read: list, search, context, history, changes
	// and runs.
	ScopeRead Scope = "read"

	scopeNone Scope = "" // public endpoints
)

func (s Scope) rank() int {
	switch s {
	case ScopeAdmin:
		return 3
	case ScopeWrite:
		return 2
	case ScopeRead:
		return 1
	}
	return 0
}

// Key is one configured API key: a name recorded as the actor of every
// change it makes, a scope, the groups it may see (nil: every group), and
// the SHA-256 hash of the secret. The secret itself is never stored.
type Key struct {
	Name   string
	Scope  Scope
	Groups []string // nil means every group
	hash   [sha256.Size]byte
}

// Allows reports whether the key's scope includes s.
func (k *Key) Allows(s Scope) bool { return k.Scope.rank() >= s.rank() }

// AllowsGroup reports whether the key may see group g.
func (k *Key) AllowsGroup(g string) bool { return k.Groups == nil || slices.Contains(k.Groups, g) }

// HashKey returns the lowercase hex SHA-256 of a secret key: the form in
// which GROUPMEM_API_KEYS names it. Secrets should be long and random (for
// example 32 random bytes, hex- or base64-encoded): the hash is unsalted.
func HashKey(plain string) string {
	sum := sha256.Sum256([]byte(plain))
	return hex.EncodeToString(sum[:])
}

// ParseKeys parses a GROUPMEM_API_KEYS value: entries separated by ";",
// "," or newlines, each
//
//	name:scope:groups:sha256hex
//
// where name is 1 to 64 characters of letters, digits, '.', '_' and '-'
// (recorded as the actor of the key's changes); scope is admin, write or
// read; groups is "*" for every group or group ids separated by "|"; and
// sha256hex is HashKey of the secret (64 hex digits). Spaces around
// entries and fields are ignored; empty entries are skipped. Group ids
// containing ':', '|', ';', ',' or spaces cannot be named in a key.
//
// It returns EINVALID, naming the entry by position and never quoting a
// hash, for a malformed entry, a duplicate name or a duplicate hash.
func ParseKeys(spec string) ([]Key, error) {
	var keys []Key
	names := make(map[string]bool)
	hashes := make(map[[sha256.Size]byte]bool)
	entries := strings.FieldsFunc(spec, func(r rune) bool { return r == ';' || r == ',' || r == '\n' || r == '\r' })
	n := 0
	for _, e := range entries {
		e = strings.TrimSpace(e)
		if e == "" {
			continue
		}
		n++
		k, err := parseKey(e)
		if err != nil {
			return nil, groupmem.Errorf(groupmem.EINVALID, "API key entry %d: %s", n, groupmem.ErrorMessage(err))
		}
		if names[k.Name] {
			return nil, groupmem.Errorf(groupmem.EINVALID, "API key entry %d: name %q is used twice", n, k.Name)
		}
		if hashes[k.hash] {
			return nil, groupmem.Errorf(groupmem.EINVALID, "API key entry %d (%s): the same secret hash is used twice", n, k.Name)
		}
		names[k.Name], hashes[k.hash] = true, true
		keys = append(keys, k)
	}
	return keys, nil
}

func parseKey(e string) (Key, error) {
	f := strings.Split(e, ":")
	if len(f) != 4 {
		return Key{}, groupmem.Errorf(groupmem.EINVALID, "want name:scope:groups:sha256hex, got %d fields", len(f))
	}
	for i := range f {
		f[i] = strings.TrimSpace(f[i])
	}
	k := Key{Name: f[0], Scope: Scope(f[1])}
	if !validName(k.Name) {
		return Key{}, groupmem.Errorf(groupmem.EINVALID, "name must be 1 to 64 letters, digits, '.', '_' or '-'")
	}
	if k.Scope.rank() == 0 {
		return Key{}, groupmem.Errorf(groupmem.EINVALID, "key %s: scope must be admin, write or read", k.Name)
	}
	if f[2] != "*" {
		for g := range strings.SplitSeq(f[2], "|") {
			g = strings.TrimSpace(g)
			if err := groupmem.CheckGroupID(g); err != nil {
				return Key{}, groupmem.Errorf(groupmem.EINVALID, "key %s: groups must be * or ids separated by |: %s", k.Name, groupmem.ErrorMessage(err))
			}
			if !slices.Contains(k.Groups, g) {
				k.Groups = append(k.Groups, g)
			}
		}
	}
	h := strings.ToLower(f[3])
	if len(h) != 2*sha256.Size {
		return Key{}, groupmem.Errorf(groupmem.EINVALID, "key %s: the hash must be 64 hex digits (see HashKey)", k.Name)
	}
	if _, err := hex.Decode(k.hash[:], []byte(h)); err != nil {
		return Key{}, groupmem.Errorf(groupmem.EINVALID, "key %s: the hash must be 64 hex digits (see HashKey)", k.Name)
	}
	return k, nil
}

func validName(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for _, c := range []byte(s) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// authenticate returns the key that made the request. The secret comes in
// "Authorization: Bearer <key>" or "X-API-Key: <key>" (not both). Its hash
// is compared with every configured hash in constant time, without an
// early exit. EUNAUTH when no key, a malformed header or an unknown key is
// given. With Config.Open every request is the anonymous admin.
func (h *Handler) authenticate(r *http.Request) (*Key, error) {
	if h.cfg.Open {
		return &Key{Name: "anonymous", Scope: ScopeAdmin}, nil
	}
	secret, err := presentedKey(r.Header)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256([]byte(secret))
	found := -1
	for i := range h.keys {
		eq := subtle.ConstantTimeCompare(sum[:], h.keys[i].hash[:])
		found = subtle.ConstantTimeSelect(eq, i, found)
	}
	if found < 0 {
		return nil, groupmem.Errorf(groupmem.EUNAUTH, "the API key is not valid")
	}
	return &h.keys[found], nil
}

// presentedKey returns the secret from the request's headers.
func presentedKey(hd http.Header) (string, error) {
	auth, api := hd.Values("Authorization"), hd.Values("X-API-Key")
	switch {
	case len(auth)+len(api) == 0:
		return "", groupmem.Errorf(groupmem.EUNAUTH, "an API key is required: send Authorization: Bearer <key> or X-API-Key: <key>")
	case len(auth)+len(api) > 1:
		return "", groupmem.Errorf(groupmem.EUNAUTH, "send the API key once, in Authorization or in X-API-Key")
	case len(api) == 1:
		if api[0] == "" {
			return "", groupmem.Errorf(groupmem.EUNAUTH, "X-API-Key is empty")
		}
		return api[0], nil
	}
	scheme, secret, ok := strings.Cut(auth[0], " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") || strings.TrimSpace(secret) == "" {
		return "", groupmem.Errorf(groupmem.EUNAUTH, "Authorization must be Bearer <key>")
	}
	return strings.TrimSpace(secret), nil
}

// checkGroup returns ENOTFOUND when the key may not see group g, with the
// same message an unknown thing gets, so that nothing about another
// group's data leaks.
func checkGroup(k *Key, g, what string) error {
	if !k.AllowsGroup(g) {
		return groupmem.Errorf(groupmem.ENOTFOUND, "%s not found", what)
	}
	return nil
}
