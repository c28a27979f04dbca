package sqlite

import (
	"database/sql"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"time"

	"github.com/groupmem/groupmem"
)

// The range of times the ledger can store: unix nanoseconds in an int64.
var (
	minTime = time.Unix(0, math.MinInt64)
	maxTime = time.Unix(0, math.MaxInt64)
)

// nanos returns t as unix nanoseconds, clamped to the storable range, so
// that query bounds such as the zero time work as "no bound".
func nanos(t time.Time) int64 {
	switch {
	case t.Before(minTime):
		return math.MinInt64
	case t.After(maxTime):
		return math.MaxInt64
	}
	return t.UnixNano()
}

// storable reports whether t round-trips through nanos.
func storable(t time.Time) bool {
	return !t.Before(minTime) && !t.After(maxTime)
}

// fromNanos is the inverse of nanos: a UTC time.
func fromNanos(n int64) time.Time {
	return time.Unix(0, n).UTC()
}

// fromNullNanos returns the zero time for NULL.
func fromNullNanos(n sql.NullInt64) time.Time {
	if !n.Valid {
		return time.Time{}
	}
	return fromNanos(n.Int64)
}

// encodeVector packs v as little-endian float32s; nil for an empty vector,
// which is stored as NULL.
func encodeVector(v []float32) []byte {
	if len(v) == 0 {
		return nil
	}
	b := make([]byte, 4*len(v))
	for i, f := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(f))
	}
	return b
}

// decodeVector is the inverse of encodeVector.
func decodeVector(b []byte) ([]float32, error) {
	if len(b) == 0 {
		return nil, nil
	}
	if len(b)%4 != 0 {
		return nil, fmt.Errorf("decode embedding: %d bytes is not a whole number of float32s", len(b))
	}
	v := make([]float32, len(b)/4)
	for i := range v {
		v[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return v, nil
}

// encodeList stores a list of strings as a JSON array, [] for nil.
func encodeList(s []string) string {
	if len(s) == 0 {
		return "[]"
	}
	b, _ := json.Marshal(s) // a []string always marshals
	return string(b)
}

// decodeList is the inverse of encodeList. An empty array reads back as an
// empty, non-nil slice, as the Postgres ledger returns it.
func decodeList(text string) ([]string, error) {
	s := []string{}
	if err := json.Unmarshal([]byte(text), &s); err != nil {
		return nil, fmt.Errorf("decode list: %w", err)
	}
	return s, nil
}

// nullString stores "" as NULL, for optional ids.
func nullString(s string) sql.NullString {
	return sql.NullString{String: s, Valid: s != ""}
}

// checkSentAt returns EINVALID for a message time the ledger cannot store.
func checkSentAt(m groupmem.Message) error {
	if !storable(m.SentAt) {
		return groupmem.Errorf(groupmem.EINVALID, "message %q has a sent time outside the years 1678 to 2261", groupmem.Truncate(m.ID, 40))
	}
	return nil
}
