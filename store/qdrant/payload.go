package qdrant

import (
	"fmt"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/qdrant/go-client/qdrant"
)

// Payload keys of a point: the API's memory object. Times are RFC 3339
// strings with nanoseconds, in UTC; parent_id is null for version 1.
const (
	keyMemoryID      = "memory_id"
	keyLineageID     = "lineage_id"
	keyStatement     = "statement"
	keyVersion       = "version"
	keyParentID      = "parent_id"
	keyTags          = "tags"
	keyStrength      = "strength"
	keyChangeSummary = "change_summary"
	keyEvidence      = "evidence"
	keySubjects      = "subjects" // absent from points written before memories had subjects
	keyRunID         = "run_id"
	keyCreatedAt     = "created_at"
	keyUpdatedAt     = "updated_at"
)

// encodePayload returns the payload of m's point. It builds the values by
// hand: qdrant.NewValueMap panics on []string and time.Time.
func encodePayload(m groupmem.Memory) map[string]*qdrant.Value {
	parent := qdrant.NewValueNull()
	if m.ParentID != "" {
		parent = qdrant.NewValueString(m.ParentID)
	}
	return map[string]*qdrant.Value{
		keyMemoryID:      qdrant.NewValueString(m.ID),
		keyLineageID:     qdrant.NewValueString(m.LineageID),
		keyGroup:         qdrant.NewValueString(m.GroupID),
		keyStatement:     qdrant.NewValueString(m.Statement),
		keyVersion:       qdrant.NewValueInt(int64(m.Version)),
		keyParentID:      parent,
		keyStatus:        qdrant.NewValueString(string(m.Status)),
		keyTags:          stringList(m.Tags),
		keyStrength:      qdrant.NewValueDouble(m.Strength),
		keyChangeSummary: qdrant.NewValueString(m.ChangeSummary),
		keyEvidence:      stringList(m.Evidence),
		keySubjects:      stringList(m.Subjects),
		keyRunID:         qdrant.NewValueString(m.RunID),
		keyCreatedAt:     timeValue(m.CreatedAt),
		keyUpdatedAt:     timeValue(m.UpdatedAt),
	}
}

func stringList(ss []string) *qdrant.Value {
	vs := make([]*qdrant.Value, len(ss))
	for i, s := range ss {
		vs[i] = qdrant.NewValueString(s)
	}
	return qdrant.NewValueFromList(vs...)
}

func timeValue(t time.Time) *qdrant.Value {
	return qdrant.NewValueString(t.UTC().Format(time.RFC3339Nano))
}

// decodeMemory reads a point back into a Memory, without its embedding.
// group_id, statement, version and status are required; every other key
// may be missing or null. A required key that is missing, or any key of
// the wrong type, is an EINTERNAL error: the index holds something that
// groupmem did not write.
func decodeMemory(id *qdrant.PointId, p map[string]*qdrant.Value) (groupmem.Memory, error) {
	d := decoder{id: id.GetUuid(), p: p}
	m := groupmem.Memory{
		ID:            d.id,
		LineageID:     d.str(keyLineageID, false),
		GroupID:       d.str(keyGroup, true),
		Statement:     d.str(keyStatement, true),
		Version:       d.int(keyVersion),
		ParentID:      d.str(keyParentID, false),
		Status:        groupmem.Status(d.str(keyStatus, true)),
		Tags:          d.list(keyTags),
		Strength:      d.float(keyStrength),
		ChangeSummary: d.str(keyChangeSummary, false),
		Evidence:      d.list(keyEvidence),
		Subjects:      d.list(keySubjects),
		RunID:         d.str(keyRunID, false),
		CreatedAt:     d.time(keyCreatedAt),
		UpdatedAt:     d.time(keyUpdatedAt),
	}
	if mid := d.str(keyMemoryID, false); d.err == nil && mid != "" && mid != m.ID {
		d.fail(keyMemoryID, fmt.Sprintf("is %q, not the point id", groupmem.Truncate(mid, 40)))
	}
	if d.err == nil && !m.Status.Valid() {
		d.fail(keyStatus, fmt.Sprintf("is %q, not a status", groupmem.Truncate(string(m.Status), 40)))
	}
	if d.err == nil && m.ID == "" {
		d.err = groupmem.Errorf(groupmem.EINTERNAL, "qdrant point has no UUID id")
	}
	return m, d.err
}

// decoder reads payload values and keeps the first error.
type decoder struct {
	id  string
	p   map[string]*qdrant.Value
	err error
}

func (d *decoder) fail(key, problem string) {
	if d.err == nil {
		d.err = groupmem.Errorf(groupmem.EINTERNAL, "qdrant point %s: payload %s %s", d.id, key, problem)
	}
}

// get returns the value of key, or nil when it is missing or null.
func (d *decoder) get(key string) *qdrant.Value {
	v := d.p[key]
	if _, null := v.GetKind().(*qdrant.Value_NullValue); null || v.GetKind() == nil {
		return nil
	}
	return v
}

func (d *decoder) str(key string, required bool) string {
	v := d.get(key)
	if v == nil {
		if required {
			d.fail(key, "is missing")
		}
		return ""
	}
	s, ok := v.GetKind().(*qdrant.Value_StringValue)
	if !ok {
		d.fail(key, "is not a string")
		return ""
	}
	return s.StringValue
}

func (d *decoder) int(key string) int {
	switch k := d.get(key).GetKind().(type) {
	case nil:
		d.fail(key, "is missing")
	case *qdrant.Value_IntegerValue:
		return int(k.IntegerValue)
	case *qdrant.Value_DoubleValue:
		if n := int(k.DoubleValue); float64(n) == k.DoubleValue {
			return n
		}
		d.fail(key, "is not a whole number")
	default:
		d.fail(key, "is not a number")
	}
	return 0
}

func (d *decoder) float(key string) float64 {
	switch k := d.get(key).GetKind().(type) {
	case nil:
	case *qdrant.Value_DoubleValue:
		return k.DoubleValue
	case *qdrant.Value_IntegerValue:
		return float64(k.IntegerValue)
	default:
		d.fail(key, "is not a number")
	}
	return 0
}

func (d *decoder) list(key string) []string {
	v := d.get(key)
	if v == nil {
		return nil
	}
	l, ok := v.GetKind().(*qdrant.Value_ListValue)
	if !ok {
		d.fail(key, "is not a list")
		return nil
	}
	var out []string
	if n := len(l.ListValue.GetValues()); n > 0 {
		out = make([]string, 0, n)
	}
	for _, e := range l.ListValue.GetValues() {
		s, ok := e.GetKind().(*qdrant.Value_StringValue)
		if !ok {
			d.fail(key, "holds a value that is not a string")
			return nil
		}
		out = append(out, s.StringValue)
	}
	return out
}

func (d *decoder) time(key string) time.Time {
	s := d.str(key, false)
	if s == "" {
		return time.Time{}
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		d.fail(key, fmt.Sprintf("is %q, not an RFC 3339 time", groupmem.Truncate(s, 40)))
	}
	return t
}
